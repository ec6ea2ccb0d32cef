package board

import (
	"fmt"
	"math/bits"
)

// Cell is the index of a square of the grid, row by row from 0.
type Cell int

// House is the index of a house: rows 0..N-1, then columns N..2N-1, then boxes 2N..3N-1.
type House int

// HouseKind tells rows, columns, boxes and the extra houses of variants apart.
type HouseKind uint8

// The kinds of house, in the order of their numbering.
const (
	Row HouseKind = iota
	Column
	// Box is a box, or a region of a jigsaw (Layout.Regular tells them apart).
	Box
	// Diagonal is a main diagonal of Sudoku-X: d1 runs from r1c1 down to rNcN, d2 from
	// r1cN down to rNc1.
	Diagonal
	// Window is one of the four extra 3x3 houses of windoku, w1..w4 row by row.
	Window
)

// String names the kind in English ("row", "column", "box", "diagonal", "window").
func (k HouseKind) String() string {
	switch k {
	case Row:
		return "row"
	case Column:
		return "column"
	case Diagonal:
		return "diagonal"
	case Window:
		return "window"
	default:
		return "box"
	}
}

// Letter is the kind's letter in notation: r, c, b, d or w.
func (k HouseKind) Letter() string {
	switch k {
	case Row:
		return "r"
	case Column:
		return "c"
	case Diagonal:
		return "d"
	case Window:
		return "w"
	default:
		return "b"
	}
}

// Candidate is a digit in a cell: a pencil mark, or the subject of a placement or
// an elimination.
type Candidate struct {
	Cell  Cell
	Digit Digit
}

// cellWords is how many 64-bit words a CellSet needs for the largest layout (625 cells).
const cellWords = (MaxSize*MaxSize + 63) / 64

// CellSet is a set of cells of one grid. The zero value is empty; it is a value type,
// so copying it copies the set.
type CellSet struct{ w [cellWords]uint64 }

// CellsOf returns the set of the given cells.
func CellsOf(cs ...Cell) CellSet {
	var s CellSet
	for _, c := range cs {
		s.Add(c)
	}
	return s
}

// Add puts c in the set.
func (s *CellSet) Add(c Cell) { s.w[c>>6] |= 1 << (uint(c) & 63) }

// Remove takes c out of the set.
func (s *CellSet) Remove(c Cell) { s.w[c>>6] &^= 1 << (uint(c) & 63) }

// Has reports whether c is in the set.
func (s CellSet) Has(c Cell) bool { return s.w[c>>6]&(1<<(uint(c)&63)) != 0 }

// Empty reports whether the set has no cell.
func (s CellSet) Empty() bool {
	for _, w := range s.w {
		if w != 0 {
			return false
		}
	}
	return true
}

// Count returns the number of cells in the set.
func (s CellSet) Count() int {
	n := 0
	for _, w := range s.w {
		n += bits.OnesCount64(w)
	}
	return n
}

// And returns the cells in both sets.
func (s CellSet) And(o CellSet) CellSet {
	for i := range s.w {
		s.w[i] &= o.w[i]
	}
	return s
}

// Or returns the cells in either set.
func (s CellSet) Or(o CellSet) CellSet {
	for i := range s.w {
		s.w[i] |= o.w[i]
	}
	return s
}

// AndNot returns the cells of s that are not in o.
func (s CellSet) AndNot(o CellSet) CellSet {
	for i := range s.w {
		s.w[i] &^= o.w[i]
	}
	return s
}

// Cells returns the cells of the set in increasing order.
func (s CellSet) Cells() []Cell {
	out := make([]Cell, 0, s.Count())
	for i, w := range s.w {
		for ; w != 0; w &= w - 1 {
			out = append(out, Cell(i*64+bits.TrailingZeros64(w)))
		}
	}
	return out
}

// String lists the cells by index, for debugging; notation needs a Layout (CellName).
func (s CellSet) String() string { return fmt.Sprint(s.Cells()) }
