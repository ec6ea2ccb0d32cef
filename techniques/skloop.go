package techniques

import (
	"math/bits"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const idSKLoop = "sk-loop"

// SKLoop is Steve Kurzhals' loop, found in the Easter Monster: four boxes that form a
// rectangle, each with a placed corner cell, the four corners the corners of a
// rectangle of cells. In each box the two other cells of the corner's row and the two
// of its column make two pairs; the eight pairs form a loop, each joined to the next
// through a box (the box's two pairs) or a line (the pairs of two boxes on the corner's
// row or column). Each link gets a set of digits, and each pair's candidates are split
// between its two links. Each pair holds two digits, so the sixteen cells hold sixteen;
// each link's digits appear at most once in its four cells, as they share a house; so
// when the links' sets add up to sixteen digits, each link's digits appear exactly once
// in its four cells, and leave the rest of the link's house.
//
// Pattern: Cells are the sixteen cells, pair by pair round the loop (a box's column
// pair, its row pair, the next box's row pair ...); Houses are the eight links' houses,
// Houses[k] joining pair k to pair k+1 (the last to the first); Sets are the links,
// Sets[k] the four cells of pairs k and k+1 with the link's digits; Digits are all of
// them.
var SKLoop = Technique{
	ID:         idSKLoop,
	Difficulty: 9.5,
	Score:      800,
	Doc: `SK Loop

Take four boxes that form a rectangle, whose cells at the corners of a rectangle of cells
are placed. In each box, the two other cells of the corner's row form a pair, and so do
the two of its column. The eight pairs make a loop: each box joins its two pairs, each of
the two rows joins the row pairs of its boxes, each column the column pairs. Give each link
a set of digits so that every candidate of a pair belongs to one of its two links. Each
pair holds two digits, sixteen in all, and each link's digits can appear at most once in
its four cells, which share a house. When the eight sets add up to sixteen digits, every
link's digits must appear there exactly once, so they leave the rest of the link's house.
(Steve Kurzhals found it in the Easter Monster; SudokuWiki and the forum describe it.)

Rated 9.5: Sudoku Explainer has no such rule and solves these puzzles with nested forcing
chains (9.5 and up); the loop is a count of sixteen digits round eight houses, the
simplest of the patterns that stand in for those chains, so it takes their lowest rating.`,
	Holds: classic9,
	Find:  skLoopFinder,
}

// skLoopFinder finds the SK loops of a 9x9 board.
func skLoopFinder(p *Pass) {
	b := p.Board()
	l := b.Layout()
	for r1 := range 6 {
		for r2 := (r1/3 + 1) * 3; r2 < 9; r2++ {
			for c1 := range 6 {
				if p.done() {
					return
				}
				for c2 := (c1/3 + 1) * 3; c2 < 9; c2++ {
					if !skLoopAt(p, b, l, r1, r2, c1, c2) {
						return
					}
				}
			}
		}
	}
}

// skPair holds the two other cells of a corner's row or column in its box.
type skPair [2]int

// skLoopAt looks for the loop round corners r1c1, r1c2, r2c1, r2c2 and reports it; it
// returns false when the finder must stop.
func skLoopAt(p *Pass, b *board.Board, l *board.Layout, r1, r2, c1, c2 int) bool {
	for _, rc := range [4][2]int{{r1, c1}, {r1, c2}, {r2, c1}, {r2, c2}} {
		if b.Value(l.CellAt(rc[0], rc[1])) == 0 {
			return true
		}
	}
	rowPair := func(r, c int) skPair {
		var pr skPair
		n := 0
		for x := c / 3 * 3; x < c/3*3+3; x++ {
			if x != c {
				pr[n] = r*9 + x
				n++
			}
		}
		return pr
	}
	colPair := func(r, c int) skPair {
		var pr skPair
		n := 0
		for y := r / 3 * 3; y < r/3*3+3; y++ {
			if y != r {
				pr[n] = y*9 + c
				n++
			}
		}
		return pr
	}
	box := func(r, c int) board.House { return l.BoxHouse(r/3*3 + c/3) }
	// Round the loop: box r1c1's column pair, its row pair, along r1 to box r1c2's
	// row pair, its column pair, along c2 to box r2c2, along r2 to box r2c1, along c1
	// back to the start.
	pairs := [8]skPair{
		colPair(r1, c1), rowPair(r1, c1), rowPair(r1, c2), colPair(r1, c2),
		colPair(r2, c2), rowPair(r2, c2), rowPair(r2, c1), colPair(r2, c1),
	}
	houses := [8]board.House{
		box(r1, c1), l.RowHouse(r1), box(r1, c2), l.ColHouse(c2),
		box(r2, c2), l.RowHouse(r2), box(r2, c1), l.ColHouse(c1),
	}
	// A pair's digits: its candidates, or the value of a cell placed while solving
	// (the loop's count holds the same); a given in a pair breaks the pattern.
	var has [8]board.DigitSet
	for k, pr := range pairs {
		for _, c := range pr {
			cell := board.Cell(c)
			switch v := b.Value(cell); {
			case v == 0:
				has[k] |= b.Candidates(cell)
			case b.Given(cell):
				return true
			default:
				has[k] = has[k].With(v)
			}
		}
	}
	// Digit by digit, the fewest links that give every pair holding the digit exactly
	// one of its two links (pair k lies between links k-1 and k). Of the equal
	// choices, the one that removes most.
	var links [8]board.DigitSet
	total := 0
	for d := board.Digit(1); d <= 9; d++ {
		var in uint8 // the pairs holding d
		for k := range 8 {
			if has[k].Has(d) {
				in |= 1 << k
			}
		}
		if in == 0 {
			continue
		}
		best, bestN, bestGain := -1, 9, -1
		for s := range 256 {
			n := bits.OnesCount8(uint8(s))
			if n > bestN || !skCovers(uint8(s), in) {
				continue
			}
			gain := skGain(b, l, d, uint8(s), &pairs, &houses)
			if n < bestN || gain > bestGain {
				best, bestN, bestGain = s, n, gain
			}
		}
		total += bestN
		for k := range 8 {
			if best&(1<<k) != 0 {
				links[k] = links[k].With(d)
			}
		}
	}
	if total != 16 {
		return true // more digits than cells: no loop (fewer: no solution)
	}
	var elims []board.Candidate
	for k, h := range houses {
		in := pairCells(pairs[k], pairs[(k+1)%8])
		for _, c := range l.HouseCells(h) {
			if in.has(int(c)) || b.Value(c) != 0 {
				continue
			}
			for ds := b.Candidates(c) & links[k]; ds != 0; ds &= ds - 1 {
				elims = append(elims, board.Candidate{Cell: c, Digit: board.Digit(bits.TrailingZeros32(uint32(ds)) + 1)})
			}
		}
	}
	if len(elims) == 0 {
		return true
	}
	sortCands(elims)
	elims = dedupCands(elims)
	s := explain.Step{Technique: p.Technique.ID, Eliminations: elims}
	for k := range 8 {
		s.Pattern.Cells = append(s.Pattern.Cells, board.Cell(pairs[k][0]), board.Cell(pairs[k][1]))
		s.Pattern.Houses = append(s.Pattern.Houses, houses[k])
		s.Pattern.Digits |= links[k]
		next := pairs[(k+1)%8]
		s.Pattern.Sets = append(s.Pattern.Sets, explain.Group{
			Cells:  sortedCells(pairs[k][0], pairs[k][1], next[0], next[1]),
			Digits: links[k],
		})
	}
	return p.Report(s)
}

// skCovers reports whether the links of s give every pair of in (bit k: pair k, between
// links k-1 and k) exactly one of its two links.
func skCovers(s, in uint8) bool {
	prev := s<<1 | s>>7 // bit k: link k-1
	return (prev^s)&in == in
}

// skGain counts the candidates of digit d that the links of s would remove.
func skGain(b *board.Board, l *board.Layout, d board.Digit, s uint8, pairs *[8]skPair, houses *[8]board.House) int {
	n := 0
	for k := range 8 {
		if s&(1<<k) == 0 {
			continue
		}
		in := pairCells(pairs[k], pairs[(k+1)%8])
		for _, c := range l.HouseCells(houses[k]) {
			if !in.has(int(c)) && b.Has(c, d) {
				n++
			}
		}
	}
	return n
}

// pairCells is the set of the four cells of two pairs.
func pairCells(a, b skPair) cells81 {
	var s cells81
	for _, c := range [4]int{a[0], a[1], b[0], b[1]} {
		s.add(c)
	}
	return s
}

// sortedCells returns the cells in increasing order.
func sortedCells(cs ...int) []board.Cell {
	out := make([]board.Cell, len(cs))
	for i, c := range cs {
		out[i] = board.Cell(c)
	}
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j] < out[j-1]; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// dedupCands drops repeats from sorted candidates.
func dedupCands(cs []board.Candidate) []board.Candidate {
	out := cs[:0]
	for i, c := range cs {
		if i == 0 || c != cs[i-1] {
			out = append(out, c)
		}
	}
	return out
}
