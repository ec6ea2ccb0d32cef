package techniques

import (
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idUR1      = "unique-rectangle-1"
	idUR2      = "unique-rectangle-2"
	idUR3      = "unique-rectangle-3"
	idUR4      = "unique-rectangle-4"
	idUR5      = "unique-rectangle-5"
	idUR6      = "unique-rectangle-6"
	idHiddenUR = "hidden-rectangle"
	idAR1      = "avoidable-rectangle-1"
	idAR2      = "avoidable-rectangle-2"
	idBUGPlus1 = "bug-plus-1"
	uniqueNote = "This step relies on the puzzle having a single solution."
)

// Every technique here rests on one fact: a puzzle with a single solution cannot end
// in a deadly pattern, four cells at the corners of a rectangle over two rows, two
// columns and two boxes holding x and y crosswise (or, for BUG+1, a grid where every
// cell has two candidates and every digit two places per house), because the two
// digits could then be swapped into a second solution. They set NeedsUnique.
//
// The swap gives a second solution only when every house holding corners holds two of
// them and nothing else constrains the four cells: an X diagonal or a windoku window
// through one corner, a jigsaw region that is not a rectangle's pair of boxes, or a
// killer cage (its sum changes with the swap when it holds one corner) can break it.
// The rectangles check exactly that on a variant (deadlyShape): every house and every
// cage holding a corner holds two, on one side of the rectangle, so the swap keeps
// every rule; on a classic layout it is the "two boxes" of the classic patterns. BUG+1
// counts the places in every house, diagonals and windows too; its second solution
// would break a cage's sum, so it does not hold on a killer (Holds: noCages).
//
// Difficulties on the Sudoku Explainer scale: Explainer rates unique rectangle types
// 1, 2 and 4 at 4.5 and type 3 from 4.5 up with the size of its subset, and BUG+1 at
// 5.6. Types 5 and 6 (HoDoKu's) and the avoidable rectangles are no harder to check
// than types 2 and 4: 4.6 and 4.5. The hidden rectangle reads strong links through
// cells that are not bivalue, a little harder: 4.7. Scores are HoDoKu's (100 each).

// The pattern of every rectangle step: Cells are the four corners in grid order (top
// left, top right, bottom left, bottom right); Digits are the rectangle's two digits.
// Each type adds what it needs, said on its value.

// noCages holds on layouts without killer cages: BUG+1's second solution (every cell
// takes its other candidate) keeps each digit once in every house, whatever the houses,
// but not a cage's sum.
func noCages(l *board.Layout) bool { return l.Variant()&board.Killer == 0 }

// UniqueRectangle1 removes both digits from the one corner of a rectangle that has
// more than them.
var UniqueRectangle1 = Technique{
	ID:          idUR1,
	Difficulty:  4.5,
	Score:       100,
	Codes:       []string{"0600"},
	NeedsUnique: true,
	Doc: `Unique Rectangle Type 1

Four cells at the corners of a rectangle, in two rows, two columns and two boxes, all
could hold x and y, and three of them hold nothing else. If the fourth were x or y too,
the four cells would take x and y crosswise, and swapping them would give a second
solution. ` + uniqueNote + ` So the fourth corner is neither x nor y.`,
	Find: rectangles(ur1),
}

// UniqueRectangle2 is a rectangle whose two other corners, in one row or column, both
// have the same one extra digit z: one of them is z, so z leaves the cells that see
// both.
//
// Pattern: Sets holds the two corners with the extra digit z.
var UniqueRectangle2 = Technique{
	ID:          idUR2,
	Difficulty:  4.5,
	Score:       100,
	Codes:       []string{"0601"},
	NeedsUnique: true,
	Doc: `Unique Rectangle Type 2

Two corners of a rectangle (two rows, two columns, two boxes) hold only x and y; the
two other corners, in one row or column, hold x, y and one more digit z. Unless one of
them is z, the four cells take x and y crosswise and the puzzle has two solutions. ` +
		uniqueNote + ` So one of the two is z, and z can go in no cell that sees both.`,
	Find: rectangles(ur2),
}

// UniqueRectangle3 is a rectangle whose two other corners, in one house, act as one
// cell holding their extra digits, which forms a naked subset with other cells of the
// house.
//
// Pattern: Houses is the house of the subset; Sets holds the two corners with their
// extra digits, then the other cells of the subset with all the subset's digits.
var UniqueRectangle3 = Technique{
	ID:          idUR3,
	Difficulty:  4.6,
	Score:       100,
	Codes:       []string{"0602"},
	NeedsUnique: true,
	Doc: `Unique Rectangle Type 3

Two corners of a rectangle (two rows, two columns, two boxes) hold only x and y; the
two others share a house and have other digits too. ` + uniqueNote + ` One of
those two must take one of its other digits, so together they act like a single cell
holding just their extra digits. If that pseudo-cell and k-1 other cells of the house
hold only k digits between them, they are a naked subset: the k digits leave the
rest of the house.`,
	Find: rectangles(ur3),
}

