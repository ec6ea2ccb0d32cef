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
//
// On a variant the regions of a jigsaw and the cages of a killer move with their
// cells, and Board refuses a transform that breaks a rule the moves cannot carry: the
// diagonals of Sudoku-X and the windows of windoku must land on diagonals and windows
// (rotations and reflections keep them, a swap of bands mostly does not), and a cage
// or region in one piece must stay in one piece. A jigsaw has no bands or stacks, so
// its line swaps are refused at once. Relabelling digits keeps every variant but
// killer, whose sums follow the digits: there only the complement (d to N+1-d, each
// cage's sum of k cells to k*(N+1) minus it) is taken.
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
	if !l.Regular() {
		return Transform{}, errNoBands(l, "bands")
	}
	bands := l.n / l.boxRows
	if i < 0 || j < 0 || i >= bands || j >= bands {
		return Transform{}, fmt.Errorf("board: band %d or %d out of range: %dx%d has bands 1 to %d", i+1, j+1, l.n, l.n, bands)
	}
	return lines(l, swap(l.n, l.boxRows, i, j), identityPerm(l.n)), nil
}

// SwapStacks returns the transform that swaps stacks i and j (0-based; a stack is a
// column of boxes).
func SwapStacks(l *Layout, i, j int) (Transform, error) {
	if !l.Regular() {
		return Transform{}, errNoBands(l, "stacks")
	}
	stacks := l.n / l.boxCols
	if i < 0 || j < 0 || i >= stacks || j >= stacks {
		return Transform{}, fmt.Errorf("board: stack %d or %d out of range: %dx%d has stacks 1 to %d", i+1, j+1, l.n, l.n, stacks)
	}
	return lines(l, identityPerm(l.n), swap(l.n, l.boxCols, i, j)), nil
}

// SwapRows returns the transform that swaps rows i and j (0-based), which must be in
// the same band.
func SwapRows(l *Layout, i, j int) (Transform, error) {
	if !l.Regular() {
		return Transform{}, errNoBands(l, "bands")
	}
	if i < 0 || j < 0 || i >= l.n || j >= l.n || i/l.boxRows != j/l.boxRows {
		return Transform{}, fmt.Errorf("board: rows %d and %d are not two rows of one band", i+1, j+1)
	}
	return lines(l, swap(l.n, 1, i, j), identityPerm(l.n)), nil
}

