package fallback

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/require"
)

// FuzzSolve feeds arbitrary strings: the first 81 bytes are a grid ('1'-'9' a given,
// anything else empty), the bytes after it pairs of (cell, digit) to eliminate, so
// pencil-mark states are fuzzed too. Search must never panic, any solution must be
// valid and keep the board's values and candidates, and the general solver must
// agree on whether there is one.
func FuzzSolve(f *testing.F) {
	for _, tc := range builtIn {
		f.Add(tc.grid)
	}
	f.Fuzz(func(t *testing.T, s string) {
		b := fuzzBoard(t, s)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		sol, err := Solve(ctx, b)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Skip("search too long")
		}
		if err == nil {
			checkSolution(t, b, sol)
		} else {
			require.ErrorIs(t, err, ErrNoSolution)
		}
		r, err := searchGeneral(ctx, b, query{limit: 1})
		if errors.Is(err, context.DeadlineExceeded) {
			t.Skip("general search too long")
		}
		require.NoError(t, err)
		require.Equal(t, sol != nil, r.count == 1, "classic and general disagree on %q", s)
	})
}

// fuzzBoard reads a fuzzed string as a 9x9 board: its first 81 bytes are the values
// ('1'-'9', anything else empty), each pair of bytes after them removes a candidate.
func fuzzBoard(t *testing.T, s string) *board.Board {
	t.Helper()
	ds := make([]board.Digit, 81)
	for i := 0; i < 81 && i < len(s); i++ {
		if s[i] >= '1' && s[i] <= '9' {
			ds[i] = board.Digit(s[i] - '0')
		}
	}
	b, err := board.FromDigits(board.Classic, ds)
	require.NoError(t, err)
	for i := 81; i+1 < len(s); i += 2 {
		b.Eliminate(board.Cell(int(s[i])%81), board.Digit(s[i+1]%9+1))
	}
	return b
}
