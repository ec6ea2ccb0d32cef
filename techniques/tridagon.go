package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idTridagon          = "tridagon"
	idTridagonGuardians = "tridagon-guardians"
)

// Tridagon is Denis Berthier's tridagon rule (the trivalue oddagon) with its guardians
// in one cell: twelve cells of four boxes that form a rectangle (two bands, two stacks),
// three in each box on three rows and three columns, all holding three digits and,
// but for one cell, nothing else. Whether three digits can fill such cells, once in
// each box, never twice in a row or column, depends on how the cells lie: with an odd
// number of the four boxes in the "anti-diagonal" orientation they cannot (see
// tridagonOdd). So one cell must hold a digit outside the three: the cell with other
// candidates loses the three.
//
// Pattern: Digits are the three digits; Cells the twelve cells, box by box, each box's
// in row order; Houses the four boxes; Sets the cells with other candidates (the
// guardians), one group each with those candidates.
var Tridagon = Technique{
	ID:         idTridagon,
	Difficulty: 9.6,
	Score:      800,
	Doc: `Tridagon

In four boxes that form a rectangle (two bands, two stacks), take three cells in each box,
on three different rows and columns, all holding three digits. Orient each box's cells:
the three cells run like the box's main diagonal (an even permutation of its rows onto its
columns) or like its anti-diagonal (an odd one). When an odd number of boxes run the odd
way, the three digits cannot fill the twelve cells: each box needs the three, and two cells
on a row or column differ, and these rules force the orientations to pair up (Berthier's
tridagon rule, also called the trivalue oddagon or Thor's Hammer). So some cell holds
another digit. When the candidates outside the three digits (the guardians) all lie in one
cell, that cell cannot be any of the three.

Rated 9.6: Sudoku Explainer has no such rule; the puzzles where the pattern appears need
its nested forcing chains (9.5 and up, ER 10-12 for the forum's hardest), and the pattern
proves in one picture what those chains take many branches for, so it sits at the foot of
that range, above the search step (9.5).`,
	Holds: classic9,
	Find:  tridagonFinder(false),
}

// TridagonGuardians is the tridagon rule with guardians in two or more cells: one of the
// candidates outside the pattern's three digits is true, so a candidate that sees every
// guardian (the same digit in a shared house, or another digit in the same cell) is false.
//
// Pattern: as Tridagon's.
var TridagonGuardians = Technique{
	ID:         idTridagonGuardians,
	Difficulty: 9.7,
	Score:      850,
	Doc: `Tridagon Guardians

The tridagon pattern of Tridagon (twelve cells of four boxes, three digits, an odd number of
boxes oriented the odd way) cannot be filled with its three digits alone, so at least one of
the other candidates of its cells (the guardians) is true. When the guardians lie in two or
more cells, any candidate that sees them all goes: the same digit in a house shared with
every guardian of that digit, or another digit of a cell that is the only guardian cell of
its kind.

Rated 9.7: as Tridagon (9.6), with the guardians' alternatives to follow as well.`,
	Holds: classic9,
	Find:  tridagonFinder(true),
}

// classic9 is where the tridagon and the SK loop hold: a 9x9 grid with 3x3 boxes (the
// variants' extra houses and cages only add rules, so the arguments still hold).
func classic9(l *board.Layout) bool {
	return l.N() == 9 && l.Regular() && l.BoxRows() == 3 && l.BoxCols() == 3
}

// cells81 is a set of cells of a 9x9 grid: bit c of word c/64.
type cells81 [2]uint64

func (s cells81) has(c int) bool           { return s[c>>6]&(1<<(uint(c)&63)) != 0 }
func (s *cells81) add(c int)               { s[c>>6] |= 1 << (uint(c) & 63) }
func (s cells81) and(o cells81) cells81    { return cells81{s[0] & o[0], s[1] & o[1]} }
func (s cells81) empty() bool              { return s[0]|s[1] == 0 }
func one81(c int) (s cells81)              { s.add(c); return s }
func all81() cells81                       { return cells81{^uint64(0), 1<<(81-64) - 1} }
func (s cells81) andNot(o cells81) cells81 { return cells81{s[0] &^ o[0], s[1] &^ o[1]} }

