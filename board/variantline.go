package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ParseVariantLine reads one line of a variant puzzle, fields separated by spaces:
//
//   - givens, with v holding X and/or Windoku (the rules say what the line cannot);
//   - givens regions: a jigsaw, N*N region labels (1-9, then A-Z) one per cell;
//   - givens cages sums: a killer, N*N cage labels (A-Z, a-z, then digits) one per
//     cell, and the sums as A=12,B=17,... (a cell labelled '.' is in no cage).
//
// Extra fields after these (a solution, say) are not read. The flags of v add to what
// the fields say, so "x" on a killer line gives a killer-X.
func ParseVariantLine(s string, v Variant) (*Board, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return nil, &ParseError{Msg: "empty line"}
	}
	n, ok := sideOf(len(f[0]))
	if !ok {
		return nil, &ParseError{Msg: fmt.Sprintf("the givens have %d characters, not N*N for a grid size", len(f[0]))}
	}
	spec := Spec{N: n, Diagonals: v&X != 0, Windows: v&Windoku != 0}
	switch {
	case len(f) >= 3 && looksLikeSums(f[2]):
		cages, err := parseCages(f[1], f[2], n)
		if err != nil {
			return nil, err
		}
		spec.Cages = cages
		if v&Jigsaw != 0 {
			return nil, &ParseError{Msg: "a killer line has no regions; a jigsaw killer needs them"}
		}
	case len(f) >= 2 && len(f[1]) == n*n && v&Killer == 0 && !isDigitsLine(f[1], n):
		regions, err := parseRegions(f[1], n)
		if err != nil {
			return nil, err
		}
		spec.Regions = regions
	case len(f) >= 2 && len(f[1]) == n*n && v&Jigsaw != 0:
		regions, err := parseRegions(f[1], n)
		if err != nil {
			return nil, err
		}
		spec.Regions = regions
	case v&(Jigsaw|Killer) != 0:
		return nil, &ParseError{Msg: fmt.Sprintf("a %s line needs its %s after the givens", v, map[bool]string{true: "cages and sums", false: "regions"}[v&Killer != 0])}
	}
	l, err := NewLayout(spec)
	if err != nil {
		return nil, err
	}
	values := make([]Digit, n*n)
	for i := range n * n {
		ch := f[0][i]
		if isEmptyMark(ch) {
			continue
		}
		d, ok := cellValue(ch, n)
		if !ok {
			return nil, &ParseError{Column: i + 1, Msg: fmt.Sprintf("%q is not a digit of a %dx%d grid", ch, n, n)}
		}
		values[i] = d
	}
	return FromDigits(l, values)
}

// sideOf returns N for N*N cells when N is a grid size.
func sideOf(cells int) (int, bool) {
	for _, n := range Sizes() {
		if n*n == cells {
			return n, true
		}
	}
	return 0, false
}

// isDigitsLine reports whether s reads as a grid of values (a solution after the
// givens), so a "givens solution" line is not taken for a jigsaw.
func isDigitsLine(s string, n int) bool {
	for i := range len(s) {
		if _, ok := cellValue(s[i], n); !ok {
			return false
		}
	}
	// Region labels are digits too on a 9x9 grid: a solution has each digit N times
	// and each row holds N different ones; regions (almost) never do.
	for r := range n {
		seen := map[byte]bool{}
		for c := range n {
			seen[s[r*n+c]] = true
		}
		if len(seen) != n {
			return false
		}
	}
	return true
}

// looksLikeSums reports whether s is meant as a list of cage sums like A=12,B=17 (a
// malformed one is then an error about the sums, not a misread region list).
func looksLikeSums(s string) bool { return strings.Contains(s, "=") }

// regionLabel turns a region label (1-9, then A-Z) into a region number from 0.
func regionLabel(ch byte) int {
	switch {
	case ch >= '1' && ch <= '9':
		return int(ch - '1')
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 9
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 9
	}
	return -1
}

func parseRegions(s string, n int) ([]int, error) {
	out := make([]int, n*n)
	for i := range n * n {
		r := regionLabel(s[i])
		if r < 0 || r >= n {
			return nil, &ParseError{Msg: fmt.Sprintf("%s: %q is not a region label of a %dx%d grid", cellName(n, Cell(i)), s[i], n, n)}
		}
		out[i] = r
	}
	return out, nil
}

// parseCages reads cage labels (one per cell, '.' for none) and sums ("A=12,B=17").
func parseCages(labels, sums string, n int) ([]Cage, error) {
	if len(labels) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("got %d cage labels, want %d", len(labels), n*n)}
	}
	sum := map[byte]int{}
	var order []byte
	for part := range strings.SplitSeq(sums, ",") {
		k, v, ok := strings.Cut(part, "=")
		x, err := strconv.Atoi(v)
		if !ok || len(k) != 1 || err != nil || x < 1 {
			return nil, &ParseError{Msg: fmt.Sprintf("cage sum %q is not a label and a sum like A=12", part)}
		}
		if _, dup := sum[k[0]]; dup {
			return nil, &ParseError{Msg: fmt.Sprintf("cage %s has two sums", k)}
		}
		sum[k[0]] = x
		order = append(order, k[0])
	}
	cells := map[byte][]Cell{}
	for i := range n * n {
		ch := labels[i]
		if ch == '.' {
			continue
		}
		if _, ok := sum[ch]; !ok {
			return nil, &ParseError{Msg: fmt.Sprintf("%s is in cage %c, which has no sum", cellName(n, Cell(i)), ch)}
		}
		cells[ch] = append(cells[ch], Cell(i))
	}
	var cages []Cage
	for _, k := range order {
		if len(cells[k]) == 0 {
			return nil, &ParseError{Msg: fmt.Sprintf("cage %c has a sum but no cells", k)}
		}
		cages = append(cages, Cage{Cells: cells[k], Sum: sum[k]})
	}
	// Cages in the order of their first cell, so the numbering does not hang on labels.
	slices.SortFunc(cages, func(a, b Cage) int { return int(a.Cells[0] - b.Cells[0]) })
	return cages, nil
}
