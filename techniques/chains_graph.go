package techniques

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/stepdoku/stepdoku/board"
)

// This file is the chain engine shared by every chain technique (and open to forcing
// chains): a graph of nodes (candidates; the cells of one box-line intersection holding
// a digit, or on a variant of a diagonal or window and another house; a digit of an
// almost locked set) with strong and weak links in every house of the layout (and
// weak links between killer cage-mates), built once per board state and link kind
// (solveState.chainGraph, kept in the solve's results of the state for the finders
// that use the same links, dropped when the pipeline applies a step; X- and XY-chains
// read the plain one through chainSubgraph), and a breadth-first search over it that
// alternates strong and weak inferences, so the first chain found to any end is a
// shortest one. Which searches a finder runs is decided by the filters of
// chains_reach.go.
//
// Use: g := buildChainGraph(sc, b, chainLinks{...}) (sc the solve's scratch, where the
// graph's searches borrow their buffers); s := newChainSearch(g); then
// s.run(node, on, maxLinks) returns the states reached (chainState(node, on)), in order
// of distance; s.path(state) is the chain to one of them, and g.weakLinked /
// g.endEliminations say what two ends conclude. One link stays out of the graph and
// its searches: a set's forcing of a cell (g.forcedBy), which only continuous loops
// use, to close (chainView.collect).

// chainLinks says which nodes and links a chain technique may use.
type chainLinks struct {
	cellStrong  bool // a bivalue cell: one of its two digits is true
	cellWeak    bool // two digits of one cell: at most one is true
	houseStrong bool // a digit's only two places (or groups) in a house
	houseWeak   bool // two places of a digit that see each other
	groups      bool // nodes for the cells of a box-line intersection holding a digit
	als         bool // nodes for a digit of an almost locked set
	bivalueOnly bool // only the candidates of bivalue cells are nodes (XY-chains)
}

// chainNode is a node of the graph: one digit in one cell or in a group of cells
// that all lie in two houses (a box and a line; on a variant also a diagonal or a
// window and another house, or a jigsaw region and a line).
type chainNode struct {
	cell board.Cell // the first (for a candidate, the only) cell
	// houses are the houses holding every cell of the node (int16 keeps the node as
	// small as with a classic cell's three), pos its places in each.
	houses [len(cellHouses{})]int16
	pos    [len(cellHouses{})]board.PosSet
	als    int32 // the almost locked set of an ALS node, else -1
	size   int32 // number of cells
	nh     int8  // number of houses holding every cell of the node
	kind   chainNodeKind
	digit  board.Digit
}

// chainNodeKind tells candidates, box-line groups and almost-locked-set nodes apart.
type chainNodeKind uint8

const (
	chainCandidate chainNodeKind = iota
	chainGroup
	chainALSNode
)

// chainGraph is the link table of one board state for one set of link kinds.
type chainGraph struct {
	l     *board.Layout
	b     *board.Board
	nw    int // words of a cell bitset for this layout
	nodes []chainNode
	ncand int32 // the candidate nodes come first: nodes[:ncand]
	als   []chainALS
	// alsCells holds the cells of every set, each set's slice of it in turn.
	alsCells []board.Cell
	// cells and see are cell bitsets of nw words per node: the node's cells, and the
	// cells outside it that see all of them.
	cells, see []uint64
	// digitCells: nw words per digit, the cells holding it as a candidate.
	digitCells []uint64
	// cand maps cell*N+digit-1 to the candidate's node, or -1.
	cand []int32
	// next holds the links as moves between search states (chainState): an off state
	// goes on over strong links, an on state off over weak ones. The moves from state
	// st are next[nextAt[st]:nextAt[st+1]], sorted by node.
	nextAt, next []int32
	// forcedAt and forced are the cells each set node forces (alsForcings), made when
	// first asked for: forced[forcedAt[x]:forcedAt[x+1]] are candidate nodes.
	forceOnce        sync.Once
	forcedAt, forced []int32
	forces           []uint64 // a bit per node: it forces some cell
	// comps are the components of the search states (chains_reach.go), made when first
	// asked for.
	compOnce sync.Once
	comps    *chainComps
	// kinds are the links the graph was built with.
	kinds chainLinks
	// sc is the solve's scratch, where the graph's searches borrow their buffers.
	sc *scratch
	// store is where the graph's storage came from and goes back to (recycle).
	store *chainGraphBufs
	// base is the graph a subgraph shares its nodes with (chainSubgraph), or nil.
	base *chainGraph
}

func (g *chainGraph) nodeCells(i int32) []uint64 {
	return g.cells[int(i)*g.nw : int(i+1)*g.nw]
}

func (g *chainGraph) nodeSee(i int32) []uint64 {
	return g.see[int(i)*g.nw : int(i+1)*g.nw]
}

func (g *chainGraph) holders(d board.Digit) []uint64 {
	return g.digitCells[int(d-1)*g.nw : int(d)*g.nw]
}

// moves returns the states reached from state st in one link.
func (g *chainGraph) moves(st int32) []int32 { return g.next[g.nextAt[st]:g.nextAt[st+1]] }

// strongOf and weakOf return the nodes strongly and weakly linked to node i.
func (g *chainGraph) strongOf(i int32) []int32 { return g.moves(chainState(i, false)) }
func (g *chainGraph) weakOf(i int32) []int32   { return g.moves(chainState(i, true)) }

func (g *chainGraph) isGroup(i int32) bool { return g.nodes[i].kind != chainCandidate }

// candNode returns the node of digit d in cell c, or -1.
func (g *chainGraph) candNode(c board.Cell, d board.Digit) int32 {
	return g.cand[int(c)*g.l.N()+int(d)-1]
}

