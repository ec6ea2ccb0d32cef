package explain

import (
	"cmp"
	"slices"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

// lineForms holds, per technique ID, the English name and the pattern part of the
// one-liner, with placeholders filled from the step's Pattern:
// {digits} {cells} {houses} {base} {cover} {fins} {conclusion}. The search step's
// pattern is the assumption it refutes: Cells [c], Digits {d}.
// A technique without an entry prints its ID and a pattern part built from whatever
// fields its Pattern has set.
var lineForms = map[string]struct{ name, pattern string }{
	"full-house":                 {"Full House", "{conclusion} (in {houses})"},
	"naked-single":               {"Naked Single", "{conclusion}"},
	"hidden-single":              {"Hidden Single", "{conclusion} (in {houses})"},
	"locked-candidates-pointing": {"Locked Candidates Type 1 (Pointing)", "{digits} in {base}"},
	"locked-candidates-claiming": {"Locked Candidates Type 2 (Claiming)", "{digits} in {base}"},
	"locked-pair":                {"Locked Pair", "{digits} in {cells}"},
	"locked-triple":              {"Locked Triple", "{digits} in {cells}"},
	"naked-pair":                 {"Naked Pair", "{digits} in {cells}"},
	"naked-triple":               {"Naked Triple", "{digits} in {cells}"},
	"naked-quad":                 {"Naked Quadruple", "{digits} in {cells}"},
	"hidden-pair":                {"Hidden Pair", "{digits} in {cells}"},
	"hidden-triple":              {"Hidden Triple", "{digits} in {cells}"},
	"hidden-quad":                {"Hidden Quadruple", "{digits} in {cells}"},
	"x-wing":                     {"X-Wing", "{digits} {base} {cover}"},
	"swordfish":                  {"Swordfish", "{digits} {base} {cover}"},
	"jellyfish":                  {"Jellyfish", "{digits} {base} {cover}"},
	"search":                     {"Search", "{cells}={digits} leaves no solution"},
}

// Name returns the English display name of a technique ID (the ID itself when unknown).
func Name(id string) string {
	if f, ok := lineForms[id]; ok {
		return f.name
	}
	return id
}

// OneLiner writes a step in the canonical one-line notation (HoDoKu's style):
//
//	Naked Pair: 1,5 in r1c2,r1c8 => r1c4<>1, r1c6<>1, r1c6<>5
//	Hidden Single: r3c7=4 (in b3)
//
// A step that only places digits puts the placements in the pattern part and has no
// "=>"; otherwise every conclusion after "=>" is one candidate, joined by ", ", placements
// first, each list sorted by cell then digit.
func OneLiner(l *board.Layout, s Step) string {
	form, ok := lineForms[s.Technique]
	if !ok {
		form.name, form.pattern = s.Technique, genericPattern(s)
	}
	places := sortedCandidates(s.Placements)
	elims := sortedCandidates(s.Eliminations)
	var conclusions []string
	for _, c := range places {
		conclusions = append(conclusions, l.PlacementName(c))
	}
	for _, c := range elims {
		conclusions = append(conclusions, l.CandidateName(c))
	}
	p := s.Pattern
	var sb strings.Builder
	sb.WriteString(form.name)
	sb.WriteString(": ")
	usedConclusion := strings.Contains(form.pattern, "{conclusion}")
	sb.WriteString(fill(form.pattern, map[string]string{
		"{digits}":     p.Digits.String(),
		"{cells}":      cellNames(l, p.Cells),
		"{houses}":     houseNames(l, p.Houses),
		"{base}":       houseNames(l, p.Base),
		"{cover}":      houseNames(l, p.Cover),
		"{fins}":       cellNames(l, p.Fins),
		"{conclusion}": strings.Join(conclusions, ", "),
	}))
	if !usedConclusion && len(conclusions) > 0 {
		sb.WriteString(" => ")
		sb.WriteString(strings.Join(conclusions, ", "))
	}
	return sb.String()
}

func fill(pattern string, values map[string]string) string {
	for k, v := range values {
		pattern = strings.ReplaceAll(pattern, k, v)
	}
	return pattern
}

// genericPattern describes a step of a technique this file does not know, from the
// pattern fields it has set, so a new technique is readable before it has a form.
func genericPattern(s Step) string {
	var parts []string
	p := s.Pattern
	if p.Digits != 0 {
		parts = append(parts, "{digits}")
	}
	if len(p.Cells) > 0 {
		parts = append(parts, "in {cells}")
	}
	if len(p.Houses) > 0 {
		parts = append(parts, "in {houses}")
	}
	if len(p.Base) > 0 {
		parts = append(parts, "{base} {cover}")
	}
	if len(p.Fins) > 0 {
		parts = append(parts, "fins {fins}")
	}
	return strings.Join(parts, " ")
}

func sortedCandidates(cs []board.Candidate) []board.Candidate {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b board.Candidate) int {
		return cmp.Or(cmp.Compare(a.Cell, b.Cell), cmp.Compare(a.Digit, b.Digit))
	})
	return out
}

func cellNames(l *board.Layout, cs []board.Cell) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = l.CellName(c)
	}
	return strings.Join(parts, ",")
}

func houseNames(l *board.Layout, hs []board.House) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = l.HouseName(h)
	}
	return strings.Join(parts, ",")
}
