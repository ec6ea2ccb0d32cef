package board

import (
	"strconv"
	"strings"
)

// The killer drawing: a framed grid where two kinds of line meet. Boxes (or jigsaw
// regions) are the classic lines, '|' and '-' joined by '+'; cages are dotted, ':'
// and '.', as killer books print them dashed inside the solid box lines. Each cage's
// sum is written into the line above its first cell (the top-left one), where a
// cage always has a border: the cell above its first cell is never in the cage.

// edge is the kind of line between two neighbouring cells.
type edge uint8

const (
	noEdge   edge = iota
	cageEdge      // between two cages of one box
	crossed       // a box line that a cage crosses (the same cage on both sides)
	boxEdge       // a box line that is a cage border as well
)

// killerFrame holds what a framed killer grid needs: per cell a word (value or
// candidates), its box or region, its cage, and the sum written above it ("" for none).
type killerFrame struct {
	n         int
	words     []string
	box, cage []int
	sums      []string
	width     []int // inner width of each column
}

// killerFrameOf prepares the drawing of b's layout with one word per cell.
func (b *Board) killerFrameOf(words []string) *killerFrame {
	l := b.l
	n := l.n
	f := &killerFrame{n: n, words: words, box: make([]int, n*n), cage: make([]int, n*n), sums: make([]string, n*n), width: make([]int, n)}
	for c := range n * n {
		f.box[c] = l.BoxOf(Cell(c))
		f.cage[c] = -1 - c // a cell in no cage is a cage of its own
		if i, ok := l.CageOf(Cell(c)); ok {
			f.cage[c] = i
		}
	}
	for _, cg := range l.cages {
		f.sums[cg.Cells[0]] = strconv.Itoa(cg.Sum)
	}
	for c, w := range words {
		col := c % n
		// A word has a space either side; a sum leaves one character of the line
		// above it, so that the line says its kind (a reader needs it).
		f.width[col] = max(f.width[col], len(w)+2, len(f.sums[c])+1, 3)
	}
	return f
}

// between returns the line between cells a and b (-1: outside the grid, the frame).
func (f *killerFrame) between(a, b int) edge {
	switch {
	case a < 0 && b < 0:
		return noEdge
	case a < 0 || b < 0:
		return boxEdge
	case f.box[a] != f.box[b] && f.cage[a] == f.cage[b]:
		return crossed
	case f.box[a] != f.box[b]:
		return boxEdge
	case f.cage[a] != f.cage[b]:
		return cageEdge
	}
	return noEdge
}

// at returns the cell at row r, column c, or -1 outside the grid.
func (f *killerFrame) at(r, c int) int {
	if r < 0 || c < 0 || r >= f.n || c >= f.n {
		return -1
	}
	return r*f.n + c
}

// draw writes the grid: a line above each row (the top frame first, sums in it), the
// row, and the bottom frame. No trailing spaces: every line ends on the frame.
func (f *killerFrame) draw() string {
	n := f.n
	var sb strings.Builder
	for r := 0; r <= n; r++ {
		f.ruleAbove(&sb, r)
		if r == n {
			break
		}
		for c := 0; c <= n; c++ {
			switch f.between(f.at(r, c-1), f.at(r, c)) {
			case boxEdge:
				sb.WriteByte('|')
			case crossed:
				sb.WriteByte('!')
			case cageEdge:
				sb.WriteByte(':')
			default:
				sb.WriteByte(' ')
			}
			if c < n {
				w := f.words[r*n+c]
				pad := f.width[c] - len(w) - 1
				sb.WriteByte(' ')
				sb.WriteString(w)
				sb.WriteString(strings.Repeat(" ", pad))
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// ruleAbove writes the line above row r (r = n: the bottom frame).
func (f *killerFrame) ruleAbove(sb *strings.Builder, r int) {
	n := f.n
	for c := 0; c <= n; c++ {
		// The corner left of cell (r, c): the four lines that meet there.
		up := f.between(f.at(r-1, c-1), f.at(r-1, c))
		down := f.between(f.at(r, c-1), f.at(r, c))
		left := f.between(f.at(r-1, c-1), f.at(r, c-1))
		right := f.between(f.at(r-1, c), f.at(r, c))
		sb.WriteByte(corner(up, down, left, right))
		if c == n {
			break
		}
		seg := f.between(f.at(r-1, c), f.at(r, c))
		var line string
		switch seg {
		case boxEdge:
			line = strings.Repeat("-", f.width[c])
		case crossed:
			line = strings.Repeat(" -", f.width[c])[:f.width[c]]
		case cageEdge:
			line = strings.Repeat(".", f.width[c])
		default:
			line = strings.Repeat(" ", f.width[c])
		}
		if cell := f.at(r, c); cell >= 0 && f.sums[cell] != "" {
			line = f.sums[cell] + line[len(f.sums[cell]):]
		}
		sb.WriteString(line)
	}
	sb.WriteString("\n")
}

// corner is the character where four lines meet: a box line wins over a cage line,
// '+' where box lines cross or turn, '|' or '-' where one runs straight through.
func corner(up, down, left, right edge) byte {
	vert := max(up, down)
	horiz := max(left, right)
	switch {
	case vert >= crossed && horiz >= crossed:
		return '+'
	case vert >= crossed:
		return '|'
	case horiz >= crossed:
		return '-'
	case vert == cageEdge && horiz == cageEdge:
		return '.'
	case vert == cageEdge:
		return ':'
	case horiz == cageEdge:
		return '.'
	}
	return ' '
}
