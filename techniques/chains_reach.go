package techniques

import (
	"math"
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
)

// This file holds the filters that spare the chain finders most of their searches
// (and forcing chains, and the chains of almost locked sets in als.go, theirs).
// Each asks, for every candidate at once, a question about walks in the graph of search
// states (links, and sets' forcings of cells): walks may pass through a node twice and
// have any length, so a chain the finder could report is always such a walk, and a
// candidate or start without one needs no search. The questions are answered on the
// strongly connected components of the state graph (chainComps), in topological order,
// by passing on the set of roots that reach each component (chainGraph.reach).

// chainComps are the strongly connected components of a graph's search states.
// Components are numbered in the order Tarjan's algorithm completes them, which is
// reverse topological: a component reaches only components of lower numbers.
type chainComps struct {
	comp   []int32 // state -> its component
	states []int32 // the states of component c: states[at[c]:at[c+1]]
	at     []int32
	// The steps of a walk from state st are walk[walkAt[st]:walkAt[st+1]]: its links,
	// and for a set node made false the candidates the set then forces, made true.
	// Without forcings they are the graph's move table, else ownAt and own.
	walkAt, walk []int32
	ownAt, own   []int32
}

// size returns the number of states in component c.
func (cs *chainComps) size(c int32) int32 { return cs.at[c+1] - cs.at[c] }

// leaves reports whether a walk steps from component c to another.
func (cs *chainComps) leaves(c int32) bool {
	for _, st := range cs.states[cs.at[c]:cs.at[c+1]] {
		for _, t := range cs.walk[cs.walkAt[st]:cs.walkAt[st+1]] {
			if cs.comp[t] != c {
				return true
			}
		}
	}
	return false
}

// components returns the components of g's state graph, computed on first use.
func (g *chainGraph) components() *chainComps {
	g.compOnce.Do(func() {
		g.forceOnce.Do(g.alsForcings)
		cs := &g.store.comps
		g.walkSteps(cs)
		cs.tarjan(g.sc)
		g.comps = cs
	})
	return g.comps
}

// walkSteps fills the walk table of cs from g's moves and forcings.
func (g *chainGraph) walkSteps(cs *chainComps) {
	if len(g.forced) == 0 {
		cs.walkAt, cs.walk = g.nextAt, g.next
		return
	}
	ns := 2 * len(g.nodes)
	cs.ownAt = roomFor(cs.ownAt, ns+1)[:ns+1]
	cs.own = roomFor(cs.own, len(g.next)+len(g.forced))[:len(g.next)+len(g.forced)]
	cs.walkAt, cs.walk = cs.ownAt, cs.own
	at := int32(0)
	for st := range int32(ns) {
		cs.walkAt[st] = at
		at += int32(copy(cs.walk[at:], g.moves(st)))
		if x := st >> 1; st&1 == 0 && g.forcedAt[x+1] > g.forcedAt[x] {
			for _, y := range g.forced[g.forcedAt[x]:g.forcedAt[x+1]] {
				cs.walk[at] = chainState(y, true)
				at++
			}
		}
	}
	cs.walkAt[ns] = at
}

// tarjan finds the components, iteratively: calls is the path of the depth-first walk,
// cursor[st] the next step of st to follow.
func (cs *chainComps) tarjan(scr *scratch) {
	ns := int32(len(cs.walkAt) - 1)
	sc := scr.tarjan.get()
	defer scr.tarjan.put(sc)
	sc.reset(int(ns))
	index, low, cursor := sc.index, sc.low, sc.cursor
	walkAt, walk := cs.walkAt, cs.walk
	copy(cursor, walkAt[:ns])
	cs.comp = roomFor(cs.comp, int(ns))[:ns]
	cs.states = roomFor(cs.states, int(ns))
	cs.at = append(roomFor(cs.at, int(ns)+1), 0)
	comp := cs.comp
	const unseen, done = -1, math.MaxInt32
	stack, calls := sc.stack[:0], sc.calls[:0]
	var next int32
	for root := range ns {
		if index[root] != unseen {
			continue
		}
		calls = append(calls, root)
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		for len(calls) > 0 {
			st := calls[len(calls)-1]
			// Follow st's steps up to the first state not yet seen, if any. A state
			// of a finished component has index done, so it never lowers low.
			e, end, lowSt := cursor[st], walkAt[st+1], low[st]
			for ; e < end; e++ {
				it := index[walk[e]]
				if it == unseen {
					break
				}
				lowSt = min(lowSt, it)
			}
			low[st] = lowSt
			if e < end {
				cursor[st] = e + 1
				t := walk[e]
				index[t], low[t] = next, next
				next++
				stack = append(stack, t)
				calls = append(calls, t)
				continue
			}
			cursor[st] = e
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				if p := calls[len(calls)-1]; low[st] < low[p] {
					low[p] = low[st]
				}
			}
			if low[st] == index[st] {
				c := int32(len(cs.at) - 1)
				for {
					t := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					comp[t], index[t] = c, done
					cs.states = append(cs.states, t)
					if t == st {
						break
					}
				}
				cs.at = append(cs.at, int32(len(cs.states)))
			}
		}
	}
	sc.stack, sc.calls = stack, calls
}

