package fallback

import (
	"context"
	"math/bits"
	"runtime"
	"sync"
	"weak"

	"github.com/stepdoku/stepdoku/board"
)

// The general solver works on any layout: one candidate mask per cell, naked and
// hidden singles over the layout's houses (the extra houses of variants included),
// locked candidates between boxes (or jigsaw regions) and lines when singles stall,
// on killers the sums of the cages (see cage), and the cell with the fewest
// candidates when search must guess (of those with two, the one with the most open
// peers sharing one of them; on killers, the fewest for the times its sums failed,
// see weighted). Cage-mates are peers in the layout, so singles keep
// a digit from repeating inside a cage.

// fixedBit marks a cell whose single candidate was already taken from its peers.
// Layouts have at most 25 digits, so bit 31 is free.
const fixedBit = 1 << 31

// general is one search on a board of any layout.
type general struct {
	q    query
	full uint32 // every digit of the layout
	*geometry
	count   int
	guesses int
	sols    [][]board.Digit
	// stack holds one state per depth, reused across the search.
	stack [][]uint32
	queue []int32
	// dirty marks the houses whose cells changed since the houses were last looked
	// at for hidden singles, and dirtyList lists them (see propagate); spare is the
	// list's second buffer. Killers do not keep them: their sums change cells too.
	dirty     []bool
	dirtyList []int32
	spare     []int32
	union     []uint32 // scratch: the candidates of each segment
	seen      []uint64 // scratch: the cells that see every cell of a set
	holds     []uint64 // scratch: per digit, the open cells that hold it (words words)
	two       []int32  // scratch: the open cells with two candidates
	// comboStack holds, per depth, the combinations a guess tries.
	comboStack [][]uint32
	// snap is the state as cageSums last saw it in this propagate, or the
	// propagated state this one was narrowed from (fresh false when neither), so
	// the next look checks only the rules of the cells that changed since; dirty
	// marks those rules.
	snap      []uint32
	fresh     bool
	ruleDirty []uint64 // a bit a rule
	// fix holds, per depth, the propagated state the branches narrow (killers).
	fix [][]uint32
	// supports remembers answers of cageSupport (see cachedSupport).
	supports []supportEntry
	// cheap is set for the first look at a killer's sums (see searchGeneral).
	cheap bool
	// weight counts, per cell, the times a sum rule holding it could not be made
	// (killers; see weighted).
	weight []int32
	ctx    context.Context
	done   <-chan struct{}
	err    error
}

// generalCtxEvery is how many guesses pass between two looks at the context; a node
// of a 25x25 search costs far more than one of a 9x9.
const generalCtxEvery = 16

// geometry is a layout's houses, peers and segments as flat cell lists, built once
// per layout.
type geometry struct {
	houses [][]int32
	peers  [][]int32
	// cellHouses are the houses of each cell, the variants' extra houses included.
	cellHouses [][]int32
	segs       []segment
	// boxGroups are the segments of a box along one direction, lineGroups those of a
	// row or column: a digit that only one segment of a group can hold must go there.
	boxGroups, lineGroups [][]int32
	// rules are the sums a killer's cages make (none on other layouts); combos is
	// the table of digit combinations for grids of up to 9 digits, nil on larger ones.
	rules  []sumRule
	combos *comboTable
	// cellRules are the rules of each cell, by index in rules; tierRules the rules
	// of each tier, a bit a rule.
	cellRules [][]int32
	tierRules [ruleTiers][]uint64
	// peerBits are the peers of each cell as a bit set of words words; cageOf the
	// cage of each cell (-1 for none) and cageCells the cells of each cage (killers
	// only).
	words     int
	peerBits  [][]uint64
	cageOf    []int32
	cageCells [][]int32
	// houseParts are, per house, where it meets each cage (killers only).
	houseParts [][]housePart
}

// segment is where a box meets a row or a column.
type segment struct {
	cells   []int32 // the cells both share
	lineOut []int32 // the line's other cells
	boxOut  []int32 // the box's other cells
}

// geometries caches the geometry of each layout a search has met. Variant layouts
// are built per puzzle, so the keys are weak: an entry goes when its layout does.
// A geometry holds no pointer to its layout, or the layout would never go.
var geometries sync.Map // weak.Pointer[board.Layout] -> *geometry

