package techniques

import (
	"context"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// racePuzzles are hard puzzles the concurrency test always has, whether or not the
// shared sets are there: Easter Monster and the first of forum-hardest-11plus.
var racePuzzles = []string{
	"1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
	"98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
}

// raceStates returns, for each hard puzzle (racePuzzles, then the first top1465 lines
// and the first puzzle of each shared variant set when the shared sets are there), the
// state where the first techniques of the ladder are stuck: the costly finders (and on
// a variant, those that follow its houses and cages) all have work there.
func raceStates(t *testing.T) []*board.Board {
	t.Helper()
	var boards []*board.Board
	for _, line := range append(slices.Clone(racePuzzles), puzzleLines(t, top1465Path, 2)...) {
		b, err := board.Parse(line)
		require.NoError(t, err)
		boards = append(boards, b)
	}
	boards = append(boards, firstVariantPuzzles(t, nil)...)
	simple := Default()[:5]
	var out []*board.Board
	for _, b := range boards {
		for {
			s, _, ok := firstOn(b, simple, Knowledge{Unique: true})
			if !ok {
				break
			}
			mustApply(t, b, s)
		}
		out = append(out, b)
	}
	return out
}

// TestConcurrent runs every technique of Default() and Optional() from four
// goroutines at once over the same hard states, each call started together with the
// others, then whole solves side by side, and checks that each goroutine finds what a
// lone run finds. Under -race it catches state the techniques share between solves (a
// finder writing to its declared value, a package memo or pool). The concurrent calls
// come first, before any lone run: a finder that writes to its shared value only on
// its first call is caught too.
func TestConcurrent(t *testing.T) {
	states := raceStates(t)
	ts := append(Default(), Optional()...)
	ctx := context.Background()
	const workers = 4
	// got[w][i] are the first steps of every technique on state i, in worker w.
	got := make([][][]explain.Step, workers)
	for w := range got {
		got[w] = make([][]explain.Step, len(states))
	}
	for _, tech := range ts {
		for i, b := range states {
			start := make(chan struct{})
			var wg sync.WaitGroup
			for w := range workers {
				wg.Go(func() {
					<-start
					steps, err := tech.Steps(ctx, b, 1)
					if err != nil {
						t.Errorf("%s: %v", tech.ID, err)
					}
					got[w][i] = append(got[w][i], steps...)
				})
			}
			close(start)
			wg.Wait()
		}
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			if _, err := Solve(ctx, states[w%len(states)], Options{}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	for i, b := range states {
		var want []explain.Step
		for _, tech := range ts {
			steps, err := tech.Steps(ctx, b, 1)
			require.NoError(t, err, tech.ID)
			want = append(want, steps...)
		}
		for w := range workers {
			require.Equal(t, want, got[w][i], "worker %d, state %d", w, i)
		}
	}
}
