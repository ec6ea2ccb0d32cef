package techniques

import (
	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// digitQuiet is the memo of a finder whose patterns are made of one digit's places
// and nothing else (the basic and finned fish, the single-digit patterns): the
// digits on which it last found nothing, with their places then. What such a finder
// finds on a digit depends on those places alone, so while they are the same it finds
// nothing there again, and the digit is skipped. A walkthrough of a large grid reaches
// these finders on a hundred states and more, each a forcing net's elimination and its
// singles away from the last: most digits have not changed.
type digitQuiet struct {
	id    string
	l     *board.Layout
	quiet []bool         // per digit-1
	rows  []board.PosSet // (digit-1)*N + row: its places in each row when it went quiet
}

// memoOf returns the memo of *list whose id is id, appending fresh when there is none.
// A solve keeps one memo per finder, a handful: a slice searched in order is enough.
func memoOf[T any, P interface {
	*T
	memoID() string
}](list *[]T, id string, fresh T) *T {
	for i := range *list {
		if P(&(*list)[i]).memoID() == id {
			return &(*list)[i]
		}
	}
	*list = append(*list, fresh)
	return &(*list)[len(*list)-1]
}

func (q *digitQuiet) memoID() string { return q.id }
func (q *houseQuiet) memoID() string { return q.id }

// digitQuietOf returns the memo of finder id for b's layout, emptied when it held
// another layout's.
func (sc *scratch) digitQuietOf(id string, b *board.Board) *digitQuiet {
	l := b.Layout()
	q := memoOf(&sc.digitQuiets, id, digitQuiet{id: id})
	if q.l != l {
		n := l.N()
		q.l = l
		q.quiet = grown(q.quiet, n)
		clear(q.quiet)
		q.rows = grown(q.rows, n*n)
	}
	return q
}

// skip reports whether the finder found nothing on digit d when its places were
// what they are on b.
func (q *digitQuiet) skip(b *board.Board, d board.Digit) bool {
	if !q.quiet[d-1] {
		return false
	}
	n := q.l.N()
	for r, was := range q.rows[int(d-1)*n : int(d)*n] {
		if b.Positions(q.l.RowHouse(r), d) != was {
			return false
		}
	}
	return true
}

// done records what the finder found on digit d of b, all of it: something, or
// nothing (then d is quiet while its places stay).
func (q *digitQuiet) done(b *board.Board, d board.Digit, found bool) {
	q.quiet[d-1] = !found
	if found {
		return
	}
	n := q.l.N()
	for r := range n {
		q.rows[int(d-1)*n+r] = b.Positions(q.l.RowHouse(r), d)
	}
}

// houseQuiet is the memo of a finder that looks at the houses one at a time, and
// whose patterns in a house are made of the candidates of the house's cells (the
// naked and hidden subsets, the locked candidates): the houses where it last found
// nothing. What it removes is candidates that an earlier state of the solve had too,
// so on a board with no candidate that the last one lacked, a house whose cells are
// as they were gives nothing again, and is skipped. On a walk of a large grid most
// houses have not changed between two calls.
type houseQuiet struct {
	id    string
	l     *board.Layout
	cands []board.DigitSet // the board of the last call
	quiet []bool           // per house: nothing found there on that board
	// this call's: whether it may skip (b has no candidate the last board lacked),
	// the cells as they were, the houses quiet on b (skipped, or tried and nothing
	// found), and whether the house at hand gave a step (watch).
	valid bool
	same  []bool
	now   []bool
	found bool
}

// houseQuietOf returns the memo of finder id, ready for a call on b.
func (sc *scratch) houseQuietOf(id string, b *board.Board) *houseQuiet {
	l := b.Layout()
	q := memoOf(&sc.houseQuiets, id, houseQuiet{id: id})
	if q.l != l {
		q.l = l
		q.cands = grown(q.cands, l.Cells())
		q.quiet = grown(q.quiet, l.Houses())
		q.same = grown(q.same, l.Cells())
		q.now = grown(q.now, l.Houses())
		q.valid = false
	} else {
		q.valid = true
		for c := range board.Cell(l.Cells()) {
			s, was := b.Candidates(c), q.cands[c]
			q.valid = q.valid && s&^was == 0
			q.same[c] = s == was
		}
	}
	clear(q.now)
	q.found = false
	return q
}

// watch returns p.Report wrapped to note that the house at hand gave a step (tried).
func (q *houseQuiet) watch(p *Pass) func(explain.Step) bool {
	return func(s explain.Step) bool {
		q.found = true
		return p.Report(s)
	}
}

// skip reports whether house h gave nothing on the last board and its cells are as
// they were; the call then counts it as looked at.
func (q *houseQuiet) skip(h board.House) bool {
	if !q.valid || !q.quiet[h] {
		return false
	}
	for _, c := range q.l.HouseCells(h) {
		if !q.same[c] {
			return false
		}
	}
	q.now[h] = true
	return true
}

// tried records that the call looked at every pattern of house h, and whether it
// reported any through watch's report since the last house tried.
func (q *houseQuiet) tried(h board.House) {
	q.now[h] = !q.found
	q.found = false
}

// finish keeps b as the last board, with the houses the call skipped or found
// nothing in as quiet: the others (where it found something, or that it did not get
// to) are looked at next time.
func (q *houseQuiet) finish(b *board.Board) {
	copy(q.quiet, q.now)
	for c := range q.cands {
		q.cands[c] = b.Candidates(board.Cell(c))
	}
}
