package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const idMSLS = "multi-sector-locked-set"

// MultiSectorLockedSet is Allan Barker's rank-0 set in its common form (the Sudoku
// forum's "multi-sector locked sets", MSLS): the empty cells where some rows meet some
// columns, with each of their digits counted either by the rows (a row digit is in
// such a row's cells at most once) or by the columns. When the places so counted, one
// per row and row digit found in the cells plus one per column and column digit, are
// exactly as many as the cells, every one of them is filled: each cell takes one digit,
// and each place holds one at most. So each row digit is in the cells of each of the
// rows where the cells can hold it, and leaves the rest of those rows; each column
// digit likewise leaves the rest of its columns.
//
// Each digit is counted the cheaper way (by rows when its cells lie in fewer rows than
// columns); where both ways cost the same, the one that removes more. It holds on
// grids up to 9x9, where the row and column sets number 2^18 pairs at most.
//
// Difficulty: Sudoku Explainer has no such sets; the puzzles that need them are rated
// 10 to 12 by it (nested forcing chains), so the step is rated at the start of SE's
// nested level, 9.5 and up, above the dynamic forcing nets the ladder tries before it.
//
// Pattern: Cells are the set's cells; Base the rows, Cover the columns; Sets are the
// cells with the row digits, then the cells with the column digits; Digits all of them.
var MultiSectorLockedSet = Technique{
	ID:         idMSLS,
	Difficulty: 9.7,
	Score:      8000,
	Doc: `Multi-Sector Locked Set

Take the empty cells where some rows meet some columns. Count each of their digits
either by rows (once for every row where the cells can hold it) or by columns. When the
count comes to exactly the number of cells, each counted place must be filled, for every
cell holds one digit and no row or column holds a digit twice: a row digit is in the
cells of each of its rows and leaves the rest of those rows, a column digit leaves the
rest of its columns. Allan Barker's rank-0 sets in their common row-by-column form.
Rated 9.7: Sudoku Explainer has no such sets and rates the puzzles that need them 10 to
12 with nested forcing chains, so the step sits at the start of that level, above the
dynamic nets and the junior exocet.`,
	Holds: func(l *board.Layout) bool { return l.N() <= 9 },
	Find:  mslsFinder,
}

// mslsGrid is the board read as bitsets: for each digit and row the columns that can
// hold it, for each digit and column the rows, and each row's empty columns.
type mslsGrid struct {
	n       int
	rowCand [9][9]uint16 // [digit-1][row] -> columns
	colCand [9][9]uint16 // [digit-1][col] -> rows
	empty   [9]uint16    // [row] -> empty columns
}

func mslsRead(b *board.Board) *mslsGrid {
	l := b.Layout()
	g := &mslsGrid{n: l.N()}
	for c := range board.Cell(l.Cells()) {
		r, col := l.RowOf(c), l.ColOf(c)
		if b.Value(c) != 0 {
			continue
		}
		g.empty[r] |= 1 << col
		for ds := b.Candidates(c); ds != 0; ds &= ds - 1 {
			d := ds.First() - 1
			g.rowCand[d][r] |= 1 << col
			g.colCand[d][col] |= 1 << r
		}
	}
	return g
}

func mslsFinder(p *Pass) {
	b := p.Board()
	l := b.Layout()
	g := mslsRead(b)
	n := g.n
	full := uint16(1)<<n - 1
	// Per column set (within the rows' empty columns, built from the set less its
	// lowest column): the empty cells of the rows in it, and per digit the rows where
	// its cells can hold the digit.
	var cellsOf [1 << 9]uint8
	var rowsOf [1 << 9][9]uint16
	var seen []mslsKey
	for rows := uint16(1); rows < full; rows++ {
		if bits.OnesCount16(rows) < 2 {
			continue
		}
		if p.done() {
			return
		}
		var colsD [9]uint16
		var colCells [9]uint8
		var union uint16
		for rs := rows; rs != 0; rs &= rs - 1 {
			r := bits.TrailingZeros16(rs)
			if g.empty[r] == 0 {
				union = 0
				break
			}
			union |= g.empty[r]
			for d := range n {
				colsD[d] |= g.rowCand[d][r]
			}
			for cs := g.empty[r]; cs != 0; cs &= cs - 1 {
				colCells[bits.TrailingZeros16(cs)]++
			}
		}
		if bits.OnesCount16(union) < 2 {
			continue
		}
		// Column sets within union, each after its subsets, so each entry is built from
		// the set less its lowest column.
		for cols := union & -union; cols != 0; cols = (cols - union) & union {
			low := cols & -cols
			c := bits.TrailingZeros16(low)
			prev := cols &^ low
			cellsOf[cols] = cellsOf[prev] + colCells[c]
			cells := int(cellsOf[cols])
			sum := 0
			pr, cur := &rowsOf[prev], &rowsOf[cols]
			for d := range 9 { // digits past n have no places
				rs := pr[d] | g.colCand[d][c]&rows
				cur[d] = rs
				if cc := bits.OnesCount16(colsD[d] & cols); cc != 0 {
					sum += min(bits.OnesCount16(rs), cc)
				}
			}
			if sum != cells || bits.OnesCount16(cols) < 2 || cols == full || !mslsCovers(g, rows, cols) {
				continue
			}
			if !mslsReport(p, l, g, rows, cols, &seen) {
				return
			}
		}
	}
}

