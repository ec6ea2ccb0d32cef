package fallback

import (
	"context"
	"math/bits"

	"github.com/stepdoku/stepdoku/board"
)

// The classic solver keeps, for each digit, where it may stand as three band masks:
// bit r*9+c of band b is row 3b+r, column c. A cell whose digit is known keeps that
// digit's bit and loses every other. Constraints inside a band (each row and each
// box of the band holds the digit once) are applied together by table look-ups;
// constraints across bands go through the columns of a stack.

const (
	bandMask = 1<<27 - 1
	rowLow   = 1 | 1<<9 | 1<<18          // the first bit of each row of a band
	rowLow8  = 0xff | 0xff<<9 | 0xff<<18 // the low 8 bits of each row
	rowBit8  = 1<<8 | 1<<17 | 1<<26      // the last bit of each row
)

// grid9 is one state of the classic search. It is a value: a guess copies it.
type grid9 struct {
	f [9][3]uint32 // f[d][b]: where digit d+1 may stand in band b
	// prev is f as last propagated, so digit skips the bands that did not change.
	prev [9][3]uint32
	// rows[d]: the rows where digit d+1 is not yet placed: bit 9r+8-b for row r of
	// band b, where singleRows leaves its answer, shifted by b.
	rows [9]uint32
	// unsolved[b]: the cells of band b whose digit is not yet known.
	unsolved [3]uint32
	// dirty: the digits whose masks changed since digit last saw them (bit d).
	dirty uint32
}

// load fills g from b's values and candidates (q.cell narrowed to q.digit). The
// board keeps, for every row and digit, where the digit can still go among the
// row's empty cells: three of those make a band mask, so load reads 81 of them,
// not the candidates of 81 cells one digit at a time (a loop whose length the
// processor cannot predict). A value adds its cell to its digit's mask.
func (g *grid9) load(b *board.Board, q query) {
	l := b.Layout()
	var values [10][3]uint32 // values[v][band]: the cells holding v (v = 0: empty)
	for band := range 3 {
		for p := range 27 {
			values[b.Value(board.Cell(band*27+p))][band] |= 1 << p
		}
	}
	for d := range g.f {
		for band := range 3 {
			var m uint32
			for r := range 3 {
				m |= uint32(b.Positions(l.RowHouse(3*band+r), board.Digit(d+1))) << (9 * r)
			}
			g.f[d][band] = m | values[d+1][band]
		}
	}
	if q.fixed {
		band, bit := int(q.cell)/27, uint32(1)<<(q.cell%27)
		for d := range g.f {
			if d+1 != int(q.digit) {
				g.f[d][band] &^= bit
			}
		}
	}
	for d := range g.rows {
		g.rows[d] = rowBit8 | rowBit8>>1 | rowBit8>>2
		// An impossible previous mask makes the first update look at every band.
		g.prev[d] = [3]uint32{^uint32(0), ^uint32(0), ^uint32(0)}
	}
	g.unsolved = [3]uint32{bandMask, bandMask, bandMask}
	g.dirty = 1<<9 - 1
}

// solved reports whether every cell's digit is known.
func (g *grid9) solved() bool { return g.unsolved[0]|g.unsolved[1]|g.unsolved[2] == 0 }

// update applies the constraints of every digit whose masks changed until nothing
// changes. It returns false on a contradiction. The digits come from the dirty set,
// where digit adds those whose masks its placements changed: a test per digit that
// changed, not one per digit and sweep, most of them outcomes the processor could
// not foresee. The lowest dirty digit goes first (taking them in turn, as a sweep
// did, ran a few percent slower).
func (g *grid9) update() bool {
	for g.dirty != 0 {
		d := bits.TrailingZeros32(g.dirty)
		g.dirty &= g.dirty - 1
		if !g.digit(d) {
			return false
		}
	}
	return true
}