// UniqueRectangle4 is a rectangle whose two other corners share a house where one of
// the rectangle's digits has no other place: that digit is in one of them, so the
// other digit can be in neither.
//
// Pattern: Houses is the house of the strong link; Sets holds the two corners with the
// digit locked in them.
var UniqueRectangle4 = Technique{
	ID:          idUR4,
	Difficulty:  4.5,
	Score:       100,
	Codes:       []string{"0603"},
	NeedsUnique: true,
	Doc: `Unique Rectangle Type 4

Two corners of a rectangle (two rows, two columns, two boxes) hold only x and y; the
two others share a house in which x has no place but these two corners, so one of them
is x. ` + uniqueNote + ` If either were y, the four corners would hold x and y
crosswise and could be swapped, so y goes from both.`,
	Find: rectangles(ur4),
}

// UniqueRectangle5 is a rectangle whose non-bivalue corners (two diagonal ones, or
// three) all have the same one extra digit z: one of them is z.
//
// Pattern: Sets holds the corners with the extra digit z.
var UniqueRectangle5 = Technique{
	ID:          idUR5,
	Difficulty:  4.6,
	Score:       100,
	Codes:       []string{"0604"},
	NeedsUnique: true,
	Doc: `Unique Rectangle Type 5

One corner of a rectangle (two rows, two columns, two boxes), or two diagonal corners,
hold only x and y; every other corner holds x, y and the same one digit z. ` +
		uniqueNote + ` Unless one of those corners is z, the rectangle holds x and y
crosswise and has two solutions, so z can go in no cell that sees all of them.`,
	Find: rectangles(ur5),
}

// UniqueRectangle6 is a rectangle with two diagonal bivalue corners where one digit
// forms an X-Wing on the rectangle's rows and columns: it must sit in the bivalue
// corners, so it leaves the other two.
//
// Pattern: Houses are the two rows and the two columns of the X-Wing.
var UniqueRectangle6 = Technique{
	ID:          idUR6,
	Difficulty:  4.6,
	Score:       100,
	Codes:       []string{"0605"},
	NeedsUnique: true,
	Doc: `Unique Rectangle Type 6

Two diagonal corners of a rectangle (two rows, two columns, two boxes) hold only x and
y, and in both rows and both columns x has no place outside the rectangle. So x is in
two diagonal corners: the bivalue ones or the other two. If it were in the other two,
the bivalue corners would both be y and the rectangle would hold x and y crosswise.
` + uniqueNote + ` So x goes from the two corners that are not bivalue.`,
	Find: rectangles(ur6),
}

// HiddenRectangle is a rectangle with a bivalue corner where one digit has no place
// outside the rectangle in the row and the column of the opposite corner: the opposite
// corner cannot be the other digit.
//
// Pattern: Houses are the row and the column of the corner that loses the digit.
var HiddenRectangle = Technique{
	ID:          idHiddenUR,
	Difficulty:  4.7,
	Score:       100,
	Codes:       []string{"0606"},
	NeedsUnique: true,
	Doc: `Hidden Rectangle

One corner of a rectangle (two rows, two columns, two boxes) holds only x and y (or
two diagonal corners do). In the row and the column through the opposite corner, x
has no place outside the rectangle. If that opposite corner were y, x would have to
take the two corners beside it, the bivalue corner would be y, and the rectangle
would hold x and y crosswise. ` + uniqueNote + ` So the opposite corner is not y.`,
	Find: rectangles(hiddenRectangle),
}

// urRect is a candidate unique rectangle: four empty cells over two rows, two columns
// and two boxes where both digits of pair could go. Corner i's opposite is 3-i; 0 and
// 1 share a row, as do 2 and 3; 0 and 2 share a column, as do 1 and 3.
type urRect struct {
	cells [4]board.Cell
	pair  board.DigitSet
	// floor has bit i set when corner i holds nothing but the pair's digits.
	floor uint8
	// roof lists the other corners, in corner order, nRoof of them.
	roof  [4]int
	nRoof int
}

func (r *urRect) floors() int { return 4 - r.nRoof }

