package techniques

import (
	"cmp"
	"math"
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/proofcheck"
)

// Forcing chains and forcing nets are one engine seen four ways, as HoDoKu's catalogue
// has them (codes 1301-1304): what an assumption may use to propagate (chains or nets)
// times what is concluded (a contradiction or a verity).
//
// An assumption (a premise) is a candidate taken as true ("r1c2 is 4") or as false
// ("r1c2 is not 4"). Propagation follows implications breadth first:
//
//   - a true candidate makes every other candidate of its cell false, and the same
//     digit false in every cell of its houses (a variant's diagonals and windows
//     included) and of its killer cage;
//   - a false candidate makes a candidate true: along chains, only the other candidate
//     of a cell that had two, or the other place of a digit that had two in a house
//     (the strong links of the state the finder was given); through nets, any naked or
//     hidden single of the assumed state, which may rest on several earlier nodes.
//
// Propagation stops at a contradiction: a candidate both true and false, a cell with
// no candidate left, or a digit with no place left in a house. A premise that leads to
// one is refuted (a contradiction). When every premise of a group must hold for one of
// them (every candidate of a cell, every place of a digit in a house, or a candidate
// and its negation) and all lead to the same node, that node holds (a verity).
//
// The step keeps each branch as a Chain from its premise, nodes of one candidate each:
// a Weak link leaves a true node (so the next is false), a Strong link leaves a false
// node (so the next is true). Through a net, a single may rest on several false nodes:
// the chains that prove the other ones come before the chain that uses them, each from
// the same premise, so every node of every chain is justified by the chains before it.
// The pattern names the premise (Cells and Digits: the candidate of a contradiction or
// of a true/false verity, the cell and its candidates of a cell verity; Houses and
// Digits: the house and digit of a house verity). A contradiction also says where it
// clashes, as Sets[0]: one candidate (forced both ways), one cell with its candidates
// (all forced false), or the places of one digit in a house (all forced false).
//
// The four IDs follow HoDoKu's catalogue (1301-1304); cell and house (digit) forcing
// chains are the verity's premise groups, not techniques of their own. Default() has no
// forcing chain verity: each one is also a forcing chain contradiction of its
// conclusion's negation (chains read both ways), which comes first and is as short.

const (
	idForcingChainContradiction = "forcing-chain-contradiction"
	idForcingChainVerity        = "forcing-chain-verity"
	idForcingNetContradiction   = "forcing-net-contradiction"
	idForcingNetVerity          = "forcing-net-verity"
)

// ForcingChainContradiction refutes a candidate (or its absence) whose consequences,
// followed along single chains of strong and weak links, contradict each other.
var ForcingChainContradiction = Technique{
	ID:         idForcingChainContradiction,
	Difficulty: 8.0,
	Score:      500,
	Codes:      []string{"1301"},
	Doc: `Forcing Chain Contradiction

Assume a candidate is true (or false) and follow what it forces, one link at a time:
a true candidate clears its cell and its digit from its houses; a false one makes true
the other candidate of a two-candidate cell, or the other place of a digit that has two
places in a house. If the chains end in a contradiction (a candidate both true and
false, a cell left empty, a digit with no place in a house), the assumption was wrong.`,
	Find: forcingContradiction(idForcingChainContradiction, alongChains),
}

// ForcingChainVerity finds a candidate that every case of a cell, of a digit in a house,
// or of a candidate and its negation forces, following single chains.
var ForcingChainVerity = Technique{
	ID:         idForcingChainVerity,
	Difficulty: 8.3,
	Score:      500,
	Codes:      []string{"1302"},
	Doc: `Forcing Chain Verity

One of the candidates of a cell must be true (and one of the places of a digit in a
house, and a candidate is either true or false). Follow each case along chains of
strong and weak links; when every case forces the same candidate true (or false), it
is true (or false), whichever case holds. Cell forcing chains and digit (house)
forcing chains are the two common forms.`,
	Find: forcingVerity(idForcingChainVerity, alongChains),
}

// ForcingNetContradiction refutes a candidate (or its absence) whose consequences,
// followed through every naked and hidden single they create, contradict each other.
var ForcingNetContradiction = Technique{
	ID:         idForcingNetContradiction,
	Difficulty: 8.6,
	Score:      700,
	Codes:      []string{"1303"},
	Doc: `Forcing Net Contradiction

Like a forcing chain, but a step may rest on several earlier ones: when the assumption
has removed all but one candidate of a cell, or all but one place of a digit in a
house, that single is forced too. The branches of the net may meet again. If they end
in a contradiction, the assumption was wrong.`,
	Find: forcingContradiction(idForcingNetContradiction, throughNets),
}

// ForcingNetVerity finds a candidate that every case of a cell, of a digit in a house,
// or of a candidate and its negation forces, following every single the cases create.
var ForcingNetVerity = Technique{
	ID:         idForcingNetVerity,
	Difficulty: 8.9,
	Score:      700,
	Codes:      []string{"1304"},
	Doc: `Forcing Net Verity

Follow each case of a cell (each of its candidates), of a digit in a house (each of its
places), or of a candidate (true, then false) as a forcing net, through every naked
and hidden single it creates. A candidate that every case forces true (or false) is
true (or false).`,
	Find: forcingVerity(idForcingNetVerity, throughNets),
}

