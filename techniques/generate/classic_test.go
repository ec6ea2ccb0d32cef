package generate

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stretchr/testify/require"
)

// TestClassicSearchAgreesWithFallback asks the generator's own classic search and the
// fallback search the same questions: how many solutions (up to 2) a puzzle has, and
// whether one avoids a given digit in a cell, on puzzles with one, several and no
// solutions, with and without a known solution to try first.
func TestClassicSearchAgreesWithFallback(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 6))
	n := 300
	if testing.Short() {
		n = 60
	}
	seen := [3]int{}
	for i := range n {
		p, err := Nth(ctx, 9, uint64(i), Options{})
		require.NoError(t, err)
		q := append([]board.Digit(nil), p.Givens...)
		switch i % 3 {
		case 1: // one given fewer: several solutions
			for {
				c := rng.IntN(81)
				if q[c] != 0 {
					q[c] = 0
					break
				}
			}
		case 2: // an empty cell filled with a digit that is not its solution's
			for {
				c := rng.IntN(81)
				if q[c] == 0 {
					q[c] = p.Solution[c]%9 + 1
					break
				}
			}
		}
		b, err := board.FromDigits(board.Classic, q)
		require.NoError(t, err)
		want, err := fallback.Count(ctx, b, 2)
		require.NoError(t, err)
		seen[want]++
		var g grid81
		for _, known := range [][]board.Digit{nil, p.Solution} {
			g.load(q)
			got, err := count9(ctx, &g, 2, known, -1)
			require.NoError(t, err)
			require.Equal(t, want, got, "puzzle %s", board.Line(q))
		}
		// Is there a solution without the solution's digit in an empty cell?
		c := 0
		for q[c] != 0 {
			c++
		}
		d := p.Solution[c]
		b.Eliminate(board.Cell(c), d)
		want, err = fallback.Count(ctx, b, 1)
		require.NoError(t, err)
		g.load(q)
		g.pos[d-1] = g.pos[d-1].andNot(cell81(c))
		got, err := count9(ctx, &g, 1, p.Solution, c)
		require.NoError(t, err)
		require.Equal(t, want, got, "puzzle %s without %s=%d", board.Line(q), board.Classic.CellName(board.Cell(c)), d)
	}
	require.Positive(t, seen[0], "no puzzle without a solution was asked about")
	require.Positive(t, seen[1], "no unique puzzle was asked about")
	require.Positive(t, seen[2], "no puzzle with several solutions was asked about")
}

func TestSolve9(t *testing.T) {
	ctx := context.Background()
	p, err := Nth(ctx, 3, 0, Options{})
	require.NoError(t, err)
	sol, err := solve9(ctx, p.Givens)
	require.NoError(t, err)
	require.Equal(t, p.Solution, sol)
	empty := make([]board.Digit, 81)
	sol, err = solve9(ctx, empty)
	require.NoError(t, err)
	requireSolution(t, board.Classic, empty, sol)
	bad := append([]board.Digit(nil), p.Givens...)
	for c := range bad {
		if bad[c] == 0 {
			bad[c] = p.Solution[c]%9 + 1
			break
		}
	}
	_, err = solve9(ctx, bad)
	require.ErrorIs(t, err, fallback.ErrNoSolution)
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = solve9(canceled, empty)
	require.ErrorIs(t, err, context.Canceled)
}