// SwapCols returns the transform that swaps columns i and j (0-based), which must be
// in the same stack.
func SwapCols(l *Layout, i, j int) (Transform, error) {
	if !l.Regular() {
		return Transform{}, errNoBands(l, "stacks")
	}
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
// boxes, a transpose half of the time. A variant gets its digits relabelled and one of
// the grid's symmetries (rotations and reflections; on 2x3 boxes and the like the
// half-turn and the two mirrors), which move its diagonals, windows, regions and cages
// onto their like, so Board never refuses it.
func RandomTransform(l *Layout, rng *rand.Rand) Transform {
	n := l.n
	if l.variant != 0 {
		t := Identity(l)
		for i, d := range rng.Perm(n) {
			t.digits[i] = Digit(d + 1)
		}
		if l.cages != nil {
			// A killer's sums hold under the identity and the complement only.
			complement := rng.IntN(2) == 1
			for i := range t.digits {
				t.digits[i] = Digit(i + 1)
				if complement {
					t.digits[i] = Digit(n - i)
				}
			}
		}
		var moves []Transform
		for q := range 4 {
			if r, err := Rotate(l, q); err == nil {
				moves = append(moves, r)
			}
		}
		for _, a := range []Axis{Vertical, Horizontal, Transpose, AntiTranspose} {
			if r, err := Reflect(l, a); err == nil {
				moves = append(moves, r)
			}
		}
		return t.Then(moves[rng.IntN(len(moves))])
	}
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
// start and pencil marks are not carried over: the result is the puzzle, afresh. A
// variant's board is on the layout moved the same way (see Transform), or an error
// that says which rule the transform does not keep.
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
	l := t.l
	if l.variant != 0 {
		if l, err = t.movedLayout(); err != nil {
			return nil, err
		}
	}
	return FromDigits(l, out)
}

// errNoBands is the refusal of a line swap on a jigsaw.
func errNoBands(l *Layout, what string) error {
	return fmt.Errorf("board: a jigsaw has no %s to swap lines in (its regions are not boxes); rotate, reflect or relabel it", what)
}

// movedLayout returns the variant layout of t.l with every cell moved where t puts
// it, or an error naming the rule that does not survive the move.
func (t Transform) movedLayout() (*Layout, error) {
	l := t.l
	n := l.n
	to := make([]Cell, len(t.from)) // to[c]: where the cell c lands
	for i, c := range t.from {
		to[c] = Cell(i)
	}
	moved := func(cells []Cell) CellSet {
		var s CellSet
		for _, c := range cells {
			s.Add(to[c])
		}
		return s
	}
	// Diagonals and windows are fixed places: each must land on one of its kind.
	for _, h := range l.ExtraHouses() {
		landed := moved(l.houses[h])
		ok := false
		for _, g := range l.ExtraHouses() {
			ok = ok || l.kinds[g] == l.kinds[h] && l.houseSets[g] == landed
		}
		if !ok {
			first, last := l.houses[h][0], l.houses[h][n-1]
			if l.kinds[h] == Diagonal {
				return nil, fmt.Errorf("board: the transform moves the diagonal %s-%s of a Sudoku-X off the diagonals (%s lands on %s); rotations, reflections and relabelling keep them",
					l.CellName(first), l.CellName(last), l.CellName(first), l.CellName(to[first]))
			}
			return nil, fmt.Errorf("board: the transform moves the windoku window at %s off the windows (%s lands on %s); rotations, reflections and relabelling keep them",
				l.CellName(first), l.CellName(first), l.CellName(to[first]))
		}
	}
	// A cage's sum follows its digits: it holds under no relabelling but the identity
	// and the complement (d to N+1-d), which turns a sum s of k cells into k*(N+1)-s.
	sum := func(cg Cage) int { return cg.Sum }
	if l.cages != nil {
		identity, complement := true, true
		for i, d := range t.digits {
			identity = identity && int(d) == i+1
			complement = complement && int(d) == n-i
		}
		switch {
		case complement && !identity:
			sum = func(cg Cage) int { return len(cg.Cells)*(n+1) - cg.Sum }
		case !identity:
			return nil, fmt.Errorf("board: relabelling digits changes what a killer's cages add up to; a killer keeps its digits, or takes the complement (each d becomes %d-d, each sum of k cells k*%d minus the sum)", n+1, n+1)
		}
	}
	spec := Spec{N: n, Diagonals: l.variant&X != 0, Windows: l.variant&Windoku != 0}
	if l.regions != nil {
		spec.Regions = make([]int, len(l.regions))
		for i, c := range t.from {
			spec.Regions[i] = l.regions[c]
		}
		for r := range n {
			var cells []Cell
			for c, k := range l.regions {
				if k == r {
					cells = append(cells, Cell(c))
				}
			}
			if connected(n, CellsOf(cells...)) && !connected(n, moved(cells)) {
				return nil, fmt.Errorf("board: the transform tears jigsaw region %d (at %s) apart; rotations, reflections and relabelling keep regions whole", r+1, l.CellName(cells[0]))
			}
		}
	}
	for _, cg := range l.cages {
		m := moved(cg.Cells)
		if connected(n, cg.Set()) && !connected(n, m) {
			return nil, fmt.Errorf("board: the transform tears the cage of %d at %s apart; rotations, reflections and relabelling keep cages whole", cg.Sum, l.CellName(cg.Cells[0]))
		}
		spec.Cages = append(spec.Cages, Cage{Cells: m.Cells(), Sum: sum(cg)})
	}
	return NewLayout(spec)
}

// connected reports whether the cells of s form one orthogonally connected piece.
func connected(n int, s CellSet) bool {
	cells := s.Cells()
	if len(cells) == 0 {
		return true
	}
	seen := CellsOf(cells[0])
	stack := []Cell{cells[0]}
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, col := int(c)/n, int(c)%n
		for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			rr, cc := r+d[0], col+d[1]
			if rr < 0 || rr >= n || cc < 0 || cc >= n {
				continue
			}
			if o := Cell(rr*n + cc); s.Has(o) && !seen.Has(o) {
				seen.Add(o)
				stack = append(stack, o)
			}
		}
	}
	return seen == s
}