// cellList returns the cells of node i in increasing order.
func (g *chainGraph) cellList(i int32) []board.Cell {
	out := make([]board.Cell, 0, g.nodes[i].size)
	for w, x := range g.nodeCells(i) {
		for ; x != 0; x &= x - 1 {
			out = append(out, board.Cell(w*64+bits.TrailingZeros64(x)))
		}
	}
	return out
}

func cbSet(s []uint64, c board.Cell) { s[c>>6] |= 1 << (uint(c) & 63) }
func cbHas(s []uint64, c board.Cell) bool {
	return s[c>>6]&(1<<(uint(c)&63)) != 0
}

// chainGraphBufs is the storage of a graph that no finder uses any more, kept for the
// next build: a grouped graph takes a few hundred kilobytes, built several times a
// puzzle, and allocating it anew each time kept the collector busy.
type chainGraphBufs struct {
	kinds                                chainLinks // of the graph it last held
	b                                    *board.Board
	cand, nextAt, next, forcedAt, forced []int32
	digitCells, cells, see, forces       []uint64
	nodes                                []chainNode
	als                                  []chainALS
	alsCells                             []board.Cell
	comps                                chainComps
}

// graphBufsFor returns storage for a graph of links k: one that held such a graph if
// there is one, sized for it (the grouped graph is several times the plain one).
func (sc *scratch) graphBufsFor(k chainLinks) *chainGraphBufs {
	free := sc.graphBufs.free
	for i := len(free) - 1; i >= 0; i-- {
		if st := free[i]; st.kinds == k {
			sc.graphBufs.free = slices.Delete(free, i, i+1)
			return st
		}
	}
	return sc.graphBufs.get()
}

// recycle gives g's storage to the next build. g must not be used after.
func (g *chainGraph) recycle(sc *scratch) {
	st := g.store
	if g.base != nil {
		// A subgraph owns only its moves and what it computed itself; the rest is
		// its base's, recycled with the base.
		st.nextAt, st.next, st.forcedAt, st.forced, st.forces = g.nextAt, g.next, g.forcedAt, g.forced, g.forces
		if g.comps != nil {
			st.comps = *g.comps
			st.comps.walkAt, st.comps.walk = nil, nil
		}
		*g = chainGraph{}
		sc.graphBufs.put(st)
		return
	}
	st.cand, st.nextAt, st.next, st.forcedAt, st.forced = g.cand, g.nextAt, g.next, g.forcedAt, g.forced
	st.digitCells, st.cells, st.see, st.forces = g.digitCells, g.cells, g.see, g.forces
	st.nodes, st.als, st.alsCells = g.nodes, g.als, g.alsCells
	if g.comps != nil {
		st.comps = *g.comps
		st.comps.walkAt, st.comps.walk = nil, nil // views of own or of the move table
	}
	*g = chainGraph{}
	sc.graphBufs.put(st)
}

// buildChainGraph builds the nodes and links of b that k allows, on a copy of b.
func buildChainGraph(sc *scratch, b *board.Board, k chainLinks) *chainGraph {
	l := b.Layout()
	n := l.N()
	st := sc.graphBufsFor(k)
	st.kinds = k
	if st.b == nil || st.b.Layout() != l {
		st.b = b.Clone()
	} else {
		st.b.CopyFrom(b)
	}
	b = st.b
	g := &chainGraph{l: l, b: b, nw: (l.Cells() + 63) / 64, kinds: k, sc: sc, store: st}
	g.cand = roomFor(st.cand, l.Cells()*n)[:l.Cells()*n]
	for i := range g.cand {
		g.cand[i] = -1
	}
	g.digitCells = grown(st.digitCells, n*g.nw)
	// Room for the nodes up front: growing the slices by doubling copied them a dozen
	// times per build. Groups and sets come to about one and five per candidate.
	est := 0
	for c := range board.Cell(l.Cells()) {
		est += b.Candidates(c).Count()
	}
	if k.groups {
		est += est / 2
	}
	if k.als {
		est *= 5
	}
	g.nodes = roomFor(st.nodes, est)
	g.cells = roomFor(st.cells, est*g.nw)
	g.als, g.alsCells = st.als[:0], st.alsCells[:0]
	for c := range board.Cell(l.Cells()) {
		cs := b.Candidates(c)
		for s := cs; s != 0; s &= s - 1 {
			cbSet(g.holders(s.First()), c)
		}
		if k.bivalueOnly && cs.Count() != 2 {
			continue
		}
		for s := cs; s != 0; s &= s - 1 {
			d := s.First()
			g.cand[int(c)*n+int(d)-1] = int32(len(g.nodes))
			g.newNode(d, chainCandidate, -1, []board.Cell{c})
		}
	}
	g.ncand = int32(len(g.nodes))
	if k.groups {
		g.addGroups()
	}
	if k.als {
		g.addALS()
	}
	peers := sc.cellPeerBits(l, g.nw)
	g.see = roomFor(st.see, len(g.nodes)*g.nw)[:len(g.nodes)*g.nw]
	for i := range g.nodes {
		g.fillSee(int32(i), peers)
	}
	g.link(k)
	return g
}

// cellPeerBits returns the peers of every cell of l as bitsets of nw words, cell after
// cell, so a group's common peers are a few ANDs. They depend on the layout alone:
// made once a solve, not on every graph build.
func (sc *scratch) cellPeerBits(l *board.Layout, nw int) []uint64 {
	if sc.peersOf == l {
		return sc.peerBits
	}
	sc.peerBits = grown(sc.peerBits, l.Cells()*nw)
	for c := range board.Cell(l.Cells()) {
		for _, p := range l.Peers(c) {
			cbSet(sc.peerBits[int(c)*nw:int(c+1)*nw], p)
		}
	}
	sc.peersOf = l
	return sc.peerBits
}

