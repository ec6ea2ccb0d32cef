package techniques

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

// hardestPath is the shared list of the forum's hardest puzzles (SE 11 and above).
const hardestPath = "../../shared/puzzles/forum-hardest-11plus.txt"

// hardPatterns are the pattern techniques tried after the nets, on the states where
// the rest of the ladder stalls.
func hardPatterns() []Technique { return []Technique{JuniorExocet, MultiSectorLockedSet} }

// stallState walks puzzle with the ladder before the patterns (beforePatterns) until no
// technique applies, and returns that state (the one where the solver would take a
// search step, and where the patterns are tried).
func stallState(tb testing.TB, puzzle string) *board.Board {
	tb.Helper()
	ts := beforePatterns()
	b, err := board.Parse(puzzle)
	require.NoError(tb, err)
	tr, err := Solve(context.Background(), b.Clone(), Options{Techniques: ts, Fallback: FallbackStop})
	require.NoError(tb, err)
	for _, s := range tr.Steps {
		require.NoError(tb, explain.Apply(b, s))
	}
	return b
}

// TestHardPatternsSweep applies the junior exocet and the multi-sector locked sets to
// the stall states of puzzles spread over the forum's hardest list (4 in the plain
// run, 200 with STEPDOKU_FULL=1), checks every elimination against the unique
// solution, and reports how often each fires.
func TestHardPatternsSweep(t *testing.T) {
	n := 4
	if os.Getenv("STEPDOKU_FULL") != "" {
		n = 200
	}
	if testing.Short() {
		t.Skip("walks hard puzzles to their stall")
	}
	ps := spreadLines(readPuzzleLines(t, hardestPath, 0), n)
	fired := map[string]int{}
	for i, p := range ps {
		b := stallState(t, p)
		if b.Solved() {
			continue
		}
		puzzle, err := board.Parse(p)
		require.NoError(t, err)
		sol, err := fallback.Solve(context.Background(), puzzle)
		require.NoError(t, err)
		for _, tech := range hardPatterns() {
			steps := findAll(tech, b)
			if len(steps) > 0 {
				fired[tech.ID]++
			}
			for _, s := range steps {
				requireStepShape(t, b, s)
				for _, e := range s.Eliminations {
					require.NotEqual(t, sol[e.Cell], e.Digit, "puzzle %d %s: %s removes the solution %s",
						i+1, p, explain.OneLiner(b.Layout(), s), b.Layout().CandidateName(e))
				}
			}
		}
	}
	t.Logf("on %d stall states: %s", len(ps), fmt.Sprint(fired))
}

// spreadLines returns n of xs spread evenly over it (all when n >= len(xs)).
func spreadLines(xs []string, n int) []string {
	if n >= len(xs) {
		return xs
	}
	out := make([]string, n)
	for i := range n {
		out[i] = xs[i*len(xs)/n]
	}
	return out
}

// BenchmarkHardPatterns measures one full scan of the junior exocet and the
// multi-sector locked sets (every step reported) on the start states of forum-hardest
// puzzles: the cases of both fixtures. ns/call is the wall time of one finder call on
// one state, cpu-ns/call its CPU time.
func BenchmarkHardPatterns(b *testing.B) {
	var states []*board.Board
	files := fixtureFiles(b)
	for _, tech := range hardPatterns() {
		for _, c := range readFixture(b, files[tech.ID]).Cases {
			states = append(states, caseBoard(b, c))
		}
	}
	for _, tech := range hardPatterns() {
		b.Run(tech.ID, func(b *testing.B) { benchFinder(b, tech, states) })
	}
}