// chainReach holds, for each component, a set of bits: those of the roots that reach
// it (chainGraph.reach). Set the roots with set, then pass them on with spread.
type chainReach struct {
	cs   *chainComps
	w    int // words per component
	bits []uint64
}

// has reports whether a root of bit reaches state st.
func (r *chainReach) has(st, bit int32) bool {
	return r.bits[int(r.cs.comp[st])*r.w+int(bit>>6)]&(1<<(uint(bit)&63)) != 0
}

// set makes state st a root of bit.
func (r *chainReach) set(st, bit int32) {
	r.bits[int(r.cs.comp[st])*r.w+int(bit>>6)] |= 1 << (uint(bit) & 63)
}

// reach returns an empty answer of nbits bits a component for g's states. Give it back
// with g.sc.reach.put when done with it.
func (g *chainGraph) reach(nbits int) *chainReach { return newReach(g.sc, g.components(), nbits) }

// defaultReachMaxWords bounds the bitsets of a filter (a few per component): on the
// largest grids they could take hundreds of megabytes, and there the filters stand
// aside (each caller then searches as if every start passed). A solve keeps it in
// scratch.reachMaxWords, so that tests can make them stand aside.
const defaultReachMaxWords = 1 << 22

// reachFits reports whether nbits bits a component of cs stay within the solve's
// bound (scratch.reachMaxWords).
func reachFits(sc *scratch, cs *chainComps, nbits int) bool {
	return (len(cs.at)-1)*((nbits+63)/64) <= sc.reachMaxWords
}

// newReach returns an empty answer of nbits bits a component of cs.
func newReach(sc *scratch, cs *chainComps, nbits int) *chainReach {
	ncomp := len(cs.at) - 1
	r := sc.reach.get()
	r.cs, r.w = cs, (nbits+63)/64
	r.bits = slices.Grow(r.bits[:0], ncomp*r.w)[:ncomp*r.w]
	clear(r.bits)
	return r
}

// spread passes the bits of the roots on along every walk. A component reaches only
// lower numbers: from the highest down, each has all its bits when it is passed on.
func (r *chainReach) spread() {
	cs, w := r.cs, r.w
	for c := len(cs.at) - 2; c >= 0; c-- {
		rc := r.bits[c*w : (c+1)*w]
		empty := true
		for _, x := range rc {
			empty = empty && x == 0
		}
		if empty {
			continue
		}
		for _, st := range cs.states[cs.at[c]:cs.at[c+1]] {
			for _, t := range cs.walk[cs.walkAt[st]:cs.walkAt[st+1]] {
				if tc := int(cs.comp[t]); tc != c {
					dst := r.bits[tc*w : (tc+1)*w]
					for j := range rc {
						dst[j] |= rc[j]
					}
				}
			}
		}
	}
}