func geometryOf(l *board.Layout) *geometry {
	key := weak.Make(l)
	if g, ok := geometries.Load(key); ok {
		return g.(*geometry)
	}
	g := newGeometry(l)
	actual, loaded := geometries.LoadOrStore(key, g)
	if !loaded {
		runtime.AddCleanup(l, func(k weak.Pointer[board.Layout]) { geometries.Delete(k) }, key)
	}
	return actual.(*geometry)
}

// newGeometry builds the geometry of l.
func newGeometry(l *board.Layout) *geometry {
	n := l.N()
	cells := func(h board.House) []int32 {
		out := make([]int32, len(l.HouseCells(h)))
		for i, c := range l.HouseCells(h) {
			out[i] = int32(c)
		}
		return out
	}
	// The per-cell lists are cut from one array each: a killer's layout is built
	// per puzzle, so its allocations count.
	g := &geometry{houses: make([][]int32, l.Houses()), peers: make([][]int32, l.Cells())}
	perCell := make([]int, l.Cells())
	for h := range g.houses {
		g.houses[h] = cells(board.House(h))
		for _, c := range g.houses[h] {
			perCell[c]++
		}
	}
	g.cellHouses = cutLists(perCell)
	for h := range g.houses {
		for _, c := range g.houses[h] {
			g.cellHouses[c] = append(g.cellHouses[c], int32(h))
		}
	}
	for c := range perCell {
		perCell[c] = len(l.Peers(board.Cell(c)))
	}
	g.peers = cutLists(perCell)
	for c := range g.peers {
		for _, p := range l.Peers(board.Cell(c)) {
			g.peers[c] = append(g.peers[c], int32(p))
		}
	}
	lineGroups := make([][]int32, 2*n) // rows, then columns
	for box := range n {
		bh := l.BoxHouse(box)
		for kind := range 2 { // rows, then columns
			var group []int32
			for line := range n {
				lh := l.RowHouse(line)
				if kind == 1 {
					lh = l.ColHouse(line)
				}
				sg := segment{cells: make([]int32, 0, n), lineOut: make([]int32, 0, n)}
				for _, c := range l.HouseCells(lh) {
					if l.PosIn(c, bh) >= 0 {
						sg.cells = append(sg.cells, int32(c))
					} else {
						sg.lineOut = append(sg.lineOut, int32(c))
					}
				}
				if len(sg.cells) == 0 {
					continue
				}
				sg.boxOut = make([]int32, 0, n-len(sg.cells))
				for _, c := range l.HouseCells(bh) {
					if l.PosIn(c, lh) < 0 {
						sg.boxOut = append(sg.boxOut, int32(c))
					}
				}
				id := int32(len(g.segs))
				g.segs = append(g.segs, sg)
				group = append(group, id)
				lineGroups[kind*n+line] = append(lineGroups[kind*n+line], id)
			}
			g.boxGroups = append(g.boxGroups, group)
		}
	}
	g.lineGroups = lineGroups
	if len(l.Cages()) > 0 {
		g.rules = sumRules(l, g.houses, g.cellHouses)
		clear(perCell)
		for _, r := range g.rules {
			for _, c := range r.cells {
				perCell[c]++
			}
		}
		g.cellRules = cutLists(perCell)
		for t := range g.tierRules {
			g.tierRules[t] = make([]uint64, (len(g.rules)+63)/64)
		}
		for i, r := range g.rules {
			for _, c := range r.cells {
				g.cellRules[c] = append(g.cellRules[c], int32(i))
			}
			g.tierRules[r.tier()][i>>6] |= 1 << (i & 63)
		}
		g.cageOf = make([]int32, l.Cells())
		for c := range g.cageOf {
			k, ok := l.CageOf(board.Cell(c))
			g.cageOf[c] = int32(k)
			if !ok {
				g.cageOf[c] = -1
			}
		}
		g.cageCells = make([][]int32, len(l.Cages()))
		for i, cg := range l.Cages() {
			g.cageCells[i] = make([]int32, len(cg.Cells))
			for j, c := range cg.Cells {
				g.cageCells[i][j] = int32(c)
			}
		}
		g.houseParts = houseParts(g.houses, g.cageOf, g.cageCells)
	}
	g.words = (l.Cells() + 63) / 64
	g.peerBits = make([][]uint64, l.Cells())
	bitsAll := make([]uint64, l.Cells()*g.words)
	for c, ps := range g.peers {
		g.peerBits[c] = bitsAll[c*g.words : (c+1)*g.words : (c+1)*g.words]
		for _, p := range ps {
			g.peerBits[c][p>>6] |= 1 << (p & 63)
		}
	}
	if len(g.rules) > 0 && n <= 9 {
		g.combos = combos()
	}
	return g
}

