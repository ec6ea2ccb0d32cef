package techniques

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/stepdoku/stepdoku/board"
)

// This file holds the filters that spare the chain finders most of their searches.
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
}

// size returns the number of states in component c.
func (cs *chainComps) size(c int32) int32 { return cs.at[c+1] - cs.at[c] }

// succ returns the states reached from state st in one step of a walk, in two parts:
// the links, and (for a set node made false) the candidates the set then forces.
func (g *chainGraph) succ(st int32) (links, forced []int32) {
	links = g.moves(st)
	if st&1 == 0 && g.forcedAt != nil {
		x := st >> 1
		forced = g.forced[g.forcedAt[x]:g.forcedAt[x+1]] // candidate nodes: made true
	}
	return links, forced
}

// components returns the components of g's state graph, computed on first use.
func (g *chainGraph) components() *chainComps {
	g.compOnce.Do(func() {
		g.forceOnce.Do(g.alsForcings)
		g.comps = g.tarjan()
	})
	return g.comps
}

// tarjan finds the components, iteratively: calls is the path of the depth-first walk,
// cursor[st] the next successor of st to follow (links first, then forced cells).
func (g *chainGraph) tarjan() *chainComps {
	ns := int32(2 * len(g.nodes))
	sc := tarjanPool.Get().(*tarjanScratch)
	defer tarjanPool.Put(sc)
	sc.reset(int(ns))
	index, low, cursor := sc.index, sc.low, sc.cursor
	cs := &chainComps{comp: make([]int32, ns), states: make([]int32, 0, ns), at: make([]int32, 1, ns+1)}
	comp := cs.comp
	for i := range comp {
		comp[i] = -1
	}
	const unseen = -1
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
			links, forced := g.succ(st)
			if e := int(cursor[st]); e < len(links)+len(forced) {
				cursor[st]++
				var t int32
				if e < len(links) {
					t = links[e]
				} else {
					t = chainState(forced[e-len(links)], true)
				}
				if index[t] == unseen {
					index[t], low[t] = next, next
					next++
					stack = append(stack, t)
					calls = append(calls, t)
				} else if comp[t] == unseen && index[t] < low[st] {
					low[st] = index[t]
				}
				continue
			}
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
					comp[t] = c
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
	return cs
}

// chainRoot puts bit on state: the walks from state count as walks of bit.
type chainRoot struct {
	state, bit int32
}

// chainReach is the answer of chainGraph.reach: for each component, the bits of the
// roots that reach it.
type chainReach struct {
	cs   *chainComps
	w    int // words per component
	bits []uint64
}

// has reports whether a root of bit reaches state st.
func (r *chainReach) has(st, bit int32) bool {
	return r.bits[int(r.cs.comp[st])*r.w+int(bit>>6)]&(1<<(uint(bit)&63)) != 0
}

var reachPool = sync.Pool{New: func() any { return new(chainReach) }}

// reach passes the bits of the roots on along every walk. Give the answer back to
// reachPool when done with it.
func (g *chainGraph) reach(roots []chainRoot, nbits int) *chainReach {
	cs := g.components()
	ncomp := len(cs.at) - 1
	r := reachPool.Get().(*chainReach)
	r.cs, r.w = cs, (nbits+63)/64
	r.bits = slices.Grow(r.bits[:0], ncomp*r.w)[:ncomp*r.w]
	clear(r.bits)
	w := r.w
	for _, x := range roots {
		r.bits[int(cs.comp[x.state])*w+int(x.bit>>6)] |= 1 << (uint(x.bit) & 63)
	}
	// A component reaches only lower numbers: from the highest down, each has all its
	// bits when it is passed on.
	for c := ncomp - 1; c >= 0; c-- {
		rc := r.bits[c*w : (c+1)*w]
		empty := true
		for _, x := range rc {
			empty = empty && x == 0
		}
		if empty {
			continue
		}
		for _, st := range cs.states[cs.at[c]:cs.at[c+1]] {
			links, forced := g.succ(st)
			for _, t := range links {
				if tc := int(cs.comp[t]); tc != c {
					orInto(r.bits[tc*w:(tc+1)*w], rc)
				}
			}
			for _, y := range forced {
				if tc := int(cs.comp[chainState(y, true)]); tc != c {
					orInto(r.bits[tc*w:(tc+1)*w], rc)
				}
			}
		}
	}
	return r
}

