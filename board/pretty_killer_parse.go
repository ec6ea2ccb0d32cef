package board

import (
	"slices"
	"strconv"
	"strings"
)

// Reading the framed killer grid back (Pretty and PencilMarks of a killer): its lines
// alternate between rules (the frame and the lines between rows, sums in them) and
// rows of cells. The top rule always starts "+" and a sum: the first cell of the grid
// is the first cell of its cage, so nothing else looks like it.

// killerFrameRows reports whether rows (comments left out) are a framed killer grid.
func killerFrameRows(rows []srcLine) bool {
	if len(rows) < 9 || len(rows)%2 == 0 {
		return false
	}
	if _, ok := sizes[(len(rows)-1)/2]; !ok {
		return false
	}
	top := strings.TrimSpace(rows[0].text)
	return len(top) > 2 && top[0] == '+' && top[1] >= '1' && top[1] <= '9' &&
		strings.HasSuffix(top, "+")
}

// parseKillerFrame reads a framed killer grid: values or candidates from the rows,
// cages from the lines between cells (a cell in a cage of its own and without a sum is
// in no cage), sums from the rules, and boxes from the solid lines (boxes other than
// the classic ones make a jigsaw). v adds X or windoku, which the frame does not say.
func parseKillerFrame(rows []srcLine, v Variant) (*Board, error) {
	n := (len(rows) - 1) / 2
	lines := make([]srcLine, len(rows))
	for i, r := range rows {
		lines[i] = srcLine{n: r.n, text: strings.TrimRight(r.text, " \t\r")}
	}
	// Column boundaries from the first row of cells: each word starts two characters
	// after the boundary on its left.
	first := lines[1]
	words := frameWords(first.text)
	if len(words) != n {
		return nil, errLine(first.n, "killer grid: got %d cells in a row, want %d", len(words), n)
	}
	bound := make([]int, n+1)
	for c := 1; c < n; c++ {
		bound[c] = words[c].off - 2
	}
	bound[n] = len(first.text) - 1
	for c := 1; c <= n; c++ {
		if bound[c] <= bound[c-1]+1 {
			return nil, errLine(first.n, "killer grid: the cells of the row are not apart")
		}
	}
	for _, l := range lines {
		if len(l.text) != bound[n]+1 {
			return nil, errLine(l.n, "killer grid: got %d characters, want %d as in the first row of cells", len(l.text), bound[n]+1)
		}
	}
	// sameCage[c][0]: c and its right neighbour; [1]: c and the cell below. The same
	// for sameBox.
	sameCage := make([][2]bool, n*n)
	sameBox := make([][2]bool, n*n)
	sums := make([]int, n*n)
	cells := make([]gridCell, n*n)
	for r := range n {
		row := lines[2*r+1]
		ws := frameWords(row.text)
		if len(ws) != n {
			return nil, errLine(row.n, "killer grid: got %d cells in a row, want %d", len(ws), n)
		}
		for c := range n {
			if ws[c].off != bound[c]+2 {
				return nil, errAt(row.n, row.text, ws[c].off, "killer grid: r%dc%d is not under its column", r+1, c+1)
			}
			gc, err := parseGridWord(row, ws[c], n)
			if err != nil {
				return nil, err
			}
			cells[r*n+c] = gc
			if c == n-1 {
				continue
			}
			switch ch := row.text[bound[c+1]]; ch {
			case ' ':
				sameCage[r*n+c][0], sameBox[r*n+c][0] = true, true
			case '!':
				sameCage[r*n+c][0] = true
			case ':':
				sameBox[r*n+c][0] = true
			case '|':
			default:
				return nil, errAt(row.n, row.text, bound[c+1], "killer grid: %q is no border ('|', '!', ':' or ' ')", ch)
			}
		}
		rule := lines[2*r]
		for c := range n {
			seg := rule.text[bound[c]+1 : bound[c+1]]
			digits := len(seg) - len(strings.TrimLeft(seg, "0123456789"))
			if digits > 0 {
				s, _ := strconv.Atoi(seg[:digits])
				if s == 0 {
					return nil, errAt(rule.n, rule.text, bound[c]+1, "killer grid: a sum of 0 above r%dc%d", r+1, c+1)
				}
				sums[r*n+c] = s
			}
			if r == 0 {
				continue
			}
			above := (r-1)*n + c
			switch rest := seg[digits:]; {
			case strings.Trim(rest, " ") == "" && digits == 0:
				sameCage[above][1], sameBox[above][1] = true, true
			case strings.Trim(rest, "-") == "" && !strings.Contains(rest, " "):
				// A solid line (or a sum filling the segment): box and cage change.
			case strings.Trim(rest, "- ") == "" && digits == 0:
				sameCage[above][1] = true
			case strings.Trim(rest, ".") == "":
				sameBox[above][1] = true
			default:
				return nil, errAt(rule.n, rule.text, bound[c]+1, "killer grid: %q above r%dc%d is no line ('---', ' - ', '...' or spaces)", seg, r+1, c+1)
			}
		}
	}
	cageOf := pieces(n, sameCage)
	boxOf := pieces(n, sameBox)
	groups := map[int][]Cell{}
	for c, k := range cageOf {
		groups[k] = append(groups[k], Cell(c))
	}
	var cages []Cage
	for k := range len(groups) {
		g := groups[k]
		sum := 0
		for _, c := range g {
			if s := sums[c]; s != 0 && sum != 0 {
				return nil, errLine(lines[0].n, "killer grid: the cage at %s has two sums, %d and %d", cellName(n, g[0]), sum, s)
			} else if s != 0 {
				sum = s
			}
		}
		switch {
		case sum == 0 && len(g) == 1:
			continue // a cell in no cage
		case sum == 0:
			return nil, errLine(lines[0].n, "killer grid: the cage at %s has no sum", cellName(n, g[0]))
		}
		cages = append(cages, Cage{Cells: g, Sum: sum})
	}
	if len(cages) == 0 {
		return nil, errLine(lines[0].n, "killer grid: no cage with a sum")
	}
	spec := Spec{N: n, Cages: cages, Diagonals: v&X != 0, Windows: v&Windoku != 0}
	// The solid lines are the classic boxes unless they cut the grid otherwise: then
	// they are a jigsaw's regions (NewLayout checks their sizes).
	classic, _ := LayoutOf(n)
	boxes := slices.Max(boxOf) == n-1
	for c := range boxOf {
		boxes = boxes && boxOf[c] == boxOf[classic.houses[classic.cellHouses[c][2]][0]]
	}
	if !boxes {
		spec.Regions = boxOf
	}
	l, err := NewLayout(spec)
	if err != nil {
		pe := layoutParseError(err).(*ParseError)
		pe.Line = lines[0].n
		return nil, pe
	}
	return gridBoard(l, cells), nil
}

