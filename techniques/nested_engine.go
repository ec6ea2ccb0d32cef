package techniques

import (
	"github.com/stepdoku/stepdoku/board"
)

// The engine of the dynamic "(+)" and nested forcing nets (nested.go): trial and
// error done the way a proof is written. A branch is a copy of the candidates with one
// assumption made; propagation then takes, until nothing changes,
//
//   - a placed digit out of its peers (its houses, its killer cage);
//   - a cell's last candidate (naked single) and a digit's last place in a house
//     (hidden single);
//   - at the "(+)" level, locked candidates: a digit whose places in one house all lie
//     in a second house is removed from the rest of the second (pointing and claiming,
//     and the same between any two houses that share two cells or more);
//   - in a nested net, lemmas: an assumption inside the branch that a "(+)" net of
//     its own refutes is false in the branch.
//
// A branch ends in a contradiction when a cell loses every candidate or a digit every
// place in a house. Everything is plain slices of digit sets and index tables; the
// search propagates without bookkeeping, and only the branch that is reported is
// followed again with every fact recorded (netRecord), so that the proof can be cut
// to what the contradiction needs.

// netClash is where a branch ran into a contradiction.
type netClash struct {
	cell  int32 // the cell left without a candidate, or -1
	house int32 // the house left without a place for digit, or -1
	digit board.Digit
}

// netEngine holds a layout's tables and the branches' buffers of one solve.
type netEngine struct {
	l      *board.Layout
	n      int
	full   board.DigitSet
	peers  [][]board.Cell
	houses [][]board.Cell
	// lockPairs are the ordered pairs of houses that share two cells or more, in
	// the order locked tries them; pieces are the cells two houses share, one per
	// unordered pair; lockCells and lockRefs hold the cells and pieces their spans
	// name.
	lockPairs []lockPair
	pieces    []lockSpan
	lockCells []board.Cell
	lockRefs  []int32
	// live and pieceCands are locked's scratch: each cell's candidates (none when
	// settled), and the union of each piece's.
	live       []board.DigitSet
	pieceCands []board.DigitSet
	// work counts the propagations since the finder began; a step gives up past its
	// budget (netBudget).
	work int64
	// stack holds the branches' states, one per level of nesting (a nested net uses
	// three: the board's, the premise's branch, a lemma's branch).
	stack [4]netState
	queue []int32
	clash netClash
	// rec records the facts of the branch being written up; nil while searching.
	rec *netRecord
}

// lockPair is an ordered pair of houses a, b that share two cells or more: piece in
// holds the shared cells, aRest and bRest cover the others of a and of b (pieces of
// a with its other pairs, then cells no such piece takes), and bCells are b's other
// cells in b's order, where locked takes a digit out.
type lockPair struct {
	a, b         int32
	in           int32
	aRest, bRest lockRest
	bCells       lockSpan
}

// lockSpan is a range of lockCells (or of lockRefs).
type lockSpan struct{ from, to int32 }

// lockRest is the rest of a house: pieces p0 and p1 (the empty piece, numbered
// len(pieces), when fewer), more pieces (a span of lockRefs) and cells. A box less a
// row's cells, or a row less a box's, is two pieces.
type lockRest struct {
	p0, p1      int32
	more, cells lockSpan
}

// netState is a branch: the candidates of each cell (a placed digit is its cell's one
// candidate) and whether a cell's digit has been taken out of its peers.
type netState struct {
	cands   []board.DigitSet
	settled []bool
}

func (s *netState) copyFrom(o *netState) {
	copy(s.cands, o.cands)
	copy(s.settled, o.settled)
}

// loadNets returns an engine from the solve's scratch holding b's state in
// stack[0]. Give it back with release.
func loadNets(sc *scratch, b *board.Board) *netEngine {
	e := sc.nets.get()
	l := b.Layout()
	if e.l != l {
		n, cells := l.N(), l.Cells()
		*e = netEngine{l: l, n: n, full: board.DigitSet(1)<<n - 1}
		e.peers = make([][]board.Cell, cells)
		for c := range board.Cell(cells) {
			e.peers[c] = l.Peers(c)
		}
		e.houses = make([][]board.Cell, l.Houses())
		for h := range board.House(l.Houses()) {
			e.houses[h] = l.HouseCells(h)
		}
		e.buildLocks(l)
		for i := range e.stack {
			e.stack[i] = netState{cands: make([]board.DigitSet, cells), settled: make([]bool, cells)}
		}
		e.queue = make([]int32, 0, cells)
		e.live = make([]board.DigitSet, cells)
		e.pieceCands = make([]board.DigitSet, len(e.pieces)+1) // the last one empty
	}
	st := &e.stack[0]
	for c := range st.cands {
		if d := b.Value(board.Cell(c)); d != 0 {
			st.cands[c], st.settled[c] = board.DigitsOf(d), true
		} else {
			st.cands[c], st.settled[c] = b.Candidates(board.Cell(c)), false
		}
	}
	e.work, e.rec = 0, nil
	return e
}

