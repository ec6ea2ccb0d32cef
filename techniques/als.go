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
// This family needs every set of one to N-1 (at most seven) cells, with, for each of
// its digits, the cells outside that see all its places, and the restricted common
// candidates between sets, so it keeps the index below rather than bend the graph's
// builder to it; the index is built once per board state and shared by the finders.

const (
	idALSXZ        = "als-xz"
	idALSXYWing    = "als-xy-wing"
	idALSChain     = "als-chain"
	idDeathBlossom = "death-blossom"

	// alsChainMaxSets bounds the sets of an ALS chain: HoDoKu's library has chains of
	// seven, and longer ones are hard to follow.
	alsChainMaxSets = 7
	// alsSearchBudget bounds the links the chain search of a state follows, and the
	// petals a blossom search tries: a safety net for the largest grids, where sets
	// number in the tens of thousands. On 9x9 the searches are complete well within it
	// (see TestALSSearchWithinBudget).
	alsSearchBudget = 5000000
	// alsMaxCells bounds the cells of a set, as their number grows with the power of the
	// size: every HoDoKu library case of the family passes with six cells, and a Death
	// Blossom of top1465 (walkthrough 18) has a petal of seven. On 9x9 it leaves out
	// only the sets of eight cells.
	alsMaxCells = 7
	// alsMaxCellsLarge is the bound above 9x9: sets of up to seven of a house's 15 or
	// 24 empty cells run to the hundreds of thousands, built and linked on every state
	// that reaches the family.
	alsMaxCellsLarge = 4
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
	Difficulty: 7.5,
	Score:      300,
	Codes:      []string{"0901"},
	Doc: `ALS-XZ

An almost locked set (ALS) is n cells of one house that hold n+1 digits between them:
take one digit away and the rest is locked. Two sets A and B have a restricted common
candidate X when every X of A sees every X of B (so no cell holds an X of both; the
sets may share cells without X): X is in at most one of them, so one of them loses X
and is locked. If Z is another digit of both, the
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
	Difficulty: 7.6,
	Score:      320,
	Codes:      []string{"0902"},
	Doc: `ALS-XY-Wing

Three almost locked sets (they may share cells, but no cell holds a restricted common
digit for both sets it joins): a pivot C shares a restricted common
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
	Difficulty: 7.7,
	Score:      340,
	Codes:      []string{"0903"},
	Doc: `ALS Chain

Almost locked sets, each joined to the next by a restricted common candidate (every
place of the digit in one sees every place in the other, so no cell holds it for both;
the sets may share other cells), and no two joints in a row on the same digit. If the first set does not hold Z it is locked
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
	Difficulty: 7.8,
	Score:      360,
	Codes:      []string{"0904"},
	Doc: `Death Blossom

A stem cell and, for each of its candidates, an almost locked set (a petal) with that
digit, every place of it in the petal seeing the stem. Petals may share cells: each
argument below is about one petal. The stem holds one of its digits, so that digit's petal loses it and is locked. If every
petal holds Z (and the stem, if it has Z, counts as Z's own petal), then Z is in the
locked petal, and Z leaves every cell that sees all the Zs of every petal.`,
	Find: deathBlossomFinder,
}

// alsSet is one almost locked set of the index: its cells, its digits, those that can be
// a Z (some cell outside holds the digit and sees all its places in the set), and where
// its entries start in the index's per-entry tables (one entry per digit, in order).
type alsSet struct {
	cells  board.CellSet
	digits board.DigitSet
	zs     board.DigitSet
	size   int32
	at     int32
}

// alsIndex holds every almost locked set of one board state. Each set has one entry per
// digit: target[e] are the cells outside the set that hold the digit and see all its
// places in the set, sig[e] a summary of it, owner[e] and digit[e] the set and the
// digit. Each target cell c files the set under (c, digit): petals[petalAt[c*N+d-1]:
// petalAt[c*N+d]] are the sets whose places of d all see c, the petals of d for a stem
// at c. It is read-only once built (see solveState.alsIndex).
type alsIndex struct {
	l    *board.Layout
	sets []alsSet
	// tbits[e*words:(e+1)*words] is target[e] as a bitset of the layout's cells: words
	// 64-bit words (2 on 9x9), not a CellSet sized for 25x25 (10), which made the index
	// of a 9x9 state five times its size.
	tbits   []uint64
	words   int
	sig     []uint64 // per entry: the target's words ORed, to rule out most empty meets cheaply
	owner   []int32
	digit   []board.Digit
	holders []board.CellSet // per digit-1: every cell holding it
	petalAt []int32
	petals  []int32
	// tcells[tcellAt[e]:tcellAt[e+1]] are the cells of target[e].
	tcellAt []int32
	tcells  []board.Cell
	// edges[edgeAt[i]:edgeAt[i+1]] are the sets joined to set i by a restricted common
	// candidate, with the restricted digits, in the order of the sets.
	edgeAt []int32
	edges  []alsEdge
	// chains are the chains of three sets and more, per number of sets, searched once
	// for ALS-XY-Wing and ALS chain together (see chainsOf).
	chainsOnce sync.Once
	chains     [][]alsFound
	// sc is the solve's scratch, where the chain search borrows its tables.
	sc *scratch
}

type alsEdge struct {
	to  int32
	rcc board.DigitSet
}

// entry returns the entry of set i for its digit d.
func (x *alsIndex) entry(i int32, d board.Digit) int32 {
	a := &x.sets[i]
	return a.at + int32(bits.OnesCount32(uint32(a.digits)&(1<<(d-1)-1)))
}

// meets reports whether the targets of entries e and f share a cell.
func (x *alsIndex) meets(e, f int32) bool {
	if x.sig[e]&x.sig[f] == 0 {
		return false
	}
	w := x.words
	a, b := x.tbits[int(e)*w:int(e+1)*w], x.tbits[int(f)*w:int(f+1)*w]
	for k := range a {
		if a[k]&b[k] != 0 {
			return true
		}
	}
	return false
}

// entries returns how many entries the index has.
func (x *alsIndex) entries() int { return len(x.owner) }

// target returns target[e], the cells outside e's set that hold its digit and see all
// its places there.
func (x *alsIndex) target(e int32) board.CellSet {
	var t board.CellSet
	for _, c := range x.tcells[x.tcellAt[e]:x.tcellAt[e+1]] {
		t.Add(c)
	}
	return t
}

// targetAnd returns target[e] ∩ t.
func (x *alsIndex) targetAnd(e int32, t *board.CellSet) board.CellSet {
	var out board.CellSet
	for _, c := range x.tcells[x.tcellAt[e]:x.tcellAt[e+1]] {
		if t.Has(c) {
			out.Add(c)
		}
	}
	return out
}

// targetOf returns the cells outside set i that hold d and see all its ds.
func (x *alsIndex) targetOf(i int32, d board.Digit) board.CellSet {
	return x.target(x.entry(i, d))
}

func (x *alsIndex) edgesOf(i int32) []alsEdge { return x.edges[x.edgeAt[i]:x.edgeAt[i+1]] }

// alsMaxCellsFor returns the bound on a set's cells on a grid of size n.
func alsMaxCellsFor(n int) int {
	if n <= 9 {
		return alsMaxCells
	}
	return alsMaxCellsLarge
}

// alsIndex returns the linked index of b's state (the solve's current one), built on
// first use and kept until the pipeline applies a step: it tries ALS-XZ, ALS-XY-Wing,
// ALS chain and Death Blossom one after the other on one state, and building and
// linking the sets is most of what the cheaper ones cost.
func (s *solveState) alsIndex(b *board.Board) *alsIndex {
	if s.res.als == nil {
		hint := s.sc.alsHint
		s.sc.alsHint = nil // its arrays go to the new index
		if hint != nil && hint.l != b.Layout() {
			hint = nil
		}
		s.res.als = newALSIndex(&s.sc, b, hint)
	}
	return s.res.als
}

// alsBuild is the scratch of an index build: the house being walked (its empty cells,
// their positions and candidates), the cells picked, each entry filed under the houses that hold
// all its places, and link's tables. None of it is kept by the index, so one build's
// buffers serve the next.
type alsBuild struct {
	x            *alsIndex
	prev         *alsIndex // the index built before, whose arrays this build reuses
	b            *board.Board
	empty        []board.Cell
	pos          []uint // per empty cell: its position in the house
	cands        []board.DigitSet
	pick         []board.Cell
	files, filed []alsFile
	petals       []alsFile // per target cell: the cell and digit, and the set
	pairs, byTo  []alsPair
	at, fill     []int32
	// same[(h*N+p)*3+k] are the positions of house h whose cells share the k-th of
	// HousesOf (row, column, box) with the cell at position p, for layout sameOf.
	same   []board.PosSet
	sameOf *board.Layout
}

// sameHouses fills w.same for layout l, unless it holds l's already.
func (w *alsBuild) sameHouses(l *board.Layout) {
	if w.sameOf == l {
		return
	}
	n := l.N()
	w.same = grown(w.same, l.Houses()*n*3)
	for h := range board.House(l.Houses()) {
		cells := l.HouseCells(h)
		for p, c := range cells {
			hs := l.HousesOf(c)
			for q, o := range cells {
				os := l.HousesOf(o)
				for k := range hs {
					if os[k] == hs[k] {
						w.same[(int(h)*n+p)*3+k] |= 1 << uint(q)
					}
				}
			}
		}
	}
	w.sameOf = l
}

// alsFile is an entry filed under a house that holds all its places, with the places as
// positions of the house.
type alsFile struct {
	slot  int32 // house*N + digit-1
	set   int32
	where board.PosSet
}

// newALSIndex enumerates and links the sets of b: for each house, every subset of its
// empty cells of one to min(N-1, alsMaxCells) cells holding one digit more than it has
// cells. A set of two or more cells that lies in a line and a box is found in the line
// only, and a single cell in its row only, so every set is listed once. hint, the index
// of an earlier state of the same size that nothing reads any more, or nil, lends its
// arrays, sized for a state like this one; sc is the solve's scratch (its alsBuild
// the build's).
func newALSIndex(sc *scratch, b *board.Board, hint *alsIndex) *alsIndex {
	w := &sc.alsBuild
	l := b.Layout()
	x := &alsIndex{l: l, holders: make([]board.CellSet, l.N()), sc: sc, words: (l.Cells() + 63) / 64}
	w.prev = hint
	if hint != nil {
		// The previous state's index, which nothing reads any more (steps copy what
		// they take from it): its arrays take this one's entries.
		x.sets = hint.sets[:0]
		x.tbits, x.sig = hint.tbits[:0], hint.sig[:0]
		x.tcellAt, x.tcells = hint.tcellAt[:0], hint.tcells[:0]
		x.owner, x.digit = hint.owner[:0], hint.digit[:0]
	}
	for c := range board.Cell(l.Cells()) {
		for s := b.Candidates(c); s != 0; s &= s - 1 {
			x.holders[s.First()-1].Add(c)
		}
	}
	x.tcellAt = append(x.tcellAt, 0) // each entry then appends where its cells end
	w.x, w.b, w.files, w.petals = x, b, w.files[:0], w.petals[:0]
	w.sameHouses(l)
	for h := range board.House(l.Houses()) {
		if sc.done() {
			break // cancelled: the solve stops, and the index is never used
		}
		w.empty, w.pos, w.cands = w.empty[:0], w.pos[:0], w.cands[:0]
		for p, c := range l.HouseCells(h) {
			if b.Value(c) == 0 {
				w.empty = append(w.empty, c)
				w.pos = append(w.pos, uint(p))
				w.cands = append(w.cands, b.Candidates(c))
			}
		}
		w.pick = w.pick[:0]
		w.walk(h, 0, 0, 0, min(len(w.empty)-1, alsMaxCellsFor(l.N())))
	}
	w.link()
	w.prev = nil
	return x
}

// walk extends the picked cells (at positions at of house h, holding ds) by the empty
// cells from the from-th on.
func (w *alsBuild) walk(h board.House, from int, at board.PosSet, ds board.DigitSet, limit int) {
	if n := len(w.pick); n >= 1 && ds.Count() == n+1 && w.owns(h) {
		w.add(h, at, ds)
	}
	if len(w.pick) == limit {
		return
	}
	for i := from; i < len(w.empty); i++ {
		nds := ds | w.cands[i]
		if nds.Count() > limit+1 {
			continue
		}
		w.pick = append(w.pick, w.empty[i])
		w.walk(h, i+1, at|1<<w.pos[i], nds, limit)
		w.pick = w.pick[:len(w.pick)-1]
	}
}

// owns reports whether house h is where the picked cells are listed: the row for a
// single cell, not a box for cells that also share a line, and not a variant's diagonal
// or window for cells that also share a row, column or box.
func (w *alsBuild) owns(h board.House) bool {
	l := w.x.l
	if len(w.pick) == 1 {
		return l.Kind(h) == board.Row
	}
	kind := l.Kind(h)
	if kind == board.Row || kind == board.Column {
		return true
	}
	hs := l.HousesOf(w.pick[0])
	sameRow, sameCol, sameBox := true, true, true
	for _, c := range w.pick[1:] {
		o := l.HousesOf(c)
		sameRow = sameRow && o[0] == hs[0]
		sameCol = sameCol && o[1] == hs[1]
		sameBox = sameBox && o[2] == hs[2]
	}
	return !sameRow && !sameCol && (kind == board.Box || !sameBox)
}

// add records the picked cells, at positions at of house h, as a set. The cells that see
// all the places of a digit are those of the houses holding all the places (boxes are
// rectangles, so a cell seeing two places through different houses would share a house
// with both): the target is the places of the digit in those houses, less the set's.
func (w *alsBuild) add(h board.House, at board.PosSet, ds board.DigitSet) {
	x, l := w.x, w.x.l
	n := int32(l.N())
	i := int32(len(x.sets))
	a := alsSet{digits: ds, size: int32(len(w.pick)), at: int32(x.entries())}
	for _, c := range w.pick {
		a.cells.Add(c)
	}
	inH := l.HouseCells(h)
	for r := ds; r != 0; r &= r - 1 {
		d := r.First()
		places := w.b.Positions(h, d) & at
		fp := places.First()
		hs := l.HousesOf(inH[fp])
		same := w.same[(int(h)*int(n)+fp)*3:][:3]
		common := [3]bool{places&^same[0] == 0, places&^same[1] == 0, places&^same[2] == 0}
		tw := len(x.tbits)
		for range x.words {
			x.tbits = append(x.tbits, 0)
		}
		t := x.tbits[tw:]
		var sig uint64
		for k, hh := range hs {
			if !common[k] {
				continue
			}
			where := places
			if hh != h {
				where = 0
				for p := places; p != 0; p &= p - 1 {
					where |= 1 << uint(l.PosIn(inH[bits.TrailingZeros32(uint32(p))], hh))
				}
			}
			w.files = append(w.files, alsFile{slot: int32(hh)*n + int32(d) - 1, set: i, where: where})
			// The set's cells in hh that hold d are its places there: the rest are outside.
			cells := l.HouseCells(hh)
			for p := w.b.Positions(hh, d) &^ where; p != 0; p &= p - 1 {
				if c := cells[bits.TrailingZeros32(uint32(p))]; t[c>>6]&(1<<(uint(c)&63)) == 0 {
					t[c>>6] |= 1 << (uint(c) & 63)
					sig |= 1 << (uint(c) & 63)
					w.petals = append(w.petals, alsFile{slot: int32(c)*n + int32(d) - 1, set: i})
					x.tcells = append(x.tcells, c)
				}
			}
		}
		if sig != 0 {
			a.zs = a.zs.With(d)
		}
		x.tcellAt = append(x.tcellAt, int32(len(x.tcells)))
		x.sig = append(x.sig, sig)
		x.owner = append(x.owner, i)
		x.digit = append(x.digit, d)
	}
	x.sets = append(x.sets, a)
}

// alsPair is one direction of a restricted common candidate d between two sets.
type alsPair struct {
	from, to int32
	d        board.Digit
}

// link fills the restricted-common-candidate edges. Every place of d in one set sees
// every place in the other exactly when all of them lie in one house (cells that see
// each other two by two share a house, boxes being rectangles) and no place is in both
// sets: so the sets filed under one house and digit are paired when their positions
// there are disjoint, which costs a bit test per pair rather than cell sets.
func (w *alsBuild) link() {
	x, l := w.x, w.x.l
	n := l.N()
	slots := l.Houses() * n
	w.at = grown(w.at, slots+1)
	for _, f := range w.files {
		w.at[f.slot+1]++
	}
	for i := 1; i < len(w.at); i++ {
		w.at[i] += w.at[i-1]
	}
	w.filed = slices.Grow(w.filed[:0], len(w.files))[:len(w.files)]
	w.fill = append(w.fill[:0], w.at[:slots]...)
	for _, f := range w.files {
		w.filed[w.fill[f.slot]] = f
		w.fill[f.slot]++
	}
	w.pairs = w.pairs[:0]
	for s := range slots {
		bucket := w.filed[w.at[s]:w.at[s+1]]
		d := board.Digit(s%n + 1)
		for k, f := range bucket {
			for _, g := range bucket[k+1:] {
				if f.where&g.where == 0 {
					w.pairs = append(w.pairs, alsPair{f.set, g.set, d}, alsPair{g.set, f.set, d})
				}
			}
		}
	}
	// Group by partner, then by set (two stable counting sorts), merging the digits of
	// a pair found under two houses or on two digits.
	ns := len(x.sets)
	w.byTo = slices.Grow(w.byTo[:0], len(w.pairs))[:len(w.pairs)]
	w.sortPairs(w.byTo, w.pairs, ns, false)
	w.sortPairs(w.pairs, w.byTo, ns, true)
	var prevEdgeAt, prevPetalAt, prevPetals []int32
	var prevEdges []alsEdge
	if p := w.prev; p != nil {
		prevEdgeAt, prevEdges, prevPetalAt, prevPetals = p.edgeAt, p.edges, p.petalAt, p.petals
	}
	x.edgeAt = roomFor(prevEdgeAt, ns+1)
	x.edges = roomFor(prevEdges, len(w.pairs))
	for i := range ns {
		x.edgeAt = append(x.edgeAt, int32(len(x.edges)))
		start := len(x.edges)
		for _, p := range w.pairs[w.at[i]:w.at[i+1]] {
			if k := len(x.edges) - 1; k >= start && x.edges[k].to == p.to {
				x.edges[k].rcc = x.edges[k].rcc.With(p.d)
				continue
			}
			x.edges = append(x.edges, alsEdge{to: p.to, rcc: board.DigitsOf(p.d)})
		}
	}
	x.edgeAt = append(x.edgeAt, int32(len(x.edges)))
	x.petalAt = grown(prevPetalAt, l.Cells()*n+1)
	for _, f := range w.petals {
		x.petalAt[f.slot+1]++
	}
	for i := 1; i < len(x.petalAt); i++ {
		x.petalAt[i] += x.petalAt[i-1]
	}
	x.petals = grown(prevPetals, len(w.petals))
	w.fill = append(w.fill[:0], x.petalAt...)
	for _, f := range w.petals {
		x.petals[w.fill[f.slot]] = f.set
		w.fill[f.slot]++
	}
}

// sortPairs files src into dst by partner, or by set when bySet, keeping the order of
// equal ones (a counting sort over ns sets); w.at then holds where each one's begin.
func (w *alsBuild) sortPairs(dst, src []alsPair, ns int, bySet bool) {
	key := func(p alsPair) int32 {
		if bySet {
			return p.from
		}
		return p.to
	}
	w.at = grown(w.at, ns+1)
	for _, p := range src {
		w.at[key(p)+1]++
	}
	for i := 1; i <= ns; i++ {
		w.at[i] += w.at[i-1]
	}
	w.fill = append(w.fill[:0], w.at[:ns]...)
	for _, p := range src {
		dst[w.fill[key(p)]] = p
		w.fill[key(p)]++
	}
}

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

// sortCands orders candidates by cell, then digit.
func sortCands(cs []board.Candidate) {
	slices.SortFunc(cs, func(a, b board.Candidate) int {
		return cmp.Or(cmp.Compare(a.Cell, b.Cell), cmp.Compare(a.Digit, b.Digit))
	})
}

// alsKey identifies sorted eliminations, so one conclusion is reported once.
func alsKey(elims []board.Candidate) string {
	key := make([]byte, 0, 3*len(elims))
	for _, c := range elims {
		key = append(key, byte(c.Cell), byte(c.Cell>>8), byte(c.Digit))
	}
	return string(key)
}

// reportFound sorts conclusions smallest first, drops repeats of the same
// eliminations, and reports them; it returns false when report did.
func reportFound(found []alsFound, seen map[string]bool, report func(explain.Step) bool) bool {
	slices.SortStableFunc(found, func(a, b alsFound) int {
		return cmp.Or(cmp.Compare(a.cells, b.cells), cmp.Compare(a.order, b.order))
	})
	for _, f := range found {
		elims := slices.Clone(f.step.Eliminations)
		sortCands(elims)
		elims = slices.Compact(elims)
		key := alsKey(elims)
		if seen[key] {
			continue
		}
		seen[key] = true
		step := f.step
		step.Eliminations = elims
		if !report(step) {
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
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		x := p.st.alsIndex(b)
		if p.done() {
			return
		}
		seen := map[string]bool{}
		if v.minSets == 2 {
			reportFound(x.pairs(v.id), seen, report)
			return
		}
		chains := x.chainsOf(b)
		for k := v.minSets; k <= v.maxSets; k++ {
			if !reportFound(slices.Clone(chains[k]), seen, report) {
				return
			}
		}
	}
}

// chainsOf returns the chains of three to alsChainMaxSets sets, per number of sets. One
// search finds them all, and the pipeline asks ALS-XY-Wing and then ALS chain on the
// same state, so the second asks for nothing new. They are shared: reportFound sorts a
// copy and never changes a step.
func (x *alsIndex) chainsOf(b *board.Board) [][]alsFound {
	x.chainsOnce.Do(func() {
		s := newALSChainSearch(x, 3, alsChainMaxSets)
		if s.mayConclude(b) {
			s.run()
		}
		x.chains = s.found
		s.x, s.found, s.keys = nil, nil, nil
		x.sc.alsSearches.put(s)
	})
	return x.chains
}

// pairs finds every ALS-XZ: singly linked pairs remove the common Zs, doubly linked
// ones lock both sets.
func (x *alsIndex) pairs(id string) []alsFound {
	var found []alsFound
	for i := range int32(len(x.sets)) {
		if x.sc.done() {
			break
		}
		for _, e := range x.edgesOf(i) {
			j, r := e.to, e.rcc
			if j < i {
				continue
			}
			a, b := &x.sets[i], &x.sets[j]
			var elims []board.Candidate
			var hit board.DigitSet
			if r.Count() >= 2 {
				// Each restricted digit is in A or B; every other digit stays in its set.
				both := a.cells.Or(b.cells)
				for s := r; s != 0; s &= s - 1 {
					d := s.First()
					elims = appendCands(elims, x.targetOf(i, d).And(x.targetOf(j, d)), d)
				}
				for _, k := range [2]int32{i, j} {
					for s := x.sets[k].zs &^ r; s != 0; s &= s - 1 {
						d := s.First()
						elims = appendCands(elims, x.targetOf(k, d).AndNot(both), d)
					}
				}
			} else {
				for s := (a.zs & b.zs) &^ r; s != 0; s &= s - 1 {
					d := s.First()
					if t := x.targetOf(i, d).And(x.targetOf(j, d)); !t.Empty() {
						elims = appendCands(elims, t, d)
						hit = hit.With(d)
					}
				}
			}
			if len(elims) == 0 {
				continue
			}
			ga, gb := x.group(i), x.group(j)
			var chain explain.Chain
			if r.Count() >= 2 {
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
				chain = setChain([]explain.Group{ga, gb}, []board.Digit{r.First()}, hit)
			}
			var ds board.DigitSet
			for _, e := range elims {
				ds = ds.With(e.Digit)
			}
			found = append(found, alsFound{
				step: explain.Step{Technique: id, Eliminations: elims, Pattern: explain.Pattern{
					Digits: ds, Sets: []explain.Group{ga, gb}, Chains: []explain.Chain{chain},
				}},
				cells: int(a.size + b.size),
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

// alsStep is a successor entry, with its set and the set's size.
type alsStep struct{ entry, set, size int32 }

// alsVisit is how a search reached an entry: gen is the search, parent the entry
// before it (-1 after the start), layer the joints and cells the cells of its walk.
type alsVisit struct {
	gen           uint32
	layer         int32
	parent, cells int32
}

// alsChainSearch finds the chains of minSets to maxSets sets. A chain is a walk over
// entries (a set and a digit): entering a set by digit X (its neighbour holds X, so it
// does not) locks it, and it leaves by another digit. What a chain concludes depends on
// its first set, its first joint, its last entry and the cells it covers, so a
// breadth-first search from each first set and joint reaches each entry once, by its
// shortest walk and among those the one over the fewest cells. That makes the search
// complete up to maxSets (every entry a chain can end on is reached) at a cost of the
// entries times their successors per start, where following every walk, as a
// depth-first search does, grows with the power of the length.
type alsChainSearch struct {
	x                *alsIndex
	minSets, maxSets int
	// succ[succAt[e]:succAt[e+1]] are the entries entry e leads to: each set joined to
	// e's set by a restricted digit other than e's, entered by that digit.
	succAt      []int32
	succ        []alsStep
	gen         uint32
	seen        []alsVisit // per entry: how the current start reached it
	goal        []uint32   // per set: == gen when it can end a chain of the current start
	goals       int        // how many sets aim marked
	front, next []int32
	path        []int32
	rccs        []board.Digit
	found       [][]alsFound     // per number of sets
	keys        []map[string]int // per number of sets: what its chains remove, and where
	budget      int
	buf         []board.Candidate
	compWalk    []int32    // mayConclude's walk table
	comps       chainComps // and its components
	// concl, when filter is set (by mayConclude), has the bit (candBit) of each
	// candidate some chain may remove: a start whose first set has none in a Z's
	// target is not searched.
	filter  bool
	concl   []uint64
	candBit []int32
	ors     []uint64 // mayConclude's
}

// newALSChainSearch returns a search over x, with tables (thousands of entries each)
// from the solve's scratch: give it back with x.sc.alsSearches.put once its chains are
// taken; found and keys go with the chains.
func newALSChainSearch(x *alsIndex, minSets, maxSets int) *alsChainSearch {
	n := x.entries()
	s := x.sc.alsSearches.get()
	*s = alsChainSearch{
		x: x, minSets: minSets, maxSets: maxSets,
		// Zeroed: gen 0 marks no search, and the first search is gen 1.
		succAt: s.succAt[:0], succ: s.succ[:0], seen: grown(s.seen, n), goal: grown(s.goal, len(x.sets)),
		found: make([][]alsFound, maxSets+1), keys: make([]map[string]int, maxSets+1),
		budget: alsSearchBudget,
		front:  s.front[:0], next: s.next[:0], path: s.path[:0], rccs: s.rccs[:0], buf: s.buf[:0],
		compWalk: s.compWalk, comps: s.comps, concl: s.concl[:0], candBit: s.candBit[:0], ors: s.ors,
	}
	size := 0
	for i := range int32(len(x.sets)) {
		for _, e := range x.edgesOf(i) {
			size += x.sets[i].digits.Count() * e.rcc.Count()
		}
	}
	s.succ = roomFor(s.succ, size)
	for i := range int32(len(x.sets)) {
		a := &x.sets[i]
		for r := a.digits; r != 0; r &= r - 1 {
			s.succAt = append(s.succAt, int32(len(s.succ)))
			in := r.First()
			for _, e := range x.edgesOf(i) {
				for o := e.rcc.Without(in); o != 0; o &= o - 1 {
					s.succ = append(s.succ, alsStep{x.entry(e.to, o.First()), e.to, x.sets[e.to].size})
				}
			}
		}
	}
	s.succAt = append(s.succAt, int32(len(s.succ)))
	return s
}

// mayConclude reports whether any chain of sets on b (the index's board) can remove
// anything, by walks over the entries (a set entered by a digit lacks it) that may go
// through a set twice and be of any length. A chain removes a cell's Z that sees every Z of its first set and its
// last: that Z true makes the first set lack Z, the walk leads to the last entry, and
// the last set, lacking its entering digit, holds Z, which makes the cell's Z false.
// So each candidate x gets a bit, set on the entries it makes lacking (x in the
// entry's target), passed on along the walks; a chain needs a candidate whose bit
// reaches an entry of a set that then holds x's digit where x sees it all. On the
// top1465 states that reach the chains of sets, nearly none has one. The candidates
// that pass are kept (concl), so run searches only from the sets that may remove one.
func (s *alsChainSearch) mayConclude(b *board.Board) bool {
	x := s.x
	n := x.l.N()
	s.compWalk = grown(s.compWalk, len(s.succ))
	cs := &s.comps
	cs.walkAt, cs.walk = s.succAt, s.compWalk
	for i, t := range s.succ {
		cs.walk[i] = t.entry
	}
	cs.tarjan(x.sc)
	bit, k := candidateBits(x.sc, b)
	if !reachFits(x.sc, cs, int(k)) {
		return true
	}
	r := newReach(x.sc, cs, int(k))
	defer x.sc.reach.put(r)
	for e := range int32(x.entries()) {
		d := int(x.digit[e])
		for _, c := range x.tcells[x.tcellAt[e]:x.tcellAt[e+1]] {
			r.set(e, bit[int(c)*n+d-1])
		}
	}
	r.spread()
	// A candidate of entry f's target passes when a walk reaches another entry of f's
	// set with its bit: the bits of a set's entries but one are those before it ORed
	// with those after it.
	w := r.w
	s.concl = grown(s.concl, w)
	may := false
	for z := range x.sets {
		a := &x.sets[z]
		k := a.digits.Count()
		s.ors = grown(s.ors, 2*(k+1)*w)
		pre, suf := s.ors[:(k+1)*w], s.ors[(k+1)*w:]
		for j := range k {
			row := r.bits[int(cs.comp[a.at+int32(j)])*w:][:w]
			for i, v := range row {
				pre[(j+1)*w+i] = pre[j*w+i] | v
			}
		}
		for j := k - 1; j >= 0; j-- {
			row := r.bits[int(cs.comp[a.at+int32(j)])*w:][:w]
			for i, v := range row {
				suf[j*w+i] = suf[(j+1)*w+i] | v
			}
		}
		for j := range k {
			f := a.at + int32(j)
			d := int(x.digit[f])
			before, after := pre[j*w:][:w], suf[(j+1)*w:][:w]
			for _, c := range x.tcells[x.tcellAt[f]:x.tcellAt[f+1]] {
				i := bit[int(c)*n+d-1]
				if m := uint64(1) << (uint(i) & 63); (before[i>>6]|after[i>>6])&m != 0 {
					s.concl[i>>6] |= m
					may = true
				}
			}
		}
	}
	if may {
		s.candBit = append(s.candBit[:0], bit...) // the scratch's table is lent to the next caller
		s.filter = true
	}
	return may
}

// startConcludes reports whether a chain from set a left by x1 may remove anything,
// by the candidates mayConclude kept: the chain's first set lacks a Z other than x1,
// so what it removes is that Z in the set's target, and a walk from the set lacking
// Z reaches the chain's last entry.
func (s *alsChainSearch) startConcludes(a int32, x1 board.Digit) bool {
	if !s.filter {
		return true
	}
	x := s.x
	n := x.l.N()
	for r := x.sets[a].zs.Without(x1); r != 0; r &= r - 1 {
		d := r.First()
		e := x.entry(a, d)
		for _, c := range x.tcells[x.tcellAt[e]:x.tcellAt[e+1]] {
			if i := s.candBit[int(c)*n+int(d)-1]; s.concl[i>>6]&(1<<(uint(i)&63)) != 0 {
				return true
			}
		}
	}
	return false
}

// run searches from every set with a possible Z and every digit it can leave by.
func (s *alsChainSearch) run() {
	x := s.x
	for a := range int32(len(x.sets)) {
		if x.sc.done() {
			return
		}
		zs := x.sets[a].zs
		if zs == 0 {
			continue
		}
		var out board.DigitSet
		for _, e := range x.edgesOf(a) {
			out |= e.rcc
		}
		for r := out; r != 0; r &= r - 1 {
			if x1 := r.First(); zs.Without(x1) != 0 && s.budget > 0 && s.startConcludes(a, x1) {
				s.from(a, x1)
			}
		}
	}
}

// aim marks the goals of the search from set a left by x1: the sets a chain from it
// can end on. A chain and its reverse conclude the same, so each is taken from its
// first set of the index's order: a goal comes after a, and shares with it a Z other
// than x1 whose places in both some cell outside sees (it is filed under that cell as
// a petal of Z). It reports whether there is any.
func (s *alsChainSearch) aim(a int32, x1 board.Digit) bool {
	x := s.x
	n := x.l.N()
	s.goals = 0
	for r := x.sets[a].zs.Without(x1); r != 0; r &= r - 1 {
		d := r.First()
		e := x.entry(a, d)
		for _, c := range x.tcells[x.tcellAt[e]:x.tcellAt[e+1]] {
			slot := int(c)*n + int(d) - 1
			ps := x.petals[x.petalAt[slot]:x.petalAt[slot+1]]
			for k := len(ps) - 1; k >= 0 && ps[k] > a; k-- { // filed in the index's order
				s.goal[ps[k]] = s.gen
				s.goals++
			}
		}
	}
	return s.goals > 0
}

// from searches the walks that start at set a and leave it by x1.
func (s *alsChainSearch) from(a int32, x1 board.Digit) {
	x := s.x
	s.gen++
	if !s.aim(a, x1) {
		return
	}
	s.next = s.next[:0]
	for _, e := range x.edgesOf(a) {
		if e.rcc.Has(x1) {
			s.reach(x.entry(e.to, x1), -1, 1, x.sets[a].size+x.sets[e.to].size)
		}
	}
	for links := 1; len(s.next) > 0; links++ {
		s.front, s.next = s.next, s.front[:0]
		if links+1 >= s.minSets {
			for _, st := range s.front {
				if s.goal[x.owner[st]] == s.gen {
					s.end(a, x1, st)
				}
			}
		}
		if links+1 == s.maxSets {
			return
		}
		last := links+2 == s.maxSets
		for _, st := range s.front {
			succ := s.succ[s.succAt[st]:s.succAt[st+1]]
			s.budget -= len(succ)
			cells := s.seen[st].cells
			for _, t := range succ {
				// The start is not entered again, and the last joint only enters goals.
				if t.set != a && (!last || s.goal[t.set] == s.gen) {
					s.reach(t.entry, st, int32(links+1), cells+t.size)
				}
			}
		}
	}
}

// reach records entry st at layer joints from parent, or a walk of the same layer over
// fewer cells.
func (s *alsChainSearch) reach(st, parent, layer, cells int32) {
	v := &s.seen[st]
	if v.gen != s.gen {
		*v = alsVisit{gen: s.gen, layer: layer, parent: parent, cells: cells}
		s.next = append(s.next, st)
		return
	}
	if v.layer == layer && cells < v.cells {
		v.parent, v.cells = parent, cells
	}
}

// end records what the walk from a (left by x1) to entry st removes, if anything: each
// Z of both end sets other than x1 and the last entry's digit, from the cells outside
// the chain that see all its places in both.
func (s *alsChainSearch) end(a int32, x1 board.Digit, st int32) {
	x := s.x
	z := x.owner[st]
	zs := (x.sets[a].zs & x.sets[z].zs).Without(x1).Without(x.digit[st])
	var hit board.DigitSet
	for r := zs; r != 0; r &= r - 1 {
		if d := r.First(); x.meets(x.entry(a, d), x.entry(z, d)) {
			hit = hit.With(d)
		}
	}
	if hit == 0 {
		return
	}
	s.path, s.rccs = append(s.path[:0], a), s.rccs[:0]
	for p := st; p >= 0; p = s.seen[p].parent {
		s.path, s.rccs = append(s.path, x.owner[p]), append(s.rccs, x.digit[p])
	}
	slices.Reverse(s.path[1:])
	slices.Reverse(s.rccs)
	var used board.CellSet
	for k, p := range s.path {
		if slices.Contains(s.path[k+1:], p) {
			return // a walk through a set twice is no chain of sets
		}
		if k > 0 && k < len(s.path)-1 {
			used = used.Or(x.sets[p].cells)
		}
	}
	elims := s.buf[:0]
	hit = 0
	for r := zs; r != 0; r &= r - 1 {
		d := r.First()
		if t := x.targetOf(a, d).And(x.targetOf(z, d)).AndNot(used); !t.Empty() {
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
	k := len(s.path)
	id := idALSChain
	if k == 3 {
		id = idALSXYWing
	}
	sortCands(elims)
	cells := int(s.seen[st].cells)
	key := alsKey(elims)
	if s.keys[k] == nil {
		s.keys[k] = map[string]int{}
	}
	at, dup := s.keys[k][key]
	if dup && s.found[k][at].cells <= cells {
		return
	}
	sets := make([]explain.Group, len(s.path))
	for i, p := range s.path {
		sets[i] = x.group(p)
	}
	f := alsFound{
		step: explain.Step{Technique: id, Eliminations: slices.Clone(elims), Pattern: explain.Pattern{
			Digits: hit, Sets: sets, Chains: []explain.Chain{setChain(sets, slices.Clone(s.rccs), hit)},
		}},
		cells: cells,
		order: len(s.found[k]),
	}
	if dup {
		f.order = s.found[k][at].order
		s.found[k][at] = f
		return
	}
	s.keys[k][key] = len(s.found[k])
	s.found[k] = append(s.found[k], f)
}

// deathBlossomFinder looks, for every stem cell and digit Z, for one petal per stem
// digit (other than Z) that holds Z, and removes Z from what sees all their Zs (and the
// stem, when it holds Z). Only petals whose Zs some such cell sees are tried, so a stem
// and Z with a digit lacking one cost no search.
func deathBlossomFinder(p *Pass) {
	b, report := p.Board(), p.Report
	found, _ := p.st.alsIndex(b).blossoms(b)
	reportFound(found, map[string]bool{}, report)
}

// blossoms finds the Death Blossoms of b, whose index x is, and reports whether it
// tried them all (within alsSearchBudget).
func (x *alsIndex) blossoms(b *board.Board) ([]alsFound, bool) {
	l := b.Layout()
	n := l.N()
	s := blossomSearch{x: x, b: b, budget: alsSearchBudget}
	s.petals = make([][]int32, n)
	var keep []int32
	var found []alsFound
	for stem := range board.Cell(l.Cells()) {
		if x.sc.done() {
			break
		}
		sd := b.Candidates(stem)
		if sd.Count() < 2 {
			continue
		}
		// A stem digit with no petal at all can only be Z.
		var bare board.DigitSet
		for r := sd; r != 0; r &= r - 1 {
			if d := r.First(); x.petalAt[int(stem)*n+int(d)-1] == x.petalAt[int(stem)*n+int(d)] {
				bare = bare.With(d)
			}
		}
		if bare.Count() > 1 {
			continue
		}
		peers := l.PeerSet(stem)
		for z := board.Digit(1); int(z) <= n; z++ {
			need := sd.Without(z)
			if need.Count() < 2 || need&bare != 0 {
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
			// The petals of each needed digit that hold Z where a cell of t sees all of it:
			// any cell seeing them but the stem, when the stem lacks Z.
			keep = keep[:0]
			s.need = s.need[:0]
			ok := true
			for r := need; r != 0 && ok; r &= r - 1 {
				d := r.First()
				slot := int(stem)*n + int(d) - 1
				k0 := len(keep)
				for _, p := range x.petals[x.petalAt[slot]:x.petalAt[slot+1]] {
					if x.sets[p].zs.Has(z) && (!sd.Has(z) || !x.targetAnd(x.entry(p, z), &t).Empty()) {
						keep = append(keep, p)
					}
				}
				s.petals[d-1] = keep[k0:len(keep):len(keep)]
				s.need = append(s.need, d)
				ok = len(keep) > k0
			}
			if !ok {
				continue
			}
			s.stem, s.z = stem, z
			s.chosen = s.chosen[:0]
			s.found = found
			s.place(0, t, ^uint64(0), board.CellSet{})
			found = s.found
		}
	}
	return found, s.budget > 0
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
// see every Z so far (sig a summary of them, see alsIndex.sig), used the cells of the
// petals chosen.
func (s *blossomSearch) place(k int, t board.CellSet, sig uint64, used board.CellSet) {
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
		e := x.entry(p, s.z)
		nsig := sig & x.sig[e]
		if nsig == 0 {
			continue // no cell sees the Zs of this petal and of those before
		}
		a := &x.sets[p]
		nt := x.targetAnd(e, &t)
		if nt.AndNot(used).AndNot(a.cells).Empty() {
			continue
		}
		s.chosen = append(s.chosen, p)
		s.place(k+1, nt, nsig, used.Or(a.cells))
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
		cells += int(x.sets[p].size)
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
