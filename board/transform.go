package board

import (
	"fmt"
	"math/rand/v2"
)

// Transform maps a grid to an equivalent one: it moves cells (rotations, reflections,
// swaps of bands, stacks, and of rows or columns inside them) and relabels digits, so
// a valid grid stays valid, a unique puzzle stays unique, and the solution of the
// result is the transformed solution. Puzzle makers use it to present one puzzle in
// many guises. The zero value is not usable; start from Identity or one of the moves
// below and combine them with Then.
type Transform struct {
	l *Layout
	// from[i] is the cell of the original grid that lands on cell i.
	from []Cell
	// digits[d-1] is the digit that d becomes.
	digits []Digit
}

// Identity returns the transform of layout l that changes nothing.
func Identity(l *Layout) Transform {
	t := Transform{l: l, from: make([]Cell, l.Cells()), digits: make([]Digit, l.n)}
	for i := range t.from {
		t.from[i] = Cell(i)
	}
	for d := range t.digits {
		t.digits[d] = Digit(d + 1)
	}
	return t
}

// Layout returns the layout the transform works on.
func (t Transform) Layout() *Layout { return t.l }

// cellMap returns the transform of l that puts on each cell (r, c) the cell that
// src(r, c) names.
func cellMap(l *Layout, src func(r, c int) (int, int)) Transform {
	t := Identity(l)
	for r := range l.n {
		for c := range l.n {
			sr, sc := src(r, c)
			t.from[r*l.n+c] = l.CellAt(sr, sc)
		}
	}
	return t
}

// Rotate returns the clockwise rotation by quarter quarter-turns (any integer; 2 is a
// half-turn). An odd number of quarter-turns needs square boxes (4x4, 9x9, 16x16,
// 25x25): on 2x3 boxes it is an error, since rows would become columns of another shape.
func Rotate(l *Layout, quarter int) (Transform, error) {
	quarter = ((quarter % 4) + 4) % 4
	if quarter%2 == 1 && l.boxRows != l.boxCols {
		return Transform{}, fmt.Errorf("board: a quarter-turn needs square boxes; %dx%d has %dx%d boxes", l.n, l.n, l.boxRows, l.boxCols)
	}
	n := l.n
	t := Identity(l)
	for range quarter {
		// Clockwise: the new row r, column c comes from row n-1-c, column r.
		t = t.Then(cellMap(l, func(r, c int) (int, int) { return n - 1 - c, r }))
	}
	return t, nil
}

// Axis names a line to reflect a grid in.
type Axis uint8

const (
	// Vertical reflects left to right (column c goes to column n-1-c).
	Vertical Axis = iota
	// Horizontal reflects top to bottom (row r goes to row n-1-r).
	Horizontal
	// Transpose reflects in the main diagonal, r1c1 to rNcN (a transpose).
	Transpose
	// AntiTranspose reflects in the other diagonal, r1cN to rNc1.
	AntiTranspose
)

// Reflect returns the reflection in axis. The diagonals need square boxes.
func Reflect(l *Layout, axis Axis) (Transform, error) {
	n := l.n
	switch axis {
	case Vertical:
		return cellMap(l, func(r, c int) (int, int) { return r, n - 1 - c }), nil
	case Horizontal:
		return cellMap(l, func(r, c int) (int, int) { return n - 1 - r, c }), nil
	case Transpose, AntiTranspose:
		if l.boxRows != l.boxCols {
			return Transform{}, fmt.Errorf("board: a diagonal reflection needs square boxes; %dx%d has %dx%d boxes", n, n, l.boxRows, l.boxCols)
		}
		if axis == Transpose {
			return cellMap(l, func(r, c int) (int, int) { return c, r }), nil
		}
		return cellMap(l, func(r, c int) (int, int) { return n - 1 - c, n - 1 - r }), nil
	}
	return Transform{}, fmt.Errorf("board: unknown axis %d", axis)
}

// swap returns the permutation of 0..n-1 that swaps the groups of size g at i and j
// (g = 1 swaps two single lines).
func swap(n, g, i, j int) []int {
	p := make([]int, n)
	for k := range p {
		p[k] = k
	}
	for k := range g {
		p[i*g+k], p[j*g+k] = j*g+k, i*g+k
	}
	return p
}

// lines returns the transform that takes row rows[r] to row r and column cols[c] to
// column c.
func lines(l *Layout, rows, cols []int) Transform {
	return cellMap(l, func(r, c int) (int, int) { return rows[r], cols[c] })
}

