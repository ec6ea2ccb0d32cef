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
// the digit is confined to that row or column (on variants: from any house, when inside
// a box, region or window the digit is confined to it).
var LockedCandidatesPointing = Technique{
	ID:         idPointing,
	Difficulty: 2.6,
	Score:      50,
	Codes:      []string{"0100"},
	Doc: `Locked Candidates Type 1 (Pointing)

When every place left for a digit in a box lies in one row (or one column), the box's
copy of that digit will end up in that line. So no other cell of the line, outside
the box, can hold it: the box "points" along the line and clears it. On variants a
jigsaw region or a windoku window points as a box does, and the house it points along
may be a diagonal (Sudoku-X) or a box it overlaps: any house that holds every place
left.`,
	Find: lockedCandidates(idPointing, blocks, kinds(board.Row, board.Column, board.Diagonal, board.Box, board.Window)),
}

// LockedCandidatesClaiming removes a digit from a box when, inside one row or column,
// the digit is confined to that box (on variants: a diagonal too, and a region or window
// as the box).
var LockedCandidatesClaiming = Technique{
	ID:         idClaiming,
	Difficulty: 2.8,
	Score:      50,
	Codes:      []string{"0101"},
	Doc: `Locked Candidates Type 2 (Claiming)

When every place left for a digit in a row (or column) lies inside one box, the line
will get that digit from the box. The box therefore cannot use the digit anywhere off
the line: the line claims it, and the rest of the box loses it. On variants a diagonal
claims as a line does, and the claimed house may be a jigsaw region or a window.`,
	Find: lockedCandidates(idClaiming, kinds(board.Row, board.Column, board.Diagonal), blocks),
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

// blocks are the houses that are areas rather than lines: boxes (jigsaw regions) and
// windoku windows. Pointing starts from one, claiming ends in one.
const blocks = kindSet(1<<board.Box | 1<<board.Window)

// lockedCandidates is the finder of both locked candidates types: in each base house
// (of a kind in base), a digit whose two or more places all lie in one other house
// (of a kind in cover) is removed from the rest of that house. A lone place is a
// hidden single and is left to that technique. Any two houses that cross in two or
// more cells will do (a box or jigsaw region and a line, a window and a box, a box and
// a diagonal): the argument only needs the base's copy of the digit to fall in the
// cover.
func lockedCandidates(id string, base, cover kindSet) Finder {
	return func(p *Pass) {
		b := p.Board()
		l := b.Layout()
		q := p.st.sc.houseQuietOf(id, b)
		defer q.finish(b)
		report := q.watch(p)
		var buf cellHouses
		for h := range board.House(l.Houses()) {
			if !base.has(l.Kind(h)) || q.skip(h) {
				continue
			}
			cells := l.HouseCells(h)
			for ds := l.AllDigits() &^ b.PlacedIn(h); ds != 0; ds &= ds - 1 {
				d := ds.First()
				p := b.Positions(h, d)
				if p.Count() < 2 {
					continue
				}
				for _, g := range housesOf(l, cells[p.First()], &buf) {
					if !cover.has(l.Kind(g)) || g == h || !allIn(l, cells, p, g) {
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
			q.tried(h)
		}
	}
}

// allIn reports whether every cell of a house at positions p lies in house g.
func allIn(l *board.Layout, cells []board.Cell, p board.PosSet, g board.House) bool {
	gs := l.HouseSet(g)
	for ; p != 0; p &= p - 1 {
		if !gs.Has(cells[p.First()]) {
			return false
		}
	}
	return true
}

// commonHouses lists the houses of the first of a group of cells (row, column, box,
// then a variant's diagonals and windows, as housesOf gives them) and which of them
// every cell of the group shares.
type commonHouses struct {
	houses []board.House
	same   []bool
	buf    cellHouses
	sameAt [len(cellHouses{})]bool
}

// box is the shared box (the third house), or -1 when the cells do not share one.
func (s *commonHouses) box() board.House {
	if !s.same[2] {
		return -1
	}
	return s.houses[2]
}

// share fills s with the houses shared by cells.
func (s *commonHouses) share(l *board.Layout, cells []board.Cell) {
	s.houses = housesOf(l, cells[0], &s.buf)
	s.same = s.sameAt[:len(s.houses)]
	for k, g := range s.houses {
		gs := l.HouseSet(g)
		s.same[k] = true
		for _, c := range cells[1:] {
			if !gs.Has(c) {
				s.same[k] = false
				break
			}
		}
	}
}

// shareAt fills s with the houses shared by the cells of a house at positions p (p not
// empty).
func (s *commonHouses) shareAt(l *board.Layout, cells []board.Cell, p board.PosSet) {
	var group [board.MaxSize]board.Cell
	n := 0
	for ; p != 0; p &= p - 1 {
		group[n] = cells[p.First()]
		n++
	}
	s.share(l, group[:n])
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