// roofs returns the corners that hold more than the pair, in corner order.
func (r *urRect) roofs() []int { return r.roof[:r.nRoof] }

// oppositeCorners reports whether corners i and j are opposite.
func oppositeCorners(i, j int) bool { return i+j == 3 }

func (r *urRect) step(id string, elims []board.Candidate) explain.Step {
	return explain.Step{
		Technique:    id,
		Eliminations: elims,
		Pattern:      explain.Pattern{Digits: r.pair, Cells: slices.Clone(r.cells[:])},
	}
}

// urCheck looks for one type of step on a rectangle; it returns false when report
// asked to stop.
type urCheck func(b *board.Board, r *urRect, report func(explain.Step) bool) bool

// rectangles calls check on every candidate unique rectangle of b (findRectangles), in
// order, until report asks to stop. The rectangles are kept for the state
// (stateResults.urRects): the pipeline tries the seven rectangle types one after
// another on one state, and finding the rectangles was most of what each cost.
func rectangles(check urCheck) Finder {
	return checkEach(func(r *stateResults) *memo[[]urRect] { return &r.urRects }, findRectangles, check)
}

// findRectangles lists every candidate unique rectangle of b: rows and columns in
// order, and for each rectangle each pair of digits that one of its corners holds
// alone (every unique rectangle type needs such a corner). Both digits must be free
// in every corner, meaning not placed in a house of it; a corner may miss one as a
// candidate, since a candidate removed by sound logic is absent from every solution,
// the swapped one included, and the deadly pattern still cannot be the answer.
func findRectangles(b *board.Board) []urRect {
	l := b.Layout()
	n := l.N()
	classic := l.Variant() == 0
	// free[c]: the digits not placed in a house of c (0 for a filled cell);
	// pairs[c]: c's candidates when it has exactly two, else 0.
	free := make([]board.DigitSet, l.Cells())
	pairs := make([]board.DigitSet, l.Cells())
	for c := range board.Cell(l.Cells()) {
		if b.Value(c) != 0 {
			continue
		}
		free[c] = freeDigits(b, c, classic)
		if cs := b.Candidates(c); cs.Count() == 2 {
			pairs[c] = cs
		}
	}
	var out []urRect
	// stack[c] and band[r]: the box column and box row of a column and a row (on a
	// classic layout; a variant asks deadlyShape).
	stack, band := make([]int, n), make([]int, n)
	for i := range n {
		if classic {
			stack[i], band[i] = i/l.BoxCols(), i/l.BoxRows()
		}
	}
	cols := make([]int, 0, n)
	biv := make([]bool, n)
	for r1 := range n {
		for r2 := r1 + 1; r2 < n; r2++ {
			// The columns where both rows have an empty cell, and whether one of
			// the two is bivalue (a rectangle needs such a corner); then pairs of
			// them that make exactly two boxes: the rows share a band or the
			// columns a stack, not both.
			cols = cols[:0]
			for c := range n {
				a, d := l.CellAt(r1, c), l.CellAt(r2, c)
				if free[a] != 0 && free[d] != 0 {
					cols = append(cols, c)
					biv[c] = pairs[a]|pairs[d] != 0
				}
			}
			sameBand := band[r1] == band[r2]
			for i, c1 := range cols {
				for _, c2 := range cols[i+1:] {
					if !biv[c1] && !biv[c2] || classic && sameBand == (stack[c1] == stack[c2]) {
						continue
					}
					cells := [4]board.Cell{l.CellAt(r1, c1), l.CellAt(r1, c2), l.CellAt(r2, c1), l.CellAt(r2, c2)}
					if !classic && !deadlyShape(l, cells) {
						continue
					}
					out = appendRectanglePairs(out, b, cells, free, pairs)
				}
			}
		}
	}
	return out
}

// freeDigits returns the digits not placed in a house of c nor, on a variant, in any
// cell c sees (a diagonal, a window, a cage).
func freeDigits(b *board.Board, c board.Cell, classic bool) board.DigitSet {
	l := b.Layout()
	if classic {
		hs := l.HousesOf(c)
		return l.AllDigits() &^ (b.PlacedIn(hs[0]) | b.PlacedIn(hs[1]) | b.PlacedIn(hs[2]))
	}
	free := l.AllDigits()
	for _, p := range l.Peers(c) {
		if v := b.Value(p); v != 0 {
			free = free.Without(v)
		}
	}
	return free
}

