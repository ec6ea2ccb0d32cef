package board

import (
	"slices"
	"strings"
)

// SudokuWiki's killer strings, after "bd=" in a link to its killer solver:
//
//   - the puzzle form: N*N cage colours (a cage is a run of orthogonally adjacent cells
//     of one colour; colours repeat across the grid), a comma, then two decimal digits
//     per cell, the cage's sum at its first cell (the top-left one) and 00 elsewhere;
//   - the packed form of May 2024 (the solver's "Email this Board" link), which carries
//     the progress as well: two fields of N*N pairs of base-32 digits (0-9, a-v), a
//     comma between. In the first a pair is sum*8 + colour: the colour (0-7) in the
//     three low bits, the cage's sum above them at its first cell and 0 elsewhere. In
//     the second a pair is the cell's candidates as bits shifted left by one (digit d
//     is bit d), the low bit unused: one candidate is a solved cell, several are its
//     pencil marks. The page that introduced it (sudokuwiki.org/Killer_String_Definitions)
//     gives the second field's encoding in words; the first is read off its example,
//     whose 24 cages have one sum each, at the first cell, adding up to 405.
//
// The versioned strings of the solver's definitions 2.0 ("L9B" for a killer, "M9B"
// for a killer jigsaw, then more packed fields) are not read: their fields are not
// pinned down here, and a wrong reading would be a different puzzle.

// wikiVersion reports whether s (after "bd=") starts like a versioned SudokuWiki
// killer string of definitions 2.0: 'L' or 'M', the side, then the version letter.
func wikiVersion(s string) bool {
	return len(s) >= 3 && (s[0] == 'L' || s[0] == 'M') && s[1] >= '1' && s[1] <= '9' && s[2] >= 'A' && s[2] <= 'Z'
}

// wikiCages returns the cages of a colouring of an n x n grid: each run of orthogonally
// adjacent cells of one colour is a cage (sums left 0), in the order of their first
// cells, and the cage of every cell.
// wikiLayout returns the killer layout of SudokuWiki's cage colours and the sums at
// their cells (0 where none): each cage holds one sum, at any of its cells. sumAt
// says where in text the sum of cell c is, for the error of a second sum.
func wikiLayout(n int, colour, sums []int, line int, sumAt func(c int) int, text string) (*Layout, error) {
	cages, cage := wikiCages(colour, n)
	for c, s := range sums {
		if s == 0 {
			continue
		}
		cg := &cages[cage[c]]
		if cg.Sum != 0 {
			return nil, errAt(line, text, sumAt(c), "killer bd= string: the cage at %s has two sums, %d and %d", cellName(n, cg.Cells[0]), cg.Sum, s)
		}
		cg.Sum = s
	}
	for _, cg := range cages {
		if cg.Sum == 0 {
			return nil, errLine(line, "killer bd= string: the cage at %s has no sum", cellName(n, cg.Cells[0]))
		}
	}
	l, err := NewLayout(Spec{N: n, Cages: cages})
	if err != nil {
		pe := layoutParseError(err).(*ParseError)
		pe.Line = line
		return nil, pe
	}
	return l, nil
}

func wikiCages(colour []int, n int) ([]Cage, []int) {
	cage := make([]int, n*n)
	for c := range cage {
		cage[c] = -1
	}
	var cages []Cage
	for start := range n * n {
		if cage[start] >= 0 {
			continue
		}
		k := len(cages)
		cage[start] = k
		cells, stack := []Cell{}, []int{start}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			cells = append(cells, Cell(c))
			r, col := c/n, c%n
			for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				rr, cc := r+d[0], col+d[1]
				if rr < 0 || rr >= n || cc < 0 || cc >= n {
					continue
				}
				if o := rr*n + cc; cage[o] < 0 && colour[o] == colour[c] {
					cage[o] = k
					stack = append(stack, o)
				}
			}
		}
		slices.Sort(cells)
		cages = append(cages, Cage{Cells: cells})
	}
	return cages, cage
}

// base32Pairs reads s as pairs of base-32 digits (0-9, a-v, either case); at is the
// offset of s in text, for errors.
func base32Pairs(s, text string, at, line int, what string) ([]int, error) {
	out := make([]int, len(s)/2)
	for k := range len(s) {
		ch := s[k] | 0x20 // lower case; digits keep their bit
		var v int
		switch {
		case s[k] >= '0' && s[k] <= '9':
			v = int(s[k] - '0')
		case ch >= 'a' && ch <= 'v':
			v = int(ch-'a') + 10
		default:
			return nil, errAt(line, text, at+k, "killer bd= string: %s: %q is not a base-32 digit (0-9, a-v)", what, s[k])
		}
		out[k/2] = out[k/2]*32 + v
	}
	return out, nil
}

// parseWikiPacked reads the packed form: first (2*N*N characters, at text[at:]), and
// marks, the candidate field after the comma ("" when the link has none).
func parseWikiPacked(text string, at, line, n int, first, marks string) (*Board, error) {
	cells := n * n
	pairs, err := base32Pairs(first, text, at, line, "cages")
	if err != nil {
		return nil, err
	}
	colour := make([]int, cells)
	for c, p := range pairs {
		colour[c] = p & 7
	}
	sums := make([]int, cells)
	for c, p := range pairs {
		sums[c] = p >> 3
	}
	l, err := wikiLayout(n, colour, sums, line, func(c int) int { return at + 2*c }, text)
	if err != nil {
		return nil, err
	}
	b := New(l)
	if marks == "" {
		return b, nil
	}
	mat := at + len(first) + 1
	if len(marks) != 2*cells {
		return nil, errAt(line, text, mat, "killer bd= string: got %d characters of candidates after the comma, want %d (two per cell)", len(marks), 2*cells)
	}
	bits, err := base32Pairs(marks, text, mat, line, "candidates")
	if err != nil {
		return nil, err
	}
	sets := make([]DigitSet, cells)
	for c, p := range bits {
		var s DigitSet
		for d := 1; d <= n; d++ {
			if p>>d&1 != 0 {
				s = s.With(Digit(d))
			}
		}
		if p>>(n+1) != 0 {
			return nil, errAt(line, text, mat+2*c, "killer bd= string: the candidates of %s name a digit beyond %d", cellName(n, Cell(c)), n)
		}
		sets[c] = s
	}
	// Solved cells first, so that marks a solved peer rules out drop as they do in a
	// pencil-mark grid; a cell of no candidates (00) keeps what its peers allow.
	for c, s := range sets {
		if s.Count() == 1 {
			if err := b.Place(Cell(c), s.First()); err != nil {
				return nil, errAt(line, text, mat+2*c, "killer bd= string: %s", strings.TrimPrefix(err.Error(), "board: "))
			}
		}
	}
	for c, s := range sets {
		if s.Count() > 1 {
			b.SetCandidates(Cell(c), s)
		}
	}
	return b, nil
}
