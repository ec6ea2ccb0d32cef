package board

import "strings"

// jigsawLayout reads the walls a grid is drawn with (Pretty and PencilMarks draw a
// jigsaw's regions so: " | " between two cells of a row in different regions, and a
// line with '-' under each cell whose lower neighbour is in another region). When the
// walls enclose N regions of N cells that are not the boxes, it returns that jigsaw's
// layout, so a jigsaw's pencil-mark grid reads back as the jigsaw it is. Otherwise (no
// walls, the boxes' walls, walls that enclose no regions) it returns l, the grid's
// classic layout.
//
// lines are the grid's lines with its border lines; rows those of them that hold cells.
func jigsawLayout(l *Layout, lines, rows []srcLine) *Layout {
	n := l.n
	if len(rows) != n {
		return l
	}
	same := make([][2]bool, n*n) // [0]: with the cell to the right, [1]: below
	for i := range same {
		same[i] = [2]bool{true, true}
	}
	var starts []int // where each column's words start, from the last row of cells
	r := -1
	for _, line := range lines {
		if isBorder(line.text) {
			if r < 0 || starts == nil {
				continue // a frame above the grid
			}
			for c := range n {
				if starts[c] < len(line.text) && line.text[starts[c]] == '-' {
					same[r*n+c][1] = false
				}
			}
			continue
		}
		r++
		fs := fields(line.text)
		if len(fs) != n {
			return l
		}
		starts = starts[:0]
		for c, f := range fs {
			starts = append(starts, f.off)
			if c < n-1 && strings.Contains(line.text[f.off+len(f.s):fs[c+1].off], "|") {
				same[r*n+c][0] = false
			}
		}
	}
	// A jigsaw's frame has walls both ways inside the grid; bars between every cell of
	// a row and no lines between rows (or only a frame below) are a classic grid.
	across, down := false, false
	for c := range n * n {
		across = across || c < n*(n-1) && !same[c][1]
		down = down || c%n < n-1 && !same[c][0]
	}
	if !across || !down {
		return l
	}
	boxes := true
	for c := range n * n {
		right := c%n < n-1 && l.BoxOf(Cell(c)) == l.BoxOf(Cell(c+1))
		below := c/n < n-1 && l.BoxOf(Cell(c)) == l.BoxOf(Cell(c+n))
		if c%n < n-1 && same[c][0] != right || c/n < n-1 && same[c][1] != below {
			boxes = false
			break
		}
	}
	if boxes {
		return l
	}
	regions := pieces(n, same)
	size := make([]int, n*n)
	for _, p := range regions {
		size[p]++
	}
	for _, p := range regions {
		if p >= n || size[p] != n {
			return l // the walls do not enclose N regions of N cells: not a jigsaw
		}
	}
	spec := l.Spec()
	spec.Regions = regions
	nl, err := NewLayout(spec)
	if err != nil {
		return l
	}
	return nl
}