// newNode appends a node of digit d on cells (one house, at least, holds them all).
func (g *chainGraph) newNode(d board.Digit, kind chainNodeKind, als int32, cells []board.Cell) {
	l := g.l
	nd := chainNode{digit: d, cell: cells[0], size: int32(len(cells)), kind: kind, als: als}
	var buf cellHouses
	for k, h := range housesOf(l, cells[0], &buf) {
		var pos board.PosSet
		for _, c := range cells {
			if k < 3 && l.HousesOf(c)[k] != h {
				pos = 0
				break
			}
			p := l.PosIn(c, h)
			if p < 0 { // not in this diagonal or window
				pos = 0
				break
			}
			pos |= 1 << uint(p)
		}
		if pos != 0 {
			nd.houses[nd.nh], nd.pos[nd.nh] = int16(h), pos
			nd.nh++
		}
	}
	i := int32(len(g.nodes))
	g.nodes = append(g.nodes, nd)
	g.cells = append(g.cells, make([]uint64, g.nw)...)
	for _, c := range cells {
		cbSet(g.nodeCells(i), c)
	}
}

// addGroups adds a node for every digit and box-line intersection where the digit has
// two or more places.
func (g *chainGraph) addGroups() {
	l, b, n := g.l, g.b, g.l.N()
	var group []board.Cell
	for bi := range n {
		box := l.BoxHouse(bi)
		cells := l.HouseCells(box)
		for _, kind := range [2]board.HouseKind{board.Row, board.Column} {
			var lines [board.MaxSize]bool
			for _, c := range cells {
				line := l.HousesOf(c)[kind]
				if lines[l.Index(line)] {
					continue
				}
				lines[l.Index(line)] = true
				for d := board.Digit(1); int(d) <= n; d++ {
					group = group[:0]
					for _, x := range cells {
						if l.HousesOf(x)[kind] == line && b.Has(x, d) {
							group = append(group, x)
						}
					}
					if len(group) >= 2 {
						g.newNode(d, chainGroup, -1, group)
					}
				}
			}
		}
	}
	if l.Houses() > 3*n {
		g.addVariantGroups()
	}
}

// addVariantGroups adds, on a layout with diagonals or windows, a node for every digit
// with two or more places where such a house meets another (a box on a diagonal, a
// row, a column or a box in a window), unless a box-line group is the same places.
func (g *chainGraph) addVariantGroups() {
	l, b, n := g.l, g.b, g.l.N()
	type key struct {
		cells board.CellSet
		d     board.Digit
	}
	seen := map[key]bool{}
	for x := g.ncand; x < int32(len(g.nodes)); x++ {
		var s board.CellSet
		for _, c := range g.cellList(x) {
			s.Add(c)
		}
		seen[key{s, g.nodes[x].digit}] = true
	}
	var group []board.Cell
	for e := board.House(3 * n); int(e) < l.Houses(); e++ {
		for h := range board.House(l.Houses()) {
			if h == e || int(h) >= 3*n && h < e {
				continue // two variant houses are met once, from the first
			}
			meet := l.HouseSet(e).And(l.HouseSet(h))
			if meet.Count() < 2 {
				continue
			}
			cells := meet.Cells()
			for d := board.Digit(1); int(d) <= n; d++ {
				group = group[:0]
				var s board.CellSet
				for _, c := range cells {
					if b.Has(c, d) {
						group = append(group, c)
						s.Add(c)
					}
				}
				if len(group) < 2 || seen[key{s, d}] {
					continue
				}
				seen[key{s, d}] = true
				g.newNode(d, chainGroup, -1, group)
			}
		}
	}
}

// chainMaxALS bounds the size of the almost locked sets a chain may pass through: the
// sets (and their links) grow fast with size, and HoDoKu's library needs no larger.
// Above 9x9 it is chainMaxALSLarge: the sets of a 25x25 made the grouped graph, built
// on every state that reaches the grouped chains, most of their cost.
const (
	chainMaxALS      = 5
	chainMaxALSLarge = 3
)

// chainMaxALSFor returns the bound on a set's cells on a grid of size n.
func chainMaxALSFor(n int) int {
	if n <= 9 {
		return chainMaxALS
	}
	return chainMaxALSLarge
}

// chainALS is an almost locked set: n cells of one house holding n+1 digits between
// them. If one digit is not in it, each of the others is.
type chainALS struct {
	cells     []board.Cell
	digits    board.DigitSet
	firstNode int32 // its nodes, one per digit, are consecutive
}

// addALS adds the almost locked sets of two or more cells (a single cell is a bivalue
// cell, which cell links already cover), and a node for each of their digits: the
// digit somewhere in the set's cells that hold it. A set that lies in two houses is
// listed once, from the first (rows and columns come before boxes, boxes before the
// diagonals and windows of a variant).
func (g *chainGraph) addALS() {
	l, b := g.l, g.b
	var empty, pick, dcells []board.Cell
	var cur board.House // the house walked
	var walk func(box bool, from int, ds board.DigitSet, limit int)
	walk = func(box bool, from int, ds board.DigitSet, limit int) {
		if len(pick) >= 2 && ds.Count() == len(pick)+1 && !(box && inEarlierHouse(l, pick, cur)) {
			// The sets' cells share one array; a set keeps its slice of it even when
			// the array grows.
			at := len(g.alsCells)
			g.alsCells = append(g.alsCells, pick...)
			a := chainALS{cells: g.alsCells[at:len(g.alsCells):len(g.alsCells)], digits: ds, firstNode: int32(len(g.nodes))}
			id := int32(len(g.als))
			g.als = append(g.als, a)
			for s := ds; s != 0; s &= s - 1 {
				d := s.First()
				dcells = dcells[:0]
				for _, c := range pick {
					if b.Has(c, d) {
						dcells = append(dcells, c)
					}
				}
				g.newNode(d, chainALSNode, id, dcells)
			}
		}
		if len(pick) == limit {
			return
		}
		for i := from; i < len(empty); i++ {
			nds := ds | b.Candidates(empty[i])
			if nds.Count() > limit+1 {
				continue
			}
			pick = append(pick, empty[i])
			walk(box, i+1, nds, limit)
			pick = pick[:len(pick)-1]
		}
	}
	for h := range board.House(l.Houses()) {
		empty = empty[:0]
		for _, c := range l.HouseCells(h) {
			if b.Value(c) == 0 {
				empty = append(empty, c)
			}
		}
		cur = h
		walk(int(h) >= 2*l.N(), 0, 0, min(len(empty)-1, chainMaxALSFor(l.N())))
	}
}

