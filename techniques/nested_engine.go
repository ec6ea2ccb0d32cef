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
	// lockPairs are the ordered pairs of houses that share two cells or more, and
	// lockCells the cells each pair's lists name.
	lockPairs []lockPair
	lockCells []board.Cell
	// live is locked's scratch: each cell's candidates, none when settled.
	live []board.DigitSet
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

// lockPair is an ordered pair of houses a, b that share two cells or more: lockCells
// [in:aOut] are the shared cells, [aOut:bOut] a's other cells, [bOut:end] b's other
// cells, each list in its house's order.
type lockPair struct {
	a, b                int32
	in, aOut, bOut, end int32
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
		for a := range board.House(l.Houses()) {
			for b := range board.House(l.Houses()) {
				if a == b {
					continue
				}
				common := l.HouseSet(a).And(l.HouseSet(b))
				if common.Count() < 2 {
					continue
				}
				p := lockPair{a: int32(a), b: int32(b), in: int32(len(e.lockCells))}
				for _, c := range l.HouseCells(a) {
					if common.Has(c) {
						e.lockCells = append(e.lockCells, c)
					}
				}
				p.aOut = int32(len(e.lockCells))
				for _, c := range l.HouseCells(a) {
					if !common.Has(c) {
						e.lockCells = append(e.lockCells, c)
					}
				}
				p.bOut = int32(len(e.lockCells))
				for _, c := range l.HouseCells(b) {
					if !common.Has(c) {
						e.lockCells = append(e.lockCells, c)
					}
				}
				p.end = int32(len(e.lockCells))
				e.lockPairs = append(e.lockPairs, p)
			}
		}
		for i := range e.stack {
			e.stack[i] = netState{cands: make([]board.DigitSet, cells), settled: make([]bool, cells)}
		}
		e.queue = make([]int32, 0, cells)
		e.live = make([]board.DigitSet, cells)
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
	// and removable when b's other cells hold it: three unions of candidates a pair
	// (a table of every house's places, rebuilt at each call, cost four times more).
	live := e.live
	for c, m := range st.cands {
		if st.settled[c] {
			m = 0
		}
		live[c] = m
	}
	union := func(cells []board.Cell) board.DigitSet {
		var u board.DigitSet
		for _, c := range cells {
			u |= live[c]
		}
		return u
	}
	for _, p := range e.lockPairs {
		in := union(e.lockCells[p.in:p.aOut])
		if in == 0 {
			continue
		}
		locked := in &^ union(e.lockCells[p.aOut:p.bOut])
		if locked == 0 {
			continue
		}
		out := e.lockCells[p.bOut:p.end]
		locked &= union(out)
		if locked == 0 {
			continue
		}
		bit := locked & -locked
		for _, c := range out {
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
