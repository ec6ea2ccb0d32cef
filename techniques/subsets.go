package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idLockedPair   = "locked-pair"
	idLockedTriple = "locked-triple"
	idNakedPair    = "naked-pair"
	idNakedTriple  = "naked-triple"
	idNakedQuad    = "naked-quad"
	idHiddenPair   = "hidden-pair"
	idHiddenTriple = "hidden-triple"
	idHiddenQuad   = "hidden-quad"
)

// Locked pair and triple sit between claiming (2.8) and naked pair (3.0): they are naked
// subsets, but the cells sit where a box meets a line, so the eliminations read like two
// locked candidates moves at once; the triple a little above the pair, three cells being
// harder to spot than two. (Sudoku Explainer has no rating of its own for them.)

// LockedPair is a naked pair whose two cells share a box and a line, and which clears
// both.
var LockedPair = Technique{
	ID:         idLockedPair,
	Difficulty: 2.9,
	Score:      40,
	Codes:      []string{"0110"},
	Doc: `Locked Pair

Two cells in the same box and the same row (or column) with the same two candidates
and no others: the two digits go into those two cells in some order. Since the cells
share two houses, both digits leave the rest of the box and the rest of the line. It
only counts as locked when both houses lose candidates; otherwise it is a naked pair.`,
	Find: nakedSubsets(idLockedPair, 2, lockedOnly),
}

// LockedTriple is a naked triple whose three cells share a box and a line, and which
// clears both.
var LockedTriple = Technique{
	ID:         idLockedTriple,
	Difficulty: 2.95,
	Score:      60,
	Codes:      []string{"0111"},
	Doc: `Locked Triple

Three cells where a box meets a row (or column), holding three digits between them
and no others: those digits fill those cells. As the cells lie in two houses at once,
the three digits leave the rest of the box and the rest of the line.`,
	Find: nakedSubsets(idLockedTriple, 3, lockedOnly),
}

// NakedPair removes two digits from a house where two cells hold only those digits.
var NakedPair = Technique{
	ID:         idNakedPair,
	Difficulty: 3.0,
	Score:      60,
	Codes:      []string{"0200"},
	Doc: `Naked Pair

Two cells of a house whose candidates are the same two digits must take those two
digits between them, so no other cell of the house can have either. When the two cells
also share a second house, that house is cleared as well.`,
	Find: nakedSubsets(idNakedPair, 2, anyNaked),
}

// NakedTriple removes three digits from a house where three cells hold only those digits.
var NakedTriple = Technique{
	ID:         idNakedTriple,
	Difficulty: 3.6,
	Score:      80,
	Codes:      []string{"0201"},
	Doc: `Naked Triple

Three cells of a house whose candidates together are only three digits (each cell need
not have all three) must hold exactly those digits, so the other cells of the house
lose them.`,
	Find: nakedSubsets(idNakedTriple, 3, anyNaked),
}

// NakedQuad removes four digits from a house where four cells hold only those digits.
var NakedQuad = Technique{
	ID:         idNakedQuad,
	Difficulty: 5.0,
	Score:      120,
	Codes:      []string{"0202"},
	Doc: `Naked Quadruple

Four cells of a house whose candidates together are only four digits take those four
digits, and the rest of the house loses them. The same reasoning as a pair, over more
cells, and much harder to see.`,
	Find: nakedSubsets(idNakedQuad, 4, anyNaked),
}

// HiddenPair clears two cells of a house down to the two digits that have no other place
// in it.
var HiddenPair = Technique{
	ID:         idHiddenPair,
	Difficulty: 3.4,
	Score:      70,
	Codes:      []string{"0210"},
	Doc: `Hidden Pair

When two digits can go in only the same two cells of a house, those cells must take
them, so any other candidate of the two cells goes. The pair is "hidden" among other
candidates until they are removed.`,
	Find: hiddenSubsets(idHiddenPair, 2),
}

// HiddenTriple clears three cells of a house down to the three digits that have no other
// place in it.
var HiddenTriple = Technique{
	ID:         idHiddenTriple,
	Difficulty: 4.0,
	Score:      100,
	Codes:      []string{"0211"},
	Doc: `Hidden Triple

When three digits can only go in the same three cells of a house (not every digit in
every cell), those cells are taken by them, and their other candidates go.`,
	Find: hiddenSubsets(idHiddenTriple, 3),
}

