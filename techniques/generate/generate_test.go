package generate

import (
	"context"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stretchr/testify/require"
)

// count returns the number of solutions of values, up to 2.
func count(t testing.TB, l *board.Layout, values []board.Digit) int {
	t.Helper()
	b, err := board.FromDigits(l, values)
	require.NoError(t, err)
	n, err := fallback.Count(context.Background(), b, 2)
	require.NoError(t, err)
	return n
}

// requireMinimal fails unless removing any single given of p leaves several solutions.
func requireMinimal(t testing.TB, l *board.Layout, p []board.Digit) {
	t.Helper()
	q := append([]board.Digit(nil), p...)
	for c, d := range q {
		if d == 0 {
			continue
		}
		q[c] = 0
		require.Equal(t, 2, count(t, l, q), "given %s=%d of %s can go", l.CellName(board.Cell(c)), d, board.Line(p))
		q[c] = d
	}
}

// requireSolution fails unless sol is a valid solved grid holding every given of p.
func requireSolution(t testing.TB, l *board.Layout, p, sol []board.Digit) {
	t.Helper()
	b, err := board.FromDigits(l, sol)
	require.NoError(t, err)
	require.True(t, b.Solved())
	require.Empty(t, b.Problems())
	for c, d := range p {
		if d != 0 {
			require.Equal(t, d, sol[c], "given at %s", l.CellName(board.Cell(c)))
		}
	}
}
