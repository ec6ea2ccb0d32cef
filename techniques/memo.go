package techniques

import (
	"slices"
	"sync"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// The pipeline tries its techniques one after another on one board state, and some
// families share work that depends only on that state: the chain graph
// (chainGraphFor), the almost locked sets (alsIndexFor), the rectangles (urRects,
// avoidRects), colour clusters (colourings), finned fish (finnedFishes). Each keeps
// what it built for the last states asked about, recognised by a boardState.

// boardState records a board's state (layout, givens, values and candidates) so that
// a memo can tell when it is asked about the same state again.
type boardState struct {
	layout *board.Layout
	givens board.CellSet
	values []board.Digit
	cands  []board.DigitSet
}

// holds reports whether b is in the recorded state.
func (s *boardState) holds(b *board.Board) bool {
	l := b.Layout()
	if s.layout != l || s.givens != b.Givens() {
		return false
	}
	for c := range board.Cell(l.Cells()) {
		if s.values[c] != b.Value(c) || s.cands[c] != b.Candidates(c) {
			return false
		}
	}
	return true
}

// record makes b's state the recorded one.
func (s *boardState) record(b *board.Board) {
	l := b.Layout()
	s.layout, s.givens = l, b.Givens()
	s.values = slices.Grow(s.values[:0], l.Cells())[:l.Cells()]
	s.cands = slices.Grow(s.cands[:0], l.Cells())[:l.Cells()]
	for c := range board.Cell(l.Cells()) {
		s.values[c], s.cands[c] = b.Value(c), b.Candidates(c)
	}
}

// stateMemo keeps what build computed from the last board state asked about. What it
// keeps is never changed once made, so callers on other goroutines may share it.
type stateMemo[T any] struct {
	sync.Mutex
	state boardState
	made  bool
	value T
}

// get returns build(b), built or remembered.
func (m *stateMemo[T]) get(b *board.Board, build func(*board.Board) T) T {
	m.Lock()
	defer m.Unlock()
	if !m.made || !m.state.holds(b) {
		m.value, m.made = build(b), true
		m.state.record(b)
	}
	return m.value
}

// checkEach returns the finder that calls check on each pattern find lists on the
// board's state (remembered in m for the techniques that look through the same list),
// in order, until report asks to stop. check gets a copy: the list is shared.
func checkEach[P any](m *stateMemo[[]P], find func(*board.Board) []P, check func(*board.Board, *P, func(explain.Step) bool) bool) Finder {
	return func(b *board.Board, report func(explain.Step) bool) {
		for _, p := range m.get(b, find) {
			if !check(b, &p, report) {
				return
			}
		}
	}
}