// HiddenQuad clears four cells of a house down to the four digits that have no other
// place in it.
var HiddenQuad = Technique{
	ID:         idHiddenQuad,
	Difficulty: 5.4,
	Score:      150,
	Codes:      []string{"0212"},
	Doc: `Hidden Quadruple

Four digits confined to the same four cells of a house fill those cells, so every other
candidate of the four cells goes. It is the mirror of a naked subset on the rest of the
house, and the hardest of the subsets to see.`,
	Find: hiddenSubsets(idHiddenQuad, 4),
}

// nakedFilter decides which naked subsets a technique reports.
type nakedFilter uint8

const (
	// anyNaked keeps every naked subset that removes something.
	anyNaked nakedFilter = iota
	// lockedOnly keeps subsets whose cells share a box and a line, and that remove
	// candidates in the box and in the line outside the box (HoDoKu's locked subsets).
	lockedOnly
)

// nakedSubsets is the finder of naked subsets of the given size: size cells of a house,
// each with two or more candidates, whose candidates together are size digits. Houses
// are looked at in index order (rows, columns, boxes); a subset whose cells share an
// earlier house was reported there, with the eliminations of every shared house.
func nakedSubsets(id string, size int, filter nakedFilter) Finder {
	return func(p *Pass) {
		b := p.Board()
		l := b.Layout()
		q := p.st.sc.houseQuietOf(id, b)
		defer q.finish(b)
		report := q.watch(p)
		var masks [board.MaxSize]uint32
		var pos [board.MaxSize]int
		for h := range board.House(l.Houses()) {
			if q.skip(h) {
				continue
			}
			m := 0
			for i, c := range l.HouseCells(h) {
				if k := b.Candidates(c).Count(); k >= 2 && k <= size {
					masks[m], pos[m] = uint32(b.Candidates(c)), i
					m++
				}
			}
			if m < size {
				q.tried(h)
				continue
			}
			ok := combos(masks[:m], size, func(items, union uint32) bool {
				var cells [4]board.Cell
				n := 0
				for ; items != 0; items &= items - 1 {
					cells[n] = l.HouseCells(h)[pos[bits.TrailingZeros32(items)]]
					n++
				}
				s, ok := nakedStep(b, h, cells[:n], board.DigitSet(union), filter)
				if !ok {
					return true
				}
				s.Technique = id
				return report(s)
			})
			if !ok {
				return
			}
			q.tried(h)
		}
	}
}

// nakedStep builds the step of the naked subset cells (found in h) with digits ds, or
// reports false when it removes nothing, was reported in an earlier house, or is not
// kept by filter.
func nakedStep(b *board.Board, h board.House, cells []board.Cell, ds board.DigitSet, filter nakedFilter) (explain.Step, bool) {
	l := b.Layout()
	var shared commonHouses
	shared.share(l, cells)
	var in board.CellSet
	for _, c := range cells {
		in.Add(c)
	}
	var clears [len(cellHouses{})]bool // the shared house loses candidates
	lineOutside := false
	box := shared.box()
	for k, g := range shared.houses {
		if !shared.same[k] {
			continue
		}
		if g < h {
			return explain.Step{}, false
		}
		for _, x := range l.HouseCells(g) {
			if in.Has(x) || b.Candidates(x)&ds == 0 {
				continue
			}
			clears[k] = true
			if k < 2 && l.HousesOf(x)[2] != box {
				lineOutside = true
			}
		}
	}
	if !slices.Contains(clears[:], true) {
		return explain.Step{}, false
	}
	if filter == lockedOnly && !(shared.same[2] && clears[2] && lineOutside) {
		return explain.Step{}, false
	}
	var hit board.CellSet
	s := explain.Step{Pattern: explain.Pattern{Digits: ds, Cells: append([]board.Cell(nil), cells...)}}
	for k, g := range shared.houses {
		if clears[k] {
			s.Pattern.Houses = append(s.Pattern.Houses, g)
			hit = hit.Or(l.HouseSet(g))
		}
	}
	for _, x := range hit.AndNot(in).Cells() {
		for rm := b.Candidates(x) & ds; rm != 0; rm &= rm - 1 {
			s.Eliminations = append(s.Eliminations, board.Candidate{Cell: x, Digit: rm.First()})
		}
	}
	return s, true
}

