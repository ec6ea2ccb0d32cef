package techniques

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// lendingSolver returns a Solver that lends the forcing nets on every state where a
// core is free, however quickly the state would end (help.after 0): every state
// races the caller against the helper, not just the slow ones.
func lendingSolver() *Solver {
	sv := NewSolver()
	sv.help.st = newSolveState()
	return sv
}

// lendPuzzles are the puzzles the lending tests walk: the hard 9x9s of the race test,
// the 16x16 of the benchmarks (not with -short), and when the shared sets are there the first top1465
// lines and the first puzzle of each variant set (the nets follow their houses and
// cages too).
func lendPuzzles(t *testing.T) []*board.Board {
	t.Helper()
	lines := append(slices.Clone(racePuzzles), grid16)
	if testing.Short() {
		lines = lines[:len(lines)-1] // the 16x16 takes a while under -race
	}
	lines = append(lines, puzzleLines(t, top1465Path, 3)...)
	var out []*board.Board
	for _, line := range lines {
		b, err := board.Parse(line)
		require.NoError(t, err)
		out = append(out, b)
	}
	return append(out, firstVariantPuzzles(t, nil)...)
}

// TestLentStepsSame checks that a solve lending its forcing nets to a helper walks
// exactly as one trying the techniques one after another: the same steps, in the
// same order, whichever goroutine found each.
func TestLentStepsSame(t *testing.T) {
	ctx := context.Background()
	for i, b := range lendPuzzles(t) {
		want, err := Solve(ctx, b, Options{})
		require.NoError(t, err)
		cores := NewCores(4) // a core to lend whatever the machine has
		sv := lendingSolver()
		got, err := sv.Solve(ctx, b, Options{Cores: cores})
		require.NoError(t, err)
		require.Positive(t, sv.help.lent, "puzzle %d: no state was lent", i)
		require.Equal(t, want.Summary, got.Summary, "puzzle %d", i)
		require.Equal(t, want.Steps, got.Steps, "puzzle %d", i)
		waitIdle(t, cores)
	}
}

// TestLentConcurrent runs lending solves on four goroutines sharing one Cores of two:
// they compete for the spare core (and mostly find none), and each walk is still the
// one a lone solve makes. Under -race it catches a helper and its caller, or two
// solves, sharing what they must not.
func TestLentConcurrent(t *testing.T) {
	ctx := context.Background()
	// The 9x9s and variants: TestLentStepsSame walks the 16x16.
	puzzles := slices.DeleteFunc(lendPuzzles(t), func(b *board.Board) bool { return b.Layout().N() > 9 })
	want := make([][]string, len(puzzles))
	for i, b := range puzzles {
		tr, err := Solve(ctx, b, Options{})
		require.NoError(t, err)
		for _, s := range tr.Steps {
			want[i] = append(want[i], s.Technique)
		}
	}
	cores := NewCores(2)
	const workers = 4
	got := make([][][]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		got[w] = make([][]string, len(puzzles))
		wg.Go(func() {
			sv := lendingSolver()
			for k := range puzzles {
				i := (k + w) % len(puzzles)
				tr, err := sv.Solve(ctx, puzzles[i], Options{Cores: cores})
				if err != nil {
					t.Error(err)
					return
				}
				for _, s := range tr.Steps {
					got[w][i] = append(got[w][i], s.Technique)
				}
			}
		})
	}
	wg.Wait()
	for w := range workers {
		for i := range puzzles {
			require.Equal(t, want[i], got[w][i], "worker %d, puzzle %d", w, i)
		}
	}
	waitIdle(t, cores)
}

// TestLentCancel cancels a lending solve of the 16x16 while it runs: Solve returns the
// context's error, and the helper gives its core back.
func TestLentCancel(t *testing.T) {
	b := parsed(grid16)(t)
	cores := NewCores(2)
	for _, after := range []time.Duration{time.Millisecond, 20 * time.Millisecond, 60 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(after, cancel)
		_, err := lendingSolver().Solve(ctx, b, Options{Cores: cores})
		cancel()
		if err == nil {
			continue // this machine walked it before the cancel came
		}
		require.True(t, errors.Is(err, context.Canceled), "cancelled after %v: %v", after, err)
	}
	waitIdle(t, cores)
}

