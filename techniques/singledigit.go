package techniques

import (
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Single-digit patterns: short chains of conjugate pairs of one digit. Every finder of
// this file (and coloring.go) reads the digit's conjugate pairs from pairLinks, so they
// agree on what a strong link is.

const (
	idSkyscraper         = "skyscraper"
	idTwoStringKite      = "two-string-kite"
	idTurbotFish         = "turbot-fish"
	idEmptyRectangle     = "empty-rectangle"
	idDualTwoStringKite  = "dual-two-string-kite"
	idDualEmptyRectangle = "dual-empty-rectangle"
)

// Skyscraper removes a digit from the cells that see both tops of two conjugate pairs
// in parallel lines whose other ends share a crossing line.
var Skyscraper = Technique{
	ID:         idSkyscraper,
	Difficulty: 4.0,
	Score:      130,
	Codes:      []string{"0400"},
	Doc: `Skyscraper

Take two rows in which a digit has only two places each. If one place of the first row
and one place of the second share a column (the base), those two cannot both hold the
digit, so one of the other two places (the tops) does. Any cell that sees both tops
loses the digit. The same holds with rows and columns swapped. When the tops share a
column as well the pattern is an X-Wing, which says more, so it is left to the fish.`,
	Find: linkChains(idSkyscraper, shapeSkyscraper),
}

// TwoStringKite removes a digit from the cell where a row's and a column's conjugate
// pairs point, when their other ends meet in one box.
var TwoStringKite = Technique{
	ID:         idTwoStringKite,
	Difficulty: 4.1,
	Score:      150,
	Codes:      []string{"0401"},
	Doc: `2-String Kite

A digit has two places in a row and two places in a column (the strings), and one place
of each lies in the same box, in different cells. Those two box cells cannot both hold
the digit, so one of the far ends does: the cell that sees both far ends (in the row
of one and the column of the other) loses the digit.`,
	Find: linkChains(idTwoStringKite, shapeKite),
}

// TurbotFish removes a digit from the cells that see both ends of two conjugate pairs
// joined by a weak link, in the shapes that are neither a skyscraper nor a kite.
var TurbotFish = Technique{
	ID:         idTurbotFish,
	Difficulty: 4.2,
	Score:      120,
	Codes:      []string{"0403"},
	Doc: `Turbot Fish

Two conjugate pairs of one digit (houses where it has exactly two places), with one
place of the first seeing one place of the second: those two cannot both be true, so
one of the two far ends holds the digit, and any cell that sees both far ends loses
it. Skyscraper and 2-String Kite are the shapes of this chain with both pairs in lines;
the Turbot Fish is the rest, where a box holds a pair or joins two parallel lines.`,
	Find: linkChains(idTurbotFish, shapeTurbot),
}

// EmptyRectangle removes a digit with a box whose places for it lie on one row and one
// column, and a conjugate pair that leads from that row (or column) to the other.
var EmptyRectangle = Technique{
	ID:         idEmptyRectangle,
	Difficulty: 4.2,
	Score:      120,
	Codes:      []string{"0402"},
	Doc: `Empty Rectangle

In a box, every place of a digit lies on one row and one column of the box (the rest of
the box, a rectangle, is empty of it), with places off the crossing on both. Whichever
the box uses, its digit sits in that row or in that column. Now a conjugate pair in a
column, with one end on the box's row outside the box: if its other end is false, the
first end is true, the box's row is empty and the box's column takes the digit. So the
cell in the other end's row and the box's column cannot hold it either way. Rows and
columns may swap roles. HoDoKu's variant with only two places in the box is included.
On variants a jigsaw region or a windoku window serves as the box: whatever its shape,
it only needs its places on one row and one column.`,
	Find: emptyRectangles(idEmptyRectangle),
}

// DualTwoStringKite is two 2-String Kites through the same two box cells, reported
// as one step. It is not in Default: each half is a kite that comes first.
var DualTwoStringKite = Technique{
	ID:         idDualTwoStringKite,
	Difficulty: 4.1,
	Score:      150,
	Codes:      []string{"0404"},
	Doc: `Dual 2-String Kite

The two box cells of a 2-String Kite can carry two kites at once: each has a row pair
and a column pair, and the first cell's row pair with the second's column pair makes
one kite, the other way round makes another. The step makes both eliminations.`,
	Find: dualKites,
}

// DualEmptyRectangle is two Empty Rectangles on the same box and digit with different
// eliminations, reported as one step. It is not in Default: each half comes first.
var DualEmptyRectangle = Technique{
	ID:         idDualEmptyRectangle,
	Difficulty: 4.2,
	Score:      120,
	Codes:      []string{"0405"},
	Doc: `Dual Empty Rectangle

One empty rectangle box can work with two conjugate pairs at once, one leading from its
row and one from its column (or two from the same line). Each pair makes its own
elimination; the step makes both.`,
	Find: dualEmptyRectangles,
}

// linkKinds is a set of house kinds, bit k for board.HouseKind k.
type linkKinds uint8

func (k linkKinds) has(kind board.HouseKind) bool { return k&(1<<kind) != 0 }

// first returns the first kind of the set in the order row, column, box, diagonal,
// window (box for the empty set).
func (k linkKinds) first() board.HouseKind {
	for _, kind := range [5]board.HouseKind{board.Row, board.Column, board.Box, board.Diagonal, board.Window} {
		if k.has(kind) {
			return kind
		}
	}
	return board.Box
}

// linkHouse returns the house of the given kind that holds both x and y (on an X, the
// centre cell lies in two diagonals: the one that holds y).
func linkHouse(l *board.Layout, kind board.HouseKind, x, y board.Cell) board.House {
	if kind <= board.Box {
		return l.HousesOf(x)[kind]
	}
	for _, g := range l.AllHousesOf(x) {
		if l.Kind(g) == kind && l.HouseSet(g).Has(y) {
			return g
		}
	}
	return l.HousesOf(x)[board.Box] // not reached: callers pass a kind that x and y share
}

// otherLine returns column for row and row for column.
func otherLine(k board.HouseKind) board.HouseKind {
	if k == board.Row {
		return board.Column
	}
	return board.Row
}

// pairLink is a conjugate pair (a strong link) of one digit: the only two places left
// for it in a house. Two cells can be the only two places in their line and in their
// box at once, so kinds holds every kind of house in which they are.
type pairLink struct {
	a, b  board.Cell // a < b
	kinds linkKinds
}

// end returns the cells of the link with the i-th one (0 or 1) first.
func (p pairLink) end(i int) (board.Cell, board.Cell) {
	if i == 0 {
		return p.a, p.b
	}
	return p.b, p.a
}

// house returns the link's house of the given kind.
func (p pairLink) house(l *board.Layout, kind board.HouseKind) board.House {
	return linkHouse(l, kind, p.a, p.b)
}

// pairLinks appends the conjugate pairs of d to dst, in the order of their first house,
// one entry per pair of cells, and returns the extended slice.
func pairLinks(dst []pairLink, b *board.Board, d board.Digit) []pairLink {
	l := b.Layout()
	for h := range board.House(l.Houses()) {
		p := b.Positions(h, d)
		if p.Count() != 2 {
			continue
		}
		cells := l.HouseCells(h)
		// Positions run in cell order in every kind of house, so x < y.
		x, y := cells[p.First()], cells[(p&(p-1)).First()]
		k := linkKinds(1) << l.Kind(h)
		merged := false
		// Houses come rows, columns, boxes, then diagonals and windows: only a box pair
		// can repeat a line pair, and a window pair any other (a diagonal meets a line
		// in one cell, but a box or window in several).
		if l.Kind(h) == board.Box && (l.RowOf(x) == l.RowOf(y) || l.ColOf(x) == l.ColOf(y)) || l.Kind(h) > board.Box {
			for i := range dst {
				if dst[i].a == x && dst[i].b == y {
					dst[i].kinds |= k
					merged = true
					break
				}
			}
		}
		if !merged {
			dst = append(dst, pairLink{a: x, b: y, kinds: k})
		}
	}
	return dst
}

// sharedKinds returns the kinds of house that x and y share (none when they see each
// other only through a killer cage).
func sharedKinds(l *board.Layout, x, y board.Cell) linkKinds {
	hx, hy := l.HousesOf(x), l.HousesOf(y)
	var k linkKinds
	for i := range hx {
		if hx[i] == hy[i] {
			k |= 1 << i
		}
	}
	if l.Houses() > 3*l.N() {
		for _, g := range l.AllHousesOf(x)[3:] {
			if l.HouseSet(g).Has(y) {
				k |= 1 << l.Kind(g)
			}
		}
	}
	return k
}

// chainShape names a chain A=B-C=D of two conjugate pairs by where its links lie.
type chainShape uint8

const (
	// shapeSkyscraper: both pairs in rows (columns), B and C in one column (row).
	shapeSkyscraper chainShape = iota + 1
	// shapeKite: one pair in a row, one in a column, B and C in one box.
	shapeKite
	// shapeTurbot: any other chain of two pairs and a weak link.
	shapeTurbot
)

// mayJoin reports whether pairs of kinds k1 and k2 can make a chain of the shape, a
// quick test before looking at their cells.
func (s chainShape) mayJoin(k1, k2 linkKinds) bool {
	const row, col = linkKinds(1) << board.Row, linkKinds(1) << board.Column
	switch s {
	case shapeSkyscraper:
		return k1&k2&(row|col) != 0
	case shapeKite:
		return k1&row != 0 && k2&col != 0 || k1&col != 0 && k2&row != 0
	}
	return true
}

// classify names the chain with pair kinds k1 (A=B) and k2 (C=D) and weak-link kinds w
// (B-C) by its most specific shape, and returns the house of each link as that shape
// reads it. Two parallel line pairs whose ends share both crossing lines are an X-Wing,
// which says more: such a chain has no shape (0), as in HoDoKu.
func classify(l *board.Layout, k1, w, k2 linkKinds, cells [4]board.Cell) (chainShape, [3]board.House) {
	a, b, c, d := cells[0], cells[1], cells[2], cells[3]
	for _, line := range [2]board.HouseKind{board.Row, board.Column} {
		cross := otherLine(line)
		if k1.has(line) && k2.has(line) && w.has(cross) {
			if l.HousesOf(a)[cross] == l.HousesOf(d)[cross] {
				return 0, [3]board.House{}
			}
			return shapeSkyscraper, [3]board.House{l.HousesOf(a)[line], l.HousesOf(b)[cross], l.HousesOf(c)[line]}
		}
	}
	for _, line := range [2]board.HouseKind{board.Row, board.Column} {
		if k1.has(line) && k2.has(otherLine(line)) && w.has(board.Box) {
			return shapeKite, [3]board.House{l.HousesOf(a)[line], l.HousesOf(b)[board.Box], l.HousesOf(c)[otherLine(line)]}
		}
	}
	if w == 0 {
		return 0, [3]board.House{} // B sees C only through a cage: no house to name
	}
	return shapeTurbot, [3]board.House{linkHouse(l, k1.first(), a, b), linkHouse(l, w.first(), b, c), linkHouse(l, k2.first(), c, d)}
}

// linkChain is one chain A=B-C=D on digit d: A and B are the only places of d in
// houses[0], B and C see each other in houses[1], C and D are the only places in
// houses[2]. A or D holds the digit, so a cell that sees both does not.
type linkChain struct {
	d      board.Digit
	cells  [4]board.Cell
	houses [3]board.House
	elims  []board.Candidate
}

// forEachLinkChain calls fn for every chain of the given shape that eliminates
// something, digit by digit, in the order of the links, until fn returns false. The
// digits q holds quiet are skipped, and q learns the others (q may be nil).
func forEachLinkChain(b *board.Board, shape chainShape, q *digitQuiet, fn func(linkChain) bool) bool {
	l := b.Layout()
	var buf [3 * board.MaxSize]pairLink
	for d := board.Digit(1); int(d) <= l.N(); d++ {
		if q != nil && q.skip(b, d) {
			continue
		}
		found := false
		links := pairLinks(buf[:0], b, d)
		for i, li := range links {
			for _, lj := range links[i+1:] {
				if !shape.mayJoin(li.kinds, lj.kinds) {
					continue
				}
				for o := range 4 {
					a, bb := li.end(o & 1)
					c, dd := lj.end(o >> 1)
					if a == c || a == dd || bb == c || bb == dd || !l.Sees(bb, c) {
						continue
					}
					cells := [4]board.Cell{a, bb, c, dd}
					got, houses := classify(l, li.kinds, sharedKinds(l, bb, c), lj.kinds, cells)
					if got != shape {
						continue
					}
					elims := seenByBoth(b, d, a, dd)
					if len(elims) == 0 {
						continue
					}
					found = true
					if !fn(linkChain{d: d, cells: cells, houses: houses, elims: elims}) {
						return false
					}
				}
			}
		}
		if q != nil {
			q.done(b, d, found)
		}
	}
	return true
}

// seenByBoth returns the candidates d of the cells that see both x and y, in cell order.
func seenByBoth(b *board.Board, d board.Digit, x, y board.Cell) []board.Candidate {
	l := b.Layout()
	var out []board.Candidate
	for _, p := range l.Peers(x) {
		if b.Has(p, d) && l.Sees(p, y) {
			out = append(out, board.Candidate{Cell: p, Digit: d})
		}
	}
	return out
}

// step returns the chain as a step of technique id.
func (c linkChain) step(id string) explain.Step {
	nodes := make([]explain.Node, len(c.cells))
	for i, cell := range c.cells {
		nodes[i] = explain.Node{Cells: []board.Cell{cell}, Digits: board.DigitsOf(c.d)}
	}
	return explain.Step{
		Technique:    id,
		Eliminations: c.elims,
		Pattern: explain.Pattern{
			Digits: board.DigitsOf(c.d),
			Cells:  slices.Clone(c.cells[:]),
			Houses: slices.Clone(c.houses[:]),
			Chains: []explain.Chain{{Nodes: nodes, Links: []explain.LinkKind{explain.Strong, explain.Weak, explain.Strong}}},
		},
	}
}

// linkChains is the finder of the chains of two conjugate pairs of the given shape.
func linkChains(id string, shape chainShape) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		forEachLinkChain(b, shape, p.st.sc.digitQuietOf(id, b), func(c linkChain) bool { return report(c.step(id)) })
	}
}