// hiddenSubsets is the finder of hidden subsets of the given size: size digits that,
// in one house, can only go in the same size cells, which then lose every other
// candidate. Houses are looked at boxes first, then rows, then columns; a subset that is
// hidden in an earlier house of its cells too was reported there.
func hiddenSubsets(id string, size int) Finder {
	return func(p *Pass) {
		b := p.Board()
		l := b.Layout()
		q := p.st.sc.houseQuietOf(id, b)
		defer q.finish(b)
		report := q.watch(p)
		var masks [board.MaxSize]uint32
		var digits [board.MaxSize]board.Digit
		for k := range l.Houses() {
			h := scanHouse(l, k)
			if q.skip(h) {
				continue
			}
			m := 0
			for ds := l.AllDigits() &^ b.PlacedIn(h); ds != 0; ds &= ds - 1 {
				d := ds.First()
				if p := b.Positions(h, d); p != 0 && p.Count() <= size {
					masks[m], digits[m] = uint32(p), d
					m++
				}
			}
			if m < size {
				q.tried(h)
				continue
			}
			ok := combos(masks[:m], size, func(items, union uint32) bool {
				var ds board.DigitSet
				for ; items != 0; items &= items - 1 {
					ds = ds.With(digits[bits.TrailingZeros32(items)])
				}
				s, ok := hiddenStep(b, h, board.PosSet(union), ds)
				if !ok {
					return true
				}
				s.Technique = id
				return report(s)
			})
			if !ok {
				return
			}
			q.tried(h)
		}
	}
}

// hiddenStep builds the step of digits ds hidden in the cells of h at positions p, or
// reports false when it removes nothing or is hidden in an earlier-scanned house too.
func hiddenStep(b *board.Board, h board.House, p board.PosSet, ds board.DigitSet) (explain.Step, bool) {
	l := b.Layout()
	cells := l.HouseCells(h)
	removes := false
	for q := p; q != 0; q &= q - 1 {
		if b.Candidates(cells[q.First()])&^ds != 0 {
			removes = true
			break
		}
	}
	if !removes || hiddenEarlierSubset(b, h, p, ds) {
		return explain.Step{}, false
	}
	s := explain.Step{Pattern: explain.Pattern{Digits: ds, Cells: l.CellsIn(h, p), Houses: []board.House{h}}}
	for _, c := range s.Pattern.Cells {
		for rm := b.Candidates(c) &^ ds; rm != 0; rm &= rm - 1 {
			s.Eliminations = append(s.Eliminations, board.Candidate{Cell: c, Digit: rm.First()})
		}
	}
	return s, true
}

// hiddenEarlierSubset reports whether the digits ds, hidden in the cells of h at p, are
// confined to the same cells in another house scanned before h.
func hiddenEarlierSubset(b *board.Board, h board.House, p board.PosSet, ds board.DigitSet) bool {
	l := b.Layout()
	cells := l.HouseCells(h)
	var shared commonHouses
	shared.shareAt(l, cells, p)
	for k, g := range shared.houses {
		if !shared.same[k] || scanRank(l, g) >= scanRank(l, h) {
			continue
		}
		var inG board.PosSet
		for q := p; q != 0; q &= q - 1 {
			inG |= 1 << l.PosIn(cells[q.First()], g)
		}
		confined := true
		for d := ds; d != 0; d &= d - 1 {
			if gp := b.Positions(g, d.First()); gp == 0 || gp&^inG != 0 {
				confined = false
				break
			}
		}
		if confined {
			return true
		}
	}
	return false
}

// combos calls visit for every choice of size items (a bit set of indices into masks)
// whose masks together have exactly size bits, and stops as soon as visit returns
// false; it reports whether it ran to the end. Naked subsets (cells by candidates),
// hidden subsets (digits by positions) and fish (lines by positions) all use it.
func combos(masks []uint32, size int, visit func(items, union uint32) bool) bool {
	return comboWalk(masks, size, 0, 0, 0, visit)
}

func comboWalk(masks []uint32, left, start int, items, union uint32, visit func(items, union uint32) bool) bool {
	if left == 0 {
		if bits.OnesCount32(union) == bits.OnesCount32(items) {
			return visit(items, union)
		}
		return true
	}
	size := bits.OnesCount32(items) + left
	for i := start; i <= len(masks)-left; i++ {
		u := union | masks[i]
		if bits.OnesCount32(u) > size {
			continue
		}
		if !comboWalk(masks, left-1, i+1, items|1<<uint(i), u, visit) {
			return false
		}
	}
	return true
}
