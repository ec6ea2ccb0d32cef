package fallback

import (
	"context"
	"fmt"

	"github.com/stepdoku/stepdoku/board"
)

// Method is a choice of search. Every query is a method of it (DLX.Count,
// General.Solve ...), so searches can be compared or picked by name (a CLI's
// --search); the package's functions are Auto's. All methods give the same
// answers; they differ in speed and in the guesses they count.
type Method uint8

const (
	// Auto is the bitboard search on 9x9 grids and the general search on the others.
	Auto Method = iota
	// Bitboard is the 9x9 bitboard search; on any other size a query returns an error.
	Bitboard
	// General is the search over the layout's houses with naked and hidden singles
	// and locked candidates, for every layout.
	General
	// DLX is Algorithm X with dancing links over the layout's exact cover, for every
	// layout.
	DLX
)

var methodNames = [...]string{Auto: "auto", Bitboard: "bitboard", General: "general", DLX: "dlx"}

// String is the method's name, as ParseMethod reads it.
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// ParseMethod reads a method's name: auto, bitboard, general or dlx.
func ParseMethod(s string) (Method, error) {
	for m, name := range methodNames {
		if s == name {
			return Method(m), nil
		}
	}
	return 0, fmt.Errorf("fallback: no search named %q (auto, bitboard, general, dlx)", s)
}

// MarshalText writes the method's name, so a Method works with flag.TextVar.
func (m Method) MarshalText() ([]byte, error) {
	if int(m) >= len(methodNames) {
		return nil, fmt.Errorf("fallback: no search method %d", uint8(m))
	}
	return []byte(methodNames[m]), nil
}

// UnmarshalText reads a method's name as ParseMethod does.
func (m *Method) UnmarshalText(text []byte) error {
	got, err := ParseMethod(string(text))
	if err != nil {
		return err
	}
	*m = got
	return nil
}

// Solve returns the first solution found, the values row by row. It returns
// ErrNoSolution when there is none, and ctx.Err() when ctx ends first. It is
// Auto.Solve; DLX.Solve and the others pick the search.
func Solve(ctx context.Context, b *board.Board) ([]board.Digit, error) {
	return Auto.Solve(ctx, b)
}

// Unique returns the only solution of b. It returns ErrNoSolution when there is
// none and ErrSeveral when there are two or more. It is Auto.Unique.
func Unique(ctx context.Context, b *board.Board) ([]board.Digit, error) {
	return Auto.Unique(ctx, b)
}

// Count returns the number of solutions of b, stopping at limit: with limit 2 the
// answer 0, 1 or 2 says none, one or several. It is Auto.Count.
func Count(ctx context.Context, b *board.Board, limit int) (int, error) {
	return Auto.Count(ctx, b, limit)
}

// CountStats is Count that also says how many guesses the search made. It is
// Auto.CountStats.
func CountStats(ctx context.Context, b *board.Board, limit int) (Stats, error) {
	return Auto.CountStats(ctx, b, limit)
}

// Solutions returns up to limit solutions of b, each the values row by row, in the
// order search finds them. No solution is an empty result, not an error. It is
// Auto.Solutions.
func Solutions(ctx context.Context, b *board.Board, limit int) ([][]board.Digit, error) {
	return Auto.Solutions(ctx, b, limit)
}

// Refutes reports whether placing d in c leaves b with no solution. A digit that c
// cannot hold (not a candidate, or another value stands there) is refuted at once.
// It is Auto.Refutes.
func Refutes(ctx context.Context, b *board.Board, c board.Cell, d board.Digit) (bool, error) {
	return Auto.Refutes(ctx, b, c, d)
}