func identityPerm(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// SwapBands returns the transform that swaps bands i and j (0-based; a band is a row
// of boxes).
func SwapBands(l *Layout, i, j int) (Transform, error) {
	bands := l.n / l.boxRows
	if i < 0 || j < 0 || i >= bands || j >= bands {
		return Transform{}, fmt.Errorf("board: band %d or %d out of range: %dx%d has bands 1 to %d", i+1, j+1, l.n, l.n, bands)
	}
	return lines(l, swap(l.n, l.boxRows, i, j), identityPerm(l.n)), nil
}

// SwapStacks returns the transform that swaps stacks i and j (0-based; a stack is a
// column of boxes).
func SwapStacks(l *Layout, i, j int) (Transform, error) {
	stacks := l.n / l.boxCols
	if i < 0 || j < 0 || i >= stacks || j >= stacks {
		return Transform{}, fmt.Errorf("board: stack %d or %d out of range: %dx%d has stacks 1 to %d", i+1, j+1, l.n, l.n, stacks)
	}
	return lines(l, identityPerm(l.n), swap(l.n, l.boxCols, i, j)), nil
}

// SwapRows returns the transform that swaps rows i and j (0-based), which must be in
// the same band.
func SwapRows(l *Layout, i, j int) (Transform, error) {
	if i < 0 || j < 0 || i >= l.n || j >= l.n || i/l.boxRows != j/l.boxRows {
		return Transform{}, fmt.Errorf("board: rows %d and %d are not two rows of one band", i+1, j+1)
	}
	return lines(l, swap(l.n, 1, i, j), identityPerm(l.n)), nil
}

// SwapCols returns the transform that swaps columns i and j (0-based), which must be
// in the same stack.
func SwapCols(l *Layout, i, j int) (Transform, error) {
	if i < 0 || j < 0 || i >= l.n || j >= l.n || i/l.boxCols != j/l.boxCols {
		return Transform{}, fmt.Errorf("board: columns %d and %d are not two columns of one stack", i+1, j+1)
	}
	return lines(l, identityPerm(l.n), swap(l.n, 1, i, j)), nil
}

// Relabel returns the transform that turns each digit d into to[d-1]; to must hold
// every digit of the layout once.
func Relabel(l *Layout, to []Digit) (Transform, error) {
	if len(to) != l.n {
		return Transform{}, fmt.Errorf("board: a relabelling of %dx%d needs %d digits, got %d", l.n, l.n, l.n, len(to))
	}
	var seen DigitSet
	for _, d := range to {
		if d < 1 || int(d) > l.n || seen.Has(d) {
			return Transform{}, fmt.Errorf("board: relabelling %v is not a permutation of 1 to %d", to, l.n)
		}
		seen = seen.With(d)
	}
	t := Identity(l)
	copy(t.digits, to)
	return t, nil
}

// RandomTransform returns a random transform of l drawn from rng: digits relabelled,
// bands and stacks shuffled, rows and columns shuffled inside them, and, on square
// boxes, a transpose half of the time.
func RandomTransform(l *Layout, rng *rand.Rand) Transform {
	n := l.n
	shuffled := func(g int) []int {
		out := make([]int, 0, n)
		for _, grp := range rng.Perm(n / g) {
			for _, i := range rng.Perm(g) {
				out = append(out, grp*g+i)
			}
		}
		return out
	}
	t := lines(l, shuffled(l.boxRows), shuffled(l.boxCols))
	for i, d := range rng.Perm(n) {
		t.digits[i] = Digit(d + 1)
	}
	if l.boxRows == l.boxCols && rng.IntN(2) == 1 {
		tr, _ := Reflect(l, Transpose) // square boxes: no error
		t = t.Then(tr)
	}
	return t
}

// Then returns the transform that applies t, then u. Both must be of one layout.
func (t Transform) Then(u Transform) Transform {
	out := Transform{l: t.l, from: make([]Cell, len(t.from)), digits: make([]Digit, len(t.digits))}
	for i, c := range u.from {
		out.from[i] = t.from[c]
	}
	for i, d := range t.digits {
		out.digits[i] = u.digits[d-1]
	}
	return out
}

// Apply returns the transformed grid of values (0 for an empty cell), one per cell of
// the layout, row by row.
func (t Transform) Apply(values []Digit) ([]Digit, error) {
	if len(values) != len(t.from) {
		return nil, fmt.Errorf("board: a %dx%d transform needs %d cells, got %d", t.l.n, t.l.n, len(t.from), len(values))
	}
	out := make([]Digit, len(values))
	for i, c := range t.from {
		if d := values[c]; d != 0 {
			if int(d) > len(t.digits) {
				return nil, fmt.Errorf("board: %s holds %d, beyond %dx%d", t.l.CellName(c), d, t.l.n, t.l.n)
			}
			out[i] = t.digits[d-1]
		}
	}
	return out, nil
}

// Board returns a new board with b's givens transformed. Values placed after the
// start and pencil marks are not carried over: the result is the puzzle, afresh.
func (t Transform) Board(b *Board) (*Board, error) {
	if b.Layout() != t.l {
		return nil, fmt.Errorf("board: a %dx%d transform cannot map a %dx%d grid", t.l.n, t.l.n, b.Layout().n, b.Layout().n)
	}
	givens := make([]Digit, len(t.from))
	for c := range givens {
		if b.Given(Cell(c)) {
			givens[c] = b.Value(Cell(c))
		}
	}
	out, err := t.Apply(givens)
	if err != nil {
		return nil, err
	}
	return FromDigits(t.l, out)
}