// propagation says what a false candidate may force.
type propagation uint8

const (
	// alongChains: only the partner of a strong link of the given state (a bivalue
	// cell, a digit with two places in a house), so every node has one parent.
	alongChains propagation = iota + 1
	// throughNets: any naked or hidden single of the assumed state.
	throughNets
)

// Why a node holds.
const (
	fromPremise uint8 = iota + 1
	fromTrue          // false because a true node sees it (its trigger)
	fromCell          // true as the last candidate of its cell
	fromHouse         // true as the last place of its digit in a house (via)
)

// The kinds of contradiction.
const (
	bothWays   uint8 = iota + 1 // a candidate forced true and false
	emptyCell                   // every candidate of a cell false
	emptyHouse                  // every place of a digit in a house false
)

// depthCaps are the rounds of iterative deepening: the steps come as if every premise
// were followed to a round's cap before any goes deeper, so the shortest come first.
// The first step is found with one propagation per premise to the deepest finite cap
// (firstRefuted), which tells every earlier round's outcome; the unbounded round runs
// only when none of those refutes anything.
var depthCaps = [...]int32{6, 12, 24, 1 << 30}

// conflict is where a propagation ended in a contradiction.
type conflict struct {
	kind  uint8
	node  int32 // bothWays: the node set last (its negation was already set)
	cell  board.Cell
	house board.House
	digit board.Digit
	depth int32
}

// forcingEngine propagates premises on a flat copy of the candidates. Its buffers are
// reused across premises and finder calls, so following a premise does not allocate.
//
// A node is a candidate with a truth value: (cell*N + digit-1)*2, plus 1 when true.
type forcingEngine struct {
	l *board.Layout
	n int
	// recip is 2^32/n rounded up: cellDigit divides by n with it.
	recip uint64
	rule  propagation

	// Geometry, flat: the row, column and box of each cell (cell*3+k), each of them
	// times N (where its places start in pos), the cell's position in each as a bit,
	// and the cells of each house (house*N + position). A variant's diagonals and
	// windows come apart, extraHouse[extraAt[c]:extraAt[c+1]] with the positions in
	// extraPos (extraAt nil without them): the classic loops stay as they were, three
	// houses a cell.
	cellHouse  []int32
	cellSlot   []int32
	cellBit    []board.PosSet
	houseCells []int32
	extraAt    []int32
	extraHouse []int32
	extraPos   []uint8
	// mates are the peers of each cell that share no house with it (killer cage-mates,
	// mates[mateAt[c]:mateAt[c+1]]); nil on a layout without cages.
	mateAt, mates []int32

	orig    []board.DigitSet // candidates of the given state, per cell
	origPos []board.PosSet   // places of the given state, per house*N + digit-1
	cands   []board.DigitSet // the assumed state
	pos     []board.PosSet

	epoch uint32
	info  []nodeInfo
	queue []int32 // every node set, in the order set
	// applied is how many nodes of queue the last propagation followed: the false
	// ones among them are what cands and pos lost, put back before the next one (a
	// premise touches a few dozen cells; copying every cell cost more on 25x25).
	applied int
	conf    conflict

	shown     []uint32 // per node: the stamp of the chains that show it
	shownMark uint32
	// quiet stamps the nodes that some premise, followed to its end without a
	// contradiction, set: followed as premises they end quietly too (firstRefuted).
	quiet     []uint32
	quietMark uint32

	// premiseBuf and doneBuf hold a contradiction finder's premises and which of them
	// are done, from call to call.
	premiseBuf []int32
	doneBuf    []bool

	// memo keeps, per rule, the premises whose propagation found no contradiction on
	// an earlier state, valid while nothing it read has changed (premiseMemo).
	memo [throughNets + 1]premiseMemo
}

// nodeInfo is how a node came to hold in the current propagation; it is valid when
// mark is the engine's epoch.
type nodeInfo struct {
	mark    uint32
	trigger int32 // the node that set it off (-1 for the premise)
	depth   int32
	why     uint8
	via     uint8 // the house of a hidden single (3N+2 <= 77 houses, 33 on a windoku)
}