// refutable tells, for each candidate node, whether a walk from it made true reaches
// it false or another digit of its cell true, and placeable whether a walk from it
// made false reaches it true. A discontinuous loop is such a walk, so a candidate
// without one needs no search. A walk only goes to components of lower numbers (or
// stays in one), so only the candidates whose states are so ordered get a bit.
func (g *chainGraph) refutable() (refutable, placeable []bool) {
	k := g.ncand
	comp := g.components().comp
	refutable, placeable = make([]bool, k), make([]bool, k)
	// bit[2s] and bit[2s+1]: the bits of s made true and made false, or -1.
	bit := make([]int32, 2*k)
	var nbits int32
	for s := range k {
		on, off := comp[chainState(s, true)], comp[chainState(s, false)]
		bit[2*s], bit[2*s+1] = -1, -1
		may := on >= off
		nd := &g.nodes[s]
		for o := g.b.Candidates(nd.cell).Without(nd.digit); o != 0 && !may; o &= o - 1 {
			if y := g.candNode(nd.cell, o.First()); y >= 0 {
				may = on >= comp[chainState(y, true)]
			}
		}
		if may {
			bit[2*s] = nbits
			nbits++
		}
		if off >= on {
			bit[2*s+1] = nbits
			nbits++
		}
	}
	if nbits == 0 {
		return refutable, placeable
	}
	if !reachFits(g.sc, g.components(), int(nbits)) {
		for s := range k {
			refutable[s], placeable[s] = bit[2*s] >= 0, bit[2*s+1] >= 0
		}
		return refutable, placeable
	}
	r := g.reach(int(nbits))
	defer g.sc.reach.put(r)
	for s := range k {
		if b := bit[2*s]; b >= 0 {
			r.set(chainState(s, true), b)
		}
		if b := bit[2*s+1]; b >= 0 {
			r.set(chainState(s, false), b)
		}
	}
	r.spread()
	for s := range k {
		if b := bit[2*s]; b >= 0 {
			nd := g.nodes[s]
			refutable[s] = r.has(chainState(s, false), b)
			for o := g.b.Candidates(nd.cell).Without(nd.digit); o != 0 && !refutable[s]; o &= o - 1 {
				if y := g.candNode(nd.cell, o.First()); y >= 0 {
					refutable[s] = r.has(chainState(y, true), b)
				}
			}
		}
		if b := bit[2*s+1]; b >= 0 {
			placeable[s] = r.has(chainState(s, true), b)
		}
	}
	return refutable, placeable
}

// openStarts tells which nodes an open chain (X-, XY-chain, AIC) may start from. Such
// a chain removes a candidate x that sees both ends, so x made true makes the start
// false (its digit in cells x sees, or another digit of x's cell), a walk leads on to
// the end true, and that makes x false: x is refuted by a walk. So only the candidates
// so refuted (nodes or not: an XY-chain's graph holds only bivalue cells) can go, and
// only a node whose falsehood such a candidate implies needs a search from it.
func (g *chainGraph) openStarts() []bool {
	n := g.l.N()
	bit, k := candidateBits(g.sc, g.b)
	nn := len(g.nodes)
	if !reachFits(g.sc, g.components(), int(k)) {
		starts := make([]bool, nn)
		for a := range starts {
			starts[a] = true
		}
		return starts
	}
	r := g.reach(int(k))
	defer g.sc.reach.put(r)
	w := r.w
	// peers[a]: the candidates x such that x made true makes node a false, and a made
	// true makes x false (peerCandidates), as bits.
	peers := make([]uint64, nn*w)
	for a := range int32(nn) {
		pa := peers[int(a)*w : int(a+1)*w]
		g.peerCandidates(a, func(c, d int) {
			x := bit[c*n+d-1]
			pa[x>>6] |= 1 << (uint(x) & 63)
		})
	}
	comp := r.cs.comp
	for a := range int32(nn) {
		orInto(r.bits[int(comp[chainState(a, false)])*w:][:w], peers[int(a)*w:int(a+1)*w])
	}
	for x := range g.ncand {
		nd := &g.nodes[x]
		r.set(chainState(x, true), bit[int(nd.cell)*n+int(nd.digit)-1])
	}
	r.spread()
	refuted := make([]uint64, w)
	for a := range int32(nn) {
		on := r.bits[int(comp[chainState(a, true)])*w:][:w]
		for j, p := range peers[int(a)*w : int(a+1)*w] {
			refuted[j] |= p & on[j]
		}
	}
	for x := range g.ncand {
		nd := &g.nodes[x]
		if b := bit[int(nd.cell)*n+int(nd.digit)-1]; r.has(chainState(x, false), b) {
			refuted[b>>6] |= 1 << (uint(b) & 63)
		}
	}
	starts := make([]bool, nn)
	for a := range nn {
		for j, p := range peers[a*w : (a+1)*w] {
			if p&refuted[j] != 0 {
				starts[a] = true
				break
			}
		}
	}
	return starts
}

