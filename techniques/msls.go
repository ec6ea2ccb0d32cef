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
	cand    [9][9]uint16 // [row][col] -> digits less one
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
			g.cand[r][col] |= 1 << d
		}
	}
	return g
}

func mslsFinder(p *Pass) {
	b := p.Board()
	l := b.Layout()
	g := mslsRead(b)
	full := uint16(1)<<g.n - 1
	s := mslsSearch{g: g, full: full}
	var seen []mslsKey
	for rows := uint16(1); rows < full; rows++ {
		if bits.OnesCount16(rows) < 2 {
			continue
		}
		if p.done() {
			return
		}
		if !s.start(rows) {
			continue
		}
		s.hits = s.hits[:0]
		s.visit(0, 0, 0, 0, 0, 0, s.slots)
		slices.Sort(s.hits) // in the order of the sets as numbers
		for _, cols := range s.hits {
			if !mslsReport(p, l, g, rows, cols, &seen) {
				return
			}
		}
	}
}

// mslsSearch looks for the column sets of one row set that make a rank-0 set.
//
// A column set's count (per digit the fewer of its rows and its columns where the
// cells can hold it) never falls as columns are added, while its cells grow by the
// empty cells of each column added. So once the count exceeds the cells by more than
// the empty cells of every column that may still be added, no larger set is tight, and
// the search leaves that branch.
//
// The rows of a row set (eight at most: it is never all of them) are numbered from 0
// in it, so a digit's rows fit in a byte: the first eight digits' rows, and their
// column counts, go in one word each, a byte per digit, and the ninth digit's apart.
type mslsSearch struct {
	g     *mslsGrid
	full  uint16
	rows  uint16
	union uint16    // the rows' empty columns
	cells [9]uint8  // [slot] -> empty cells of the rows in its column
	below [9]uint8  // [slot] -> empty cells of the rows in the columns of the slots before
	rowsP [9]uint64 // [slot] -> byte d: the rows where the column's cells can hold digit d+1
	rows9 [9]uint8  // [slot] -> the same for the ninth digit
	digP  [9]uint64 // [slot] -> byte d: 1 when the column's cells can hold digit d+1
	dig9  [9]uint8  // [slot] -> the same for the ninth digit
	hits  []uint16  // the tight column sets found
	col   [9]uint8  // [slot] -> column
	slots uint16    // a bit per slot
}

// start reads the row set rows and reports whether it has two empty columns at least
// and an empty cell in every row.
func (s *mslsSearch) start(rows uint16) bool {
	g := s.g
	s.rows, s.union = rows, 0
	s.cells = [9]uint8{}
	s.rowsP, s.rows9 = [9]uint64{}, [9]uint8{}
	i := 0
	for rs := rows; rs != 0; rs &= rs - 1 {
		r := bits.TrailingZeros16(rs)
		if g.empty[r] == 0 {
			return false
		}
		s.union |= g.empty[r]
		for cs := g.empty[r]; cs != 0; cs &= cs - 1 {
			c := bits.TrailingZeros16(cs)
			s.cells[c]++
			ds := g.cand[r][c]
			for d8 := ds & 0xff; d8 != 0; d8 &= d8 - 1 {
				s.rowsP[c] |= 1 << (8*bits.TrailingZeros16(d8) + i)
			}
			if ds&0x100 != 0 {
				s.rows9[c] |= 1 << i
			}
		}
		i++
	}
	// The columns in slots, fewest cells first: the search adds the slots from the
	// highest down, so the cells still addable shrink fastest.
	m := 0
	for cs := s.union; cs != 0; cs &= cs - 1 {
		c := bits.TrailingZeros16(cs)
		k := m
		for ; k > 0 && s.cells[s.col[k-1]] > s.cells[c]; k-- {
			s.col[k] = s.col[k-1]
		}
		s.col[k] = uint8(c)
		m++
	}
	var cells [9]uint8
	var rowsP [9]uint64
	var rows9 [9]uint8
	sum := uint8(0)
	for k := range m {
		c := s.col[k]
		cells[k], rowsP[k], rows9[k] = s.cells[c], s.rowsP[c], s.rows9[c]
		s.below[k] = sum
		sum += cells[k]
		s.digP[k] = mslsNonZeroBytes(rowsP[k])
		s.dig9[k] = min(rows9[k], 1)
	}
	s.cells, s.rowsP, s.rows9, s.slots = cells, rowsP, rows9, uint16(1)<<m-1
	return m >= 2
}

// visit tries every set cols plus the columns of one or more slots of lower (all below
// the slots of cols): cols has cells empty cells; rw and r9 are, per digit, its rows
// that can hold the digit, and cw and c9 its columns that can (as in mslsSearch's
// fields).
func (s *mslsSearch) visit(cols uint16, cells int, rw uint64, r9 uint8, cw uint64, c9 uint8, lower uint16) {
	for ls := lower; ls != 0; ls &= ls - 1 {
		t := bits.TrailingZeros16(ls)
		bit := uint16(1) << t
		next := cols | 1<<s.col[t]
		nextCells := cells + int(s.cells[t])
		nrw, nr9 := rw|s.rowsP[t], r9|s.rows9[t]
		ncw, nc9 := cw+s.digP[t], c9+s.dig9[t]
		sum := mslsMinSum(mslsByteCounts(nrw), ncw) + min(bits.OnesCount8(nr9), int(nc9))
		if sum == nextCells && bits.OnesCount16(next) >= 2 && next != s.full && mslsCovers(s.g, s.rows, next) {
			s.hits = append(s.hits, next)
		}
		if down := lower & (bit - 1); down != 0 && sum-nextCells <= int(s.below[t]) {
			s.visit(next, nextCells, nrw, nr9, ncw, nc9, down)
		}
	}
}

const (
	mslsOnes  = 0x0101010101010101
	mslsHighs = 0x8080808080808080
)

// mslsNonZeroBytes returns 1 in each byte of x that is not 0, 0 in the others.
func mslsNonZeroBytes(x uint64) uint64 {
	return ((x&^mslsHighs + ^uint64(mslsHighs)) | x) & mslsHighs >> 7
}

// mslsByteCounts returns the number of bits set in each byte of x, in that byte.
func mslsByteCounts(x uint64) uint64 {
	x -= x >> 1 & 0x5555555555555555
	x = x&0x3333333333333333 + x>>2&0x3333333333333333
	return (x + x>>4) & 0x0f0f0f0f0f0f0f0f
}

// mslsMinSum returns the sum over the bytes of the lesser of a's and b's byte, each
// below 128 and the sum below 256.
func mslsMinSum(a, b uint64) int {
	ge := ((a | mslsHighs) - b) & mslsHighs >> 7 * 0xff // 0xff where a's byte >= b's
	m := b&ge | a&^ge
	return int(m * mslsOnes >> 56)
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