// dualKites finds pairs of 2-String Kites through the same two box cells with
// different eliminations. Like HoDoKu it does not ask the two kites to share a digit:
// two digits can each have a row pair and a column pair at the same two cells, and two
// cases of HoDoKu's library (code 0404) are such pairs.
func dualKites(p *Pass) {
	b, report := p.Board(), p.Report
	var kites []linkChain
	forEachLinkChain(b, shapeKite, nil, func(c linkChain) bool {
		kites = append(kites, c)
		return true
	})
	for i, x := range kites {
		for _, y := range kites[i+1:] {
			sameBox := x.cells[1] == y.cells[1] && x.cells[2] == y.cells[2] ||
				x.cells[1] == y.cells[2] && x.cells[2] == y.cells[1]
			if sameBox && !slices.Equal(x.elims, y.elims) && !report(dualStep(idDualTwoStringKite, x, y)) {
				return
			}
		}
	}
}

// dualStep joins two chains into one step: both chains, every elimination.
func dualStep(id string, x, y linkChain) explain.Step {
	s := x.step(id)
	t := y.step(id)
	s.Pattern.Digits |= t.Pattern.Digits
	s.Pattern.Chains = append(s.Pattern.Chains, t.Pattern.Chains...)
	s.Pattern.Cells = append(s.Pattern.Cells, t.Pattern.Cells...)
	s.Pattern.Houses = append(s.Pattern.Houses, t.Pattern.Houses...)
	s.Eliminations = mergeCandidates(x.elims, y.elims)
	return s
}

