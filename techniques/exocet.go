package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const idJuniorExocet = "junior-exocet"

// JuniorExocet is David P. Bird's junior exocet (JExocet compendium; SudokuWiki's
// "Exocet"): two base cells where a box meets a line, holding three or four digits
// together, and two target cells in the other two boxes of the band, off the base
// line, whose digits must be the base cells' digits.
//
// The proof, for base cells in a row (columns are the same turned over). Let d be the
// digit of one base cell. The cross lines are the columns of the two targets and the
// column of the base box that holds no base cell. Outside the band, every place of d
// in the cross lines (a candidate or a placed d) lies within two rows or columns, each
// of which holds d once: so d is there twice at most, and the third of the three
// columns takes d inside the band. Not in the base box (it has d in the base cell), not
// in the base row: only at a target or at a target's companion, the cell of its column
// in the band's third row, which must hold no base digit. So each base cell's digit is
// in a target; the two differ, so the targets hold exactly the base cells' two digits.
// The rules the finder applies, each proved from that:
//
//   - a target loses every digit that is no base digit;
//   - a base digit that is in neither target leaves the base cells;
//   - mirror: a target's digit e must also be in the band row that neither the base
//     nor the other target's companion uses up; the base box and the target's own box
//     hold e elsewhere, and the other target holds the other base digit, so e lies in
//     the other target's box, in the two cells (the mirror) beside it (targets in two
//     rows) or beside its companion (targets in one row). A target digit that its mirror
//     cannot hold leaves the target;
//   - pairs: together, the base cells take a pair x, y (x in the first, y in the
//     second) that the targets take one each, each within its mirror; a candidate of
//     the four cells that no such pair gives goes. This holds the three rules above and
//     what they imply together (a target reduced to one digit keeps it from the other).
//
// It holds on 9x9 grids with 3x3 boxes, the only ones where a band has three rows.
//
// Difficulty: Sudoku Explainer has no exocet; the puzzles it takes are rated 10 to 12
// by it (nested forcing chains), so the step is rated at the start of SE's nested
// level, 9.5 and up, above the dynamic forcing nets the ladder tries before it.
//
// Pattern: Digits are the base digits; Sets are the base cells, the targets (each
// with the base digits), the companions, and the mirrors when a mirror rule removes
// something (both without digits); Houses are the base line and box; Base are the
// three cross lines; Cover are the rows or columns outside the band that hold the base
// digits' places in them.
var JuniorExocet = Technique{
	ID:         idJuniorExocet,
	Difficulty: 9.6,
	Score:      8000,
	Doc: `Junior Exocet

Two base cells where a box meets a row (or column) hold three or four digits together.
Two target cells lie in the other two boxes of the band, off the base row; the cross
lines are the targets' columns and the base box's third column. Outside the band, each
base digit's places in the cross lines lie within two rows or columns, so it is there
twice at most and needs the band for its third cross line; the target's companion (the
cell of its column in the band's third row) holds no base digit. So each base cell's
digit must go into a target, and the targets hold exactly the two digits of the base
cells: targets lose every other digit, a base digit in neither target leaves the base,
a target digit that the target's mirror (the two cells of the other target's box
that must take it in the third row) cannot hold leaves the target, and a candidate of
the four cells that no pair of base digits, one per target, can give goes. Rated 9.6: Sudoku
Explainer has no exocet and rates the puzzles that need one 10 to 12 with nested
forcing chains, so the step sits at the start of that level, above the dynamic nets.`,
	Holds: band3,
	Find:  juniorExocetFinder,
}

// band3 reports whether l is a 9x9 grid of 3x3 boxes: the exocets' bands of three rows.
func band3(l *board.Layout) bool {
	return l.Regular() && l.N() == 9 && l.BoxRows() == 3 && l.BoxCols() == 3
}

// jeGrid reads the board turned so that base lines are rows: at(i, j) is row i,
// column j, or row j, column i when turned.
type jeGrid struct {
	b    *board.Board
	l    *board.Layout
	turn bool
}

func (g jeGrid) at(i, j int) board.Cell {
	if g.turn {
		return g.l.CellAt(j, i)
	}
	return g.l.CellAt(i, j)
}

// held is what a cell holds: its candidates, or its digit when placed.
func (g jeGrid) held(i, j int) board.DigitSet {
	c := g.at(i, j)
	if v := g.b.Value(c); v != 0 {
		return board.DigitsOf(v)
	}
	return g.b.Candidates(c)
}

// line returns the house of line i (a row, or a column when turned); cross that of
// cross line j.
func (g jeGrid) line(i int) board.House {
	if g.turn {
		return g.l.ColHouse(i)
	}
	return g.l.RowHouse(i)
}