// forcedBy returns the candidates that set node x forces: with x's digit out of the
// set, the set holds each of its other digits, and a cell outside it (of three or more
// digits) that sees every place of all its digits but one is then that one. So either
// the set holds x's digit or the cell holds its one: a strong link, which HoDoKu's
// tables hold too. Only continuous loops use it (chainView.collect); the searches the
// chain techniques share leave it out.
func (g *chainGraph) forcedBy(x int32) []int32 {
	g.forceOnce.Do(g.alsForcings)
	return g.forced[g.forcedAt[x]:g.forcedAt[x+1]]
}

// alsForcings fills forcedAt and forced for every set node. A set node forces a cell
// when, leaving its digit j aside, the set covers all the cell's digits but one, k (the
// cell sees every place of each of them in the set), and j is not covered (else the
// set's losing j would leave the cell nothing or j). When the set covers all the
// cell's digits, only losing a covered j forces the cell, to j. Bivalue cells are left
// out: the set's own links and the cell's already make that chain. So is a set node
// without weak links, which no chain enters false.
func (g *chainGraph) alsForcings() {
	b := g.b
	g.forcedAt = grown(g.store.forcedAt, len(g.nodes)+1)
	g.forces = grown(g.store.forces, (len(g.nodes)+63)/64)
	in, once, twice := make([]uint64, g.nw), make([]uint64, g.nw), make([]uint64, g.nw)
	var cov []uint64
	forced := g.store.forced[:0]
	var hits []alsHit
	for _, a := range g.als {
		k := int32(a.digits.Count())
		entered := false
		for x := a.firstNode; x < a.firstNode+k; x++ {
			entered = entered || len(g.weakOf(x)) > 0
		}
		if !entered {
			for x := a.firstNode; x < a.firstNode+k; x++ {
				g.forcedAt[x+1] = int32(len(forced))
			}
			continue
		}
		for _, c := range a.cells {
			cbSet(in, c)
		}
		// cov holds, per digit of the set, the cells outside it holding the digit and
		// seeing all its places; a forced cell (three digits or more) is in two of them.
		cov = slices.Grow(cov[:0], int(k)*g.nw)[:int(k)*g.nw]
		clear(once)
		clear(twice)
		ds := a.digits
		for i := range int(k) {
			see, hold := g.nodeSee(a.firstNode+int32(i)), g.holders(ds.First())
			ds &= ds - 1
			cz := cov[i*g.nw : (i+1)*g.nw]
			for w := range see {
				m := see[w] & hold[w] &^ in[w]
				cz[w] = m
				twice[w] |= once[w] & m
				once[w] |= m
			}
		}
		clear(in)
		// The cells forced by some digit of the set, with the digits that force them.
		hits = hits[:0]
		for w, m := range twice {
			for ; m != 0; m &= m - 1 {
				c := board.Cell(w*64 + bits.TrailingZeros64(m))
				cs := b.Candidates(c)
				var cv board.DigitSet
				ds := a.digits
				for i := range int(k) {
					if cov[i*g.nw+w]&(m&-m) != 0 {
						cv |= ds & -ds
					}
					ds &= ds - 1
				}
				free := cs &^ cv
				switch {
				case cs.Count() < 3 || free.Count() > 1:
				case free == 0:
					hits = append(hits, alsHit{c, cv, 0})
				default:
					hits = append(hits, alsHit{c, a.digits &^ cv, free.First()})
				}
			}
		}
		for x := a.firstNode; x < a.firstNode+k; x++ {
			j := g.nodes[x].digit
			if len(hits) > 0 && len(g.weakOf(x)) > 0 {
				for _, h := range hits {
					if !h.by.Has(j) {
						continue
					}
					to := h.to
					if to == 0 {
						to = j
					}
					if y := g.candNode(h.cell, to); y >= 0 {
						forced = append(forced, y)
					}
				}
			}
			g.forcedAt[x+1] = int32(len(forced))
			if g.forcedAt[x+1] > g.forcedAt[x] {
				g.forces[x>>6] |= 1 << (uint(x) & 63)
			}
		}
	}
	g.forced = forced
}

// alsHit is a cell that a set forces: losing any digit of by makes it to (or, when to
// is 0, the digit lost).
type alsHit struct {
	cell board.Cell
	by   board.DigitSet
	to   board.Digit
}

// alsDigitIndex returns the place of digit d among the digits of a set, in increasing
// order: its node is the set's first node plus that.
func alsDigitIndex(ds board.DigitSet, d board.Digit) int32 {
	return int32(bits.OnesCount32(uint32(ds & (board.DigitsOf(d) - 1))))
}

// inEarlierHouse reports whether the cells, some of house h (a box or later), all lie
// in a house before h: for a box, one row or one column.
func inEarlierHouse(l *board.Layout, cs []board.Cell, h board.House) bool {
	if int(h) < 3*l.N() {
		return inOneLine(l, cs)
	}
	var buf cellHouses
	for _, hx := range housesOf(l, cs[0], &buf) {
		if hx >= h {
			continue
		}
		set, all := l.HouseSet(hx), true
		for _, c := range cs[1:] {
			all = all && set.Has(c)
		}
		if all {
			return true
		}
	}
	return false
}