func orInto(dst, src []uint64) {
	for j := range src {
		dst[j] |= src[j]
	}
}

// refutable tells, for each candidate node, whether a walk from it made true reaches
// it false or another digit of its cell true, and placeable whether a walk from it
// made false reaches it true. A discontinuous loop is such a walk, so a candidate
// without one needs no search.
func (g *chainGraph) refutable() (refutable, placeable []bool) {
	k := g.ncand
	roots := make([]chainRoot, 0, 2*k)
	for s := range k {
		roots = append(roots, chainRoot{chainState(s, true), s}, chainRoot{chainState(s, false), k + s})
	}
	r := g.reach(roots, int(2*k))
	defer reachPool.Put(r)
	refutable, placeable = make([]bool, k), make([]bool, k)
	for s := range k {
		nd := g.nodes[s]
		refutable[s] = r.has(chainState(s, false), s)
		for o := g.b.Candidates(nd.cell).Without(nd.digit); o != 0 && !refutable[s]; o &= o - 1 {
			if y := g.candNode(nd.cell, o.First()); y >= 0 {
				refutable[s] = r.has(chainState(y, true), s)
			}
		}
		placeable[s] = r.has(chainState(s, true), k+s)
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
	l, n := g.l, g.l.N()
	// Every candidate of the board gets a bit: bit[c*n+d-1], or -1.
	bit := make([]int32, l.Cells()*n)
	var k int32
	for c := range l.Cells() {
		for d := range n {
			bit[c*n+d] = -1
			if g.b.Has(board.Cell(c), board.Digit(d+1)) {
				bit[c*n+d] = k
				k++
			}
		}
	}
	// x made true makes node a false, and a made true makes x false, when x's digit is
	// a's in a cell seeing all of a, or x is another digit of a's one cell.
	var roots, kills []chainRoot
	g.eachPeerCandidate(func(a int32, c, d int) {
		x := bit[c*n+d-1]
		roots = append(roots, chainRoot{chainState(a, false), x})
		kills = append(kills, chainRoot{chainState(a, true), x})
	})
	for x := range g.ncand {
		nd := g.nodes[x]
		b := bit[int(nd.cell)*n+int(nd.digit)-1]
		roots = append(roots, chainRoot{chainState(x, true), b})
		kills = append(kills, chainRoot{chainState(x, false), b})
	}
	r := g.reach(roots, int(k))
	defer reachPool.Put(r)
	refuted := make([]bool, k)
	for _, x := range kills {
		if r.has(x.state, x.bit) {
			refuted[x.bit] = true
		}
	}
	starts := make([]bool, len(g.nodes))
	for _, x := range roots {
		if refuted[x.bit] && x.state&1 == 0 {
			starts[x.state>>1] = true
		}
	}
	return starts
}

// eachPeerCandidate calls f for every node a and candidate (c, d) that it makes false
// when true, and that makes it false when true: d is a's digit in a cell outside a
// that sees all of it, or another digit of a's one cell.
func (g *chainGraph) eachPeerCandidate(f func(a int32, c, d int)) {
	for a := range int32(len(g.nodes)) {
		nd := &g.nodes[a]
		see, hold := g.nodeSee(a), g.holders(nd.digit)
		for w := range see {
			for m := see[w] & hold[w]; m != 0; m &= m - 1 {
				f(a, w*64+bits.TrailingZeros64(m), int(nd.digit))
			}
		}
		if nd.size == 1 {
			for o := g.b.Candidates(nd.cell).Without(nd.digit); o != 0; o &= o - 1 {
				f(a, int(nd.cell), int(o.First()))
			}
		}
	}
}
