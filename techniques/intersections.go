package techniques

import (
	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idPointing = "locked-candidates-pointing"
	idClaiming = "locked-candidates-claiming"
)

// LockedCandidatesPointing removes a digit from a row or column when, inside one box,
// the digit is confined to that row or column.
var LockedCandidatesPointing = Technique{
	ID:         idPointing,
	Difficulty: 2.6,
	Score:      50,
	Codes:      []string{"0100"},
	Doc: `Locked Candidates Type 1 (Pointing)

When every place left for a digit in a box lies in one row (or one column), the box's
copy of that digit will end up in that line. So no other cell of the line, outside
the box, can hold it: the box "points" along the line and clears it.`,
	Find: lockedCandidates(idPointing, kinds(board.Box), kinds(board.Row, board.Column)),
}

// LockedCandidatesClaiming removes a digit from a box when, inside one row or column,
// the digit is confined to that box.
var LockedCandidatesClaiming = Technique{
	ID:         idClaiming,
	Difficulty: 2.8,
	Score:      50,
	Codes:      []string{"0101"},
	Doc: `Locked Candidates Type 2 (Claiming)

When every place left for a digit in a row (or column) lies inside one box, the line
will get that digit from the box. The box therefore cannot use the digit anywhere off
the line: the line claims it, and the rest of the box loses it.`,
	Find: lockedCandidates(idClaiming, kinds(board.Row, board.Column), kinds(board.Box)),
}

// kindSet is a set of house kinds, bit k for HouseKind k.
type kindSet uint8

func kinds(ks ...board.HouseKind) kindSet {
	var s kindSet
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

func (s kindSet) has(k board.HouseKind) bool { return s&(1<<k) != 0 }

// lockedCandidates is the finder of both locked candidates types: in each base house
// (of a kind in base), a digit whose two or more places all lie in one other house
// (of a kind in cover) is removed from the rest of that house. A lone place is a
// hidden single and is left to that technique.
func lockedCandidates(id string, base, cover kindSet) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		l := b.Layout()
		n := l.N()
		for h := range board.House(l.Houses()) {
			// Houses are numbered rows, columns, boxes; HousesOf lists a cell's row,
			// column and box in that order, so house kinds need no lookup below.
			if !base.has(board.HouseKind(int(h) / n)) {
				continue
			}
			cells := l.HouseCells(h)
			for ds := l.AllDigits() &^ b.PlacedIn(h); ds != 0; ds &= ds - 1 {
				d := ds.First()
				p := b.Positions(h, d)
				if p.Count() < 2 {
					continue
				}
				for k, g := range l.HousesOf(cells[p.First()]) {
					if !cover.has(board.HouseKind(k)) || g == h || !allShare(l, cells, p, k, g) {
						continue
					}
					var inBase board.PosSet
					for q := p; q != 0; q &= q - 1 {
						inBase |= 1 << l.PosIn(cells[q.First()], g)
					}
					out := b.Positions(g, d) &^ inBase
					if out == 0 {
						continue
					}
					s := explain.Step{
						Technique:    id,
						Eliminations: candidatesAt(l, g, out, d),
						Pattern: explain.Pattern{
							Digits: board.DigitsOf(d),
							Base:   []board.House{h},
							Cover:  []board.House{g},
							Cells:  l.CellsIn(h, p),
						},
					}
					if !report(s) {
						return
					}
				}
			}
		}
	}
}

// allShare reports whether every cell of a house at positions p has g as its house
// number k (0 row, 1 column, 2 box).
func allShare(l *board.Layout, cells []board.Cell, p board.PosSet, k int, g board.House) bool {
	for ; p != 0; p &= p - 1 {
		if l.HousesOf(cells[p.First()])[k] != g {
			return false
		}
	}
	return true
}

// commonHouses says which of the row, column and box of a group of cells all of them
// share.
type commonHouses struct {
	houses [3]board.House
	same   [3]bool
}

// sharedHouses returns the houses shared by the cells of a house at positions p (p not
// empty).
func sharedHouses(l *board.Layout, cells []board.Cell, p board.PosSet) commonHouses {
	first := true
	var s commonHouses
	for ; p != 0; p &= p - 1 {
		hs := l.HousesOf(cells[p.First()])
		if first {
			s.houses, s.same, first = hs, [3]bool{true, true, true}, false
			continue
		}
		for k := range hs {
			s.same[k] = s.same[k] && hs[k] == s.houses[k]
		}
	}
	return s
}

// candidatesAt lists digit d in the cells of h at positions p, in position order (which
// is cell order for rows, columns and boxes).
func candidatesAt(l *board.Layout, h board.House, p board.PosSet, d board.Digit) []board.Candidate {
	out := make([]board.Candidate, 0, p.Count())
	for ; p != 0; p &= p - 1 {
		out = append(out, board.Candidate{Cell: l.HouseCells(h)[p.First()], Digit: d})
	}
	return out
}