// loadEngine returns an engine from the solve's scratch holding b's candidates, ready
// to propagate by rule. Give it back with release.
func loadEngine(sc *scratch, b *board.Board, rule propagation) *forcingEngine {
	e := sc.forcing.get()
	l := b.Layout()
	n := l.N()
	if e.l != l {
		cells, nodes := l.Cells(), 2*l.Cells()*n
		*e = forcingEngine{l: l, n: n, recip: recipOf(n)}
		e.cellHouse = make([]int32, 3*cells)
		e.cellSlot = make([]int32, 3*cells)
		e.cellBit = make([]board.PosSet, 3*cells)
		if l.Houses() > 3*n {
			e.extraAt = make([]int32, cells+1)
		}
		for c := range board.Cell(cells) {
			for k, h := range l.HousesOf(c) {
				e.cellHouse[3*int(c)+k] = int32(h)
				e.cellSlot[3*int(c)+k] = int32(int(h) * n)
				e.cellBit[3*int(c)+k] = 1 << l.PosIn(c, h)
			}
			if e.extraAt != nil {
				for _, h := range l.AllHousesOf(c)[3:] {
					e.extraHouse = append(e.extraHouse, int32(h))
					e.extraPos = append(e.extraPos, uint8(l.PosIn(c, h)))
				}
				e.extraAt[c+1] = int32(len(e.extraHouse))
			}
		}
		if len(l.Cages()) > 0 {
			e.mateAt = make([]int32, cells+1)
			for c := range board.Cell(cells) {
				var in board.CellSet
				for _, h := range l.AllHousesOf(c) {
					in = in.Or(l.HouseSet(h))
				}
				for _, o := range l.PeerSet(c).AndNot(in).Cells() {
					e.mates = append(e.mates, int32(o))
				}
				e.mateAt[c+1] = int32(len(e.mates))
			}
		}
		e.houseCells = make([]int32, l.Houses()*n)
		for h := range board.House(l.Houses()) {
			for i, c := range l.HouseCells(h) {
				e.houseCells[int(h)*n+i] = int32(c)
			}
		}
		e.orig = make([]board.DigitSet, cells)
		e.cands = make([]board.DigitSet, cells)
		e.origPos = make([]board.PosSet, l.Houses()*n)
		e.pos = make([]board.PosSet, l.Houses()*n)
		e.info = make([]nodeInfo, nodes)
		e.shown = make([]uint32, nodes)
		e.quiet = make([]uint32, nodes)
		e.queue = make([]int32, 0, nodes)
	}
	e.rule = rule
	for c := range e.orig {
		e.orig[c] = b.Candidates(board.Cell(c))
	}
	for h := range board.House(l.Houses()) {
		for d := 1; d <= n; d++ {
			e.origPos[int(h)*n+d-1] = b.Positions(h, board.Digit(d))
		}
	}
	copy(e.cands, e.orig)
	copy(e.pos, e.origPos)
	e.queue, e.applied = e.queue[:0], 0
	if n > premiseMemoAbove {
		e.memo[rule].refresh(e)
	}
	return e
}

func (e *forcingEngine) release(sc *scratch) { sc.forcing.put(e) }

func (e *forcingEngine) node(c board.Cell, d board.Digit, on bool) int32 {
	x := int32((int(c)*e.n + int(d) - 1) * 2)
	if on {
		x++
	}
	return x
}

func (e *forcingEngine) candidate(x int32) (board.Cell, board.Digit, bool) {
	k := int(x >> 1)
	return board.Cell(k / e.n), board.Digit(k%e.n + 1), x&1 == 1
}

func (e *forcingEngine) depth(x int32) int32 { return e.info[x].depth }

// cellDigit splits k, a cell's index times n plus a digit less one, into the two. It
// multiplies by recip rather than divide by n: a division by a variable costs tens of
// cycles, and the propagations split every node they set, millions on a 16x16 walk.
// Exact for every k below 2^32/n (recipOf), far above any grid's cells times n.
func (e *forcingEngine) cellDigit(k int32) (c, di int32) {
	c = int32(uint64(k) * e.recip >> 32)
	return c, k - c*int32(e.n)
}

// recipOf returns 2^32/n rounded up, for cellDigit.
func recipOf(n int) uint64 { return 1<<32/uint64(n) + 1 }

// propagate follows premise up to depth maxDepth and reports whether it ran into a
// contradiction (then e.conf says which). e.queue holds every node set.
func (e *forcingEngine) propagate(premise int32, maxDepth int32) bool {
	e.epoch++
	if e.epoch == 0 {
		clear(e.info)
		e.epoch = 1
	}
	e.restore()
	e.conf = conflict{}
	e.set(premise, fromPremise, -1, 0, 0)
	for head := 0; head < len(e.queue); head++ {
		x := e.queue[head]
		if e.info[x].depth >= maxDepth {
			break
		}
		e.applied = head + 1
		var hit bool
		if x&1 == 1 {
			hit = e.fromTrueNode(x)
		} else {
			hit = e.fromFalseNode(x)
		}
		if hit {
			return true
		}
	}
	return false
}

// restore puts back in cands and pos what the last propagation took out, and empties
// the queue.
func (e *forcingEngine) restore() {
	n := int32(e.n)
	for _, x := range e.queue[:e.applied] {
		if x&1 == 1 {
			continue
		}
		k := x >> 1
		c, di := e.cellDigit(k)
		e.cands[c] = e.orig[c]
		for _, sl := range e.cellSlot[3*c : 3*c+3] {
			i := sl + di
			e.pos[i] = e.origPos[i]
		}
		if e.extraAt != nil {
			for _, h := range e.extraHouse[e.extraAt[c]:e.extraAt[c+1]] {
				i := h*n + di
				e.pos[i] = e.origPos[i]
			}
		}
	}
	e.queue, e.applied = e.queue[:0], 0
}