// mergeCandidates returns the candidates of x and y, sorted by cell then digit, once each.
func mergeCandidates(x, y []board.Candidate) []board.Candidate {
	out := append(slices.Clone(x), y...)
	slices.SortFunc(out, func(p, q board.Candidate) int {
		if p.Cell != q.Cell {
			return int(p.Cell) - int(q.Cell)
		}
		return int(p.Digit) - int(q.Digit)
	})
	return slices.Compact(out)
}

// rectangle is one empty rectangle with the conjugate pair that makes it eliminate:
// the box's places of d lie on arm (the line the pair touches, with P on it outside
// the box) and far (the other line); Q is P's partner, and E, in Q's line and far,
// loses d.
type rectangle struct {
	d        board.Digit
	box      board.House
	p, q, e  board.Cell
	armCells []board.Cell // the box's places on arm, off the crossing
	farCells []board.Cell // the box's places on far, the crossing included
}

// forEachRectangle calls fn for every empty rectangle with an elimination, digit by
// digit, box by box, until fn returns false. A box qualifies when its places of the
// digit all lie on one row and one column, with at least one place off the crossing on
// each. HoDoKu also asks one of the two lines to hold two places; a box with just two
// places is its variant 0402-1, and it is kept here (the pattern is then a turbot fish,
// which comes first in the pipeline anyway). The argument needs no rectangle: a jigsaw
// region, or a windoku window (after the boxes), whose places lie on a row and a column
// is an empty rectangle too; the crossing may then lie outside it.
func forEachRectangle(b *board.Board, q *digitQuiet, fn func(rectangle) bool) bool {
	l := b.Layout()
	n := l.N()
	for d := board.Digit(1); int(d) <= n; d++ {
		if q != nil && q.skip(b, d) {
			continue
		}
		found := false
		seen := func(r rectangle) bool {
			found = true
			return fn(r)
		}
		for h := range board.House(l.Houses()) {
			if !blocks.has(l.Kind(h)) {
				continue
			}
			p := b.Positions(h, d)
			if p.Count() < 2 {
				continue
			}
			cells := l.HouseCells(h)
			// The rows and columns of the places, as sets of row and column numbers.
			var rows, cols board.PosSet
			for q := p; q != 0; q &= q - 1 {
				c := cells[q.First()]
				rows |= 1 << l.RowOf(c)
				cols |= 1 << l.ColOf(c)
			}
			for rs := rows; rs != 0; rs &= rs - 1 {
				r := rs.First()
				for cs := cols; cs != 0; cs &= cs - 1 {
					c := cs.First()
					if !onRowAndColumn(l, cells, p, r, c) {
						continue
					}
					row, col := l.RowHouse(r), l.ColHouse(c)
					if !rectangleArms(b, d, h, row, col, seen) || !rectangleArms(b, d, h, col, row, seen) {
						return false
					}
				}
			}
		}
		if q != nil {
			q.done(b, d, found)
		}
	}
	return true
}