// deadlyShape reports whether swapping two digits crosswise on the four corners (in
// grid order: top left, top right, bottom left, bottom right) keeps every rule of l:
// each house and each cage holding a corner holds exactly two, on one side of the
// rectangle. Then they keep their digits and their sums; a house or cage with one
// corner, or two opposite ones, would not. On a classic layout this is "the corners
// lie in two boxes".
func deadlyShape(l *board.Layout, cells [4]board.Cell) bool {
	for _, c := range cells {
		for _, h := range l.AllHousesOf(c) {
			if !onOneSide(l.HouseSet(h), cells) {
				return false
			}
		}
		if k, ok := l.CageOf(c); ok && !onOneSide(l.Cages()[k].Set(), cells) {
			return false
		}
	}
	return true
}

// onOneSide reports whether s holds exactly two of the corners, on one side of the
// rectangle (top, bottom, left or right).
func onOneSide(s board.CellSet, cells [4]board.Cell) bool {
	m := 0
	for k, c := range cells {
		if s.Has(c) {
			m |= 1 << k
		}
	}
	return m == 0b0011 || m == 0b1100 || m == 0b0101 || m == 0b1010
}

// appendRectanglePairs appends the rectangle on cells for each pair of digits a corner
// holds alone, once per pair, when both digits are free in every corner.
func appendRectanglePairs(out []urRect, b *board.Board, cells [4]board.Cell, free, pairs []board.DigitSet) []urRect {
	for i, c := range cells {
		pair := pairs[c]
		if pair == 0 {
			continue
		}
		ok := true
		for k, o := range cells {
			if k < i && pairs[o] == pair || free[o]&pair != pair {
				ok = false // tried from an earlier corner, or a digit is placed nearby
			}
		}
		if !ok {
			continue
		}
		r := urRect{cells: cells, pair: pair}
		for k, o := range cells {
			if b.Candidates(o)&^pair == 0 {
				r.floor |= 1 << k
			} else {
				r.roof[r.nRoof] = k
				r.nRoof++
			}
		}
		out = append(out, r)
	}
	return out
}

func ur1(b *board.Board, r *urRect, report func(explain.Step) bool) bool {
	if r.floors() != 3 {
		return true
	}
	roof := r.cells[r.roofs()[0]]
	elims := cellElims(roof, b.Candidates(roof)&r.pair)
	if len(elims) == 0 {
		return true
	}
	return report(r.step(idUR1, elims))
}

// oneExtra returns the one digit every roof corner holds beyond the pair, if there is
// exactly one and all roofs hold it alone.
func (r *urRect) oneExtra(b *board.Board, roofs []int) (board.Digit, bool) {
	var extra board.DigitSet
	for _, i := range roofs {
		e := b.Candidates(r.cells[i]) &^ r.pair
		if extra != 0 && e != extra {
			return 0, false
		}
		extra = e
	}
	return extra.Single()
}

// extraStep is the step of types 2 and 5: z goes from the cells that see every roof.
func (r *urRect) extraStep(b *board.Board, id string, roofs []int, z board.Digit) (explain.Step, bool) {
	l := b.Layout()
	see := l.PeerSet(r.cells[roofs[0]])
	cs := make([]board.Cell, len(roofs))
	for k, i := range roofs {
		see = see.And(l.PeerSet(r.cells[i]))
		cs[k] = r.cells[i]
	}
	elims := digitElims(b, see, z)
	if len(elims) == 0 {
		return explain.Step{}, false
	}
	s := r.step(id, elims)
	s.Pattern.Sets = []explain.Group{{Cells: cs, Digits: board.DigitsOf(z)}}
	return s, true
}

// extraOnRoofs is the check of types 2 and 5: the roofs (a shape roofsFit accepts)
// hold the pair and one same extra digit z, which leaves the cells that see every roof.
func extraOnRoofs(id string, roofsFit func(roofs []int) bool) urCheck {
	return func(b *board.Board, r *urRect, report func(explain.Step) bool) bool {
		roofs := r.roofs()
		if !roofsFit(roofs) {
			return true
		}
		z, ok := r.oneExtra(b, roofs)
		if !ok {
			return true
		}
		if s, ok := r.extraStep(b, id, roofs, z); ok {
			return report(s)
		}
		return true
	}
}

// Type 2: two roofs on one side; type 5: two roofs on a diagonal, or three.
var (
	ur2 = extraOnRoofs(idUR2, func(roofs []int) bool {
		return len(roofs) == 2 && !oppositeCorners(roofs[0], roofs[1])
	})
	ur5 = extraOnRoofs(idUR5, func(roofs []int) bool {
		return len(roofs) == 3 || len(roofs) == 2 && oppositeCorners(roofs[0], roofs[1])
	})
)

