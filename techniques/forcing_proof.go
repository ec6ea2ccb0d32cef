package techniques

import (
	"math"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// proof writes the last propagation of the forcing engine, which ran into a
// contradiction, as a proof: one line a fact, each with the reason the engine used
// (the true node that removed it and the house they share, a cell's last candidate,
// a digit's last place in the house it came from), cut to the facts the contradiction
// rests on. It is the record the prose renders and the proof checker replays, so no
// reader has to guess a house or an earlier branch. It returns nil when the
// contradiction has a shape the proof model does not write (none is known).
//
// A candidate forced both true and false is written as what it means on the board: the
// single that made it true had every other candidate of its cell (or every other place
// of its digit in its house) removed, and now this one goes too, so the cell has no
// candidate (or the house no place) left.
func (e *forcingEngine) proof(premise int32) *explain.Proof {
	clash, roots := e.clashOf()
	if roots == nil {
		return nil
	}
	return e.proofTo(premise, roots, clash)
}

// clashRoots returns the nodes the last propagation's contradiction rests on (nil
// for a shape the proof model does not write).
func (e *forcingEngine) clashRoots() []int32 {
	_, roots := e.clashOf()
	return roots
}

// clashOf returns the last propagation's contradiction as the proof writes it, and
// the nodes it rests on (nil for a shape the proof model does not write).
func (e *forcingEngine) clashOf() (explain.Clash, []int32) {
	var clash explain.Clash
	var roots []int32
	cellClash := func(c board.Cell) {
		clash = explain.Clash{Cell: c, House: -1}
		for s := e.orig[c]; s != 0; s &= s - 1 {
			roots = append(roots, e.node(c, s.First(), false))
		}
	}
	houseClash := func(h board.House, d board.Digit) {
		clash = explain.Clash{Cell: -1, House: h, Digit: d}
		for _, o := range e.l.CellsIn(h, e.origPos[int(h)*e.n+int(d)-1]) {
			roots = append(roots, e.node(o, d, false))
		}
	}
	switch e.conf.kind {
	case emptyCell:
		cellClash(e.conf.cell)
	case emptyHouse:
		houseClash(e.conf.house, e.conf.digit)
	case bothWays:
		on := e.conf.node | 1 // the true one of the two
		c, d, _ := e.candidate(on)
		switch e.info[on].why {
		case fromCell:
			cellClash(c)
		case fromHouse:
			houseClash(board.House(e.info[on].via), d)
		default:
			return clash, nil
		}
	default:
		return clash, nil
	}
	return clash, roots
}

// proofTo writes the last propagation, from premise, as a proof of the nodes roots
// (every one set), cut to what they rest on, ending in clash. It returns nil when a
// root was not set.
func (e *forcingEngine) proofTo(premise int32, roots []int32, clash explain.Clash) *explain.Proof {
	if !e.markNeeded(roots, nil) {
		return nil // a clash on a candidate no line removed: cannot be
	}
	pc, pd, pon := e.candidate(premise)
	p := &explain.Proof{Premise: board.Candidate{Cell: pc, Digit: pd}, Not: !pon, Clash: clash}
	// The queue is in the order nodes were set, and a node is set after all it rests on.
	for _, x := range e.queue {
		if e.shown[x] == e.shownMark {
			p.Lines = append(p.Lines, e.proofLine(x))
		}
	}
	return p
}

// markNeeded stamps (shown, under a new mark) every node of the last propagation that
// roots rest on, the roots included, calling visit (when not nil) on each once. It
// reports false when a root was not set.
func (e *forcingEngine) markNeeded(roots []int32, visit func(int32)) bool {
	e.shownMark++
	if e.shownMark == 0 {
		clear(e.shown)
		e.shownMark = 1
	}
	var mark func(x int32)
	mark = func(x int32) {
		if e.shown[x] == e.shownMark {
			return
		}
		e.shown[x] = e.shownMark
		if visit != nil {
			visit(x)
		}
		if t := e.info[x].trigger; t >= 0 {
			mark(t)
		}
		e.parents(x, mark)
	}
	for _, x := range roots {
		if e.info[x].mark != e.epoch {
			return false
		}
		mark(x)
	}
	return true
}

// caseProof writes the last propagation, from premise, as a verity's case: the lines
// that lead to node, which is the last of them.
func (e *forcingEngine) caseProof(premise, node int32) *explain.Proof {
	return e.proofTo(premise, []int32{node}, explain.Clash{Cell: -1, House: -1})
}

// proofLine is node x of the last propagation as a line of a proof.
func (e *forcingEngine) proofLine(x int32) explain.ProofLine {
	c, d, on := e.candidate(x)
	in := e.info[x]
	ln := explain.ProofLine{Cand: board.Candidate{Cell: c, Digit: d}, True: on, Cell: -1, House: -1, Cover: -1}
	switch {
	case in.why == fromPremise:
		ln.Why = explain.ByPremise
	case in.why == fromCell:
		ln.Why = explain.ByNakedSingle
	case in.why == fromHouse:
		ln.Why, ln.House = explain.ByHiddenSingle, board.House(in.via)
	default: // fromTrue: the true node that set it off is in its cell or sees it
		tc, td, _ := e.candidate(in.trigger)
		if tc == c {
			ln.Why, ln.Holds = explain.ByTaken, td
		} else {
			ln.Why, ln.Cell, ln.House = explain.BySeen, tc, sharedHouse(e.l, c, tc)
		}
	}
	return ln
}

// written is the size of the proof of the last propagation, refuting premise, as the
// reader meets it: its items (explain.Proof.Written); a proof the model cannot write
// counts as longest.
//
// It counts without writing: every removal of a forcing proof comes from a true node
// the proof holds (its trigger), so it goes with that placement's item, and the items
// are the true nodes, and the premise when it is a removal. A walkthrough asks this of
// every premise a round refutes.
func (e *forcingEngine) written(premise int32) int {
	roots := e.clashRoots()
	n := 0
	if premise&1 == 0 {
		n++
	}
	if roots == nil || !e.markNeeded(roots, func(x int32) { n += int(x & 1) }) {
		return math.MaxInt
	}
	return n
}