func (g jeGrid) cross(j int) board.House {
	if g.turn {
		return g.l.RowHouse(j)
	}
	return g.l.ColHouse(j)
}

// jeTarget is a cell that may be a target: its line and cross line, and its
// companion's line.
type jeTarget struct{ i, j, comp int }

func juniorExocetFinder(p *Pass) {
	b := p.Board()
	l := b.Layout()
	var targets [2][]jeTarget
	for _, turn := range []bool{false, true} {
		g := jeGrid{b: b, l: l, turn: turn}
		for band := range 3 {
			for i0 := 3 * band; i0 < 3*band+3; i0++ {
				var others [2]int
				k := 0
				for i := 3 * band; i < 3*band+3; i++ {
					if i != i0 {
						others[k] = i
						k++
					}
				}
				for stack := range 3 {
					if p.done() {
						return
					}
					for x := range 3 {
						// The base cells are the box's two cells of line i0 other than x.
						jx := 3*stack + x
						j1, j2 := 3*stack+(x+1)%3, 3*stack+(x+2)%3
						if j1 > j2 {
							j1, j2 = j2, j1
						}
						if b.Value(g.at(i0, j1)) != 0 || b.Value(g.at(i0, j2)) != 0 {
							continue
						}
						base := g.held(i0, j1) | g.held(i0, j2)
						if n := base.Count(); n < 3 || n > 4 {
							continue
						}
						// Targets in each of the other two boxes of the band.
						k := 0
						for s := range 3 {
							if s == stack {
								continue
							}
							targets[k] = targets[k][:0]
							for j := 3 * s; j < 3*s+3; j++ {
								for o := range 2 {
									i, comp := others[o], others[1-o]
									c := g.at(i, j)
									if b.Value(c) == 0 && b.Candidates(c)&base != 0 && g.held(comp, j)&base == 0 {
										targets[k] = append(targets[k], jeTarget{i, j, comp})
									}
								}
							}
							k++
						}
						for _, t1 := range targets[0] {
							for _, t2 := range targets[1] {
								if !jeTry(p, g, i0, j1, j2, jx, base, t1, t2) {
									return
								}
							}
						}
					}
				}
			}
		}
	}
}

// jeCover returns the cover of digit d's places in cross lines js outside the band
// of line i0: at most two lines or cross lines holding every place, as houses, and
// false when two do not cover them.
func jeCover(g jeGrid, i0 int, js [3]int, d board.Digit) ([]board.House, bool) {
	var m [3]uint16 // per cross line, the lines outside the band where d may be
	band := i0 / 3
	for k, j := range js {
		for i := range 9 {
			if i/3 != band && g.held(i, j).Has(d) {
				m[k] |= 1 << i
			}
		}
	}
	all := m[0] | m[1] | m[2]
	if bits.OnesCount16(all) <= 2 { // two lines
		var hs []board.House
		for r := all; r != 0; r &= r - 1 {
			hs = append(hs, g.line(bits.TrailingZeros16(r)))
		}
		return hs, true
	}
	for k := range 3 {
		a, b := (k+1)%3, (k+2)%3
		if m[k] == 0 { // the two other cross lines
			return []board.House{g.cross(js[a]), g.cross(js[b])}, true
		}
		if rest := m[a] | m[b]; bits.OnesCount16(rest) <= 1 { // a cross line and a line
			hs := []board.House{g.cross(js[k])}
			if rest != 0 {
				hs = append(hs, g.line(bits.TrailingZeros16(rest)))
			}
			return hs, true
		}
	}
	return nil, false
}