// housesOfBoth returns the houses that hold both cells, in house order (a variant's
// diagonals and windows after the row, column and box).
func housesOfBoth(l *board.Layout, a, c board.Cell) []board.House {
	var out []board.House
	var buf cellHouses
	for _, h := range housesOf(l, a, &buf) {
		if l.HouseSet(h).Has(c) {
			out = append(out, h)
		}
	}
	return out
}

func ur3(b *board.Board, r *urRect, report func(explain.Step) bool) bool {
	roofs := r.roofs()
	if len(roofs) != 2 || oppositeCorners(roofs[0], roofs[1]) {
		return true
	}
	l := b.Layout()
	p, q := r.cells[roofs[0]], r.cells[roofs[1]]
	extra := (b.Candidates(p) | b.Candidates(q)) &^ r.pair
	seen := map[string]bool{}
	for _, h := range housesOfBoth(l, p, q) {
		// The subset's other cells: empty, outside the rectangle, without x or y.
		var pool []board.Cell
		for _, c := range l.HouseCells(h) {
			if c != p && c != q && b.Value(c) == 0 && b.Candidates(c)&r.pair == 0 {
				pool = append(pool, c)
			}
		}
		for size := 1; size <= len(pool); size++ {
			if !cellCombos(pool, size, func(sub []board.Cell) bool {
				return ur3Subset(b, r, h, p, q, extra, sub, seen, report)
			}) {
				return false
			}
		}
	}
	return true
}

// ur3Subset checks one choice of the other cells of a type 3 subset.
func ur3Subset(b *board.Board, r *urRect, h board.House, p, q board.Cell, extra board.DigitSet, sub []board.Cell, seen map[string]bool, report func(explain.Step) bool) bool {
	l := b.Layout()
	digits := extra
	for _, c := range sub {
		digits |= b.Candidates(c)
	}
	if digits.Count() != len(sub)+1 {
		return true
	}
	members := append([]board.Cell{p, q}, sub...)
	line, box := lineOfAll(l, members), boxOfAll(l, members)
	if l.Kind(h) == board.Box && line >= 0 {
		return true // the same subset in a line: found there
	}
	var in board.CellSet
	in.Add(p)
	in.Add(q)
	for _, c := range sub {
		in.Add(c)
	}
	targets := l.HouseSet(h)
	if l.Kind(h) != board.Box && box >= 0 {
		targets = targets.Or(l.HouseSet(box)) // a locked subset clears its box too
	}
	var elims []board.Candidate
	for _, c := range targets.AndNot(in).Cells() {
		elims = append(elims, cellElims(c, b.Candidates(c)&digits)...)
	}
	if len(elims) == 0 {
		return true
	}
	key := elimKey(elims)
	if seen[key] {
		return true
	}
	seen[key] = true
	s := r.step(idUR3, elims)
	s.Pattern.Houses = []board.House{h}
	s.Pattern.Sets = []explain.Group{
		{Cells: []board.Cell{p, q}, Digits: extra},
		{Cells: append([]board.Cell(nil), sub...), Digits: digits},
	}
	return report(s)
}

// lineOfAll returns the row or column all cells share, or -1.
func lineOfAll(l *board.Layout, cs []board.Cell) board.House {
	for k := range 2 {
		h := l.HousesOf(cs[0])[k]
		all := true
		for _, c := range cs[1:] {
			if l.HousesOf(c)[k] != h {
				all = false
			}
		}
		if all {
			return h
		}
	}
	return -1
}

// boxOfAll returns the box all cells share, or -1.
func boxOfAll(l *board.Layout, cs []board.Cell) board.House {
	h := l.HousesOf(cs[0])[2]
	for _, c := range cs[1:] {
		if l.HousesOf(c)[2] != h {
			return -1
		}
	}
	return h
}

// cellCombos calls fn with every subset of size k of cells, in lexicographic order,
// until fn returns false; it reports whether it ran to the end.
func cellCombos(cells []board.Cell, k int, fn func([]board.Cell) bool) bool {
	sub := make([]board.Cell, 0, k)
	var rec func(start int) bool
	rec = func(start int) bool {
		if len(sub) == k {
			return fn(sub)
		}
		for i := start; i <= len(cells)-(k-len(sub)); i++ {
			sub = append(sub, cells[i])
			if !rec(i + 1) {
				return false
			}
			sub = sub[:len(sub)-1]
		}
		return true
	}
	return rec(0)
}

