package main

import "fmt"

// suggest returns `; did you mean "x-wing"?` when one of known is a likely
// misspelling of got, and "" otherwise.
func suggest(got string, known []string) string {
	best, bestD := "", 0
	for _, k := range known {
		d := editDistance(got, k)
		if best == "" || d < bestD {
			best, bestD = k, d
		}
	}
	// A third of the name may be wrong, at least one character, at most three.
	if best == "" || bestD > min(3, max(1, len(got)/3)) {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
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