// digit brings digit d's three band masks to their fixed point, in registers, then
// takes the cells it placed from the other digits. A band's step keeps the mini-rows
// (row x box) that lie on some one-to-one match of the band's three rows with its
// three boxes (locked candidates both ways, hidden singles in boxes and rows, in one
// look-up); a box of the band that keeps the digit in one column takes that column
// from the other bands, and two boxes of a stack confined to two columns take both
// from the third; a row left with one cell places the digit there. The step is
// written out for each band: a function per step, not inlined, cost a tenth of the
// search in calls. The cells placed are worked out once, after the loop, from the
// rows that became single: fewer values live in the loop, fewer spilled to memory.
func (g *grid9) digit(d int) bool {
	f, p := &g.f[d], &g.prev[d]
	a0, a1, a2 := f[0], f[1], f[2]
	p0, p1, p2 := p[0], p[1], p[2]
	rows := g.rows[d]
	rows0 := rows
	for {
		if a0 != p0 {
			a0 &= t9.complex[(t9.shrink[a0&0x1ff]|t9.shrink[a0>>9&0x1ff]<<3|t9.shrink[a0>>18&0x1ff]<<6)&0x1ff]
			if a0 == 0 {
				return false
			}
			s := cols(a0)
			single := t9.colsSingle[s]
			a2 &= single & t9.colsDouble[s|cols(a1)]
			a1 &= single & t9.colsDouble[s|cols(a2)]
			rows &^= singleRows(a0)
			p0 = a0
		}
		if a1 != p1 {
			a1 &= t9.complex[(t9.shrink[a1&0x1ff]|t9.shrink[a1>>9&0x1ff]<<3|t9.shrink[a1>>18&0x1ff]<<6)&0x1ff]
			if a1 == 0 {
				return false
			}
			s := cols(a1)
			single := t9.colsSingle[s]
			a2 &= single & t9.colsDouble[s|cols(a0)]
			a0 &= single & t9.colsDouble[s|cols(a2)]
			rows &^= singleRows(a1) >> 1
			p1 = a1
		}
		if a2 != p2 {
			a2 &= t9.complex[(t9.shrink[a2&0x1ff]|t9.shrink[a2>>9&0x1ff]<<3|t9.shrink[a2>>18&0x1ff]<<6)&0x1ff]
			if a2 == 0 {
				return false
			}
			s := cols(a2)
			single := t9.colsSingle[s]
			a1 &= single & t9.colsDouble[s|cols(a0)]
			a0 &= single & t9.colsDouble[s|cols(a1)]
			rows &^= singleRows(a2) >> 2
			p2 = a2
		}
		if a0 == p0 && a1 == p1 && a2 == p2 {
			break
		}
	}
	g.rows[d] = rows
	// The rows that became single place the digit in their one cell.
	single := rows0 &^ rows
	placed0 := a0 & (single & rowBit8 >> 8 * 0x1ff)
	placed1 := a1 & (single & (rowBit8 >> 1) >> 7 * 0x1ff)
	placed2 := a2 & (single & (rowBit8 >> 2) >> 6 * 0x1ff)
	if placed0|placed1|placed2 != 0 {
		g.unsolved[0] &^= placed0
		g.unsolved[1] &^= placed1
		g.unsolved[2] &^= placed2
		// Written out, as tally is; a digit that held a placed cell is dirty.
		all := &g.f
		g.dirty |= (takePlaced(&all[0], placed0, placed1, placed2) |
			takePlaced(&all[1], placed0, placed1, placed2)<<1 |
			takePlaced(&all[2], placed0, placed1, placed2)<<2 |
			takePlaced(&all[3], placed0, placed1, placed2)<<3 |
			takePlaced(&all[4], placed0, placed1, placed2)<<4 |
			takePlaced(&all[5], placed0, placed1, placed2)<<5 |
			takePlaced(&all[6], placed0, placed1, placed2)<<6 |
			takePlaced(&all[7], placed0, placed1, placed2)<<7 |
			takePlaced(&all[8], placed0, placed1, placed2)<<8) &^ (1 << d)
	}
	*f = [3]uint32{a0, a1, a2}
	*p = *f
	return true
}