// set records node x unless it is set already; it reports a contradiction when its
// negation is set.
func (e *forcingEngine) set(x int32, why uint8, trig int32, via int32, depth int32) bool {
	in := &e.info[x]
	if in.mark == e.epoch {
		return false
	}
	*in = nodeInfo{mark: e.epoch, trigger: trig, depth: depth, why: why, via: uint8(via)}
	e.queue = append(e.queue, x)
	if e.info[x^1].mark == e.epoch {
		e.conf = conflict{kind: bothWays, node: x, depth: depth}
		return true
	}
	return false
}

func (e *forcingEngine) fromTrueNode(x int32) bool {
	n := int32(e.n)
	k := x >> 1
	c, di := e.cellDigit(k) // cell, digit-1
	dep := e.info[x].depth + 1
	base := c * n * 2 // node of (c, 1, false)
	for s := e.cands[c] &^ (1 << di); s != 0; s &= s - 1 {
		if e.set(base+int32(bits.TrailingZeros32(uint32(s)))*2, fromTrue, x, 0, dep) {
			return true
		}
	}
	slots, cbits := e.cellSlot[3*c:3*c+3:3*c+3], e.cellBit[3*c:3*c+3:3*c+3]
	for j, sl := range slots {
		cells := e.houseCells[sl : sl+n]
		for p := e.pos[sl+di] &^ cbits[j]; p != 0; p &= p - 1 {
			o := cells[bits.TrailingZeros32(uint32(p))]
			if e.set((o*n+di)*2, fromTrue, x, 0, dep) {
				return true
			}
		}
	}
	if e.extraAt != nil || e.mateAt != nil {
		return e.fromTrueVariant(x, c, di, dep)
	}
	return false
}

// fromTrueVariant is fromTrueNode in the diagonals and windows of c and among its
// killer cage-mates.
func (e *forcingEngine) fromTrueVariant(x, c, di, dep int32) bool {
	n := int32(e.n)
	if e.extraAt != nil {
		for j := e.extraAt[c]; j < e.extraAt[c+1]; j++ {
			h := e.extraHouse[j]
			cells := e.houseCells[h*n : h*n+n]
			for p := e.pos[h*n+di] &^ (1 << e.extraPos[j]); p != 0; p &= p - 1 {
				o := cells[bits.TrailingZeros32(uint32(p))]
				if e.set((o*n+di)*2, fromTrue, x, 0, dep) {
					return true
				}
			}
		}
	}
	if e.mateAt != nil {
		for _, o := range e.mates[e.mateAt[c]:e.mateAt[c+1]] {
			if e.cands[o]&(1<<di) != 0 && e.set((o*n+di)*2, fromTrue, x, 0, dep) {
				return true
			}
		}
	}
	return false
}

func (e *forcingEngine) fromFalseNode(x int32) bool {
	n := int32(e.n)
	k := x >> 1
	c, di := e.cellDigit(k)
	dep := e.info[x].depth + 1
	left := e.cands[c] &^ (1 << di)
	e.cands[c] = left
	slots, cbits := e.cellSlot[3*c:3*c+3:3*c+3], e.cellBit[3*c:3*c+3:3*c+3]
	for j, sl := range slots {
		e.pos[sl+di] &^= cbits[j]
	}
	if e.extraAt != nil {
		for j := e.extraAt[c]; j < e.extraAt[c+1]; j++ {
			e.pos[e.extraHouse[j]*n+di] &^= 1 << e.extraPos[j]
		}
	}
	if left == 0 {
		e.conf = conflict{kind: emptyCell, cell: board.Cell(c), depth: e.info[x].depth}
		return true
	}
	var single board.DigitSet
	switch e.rule {
	case alongChains:
		if o := e.orig[c]; o.Count() == 2 {
			single = o &^ (1 << di)
		}
	case throughNets:
		if left&(left-1) == 0 {
			single = left
		}
	}
	if single != 0 {
		if e.set((c*n+int32(bits.TrailingZeros32(uint32(single))))*2+1, fromCell, x, 0, dep) {
			return true
		}
	}
	// The body of lastPlace, written out for the row, column and box: the call cost
	// the forcing nets a tenth of their time on 9x9.
	for j, sl := range slots {
		h := e.cellHouse[3*c+int32(j)]
		p := e.pos[sl+di]
		if p == 0 {
			e.conf = conflict{kind: emptyHouse, house: board.House(h), digit: board.Digit(di + 1), depth: e.info[x].depth}
			return true
		}
		switch e.rule {
		case alongChains:
			o := e.origPos[sl+di]
			if o.Count() != 2 {
				continue
			}
			p = o &^ cbits[j]
		case throughNets:
			if p&(p-1) != 0 {
				continue
			}
		}
		o := e.houseCells[sl+int32(bits.TrailingZeros32(uint32(p)))]
		if e.set((o*n+di)*2+1, fromHouse, x, h, dep) {
			return true
		}
	}
	if e.extraAt != nil {
		for j := e.extraAt[c]; j < e.extraAt[c+1]; j++ {
			if e.lastPlace(x, e.extraHouse[j], e.extraPos[j], di, dep) {
				return true
			}
		}
	}
	return false
}