// cutLists returns empty lists with room for sizes[i] items each, cut from one array.
func cutLists(sizes []int) [][]int32 {
	total := 0
	for _, k := range sizes {
		total += k
	}
	all := make([]int32, total)
	out := make([][]int32, len(sizes))
	for i, k := range sizes {
		out[i], all = all[:0:k], all[k:]
	}
	return out
}

func searchGeneral(ctx context.Context, b *board.Board, q query) (result, error) {
	l := b.Layout()
	s := general{q: q, full: uint32(l.AllDigits()), geometry: geometryOf(l), ctx: ctx, done: ctx.Done()}
	s.union = make([]uint32, len(s.segs))
	s.holds = make([]uint64, l.N()*s.words)
	if s.cageOf != nil {
		s.seen = make([]uint64, s.words)
		s.snap = make([]uint32, l.Cells())
		s.ruleDirty = make([]uint64, (len(s.rules)+63)/64)
		s.weight = make([]int32, l.Cells())
	} else {
		s.dirty = make([]bool, len(s.houses))
	}
	start := make([]uint32, l.Cells())
	for c, set := range startSets(b, q) {
		start[c] = uint32(set) & s.full
	}
	if s.rules != nil {
		// A first look with the cheaper sums (the union of a cage's combinations,
		// the bounds of loose rules) solves most killers of the books alone; the
		// search then looks again with all of them.
		s.cheap = true
		ok := s.propagate(start, nil, -1)
		s.cheap = false
		if !ok {
			return result{}, nil
		}
	}
	s.run(start, 0, nil, -1)
	return result{count: s.count, guesses: s.guesses, sols: s.sols}, s.err
}