// takePlaced takes the cells placed0, placed1, placed2 of the three bands from a digit's
// masks m, and returns 1 when m held one of them, else 0.
func takePlaced(m *[3]uint32, placed0, placed1, placed2 uint32) uint32 {
	hit := m[0]&placed0 | m[1]&placed1 | m[2]&placed2
	*m = [3]uint32{m[0] &^ placed0, m[1] &^ placed1, m[2] &^ placed2}
	return (hit | -hit) >> 31
}

// next3[b], next3[b+1]: the two bands after band b, in turn.
var next3 = [4]int{1, 2, 0, 1}

// cols folds a band mask onto its nine columns.
func cols(a uint32) uint32 { return (a | a>>9 | a>>18) & 0x1ff }

// singleRows returns the rows of band mask a left with one cell, as bit 8 of each
// row. Every row of a keeps a cell, so taking one from each row borrows nothing
// across rows, and a row is single when clearing its lowest bit leaves it empty.
func singleRows(a uint32) uint32 {
	w := a & (a - rowLow)
	return ^((w & rowLow8) + rowLow8 | w) & rowBit8
}

// narrow holds the unsolved cells with two and with three candidates, by band.
type narrow struct{ two, three [3]uint32 }

// nakedSingles places the digit of every unsolved cell left with one candidate. It
// returns how many it placed, or -1 when a cell has no candidate left; when it
// places none, nw holds the cells with two and three candidates, for guessCell.
func (g *grid9) nakedSingles(nw *narrow) int {
	placed := 0
	for b := range 3 {
		u := g.unsolved[b]
		if u == 0 {
			nw.two[b], nw.three[b] = 0, 0
			continue
		}
		r1, r2, r3, r4 := g.tally(b)
		if u&^r1 != 0 {
			return -1
		}
		nw.two[b] = u & r2 &^ r3
		nw.three[b] = u & r3 &^ r4
		single := u & r1 &^ r2
		if single == 0 {
			continue
		}
		for d := range 9 {
			for m := g.f[d][b] & single; m != 0; m &= m - 1 {
				// Leaving the digit one cell in its row is enough: update does the rest.
				g.f[d][b] &^= t9.rowOf[bits.TrailingZeros32(m)] &^ (m & -m)
				g.dirty |= 1 << d
				placed++
			}
		}
	}
	return placed
}

// tally returns the cells of band b with at least one, two, three and four
// candidates. It is written out digit by digit: as a loop it spent a third of its
// instructions on the loop itself.
func (g *grid9) tally(b int) (r1, r2, r3, r4 uint32) {
	f := &g.f
	r1 = f[0][b]
	r2, r1 = r1&f[1][b], r1|f[1][b]
	r3, r2, r1 = r2&f[2][b], r2|r1&f[2][b], r1|f[2][b]
	r4, r3, r2, r1 = r3&f[3][b], r3|r2&f[3][b], r2|r1&f[3][b], r1|f[3][b]
	r4, r3, r2, r1 = r4|r3&f[4][b], r3|r2&f[4][b], r2|r1&f[4][b], r1|f[4][b]
	r4, r3, r2, r1 = r4|r3&f[5][b], r3|r2&f[5][b], r2|r1&f[5][b], r1|f[5][b]
	r4, r3, r2, r1 = r4|r3&f[6][b], r3|r2&f[6][b], r2|r1&f[6][b], r1|f[6][b]
	r4, r3, r2, r1 = r4|r3&f[7][b], r3|r2&f[7][b], r2|r1&f[7][b], r1|f[7][b]
	r4, r3, r2, r1 = r4|r3&f[8][b], r3|r2&f[8][b], r2|r1&f[8][b], r1|f[8][b]
	return r1, r2, r3, r4
}