// inOneLine reports whether the cells all lie in one row or all in one column.
func inOneLine(l *board.Layout, cs []board.Cell) bool {
	h0 := l.HousesOf(cs[0])
	row, col := true, true
	for _, c := range cs[1:] {
		h := l.HousesOf(c)
		row = row && h[board.Row] == h0[board.Row]
		col = col && h[board.Column] == h0[board.Column]
	}
	return row || col
}

// fillSee computes the cells outside node i that see all of its cells, from the peer
// bitsets of every cell.
func (g *chainGraph) fillSee(i int32, peers []uint64) {
	cs, see := g.nodeCells(i), g.nodeSee(i)
	first := true
	for w, x := range cs {
		for ; x != 0; x &= x - 1 {
			c := int(w*64 + bits.TrailingZeros64(x))
			pc := peers[c*g.nw : (c+1)*g.nw]
			if first {
				copy(see, pc)
				first = false
				continue
			}
			for j := range see {
				see[j] &= pc[j]
			}
		}
	}
	for j := range see {
		see[j] &^= cs[j]
	}
}

// linkScratch holds the buffers link needs only while it runs; they stay in the solve's
// scratch, so a graph build does not allocate (and the collector does not sweep) them each time.
type linkScratch struct {
	moves       [][2]int32
	groupsAt    []int32 // group nodes of (house, digit) k: groups[groupsAt[k]:groupsAt[k+1]]
	groups      []int32
	items       []int32
	masks       []board.PosSet
	weakDeg     []int32
	byTo, order []int32 // chainCompress's
}

// link fills the strong and weak adjacency that k allows.
func (g *chainGraph) link(k chainLinks) {
	l, b, n := g.l, g.b, g.l.N()
	sc := g.sc.links.get()
	defer g.sc.links.put(sc)
	moves := sc.moves[:0] // every link as moves between states (appendWeak, appendStrong)
	// Room for the candidates' links up front: on the largest grids they are millions,
	// and growing the slice by doubling copied them over and over.
	est := 0
	if k.cellStrong || k.cellWeak {
		for c := range board.Cell(l.Cells()) {
			m := b.Candidates(c).Count()
			est += m * (m - 1)
		}
	}
	if k.houseStrong || k.houseWeak {
		for h := range board.House(l.Houses()) {
			for d := board.Digit(1); int(d) <= n; d++ {
				m := b.Positions(h, d).Count()
				est += m * (m - 1)
			}
		}
	}
	moves = slices.Grow(moves, est)
	if k.cellStrong || k.cellWeak {
		for c := range board.Cell(l.Cells()) {
			cs := b.Candidates(c)
			for s := cs; s != 0; s &= s - 1 {
				x := g.candNode(c, s.First())
				if x < 0 {
					continue
				}
				for t := s & (s - 1); t != 0; t &= t - 1 {
					y := g.candNode(c, t.First())
					if y < 0 {
						continue
					}
					if k.cellWeak {
						moves = appendWeak(moves, x, y)
					}
					if k.cellStrong && cs.Count() == 2 {
						moves = appendStrong(moves, x, y)
					}
				}
			}
		}
	}
	if k.houseStrong || k.houseWeak {
		// The group and set nodes of digit d inside house h, filed under h*n+d-1 by a
		// counting sort, in node order.
		keys := l.Houses() * n
		at := slices.Grow(sc.groupsAt[:0], keys+2)[:keys+2]
		clear(at)
		for _, nd := range g.nodes {
			if nd.kind != chainCandidate {
				for _, h := range nd.houses[:nd.nh] {
					at[int(h)*n+int(nd.digit)+1]++
				}
			}
		}
		for i := 2; i < len(at); i++ {
			at[i] += at[i-1]
		}
		groups := slices.Grow(sc.groups[:0], int(at[keys+1]))[:at[keys+1]]
		for i, nd := range g.nodes {
			if nd.kind != chainCandidate {
				for _, h := range nd.houses[:nd.nh] {
					key := int(h)*n + int(nd.digit)
					groups[at[key]] = int32(i)
					at[key]++
				}
			}
		}
		sc.groupsAt, sc.groups = at, groups
		items, masks := sc.items[:0], sc.masks[:0]
		for h := range board.House(l.Houses()) {
			if g.sc.done() {
				break // cancelled: the graph is left without these links, and never used
			}
			for d := board.Digit(1); int(d) <= n; d++ {
				pos := b.Positions(h, d)
				if pos.Count() < 2 {
					continue
				}
				// items are the nodes of d in h, masks their places in h.
				items, masks = items[:0], masks[:0]
				for p := pos; p != 0; p &= p - 1 {
					if x := g.candNode(l.HouseCells(h)[p.First()], d); x >= 0 {
						items = append(items, x)
						masks = append(masks, p&-p)
					}
				}
				key := int(h)*n + int(d) - 1
				for _, x := range groups[at[key]:at[key+1]] {
					nd := &g.nodes[x]
					items = append(items, x)
					masks = append(masks, nd.pos[slices.Index(nd.houses[:nd.nh], int16(h))])
				}
				// Two nodes can share a line and a box (on a variant, a diagonal or a
				// window and another house): link them once, in the first house they
				// share (for a strong link, the first where they are the digit's only
				// places). Two disjoint nodes never share a row and a column, so only
				// from the boxes on is there an earlier house to look for.
				isBox := int(h) >= 2*n
				for i, x := range items {
					mx := masks[i]
					for j, y := range items[i+1:] {
						my := masks[i+1+j]
						if mx&my != 0 {
							continue // they share a cell
						}
						strong := mx|my == pos
						first, firstStrong := true, true
						if isBox {
							first, firstStrong = g.firstShared(x, y, d, h)
						}
						if k.houseWeak && first {
							moves = appendWeak(moves, x, y)
						}
						if k.houseStrong && strong && firstStrong {
							moves = appendStrong(moves, x, y)
						}
					}
				}
			}
		}
		sc.items, sc.masks = items, masks
	}
	if k.houseWeak && len(l.Cages()) > 0 {
		moves = g.cageLinks(moves)
	}
	// A digit of a set that nothing outside sees is a dead end: leave its links out.
	weakDeg := slices.Grow(sc.weakDeg[:0], len(g.nodes))[:len(g.nodes)]
	clear(weakDeg)
	sc.weakDeg = weakDeg
	for _, e := range moves {
		if e[0]&1 == 1 { // from a state made true: a weak link
			weakDeg[e[0]>>1]++
		}
	}
	for _, a := range g.als {
		k := int32(a.digits.Count())
		for x := a.firstNode; x < a.firstNode+k; x++ {
			for y := a.firstNode; y < a.firstNode+k; y++ {
				if x != y && weakDeg[x] > 0 && weakDeg[y] > 0 {
					moves = append(moves, [2]int32{chainState(x, false), chainState(y, true)})
				}
			}
		}
	}
	sc.moves = moves
	// One table of moves between states, each row sorted: a strong link's row is its
	// node's off state, a weak link's its on state.
	nextAt, next := g.store.nextAt, g.store.next
	g.nextAt, g.next = chainCompress(2*len(g.nodes), moves, sc, &nextAt, &next)
}

