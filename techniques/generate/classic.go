package generate

import (
	"context"
	"math/bits"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
)

// The generator asks dozens of uniqueness questions per puzzle, each on a puzzle one
// given apart from the last, and on the classic grid each question is answered in a
// few microseconds. At that size, building a board.Board per question (each given
// written as a candidate set, each removed candidate struck from three houses' tables)
// and having the fallback search read it back cost more than the search itself. So
// the classic grid's questions go to a search of its own here, which reads the
// givens straight from the digit slice: one 81-bit mask per digit of where it may
// stand, naked singles counted across the nine masks in bit slices, hidden singles
// in boxes, and the cell with the fewest candidates when it must guess, trying the
// known solution's digit first. Every other layout asks fallback.Count on a board.
//
// Where a plain puzzle's time goes (BenchmarkGenerate/plain, about 60 questions): the
// 24 questions whose answer is "not unique", a given that must stay, take most of it
// (70% of the search's nodes, 85% of its box checks), about six nodes each to reach
// the second solution; the 35 answered "unique" end in a contradiction after a
// guess or none.

// set81 is a set of cells of the 9x9 grid: cell c is bit c of lo when c < 64, else
// bit c-64 of hi.
type set81 struct{ lo, hi uint64 }

func (s set81) and(t set81) set81    { return set81{s.lo & t.lo, s.hi & t.hi} }
func (s set81) andNot(t set81) set81 { return set81{s.lo &^ t.lo, s.hi &^ t.hi} }
func (s set81) or(t set81) set81     { return set81{s.lo | t.lo, s.hi | t.hi} }
func (s set81) empty() bool          { return s.lo|s.hi == 0 }

// single reports whether s holds exactly one cell.
func (s set81) single() bool {
	if s.lo != 0 {
		return s.hi == 0 && s.lo&(s.lo-1) == 0
	}
	return s.hi != 0 && s.hi&(s.hi-1) == 0
}

// first returns the lowest cell of s, which must not be empty.
func (s set81) first() int {
	if s.lo != 0 {
		return bits.TrailingZeros64(s.lo)
	}
	return 64 + bits.TrailingZeros64(s.hi)
}

// has reports whether cell c is in s.
func (s set81) has(c int) bool {
	if c < 64 {
		return s.lo>>c&1 != 0
	}
	return s.hi>>(c-64)&1 != 0
}

func cell81(c int) set81 {
	if c < 64 {
		return set81{lo: 1 << c}
	}
	return set81{hi: 1 << (c - 64)}
}

// geometry9 holds the 9x9 grid's cell sets; built once, then only read.
type geometry9 struct {
	all    set81
	peers  [81]set81
	houses [27]set81
	// housesOf[c]: the row, column and box of c, as bits 0-8, 9-17 and 18-26.
	housesOf [81]uint32
}

var geo9 = buildGeometry9()

func buildGeometry9() *geometry9 {
	g := &geometry9{}
	for c := range 81 {
		r, col := c/9, c%9
		b := r/3*3 + col/3
		g.all = g.all.or(cell81(c))
		g.houses[r] = g.houses[r].or(cell81(c))
		g.houses[9+col] = g.houses[9+col].or(cell81(c))
		g.houses[18+b] = g.houses[18+b].or(cell81(c))
	}
	for c := range 81 {
		r, col := c/9, c%9
		b := r/3*3 + col/3
		g.peers[c] = g.houses[r].or(g.houses[9+col]).or(g.houses[18+b]).andNot(cell81(c))
		g.housesOf[c] = 1<<r | 1<<(9+col) | 1<<(18+b)
	}
	return g
}

// grid81 is one state of the classic search; a guess copies it.
type grid81 struct {
	// pos[d]: where digit d+1 may stand. Only its open cells count: placing a
	// digit clears it from the cell's peers but leaves the cell in the other
	// digits' sets, so every reader masks them with open.
	pos  [9]set81
	open set81 // the cells whose digit is not known
	// done[d]: the houses that hold digit d+1 (bit h for house h, as in housesOf),
	// which the search for hidden singles skips.
	done [9]uint32
}

// load sets g to the puzzle p (0 for an empty cell).
func (g *grid81) load(p []board.Digit) {
	geo := geo9
	for d := range g.pos {
		g.pos[d] = geo.all
	}
	g.open = geo.all
	g.done = [9]uint32{}
	for c, v := range p {
		if v != 0 {
			g.place(c, int(v)-1)
		}
	}
}

// place puts digit d+1 in cell c.
func (g *grid81) place(c, d int) {
	g.pos[d] = g.pos[d].andNot(geo9.peers[c])
	g.open = g.open.andNot(cell81(c))
	g.done[d] |= geo9.housesOf[c]
}

