package techniques

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// TestSueDeCoqMemo walks the sample puzzles and the 16x16 grid with one solve state, as
// the pipeline does, and checks on every stuck state that Sue de Coq, skipping the
// lines and boxes its memo says gave nothing, finds what a fresh solve finds.
func TestSueDeCoqMemo(t *testing.T) {
	lines := readPuzzleLines(t, forcingSamplePath, 0)
	if testing.Short() {
		lines = lines[:min(len(lines), 12)]
	}
	lines = append(lines, grid16)
	ctx := context.Background()
	all := withForcing(slices.Clone(basics))
	states, steps := 0, 0
	for _, line := range lines {
		b, sol := solvedPuzzle(t, line)
		st := newSolveState()
		for !b.Solved() && states < 400 {
			advance(t, b, basics, sol)
			if b.Solved() {
				break
			}
			var got []explain.Step
			st.invalidate()
			st.pass(ctx, b, SueDeCoq, func(s explain.Step) bool {
				got = append(got, s)
				return true
			}).run()
			want, err := SueDeCoq.Steps(ctx, b, 0)
			require.NoError(t, err)
			require.Equal(t, oneLiners(b.Layout(), want), oneLiners(b.Layout(), got), "%s, state %d", line, states)
			states++
			steps += len(got)
			s, _, ok := firstOn(b, all, Knowledge{Unique: true})
			if !ok {
				break
			}
			mustApply(t, b, s)
		}
	}
	require.Positive(t, steps, "no Sue de Coq on any state walked")
}

func oneLiners(l *board.Layout, ss []explain.Step) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = explain.OneLiner(l, s)
	}
	return out
}