// cageLinks appends the weak links of a killer's cage-mates that share no house: a
// digit is in a cage at most once. (Cage-mates in one house are linked there.)
func (g *chainGraph) cageLinks(moves [][2]int32) [][2]int32 {
	l, b, n := g.l, g.b, g.l.N()
	var xs []int32
	for _, cg := range l.Cages() {
		for d := board.Digit(1); int(d) <= n; d++ {
			xs = xs[:0]
			for _, c := range cg.Cells {
				if x := g.candNode(c, d); x >= 0 && b.Has(c, d) {
					xs = append(xs, x)
				}
			}
			for i, x := range xs {
				hx := g.nodes[x].houses[:g.nodes[x].nh]
				for _, y := range xs[i+1:] {
					if !slices.ContainsFunc(g.nodes[y].houses[:g.nodes[y].nh], func(h int16) bool { return slices.Contains(hx, h) }) {
						moves = appendWeak(moves, x, y)
					}
				}
			}
		}
	}
	return moves
}

// appendWeak and appendStrong append the moves of a link between nodes x and y, both
// ways: over a weak link a node made true makes the other false, over a strong link a
// node made false makes the other true.
func appendWeak(moves [][2]int32, x, y int32) [][2]int32 {
	return append(moves, [2]int32{chainState(x, true), chainState(y, false)}, [2]int32{chainState(y, true), chainState(x, false)})
}

func appendStrong(moves [][2]int32, x, y int32) [][2]int32 {
	return append(moves, [2]int32{chainState(x, false), chainState(y, true)}, [2]int32{chainState(y, false), chainState(x, true)})
}

// firstShared reports whether h is the first house that nodes x and y (of digit d, both
// in h) share, and whether it is the first shared house where they are d's only places.
func (g *chainGraph) firstShared(x, y int32, d board.Digit, h board.House) (first, firstStrong bool) {
	first, firstStrong = true, true
	nx, ny := &g.nodes[x], &g.nodes[y]
	for _, hx := range nx.houses[:nx.nh] {
		if board.House(hx) >= h || !slices.Contains(ny.houses[:ny.nh], hx) {
			continue
		}
		first = false
		if g.b.Positions(board.House(hx), d).Count() == int(nx.size+ny.size) {
			firstStrong = false
		}
	}
	return first, firstStrong
}

// chainCompress turns a list of directed edges (each listed once) into adjacency rows,
// each sorted by target: a counting sort by target, then a stable one by source. Rows
// in node order keep the search (and so which of two equally short chains it finds)
// independent of the order links were found in.
func chainCompress(nodes int, edges [][2]int32, sc *linkScratch, atBuf, toBuf *[]int32) ([]int32, []int32) {
	byTo := slices.Grow(sc.byTo[:0], nodes+1)[:nodes+1]
	clear(byTo)
	for _, e := range edges {
		byTo[e[1]+1]++
	}
	for i := 1; i < len(byTo); i++ {
		byTo[i] += byTo[i-1]
	}
	order := slices.Grow(sc.order[:0], len(edges))[:len(edges)]
	for i, e := range edges {
		order[byTo[e[1]]] = int32(i)
		byTo[e[1]]++
	}
	sc.byTo, sc.order = byTo, order
	at := slices.Grow((*atBuf)[:0], nodes+2)[:nodes+2]
	clear(at)
	for _, e := range edges {
		at[e[0]+2]++
	}
	for i := 2; i < len(at); i++ {
		at[i] += at[i-1]
	}
	to := slices.Grow((*toBuf)[:0], len(edges))[:len(edges)]
	for _, i := range order {
		e := edges[i]
		to[at[e[0]+1]] = e[1]
		at[e[0]+1]++
	}
	*atBuf, *toBuf = at, to
	return at[:nodes+1], to
}

// weakLinked reports whether at most one of nodes x and y can be true: the same digit
// in disjoint cells that all see each other, or two digits of one cell.
func (g *chainGraph) weakLinked(x, y int32) bool {
	a, c := &g.nodes[x], &g.nodes[y]
	if a.digit != c.digit {
		return a.size == 1 && c.size == 1 && a.cell == c.cell
	}
	see, cs := g.nodeSee(x), g.nodeCells(y)
	for j := range cs {
		if cs[j]&^see[j] != 0 {
			return false
		}
	}
	return true
}

