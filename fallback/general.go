package fallback

import (
	"context"
	"math/bits"
	"sync"

	"github.com/stepdoku/stepdoku/board"
)

// The general solver works on any layout: one candidate mask per cell, naked and
// hidden singles over the layout's houses, and the cell with the fewest candidates
// when search must guess.

// fixedBit marks a cell whose single candidate was already taken from its peers.
// Layouts have at most 25 digits, so bit 31 is free.
const fixedBit = 1 << 31

// general is one search on a board of any layout.
type general struct {
	q       query
	full    uint32    // every digit of the layout
	houses  [][]int32 // the cells of each house
	peers   [][]int32 // the peers of each cell
	count   int
	guesses int
	sols    [][]board.Digit
	// stack holds one state per depth, reused across the search.
	stack [][]uint32
	queue []int32
	ctx   context.Context
	done  <-chan struct{}
	err   error
}

// generalCtxEvery is how many guesses pass between two looks at the context; a node
// of a 25x25 search costs far more than one of a 9x9.
const generalCtxEvery = 16

// geometry is a layout's houses and peers as flat cell lists, built once per layout.
type geometry struct {
	houses [][]int32
	peers  [][]int32
}

var geometries sync.Map // *board.Layout -> *geometry

func geometryOf(l *board.Layout) *geometry {
	if g, ok := geometries.Load(l); ok {
		return g.(*geometry)
	}
	g := &geometry{houses: make([][]int32, l.Houses()), peers: make([][]int32, l.Cells())}
	for h := range g.houses {
		for _, c := range l.HouseCells(board.House(h)) {
			g.houses[h] = append(g.houses[h], int32(c))
		}
	}
	for c := range g.peers {
		for _, p := range l.Peers(board.Cell(c)) {
			g.peers[c] = append(g.peers[c], int32(p))
		}
	}
	actual, _ := geometries.LoadOrStore(l, g)
	return actual.(*geometry)
}

func searchGeneral(ctx context.Context, b *board.Board, q query) (result, error) {
	l := b.Layout()
	geo := geometryOf(l)
	s := general{q: q, full: uint32(l.AllDigits()), houses: geo.houses, peers: geo.peers, ctx: ctx, done: ctx.Done()}
	start := make([]uint32, l.Cells())
	for c, set := range startSets(b, q) {
		start[c] = uint32(set) & s.full
	}
	s.run(start, 0)
	return result{count: s.count, guesses: s.guesses, sols: s.sols}, s.err
}

// run searches from cs (the state at depth), which it may change.
func (s *general) run(cs []uint32, depth int) {
	for {
		if !s.propagate(cs) {
			return
		}
		cell, n := -1, 64
		for c, v := range cs {
			if v&fixedBit == 0 {
				if k := bits.OnesCount32(v); k < n {
					cell, n = c, k
				}
			}
		}
		if cell < 0 {
			s.found(cs)
			return
		}
		s.guesses++
		if s.done != nil && s.guesses%generalCtxEvery == 0 {
			select {
			case <-s.done:
				s.err = s.ctx.Err()
				return
			default:
			}
		}
		ds := cs[cell]
		for ; ds&(ds-1) != 0; ds &= ds - 1 {
			next := s.state(depth + 1)
			copy(next, cs)
			next[cell] = ds & -ds
			s.run(next, depth+1)
			if s.count >= s.q.limit || s.err != nil {
				return
			}
		}
		cs[cell] = ds
	}
}

// state returns the reusable state slice of a depth.
func (s *general) state(depth int) []uint32 {
	for len(s.stack) <= depth {
		s.stack = append(s.stack, nil)
	}
	if s.stack[depth] == nil {
		s.stack[depth] = make([]uint32, len(s.peers))
	}
	return s.stack[depth]
}

// propagate applies naked and hidden singles until nothing changes. It returns false
// on a contradiction.
func (s *general) propagate(cs []uint32) bool {
	// queue holds cells left with one candidate whose peers have not yet lost it.
	queue := s.queue[:0]
	defer func() { s.queue = queue }()
	for c, v := range cs {
		if v&fixedBit == 0 && v&(v-1) == 0 {
			if v == 0 {
				return false
			}
			queue = append(queue, int32(c))
		}
	}
	for {
		for len(queue) > 0 {
			c := queue[len(queue)-1]
			queue = queue[:len(queue)-1]
			v := cs[c]
			if v&fixedBit != 0 {
				continue
			}
			cs[c] = v | fixedBit
			for _, p := range s.peers[c] {
				w := cs[p]
				if w&v == 0 {
					continue
				}
				if w&fixedBit != 0 || w == v {
					return false
				}
				w &^= v
				cs[p] = w
				if w&(w-1) == 0 {
					queue = append(queue, p)
				}
			}
		}
		for _, h := range s.houses {
			var once, twice, fixed uint32
			for _, c := range h {
				v := cs[c]
				if v&fixedBit != 0 {
					fixed |= v
				}
				v &^= fixedBit
				twice |= once & v
				once |= v
			}
			if once != s.full {
				return false
			}
			for hidden := once &^ twice &^ fixed; hidden != 0; hidden &= hidden - 1 {
				d := hidden & -hidden
				for _, c := range h {
					if cs[c]&d != 0 {
						cs[c] = d
						queue = append(queue, c)
						break
					}
				}
			}
		}
		if len(queue) == 0 {
			return true
		}
	}
}

func (s *general) found(cs []uint32) {
	s.count++
	if len(s.sols) < s.q.keep {
		out := make([]board.Digit, len(cs))
		for c, v := range cs {
			out[c] = board.Digit(bits.TrailingZeros32(v&^fixedBit) + 1)
		}
		s.sols = append(s.sols, out)
	}
}