// propagate places naked and hidden singles until there are none; it returns false
// on a contradiction (a cell without a digit, a house without a place for one).
func (g *grid81) propagate() bool {
	for {
		var one, two set81 // open cells with at least one, at least two candidates
		for d := range g.pos {
			p := g.pos[d].and(g.open)
			two = two.or(one.and(p))
			one = one.or(p)
		}
		if !g.open.andNot(one).empty() {
			return false
		}
		if singles := g.open.andNot(two); !singles.empty() {
			// Digit by digit: a single that an earlier one of the round took its
			// digit from stays open with no candidate, and the next round sees it.
			for d := range g.pos {
				for s := singles.and(g.pos[d]); !s.empty(); s = singles.and(g.pos[d]) {
					c := s.first()
					g.place(c, d)
					singles = singles.andNot(cell81(c))
				}
			}
			continue
		}
		if g.open.empty() {
			return true
		}
		// Hidden singles in boxes only: every house looked at costs about as much
		// as a round of naked singles, and the rows and columns, looked at too,
		// saved fewer guesses than they cost (measured on the plain benchmark:
		// 18% more guesses, 55% fewer houses looked at, the whole 10-15% faster).
		hidden, ok := g.hiddenSingles(1<<27 - 1<<18) // boxes are houses 18-26
		if !ok {
			return false
		}
		if !hidden {
			return true
		}
	}
}

// hiddenSingles places the hidden singles of the houses in hs (bit h for house h).
// It reports whether it placed any, and false as its second result when a house
// has no place left for a digit it lacks.
func (g *grid81) hiddenSingles(hs uint32) (found, ok bool) {
	geo := geo9
	for d := range g.pos {
		// A house without d placed (not in done) has d's places among its open
		// cells: none is a contradiction, one a hidden single.
		pd := g.pos[d].and(g.open)
		for left := hs &^ g.done[d]; left != 0; left &= left - 1 {
			h := bits.TrailingZeros32(left)
			if g.done[d]>>h&1 != 0 {
				continue // placed by a hidden single of this round
			}
			q := pd.and(geo.houses[h])
			if q.empty() {
				return found, false
			}
			if q.single() {
				g.place(q.first(), d)
				pd = g.pos[d].and(g.open)
				found = true
			}
		}
	}
	return found, true
}

// guess returns the open cell with the fewest candidates (the first of them) and its
// candidates as a digit mask (bit d for digit d+1).
func (g *grid81) guess() (int, uint16) {
	var one, two, three set81
	for d := range g.pos {
		p := g.pos[d].and(g.open)
		three = three.or(two.and(p))
		two = two.or(one.and(p))
		one = one.or(p)
	}
	best, bestN := -1, 10
	if pairs := g.open.and(two).andNot(three); !pairs.empty() {
		best = pairs.first()
	} else {
		for s := g.open; !s.empty(); s = s.andNot(cell81(s.first())) {
			c := s.first()
			n := 0
			for d := range g.pos {
				if g.pos[d].has(c) {
					n++
				}
			}
			if n < bestN {
				best, bestN = c, n
			}
		}
	}
	var ds uint16
	for d := range g.pos {
		if g.pos[d].has(best) {
			ds |= 1 << d
		}
	}
	return best, ds
}

// search9 counts solutions of the classic grid up to a limit, looking at its
// context every few hundred guesses.
type search9 struct {
	ctx   context.Context
	known []board.Digit // a solution whose digits are tried first, or nil
	first int           // a cell to guess first while it is open, or -1
	limit int
	found int
	last  grid81 // the last solution found
	nodes int
	err   error
}

// run counts the solutions of g, stopping at s.limit or on the context's end.
func (s *search9) run(g grid81) {
	if !g.propagate() {
		return
	}
	if g.open.empty() {
		s.found++
		s.last = g
		return
	}
	if s.nodes++; s.nodes&255 == 0 {
		if s.err = s.ctx.Err(); s.err != nil {
			return
		}
	}
	var c int
	var ds uint16
	if s.first >= 0 && g.open.has(s.first) {
		c = s.first
		for d := range g.pos {
			if g.pos[d].has(c) {
				ds |= 1 << d
			}
		}
	} else {
		c, ds = g.guess()
	}
	// The known solution's digit first: a second solution, when there is one,
	// mostly agrees with it, so it is found with few wrong guesses.
	if s.known != nil {
		if d := int(s.known[c]) - 1; d >= 0 && ds>>d&1 != 0 {
			h := g
			h.place(c, d)
			s.run(h)
			if s.found >= s.limit || s.err != nil {
				return
			}
			ds &^= 1 << d
		}
	}
	for ; ds != 0; ds &= ds - 1 {
		h := g
		h.place(c, bits.TrailingZeros16(ds))
		s.run(h)
		if s.found >= s.limit || s.err != nil {
			return
		}
	}
}

// count9 returns the number of solutions of g up to limit, trying the digits of
// known (a solution of the puzzle g was loaded from, or nil) first.
func count9(ctx context.Context, g *grid81, limit int, known []board.Digit, first int) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	s := search9{ctx: ctx, known: known, first: first, limit: limit}
	s.run(*g)
	return min(s.found, limit), s.err
}

// solve9 returns a solution of the classic puzzle p (0 for an empty cell), or
// fallback.ErrNoSolution.
func solve9(ctx context.Context, p []board.Digit) ([]board.Digit, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var g grid81
	g.load(p)
	s := search9{ctx: ctx, first: -1, limit: 1}
	s.run(g)
	if s.err != nil {
		return nil, s.err
	}
	if s.found == 0 {
		return nil, fallback.ErrNoSolution
	}
	// Every digit stands in every row of a solved grid, so each digit's set has
	// lost every cell but its own: the peers of its placements cover the rest.
	sol := make([]board.Digit, 81)
	for d, set := range s.last.pos {
		for ; !set.empty(); set = set.andNot(cell81(set.first())) {
			sol[set.first()] = board.Digit(d + 1)
		}
	}
	return sol, nil
}