// refutes reports whether state st contradicts candidate node start made true: the
// candidate false, or another digit of its cell true (a one-cell node).
func (g *chainGraph) refutes(start, st int32) bool {
	if st == chainState(start, false) {
		return true
	}
	nd, ne := &g.nodes[start], &g.nodes[st>>1]
	return st&1 == 1 && ne.digit != nd.digit && ne.size == 1 && ne.cell == nd.cell
}

// A search state is a node that the chain has made true (on) or false (off):
// state = node*2 + 1 for on. Off states go on over strong links, on states go off
// over weak links.
func chainState(node int32, on bool) int32 {
	if on {
		return node*2 + 1
	}
	return node * 2
}

// chainSearch is the scratch space of breadth-first searches over one graph, reused
// from start to start so the search itself does not allocate.
type chainSearch struct {
	g      *chainGraph
	stamp  []uint32 // stamp[s] == round when state s was reached in this round
	round  uint32
	parent []int32
	depth  []int16
	queue  []int32
	// within, when set, bounds the next searches to the states of component comp.
	within []int32
	comp   int32
}

func newChainSearch(g *chainGraph) *chainSearch {
	ns := 2 * len(g.nodes)
	return &chainSearch{
		g: g, stamp: make([]uint32, ns), parent: make([]int32, ns),
		depth: make([]int16, ns), queue: make([]int32, 0, ns),
	}
}

// borrowChainSearch returns a search over g from the solve's scratch (a finder runs
// its searches and is done with the arrays, thousands of states each, before it
// returns), as newChainSearch would make it; give it back with returnChainSearch once
// its results are copied out.
func borrowChainSearch(g *chainGraph) *chainSearch {
	s := g.sc.searches.get()
	ns := 2 * len(g.nodes)
	s.g, s.round, s.within = g, 0, nil
	s.stamp = slices.Grow(s.stamp[:0], ns)[:ns]
	clear(s.stamp) // stamps of another graph would read as reached
	s.parent = slices.Grow(s.parent[:0], ns)[:ns]
	s.depth = slices.Grow(s.depth[:0], ns)[:ns]
	s.queue = slices.Grow(s.queue[:0], ns)
	return s
}

func returnChainSearch(s *chainSearch) {
	sc := s.g.sc
	s.g = nil
	sc.searches.put(s)
}

// run searches from node start in the given state, over at most maxLinks links, and
// returns the states reached in order of distance (the start first). A chain never
// passes through a node twice; the start's opposite state may be reached (a
// discontinuous loop closes there) but the search does not go on from it.
func (s *chainSearch) run(start int32, on bool, maxLinks int) []int32 {
	return s.runUntil(start, on, maxLinks, nil)
}

// runUntil is run that stops as soon as it reaches a state for which stop (when not
// nil) returns true: that state is then the last of the list, and the first such state
// in order of distance.
func (s *chainSearch) runUntil(start int32, on bool, maxLinks int, stop func(int32) bool) []int32 {
	s.round++
	if s.round == 0 { // wrapped: forget every old stamp
		clear(s.stamp)
		s.round = 1
	}
	g := s.g
	root := chainState(start, on)
	s.queue = append(s.queue[:0], root)
	s.stamp[root], s.parent[root], s.depth[root] = s.round, -1, 0
	for qi := 0; qi < len(s.queue); qi++ {
		st := s.queue[qi]
		if (st>>1 == start && st != root) || int(s.depth[st]) >= maxLinks {
			continue
		}
		for _, ys := range g.moves(st) {
			if s.stamp[ys] == s.round || s.within != nil && s.within[ys] != s.comp {
				continue
			}
			// Going through a node again (in the other state) would make the chain
			// cross itself; only a state already reached can be on the path.
			if other := ys ^ 1; s.stamp[other] == s.round && ys>>1 != start && s.onPath(st, other) {
				continue
			}
			s.stamp[ys], s.parent[ys], s.depth[ys] = s.round, st, s.depth[st]+1
			s.queue = append(s.queue, ys)
			if stop != nil && stop(ys) {
				return s.queue
			}
		}
	}
	return s.queue
}

func (s *chainSearch) onPath(from, st int32) bool {
	for x := from; x >= 0; x = s.parent[x] {
		if x == st {
			return true
		}
	}
	return false
}

// path returns the nodes from the start to state st.
func (s *chainSearch) path(st int32) []int32 {
	out := make([]int32, s.depth[st]+1)
	for i, x := len(out)-1, st; x >= 0; i, x = i-1, s.parent[x] {
		out[i] = x >> 1
	}
	return out
}

// The pipeline tries the chain techniques one after another on one board state, and
// three of them (continuous loop, discontinuous loop, AIC; plain or grouped) use the
// same graph. So the graph (with its components, chainComps) is built once per state
// and link kind, and kept until the pipeline applies a step; each technique then runs
// only the searches its filter leaves (chains_reach.go).

// chainVisit is one state reached by a stored search: the state, the index of the
// visit it was reached from (-1 for the start) and its distance in links.
type chainVisit struct {
	state  int32
	parent int32
	depth  int16
}

// chainRuns are the stored searches of one finder call, from some start nodes made
// false: the visits from start i are visits[runAt[i]:runAt[i+1]], in order of
// distance, the start first.
type chainRuns struct {
	runAt  []int32
	visits []chainVisit
	at     []int32 // state -> its visit, while one search is stored
}

// run returns the visits of the search from start, and the index of the first of them
// in the visits that hold them all (for chainVisitPath).
func (r *chainRuns) run(start int32) ([]chainVisit, int32, []chainVisit) {
	return r.visits[r.runAt[start]:r.runAt[start+1]], r.runAt[start], r.visits
}

// chainVisitPath returns the nodes from the start to visit i of vs.
func chainVisitPath(vs []chainVisit, i int32) []int32 {
	return chainVisitPathTo(nil, vs, i)
}

