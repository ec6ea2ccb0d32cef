package techniques

import (
	"context"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stretchr/testify/require"
)

// TestCounted checks that a walk given the caller's count (Options.Counted) is the
// walk that counts for itself, on puzzles with one solution, several and none, with
// and without a core lent, searching at a stall or stopping there.
func TestCounted(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ name, line string }{
		{"unique", racePuzzles[0]},
		{"unique, a forcing puzzle", puzzleLines(t, "../testdata/puzzles/forcing.txt", 1)[0]},
		{"several, a rectangle", "....3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"},
		{"none", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...4.8...2.....1"},
	} {
		b := parsed(c.line)(t)
		v, sols, err := fallback.Classify(ctx, b)
		require.NoError(t, err, c.name)
		for _, cores := range []*Cores{nil, NewCores(4)} {
			for _, stop := range []Fallback{FallbackSearch, FallbackStop} {
				want, err := Solve(ctx, b, Options{Cores: cores, Fallback: stop})
				require.NoError(t, err, c.name)
				got, err := lendingSolver().Solve(ctx, b, Options{Cores: cores, Fallback: stop,
					Counted: &Counted{Verdict: v, Solutions: sols}})
				require.NoError(t, err, c.name)
				require.Equal(t, want, got, c.name)
			}
		}
	}
}

// TestCountedWrong checks that a count that cannot be the board's is an error, not
// a walk on a false premise: too few solutions for its verdict, no verdict, a
// solution of another size or one that breaks a given.
func TestCountedWrong(t *testing.T) {
	ctx := context.Background()
	b := parsed(racePuzzles[0])(t)
	_, sols, err := fallback.Classify(ctx, b)
	require.NoError(t, err)
	other := parsed(racePuzzles[1])(t)
	_, otherSols, err := fallback.Classify(ctx, other)
	require.NoError(t, err)
	short := [][]board.Digit{sols[0][:80]}
	for name, c := range map[string]*Counted{
		"unique, no solution": {Verdict: fallback.UniqueSolution},
		"several, one":        {Verdict: fallback.SeveralSolutions, Solutions: sols},
		"no verdict":          {Verdict: fallback.Verdict(7), Solutions: sols},
		"80 cells":            {Verdict: fallback.UniqueSolution, Solutions: short},
		"another puzzle's":    {Verdict: fallback.UniqueSolution, Solutions: otherSols},
	} {
		_, err := Solve(ctx, b, Options{Counted: c})
		require.Error(t, err, name)
		require.Contains(t, err.Error(), "Options.Counted", name)
	}
	// The right count is taken.
	_, err = Solve(ctx, b, Options{Counted: &Counted{Verdict: fallback.UniqueSolution, Solutions: sols}})
	require.NoError(t, err)
}