// lastPlace follows false node x (digit di+1, at position at of house h) in h, a
// diagonal or window: a contradiction when the digit has no place left there, else its
// last place (along chains, its other place in the given state) made true.
func (e *forcingEngine) lastPlace(x, h int32, at uint8, di, dep int32) bool {
	n := int32(e.n)
	p := e.pos[h*n+di]
	if p == 0 {
		e.conf = conflict{kind: emptyHouse, house: board.House(h), digit: board.Digit(di + 1), depth: e.info[x].depth}
		return true
	}
	switch e.rule {
	case alongChains:
		o := e.origPos[h*n+di]
		if o.Count() != 2 {
			return false
		}
		p = o &^ (1 << at)
	case throughNets:
		if p&(p-1) != 0 {
			return false
		}
	}
	o := e.houseCells[h*n+int32(bits.TrailingZeros32(uint32(p)))]
	return e.set((o*n+di)*2+1, fromHouse, x, h, dep)
}

// eachHouse calls f for every house of cell c, for the memo's bookkeeping.
func (e *forcingEngine) eachHouse(c int32, f func(h int32)) {
	for _, h := range e.cellHouse[3*c : 3*c+3] {
		f(h)
	}
	if e.extraAt != nil {
		for _, h := range e.extraHouse[e.extraAt[c]:e.extraAt[c+1]] {
			f(h)
		}
	}
}

// parents calls f for every node that x rests on besides its trigger: the other false
// candidates of the cell or the other false places of the house of a single.
func (e *forcingEngine) parents(x int32, f func(int32)) {
	c, d, _ := e.candidate(x)
	trig := e.info[x].trigger
	switch e.info[x].why {
	case fromCell:
		for s := e.orig[c].Without(d); s != 0; s &= s - 1 {
			if y := e.node(c, s.First(), false); y != trig {
				f(y)
			}
		}
	case fromHouse:
		h := board.House(e.info[x].via)
		for _, o := range e.l.CellsIn(h, e.origPos[int(h)*e.n+int(d)-1]) {
			if y := e.node(o, d, false); o != c && y != trig {
				f(y)
			}
		}
	}
}

// conflictNodes returns the nodes that make up the contradiction of the last propagation.
func (e *forcingEngine) conflictNodes() []int32 {
	switch e.conf.kind {
	case bothWays:
		x := e.conf.node
		if x&1 == 0 {
			return []int32{x ^ 1, x}
		}
		return []int32{x, x ^ 1}
	case emptyCell:
		var out []int32
		for s := e.orig[e.conf.cell]; s != 0; s &= s - 1 {
			out = append(out, e.node(e.conf.cell, s.First(), false))
		}
		return out
	case emptyHouse:
		h, d := e.conf.house, e.conf.digit
		var out []int32
		for _, o := range e.l.CellsIn(h, e.origPos[int(h)*e.n+int(d)-1]) {
			out = append(out, e.node(o, d, false))
		}
		return out
	}
	return nil
}

// conflictGroup says where the last propagation's contradiction is: one candidate (both
// true and false), one cell with all its candidates (none left), or the places of one
// digit in a house (none left).
func (e *forcingEngine) conflictGroup() explain.Group {
	switch e.conf.kind {
	case bothWays:
		c, d, _ := e.candidate(e.conf.node)
		return explain.Group{Cells: []board.Cell{c}, Digits: board.DigitsOf(d)}
	case emptyCell:
		return explain.Group{Cells: []board.Cell{e.conf.cell}, Digits: e.orig[e.conf.cell]}
	default:
		h, d := e.conf.house, e.conf.digit
		return explain.Group{Cells: e.l.CellsIn(h, e.origPos[int(h)*e.n+int(d)-1]), Digits: board.DigitsOf(d)}
	}
}

// chains writes the branches of the last propagation that lead to targets: for each
// target, its path from the premise, preceded by the paths of whatever the singles on
// it also rest on (each node shown once).
func (e *forcingEngine) chains(targets []int32, out []explain.Chain) []explain.Chain {
	e.shownMark++
	if e.shownMark == 0 {
		clear(e.shown)
		e.shownMark = 1
	}
	for _, t := range targets {
		out = e.showPath(t, out)
	}
	return out
}

// showPath appends the chain from the premise to x, after the chains of the other
// parents its singles rest on (their depth is smaller, so the recursion ends). A node is
// shown once it ends up in an appended chain; a target is always shown.
func (e *forcingEngine) showPath(x int32, out []explain.Chain) []explain.Chain {
	var path []int32
	for y := x; y >= 0; y = e.info[y].trigger {
		path = append(path, y)
	}
	slices.Reverse(path)
	for i, y := range path {
		e.parents(y, func(p int32) {
			if e.shown[p] != e.shownMark && !slices.Contains(path[:i], p) {
				out = e.showPath(p, out)
			}
		})
	}
	for _, y := range path {
		e.shown[y] = e.shownMark
	}
	ch := explain.Chain{Nodes: make([]explain.Node, len(path))}
	if len(path) > 1 {
		ch.Links = make([]explain.LinkKind, len(path)-1)
	}
	for i, y := range path {
		c, d, on := e.candidate(y)
		ch.Nodes[i] = explain.Node{Cells: []board.Cell{c}, Digits: board.DigitsOf(d)}
		if i < len(path)-1 {
			if on {
				ch.Links[i] = explain.Weak
			} else {
				ch.Links[i] = explain.Strong
			}
		}
	}
	return append(out, ch)
}