// chainVisitPathTo is chainVisitPath into out's room.
func chainVisitPathTo(out []int32, vs []chainVisit, i int32) []int32 {
	out = slices.Grow(out[:0], int(vs[i].depth)+1)[:vs[i].depth+1]
	for k := len(out) - 1; i >= 0; k, i = k-1, vs[i].parent {
		out[k] = vs[i].state >> 1
	}
	return out
}

// visitsThroughGroup reports whether the chain to visit i of vs passes through a group
// or set node.
func (g *chainGraph) visitsThroughGroup(vs []chainVisit, i int32) bool {
	for ; i >= 0; i = vs[i].parent {
		if g.isGroup(vs[i].state >> 1) {
			return true
		}
	}
	return false
}

// searchFrom runs and stores the searches from the nodes that start says, made false,
// over up to maxLinks links. With within set, a search from node x keeps to the
// states of x's false state's component: a loop back to x never leaves it, and the
// part of the search inside it is the same as that of a search without the bound.
// Give the result back with g.sc.runs.put when done with it.
func (g *chainGraph) searchFrom(start []bool, maxLinks int, within *chainComps) *chainRuns {
	r := g.sc.runs.get()
	r.runAt = slices.Grow(r.runAt[:0], len(g.nodes)+1)[:len(g.nodes)+1]
	r.visits = r.visits[:0]
	r.at = slices.Grow(r.at[:0], 2*len(g.nodes))[:2*len(g.nodes)]
	s := borrowChainSearch(g)
	defer returnChainSearch(s)
	for x := range int32(len(g.nodes)) {
		r.runAt[x] = int32(len(r.visits))
		if !start[x] || g.sc.done() { // cancelled: the rest stay empty
			continue
		}
		s.within, s.comp = nil, 0
		if within != nil {
			s.within, s.comp = within.comp, within.comp[chainState(x, false)]
		}
		base := int32(len(r.visits))
		for k, st := range s.run(x, false, maxLinks) {
			r.at[st] = base + int32(k)
			parent := int32(-1)
			if p := s.parent[st]; p >= 0 {
				parent = r.at[p]
			}
			r.visits = append(r.visits, chainVisit{state: st, parent: parent, depth: s.depth[st]})
		}
	}
	r.runAt[len(g.nodes)] = int32(len(r.visits))
	return r
}

// mayConclude reports whether some cell outside node i sees all of it and holds its
// digit: the only places where a chain starting at i can remove anything.
func (g *chainGraph) mayConclude(i int32) bool {
	see, hold := g.nodeSee(i), g.holders(g.nodes[i].digit)
	for w := range see {
		if see[w]&hold[w] != 0 {
			return true
		}
	}
	return false
}

// chainGraph returns the graph of b's state (the solve's current one) for the given
// links, built on first use and kept until the pipeline applies a step (invalidate).
// The graph keeps its own copy of the board. Links that are some of allChainLinks (X-
// and XY-chains) get a view of that graph (chainSubgraph).
func (s *solveState) chainGraph(b *board.Board, kinds chainLinks) *chainGraph {
	for _, g := range s.res.graphs {
		if g.kinds == kinds {
			return g
		}
	}
	var g *chainGraph
	if !kinds.groups && !kinds.als && kinds != allChainLinks {
		g = chainSubgraph(s.chainGraph(b, allChainLinks), kinds)
	} else {
		g = buildChainGraph(&s.sc, b, kinds)
	}
	s.res.graphs = append(s.res.graphs, g)
	return g
}

// chainSubgraph returns base, the graph of allChainLinks (which the loops and AICs use
// on the same state), with only the moves that links k, some of those, allow. It
// shares base's nodes, whose order keeps each search the same as on a graph of its
// own. Both are kept in the state's results.
func chainSubgraph(base *chainGraph, k chainLinks) *chainGraph {
	g := &chainGraph{l: base.l, b: base.b, nw: base.nw, nodes: base.nodes, ncand: base.ncand,
		cells: base.cells, see: base.see, digitCells: base.digitCells, cand: base.cand, base: base,
		kinds: k, sc: base.sc}
	g.store = g.sc.graphBufsFor(k) // for its moves and what it computes itself (recycle)
	g.store.kinds = k
	keep := func(x, y int32, strong bool) bool {
		nx, ny := &base.nodes[x], &base.nodes[y]
		if k.bivalueOnly && (base.b.Candidates(nx.cell).Count() != 2 || base.b.Candidates(ny.cell).Count() != 2) {
			return false
		}
		if nx.digit != ny.digit { // two digits of one cell
			return strong && k.cellStrong || !strong && k.cellWeak
		}
		return strong && k.houseStrong || !strong && k.houseWeak
	}
	g.nextAt = grown(g.store.nextAt, len(base.nextAt))
	g.next = roomFor(g.store.next, len(base.next))
	for st := range int32(len(base.nextAt) - 1) {
		g.nextAt[st] = int32(len(g.next))
		for _, t := range base.moves(st) {
			if keep(st>>1, t>>1, st&1 == 0) {
				g.next = append(g.next, t)
			}
		}
	}
	g.nextAt[len(g.nextAt)-1] = int32(len(g.next))
	return g
}

// tarjanScratch holds tarjan's working arrays, kept in the solve's scratch: a graph has thousands of
// states, and its components are found once per state of the board that reaches the
// chains.
type tarjanScratch struct {
	index, low, cursor []int32
	stack, calls       []int32
}

func (sc *tarjanScratch) reset(ns int) {
	grow := func(s []int32, v int32) []int32 {
		s = slices.Grow(s[:0], ns)[:ns]
		for i := range s {
			s[i] = v
		}
		return s
	}
	sc.index = grow(sc.index, -1)
	sc.low, sc.cursor = grow(sc.low, 0), grow(sc.cursor, 0)
}