// buildLocks lists the pairs of houses of l that share two cells or more, with the
// pieces that cover the rest of each house: a box less a row's cells is two other
// rows' cells, so locked ORs two pieces' candidates where it would OR six cells'.
func (e *netEngine) buildLocks(l *board.Layout) {
	houses := board.House(l.Houses())
	pieceOf := map[[2]board.House]int32{}
	var common []board.CellSet // per pair, the shared cells
	for a := range houses {
		for b := range houses {
			shared := l.HouseSet(a).And(l.HouseSet(b))
			if a == b || shared.Count() < 2 {
				continue
			}
			key := [2]board.House{min(a, b), max(a, b)}
			id, ok := pieceOf[key]
			if !ok {
				id = int32(len(e.pieces))
				pieceOf[key] = id
				span := lockSpan{from: int32(len(e.lockCells))}
				e.lockCells = append(e.lockCells, shared.Cells()...)
				span.to = int32(len(e.lockCells))
				e.pieces = append(e.pieces, span)
			}
			e.lockPairs = append(e.lockPairs, lockPair{a: int32(a), b: int32(b), in: id})
			common = append(common, shared)
		}
	}
	// rest covers house h less shared: the pieces of h's pairs that fit in what is
	// left, in turn, then the cells none of them took.
	rest := func(h board.House, shared board.CellSet) lockRest {
		left := l.HouseSet(h).AndNot(shared)
		none := int32(len(e.pieces))
		r := lockRest{p0: none, p1: none, more: lockSpan{from: int32(len(e.lockRefs))}}
		for i, q := range e.lockPairs {
			if q.a != int32(h) || !common[i].AndNot(left).Empty() {
				continue
			}
			switch {
			case r.p0 == none:
				r.p0 = q.in
			case r.p1 == none:
				r.p1 = q.in
			default:
				e.lockRefs = append(e.lockRefs, q.in)
			}
			left = left.AndNot(common[i])
		}
		r.more.to = int32(len(e.lockRefs))
		r.cells.from = int32(len(e.lockCells))
		e.lockCells = append(e.lockCells, left.Cells()...)
		r.cells.to = int32(len(e.lockCells))
		return r
	}
	for i := range e.lockPairs {
		p := &e.lockPairs[i]
		a, b := board.House(p.a), board.House(p.b)
		p.aRest, p.bRest = rest(a, common[i]), rest(b, common[i])
		p.bCells.from = int32(len(e.lockCells))
		for _, c := range l.HouseCells(b) {
			if !common[i].Has(c) {
				e.lockCells = append(e.lockCells, c)
			}
		}
		p.bCells.to = int32(len(e.lockCells))
	}
}

func (e *netEngine) release(sc *scratch) {
	e.rec = nil
	sc.nets.put(e)
}

// assume makes candidate (c, d) true in st and propagates; it reports whether the
// branch ran into a contradiction (then e.clash says where).
func (e *netEngine) assume(st *netState, c board.Cell, d board.Digit, plus bool) bool {
	e.work++
	if e.rec != nil {
		e.rec.place(c, d, whyPremise, -1, -1)
		for s := st.cands[c].Without(d); s != 0; s &= s - 1 {
			e.rec.elim(c, s.First(), whyTaken, int32(c), -1)
		}
	}
	st.cands[c] = board.DigitsOf(d)
	e.queue = append(e.queue[:0], int32(c))
	return e.propagate(st, plus)
}

// remove takes candidate (c, d) out of st (a lemma's conclusion) and propagates.
func (e *netEngine) remove(st *netState, c board.Cell, d board.Digit, plus bool, lemma int32) bool {
	e.queue = e.queue[:0]
	if e.rec != nil {
		e.rec.elim(c, d, whyLemma, lemma, -1)
	}
	left := st.cands[c].Without(d)
	st.cands[c] = left
	if left == 0 {
		e.clash = netClash{cell: int32(c), house: -1}
		return true
	}
	if left&(left-1) == 0 {
		if e.rec != nil {
			e.rec.place(c, left.First(), whyNaked, int32(c), -1)
		}
		e.queue = append(e.queue, int32(c))
	}
	return e.propagate(st, plus)
}

// propagate runs the rules to a fixed point from the cells queued as newly single.
func (e *netEngine) propagate(st *netState, plus bool) bool {
	for {
		if e.settle(st) {
			return true
		}
		changed, hit := e.hiddenSingles(st)
		if hit {
			return true
		}
		if changed {
			continue
		}
		if !plus {
			return false
		}
		changed, hit = e.locked(st)
		if hit {
			return true
		}
		if !changed {
			return false
		}
	}
}

