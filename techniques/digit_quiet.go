package techniques

import "github.com/stepdoku/stepdoku/board"

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

// digitQuietOf returns the memo of finder id for b's layout, emptied when it held
// another layout's.
func (sc *scratch) digitQuietOf(id string, b *board.Board) *digitQuiet {
	l := b.Layout()
	var q *digitQuiet
	for i := range sc.digitQuiets {
		if sc.digitQuiets[i].id == id {
			q = &sc.digitQuiets[i]
			break
		}
	}
	if q == nil {
		sc.digitQuiets = append(sc.digitQuiets, digitQuiet{id: id})
		q = &sc.digitQuiets[len(sc.digitQuiets)-1]
	}
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