// run searches from cs (the state at depth), which it may change; base, when not
// nil, is the propagated state cs was narrowed from. only, when not -1, is the one
// cell of cs narrowed since it was propagated.
func (s *general) run(cs []uint32, depth int, base []uint32, only int) {
	for {
		if !s.propagate(cs, base, only) {
			return
		}
		if s.rules != nil {
			// Keep this propagated state: the branches from here narrow it, and the
			// sums need only look again at the rules of the cells they narrowed.
			base = s.fixed(depth)
			copy(base, cs)
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
		if s.weight != nil {
			cell, n = s.weighted(cs)
		} else if n == 2 {
			cell = s.pair(cs)
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
		if s.combos != nil && n > 2 {
			if r, ms := s.comboGuess(cs, depth, n); ms != nil {
				// Try each combination the rule's open cells can take in turn: every
				// solution takes exactly one of them.
				last := len(ms) - 1
				for _, m := range ms[:last] {
					next := s.state(depth + 1)
					copy(next, cs)
					for _, c := range r.cells {
						if next[c]&fixedBit == 0 {
							next[c] &= m
						}
					}
					s.run(next, depth+1, base, -1)
					if s.count >= s.q.limit || s.err != nil {
						return
					}
				}
				for _, c := range r.cells {
					if cs[c]&fixedBit == 0 {
						cs[c] &= ms[last]
					}
				}
				only = -1
				continue
			}
		}
		ds := cs[cell]
		if s.rules != nil && n > 2 {
			// On a killer, split the cell's digits into the smaller and the larger
			// half: the sums bound ranges of digits, so each half cuts the tree more
			// than one digit does.
			low := lowHalf(ds)
			next := s.state(depth + 1)
			copy(next, cs)
			next[cell] = low
			s.run(next, depth+1, base, cell)
			if s.count >= s.q.limit || s.err != nil {
				return
			}
			cs[cell] = ds &^ low
			only = cell
			continue
		}
		for ; ds&(ds-1) != 0; ds &= ds - 1 {
			next := s.state(depth + 1)
			copy(next, cs)
			next[cell] = ds & -ds
			s.run(next, depth+1, base, cell)
			if s.count >= s.q.limit || s.err != nil {
				return
			}
		}
		cs[cell] = ds
		only = cell
	}
}

// pair returns, among the open cells with two candidates, the first of those whose
// candidates most open peers share: either guess takes the most from them, and on a
// 25x25 grid the tree is a few times smaller than with the first such cell. With
// many such cells the peers are counted as bits, the open cells holding each digit
// first (one by one, they took a quarter of a 16x16 search); with few, one by one.
func (s *general) pair(cs []uint32) int {
	two := s.two[:0]
	for c, v := range cs {
		if v&fixedBit == 0 && bits.OnesCount32(v) == 2 {
			two = append(two, int32(c))
		}
	}
	s.two = two
	cell, best := -1, -1
	if len(two)*len(s.peers[0]) < 2*len(cs) {
		for _, c := range two {
			v, k := cs[c], 0
			for _, p := range s.peers[c] {
				if w := cs[p]; w&fixedBit == 0 && w&v != 0 {
					k++
				}
			}
			if k > best {
				best, cell = k, int(c)
			}
		}
		return cell
	}
	w := s.words
	clear(s.holds)
	for c, v := range cs {
		if v&fixedBit != 0 {
			continue
		}
		at, bit := c>>6, uint64(1)<<(c&63)
		for ; v != 0; v &= v - 1 {
			s.holds[bits.TrailingZeros32(v)*w+at] |= bit
		}
	}
	for _, c := range two {
		v := cs[c]
		a := s.holds[bits.TrailingZeros32(v)*w:][:w]
		b := s.holds[bits.TrailingZeros32(v&(v-1))*w:][:w]
		k := 0
		for i, p := range s.peerBits[c] {
			k += bits.OnesCount64(p & (a[i] | b[i]))
		}
		if k > best {
			best, cell = k, int(c)
		}
	}
	return cell
}

// bump adds one to the weight of cells, those of a sum rule no digits could make.
func (s *general) bump(cells []int32) {
	for _, c := range cells {
		s.weight[c]++
	}
}

// weighted returns the open cell with the fewest candidates for its weight, and its
// number of candidates (dom/wdeg: the cells of the sums that failed most often are
// where the tree is decided). On killer-hard-dev, against the fewest candidates with
// the cage of fewest open cells first: half the guesses, 119.7 s to 57.6 s of CPU
// for the 34 puzzles; the weights of cells whose peers or houses clashed too, or
// weights as tie-breaks among the fewest candidates, did worse (67 s, 103 s).
func (s *general) weighted(cs []uint32) (int, int) {
	cell, bn, bw := -1, int64(1), int64(0)
	for c, v := range cs {
		if v&fixedBit != 0 {
			continue
		}
		n, w := int64(bits.OnesCount32(v)), int64(s.weight[c])+1
		if cell < 0 || n*bw < bn*w {
			cell, bn, bw = c, n, w
		}
	}
	return cell, int(bn)
}

// lowHalf returns the smaller half of the digits of ds (the smaller one of two).
func lowHalf(ds uint32) uint32 {
	var low uint32
	for range bits.OnesCount32(ds) / 2 {
		low |= ds & -ds
		ds &= ds - 1
	}
	return low
}

// fixed returns the reusable slice of a depth's propagated state (killers only).
func (s *general) fixed(depth int) []uint32 {
	for len(s.fix) <= depth {
		s.fix = append(s.fix, make([]uint32, len(s.peers)))
	}
	return s.fix[depth]
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
// on a contradiction. On a killer, base (when not nil) is a propagated state cs was
// narrowed from. only, when not -1, is the one cell narrowed since cs was propagated
// last: elsewhere there is no single, and only the houses of the cells that change
// from there on are looked at for hidden singles again.
func (s *general) propagate(cs []uint32, base []uint32, only int) bool {
	// queue holds cells left with one candidate whose peers have not yet lost it.
	queue := s.queue[:0]
	defer func() { s.queue = queue }()
	s.fresh = base != nil
	if s.fresh {
		copy(s.snap, base)
	}
	track := s.dirty != nil
	if track {
		for _, h := range s.dirtyList {
			s.dirty[h] = false
		}
		s.dirtyList = s.dirtyList[:0]
	}
	if track && only >= 0 {
		s.mark(int32(only))
		if v := cs[only]; v&(v-1) == 0 {
			if v == 0 {
				return false
			}
			queue = append(queue, int32(only))
		}
	} else {
		for c, v := range cs {
			if v&fixedBit == 0 && v&(v-1) == 0 {
				if v == 0 {
					return false
				}
				queue = append(queue, int32(c))
			}
		}
		if track {
			for h := range s.houses {
				s.dirty[h] = true
				s.dirtyList = append(s.dirtyList, int32(h))
			}
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
				s.mark(p)
				if w&(w-1) == 0 {
					queue = append(queue, p)
				}
			}
		}
		if track {
			// The houses changed since they were looked at; those that change while
			// these are looked at are marked again for the next round.
			look := s.dirtyList
			s.dirtyList, s.spare = s.spare[:0], look
			for _, h := range look {
				s.dirty[h] = false
			}
			for _, h := range look {
				if !s.house(cs, s.houses[h], &queue) {
					return false
				}
			}
		} else {
			for _, h := range s.houses {
				if !s.house(cs, h, &queue) {
					return false
				}
			}
		}
		if len(queue) > 0 {
			continue
		}
		if len(s.rules) > 0 {
			changed, ok := s.cageSums(cs, &queue)
			if !ok {
				return false
			}
			if changed {
				continue
			}
			changed, ok = s.cageLocked(cs, &queue)
			if !ok {
				return false
			}
			if changed {
				continue
			}
		}
		changed, ok := s.locked(cs, &queue)
		if !ok {
			return false
		}
		if !changed {
			return true
		}
	}
}

// house looks at one house for hidden singles, which it places (they join queue); it
// returns false when a digit has no place left there.
func (s *general) house(cs []uint32, h []int32, queue *[]int32) bool {
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
				*queue = append(*queue, c)
				s.mark(c)
				break
			}
		}
	}
	return true
}