// ur4 needs the strong link in one house that holds both roof corners; HoDoKu asks
// for it in every cell that sees both, which finds a subset of these.
func ur4(b *board.Board, r *urRect, report func(explain.Step) bool) bool {
	roofs := r.roofs()
	if len(roofs) != 2 || oppositeCorners(roofs[0], roofs[1]) {
		return true
	}
	l := b.Layout()
	p, q := r.cells[roofs[0]], r.cells[roofs[1]]
	var done board.DigitSet
	for _, h := range housesOfBoth(l, p, q) {
		pp, pq := 1<<l.PosIn(p, h), 1<<l.PosIn(q, h)
		for _, u := range r.pair.Digits() {
			if b.Positions(h, u)&^board.PosSet(pp|pq) != 0 {
				continue
			}
			v := r.pair.Without(u).First()
			if done.Has(v) {
				continue // the same elimination through another shared house
			}
			var elims []board.Candidate
			for _, c := range []board.Cell{p, q} {
				if b.Has(c, v) {
					elims = append(elims, board.Candidate{Cell: c, Digit: v})
				}
			}
			if len(elims) == 0 {
				continue
			}
			done = done.With(v)
			s := r.step(idUR4, elims)
			s.Pattern.Houses = []board.House{h}
			s.Pattern.Sets = []explain.Group{{Cells: []board.Cell{p, q}, Digits: board.DigitsOf(u)}}
			if !report(s) {
				return false
			}
		}
	}
	return true
}

// onlyInRect reports whether u has no place in house h outside the rectangle.
func (r *urRect) onlyInRect(b *board.Board, h board.House, u board.Digit) bool {
	l := b.Layout()
	var mask board.PosSet
	for _, c := range r.cells {
		if i := l.PosIn(c, h); i >= 0 {
			mask |= 1 << i
		}
	}
	return b.Positions(h, u)&^mask == 0
}