// tridagonPerms are the six ways three cells of a box lie on three rows and three
// columns: perm[i] is the column (within the box) of the cell on the box's row i.
var tridagonPerms = [6][3]int{{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {2, 1, 0}, {1, 0, 2}}

// tridagonOdd tells the odd permutations of tridagonPerms (the last three, a swap
// each): the anti-diagonal orientation.
//
// Why an odd count of odd boxes is impossible: number the rows of a band and the
// columns of a stack 0-2 and read each box's filling as the permutation d from its rows
// to the three digits. Two boxes side by side put different digits on each row, so one
// filling is the other after a 3-cycle, an even permutation: they have the same sign.
// Read by columns, a box's filling is d after the inverse of its orientation p, and two
// boxes one above the other again differ by a 3-cycle. Going round the rectangle of
// boxes, sign(d) is the same for the two boxes of a band, and sign(d)*sign(p) the same
// for the two of a stack; so the four signs of p multiply to +1. An odd number of odd
// orientations makes the product -1: no filling exists.
func tridagonOdd(perm int) bool { return perm >= 3 }

// tridagonBox is one way to pick the three cells of a box for three digits.
type tridagonBox struct {
	cells [3]int
	odd   bool
	// guards are the cells with candidates outside the three digits; kill is, digit
	// by digit, the cells where a candidate sees every guardian of these cells (all
	// cells when there is none).
	guards cells81
	nGuard int
	kill   [9]cells81
}

// tridagonFinder returns the finder of the tridagon rule: with guardians in one cell
// (spread false) or in several (spread true).
func tridagonFinder(spread bool) Finder {
	return func(p *Pass) {
		b := p.Board()
		l := b.Layout()
		var cand [81]board.DigitSet
		var digitCells [9]cells81 // where each digit is a candidate
		for c := range 81 {
			if b.Value(board.Cell(c)) != 0 {
				continue
			}
			cand[c] = b.Candidates(board.Cell(c))
			for ds := cand[c]; ds != 0; ds &= ds - 1 {
				digitCells[bits.TrailingZeros32(uint32(ds))].add(c)
			}
		}
		var peers [81]cells81
		for c := range 81 {
			for _, q := range l.Peers(board.Cell(c)) {
				peers[c].add(int(q))
			}
		}
		var boxes [9][6]tridagonBox
		var nBox [9]int
		var seen [][]board.Candidate
		for t := board.DigitSet(7); t < 1<<9; t++ {
			if p.done() {
				return
			}
			if t.Count() != 3 {
				continue
			}
			for bx := range 9 {
				nBox[bx] = 0
				r0, c0 := bx/3*3, bx%3*3
				for pi, perm := range tridagonPerms {
					tb := tridagonBox{odd: tridagonOdd(pi)}
					ok := true
					for i := range 3 {
						c := (r0+i)*9 + c0 + perm[i]
						if (cand[c] & t).Count() < 2 {
							ok = false
							break
						}
						tb.cells[i] = c
					}
					if !ok {
						continue
					}
					if !spread && tridagonGuardCells(&cand, t, tb.cells) > 1 {
						continue // never in a pattern whose guardians share one cell
					}
					for d := range 9 {
						tb.kill[d] = all81()
					}
					for _, c := range tb.cells {
						extra := cand[c] &^ t
						if extra == 0 {
							continue
						}
						tb.guards.add(c)
						tb.nGuard++
						if !spread {
							continue // the target cell loses the three digits: no kill sets
						}
						// A candidate clashes with every guardian of c when it is
						// another digit of c, or, when c has one guardian, that digit
						// in a house with c.
						for d := range 9 {
							switch {
							case !extra.Has(board.Digit(d + 1)):
								tb.kill[d] = tb.kill[d].and(one81(c))
							case extra.Count() == 1:
								tb.kill[d] = tb.kill[d].and(peers[c])
							default:
								tb.kill[d] = cells81{}
							}
						}
					}
					boxes[bx][nBox[bx]] = tb
					nBox[bx]++
				}
			}
			for band := range 3 {
				for band2 := band + 1; band2 < 3; band2++ {
					for st := range 3 {
						for st2 := st + 1; st2 < 3; st2++ {
							quad := [4]int{band*3 + st, band*3 + st2, band2*3 + st, band2*3 + st2}
							if !tridagonQuad(p, b, t, quad, &boxes, &nBox, &digitCells, spread, &seen) {
								return
							}
						}
					}
				}
			}
		}
	}
}

// tridagonGuardCells counts the cells that hold candidates outside t.
func tridagonGuardCells(cand *[81]board.DigitSet, t board.DigitSet, cells [3]int) int {
	n := 0
	for _, c := range cells {
		if cand[c]&^t != 0 {
			n++
		}
	}
	return n
}

// tridagonQuad tries every choice of cells in the four boxes of quad for digits t, and
// reports the steps; it returns false when the finder must stop.
func tridagonQuad(p *Pass, b *board.Board, t board.DigitSet, quad [4]int, boxes *[9][6]tridagonBox, nBox *[9]int, digitCells *[9]cells81, spread bool, seen *[][]board.Candidate) bool {
	var pick [4]*tridagonBox
	var rec func(k int, odd bool, nGuard, nCells int, kill [9]cells81) bool
	rec = func(k int, odd bool, nGuard, nCells int, kill [9]cells81) bool {
		if k == 4 {
			if !odd || nGuard == 0 {
				return true
			}
			if spread != (nCells > 1) {
				return true
			}
			return tridagonReport(p, b, t, quad, pick, spread, kill, digitCells, seen)
		}
		bx := quad[k]
		for i := range nBox[bx] {
			tb := &boxes[bx][i]
			nc := nCells + bits.OnesCount64(tb.guards[0]) + bits.OnesCount64(tb.guards[1])
			if !spread && nc > 1 {
				continue // the guardians lie in two cells: the other form
			}
			next := kill
			if spread {
				live := false
				for d := range 9 {
					next[d] = next[d].and(tb.kill[d])
					live = live || !next[d].and(digitCells[d]).empty()
				}
				if nc > 1 && !live {
					continue // two guardian cells already leave nothing to remove
				}
			}
			pick[k] = tb
			if !rec(k+1, odd != tb.odd, nGuard+tb.nGuard, nc, next) {
				return false
			}
		}
		return true
	}
	var kill [9]cells81
	for d := range 9 {
		kill[d] = all81()
	}
	return rec(0, false, 0, 0, kill)
}

// tridagonReport builds the step of a pattern and reports it, unless it removes
// nothing or what an earlier step of this call removed. With the guardians in one cell
// that cell loses the three digits; spread over several cells, the candidates that see
// every guardian go: kill holds them, digit by digit.
func tridagonReport(p *Pass, b *board.Board, t board.DigitSet, quad [4]int, pick [4]*tridagonBox, spread bool, kill [9]cells81, digitCells *[9]cells81, seen *[][]board.Candidate) bool {
	var cells []board.Cell
	var guards cells81
	for _, tb := range pick {
		for _, c := range tb.cells {
			cells = append(cells, board.Cell(c))
		}
		guards[0] |= tb.guards[0]
		guards[1] |= tb.guards[1]
	}
	var elims []board.Candidate
	for c := range 81 {
		if !spread && !guards.has(c) {
			continue
		}
		for d := range 9 {
			if !spread && t.Has(board.Digit(d+1)) && digitCells[d].has(c) ||
				spread && kill[d].and(digitCells[d]).has(c) {
				elims = append(elims, board.Candidate{Cell: board.Cell(c), Digit: board.Digit(d + 1)})
			}
		}
	}
	if len(elims) == 0 {
		return true
	}
	for _, e := range *seen {
		if slices.Equal(e, elims) {
			return true
		}
	}
	*seen = append(*seen, elims)
	l := b.Layout()
	s := explain.Step{
		Technique:    p.Technique.ID,
		Eliminations: elims,
		Pattern: explain.Pattern{
			Digits: t,
			Cells:  cells,
		},
	}
	for _, bx := range quad {
		s.Pattern.Houses = append(s.Pattern.Houses, l.BoxHouse(bx))
	}
	for _, c := range cells {
		if guards.has(int(c)) {
			s.Pattern.Sets = append(s.Pattern.Sets, explain.Group{Cells: []board.Cell{c}, Digits: b.Candidates(c) &^ t})
		}
	}
	return p.Report(s)
}