// waitIdle waits for every helper of the solves that shared cores to stop: a helper
// told to stop may still be on its way out when Solve returns. The wait is bounded
// (a helper that never stops fails the test), not timed.
func waitIdle(t *testing.T, cores *Cores) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for cores.busy.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d cores still busy 30 s after the solves returned", cores.busy.Load())
		}
		time.Sleep(time.Millisecond)
	}
}

// TestLentCountBeside solves puzzles with one solution, several and none, with a core
// to count the solutions beside the walk (which assumes one meanwhile): the trace is
// the one a solve that counts first makes, the walk started again without uniqueness
// for several solutions and dropped for none.
func TestLentCountBeside(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ name, line string }{
		{"unique", racePuzzles[0]},
		{"several", "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...."},
		{"several, nearly empty", strings.Repeat(".", 80) + "2"},
		// A top1465 puzzle less a given: assuming one solution, the walk would take
		// a Unique Rectangle at its 16th step.
		{"several, a rectangle", "....3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"},
		// Easter Monster with r7c6's 9 made a 4: no solution, and no cell or house
		// empty at the start.
		{"none", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...4.8...2.....1"},
	} {
		b := parsed(c.line)(t)
		want, err := Solve(ctx, b, Options{})
		require.NoError(t, err, c.name)
		cores := NewCores(4)
		got, err := lendingSolver().Solve(ctx, b, Options{Cores: cores})
		require.NoError(t, err, c.name)
		require.Equal(t, want, got, c.name)
		waitIdle(t, cores)
	}
}

// TestLentSearchPrepared walks hard 9x9s with the singles and the forcing net verity
// alone, lent on every state: the verity finds a step on some states and nothing on
// others, where the caller, which has no technique left, prepares the search step
// while the helper tries. The walk is the one a lone solve makes, search steps and
// all.
func TestLentSearchPrepared(t *testing.T) {
	ctx := context.Background()
	opt := Options{Techniques: []Technique{FullHouse, HiddenSingle, NakedSingle, ForcingNetVerity}}
	for i, line := range racePuzzles {
		b := parsed(line)(t)
		want, err := Solve(ctx, b, opt)
		require.NoError(t, err)
		require.True(t, want.Summary.UsedFallback, "puzzle %d: no search step to prepare", i)
		require.True(t, slices.ContainsFunc(want.Steps, func(s explain.Step) bool { return s.Technique == ForcingNetVerity.ID }),
			"puzzle %d: the verity found nothing", i)
		cores := NewCores(4)
		sv := lendingSolver()
		lent := opt
		lent.Cores = cores
		got, err := sv.Solve(ctx, b, lent)
		require.NoError(t, err)
		require.Positive(t, sv.help.lent, "puzzle %d: no state was lent", i)
		require.Equal(t, want, got, "puzzle %d", i)
		waitIdle(t, cores)
	}
}

// TestLentAloneEarly walks with a short ladder in which the helper takes, with the
// forcing nets, the techniques that need nothing the others build (Technique.alone)
// whenever the caller has not reached them: on every state, as the helper lends at
// once, and again with the caller held until the helper is done with them. The steps
// the helper finds with them must be taken only when the caller's techniques before
// them find none: the walk is the one a lone solve makes.
func TestLentAloneEarly(t *testing.T) {
	ctx := context.Background()
	ladder := []Technique{FullHouse, HiddenSingle, NakedSingle, LockedCandidatesPointing, LockedCandidatesClaiming,
		NakedPair, XYWing, WXYZWing, XChain, Medusa3D, XYChain, SueDeCoq, ForcingNetContradiction, ForcingNetVerity}
	for _, tech := range ladder {
		require.NotNil(t, tech.Find, tech.ID)
	}
	for _, hold := range []bool{false, true} {
		taken := 0
		for i, b := range lendPuzzles(t) {
			opt := Options{Techniques: ladder}
			want, err := Solve(ctx, b, opt)
			require.NoError(t, err)
			cores := NewCores(4)
			sv := lendingSolver()
			sv.help.hold = hold // the helper's early steps come first
			opt.Cores = cores
			got, err := sv.Solve(ctx, b, opt)
			require.NoError(t, err)
			require.Equal(t, want.Steps, got.Steps, "puzzle %d, hold %v", i, hold)
			taken += sv.help.early
			waitIdle(t, cores)
		}
		require.Positive(t, taken, "hold %v: no step came from the helper's early techniques", hold)
	}
}
