package techniques

import (
	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// The IDs are constants because finders name their technique in the steps they report,
// and a finder cannot refer to the Technique value that holds it.
const (
	idFullHouse    = "full-house"
	idHiddenSingle = "hidden-single"
	idNakedSingle  = "naked-single"
)

// FullHouse places the one digit missing from a house that has one empty cell left.
var FullHouse = Technique{
	ID:         idFullHouse,
	Difficulty: 1.0,
	Score:      4,
	Codes:      []string{"0000"},
	Doc: `Full House

A house with a single empty cell is missing a single digit, and that digit can only go
in that cell. It is the first thing a solver sees: count the gaps, name the missing digit.`,
	Find: findFullHouse,
}

// HiddenSingle places a digit that has one place left in a house.
var HiddenSingle = Technique{
	ID: idHiddenSingle,
	// Sudoku Explainer rates a hidden single 1.2 in a box and 1.5 in a row or column;
	// one figure per technique, so the box rating, which also keeps it before naked single.
	Difficulty: 1.2,
	Score:      14,
	Codes:      []string{"0002"},
	Doc: `Hidden Single

Every house needs every digit once. When a digit can still go in only one cell of a
house, because every other cell already sees it or holds something else, it goes
there, however many candidates that cell has. Boxes are looked at first, then rows,
then columns, since a single hiding in a box is the easiest to spot; on a variant the
diagonals and windows come last.`,
	Find: findHiddenSingle,
}

// NakedSingle places the only candidate left in a cell.
var NakedSingle = Technique{
	ID:         idNakedSingle,
	Difficulty: 2.3,
	Score:      4,
	Codes:      []string{"0003"},
	Doc: `Naked Single

When the row, the column and the box of a cell already hold every digit but one
between them, that last digit is the only one the cell can take.`,
	Find: findNakedSingle,
}

// scanHouse returns the k-th house in the order singles are looked for: boxes first,
// then rows, then columns, then a variant's diagonals and windows (k counts from 0 to
// l.Houses()-1).
func scanHouse(l *board.Layout, k int) board.House {
	n := l.N()
	if k >= 3*n {
		return board.House(k)
	}
	return board.House((k + 2*n) % (3 * n))
}

// scanRank is the place of h in scanHouse order, so a finder can tell whether a house
// was already looked at.
func scanRank(l *board.Layout, h board.House) int {
	n := l.N()
	if int(h) >= 3*n {
		return int(h)
	}
	return (int(h) + n) % (3 * n)
}

// cellHouses holds the houses of one cell: row, column, box, and at most two diagonals
// (the centre of an X) and a window.
type cellHouses [6]board.House

// housesOf returns every house that holds c: its row, column and box, then a variant's
// diagonals and windows, in buf.
func housesOf(l *board.Layout, c board.Cell, buf *cellHouses) []board.House {
	hs := l.HousesOf(c)
	copy(buf[:], hs[:])
	out := buf[:3]
	for h := board.House(3 * l.N()); int(h) < l.Houses(); h++ {
		if l.HouseSet(h).Has(c) {
			out = append(out, h)
		}
	}
	return out
}

// lastCell returns the only empty cell of h and the only digit missing from it, when h
// has exactly one empty cell that still has that digit as a candidate.
func lastCell(b *board.Board, h board.House) (board.Cell, board.Digit, bool) {
	l := b.Layout()
	missing := l.AllDigits() &^ b.PlacedIn(h)
	d, ok := missing.Single()
	if !ok {
		return 0, 0, false
	}
	p := b.Positions(h, d)
	if p.Count() != 1 {
		return 0, 0, false
	}
	c := l.HouseCells(h)[p.First()]
	// A house with a digit twice can miss one digit and still have two gaps.
	for _, x := range l.HouseCells(h) {
		if x != c && b.Value(x) == 0 {
			return 0, 0, false
		}
	}
	return c, d, true
}

func findFullHouse(p *Pass) {
	b, report := p.Board(), p.Report
	l := b.Layout()
	for k := range l.Houses() {
		h := scanHouse(l, k)
		c, d, ok := lastCell(b, h)
		if !ok || fullEarlier(b, h, c, d) {
			continue
		}
		if !report(singleStep(idFullHouse, c, d, h)) {
			return
		}
	}
}

// fullEarlier reports whether c=d completes a house scanned before h, where it was
// reported already: the last cell of a grid completes its row, column and box at once.
func fullEarlier(b *board.Board, h board.House, c board.Cell, d board.Digit) bool {
	l := b.Layout()
	var buf cellHouses
	for _, g := range housesOf(l, c, &buf) {
		if scanRank(l, g) >= scanRank(l, h) {
			continue
		}
		if gc, gd, ok := lastCell(b, g); ok && gc == c && gd == d {
			return true
		}
	}
	return false
}

func findHiddenSingle(p *Pass) {
	b, report := p.Board(), p.Report
	l := b.Layout()
	for k := range l.Houses() {
		h := scanHouse(l, k)
		for ds := l.AllDigits() &^ b.PlacedIn(h); ds != 0; ds &= ds - 1 {
			d := ds.First()
			p := b.Positions(h, d)
			if p.Count() != 1 {
				continue
			}
			c := l.HouseCells(h)[p.First()]
			if hiddenEarlier(b, h, c, d) {
				continue
			}
			if !report(singleStep(idHiddenSingle, c, d, h)) {
				return
			}
		}
	}
}

// hiddenEarlier reports whether d has one place, c, in a house of c scanned before h,
// so the same placement is reported once, in the easiest house.
func hiddenEarlier(b *board.Board, h board.House, c board.Cell, d board.Digit) bool {
	l := b.Layout()
	var buf cellHouses
	for _, g := range housesOf(l, c, &buf) {
		if scanRank(l, g) < scanRank(l, h) && b.Positions(g, d).Count() == 1 {
			return true
		}
	}
	return false
}

func findNakedSingle(p *Pass) {
	b, report := p.Board(), p.Report
	l := b.Layout()
	for c := range board.Cell(l.Cells()) {
		d, ok := b.Candidates(c).Single()
		if !ok || b.Value(c) != 0 {
			continue
		}
		s := explain.Step{
			Technique:  idNakedSingle,
			Placements: []board.Candidate{{Cell: c, Digit: d}},
			Pattern:    explain.Pattern{Digits: board.DigitsOf(d), Cells: []board.Cell{c}},
		}
		if !report(s) {
			return
		}
	}
}

// singleStep is the step of a single that places d in c because of house h.
func singleStep(id string, c board.Cell, d board.Digit, h board.House) explain.Step {
	return explain.Step{
		Technique:  id,
		Placements: []board.Candidate{{Cell: c, Digit: d}},
		Pattern:    explain.Pattern{Digits: board.DigitsOf(d), Houses: []board.House{h}},
	}
}
