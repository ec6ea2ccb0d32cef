package explain

import (
	"fmt"
	"slices"
	"strings"
)

// Lang is a language of the prose, named by its code ("en", "ja"). Each language is
// one message catalogue in messages/; adding a catalogue file adds a language.
type Lang string

// The languages with a catalogue.
const (
	EN Lang = "en"
	JA Lang = "ja"
)

// Languages returns the languages that have a message catalogue, English first.
func Languages() []Lang {
	out := make([]Lang, 0, len(catalogueLoaders))
	for l := range catalogueLoaders {
		out = append(out, l)
	}
	if !slices.Contains(out, EN) {
		out = append(out, EN)
	}
	slices.SortFunc(out, func(a, b Lang) int {
		switch {
		case a == b:
			return 0
		case a == EN:
			return -1
		case b == EN:
			return 1
		}
		return strings.Compare(string(a), string(b))
	})
	return out
}

// ParseLang reads a language code such as "en" or "JA" (case and spaces ignored).
func ParseLang(s string) (Lang, error) {
	l := Lang(strings.ToLower(strings.TrimSpace(s)))
	if slices.Contains(Languages(), l) {
		return l, nil
	}
	names := make([]string, 0, 2)
	for _, k := range Languages() {
		names = append(names, string(k))
	}
	return "", fmt.Errorf("explain: unknown language %q (languages: %s)", s, strings.Join(names, ", "))
}
