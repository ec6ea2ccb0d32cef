package techniques

import (
	"cmp"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const idMedusa3D = "medusa-3d"

// Medusa3D colours candidates of several digits at once across strong links (the two
// candidates of a bivalue cell, the two places of a digit in a house) and removes what
// the colouring rules out.
var Medusa3D = Technique{
	ID:         idMedusa3D,
	Difficulty: 6.6,
	Score:      320,
	Codes:      []string{"0507"},
	Doc: `3D Medusa

Of the two candidates of a cell with two, and of the two places of a digit in a house
with two, exactly one is true. Colour such a pair with two colours, and keep colouring
through every pair that touches a coloured candidate, across cells and digits: one
colour is all true, the other all false. A colour is false when two of its candidates
share a cell, or hold the same digit in one house, or when some cell would be left
without a candidate if it were true. Otherwise, a candidate that sees both colours
(in its own cell, or the same digit in a house it shares) is false.`,
	Find:  findMedusa,
	alone: true,
}

// medusaCluster is one connected colouring: its candidates in the order coloured, the
// colour of each (0 or 1), and the strong link each was coloured through.
type medusaCluster struct {
	members []int32 // candidate indices cell*N + digit-1
	parent  []int32 // per member: the index in members it was coloured from, -1 for the first
}

// medusaState is the colouring of one cluster, in tables the rules read in O(1): the
// colour of each candidate, the colours in each cell, and which candidates see a colour
// through the same digit in a peer cell.
type medusaState struct {
	colour   []int8    // per candidate index: -1, 0 or 1 (this cluster only)
	cellMask []uint8   // per cell: the colours present, bit per colour
	seen     [2][]int8 // per colour, per candidate index: how many peers hold it in that colour (at most 64 on a 25x25 board)
	// cells are the cells of the cluster, and near those cells and their peers (only
	// there can a candidate see a colour), both in increasing order: the rules look
	// nowhere else, so a cluster costs what it reaches, not the whole grid.
	cells, near []board.Cell
	// stamp marks the cells near the cluster loaded last: stamp[c] == gen.
	stamp []uint32
	gen   uint32
	// both are the candidate indices (of candidates or not) that see both colours
	// through their digit in peers, each once, in no order: beside the cluster's own
	// cells, only they can see both colours (seesBoth).
	both []int32
}

func findMedusa(p *Pass) {
	b, report := p.Board(), p.Report
	l := b.Layout()
	n := l.N()
	// On a state with only candidates of the last state where Medusa found nothing,
	// a cluster with no strong link that state lacked can only leave empty a cell
	// that lost candidates since, and nothing else can be found there (medusaMissed);
	// a cluster with a new strong link is looked at in full. newLink marks the ends
	// of the new links (nil: none).
	sc := &p.st.sc
	var changed, nearChanged, newLink []bool
	if m := sc.chainMissOf(idMedusa3D); m != nil && m.within(b) {
		changed, nearChanged = make([]bool, l.Cells()), make([]bool, l.Cells())
		for c, was := range m.cands {
			if b.Candidates(board.Cell(c)) != was {
				changed[c], nearChanged[c] = true, true
				for _, o := range l.Peers(board.Cell(c)) {
					nearChanged[o] = true
				}
			}
		}
		newLink = m.newLinkEnds(b)
	}
	hasNew := func(cl medusaCluster) bool {
		return newLink != nil && slices.ContainsFunc(cl.members, func(m int32) bool { return newLink[m] })
	}
	found := false
	defer func() {
		if !found && !p.done() {
			sc.keepChainMiss(idMedusa3D, b)
		}
	}()
	ms := &sc.medusa
	clusters := ms.clusters(b)
	if changed != nil {
		clusters = slices.DeleteFunc(clusters, func(cl medusaCluster) bool {
			return !hasNew(cl) && !slices.ContainsFunc(cl.members, func(m int32) bool { return nearChanged[int(m)/n] })
		})
		if len(clusters) == 0 {
			return
		}
	}
	slices.SortStableFunc(clusters, func(x, y medusaCluster) int { return cmp.Compare(len(x.members), len(y.members)) })
	st := ms.state(l)
	for _, cl := range clusters {
		st.load(l, cl)
		var elim []board.Candidate
		var bad int8
		var clash explain.Group
		var ok bool
		full := changed == nil || hasNew(cl)
		if full {
			bad, clash, ok = st.falseColour(b)
		} else {
			bad, clash, ok = st.emptiedCell(b, changed)
		}
		if ok {
			for i, m := range cl.members {
				if st.colourOf(cl, i) == bad {
					elim = append(elim, board.Candidate{Cell: board.Cell(int(m) / n), Digit: board.Digit(int(m)%n + 1)})
				}
			}
		} else if full {
			elim = st.seesBoth(b)
		}
		if len(elim) > 0 {
			s := medusaStep(l, cl, elim)
			if ok {
				s.Pattern.Sets = []explain.Group{clash}
			}
			found = true
			if !report(s) {
				return
			}
		}
		st.unload(l, cl)
	}
}

// medusaMissed: why a cluster with no new strong link leaves Medusa only the cells that
// lost candidates. Say Medusa found nothing on state S and the board now holds some of
// S's candidates (chainMiss.within), and take a cluster whose strong links S had too
// (none of its candidates is an end of a link S lacked: chainMiss.newLinkEnds). It is
// part of one of S's clusters, coloured alike. A colour twice in a cell or a house, or
// a candidate seeing both colours, would then have been there on S too. A cell that
// kept its candidates and that a colour now leaves empty was left empty by it on S as
// well, or held a candidate of that colour seeing another (a colour twice in a house).
// Only a cell with fewer candidates than on S is new, and only a cluster near one (in
// or beside its cells) can empty it.

// medusaScratch keeps Medusa's tables from call to call (a 16x16 walkthrough calls it
// on some 170 states, and making them anew each time was a tenth of what the whole
// walkthrough allocated): the colouring state, and the clusters' arrays, which a call
// reads until it returns and never keeps.
type medusaScratch struct {
	st               medusaState
	seen             []bool
	members, parents []int32
	out              []medusaCluster
}

// state returns the colouring state, sized for l, every candidate uncoloured.
func (ms *medusaScratch) state(l *board.Layout) *medusaState {
	st := &ms.st
	k := l.Cells() * l.N()
	if len(st.colour) != k {
		st.colour, st.cellMask, st.stamp = make([]int8, k), make([]uint8, l.Cells()), make([]uint32, l.Cells())
		st.seen = [2][]int8{make([]int8, k), make([]int8, k)}
	} else {
		// A call that reported leaves its last cluster loaded.
		clear(st.cellMask)
		clear(st.seen[0])
		clear(st.seen[1])
	}
	for i := range st.colour {
		st.colour[i] = -1
	}
	return st
}

// clusters is medusaClusters in ms's arrays.
func (ms *medusaScratch) clusters(b *board.Board) []medusaCluster {
	k := b.Layout().Cells() * b.Layout().N()
	ms.seen = grown(ms.seen, k)
	clear(ms.seen)
	ms.out, ms.members, ms.parents = medusaClustersIn(b, ms.seen, ms.out[:0], ms.members[:0], ms.parents[:0])
	return ms.out
}

// medusaClusters colours every cluster of two or more candidates, breadth first from
// its smallest candidate.
func medusaClusters(b *board.Board) []medusaCluster {
	out, _, _ := medusaClustersIn(b, make([]bool, b.Layout().Cells()*b.Layout().N()), nil, nil, nil)
	return out
}

// medusaClustersIn is medusaClusters appending to out, members and parents (every
// cluster's members and parents are consecutive parts of the two), with seen all false
// and as long as the candidate indexes.
func medusaClustersIn(b *board.Board, seen []bool, out []medusaCluster, members, parents []int32) ([]medusaCluster, []int32, []int32) {
	l := b.Layout()
	n := l.N()
	for c := range board.Cell(l.Cells()) {
		for s := b.Candidates(c); s != 0; s &= s - 1 {
			start := int32(int(c)*n + int(s.First()) - 1)
			if seen[start] {
				continue
			}
			seen[start] = true
			from := len(members)
			members, parents = append(members, start), append(parents, -1)
			for i := from; i < len(members); i++ {
				strongPartners(b, members[i], func(o int32) {
					if !seen[o] {
						seen[o] = true
						members = append(members, o)
						parents = append(parents, int32(i-from))
					}
				})
			}
			if len(members)-from > 1 {
				out = append(out, medusaCluster{members: members[from:len(members):len(members)], parent: parents[from:len(parents):len(parents)]})
			} else {
				members, parents = members[:from], parents[:from]
			}
		}
	}
	return out, members, parents
}

// strongPartners calls f with the candidates that form a strong link with candidate k:
// the other candidate of its cell when it has two, the other place of its digit in each
// house where it has two (a variant's diagonals and windows too).
func strongPartners(b *board.Board, k int32, f func(int32)) {
	l := b.Layout()
	n := l.N()
	c, d := board.Cell(int(k)/n), board.Digit(int(k)%n+1)
	if s := b.Candidates(c); s.Count() == 2 {
		f(int32(int(c)*n + int(s.Without(d).First()) - 1))
	}
	var buf cellHouses
	for _, h := range housesOf(l, c, &buf) {
		if p := b.Positions(h, d); p.Count() == 2 {
			o := l.HouseCells(h)[(p &^ (1 << l.PosIn(c, h))).First()]
			f(int32(int(o)*n + int(d) - 1))
		}
	}
}

// colourOf returns the colour of member i: the parity of its depth in the colouring tree.
func (st *medusaState) colourOf(cl medusaCluster, i int) int8 { return st.colour[cl.members[i]] }

func (st *medusaState) load(l *board.Layout, cl medusaCluster) { st.mark(l, cl, 1) }

func (st *medusaState) unload(l *board.Layout, cl medusaCluster) { st.mark(l, cl, -1) }

// mark colours the cluster's candidates (by = 1) or clears them again (by = -1).
func (st *medusaState) mark(l *board.Layout, cl medusaCluster, by int8) {
	n := l.N()
	if by > 0 {
		st.gen++
		st.both = st.both[:0]
	}
	for i, m := range cl.members {
		col := int8(0)
		if p := cl.parent[i]; p >= 0 {
			col = 1 - st.colour[cl.members[p]]
		}
		if by < 0 {
			col = st.colour[m]
		}
		c, d := board.Cell(int(m)/n), int(m)%n
		for _, p := range l.Peers(c) {
			k := int(p)*n + d
			st.seen[col][k] += by
			if by > 0 && st.seen[col][k] == 1 && st.seen[1-col][k] > 0 {
				st.both = append(st.both, int32(k))
			}
		}
		if by > 0 {
			st.colour[m] = col
			st.cellMask[c] |= 1 << col
			st.nearAdd(c)
			for _, p := range l.Peers(c) {
				st.nearAdd(p)
			}
		}
	}
	if by > 0 {
		// In increasing order, by one pass over the grid's stamps: cheaper than
		// sorting the tens to hundreds of cells a cluster reaches.
		st.cells, st.near = st.cells[:0], st.near[:0]
		for c := range board.Cell(l.Cells()) {
			if st.stamp[c] == st.gen {
				st.near = append(st.near, c)
				if st.cellMask[c] != 0 {
					st.cells = append(st.cells, c)
				}
			}
		}
	} else {
		for _, m := range cl.members {
			st.colour[m] = -1
			st.cellMask[int(m)/n] = 0
		}
	}
}

// nearAdd marks c as near the cluster being loaded.
func (st *medusaState) nearAdd(c board.Cell) { st.stamp[c] = st.gen }

// sees reports whether the candidate (c, d) sees colour col: another candidate of that
// colour in its cell, or digit d of that colour in a peer.
func (st *medusaState) sees(l *board.Layout, c board.Cell, d board.Digit, col int8) bool {
	k := int(c)*l.N() + int(d) - 1
	if st.cellMask[c]&(1<<col) != 0 && st.colour[k] != col {
		return true
	}
	return st.seen[col][k] > 0
}

// falseColour returns a colour that cannot be true, and where it clashes: two of its
// candidates in one cell, one digit twice in a house (the two cells), or a cell that
// it would leave without a candidate (the cell with all its candidates).
func (st *medusaState) falseColour(b *board.Board) (int8, explain.Group, bool) {
	l := b.Layout()
	n := l.N()
	for _, c := range st.cells {
		for col := int8(0); col < 2; col++ {
			if ds := st.cellDigits(b, c, col); ds.Count() > 1 {
				return col, explain.Group{Cells: []board.Cell{c}, Digits: ds}, true
			}
		}
	}
	for _, c := range st.cells {
		for t := b.Candidates(c); t != 0; t &= t - 1 {
			d := t.First()
			k := int(c)*n + int(d) - 1
			col := st.colour[k]
			if col < 0 || st.seen[col][k] == 0 {
				continue
			}
			for _, p := range l.Peers(c) {
				if p > c && st.colour[int(p)*n+int(d)-1] == col {
					return col, explain.Group{Cells: []board.Cell{c, p}, Digits: board.DigitsOf(d)}, true
				}
			}
		}
	}
	return st.emptiedCell(b, nil)
}

// emptiedCell returns a colour that would leave a cell near the cluster (among only,
// when not nil) without a candidate, and the cell with its candidates.
func (st *medusaState) emptiedCell(b *board.Board, only []bool) (int8, explain.Group, bool) {
	l := b.Layout()
	n := l.N()
	for _, c := range st.near {
		s := b.Candidates(c)
		if s == 0 || only != nil && !only[c] {
			continue
		}
		for col := int8(0); col < 2; col++ {
			if st.cellMask[c]&(1<<col) != 0 {
				continue // a candidate of the colour stays
			}
			emptied := true
			for t := s; t != 0 && emptied; t &= t - 1 {
				d := t.First()
				k := int(c)*n + int(d) - 1
				emptied = st.colour[k] == 1-col || st.colour[k] < 0 && st.sees(l, c, d, col)
			}
			if emptied {
				return col, explain.Group{Cells: []board.Cell{c}, Digits: s}, true
			}
		}
	}
	return 0, explain.Group{}, false
}

// cellDigits returns the digits of c that have colour col.
func (st *medusaState) cellDigits(b *board.Board, c board.Cell, col int8) board.DigitSet {
	var out board.DigitSet
	if st.cellMask[c]&(1<<col) == 0 {
		return out
	}
	n := b.Layout().N()
	for t := b.Candidates(c); t != 0; t &= t - 1 {
		if d := t.First(); st.colour[int(c)*n+int(d)-1] == col {
			out = out.With(d)
		}
	}
	return out
}

// seesBoth returns the uncoloured candidates that see both colours, in no order
// (medusaStep sorts them). In a cell of the cluster a candidate may see a colour in its
// cell; elsewhere it sees both only through peers, and those the loading listed.
func (st *medusaState) seesBoth(b *board.Board) []board.Candidate {
	l := b.Layout()
	n := l.N()
	var out []board.Candidate
	for _, k := range st.both {
		c, d := board.Cell(int(k)/n), board.Digit(int(k)%n+1)
		if st.cellMask[c] == 0 && b.Candidates(c).Has(d) {
			out = append(out, board.Candidate{Cell: c, Digit: d})
		}
	}
	for _, c := range st.cells {
		for t := b.Candidates(c); t != 0; t &= t - 1 {
			d := t.First()
			if st.colour[int(c)*n+int(d)-1] >= 0 {
				continue
			}
			if st.sees(l, c, d, 0) && st.sees(l, c, d, 1) {
				out = append(out, board.Candidate{Cell: c, Digit: d})
			}
		}
	}
	return out
}

// medusaStep writes the colouring as chains of strong links: the first starts at the
// first candidate coloured (colour A), every later one at a candidate an earlier chain
// holds, so a node's colour is its start's, flipped at every link.
func medusaStep(l *board.Layout, cl medusaCluster, elim []board.Candidate) explain.Step {
	n := l.N()
	node := func(m int32) explain.Node {
		return explain.Node{Cells: []board.Cell{board.Cell(int(m) / n)}, Digits: board.DigitsOf(board.Digit(int(m)%n + 1))}
	}
	isParent := make([]bool, len(cl.members))
	for _, p := range cl.parent {
		if p >= 0 {
			isParent[p] = true
		}
	}
	inChain := make([]bool, len(cl.members))
	var cells []board.Cell
	var digits board.DigitSet
	var chains []explain.Chain
	for i, m := range cl.members {
		c := board.Cell(int(m) / n)
		if !slices.Contains(cells, c) {
			cells = append(cells, c)
		}
		digits = digits.With(board.Digit(int(m)%n + 1))
		if isParent[i] {
			continue
		}
		var path []int32
		for j := int32(i); ; j = cl.parent[j] {
			path = append(path, j)
			if inChain[j] || cl.parent[j] < 0 {
				break
			}
		}
		slices.Reverse(path)
		ch := explain.Chain{}
		for k, j := range path {
			inChain[j] = true
			ch.Nodes = append(ch.Nodes, node(cl.members[j]))
			if k > 0 {
				ch.Links = append(ch.Links, explain.Strong)
			}
		}
		chains = append(chains, ch)
	}
	slices.Sort(cells)
	slices.SortFunc(elim, func(a, b board.Candidate) int {
		return cmp.Or(cmp.Compare(a.Cell, b.Cell), cmp.Compare(a.Digit, b.Digit))
	})
	return explain.Step{
		Technique:    idMedusa3D,
		Eliminations: elim,
		Pattern:      explain.Pattern{Digits: digits, Cells: cells, Chains: chains},
	}
}