// premises returns the premises worth following on the engine's state: every candidate
// true, and every candidate false except in a cell of two (there "not a" is "b"). The
// slice is the engine's, until the next call.
func (e *forcingEngine) premises() []int32 {
	out := e.premiseBuf[:0]
	for c, s := range e.orig {
		two := s.Count() == 2
		for ; s != 0; s &= s - 1 {
			d := s.First()
			out = append(out, e.node(board.Cell(c), d, true))
			if !two {
				out = append(out, e.node(board.Cell(c), d, false))
			}
		}
	}
	e.premiseBuf = out
	return out
}

// conclusion turns a node into the change it makes: true places, false eliminates.
func (e *forcingEngine) conclusion(x int32, s *explain.Step) {
	c, d, on := e.candidate(x)
	cand := board.Candidate{Cell: c, Digit: d}
	if on {
		s.Placements = append(s.Placements, cand)
	} else {
		s.Eliminations = append(s.Eliminations, cand)
	}
}

// skipUncontradictable marks done the premises that no chain can refute. Propagation
// along chains follows the links of the plain chain graph (chains_graph.go): a true
// candidate makes its cell's other candidates and its digit's other places false, a
// false one makes its strong partners true. So what a premise reaches is reached by a
// walk there, and a premise whose walks reach no contradiction
// (chainGraph.contradictable) has none to find: most premises, on the states where
// the pipeline gets this far.
func skipUncontradictable(st *solveState, b *board.Board, e *forcingEngine, premises []int32, done []bool) {
	g := st.chainGraph(b, allChainLinks)
	may := g.contradictable()
	for i, p := range premises {
		c, d, on := e.candidate(p)
		if x := g.candNode(c, d); x >= 0 && !may[chainState(x, on)] {
			done[i] = true
		}
	}
}

// forcingContradiction is the finder of both contradiction techniques: every premise
// that propagation refutes, shortest contradiction first.
func forcingContradiction(id string, rule propagation) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		e := loadEngine(&p.st.sc, b, rule)
		defer e.release(&p.st.sc)
		type found struct {
			premise int32
			depth   int32
			written int // the items of its written proof: the shortest goes first
		}
		premises := e.premises()
		// done: followed to the end, or refuted.
		done := roomFor(e.doneBuf, len(premises))[:len(premises)]
		clear(done)
		e.doneBuf = done
		if rule == alongChains {
			skipUncontradictable(p.st, b, e, premises, done)
		}
		var hits []found
		for r := 0; r < len(depthCaps); {
			// Find the first round that refutes anything (one propagation a premise
			// to the deepest finite cap tells every round), then follow every premise
			// to that round's depth and report the refuted ones shortest proof first.
			_, fr, last := firstRefuted(p, e, premises, done, r)
			if p.done() {
				return
			}
			if fr < 0 {
				r = last + 1 // no premise is refuted in rounds r to last
				continue
			}
			maxDepth := depthCaps[fr]
			hits = hits[:0]
			m := &e.memo[e.rule]
			for i, pr := range premises {
				if p.done() {
					return
				}
				if done[i] {
					continue
				}
				// What firstRefuted followed to a deeper cap without a contradiction is
				// not followed again: most premises, as it bounds only after its first.
				if ok, _ := m.quiet(pr, maxDepth); ok {
					continue
				}
				if e.quiet[pr] == e.quietMark {
					done[i] = true // it runs out within a quiet premise's consequences
					continue
				}
				if e.propagate(pr, maxDepth) {
					hits = append(hits, found{pr, e.conf.depth, e.written(pr)})
					done[i] = true
				} else {
					ranOut := e.depth(e.queue[len(e.queue)-1]) < maxDepth
					done[i] = done[i] || ranOut // the premise ran out of consequences
					m.keep(e, pr, maxDepth, ranOut)
				}
			}
			// Simplest first, by what the reader must check: the fewest written items,
			// then the shallowest contradiction. A premise refuted in an earlier round
			// is done, so each is reported once.
			slices.SortStableFunc(hits, func(a, b found) int {
				return cmp.Or(cmp.Compare(a.written, b.written), cmp.Compare(a.depth, b.depth))
			})
			for _, h := range hits {
				if !reportRefuted(b, e, id, h.premise, maxDepth, report) {
					return
				}
			}
			r = fr + 1
		}
	}
}