// onRowAndColumn reports whether the cells of a house at positions p all lie on row r
// or column c, with one at least on each off their crossing.
func onRowAndColumn(l *board.Layout, cells []board.Cell, p board.PosSet, r, c int) bool {
	onRow, onCol := false, false
	for ; p != 0; p &= p - 1 {
		x := cells[p.First()]
		xr, xc := l.RowOf(x) == r, l.ColOf(x) == c
		switch {
		case xr && xc:
		case xr:
			onRow = true
		case xc:
			onCol = true
		default:
			return false
		}
	}
	return onRow && onCol
}

// rectangleArms looks for the conjugate pairs that leave the box along arm and yields
// the rectangles they make with far.
func rectangleArms(b *board.Board, d board.Digit, box, arm, far board.House, fn func(rectangle) bool) bool {
	l := b.Layout()
	armKind := l.Kind(arm)
	pairKind := otherLine(armKind)
	var armCells, farCells []board.Cell
	line := l.HouseCells(arm)
	for ap := b.Positions(arm, d); ap != 0; ap &= ap - 1 {
		pc := line[ap.First()]
		if l.HouseSet(box).Has(pc) {
			continue
		}
		pairHouse := l.HousesOf(pc)[pairKind]
		pp := b.Positions(pairHouse, d)
		if pp.Count() != 2 {
			continue
		}
		hc := l.HouseCells(pairHouse)
		qc := hc[pp.First()]
		if qc == pc {
			qc = hc[(pp & (pp - 1)).First()]
		}
		// E lies in Q's line (of the arm's kind) and in far.
		e := crossing(l, l.HousesOf(qc)[armKind], far)
		if l.HouseSet(box).Has(e) || !b.Has(e, d) {
			continue
		}
		if armCells == nil {
			for _, c := range l.CellsIn(box, b.Positions(box, d)) {
				if l.HousesOf(c)[l.Kind(far)] == far {
					farCells = append(farCells, c)
				} else {
					armCells = append(armCells, c)
				}
			}
		}
		r := rectangle{d: d, box: box, p: pc, q: qc, e: e, armCells: armCells, farCells: farCells}
		if !fn(r) {
			return false
		}
	}
	return true
}

