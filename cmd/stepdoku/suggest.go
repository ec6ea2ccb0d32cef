package main

import (
	"fmt"
	"slices"
)

// suggest returns `; did you mean "x-wing"?` when one of known is a likely
// misspelling of got (the nearest word closest gives), and "" otherwise.
func suggest(got string, known []string) string {
	near := closest(got, known, 1)
	if len(near) == 0 {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", near[0])
}

// closest returns up to n of the words nearest to s by edit distance, nearest first
// (ties in the words' order), leaving out those too far to be a slip: more edits than
// half of the longer word.
func closest(s string, words []string, n int) []string {
	type scored struct {
		w string
		d int
	}
	var near []scored
	for _, w := range words {
		if d := editDistance(s, w); d <= max(len(s), len(w))/2 {
			near = append(near, scored{w, d})
		}
	}
	slices.SortStableFunc(near, func(a, b scored) int { return a.d - b.d })
	out := make([]string, 0, n)
	for _, x := range near[:min(n, len(near))] {
		out = append(out, x.w)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, by bytes (IDs are ASCII).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