func ur6(b *board.Board, r *urRect, report func(explain.Step) bool) bool {
	roofs := r.roofs()
	if len(roofs) != 2 || !oppositeCorners(roofs[0], roofs[1]) {
		return true
	}
	l := b.Layout()
	hs := []board.House{
		l.HousesOf(r.cells[0])[0], l.HousesOf(r.cells[3])[0],
		l.HousesOf(r.cells[0])[1], l.HousesOf(r.cells[3])[1],
	}
	for _, u := range r.pair.Digits() {
		ok := true
		for _, h := range hs {
			if !r.onlyInRect(b, h, u) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		var elims []board.Candidate
		for _, i := range roofs {
			if b.Has(r.cells[i], u) {
				elims = append(elims, board.Candidate{Cell: r.cells[i], Digit: u})
			}
		}
		if len(elims) == 0 {
			continue
		}
		s := r.step(idUR6, elims)
		s.Pattern.Houses = hs
		if !report(s) {
			return false
		}
	}
	return true
}

// hiddenRectangle looks from each bivalue corner at the opposite one, on rectangles
// with one bivalue corner or two diagonal ones, as HoDoKu does.
func hiddenRectangle(b *board.Board, r *urRect, report func(explain.Step) bool) bool {
	roofs := r.roofs()
	switch {
	case len(roofs) == 3:
	case len(roofs) == 2 && oppositeCorners(roofs[0], roofs[1]):
	default:
		return true // types 1, 2, 3 and 4 cover these shapes
	}
	l := b.Layout()
	for i := range 4 {
		if r.floor&(1<<i) == 0 {
			continue
		}
		d := r.cells[3-i]
		row, col := l.HousesOf(d)[0], l.HousesOf(d)[1]
		for _, u := range r.pair.Digits() {
			v := r.pair.Without(u).First()
			if !b.Has(d, v) || !r.onlyInRect(b, row, u) || !r.onlyInRect(b, col, u) {
				continue
			}
			s := r.step(idHiddenUR, []board.Candidate{{Cell: d, Digit: v}})
			s.Pattern.Houses = []board.House{row, col}
			if !report(s) {
				return false
			}
		}
	}
	return true
}

// cellElims returns the eliminations of the digits ds from cell c, in digit order.
func cellElims(c board.Cell, ds board.DigitSet) []board.Candidate {
	var out []board.Candidate
	for ; ds != 0; ds &= ds - 1 {
		out = append(out, board.Candidate{Cell: c, Digit: ds.First()})
	}
	return out
}

// AvoidableRectangle1 is a rectangle three of whose corners were placed while solving
// (none given) with x and y crosswise: the fourth corner cannot complete the pattern.
//
// Pattern: Cells are the four corners; Digits are x and y.
var AvoidableRectangle1 = Technique{
	ID:          idAR1,
	Difficulty:  4.5,
	Score:       100,
	Codes:       []string{"0607"},
	NeedsUnique: true,
	Doc: `Avoidable Rectangle Type 1

Four corners of a rectangle (two rows, two columns, two boxes), none of them a given:
three are already solved with x and y crosswise, and the fourth could complete the
pattern. If it did, swapping x and y in the four cells would give a second solution,
since no given pins them. ` + uniqueNote + ` So the fourth corner is not that digit.`,
	Find: avoidableRectangles(ar1),
}

// AvoidableRectangle2 is a rectangle two of whose corners, in one row or column, were
// placed while solving; the two empty corners each hold the digit that would complete
// the pattern plus the same one other digit z: one of them is z.
//
// Pattern: Cells are the four corners; Digits are x and y; Sets holds the two empty
// corners with z.
var AvoidableRectangle2 = Technique{
	ID:          idAR2,
	Difficulty:  4.5,
	Score:       100,
	Codes:       []string{"0608"},
	NeedsUnique: true,
	Doc: `Avoidable Rectangle Type 2

Four corners of a rectangle (two rows, two columns, two boxes), none of them a given:
two, in one row or column, are solved with x and y, and the other two hold only the
digit that would complete the pattern crosswise and one more digit z, the same in
both. If neither were z, the four cells would hold x and y crosswise, and swapping
them would give a second solution. ` + uniqueNote + ` So one of them is z, and z can
go in no cell that sees both.`,
	Find: avoidableRectangles(ar2),
}

// avoidRect is an avoidable rectangle: no corner given, the deadly digit of each
// corner known (want[i]) from the solved corners of its diagonal, every empty corner
// still holding its deadly digit; empty lists the empty corners (n of them).
type avoidRect struct {
	cells [4]board.Cell
	want  [4]board.Digit
	empty [2]int
	n     int
}

type avoidCheck func(b *board.Board, r *avoidRect, report func(explain.Step) bool) bool

// avoidableRectangles calls check on every avoidable rectangle of b (findAvoidable), in
// order, until report asks to stop. Both types look through the same list, kept for
// the state (stateResults.avoidRects).
func avoidableRectangles(check avoidCheck) Finder {
	return checkEach(func(r *stateResults) *memo[[]avoidRect] { return &r.avoidRects }, findAvoidable, check)
}

// findAvoidable lists every rectangle over two rows, two columns and two boxes whose
// corners are no givens, whose solved corners hold two digits crosswise, one at least
// on each diagonal, and whose empty corners can still complete it.
func findAvoidable(b *board.Board) []avoidRect {
	l := b.Layout()
	n := l.N()
	// solved[c]: c holds a digit placed while solving; given[c]: a given.
	solved := make([]bool, l.Cells())
	given := make([]bool, l.Cells())
	any := false
	for c := range board.Cell(l.Cells()) {
		given[c] = b.Given(c)
		solved[c] = b.Value(c) != 0 && !given[c]
		any = any || solved[c]
	}
	if !any {
		return nil
	}
	var out []avoidRect
	var r avoidRect
	cols := make([]int, 0, n)
	for r1 := range n {
		for r2 := r1 + 1; r2 < n; r2++ {
			// The columns where neither row has a given.
			cols = cols[:0]
			for c := range n {
				if !given[l.CellAt(r1, c)] && !given[l.CellAt(r2, c)] {
					cols = append(cols, c)
				}
			}
			classic := l.Variant() == 0
			sameBand := classic && r1/l.BoxRows() == r2/l.BoxRows()
			for i, c1 := range cols {
				a, c := l.CellAt(r1, c1), l.CellAt(r2, c1)
				for _, c2 := range cols[i+1:] {
					if classic && sameBand == (c1/l.BoxCols() == c2/l.BoxCols()) {
						continue // not exactly two boxes
					}
					bc, d := l.CellAt(r1, c2), l.CellAt(r2, c2)
					if !classic && !deadlyShape(l, [4]board.Cell{a, bc, c, d}) {
						continue
					}
					if !(solved[a] || solved[d]) || !(solved[bc] || solved[c]) {
						continue // a diagonal without a solved corner
					}
					if avoidable(b, [4]board.Cell{a, bc, c, d}, &r) {
						out = append(out, r)
					}
				}
			}
		}
	}
	return out
}

func avoidable(b *board.Board, cells [4]board.Cell, r *avoidRect) bool {
	*r = avoidRect{cells: cells}
	for i, c := range cells {
		if b.Given(c) {
			return false
		}
		v := b.Value(c)
		if v == 0 {
			continue
		}
		// Corners i and 3-i are the diagonal that holds the same digit.
		if w := r.want[i]; w != 0 && w != v {
			return false
		}
		r.want[i], r.want[3-i] = v, v
	}
	if r.want[0] == 0 || r.want[1] == 0 || r.want[0] == r.want[1] {
		return false
	}
	for i, c := range cells {
		if b.Value(c) != 0 {
			continue
		}
		if !b.Has(c, r.want[i]) || r.n == len(r.empty) {
			return false // the pattern is already broken, or too open to use
		}
		r.empty[r.n] = i
		r.n++
	}
	return r.n > 0
}

func (r *avoidRect) step(id string, elims []board.Candidate) explain.Step {
	return explain.Step{
		Technique:    id,
		Eliminations: elims,
		Pattern:      explain.Pattern{Digits: board.DigitsOf(r.want[0], r.want[1]), Cells: slices.Clone(r.cells[:])},
	}
}

// ar1 takes the open corner whatever its other candidates; HoDoKu only looks at a
// bivalue one, so it finds a subset of these. Both avoidable types take the solved
// corners in either orientation (a pair in one box, or in one line across two).
func ar1(b *board.Board, r *avoidRect, report func(explain.Step) bool) bool {
	if r.n != 1 {
		return true
	}
	i := r.empty[0]
	return report(r.step(idAR1, []board.Candidate{{Cell: r.cells[i], Digit: r.want[i]}}))
}

func ar2(b *board.Board, r *avoidRect, report func(explain.Step) bool) bool {
	if r.n != 2 {
		return true
	}
	i, j := r.empty[0], r.empty[1]
	p, q := r.cells[i], r.cells[j]
	zp, zq := b.Candidates(p).Without(r.want[i]), b.Candidates(q).Without(r.want[j])
	z, ok := zp.Single()
	if !ok || zq != zp {
		return true
	}
	l := b.Layout()
	elims := digitElims(b, l.PeerSet(p).And(l.PeerSet(q)), z)
	if len(elims) == 0 {
		return true
	}
	s := r.step(idAR2, elims)
	s.Pattern.Sets = []explain.Group{{Cells: []board.Cell{p, q}, Digits: board.DigitsOf(z)}}
	return report(s)
}

// BUGPlus1 is the bivalue universal grave plus one: every empty cell but one holds two
// candidates, and every digit has two places in each house but for one digit of that
// cell, which has three in each of its houses. The cell must be that digit.
//
// Pattern: Cells is the cell; Digits is the digit it must hold. The step removes the
// cell's other candidates (as HoDoKu does), which leaves a naked single.
var BUGPlus1 = Technique{
	ID:          idBUGPlus1,
	Difficulty:  5.6,
	Score:       100,
	Codes:       []string{"0610"},
	NeedsUnique: true,
	Holds:       noCages,
	Doc: `BUG+1

Bivalue universal grave plus one. Every empty cell has two candidates but one, which
has three, and every digit has exactly two places in each house, but one digit of that
cell, which has three places in its row, its column and its box. Without that digit in
that cell the grid would be a BUG: every cell and house a pair, which always has no
solution or several. ` + uniqueNote + ` So the cell holds that digit, and its other
candidates go.`,
	Find: findBUGPlus1,
}

func findBUGPlus1(p *Pass) {
	b, report := p.Board(), p.Report
	l := b.Layout()
	odd := board.Cell(-1)
	for c := range board.Cell(l.Cells()) {
		switch b.Candidates(c).Count() {
		case 0, 2:
		case 3:
			if odd >= 0 {
				return
			}
			odd = c
		default:
			return
		}
	}
	if odd < 0 {
		return
	}
	var extra board.Digit
	for h := range board.House(l.Houses()) {
		inOdd := l.HouseSet(h).Has(odd)
		for d := board.Digit(1); int(d) <= l.N(); d++ {
			switch b.Positions(h, d).Count() {
			case 0, 2:
			case 3:
				if !inOdd || !b.Has(odd, d) || extra != 0 && extra != d {
					return
				}
				extra = d
			default:
				return
			}
		}
	}
	if extra == 0 {
		return
	}
	for _, h := range l.AllHousesOf(odd) {
		if b.Positions(h, extra).Count() != 3 {
			return
		}
	}
	report(explain.Step{
		Technique:    idBUGPlus1,
		Eliminations: cellElims(odd, b.Candidates(odd).Without(extra)),
		Pattern:      explain.Pattern{Digits: board.DigitsOf(extra), Cells: []board.Cell{odd}},
	})
}