// frameWords returns the words of a row of the frame: its cells, the borders ('|',
// ':', '!' alone) left out.
func frameWords(text string) []field {
	var out []field
	start := -1
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] != ' ' && text[i] != '\t' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			if w := text[start:i]; w != "|" && w != ":" && w != "!" {
				out = append(out, field{start, w})
			}
			start = -1
		}
	}
	return out
}

// pieces numbers the connected pieces of an n x n grid whose neighbours join where
// same says ([0] right, [1] down), in the order of their first cells.
func pieces(n int, same [][2]bool) []int {
	id := make([]int, n*n)
	for c := range id {
		id[c] = -1
	}
	k := 0
	for start := range n * n {
		if id[start] >= 0 {
			continue
		}
		id[start] = k
		stack := []int{start}
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			var next []int
			if c%n < n-1 && same[c][0] {
				next = append(next, c+1)
			}
			if c%n > 0 && same[c-1][0] {
				next = append(next, c-1)
			}
			if c/n < n-1 && same[c][1] {
				next = append(next, c+n)
			}
			if c/n > 0 && same[c-n][1] {
				next = append(next, c-n)
			}
			for _, o := range next {
				if id[o] < 0 {
					id[o] = k
					stack = append(stack, o)
				}
			}
		}
		k++
	}
	return id
}

// killerFrameAsGrid returns a framed killer grid as a plain grid of the same lines:
// the rules blank, every border between cells '|', so that a reader of pencil-mark
// grids takes its cells (ParseMarks: a player's marks, whose cages are the puzzle's).
// ok is false when s is no framed killer grid.
func killerFrameAsGrid(s string) (grid string, ok bool) {
	lines := strings.Split(s, "\n")
	var rows []srcLine
	var at []int
	for i, text := range lines {
		if strings.TrimSpace(text) != "" && !isComment(text) {
			rows = append(rows, srcLine{n: i + 1, text: text})
			at = append(at, i)
		}
	}
	if !killerFrameRows(rows) {
		return "", false
	}
	for k, i := range at {
		if k%2 == 0 {
			lines[i] = ""
			continue
		}
		lines[i] = strings.Map(func(r rune) rune {
			if r == ':' || r == '!' {
				return '|'
			}
			return r
		}, lines[i])
	}
	return strings.Join(lines, "\n"), true
}