// jeTry checks one base and pair of targets, and reports the step when it removes
// something. It returns false when the finder must stop.
func jeTry(p *Pass, g jeGrid, i0, j1, j2, jx int, base board.DigitSet, t1, t2 jeTarget) bool {
	js := [3]int{jx, t1.j, t2.j}
	var cover []board.House
	for ds := base; ds != 0; ds &= ds - 1 {
		hs, ok := jeCover(g, i0, js, ds.First())
		if !ok {
			return true
		}
		for _, h := range hs {
			if !slices.Contains(cover, h) {
				cover = append(cover, h)
			}
		}
	}
	b := g.b
	c1, c2 := g.at(t1.i, t1.j), g.at(t2.i, t2.j)
	b1, b2 := g.at(i0, j1), g.at(i0, j2)
	var elims []board.Candidate
	remove := func(c board.Cell, ds board.DigitSet) {
		for ; ds != 0; ds &= ds - 1 {
			elims = append(elims, board.Candidate{Cell: c, Digit: ds.First()})
		}
	}
	// The base cells take two digits x and y, and the targets the same two, one
	// each; a target's digit must also fit in its mirror. A candidate of the four
	// cells stays only if some such pair gives it.
	m1, m2 := jeMirror(g, t1, t2), jeMirror(g, t2, t1)
	mh1 := g.heldCell(m1[0]) | g.heldCell(m1[1])
	mh2 := g.heldCell(m2[0]) | g.heldCell(m2[1])
	k1, k2, kb1, kb2 := jePairs(b.Candidates(b1), b.Candidates(b2), b.Candidates(c1)&mh1, b.Candidates(c2)&mh2)
	if k1 == 0 || k2 == 0 {
		return true // no pair fits: the state has no solution, which is no step to show
	}
	remove(b1, b.Candidates(b1)&^kb1)
	remove(b2, b.Candidates(b2)&^kb2)
	remove(c1, b.Candidates(c1)&^k1)
	remove(c2, b.Candidates(c2)&^k2)
	// The mirrors are shown when they rule something out: when the targets without
	// them would keep more.
	var mirrors []board.Cell
	w1, w2, wb1, wb2 := jePairs(b.Candidates(b1), b.Candidates(b2), b.Candidates(c1), b.Candidates(c2))
	if w1 != k1 || w2 != k2 || wb1 != kb1 || wb2 != kb2 {
		if b.Candidates(c1)&base&^mh1 != 0 {
			mirrors = append(mirrors, m1[0], m1[1])
		}
		if b.Candidates(c2)&base&^mh2 != 0 {
			mirrors = append(mirrors, m2[0], m2[1])
		}
	}
	if len(elims) == 0 {
		return true
	}
	elims = dedupCandidates(elims)
	box := g.l.HousesOf(b1)[2]
	sets := []explain.Group{
		{Cells: []board.Cell{b1, b2}, Digits: base},
		{Cells: []board.Cell{c1, c2}, Digits: base},
		{Cells: []board.Cell{g.at(t1.comp, t1.j), g.at(t2.comp, t2.j)}},
	}
	if len(mirrors) > 0 {
		sets = append(sets, explain.Group{Cells: mirrors})
	}
	slices.Sort(cover)
	return p.Report(explain.Step{
		Technique:    idJuniorExocet,
		Eliminations: elims,
		Pattern: explain.Pattern{
			Digits: base,
			Sets:   sets,
			Houses: []board.House{g.line(i0), box},
			Base:   []board.House{g.cross(jx), g.cross(t1.j), g.cross(t2.j)},
			Cover:  cover,
		},
	})
}

// jePairs returns the digits each of the targets and base cells keeps: those of
// some pair x, y with x in the first base cell, y in the second, one in each target
// (each target's candidates given as a1, a2).
func jePairs(base1, base2, a1, a2 board.DigitSet) (k1, k2, kb1, kb2 board.DigitSet) {
	for xs := base1; xs != 0; xs &= xs - 1 {
		x := xs.First()
		for ys := base2.Without(x); ys != 0; ys &= ys - 1 {
			y := ys.First()
			if a1.Has(x) && a2.Has(y) {
				k1, k2, kb1, kb2 = k1.With(x), k2.With(y), kb1.With(x), kb2.With(y)
			}
			if a1.Has(y) && a2.Has(x) {
				k1, k2, kb1, kb2 = k1.With(y), k2.With(x), kb1.With(x), kb2.With(y)
			}
		}
	}
	return k1, k2, kb1, kb2
}

func (g jeGrid) heldCell(c board.Cell) board.DigitSet {
	if v := g.b.Value(c); v != 0 {
		return board.DigitsOf(v)
	}
	return g.b.Candidates(c)
}

// jeMirror returns the mirror of target t: the two cells of target o's box that must
// hold t's digit. With the targets in two lines, they are the cells beside o in its
// line; in one line, the cells beside o's companion in the companion's line.
func jeMirror(g jeGrid, t, o jeTarget) [2]board.Cell {
	i := o.i
	if t.i == o.i {
		i = o.comp
	}
	var m [2]board.Cell
	k := 0
	for j := o.j / 3 * 3; j < o.j/3*3+3; j++ {
		if j != o.j {
			m[k] = g.at(i, j)
			k++
		}
	}
	return m
}

// dedupCandidates sorts cs by cell then digit and drops repeats.
func dedupCandidates(cs []board.Candidate) []board.Candidate {
	slices.SortFunc(cs, func(a, b board.Candidate) int {
		if a.Cell != b.Cell {
			return int(a.Cell) - int(b.Cell)
		}
		return int(a.Digit) - int(b.Digit)
	})
	return slices.Compact(cs)
}
