package fallback

import (
	"context"
	"errors"
	"fmt"

	"github.com/stepdoku/stepdoku/board"
)

var (
	// ErrNoSolution is returned when the board has no solution.
	ErrNoSolution = errors.New("fallback: no solution")
	// ErrSeveral is returned by Unique when the board has more than one solution.
	ErrSeveral = errors.New("fallback: several solutions")
	// ErrLayout is returned (wrapped, with the method and the layout named) when a
	// search method cannot search a board's layout: the bitboard anything but classic
	// 9x9, DLX a killer. Search with another method (Auto handles every layout)
	// rather than read anything into the answer.
	ErrLayout = errors.New("fallback: the search method does not handle this layout")
)

// Stats says what a search found and how much guessing it took.
type Stats struct {
	// Solutions is the number of solutions found, at most the limit asked for.
	Solutions int
	// Guesses is the number of choice points: the times propagation stalled and search
	// had to try the candidates of a cell in turn.
	Guesses int
}

// Solve returns the first solution found, the values row by row. It returns
// ErrNoSolution when there is none, and ctx.Err() when ctx ends first.
func (m Method) Solve(ctx context.Context, b *board.Board) ([]board.Digit, error) {
	r, err := search(ctx, b, query{limit: 1, keep: 1, method: m})
	if err != nil {
		return nil, err
	}
	if r.count == 0 {
		return nil, ErrNoSolution
	}
	return r.sols[0], nil
}

// Unique returns the only solution of b. It returns ErrNoSolution when there is
// none and ErrSeveral when there are two or more.
func (m Method) Unique(ctx context.Context, b *board.Board) ([]board.Digit, error) {
	r, err := search(ctx, b, query{limit: 2, keep: 1, method: m})
	switch {
	case err != nil:
		return nil, err
	case r.count == 0:
		return nil, ErrNoSolution
	case r.count > 1:
		return nil, ErrSeveral
	}
	return r.sols[0], nil
}

// Count returns the number of solutions of b, stopping at limit: with limit 2 the
// answer 0, 1 or 2 says none, one or several.
func (m Method) Count(ctx context.Context, b *board.Board, limit int) (int, error) {
	st, err := m.CountStats(ctx, b, limit)
	return st.Solutions, err
}

// CountStats is Count that also says how many guesses the search made.
func (m Method) CountStats(ctx context.Context, b *board.Board, limit int) (Stats, error) {
	if limit < 1 {
		return Stats{}, fmt.Errorf("fallback: limit %d is not positive", limit)
	}
	r, err := search(ctx, b, query{limit: limit, method: m})
	return Stats{Solutions: r.count, Guesses: r.guesses}, err
}

// Solutions returns up to limit solutions of b, each the values row by row, in the
// order search finds them. No solution is an empty result, not an error.
func (m Method) Solutions(ctx context.Context, b *board.Board, limit int) ([][]board.Digit, error) {
	if limit < 1 {
		return nil, fmt.Errorf("fallback: limit %d is not positive", limit)
	}
	r, err := search(ctx, b, query{limit: limit, keep: limit, method: m})
	if err != nil {
		return nil, err
	}
	return r.sols, nil
}

// Refutes reports whether placing d in c leaves b with no solution. A digit that c
// cannot hold (not a candidate, or another value stands there) is refuted at once.
func (m Method) Refutes(ctx context.Context, b *board.Board, c board.Cell, d board.Digit) (bool, error) {
	if b == nil {
		return false, errNilBoard
	}
	l := b.Layout()
	if c < 0 || int(c) >= l.Cells() {
		return false, fmt.Errorf("fallback: cell %d is outside the %dx%d grid", c, l.N(), l.N())
	}
	if d < 1 || int(d) > l.N() {
		return false, fmt.Errorf("fallback: %d is not a digit of a %dx%d grid", d, l.N(), l.N())
	}
	if err := m.handles(l); err != nil {
		return false, err
	}
	if v := b.Value(c); v != 0 && v != d || v == 0 && !b.Has(c, d) {
		return true, nil
	}
	r, err := search(ctx, b, query{limit: 1, fixed: true, cell: c, digit: d, method: m})
	if err != nil {
		return false, err
	}
	return r.count == 0, nil
}

var errNilBoard = errors.New("fallback: nil board")

// query is what one search is asked for.
type query struct {
	limit int // stop after this many solutions
	keep  int // how many of them to return
	// fixed asks for solutions with digit in cell only (Refutes).
	fixed bool
	cell  board.Cell
	digit board.Digit
	// method is the search to run; Auto (the zero value) picks by layout.
	method Method
	// noCache makes the general search work out every cage's support afresh (see
	// cachedSupport): tests compare the two searches.
	noCache bool
}

// result is what one search found.
type result struct {
	count   int
	guesses int
	sols    [][]board.Digit
}

// search runs q on b with q's method, or the solver for b's layout when that is Auto.
func search(ctx context.Context, b *board.Board, q query) (result, error) {
	if b == nil {
		return result{}, errNilBoard
	}
	if err := ctx.Err(); err != nil {
		return result{}, err
	}
	l := b.Layout()
	if err := q.method.handles(l); err != nil {
		return result{}, err
	}
	switch q.method {
	case Auto:
		if l.N() == 9 && l.Variant() == 0 {
			return searchClassic(ctx, b, q)
		}
		return searchGeneral(ctx, b, q)
	case Bitboard:
		return searchClassic(ctx, b, q)
	case General:
		return searchGeneral(ctx, b, q)
	case DLX:
		return searchDLX(ctx, b, q)
	}
	return result{}, fmt.Errorf("fallback: no search method %d", q.method)
}

// handles returns an error that is ErrLayout when m cannot search layout l.
func (m Method) handles(l *board.Layout) error {
	n, v := l.N(), l.Variant()
	switch {
	case m == Bitboard && n != 9:
		return layoutErr("the bitboard search solves 9x9 grids only, not %dx%d", n, n)
	case m == Bitboard && v != 0:
		return layoutErr("the bitboard search knows rows, columns and 3x3 boxes only, not the houses of a %s grid (use general, or auto)", v)
	case m == DLX && v&board.Killer != 0:
		return layoutErr("the dlx search solves exact covers, and the cage sums of a %s grid are not one (use general, or auto)", v)
	}
	return nil
}

// layoutError is ErrLayout with what the method cannot do.
type layoutError struct{ msg string }

func (e *layoutError) Error() string        { return "fallback: " + e.msg }
func (e *layoutError) Is(target error) bool { return target == ErrLayout }

// layoutErr returns an error that is ErrLayout, with the message formatted.
func layoutErr(format string, args ...any) error {
	return &layoutError{msg: fmt.Sprintf(format, args...)}
}

// startSets returns the set each cell may hold at the start of a search: its value
// when it has one, else its candidates, narrowed to q's digit in q's cell.
func startSets(b *board.Board, q query) []board.DigitSet {
	n := b.Layout().Cells()
	sets := make([]board.DigitSet, n)
	for c := range board.Cell(n) {
		if v := b.Value(c); v != 0 {
			sets[c] = board.DigitsOf(v)
		} else {
			sets[c] = b.Candidates(c)
		}
	}
	if q.fixed {
		sets[q.cell] &= board.DigitsOf(q.digit)
	}
	return sets
}