// firstRefuted returns the premise refuted by the shallowest contradiction from round r
// on, and its round fr (-1 when none is refuted in rounds r to last): the round
// forcingContradiction reports from. A round reports
// the premises not done that propagation to its depth refutes, by the depth of their
// contradiction, in premise order among equals.
//
// A propagation to a smaller depth is a prefix of one to a larger, so one propagation
// to the deepest finite cap tells every earlier round's outcome of a premise: it is
// refuted in the first round whose cap exceeds the depth of the node whose consequence
// clashes. Rounds that refute nothing cost one propagation a premise, not one a round.
// And it is a branch and bound: once a contradiction at depth k is known, a premise can
// only win by a shallower one, which it shows when followed to depth k.
//
// Premises that run out of consequences before the last cap are marked done, as the
// rounds would when they refute nothing.
func firstRefuted(p *Pass, e *forcingEngine, premises []int32, done []bool, r int) (first int32, fr, last int) {
	last = len(depthCaps) - 1
	if r < last {
		last-- // the deepest finite cap; the unbounded round goes alone
	}
	deepest := depthCaps[last]
	best, bestRound, bound := int32(-1), -1, deepest
	e.quietMark++
	if e.quietMark == 0 {
		clear(e.quiet)
		e.quietMark = 1
	}
	for i, pr := range premises {
		if p.done() {
			return -1, -1, last
		}
		if done[i] {
			continue
		}
		if e.quiet[pr] == e.quietMark {
			done[i] = true // it ran out within a quiet premise's consequences
			continue
		}
		m := &e.memo[e.rule]
		if ok, ranOut := m.quiet(pr, bound); ok {
			if ranOut && best < 0 {
				done[i] = true
			}
			continue
		}
		if !e.propagate(pr, bound) {
			ranOut := e.depth(e.queue[len(e.queue)-1]) < bound
			if best < 0 && ranOut {
				done[i] = true // the premise ran out of consequences
			}
			m.keep(e, pr, bound, ranOut)
			if ranOut {
				for _, y := range e.queue {
					e.quiet[y] = e.quietMark
				}
			}
			continue
		}
		d := e.conf.depth
		clash := d // the depth of the node whose consequence clashed
		if e.conf.kind == bothWays {
			clash--
		}
		round := r
		for depthCaps[round] <= clash {
			round++
		}
		if best < 0 || round < bestRound || round == bestRound && d < bound {
			best, bestRound, bound = pr, round, d
		}
	}
	return best, bestRound, last
}

// doubtfulRemovals returns the cells that p removes a candidate from, for a reason of
// its own, and also places otherwise than by their last candidate (a hidden single),
// or places before. The placement removes it by the rules, and the engine's record,
// which keeps the first reason it found, can still hold such a removal where the
// proof does not need it; a removal before a naked single in its cell is needed by it.
func doubtfulRemovals(p *explain.Proof) board.CellSet {
	var cells board.CellSet
	for i, ln := range p.Lines {
		if ln.True || ln.Why == explain.ByTaken || ln.Why == explain.ByPremise {
			continue
		}
		for j, pl := range p.Lines {
			if pl.True && pl.Cand.Cell == ln.Cand.Cell && (j < i || pl.Why != explain.ByNakedSingle) {
				cells.Add(ln.Cand.Cell)
				break
			}
		}
	}
	return cells
}

// pruneRecord drops what a forcing proof from the engine's record does not need: the
// doubtful removals (doubtfulRemovals) are tried first, a check each; only when one
// goes does the whole proof get proofcheck.Prune's check a line, since the facts that
// served only it go too.
func pruneRecord(b *board.Board, p *explain.Proof) *explain.Proof {
	cells := doubtfulRemovals(p)
	if cells.Empty() {
		return p
	}
	q := proofcheck.PruneLines(b, p, func(ln explain.ProofLine) bool { return !ln.True && cells.Has(ln.Cand.Cell) })
	if len(q.Lines) == len(p.Lines) {
		return p
	}
	return proofcheck.Prune(b, q)
}

// reportRefuted reports the contradiction of premise, followed to maxDepth, as a step
// of technique id, and returns what report does.
func reportRefuted(b *board.Board, e *forcingEngine, id string, premise int32, maxDepth int32, report func(explain.Step) bool) bool {
	e.propagate(premise, maxDepth)
	c, d, _ := e.candidate(premise)
	s := explain.Step{
		Technique: id,
		Pattern: explain.Pattern{
			Digits: board.DigitsOf(d),
			Cells:  []board.Cell{c},
			Chains: e.chains(e.conflictNodes(), nil),
			Sets:   []explain.Group{e.conflictGroup()},
			Proof:  e.proof(premise),
		},
	}
	if s.Pattern.Proof != nil {
		// The record can keep a removal in a cell the proof also places: gone.
		s.Pattern.Proof = pruneRecord(b, s.Pattern.Proof)
	}
	e.conclusion(premise^1, &s)
	return report(s)
}