// crossing returns the cell where a row and a column (in either order) meet.
func crossing(l *board.Layout, x, y board.House) board.Cell {
	if l.Kind(x) != board.Row {
		x, y = y, x
	}
	return l.CellAt(l.Index(x), l.Index(y))
}

// step returns the rectangle as a step of technique id: the chain Q=P-arm=far, whose
// ends E sees.
func (r rectangle) step(id string) explain.Step {
	ds := board.DigitsOf(r.d)
	chain := explain.Chain{
		Nodes: []explain.Node{
			{Cells: []board.Cell{r.q}, Digits: ds},
			{Cells: []board.Cell{r.p}, Digits: ds},
			{Cells: slices.Clone(r.armCells), Digits: ds},
			{Cells: slices.Clone(r.farCells), Digits: ds},
		},
		Links: []explain.LinkKind{explain.Strong, explain.Weak, explain.Strong},
	}
	return explain.Step{
		Technique:    id,
		Eliminations: []board.Candidate{{Cell: r.e, Digit: r.d}},
		Pattern: explain.Pattern{
			Digits: ds,
			Cells:  []board.Cell{r.p, r.q},
			Houses: []board.House{r.box},
			Chains: []explain.Chain{chain},
		},
	}
}

// emptyRectangles is the finder of empty rectangles.
func emptyRectangles(id string) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		forEachRectangle(b, p.st.sc.digitQuietOf(id, b), func(r rectangle) bool { return report(r.step(id)) })
	}
}

// dualEmptyRectangles finds pairs of empty rectangles on the same box and digit (so
// the same places in the box) with different eliminations.
func dualEmptyRectangles(p *Pass) {
	b, report := p.Board(), p.Report
	var rs []rectangle
	flush := func() bool {
		for i, x := range rs {
			for _, y := range rs[i+1:] {
				if x.e == y.e {
					continue
				}
				s := x.step(idDualEmptyRectangle)
				t := y.step(idDualEmptyRectangle)
				s.Pattern.Chains = append(s.Pattern.Chains, t.Pattern.Chains...)
				s.Pattern.Cells = append(s.Pattern.Cells, t.Pattern.Cells...)
				s.Eliminations = mergeCandidates(s.Eliminations, t.Eliminations)
				if !report(s) {
					return false
				}
			}
		}
		rs = rs[:0]
		return true
	}
	ok := forEachRectangle(b, nil, func(r rectangle) bool {
		if len(rs) > 0 && (rs[0].d != r.d || rs[0].box != r.box) && !flush() {
			return false
		}
		rs = append(rs, r)
		return true
	})
	if ok {
		flush()
	}
}
