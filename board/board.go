package board

import "fmt"

// Board is the state of a solve: givens, placed values and candidates, with the
// positions of every digit in every house kept up to date as candidates go.
//
// A cell that holds a value has no candidates. Copy a Board with Clone; the zero
// value is not usable (use New or Parse).
type Board struct {
	l      *Layout
	values []Digit    // 0 for an empty cell
	given  CellSet    // cells whose value was given by the puzzle
	cands  []DigitSet // candidates of each empty cell; 0 for a filled cell
	// pos[h*N+d-1]: where digit d can still go in house h (positions of empty cells
	// with d as a candidate). Kept by every change, so finders never rescan a house.
	pos []PosSet
	// placed[h]: the digits that already stand in house h.
	placed []DigitSet
	empty  int // number of empty cells
}

// New returns an empty board of layout l: every cell empty, every digit a candidate.
func New(l *Layout) *Board {
	n, cells := l.n, l.Cells()
	b := &Board{l: l, empty: cells}
	b.values = make([]Digit, cells)
	b.cands = make([]DigitSet, cells)
	b.pos = make([]PosSet, l.Houses()*n)
	b.placed = make([]DigitSet, l.Houses())
	all := l.AllDigits()
	for c := range b.cands {
		b.cands[c] = all
	}
	full := PosSet(1)<<uint(n) - 1
	for i := range b.pos {
		b.pos[i] = full
	}
	return b
}

// Layout returns the geometry of the board.
func (b *Board) Layout() *Layout { return b.l }

// Clone returns an independent copy of b.
func (b *Board) Clone() *Board {
	c := *b
	c.values = append([]Digit(nil), b.values...)
	c.cands = append([]DigitSet(nil), b.cands...)
	c.pos = append([]PosSet(nil), b.pos...)
	c.placed = append([]DigitSet(nil), b.placed...)
	return &c
}

// CopyFrom makes b equal to o without allocating; both must share a layout.
func (b *Board) CopyFrom(o *Board) {
	b.l, b.given, b.empty = o.l, o.given, o.empty
	copy(b.values, o.values)
	copy(b.cands, o.cands)
	copy(b.pos, o.pos)
	copy(b.placed, o.placed)
}

// Value returns the digit in c, or 0 when c is empty.
func (b *Board) Value(c Cell) Digit { return b.values[c] }

// Given reports whether the value of c was given by the puzzle.
func (b *Board) Given(c Cell) bool { return b.given.Has(c) }

// Givens returns the cells whose value the puzzle gave.
func (b *Board) Givens() CellSet { return b.given }

// Candidates returns the candidates of c (empty when c holds a value).
func (b *Board) Candidates(c Cell) DigitSet { return b.cands[c] }

// Has reports whether d is a candidate of c.
func (b *Board) Has(c Cell, d Digit) bool { return b.cands[c].Has(d) }

// Positions returns where d can still go in h, as positions of h's cells.
func (b *Board) Positions(h House, d Digit) PosSet { return b.pos[int(h)*b.l.n+int(d)-1] }

// PlacedIn returns the digits that already stand in h.
func (b *Board) PlacedIn(h House) DigitSet { return b.placed[h] }

// EmptyCells returns the number of cells without a value.
func (b *Board) EmptyCells() int { return b.empty }

// Solved reports whether every cell holds a value (it does not check them; see Problems).
func (b *Board) Solved() bool { return b.empty == 0 }

// Place puts d in c and removes d from the candidates of c's peers. It fails when c
// already holds a value or d is out of range; it does not check d against the peers
// (see Problems), so a player's wrong entry can be represented.
func (b *Board) Place(c Cell, d Digit) error {
	if int(d) < 1 || int(d) > b.l.n {
		return fmt.Errorf("board: %d is not a digit of a %dx%d grid", d, b.l.n, b.l.n)
	}
	if v := b.values[c]; v != 0 {
		return fmt.Errorf("board: %s already holds %d", b.l.CellName(c), v)
	}
	b.place(c, d)
	return nil
}

// Give places d in c as a given of the puzzle.
func (b *Board) Give(c Cell, d Digit) error {
	if err := b.Place(c, d); err != nil {
		return err
	}
	b.given.Add(c)
	return nil
}

func (b *Board) place(c Cell, d Digit) {
	b.clearCell(c)
	b.values[c] = d
	b.empty--
	for _, h := range b.l.cellHouses[c] {
		b.placed[h] = b.placed[h].With(d)
	}
	for _, e := range b.l.extraOf(c) {
		b.placed[e.h] = b.placed[e.h].With(d)
	}
	for _, p := range b.l.peers[c] {
		b.Eliminate(p, d)
	}
}

// clearCell removes every candidate of c, keeping the positions masks in step.
func (b *Board) clearCell(c Cell) {
	for s := b.cands[c]; s != 0; s &= s - 1 {
		b.Eliminate(c, s.First())
	}
}

// Eliminate removes d from the candidates of c. It reports whether d was there.
func (b *Board) Eliminate(c Cell, d Digit) bool {
	bit := DigitSet(1) << (d - 1)
	if b.cands[c]&bit == 0 {
		return false
	}
	b.cands[c] &^= bit
	n := b.l.n
	hs, ps := &b.l.cellHouses[c], &b.l.cellPos[c]
	for k := range 3 {
		b.pos[int(hs[k])*n+int(d)-1] &^= 1 << ps[k]
	}
	if b.l.extra != nil {
		for _, e := range b.l.extra[c] {
			b.pos[int(e.h)*n+int(d)-1] &^= 1 << e.pos
		}
	}
	return true
}

// SetCandidates makes s the candidates of the empty cell c (for pencil-mark input:
// only removals have effect, since a digit placed in a peer stays excluded).
func (b *Board) SetCandidates(c Cell, s DigitSet) {
	for rm := b.cands[c] &^ s; rm != 0; rm &= rm - 1 {
		b.Eliminate(c, rm.First())
	}
}

// Digits returns the values of all cells, 0 for empty, row by row.
func (b *Board) Digits() []Digit { return append([]Digit(nil), b.values...) }

// FromDigits builds a board of layout l from values row by row (0 for empty), every
// non-zero value a given. It fails on a wrong count or a digit out of range; clashing
// givens are kept (see Problems).
func FromDigits(l *Layout, values []Digit) (*Board, error) {
	if len(values) != l.Cells() {
		return nil, fmt.Errorf("board: got %d cells, want %d", len(values), l.Cells())
	}
	b := New(l)
	for c, d := range values {
		if d == 0 {
			continue
		}
		if err := b.Give(Cell(c), d); err != nil {
			return nil, err
		}
	}
	return b, nil
}