// guessCell picks the cell to guess in. Among the cells with two candidates it
// takes the one that sees the most cells with two or three candidates holding one
// of its digits, in its row, column and box, a two-candidate cell weighing three
// times a three-candidate one: either guess leaves such a cell one candidate fewer,
// so it settles much of the grid (a quarter fewer guesses than counting every
// two-candidate peer). Without any, it takes a cell with the fewest candidates. It
// returns the cell's band and bit.
func (g *grid9) guessCell(nw *narrow) (int, uint32) {
	two, three := &nw.two, &nw.three
	if two[0]|two[1]|two[2] != 0 {
		bestBand, bestBit, best := 0, uint32(0), -1
		f := &g.f
		for b := range 3 {
			t, h := two[b], three[b]
			// The other two bands side by side, so that one count covers a column.
			b1, b2 := next3[b], next3[b+1]
			t12 := uint64(two[b1]) | uint64(two[b2])<<27
			h12 := uint64(three[b1]) | uint64(three[b2])<<27
			for m := t; m != 0; m &= m - 1 {
				p := bits.TrailingZeros32(m)
				row, col := t9.rowOf[p]|t9.boxOf[p], t9.colOf2[p]
				// The weight of every such peer bounds the weight of those sharing a
				// digit: the cell cannot beat the best unless it does.
				if 3*(bits.OnesCount32(t&row)+bits.OnesCount64(t12&col))+
					bits.OnesCount32(h&row)+bits.OnesCount64(h12&col) <= best {
					continue
				}
				ds := g.cellDigits(b, p)
				x, y := &f[bits.TrailingZeros32(ds)], &f[bits.TrailingZeros32(ds&(ds-1))]
				u, u1, u2 := (x[b]|y[b])&row, x[b1]|y[b1], x[b2]|y[b2]
				c12 := (uint64(u1) | uint64(u2)<<27) & col
				n := 3*(bits.OnesCount32(t&u)+bits.OnesCount64(t12&c12)) +
					bits.OnesCount32(h&u) + bits.OnesCount64(h12&c12)
				if n > best {
					bestBand, bestBit, best = b, m&-m, n
				}
			}
		}
		return bestBand, bestBit
	}
	bestBand, bestBit, bestN := 0, uint32(0), 10
	for b := range 3 {
		for m := g.unsolved[b]; m != 0; m &= m - 1 {
			bit, n := m&-m, 0
			for d := range 9 {
				if g.f[d][b]&bit != 0 {
					n++
				}
			}
			if n < bestN {
				bestBand, bestBit, bestN = b, bit, n
			}
		}
	}
	return bestBand, bestBit
}

// cellDigits returns the digits of the cell at bit p of band b, bit d for digit d+1,
// gathered without a branch per digit.
func (g *grid9) cellDigits(b, p int) uint32 {
	f := &g.f
	return f[0][b]>>p&1 | f[1][b]>>p&1<<1 | f[2][b]>>p&1<<2 |
		f[3][b]>>p&1<<3 | f[4][b]>>p&1<<4 | f[5][b]>>p&1<<5 |
		f[6][b]>>p&1<<6 | f[7][b]>>p&1<<7 | f[8][b]>>p&1<<8
}

// digits returns the solved grid's values row by row.
func (g *grid9) digits() []board.Digit {
	out := make([]board.Digit, 81)
	for d := range 9 {
		for b := range 3 {
			for m := g.f[d][b]; m != 0; m &= m - 1 {
				out[b*27+bits.TrailingZeros32(m)] = board.Digit(d + 1)
			}
		}
	}
	return out
}

// classic is one search on a 9x9 board.
type classic struct {
	q       query
	count   int
	guesses int
	sols    [][]board.Digit
	ctx     context.Context
	done    <-chan struct{}
	err     error
}

// ctxEvery is how many guesses pass between two looks at the context: a few hundred
// microseconds of search at most.
const ctxEvery = 256

func searchClassic(ctx context.Context, b *board.Board, q query) (result, error) {
	s := classic{q: q, ctx: ctx, done: ctx.Done()}
	var g grid9
	g.load(b, q)
	s.run(&g)
	return result{count: s.count, guesses: s.guesses, sols: s.sols}, s.err
}