// settle takes the digit of every queued cell out of its peers, queueing the peers
// left with one candidate.
func (e *netEngine) settle(st *netState) bool {
	cands := st.cands
	// First in, first out: the facts come in waves from the premise, and what a
	// contradiction rests on stays short.
	for head := 0; head < len(e.queue); head++ {
		c := e.queue[head]
		if st.settled[c] {
			continue
		}
		st.settled[c] = true
		d := cands[c]
		for _, p := range e.peers[c] {
			m := cands[p]
			if m&d == 0 {
				continue
			}
			m &^= d
			cands[p] = m
			if e.rec != nil {
				e.rec.elim(p, d.First(), whySeen, c, -1)
			}
			if m == 0 {
				e.clash = netClash{cell: int32(p), house: -1}
				return true
			}
			if m&(m-1) == 0 {
				if e.rec != nil {
					e.rec.place(p, m.First(), whyNaked, int32(p), -1)
				}
				e.queue = append(e.queue, int32(p))
			}
		}
	}
	e.queue = e.queue[:0]
	return false
}

// hiddenSingles places every digit that has one place left in a house; it reports a
// digit with no place left as a contradiction.
func (e *netEngine) hiddenSingles(st *netState) (changed, hit bool) {
	cands := st.cands
	for h, cells := range e.houses {
		var once, twice board.DigitSet
		for _, c := range cells {
			m := cands[c]
			twice |= once & m
			once |= m
		}
		if once != e.full {
			e.clash = netClash{cell: -1, house: int32(h), digit: (e.full &^ once).First()}
			return false, true
		}
		uniq := once &^ twice
		if uniq == 0 {
			continue
		}
		for _, c := range cells {
			m := cands[c]
			u := m & uniq
			if u == 0 || m == u && st.settled[c] {
				continue
			}
			d := u & -u
			if m == d {
				continue // a naked single already queued
			}
			if e.rec != nil {
				e.rec.place(c, d.First(), whyHidden, int32(h), -1)
				for s := m &^ d; s != 0; s &= s - 1 {
					e.rec.elim(c, s.First(), whyTaken, int32(c), -1)
				}
			}
			cands[c] = d
			e.queue = append(e.queue, int32(c))
			changed = true
		}
		if changed {
			// Settle before looking further: the places of other houses changed.
			return true, false
		}
	}
	return false, false
}

// locked removes, for every pair of houses a, b sharing cells, a digit whose places in
// a all lie in b from the rest of b. It takes the first such digit of the first such
// pair and returns, so that the proof a recorded branch writes is short. A cell
// already settled is no place of its digit (its peers lost it).
func (e *netEngine) locked(st *netState) (changed, hit bool) {
	// A digit is locked when the shared cells hold it and a's other cells do not,
	// and removable when b's other cells hold it: unions of candidates, each piece's
	// made once (a table of every house's places, rebuilt at each call, cost five
	// times more).
	live := e.live
	for c, m := range st.cands {
		if st.settled[c] {
			m = 0
		}
		live[c] = m
	}
	for i, sp := range e.pieces {
		var u board.DigitSet
		for _, c := range e.lockCells[sp.from:sp.to] {
			u |= live[c]
		}
		e.pieceCands[i] = u
	}
	pc := e.pieceCands
	union := func(r *lockRest) board.DigitSet {
		u := pc[r.p0] | pc[r.p1]
		for _, id := range e.lockRefs[r.more.from:r.more.to] {
			u |= pc[id]
		}
		for _, c := range e.lockCells[r.cells.from:r.cells.to] {
			u |= live[c]
		}
		return u
	}
	for i := range e.lockPairs {
		p := &e.lockPairs[i]
		locked := pc[p.in]
		if locked == 0 {
			continue
		}
		if locked &^= union(&p.aRest); locked == 0 {
			continue
		}
		if locked &= union(&p.bRest); locked == 0 {
			continue
		}
		bit := locked & -locked
		for _, c := range e.lockCells[p.bCells.from:p.bCells.to] {
			if live[c]&bit == 0 {
				continue
			}
			m := st.cands[c] &^ bit
			st.cands[c] = m
			if e.rec != nil {
				e.rec.elim(c, bit.First(), whyLocked, p.a, p.b)
			}
			if m == 0 {
				e.clash = netClash{cell: int32(c), house: -1}
				return true, true
			}
			if m&(m-1) == 0 {
				if e.rec != nil {
					e.rec.place(c, m.First(), whyNaked, int32(c), -1)
				}
				e.queue = append(e.queue, int32(c))
			}
		}
		// The places changed: the next pass looks again with settled singles.
		return true, false
	}
	return false, false
}
