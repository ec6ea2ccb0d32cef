package techniques

import (
	"cmp"
	"math/bits"
	"slices"
	"sync"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// This file is the almost-locked-set family: ALS-XZ, ALS-XY-Wing and the ALS chain,
// which are one chain of sets of different lengths, and Death Blossom, a stem cell with
// one set per candidate. All share one enumeration of the sets per board state.
//
// The chain engine (chains_graph.go) has its own ALS nodes, built into its graph for
// grouped chains: sets of two to five cells, no single cells, no per-digit cell sets.
// This family needs every set of one to N-1 (at most seven) cells, with the cells of
// each of its digits and the cells that see all of them, and the restricted common
// candidates between sets, so it keeps the index below rather than bend the graph's
// builder to it; the index is built once per board state and shared by the finders.

const (
	idALSXZ        = "als-xz"
	idALSXYWing    = "als-xy-wing"
	idALSChain     = "als-chain"
	idDeathBlossom = "death-blossom"

	// alsChainMaxSets bounds the sets of an ALS chain: HoDoKu's library needs no more,
	// and the search grows with the power of it.
	alsChainMaxSets = 6
	// alsSearchBudget bounds the links a chain search may follow per chain length, and
	// a blossom search the petals it may try, per finder call: a board has thousands of
	// sets, and an unbounded search costs tens of milliseconds per state where every
	// easier technique failed. The shortest chains are searched first.
	alsSearchBudget = 50000
	// alsMaxCells bounds the cells of a set, as their number grows with the power of the
	// size: every HoDoKu library case of the family passes with six cells, and a Death
	// Blossom of top1465 (walkthrough 18) has a petal of seven. On 9x9 it leaves out
	// only the sets of eight cells.
	alsMaxCells = 7
)

// Difficulties: Sudoku Explainer has no ALS techniques. They sit after the grouped
// chains (7.3) and before forcing chains (8.0), in HoDoKu's order of score (Sue de Coq
// 250 < ALS-XZ 300 < ALS-XY-Wing 320 < ALS chain 340 < Death Blossom 360): HoDoKu ranks
// them with its chains, and our walkthrough should show a chain of candidates, which
// readers know, before a chain of sets.

// ALSXZ is two almost locked sets joined by a restricted common candidate X: X can be
// in only one of them, so the other is locked, and a digit Z common to both is in one of
// them; what sees every Z of both loses Z.
//
// Pattern: Sets are the two sets A and B; Digits are the digits the step removes (Z, or
// for a doubly linked pair every digit it removes); Chains[0] is (Z=X)A-(X=Z)B, or for a
// doubly linked pair the loop (X1=X2)A-(X2=X1)B.
var ALSXZ = Technique{
	ID:         idALSXZ,
	Name:       "ALS-XZ",
	Difficulty: 7.5,
	Score:      300,
	Codes:      []string{"0901"},
	Doc: `ALS-XZ

An almost locked set (ALS) is n cells of one house that hold n+1 digits between them:
take one digit away and the rest is locked. Two sets A and B that share no cell have a
restricted common candidate X when every X of A sees every X of B: X is in at most one
of them, so one of them loses X and is locked. If Z is another digit of both, the
locked one holds Z, so Z leaves every cell that sees all the Zs of both sets. With two
restricted common candidates both sets are locked: each X is in one of them (it goes
from cells seeing all of its places in both) and every other digit of a set stays in it.`,
	Find: alsChainFinder(alsChainView{id: idALSXZ, minSets: 2, maxSets: 2}),
}

// ALSXYWing is three almost locked sets A, C, B: A and C share X, C and B share Y
// (X ≠ Y, both restricted), so A or B is locked, and a digit Z of both leaves whatever
// sees all their Zs.
//
// Pattern: Sets are A, C (the pivot) and B; Digits the removed Zs; Chains[0] is
// (Z=X)A-(X=Y)C-(Y=Z)B.
var ALSXYWing = Technique{
	ID:         idALSXYWing,
	Name:       "ALS-XY-Wing",
	Difficulty: 7.6,
	Score:      320,
	Codes:      []string{"0902"},
	Doc: `ALS-XY-Wing

Three almost locked sets with no cell in common: a pivot C shares a restricted common
candidate X with A and another, Y, with B. If A does not hold Z it is locked for X, so
C loses X and is locked for Y, so B loses Y and is locked for Z: B holds Z. So A or B
holds Z, and Z leaves every cell that sees all the Zs of A and B.`,
	Find: alsChainFinder(alsChainView{id: idALSXYWing, minSets: 3, maxSets: 3}),
}

// ALSChain is a chain of four or more almost locked sets, each joined to the next by a
// restricted common candidate, no two links in a row on the same digit: the first or
// the last set holds Z.
//
// Pattern: Sets are the sets in chain order; Digits the removed Zs; Chains[0] is
// (Z=X1)A1-(X1=X2)A2-...-(Xk=Z)Ak.
var ALSChain = Technique{
	ID:         idALSChain,
	Name:       "ALS Chain",
	Difficulty: 7.7,
	Score:      340,
	Codes:      []string{"0903"},
	Doc: `ALS Chain

Almost locked sets with no cell in common, each joined to the next by a restricted
common candidate (every place of the digit in one sees every place in the other), and
no two joints in a row on the same digit. If the first set does not hold Z it is locked
for the first joint's digit, so the second set loses that digit and is locked for the
next one, and so on to the last set, which is locked and holds Z. So the first or the
last set holds Z, and Z leaves every cell that sees all the Zs of both.`,
	Find: alsChainFinder(alsChainView{id: idALSChain, minSets: 4, maxSets: alsChainMaxSets}),
}

// DeathBlossom is a stem cell and one almost locked set (petal) per candidate of it:
// every place of that candidate in the petal sees the stem. Whatever the stem is, its
// petal is locked, so a digit Z of every petal leaves whatever sees all their Zs.
//
// Pattern: Cells is the stem; Sets the petals in the order of the stem's digits (none
// for Z when the stem holds Z: the stem itself is Z's place); Digits is Z; Chains has
// one branch per stem digit: (d)stem-(d=Z)petal, or (Z)stem.
var DeathBlossom = Technique{
	ID:         idDeathBlossom,
	Name:       "Death Blossom",
	Difficulty: 7.8,
	Score:      360,
	Codes:      []string{"0904"},
	Doc: `Death Blossom

A stem cell and, for each of its candidates, an almost locked set (a petal) with that
digit, every place of it in the petal seeing the stem. The petals share no cell. The
stem holds one of its digits, so that digit's petal loses it and is locked. If every
petal holds Z (and the stem, if it has Z, counts as Z's own petal), then Z is in the
locked petal, and Z leaves every cell that sees all the Zs of every petal.`,
	Find: deathBlossomFinder,
}

// alsSet is one almost locked set of the index: its cells, its digits, and where its
// per-digit cell sets start in the index's tables (one entry per digit, in order).
type alsSet struct {
	cells  board.CellSet
	digits board.DigitSet
	size   int
	at     int
}

// alsIndex holds every almost locked set of one board state. dcells[at+k] are the cells
// of the set holding its k-th digit, dsee[at+k] the cells outside the set that see all
// of them. It is read-only once built (see alsIndexFor).
type alsIndex struct {
	l       *board.Layout
	b       *board.Board
	sets    []alsSet
	dcells  []board.CellSet
	dsee    []board.CellSet
	dfirst  []board.Cell    // per set and digit: the first cell holding it
	holders []board.CellSet // per digit-1: every cell holding it
	// edges[edgeAt[i]:edgeAt[i+1]] are the sets joined to set i by a restricted common
	// candidate, with the restricted digits.
	edgeAt []int32
	edges  []alsEdge
	// byFirst lists the sets by the first cell of each digit, firstAt indexes it; mark
	// and touched gather one set's partners.
	byFirst, firstAt []int32
	mark             []board.DigitSet
	touched          []int32
	empty            []board.Cell
	pick             []board.Cell
}

type alsEdge struct {
	to  int32
	rcc board.DigitSet
}

// alsLast memoises the index of the last board state asked for: the pipeline tries
// ALS-XZ, ALS-XY-Wing, ALS chain and Death Blossom one after the other on one state,
// and building and linking the sets is most of what the cheaper ones cost. The index is
// never changed once built, so callers on other goroutines may share it.
var alsLast struct {
	sync.Mutex
	layout *board.Layout
	values []board.Digit
	cands  []board.DigitSet
	index  *alsIndex
}

// alsIndexFor returns the linked index of b's state, built or remembered.
func alsIndexFor(b *board.Board) *alsIndex {
	l := b.Layout()
	alsLast.Lock()
	defer alsLast.Unlock()
	same := alsLast.layout == l && alsLast.index != nil
	for c := range board.Cell(l.Cells()) {
		if !same {
			break
		}
		same = alsLast.values[c] == b.Value(c) && alsLast.cands[c] == b.Candidates(c)
	}
	if same {
		return alsLast.index
	}
	x := newALSIndex(b)
	x.link()
	x.b = nil // the index keeps no board: a caller's board may change after
	alsLast.layout, alsLast.index = l, x
	alsLast.values = slices.Grow(alsLast.values[:0], l.Cells())[:l.Cells()]
	alsLast.cands = slices.Grow(alsLast.cands[:0], l.Cells())[:l.Cells()]
	for c := range board.Cell(l.Cells()) {
		alsLast.values[c], alsLast.cands[c] = b.Value(c), b.Candidates(c)
	}
	return x
}

// newALSIndex enumerates the sets of b: for each house, every subset of its empty cells
// of one to min(N-1, alsMaxCells) cells holding one digit more than it has cells. A set
// of two or more cells that lies in a line and a box is found in the line only, and a
// single cell in its row only, so every set is listed once.
func newALSIndex(b *board.Board) *alsIndex {
	x := new(alsIndex)
	l := b.Layout()
	x.l, x.b = l, b
	x.sets, x.dcells, x.dsee, x.dfirst = x.sets[:0], x.dcells[:0], x.dsee[:0], x.dfirst[:0]
	x.edgeAt, x.edges = x.edgeAt[:0], x.edges[:0]
	x.holders = slices.Grow(x.holders[:0], l.N())[:l.N()]
	clear(x.holders)
	for c := range board.Cell(l.Cells()) {
		for s := b.Candidates(c); s != 0; s &= s - 1 {
			x.holders[s.First()-1].Add(c)
		}
	}
	for h := range board.House(l.Houses()) {
		x.empty = x.empty[:0]
		for _, c := range l.HouseCells(h) {
			if b.Value(c) == 0 {
				x.empty = append(x.empty, c)
			}
		}
		x.pick = x.pick[:0]
		x.walk(h, 0, 0, min(len(x.empty)-1, alsMaxCells))
	}
	return x
}

func (x *alsIndex) walk(h board.House, from int, ds board.DigitSet, limit int) {
	if n := len(x.pick); n >= 1 && ds.Count() == n+1 && x.owns(h) {
		x.add(ds)
	}
	if len(x.pick) == limit {
		return
	}
	for i := from; i < len(x.empty); i++ {
		nds := ds | x.b.Candidates(x.empty[i])
		if nds.Count() > limit+1 {
			continue
		}
		x.pick = append(x.pick, x.empty[i])
		x.walk(h, i+1, nds, limit)
		x.pick = x.pick[:len(x.pick)-1]
	}
}

// owns reports whether house h is where the picked cells are listed: the row for a
// single cell, and not a box for cells that also share a line.
func (x *alsIndex) owns(h board.House) bool {
	l := x.l
	if len(x.pick) == 1 {
		return l.Kind(h) == board.Row
	}
	if l.Kind(h) != board.Box {
		return true
	}
	hs := l.HousesOf(x.pick[0])
	sameRow, sameCol := true, true
	for _, c := range x.pick[1:] {
		o := l.HousesOf(c)
		sameRow = sameRow && o[0] == hs[0]
		sameCol = sameCol && o[1] == hs[1]
	}
	return !sameRow && !sameCol
}

func (x *alsIndex) add(ds board.DigitSet) {
	l := x.l
	a := alsSet{digits: ds, size: len(x.pick), at: len(x.dcells)}
	for _, c := range x.pick {
		a.cells.Add(c)
	}
	for s := ds; s != 0; s &= s - 1 {
		d := s.First()
		var dc, see board.CellSet
		first := true
		for _, c := range x.pick {
			if !x.b.Has(c, d) {
				continue
			}
			dc.Add(c)
			if first {
				see, first = l.PeerSet(c), false
			} else {
				see = see.And(l.PeerSet(c))
			}
		}
		x.dcells = append(x.dcells, dc)
		x.dfirst = append(x.dfirst, firstOf(x.pick, x.b, d))
		x.dsee = append(x.dsee, see.AndNot(a.cells))
	}
	x.sets = append(x.sets, a)
}

// firstOf returns the first of cells that holds d.
func firstOf(cells []board.Cell, b *board.Board, d board.Digit) board.Cell {
	for _, c := range cells {
		if b.Has(c, d) {
			return c
		}
	}
	return -1
}

// rank is the position of d among the digits of a set.
func rank(ds board.DigitSet, d board.Digit) int {
	return bits.OnesCount32(uint32(ds) & (1<<(d-1) - 1))
}

func (x *alsIndex) dc(i int32, d board.Digit) *board.CellSet {
	a := &x.sets[i]
	return &x.dcells[a.at+rank(a.digits, d)]
}

func (x *alsIndex) see(i int32, d board.Digit) *board.CellSet {
	a := &x.sets[i]
	return &x.dsee[a.at+rank(a.digits, d)]
}

func disjoint(a, b *board.CellSet) bool { return a.And(*b).Empty() }

// link fills the restricted-common-candidate edges of every set. Trying every pair of
// sets costs the square of their number (thousands on an early board); instead each
// set is filed under the first cell of each of its digits, and set i looks for partners
// on digit d only under the cells that see all its ds and hold d, a handful.
func (x *alsIndex) link() {
	l := x.l
	n := l.N()
	nc := l.Cells()
	// firstAt[(d-1)*nc+c]: where the sets whose first cell holding d is c start in byFirst.
	x.firstAt = slices.Grow(x.firstAt[:0], n*nc+1)[:n*nc+1]
	clear(x.firstAt)
	for i := range x.sets {
		a := &x.sets[i]
		for k, s := 0, a.digits; s != 0; k, s = k+1, s&(s-1) {
			x.firstAt[int(s.First()-1)*nc+int(x.dfirst[a.at+k])+1]++
		}
	}
	for i := 1; i < len(x.firstAt); i++ {
		x.firstAt[i] += x.firstAt[i-1]
	}
	x.byFirst = slices.Grow(x.byFirst[:0], int(x.firstAt[len(x.firstAt)-1]))[:x.firstAt[len(x.firstAt)-1]]
	fill := slices.Clone(x.firstAt)
	for i := range x.sets {
		a := &x.sets[i]
		for k, s := 0, a.digits; s != 0; k, s = k+1, s&(s-1) {
			slot := int(s.First()-1)*nc + int(x.dfirst[a.at+k])
			x.byFirst[fill[slot]] = int32(i)
			fill[slot]++
		}
	}
	x.mark = slices.Grow(x.mark[:0], len(x.sets))[:len(x.sets)]
	clear(x.mark)
	for i := range int32(len(x.sets)) {
		x.edgeAt = append(x.edgeAt, int32(len(x.edges)))
		x.touched = x.touched[:0]
		a := &x.sets[i]
		for s := a.digits; s != 0; s &= s - 1 {
			d := s.First()
			see, hold := x.see(i, d), &x.holders[d-1]
			// Every cell that sees all of i's ds is a peer of the first of them.
			for _, c := range l.Peers(x.dfirst[a.at+rank(a.digits, d)]) {
				if !see.Has(c) || !hold.Has(c) {
					continue
				}
				slot := int(d-1)*nc + int(c)
				for _, j := range x.byFirst[x.firstAt[slot]:x.firstAt[slot+1]] {
					if x.dc(j, d).AndNot(*x.see(i, d)).Empty() {
						if x.mark[j] == 0 {
							x.touched = append(x.touched, j)
						}
						x.mark[j] = x.mark[j].With(d)
					}
				}
			}
		}
		slices.Sort(x.touched)
		for _, j := range x.touched {
			x.edges = append(x.edges, alsEdge{to: j, rcc: x.mark[j]})
			x.mark[j] = 0
		}
	}
	x.edgeAt = append(x.edgeAt, int32(len(x.edges)))
}

func (x *alsIndex) edgesOf(i int32) []alsEdge { return x.edges[x.edgeAt[i]:x.edgeAt[i+1]] }

// group returns set i as a pattern group.
func (x *alsIndex) group(i int32) explain.Group {
	return explain.Group{Cells: x.sets[i].cells.Cells(), Digits: x.sets[i].digits}
}

// appendCands appends digit d in every cell of s.
func appendCands(out []board.Candidate, s board.CellSet, d board.Digit) []board.Candidate {
	for _, c := range s.Cells() {
		out = append(out, board.Candidate{Cell: c, Digit: d})
	}
	return out
}

// alsFound is a conclusion before it becomes a step; cells orders the report
// (smaller patterns first), order keeps the search's order among equals.
type alsFound struct {
	step  explain.Step
	cells int
	order int
}

// reportFound sorts conclusions smallest first, drops repeats of the same
// eliminations, and reports them; it returns false when report did.
func reportFound(found []alsFound, seen map[string]bool, report func(explain.Step) bool) bool {
	slices.SortStableFunc(found, func(a, b alsFound) int {
		return cmp.Or(cmp.Compare(a.cells, b.cells), cmp.Compare(a.order, b.order))
	})
	for _, f := range found {
		sortChainCands(f.step.Eliminations)
		f.step.Eliminations = slices.Compact(f.step.Eliminations)
		key := chainKey(chainFound{elims: f.step.Eliminations})
		if seen[key] {
			continue
		}
		seen[key] = true
		if !report(f.step) {
			return false
		}
	}
	return true
}

// alsChainView is one technique of the chain of sets: how many sets it joins.
type alsChainView struct {
	id               string
	minSets, maxSets int
}

func alsChainFinder(v alsChainView) Finder {
	return func(b *board.Board, report func(explain.Step) bool) {
		x := alsIndexFor(b)
		seen := map[string]bool{}
		if v.minSets == 2 {
			reportFound(x.pairs(v.id), seen, report)
			return
		}
		s := alsChainSearch{x: x, v: v}
		// zs[i]: the digits of set i that some cell outside sees in all their places; only
		// they can be a chain's Z, so a set without any starts no chain.
		zs := make([]board.DigitSet, len(x.sets))
		for i := range int32(len(x.sets)) {
			for r := x.sets[i].digits; r != 0; r &= r - 1 {
				d := r.First()
				if !x.see(i, d).And(x.holders[d-1]).Empty() {
					zs[i] = zs[i].With(d)
				}
			}
		}
		for k := v.minSets; k <= v.maxSets; k++ {
			s.found = s.found[:0]
			s.k = k
			s.budget = alsSearchBudget
			s.zsOf = zs
			s.keys = map[string]int{}
			for start := range int32(len(x.sets)) {
				if zs[start] == 0 {
					continue
				}
				s.path = append(s.path[:0], start)
				s.rccs = s.rccs[:0]
				s.used = x.sets[start].cells
				s.zs = zs[start]
				s.extend()
			}
			if !reportFound(s.found, seen, report) {
				return
			}
		}
	}
}

// pairs finds every ALS-XZ: singly linked pairs remove the common Zs, doubly linked
// ones lock both sets.
func (x *alsIndex) pairs(id string) []alsFound {
	var found []alsFound
	for i := range int32(len(x.sets)) {
		for _, e := range x.edgesOf(i) {
			j, r := e.to, e.rcc
			if j < i {
				continue
			}
			a, b := &x.sets[i], &x.sets[j]
			both := a.cells.Or(b.cells)
			var elims []board.Candidate
			var chain explain.Chain
			ga, gb := x.group(i), x.group(j)
			if r.Count() >= 2 {
				// Each restricted digit is in A or B; every other digit stays in its set.
				for s := r; s != 0; s &= s - 1 {
					d := s.First()
					elims = appendCands(elims, x.see(i, d).And(*x.see(j, d)).And(x.holders[d-1]), d)
				}
				for _, k := range [2]int32{i, j} {
					for s := x.sets[k].digits &^ r; s != 0; s &= s - 1 {
						d := s.First()
						elims = appendCands(elims, x.see(k, d).And(x.holders[d-1]).AndNot(both), d)
					}
				}
				x1, x2 := r.First(), r.Without(r.First()).First()
				chain = explain.Chain{
					Nodes: []explain.Node{
						{Cells: ga.Cells, Digits: board.DigitsOf(x1)}, {Cells: ga.Cells, Digits: board.DigitsOf(x2)},
						{Cells: gb.Cells, Digits: board.DigitsOf(x2)}, {Cells: gb.Cells, Digits: board.DigitsOf(x1)},
					},
					Links: []explain.LinkKind{explain.Strong, explain.Weak, explain.Strong, explain.Weak},
					Loop:  true,
				}
			} else {
				zs := (a.digits & b.digits) &^ r
				var hit board.DigitSet
				for s := zs; s != 0; s &= s - 1 {
					d := s.First()
					n0 := len(elims)
					elims = appendCands(elims, x.see(i, d).And(*x.see(j, d)).And(x.holders[d-1]), d)
					if len(elims) > n0 {
						hit = hit.With(d)
					}
				}
				if hit != 0 {
					chain = setChain([]explain.Group{ga, gb}, []board.Digit{r.First()}, hit)
				}
			}
			if len(elims) == 0 {
				continue
			}
			var ds board.DigitSet
			for _, e := range elims {
				ds = ds.With(e.Digit)
			}
			found = append(found, alsFound{
				step: explain.Step{Technique: id, Eliminations: elims, Pattern: explain.Pattern{
					Digits: ds, Sets: []explain.Group{ga, gb}, Chains: []explain.Chain{chain},
				}},
				cells: a.size + b.size,
				order: len(found),
			})
		}
	}
	return found
}

// setChain writes a chain of sets as an AIC: (Z=X1)A1-(X1=X2)A2-...-(Xk=Z)Ak.
func setChain(sets []explain.Group, rccs []board.Digit, zs board.DigitSet) explain.Chain {
	var ch explain.Chain
	add := func(g explain.Group, ds board.DigitSet) {
		if len(ch.Nodes) > 0 {
			kind := explain.Strong
			if len(ch.Nodes)%2 == 0 {
				kind = explain.Weak
			}
			ch.Links = append(ch.Links, kind)
		}
		ch.Nodes = append(ch.Nodes, explain.Node{Cells: g.Cells, Digits: ds})
	}
	for i, g := range sets {
		in := zs
		if i > 0 {
			in = board.DigitsOf(rccs[i-1])
		}
		out := zs
		if i < len(rccs) {
			out = board.DigitsOf(rccs[i])
		}
		add(g, in)
		add(g, out)
	}
	return ch
}

// alsChainSearch is a depth-first search for chains of exactly k sets.
type alsChainSearch struct {
	x      *alsIndex
	v      alsChainView
	k      int
	path   []int32
	rccs   []board.Digit
	used   board.CellSet
	found  []alsFound
	budget int
	zs     board.DigitSet   // the start's possible Zs
	zsOf   []board.DigitSet // every set's possible Zs
	keys   map[string]int   // what this length's chains removed so far, and where
	buf    []board.Candidate
}

func (s *alsChainSearch) extend() {
	x := s.x
	last := s.path[len(s.path)-1]
	for _, e := range x.edgesOf(last) {
		if s.budget <= 0 {
			return
		}
		s.budget--
		last := len(s.path)+1 == s.k
		if last && (e.to < s.path[0] || s.zs&s.zsOf[e.to] == 0) || slices.Contains(s.path, e.to) {
			continue // the reverse chain concludes the same, or the ends share no Z
		}
		for r := e.rcc; r != 0; r &= r - 1 {
			d := r.First()
			if n := len(s.rccs); n > 0 && s.rccs[n-1] == d {
				continue // a set entered and left by the same digit is not locked
			}
			if len(s.rccs) == 0 && s.zs.Without(d) == 0 {
				continue // the first joint would take the start's only Z
			}
			saved := s.used
			s.path = append(s.path, e.to)
			s.rccs = append(s.rccs, d)
			s.used = s.used.Or(x.sets[e.to].cells)
			if len(s.path) == s.k {
				s.conclude()
			} else {
				s.extend()
			}
			s.path, s.rccs, s.used = s.path[:len(s.path)-1], s.rccs[:len(s.rccs)-1], saved
		}
	}
}

// conclude records what a complete chain removes: each Z of both ends (other than the
// first and last joints' digits) from the cells that see all its places in both.
func (s *alsChainSearch) conclude() {
	x := s.x
	a, z := s.path[0], s.path[len(s.path)-1]
	if z < a {
		return // the reverse chain concludes the same
	}
	zs := (s.zsOf[a] & s.zsOf[z]).Without(s.rccs[0]).Without(s.rccs[len(s.rccs)-1])
	elims := s.buf[:0]
	var hit board.DigitSet
	for r := zs; r != 0; r &= r - 1 {
		d := r.First()
		t := x.see(a, d).And(*x.see(z, d)).And(x.holders[d-1]).AndNot(s.used)
		if !t.Empty() {
			elims = appendCands(elims, t, d)
			hit = hit.With(d)
		}
	}
	s.buf = elims
	if len(elims) == 0 {
		return
	}
	// Many chains of one length remove the same; the one over the fewest cells (the
	// first found among equals) stands for them.
	sortChainCands(elims)
	cells := 0
	for _, p := range s.path {
		cells += x.sets[p].size
	}
	key := chainKey(chainFound{elims: elims})
	at, dup := s.keys[key]
	if dup && s.found[at].cells <= cells {
		return
	}
	elims = slices.Clone(elims)
	sets := make([]explain.Group, len(s.path))
	for i, p := range s.path {
		sets[i] = x.group(p)
	}
	f := alsFound{
		step: explain.Step{Technique: s.v.id, Eliminations: elims, Pattern: explain.Pattern{
			Digits: hit, Sets: sets, Chains: []explain.Chain{setChain(sets, slices.Clone(s.rccs), hit)},
		}},
		cells: cells,
		order: len(s.found),
	}
	if dup {
		f.order = s.found[at].order
		s.found[at] = f
		return
	}
	s.keys[key] = len(s.found)
	s.found = append(s.found, f)
}

// deathBlossomFinder looks, for every stem cell and digit Z, for one petal per stem
// digit (other than Z) that holds Z, the petals sharing no cell, and removes Z from
// what sees all their Zs (and the stem, when it holds Z).
func deathBlossomFinder(b *board.Board, report func(explain.Step) bool) {
	x := alsIndexFor(b)
	l := b.Layout()
	n := l.N()
	s := blossomSearch{x: x, b: b, budget: alsSearchBudget}
	// A set is a petal of digit d for every stem that sees all its ds: file it under
	// each such stem once, rather than test every set against every stem.
	// petalAt[stem*n+d-1] indexes the petals of d at stem in petalSets.
	petalAt := make([]int32, l.Cells()*n+1)
	eachPetal := func(visit func(slot int, i int32)) {
		for i := range int32(len(x.sets)) {
			a := &x.sets[i]
			for k, r := 0, a.digits; r != 0; k, r = k+1, r&(r-1) {
				d := r.First()
				see := &x.dsee[a.at+k]
				for _, c := range l.Peers(x.dfirst[a.at+k]) {
					if see.Has(c) && b.Has(c, d) {
						visit(int(c)*n+int(d)-1, i)
					}
				}
			}
		}
	}
	eachPetal(func(slot int, _ int32) { petalAt[slot+1]++ })
	for i := 1; i < len(petalAt); i++ {
		petalAt[i] += petalAt[i-1]
	}
	petalSets := make([]int32, petalAt[len(petalAt)-1])
	fill := slices.Clone(petalAt)
	eachPetal(func(slot int, i int32) { petalSets[fill[slot]] = i; fill[slot]++ })
	petals := make([][]int32, n)
	var found []alsFound
	for stem := range board.Cell(l.Cells()) {
		sd := b.Candidates(stem)
		if sd.Count() < 2 {
			continue
		}
		peers := l.PeerSet(stem)
		for d := range petals {
			slot := int(stem)*n + d
			petals[d] = petalSets[petalAt[slot]:petalAt[slot+1]]
		}
		for z := board.Digit(1); int(z) <= n; z++ {
			need := sd.Without(z)
			if need.Count() < 2 {
				continue
			}
			t := x.holders[z-1]
			t.Remove(stem)
			if sd.Has(z) {
				t = t.And(peers)
			}
			if t.Empty() {
				continue
			}
			s.stem, s.z, s.petals = stem, z, petals
			s.need = s.need[:0]
			for r := need; r != 0; r &= r - 1 {
				s.need = append(s.need, r.First())
			}
			s.chosen = s.chosen[:0]
			s.found = found
			s.place(0, t, board.CellSet{})
			found = s.found
		}
	}
	reportFound(found, map[string]bool{}, report)
}

type blossomSearch struct {
	x      *alsIndex
	b      *board.Board
	stem   board.Cell
	z      board.Digit
	need   []board.Digit
	petals [][]int32
	chosen []int32
	found  []alsFound
	budget int
}

// place chooses the petal of the k-th needed stem digit; t are the cells that still
// see every Z so far, used the cells of the petals chosen.
func (s *blossomSearch) place(k int, t, used board.CellSet) {
	x := s.x
	if k == len(s.need) {
		s.conclude(t.AndNot(used))
		return
	}
	d := s.need[k]
	for _, p := range s.petals[d-1] {
		if s.budget <= 0 {
			return
		}
		s.budget--
		a := &x.sets[p]
		if !a.digits.Has(s.z) {
			continue
		}
		nt := t.And(*x.see(p, s.z))
		if nt.AndNot(used).AndNot(a.cells).Empty() {
			continue
		}
		s.chosen = append(s.chosen, p)
		s.place(k+1, nt, used.Or(a.cells))
		s.chosen = s.chosen[:len(s.chosen)-1]
	}
}

func (s *blossomSearch) conclude(t board.CellSet) {
	if t.Empty() {
		return
	}
	x := s.x
	stemNode := explain.Node{Cells: []board.Cell{s.stem}}
	sets := make([]explain.Group, len(s.chosen))
	var chains []explain.Chain
	cells := 1
	sd := s.b.Candidates(s.stem)
	for i, p := range s.chosen {
		sets[i] = x.group(p)
		cells += x.sets[p].size
		d := s.need[i]
		st := stemNode
		st.Digits = board.DigitsOf(d)
		chains = append(chains, explain.Chain{
			Nodes: []explain.Node{st, {Cells: sets[i].Cells, Digits: board.DigitsOf(d)}, {Cells: sets[i].Cells, Digits: board.DigitsOf(s.z)}},
			Links: []explain.LinkKind{explain.Weak, explain.Strong},
		})
	}
	if sd.Has(s.z) {
		st := stemNode
		st.Digits = board.DigitsOf(s.z)
		chains = append(chains, explain.Chain{Nodes: []explain.Node{st}})
	}
	s.found = append(s.found, alsFound{
		step: explain.Step{Technique: idDeathBlossom, Eliminations: appendCands(nil, t, s.z), Pattern: explain.Pattern{
			Digits: board.DigitsOf(s.z), Cells: []board.Cell{s.stem}, Sets: sets, Chains: chains,
		}},
		cells: cells,
		order: len(s.found),
	})
}
