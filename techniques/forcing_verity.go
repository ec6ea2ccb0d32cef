package techniques

import (
	"cmp"
	"math"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// The kinds of verity group: premises one of which must hold.
const (
	cellGroup  uint8 = iota + 1 // every candidate of a cell, true
	houseGroup                  // every place of a digit in a house, true
	bothGroup                   // a candidate true, and the same candidate false
)

type verityGroup struct {
	kind        uint8
	cell        board.Cell
	house       board.House
	digit       board.Digit
	first, last int // the group's premises are members[first:last]
}

// verityHit is a node that every premise of a group forces.
type verityHit struct {
	node     int32
	group    int32
	max, sum int32 // the longest branch, and all branches together
}

// verityFinder holds the tables of one finder call: what each premise forces, per round.
type verityFinder struct {
	e        *forcingEngine
	premises []int32 // premise nodes
	slot     []int32 // per node: its index in premises, or -1
	members  []int32 // premise indices, group after group
	groups   []verityGroup

	start  []int32 // premise i forces nodes[start[i]:start[i+1]]
	nodes  []int32
	depths []int32
	// clash is, per premise, the depth of the node whose consequence contradicted
	// (math.MaxInt32: none), and reach the depth of its deepest node. A propagation to
	// depth k is the first nodes of one to a greater depth (those of depth k at most),
	// so one fill to the deepest finite cap tells every earlier round.
	clash, reach []int32

	stamp               []uint32 // per node: the group being intersected
	count, maxD, sumD   []int32
	best                []int32 // per node: index in hits of its cheapest group
	bestStamp           []uint32
	groupMark, bestMark uint32
}

// newVerityFinder returns the finder of e's state, in the tables of v (a solve's, kept
// from call to call: a 16x16's are a few hundred kilobytes).
func newVerityFinder(e *forcingEngine, v *verityFinder) *verityFinder {
	nodes := len(e.info)
	*v = verityFinder{
		e:    e,
		slot: grown(v.slot, nodes), stamp: v.stamp, count: grown(v.count, nodes),
		maxD: grown(v.maxD, nodes), sumD: grown(v.sumD, nodes), best: grown(v.best, nodes),
		bestStamp: v.bestStamp, groupMark: v.groupMark, bestMark: v.bestMark,
		premises: v.premises[:0], members: v.members[:0], groups: v.groups[:0],
		nodes: v.nodes[:0], depths: v.depths[:0],
		clash: v.clash, reach: v.reach, start: v.start,
	}
	if len(v.stamp) != nodes {
		// The marks count on from where they were: a stamp never equals a new one.
		v.stamp, v.bestStamp = make([]uint32, nodes), make([]uint32, nodes)
	}
	for i := range v.slot {
		v.slot[i] = -1
	}
	premise := func(x int32) int32 {
		if v.slot[x] < 0 {
			v.slot[x] = int32(len(v.premises))
			v.premises = append(v.premises, x)
		}
		return v.slot[x]
	}
	group := func(g verityGroup, xs ...int32) {
		g.first = len(v.members)
		for _, x := range xs {
			v.members = append(v.members, premise(x))
		}
		g.last = len(v.members)
		v.groups = append(v.groups, g)
	}
	l := e.l
	var xs []int32
	for c, s := range e.orig {
		cell := board.Cell(c)
		if s.Count() < 2 {
			continue
		}
		xs = xs[:0]
		for t := s; t != 0; t &= t - 1 {
			xs = append(xs, e.node(cell, t.First(), true))
		}
		group(verityGroup{kind: cellGroup, cell: cell}, xs...)
	}
	for h := range board.House(l.Houses()) {
		for d := 1; d <= e.n; d++ {
			p := e.origPos[int(h)*e.n+d-1]
			if p.Count() < 2 {
				continue
			}
			xs = xs[:0]
			for _, c := range l.CellsIn(h, p) {
				xs = append(xs, e.node(c, board.Digit(d), true))
			}
			group(verityGroup{kind: houseGroup, house: h, digit: board.Digit(d)}, xs...)
		}
	}
	// In a cell of two, "not a" is "b": the cell group already says it.
	for c, s := range e.orig {
		if s.Count() < 3 {
			continue
		}
		for t := s; t != 0; t &= t - 1 {
			cell, d := board.Cell(c), t.First()
			group(verityGroup{kind: bothGroup, cell: cell, digit: d}, e.node(cell, d, true), e.node(cell, d, false))
		}
	}
	v.clash = grown(v.clash, len(v.premises))
	v.reach = grown(v.reach, len(v.premises))
	v.start = grown(v.start, len(v.premises)+1)
	return v
}

// fill follows every premise to depth maxDepth and keeps what it forces.
// It returns false, its tables unfinished, when done says to stop.
func (v *verityFinder) fill(maxDepth int32, done func() bool) bool {
	e := v.e
	v.nodes, v.depths = v.nodes[:0], v.depths[:0]
	for i, p := range v.premises {
		if done() {
			return false
		}
		v.clash[i] = math.MaxInt32
		if e.propagate(p, maxDepth) {
			v.clash[i] = e.conf.depth
			if e.conf.kind == bothWays {
				v.clash[i]-- // set by a node one shallower
			}
		}
		for _, x := range e.queue {
			v.nodes = append(v.nodes, x)
			v.depths = append(v.depths, e.depth(x))
		}
		v.reach[i] = e.depth(e.queue[len(e.queue)-1])
		v.start[i+1] = int32(len(v.nodes))
	}
	return true
}

// refuted reports whether propagation to depth maxDepth refutes premise i.
func (v *verityFinder) refuted(i int32, maxDepth int32) bool { return v.clash[i] < maxDepth }

// complete reports whether, followed to depth maxDepth, every premise that is not
// refuted runs out of consequences: deeper rounds would find no more.
func (v *verityFinder) complete(maxDepth int32) bool {
	for i := range v.premises {
		if !v.refuted(int32(i), maxDepth) && v.reach[i] >= maxDepth {
			return false
		}
	}
	return true
}

// intersect returns, for every node that all premises of some group force, its
// cheapest group, cheapest first.
func (v *verityFinder) intersect(maxDepth int32) []verityHit {
	var hits []verityHit
	v.bestMark++
	for gi, g := range v.groups {
		ms := v.members[g.first:g.last]
		if slices.ContainsFunc(ms, func(m int32) bool { return v.refuted(m, maxDepth) }) {
			continue
		}
		v.groupMark++
		for j, m := range ms {
			for k := v.start[m]; k < v.start[m+1]; k++ {
				x, dep := v.nodes[k], v.depths[k]
				if dep > maxDepth {
					break // the queue is in order of depth
				}
				switch {
				case j == 0:
					v.stamp[x], v.count[x], v.maxD[x], v.sumD[x] = v.groupMark, 1, dep, dep
				case v.stamp[x] == v.groupMark && v.count[x] == int32(j):
					v.count[x]++
					v.maxD[x] = max(v.maxD[x], dep)
					v.sumD[x] += dep
				}
			}
		}
		m0 := ms[0]
		for k := v.start[m0]; k < v.start[m0+1] && v.depths[k] <= maxDepth; k++ {
			x := v.nodes[k]
			if v.count[x] != int32(len(ms)) {
				continue
			}
			h := verityHit{node: x, group: int32(gi), max: v.maxD[x], sum: v.sumD[x]}
			switch {
			case v.bestStamp[x] != v.bestMark:
				v.bestStamp[x], v.best[x] = v.bestMark, int32(len(hits))
				hits = append(hits, h)
			case cheaper(h, hits[v.best[x]]) < 0:
				hits[v.best[x]] = h
			}
		}
	}
	slices.SortFunc(hits, cheaper)
	return hits
}

func cheaper(a, b verityHit) int {
	return cmp.Or(cmp.Compare(a.max, b.max), cmp.Compare(a.sum, b.sum), cmp.Compare(a.node, b.node))
}

// step builds the step of a hit: each premise of its group is followed again to
// record its branch to the node.
func (v *verityFinder) step(id string, h verityHit, maxDepth int32) explain.Step {
	e := v.e
	g := v.groups[h.group]
	s := explain.Step{Technique: id}
	switch g.kind {
	case cellGroup:
		s.Pattern.Cells, s.Pattern.Digits = []board.Cell{g.cell}, e.orig[g.cell]
	case houseGroup:
		s.Pattern.Houses, s.Pattern.Digits = []board.House{g.house}, board.DigitsOf(g.digit)
	case bothGroup:
		s.Pattern.Cells, s.Pattern.Digits = []board.Cell{g.cell}, board.DigitsOf(g.digit)
	}
	cases := true
	for _, m := range v.members[g.first:g.last] {
		e.propagate(v.premises[m], maxDepth)
		s.Pattern.Chains = e.chains([]int32{h.node}, s.Pattern.Chains)
		if p := e.caseProof(v.premises[m], h.node); p != nil && cases {
			s.Pattern.Cases = append(s.Pattern.Cases, *p)
		} else {
			cases = false
		}
	}
	if !cases {
		s.Pattern.Cases = nil
	}
	e.conclusion(h.node, &s)
	return s
}

// forcingVerity is the finder of both verity techniques: every node that all premises
// of a group force, cheapest first (by the longest branch, then all branches together),
// each node once, from its cheapest group.
func forcingVerity(id string, rule propagation) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		e := loadEngine(&p.st.sc, b, rule)
		defer e.release(&p.st.sc)
		v := newVerityFinder(e, &p.st.sc.verity)
		reported := make([]bool, len(e.info))
		// One fill to the deepest finite cap serves its round and every earlier one;
		// the unbounded round fills again.
		filled := int32(0)
		for _, maxDepth := range depthCaps {
			if maxDepth > filled {
				filled = depthCaps[len(depthCaps)-2]
				if maxDepth > filled {
					filled = maxDepth
				}
				if !v.fill(filled, p.done) {
					return
				}
			}
			for _, h := range v.intersect(maxDepth) {
				if reported[h.node] {
					continue // in an earlier round
				}
				reported[h.node] = true
				if !report(v.step(id, h, maxDepth)) {
					return
				}
			}
			if v.complete(maxDepth) {
				return
			}
		}
	}
}