// premiseMemo remembers the premises whose propagation ended without a contradiction
// (to some depth, or run out), so that firstRefuted need not follow them again on the
// next state while nothing they read has changed. A walkthrough of a large grid
// reaches the forcing nets on a hundred states and more, each one step and its singles
// from the last, and following every premise again was most of their cost.
//
// A propagation reads, for each node it follows, the candidates of the node's cell and
// the places of its digit in the cell's houses, and nothing else of the state. If the
// state changes in none of them, the same propagation runs again: so an entry holds
// those cells and (house, digit) pairs, and refresh drops the entries that a change of
// state touches.
//
// Only grids larger than premiseMemoAbove keep one: on 9x9 the propagations are short
// and the bookkeeping cost about what it saved.
type premiseMemo struct {
	base  []board.DigitSet // the candidates of the state the entries hold on
	at    []int32          // per node: its entry + 1, or 0
	nodes []int32          // per entry: the premise
	depth []int32          // per entry: no contradiction to this depth (math.MaxInt32: none at all)
	read  []uint64         // per entry, stride words: the cells, then the (house, digit) pairs read
	// changed cells and (house, digit) pairs of the last refresh, stride words.
	changed []uint64
	cw      int // words of the cell part of a stride
	stride  int
}

// premiseMemoAbove: firstRefuted keeps a memo on grids larger than this.
const premiseMemoAbove = 9

// refresh brings the memo to e's state: the entries that read something the state
// changed since the last call go.
func (m *premiseMemo) refresh(e *forcingEngine) {
	cells := len(e.orig)
	if len(m.base) != cells || len(m.at) != len(e.info) {
		m.cw = (cells + 63) / 64
		m.stride = m.cw + (len(e.origPos)+63)/64
		*m = premiseMemo{base: make([]board.DigitSet, cells), at: make([]int32, len(e.info)),
			changed: make([]uint64, m.stride), cw: m.cw, stride: m.stride}
		copy(m.base, e.orig)
		return
	}
	clear(m.changed)
	any := false
	n := int32(e.n)
	for c, was := range m.base {
		diff := was ^ e.orig[c]
		if diff == 0 {
			continue
		}
		any = true
		m.changed[c>>6] |= 1 << (uint(c) & 63)
		for ; diff != 0; diff &= diff - 1 {
			di := int32(bits.TrailingZeros32(uint32(diff)))
			e.eachHouse(int32(c), func(h int32) {
				i := int(h*n + di)
				m.changed[m.cw+(i>>6)] |= 1 << (uint(i) & 63)
			})
		}
	}
	copy(m.base, e.orig)
	if !any {
		return
	}
	kept := 0
	for k, x := range m.nodes {
		read := m.read[k*m.stride : (k+1)*m.stride]
		touched := false
		for w, r := range read {
			if r&m.changed[w] != 0 {
				touched = true
				break
			}
		}
		if touched {
			m.at[x] = 0
			continue
		}
		m.nodes[kept], m.depth[kept] = x, m.depth[k]
		copy(m.read[kept*m.stride:], read)
		m.at[x] = int32(kept) + 1
		kept++
	}
	m.nodes, m.depth, m.read = m.nodes[:kept], m.depth[:kept], m.read[:kept*m.stride]
}

// quiet reports whether premise x is known to reach no contradiction within depth
// bound on this state, and whether it is known to run out of consequences.
func (m *premiseMemo) quiet(x int32, bound int32) (ok, ranOut bool) {
	if m.at == nil || m.at[x] == 0 {
		return false, false
	}
	d := m.depth[m.at[x]-1]
	return d >= bound, d == math.MaxInt32
}

// keep records that the last propagation, of premise x to depth bound, found no
// contradiction, with what it read.
func (m *premiseMemo) keep(e *forcingEngine, x int32, bound int32, ranOut bool) {
	if m.at == nil {
		return
	}
	d := bound
	if ranOut {
		d = math.MaxInt32
	}
	k := m.at[x] - 1
	if k < 0 {
		k = int32(len(m.nodes))
		m.nodes = append(m.nodes, x)
		m.depth = append(m.depth, d)
		m.read = append(m.read, make([]uint64, m.stride)...)
		m.at[x] = k + 1
	} else {
		m.depth[k] = d
		clear(m.read[int(k)*m.stride : int(k+1)*m.stride])
	}
	read := m.read[int(k)*m.stride : int(k+1)*m.stride]
	pairs := read[m.cw:]
	n := int32(e.n)
	for _, y := range e.queue[:e.applied] {
		ci := y >> 1
		c, di := e.cellDigit(ci)
		read[c>>6] |= 1 << (uint(c) & 63)
		// eachHouse written out: a closure call per house was a tenth of the nets'
		// time on 16x16.
		for _, sl := range e.cellSlot[3*c : 3*c+3] {
			i := uint(sl + di)
			pairs[i>>6] |= 1 << (i & 63)
		}
		if e.extraAt != nil {
			for _, h := range e.extraHouse[e.extraAt[c]:e.extraAt[c+1]] {
				i := uint(h*n + di)
				pairs[i>>6] |= 1 << (i & 63)
			}
		}
		if y&1 == 1 && e.mateAt != nil {
			// A true node read its cage-mates' candidates too.
			for _, o := range e.mates[e.mateAt[c]:e.mateAt[c+1]] {
				read[o>>6] |= 1 << (uint(o) & 63)
			}
		}
	}
}