// candidateBits numbers the candidates of b, cell by cell and digit by digit, for the
// filters that give each a bit: bit[c*N+d-1] is digit d of cell c's, k how many. The
// table is sc's, valid until the next call.
func candidateBits(sc *scratch, b *board.Board) (bit []int32, k int32) {
	l, n := b.Layout(), b.Layout().N()
	sc.candBits = grown(sc.candBits, l.Cells()*n)
	bit = sc.candBits
	for c := range board.Cell(l.Cells()) {
		for s := b.Candidates(c); s != 0; s &= s - 1 {
			bit[int(c)*n+int(s.First())-1] = k
			k++
		}
	}
	return bit, k
}

// peerCandidates calls f for every candidate (c, d) that node a makes false when true,
// and that makes a false when true: d is a's digit in a cell outside a that sees all of
// it, or another digit of a's one cell.
func (g *chainGraph) peerCandidates(a int32, f func(c, d int)) {
	nd := &g.nodes[a]
	see, hold := g.nodeSee(a), g.holders(nd.digit)
	for w := range see {
		for m := see[w] & hold[w]; m != 0; m &= m - 1 {
			f(w*64+bits.TrailingZeros64(m), int(nd.digit))
		}
	}
	if nd.size == 1 {
		for o := g.b.Candidates(nd.cell).Without(nd.digit); o != 0; o &= o - 1 {
			f(int(nd.cell), int(o.First()))
		}
	}
}

// contradictable tells, for each state of a graph of candidates only, whether the
// states a walk from it reaches hold a contradiction: some candidate both true and
// false, every candidate of a cell false, or every place of a digit in a house false.
// Forcing chains (forcing.go) propagate along exactly these links, so a premise whose
// state says no cannot be refuted by them. Each component gets a bit, passed on along
// the walks, so each component ends up with the components that reach it; the
// components that reach all the states of a contradiction are those in all their sets.
func (g *chainGraph) contradictable() []bool {
	cs := g.components()
	l, b, n := g.l, g.b, g.l.N()
	ncomp := len(cs.at) - 1
	out := make([]bool, 2*len(g.nodes))
	// A component of one state that leads nowhere reaches that state alone, and every
	// contradiction has two states or more: it gets no bit. On a large grid about half
	// the components are such (candidates made false that force nothing), and the
	// bitsets spread along every link are half as wide.
	g.sc.compBits = grown(g.sc.compBits, ncomp)
	bit := g.sc.compBits
	nbits := int32(0)
	for c := range int32(ncomp) {
		bit[c] = -1
		if cs.size(c) > 1 || cs.leaves(c) {
			bit[c] = nbits
			nbits++
		}
	}
	if !reachFits(g.sc, cs, int(nbits)) {
		for st := range out {
			out[st] = true
		}
		return out
	}
	r := g.reach(int(nbits))
	defer g.sc.reach.put(r)
	for c := range int32(ncomp) {
		if bit[c] >= 0 {
			r.set(cs.states[cs.at[c]], bit[c])
		}
	}
	r.spread()
	w := r.w
	from := func(st int32) []uint64 { c := int(cs.comp[st]); return r.bits[c*w : (c+1)*w] }
	may := make([]uint64, w) // the components that reach some contradiction
	all := make([]uint64, w)
	// all becomes the components reaching every state of states.
	reachAll := func(states ...int32) {
		copy(all, from(states[0]))
		for _, st := range states[1:] {
			for j, x := range from(st) {
				all[j] &= x
			}
		}
		orInto(may, all)
	}
	var set []int32
	for y := range g.ncand {
		reachAll(chainState(y, true), chainState(y, false))
	}
	// With two candidates or places, the last one false makes the other true: that is
	// both ways already.
	for c := range board.Cell(l.Cells()) {
		if cands := b.Candidates(c); cands.Count() >= 3 {
			set = set[:0]
			for t := cands; t != 0; t &= t - 1 {
				set = append(set, chainState(g.candNode(c, t.First()), false))
			}
			reachAll(set...)
		}
	}
	for h := range board.House(l.Houses()) {
		for d := board.Digit(1); int(d) <= n; d++ {
			if pos := b.Positions(h, d); pos.Count() >= 3 {
				set = set[:0]
				for p := pos; p != 0; p &= p - 1 {
					set = append(set, chainState(g.candNode(l.HouseCells(h)[p.First()], d), false))
				}
				reachAll(set...)
			}
		}
	}
	for st := range out {
		if c := bit[cs.comp[st]]; c >= 0 {
			out[st] = may[c>>6]&(1<<(uint(c)&63)) != 0
		}
	}
	return out
}

func orInto(dst, src []uint64) {
	for j := range src {
		dst[j] |= src[j]
	}
}