// mslsCovers reports whether every row of rows has an empty cell in cols (every
// column of cols has one in rows, as cols lies within their empty columns): otherwise
// a smaller pair of sets holds the same cells.
func mslsCovers(g *mslsGrid, rows, cols uint16) bool {
	for rs := rows; rs != 0; rs &= rs - 1 {
		if g.empty[bits.TrailingZeros16(rs)]&cols == 0 {
			return false
		}
	}
	return true
}

// mslsKey is a set of eliminations as bits: per digit, a mask of 81 cells.
type mslsKey [9][2]uint64

func (k *mslsKey) add(d, cell int) { k[d][cell>>6] |= 1 << (cell & 63) }

func (k *mslsKey) count() int {
	n := 0
	for _, w := range k {
		n += bits.OnesCount64(w[0]) + bits.OnesCount64(w[1])
	}
	return n
}

// mslsReport builds the step of a rank-0 set and reports it, unless it removes nothing
// or the same as a step already reported on this state. It returns false when the
// finder must stop.
func mslsReport(p *Pass, l *board.Layout, g *mslsGrid, rows, cols uint16, seen *[]mslsKey) bool {
	n := g.n
	var rowDigits, colDigits board.DigitSet
	var key mslsKey
	for d := range n {
		// Per digit: the rows and columns of the set that can hold it, and the cells it
		// leaves when counted by rows (re) or by columns (ce).
		var rc, cc int
		var re, ce mslsKey
		for rs := rows; rs != 0; rs &= rs - 1 {
			r := bits.TrailingZeros16(rs)
			if g.rowCand[d][r]&cols == 0 {
				continue
			}
			rc++
			for cs := g.rowCand[d][r] &^ cols; cs != 0; cs &= cs - 1 {
				re.add(d, r*n+bits.TrailingZeros16(cs))
			}
		}
		for cs := cols; cs != 0; cs &= cs - 1 {
			c := bits.TrailingZeros16(cs)
			if g.colCand[d][c]&rows == 0 {
				continue
			}
			cc++
			for rs := g.colCand[d][c] &^ rows; rs != 0; rs &= rs - 1 {
				ce.add(d, bits.TrailingZeros16(rs)*n+c)
			}
		}
		if cc == 0 {
			continue
		}
		if rc < cc || rc == cc && re.count() >= ce.count() {
			rowDigits = rowDigits.With(board.Digit(d + 1))
			key[d] = re[d]
		} else {
			colDigits = colDigits.With(board.Digit(d + 1))
			key[d] = ce[d]
		}
	}
	if key.count() == 0 || slices.Contains(*seen, key) {
		return true
	}
	*seen = append(*seen, key)
	var elims []board.Candidate
	for c := range n * n {
		for d := range n {
			if key[d][c>>6]&(1<<(c&63)) != 0 {
				elims = append(elims, board.Candidate{Cell: board.Cell(c), Digit: board.Digit(d + 1)})
			}
		}
	}
	var cells []board.Cell
	var base, cover []board.House
	for rs := rows; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros16(rs)
		base = append(base, l.RowHouse(r))
		for cs := g.empty[r] & cols; cs != 0; cs &= cs - 1 {
			cells = append(cells, l.CellAt(r, bits.TrailingZeros16(cs)))
		}
	}
	for cs := cols; cs != 0; cs &= cs - 1 {
		cover = append(cover, l.ColHouse(bits.TrailingZeros16(cs)))
	}
	return p.Report(explain.Step{
		Technique:    idMSLS,
		Eliminations: elims,
		Pattern: explain.Pattern{
			Digits: rowDigits | colDigits,
			Cells:  cells,
			Base:   base,
			Cover:  cover,
			Sets: []explain.Group{
				{Cells: cells, Digits: rowDigits},
				{Cells: cells, Digits: colDigits},
			},
		},
	})
}