// mark notes that cell c changed: its houses are looked at again for hidden singles
// (on layouts that keep track: not killers).
func (s *general) mark(c int32) {
	if s.dirty == nil {
		return
	}
	for _, h := range s.cellHouses[c] {
		if !s.dirty[h] {
			s.dirty[h] = true
			s.dirtyList = append(s.dirtyList, h)
		}
	}
}

// locked applies locked candidates: a digit that, within a box, only one of its
// segments along a line can hold leaves the rest of that line (pointing), and one
// that, within a line, only one segment can hold leaves the rest of that box
// (claiming). Cells left with one candidate join queue. It reports whether it
// removed anything, and false on a contradiction.
func (s *general) locked(cs []uint32, queue *[]int32) (changed, ok bool) {
	for i, sg := range s.segs {
		var u uint32
		for _, c := range sg.cells {
			if v := cs[c]; v&fixedBit == 0 {
				u |= v
			}
		}
		s.union[i] = u
	}
	for pass, groups := range [2][][]int32{s.boxGroups, s.lineGroups} {
		for _, group := range groups {
			var once, twice uint32
			for _, id := range group {
				u := s.union[id]
				twice |= once & u
				once |= u
			}
			only := once &^ twice
			if only == 0 {
				continue
			}
			for _, id := range group {
				m := s.union[id] & only
				if m == 0 {
					continue
				}
				out := s.segs[id].lineOut
				if pass == 1 {
					out = s.segs[id].boxOut
				}
				for _, c := range out {
					removed, ok := strip(cs, c, m, queue)
					if removed {
						s.mark(c)
					}
					changed = changed || removed
					if !ok {
						return changed, false
					}
				}
			}
		}
	}
	return changed, true
}

// strip removes the digits m from the open cell c; ok is false when c has none left.
// A cell left with one digit goes on the queue, to be placed.
func strip(cs []uint32, c int32, m uint32, queue *[]int32) (removed, ok bool) {
	v := cs[c]
	if v&m == 0 || v&fixedBit != 0 {
		return false, true
	}
	v &^= m
	cs[c] = v
	if v == 0 {
		return true, false
	}
	if v&(v-1) == 0 {
		*queue = append(*queue, c)
	}
	return true, true
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
