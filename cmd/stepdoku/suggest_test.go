package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSuggest(t *testing.T) {
	known := []string{"x-wing", "xy-wing", "swordfish", "hidden-single", "check", "explain"}
	tests := []struct {
		name, got, want string
	}{
		{"plural", "x-wings", `; did you mean "x-wing"?`},
		{"missing dash", "xwing", `; did you mean "x-wing"?`},
		{"transposed letters", "exlpain", `; did you mean "explain"?`},
		{"one letter off in a short word", "chek", `; did you mean "check"?`},
		{"nothing close", "zzzzzzzz", ""},
		{"short and far", "ab", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, suggest(tc.got, known))
		})
	}
}

func TestEditDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"", "abc", 3}, {"kitten", "sitting", 3}, {"x-wing", "x-wing", 0}, {"x-wing", "xy-wing", 1},
	} {
		assert.Equal(t, tc.want, editDistance(tc.a, tc.b), "%q %q", tc.a, tc.b)
	}
}