// run searches from g, which it may change: the last candidate of a guess is tried
// in place, the others on copies.
func (s *classic) run(g *grid9) {
	var nw narrow
	for {
		for {
			if !g.update() {
				return
			}
			if g.solved() {
				s.found(g)
				return
			}
			n := g.nakedSingles(&nw)
			if n < 0 {
				return
			}
			if n == 0 {
				break
			}
		}
		s.guesses++
		if s.done != nil && s.guesses%ctxEvery == 0 {
			select {
			case <-s.done:
				s.err = s.ctx.Err()
				return
			default:
			}
		}
		b, bit := g.guessCell(&nw)
		p := bits.TrailingZeros32(bit)
		others := t9.rowOf[p] &^ bit
		ds := g.cellDigits(b, p)
		for ; ds&(ds-1) != 0; ds &= ds - 1 {
			s.try(g, bits.TrailingZeros32(ds), b, others)
			if s.count >= s.q.limit || s.err != nil {
				return
			}
		}
		d := bits.TrailingZeros32(ds)
		g.f[d][b] &^= others
		g.dirty |= 1 << d
	}
}

// try searches a copy of g with digit d taken out of the cells of others (the rest
// of its row in band b). The copy lives on the stack, so a guess allocates nothing;
// inlined into run, escape analysis would move it to the heap.
//
//go:noinline
func (s *classic) try(g *grid9, d, b int, others uint32) {
	next := *g
	next.f[d][b] &^= others
	next.dirty |= 1 << d
	s.run(&next)
}

func (s *classic) found(g *grid9) {
	s.count++
	if len(s.sols) < s.q.keep {
		s.sols = append(s.sols, g.digits())
	}
}

// tables9 are the look-up tables of the classic solver, built once.
type tables9 struct {
	// shrink: a row's nine bits to the three boxes it has bits in.
	shrink [512]uint32
	// complex: mini-rows present (bit 3r+k: row r, box k) to the band mask of the
	// mini-rows that lie on some one-to-one match of rows with boxes.
	complex [512]uint32
	// colsSingle: a band's columns to the mask that clears, in the other bands, the
	// column of each stack where the band has only one.
	colsSingle [512]uint32
	// colsDouble: two bands' columns to the mask that clears, in the third band, the
	// columns of each stack where the two have two or fewer.
	colsDouble [512]uint32
	// rowOf: a band bit to the cells of its row.
	rowOf [32]uint32
	// boxOf: a band bit to the cells of its box.
	boxOf [32]uint32
	// colOf2: a band bit to the cells of its column in two bands side by side
	// (bits 0-26 and 27-53).
	colOf2 [32]uint64
}

var t9 = *buildTables9()

func buildTables9() *tables9 {
	t := &tables9{}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	colMask := func(c int) uint32 { return 1<<c | 1<<(c+9) | 1<<(c+18) }
	for x := range 512 {
		for k := range 3 {
			if x>>(3*k)&7 != 0 {
				t.shrink[x] |= 1 << k
			}
		}
		for _, p := range perms {
			ok := true
			for r := range 3 {
				ok = ok && x>>(3*r+p[r])&1 != 0
			}
			if !ok {
				continue
			}
			for r := range 3 {
				t.complex[x] |= 7 << (9*r + 3*p[r])
			}
		}
		t.colsSingle[x], t.colsDouble[x] = bandMask, bandMask
		for k := range 3 {
			c3 := x >> (3 * k) & 7
			n := bits.OnesCount(uint(c3))
			for c := range 3 {
				if c3>>c&1 == 0 {
					continue
				}
				if n == 1 {
					t.colsSingle[x] &^= colMask(3*k + c)
				}
				if n <= 2 {
					t.colsDouble[x] &^= colMask(3*k + c)
				}
			}
		}
	}
	for p := range 27 {
		t.rowOf[p] = 0x1ff << (9 * (p / 9))
		t.boxOf[p] = 0x1c0e07 << (3 * (p % 9 / 3))
		t.colOf2[p] = (1<<27 + 1) * (0x40201 << (p % 9))
	}
	return t
}
