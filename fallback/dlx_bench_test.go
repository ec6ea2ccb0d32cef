package fallback

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/require"
)

// BenchmarkSearchMethods counts the solutions (limit 2) of each set with every
// search that applies to it, one set after another, so the searches of a set run
// back to back under the same load:
//
//	go test ./fallback -run '^$' -bench SearchMethods
//
// The sets are prefixes of the shared ones (17-clue: 10,000; top1465: all;
// forum-hardest-11plus: 2,000) and generated puzzles: 16x16 emptied as far as
// uniqueness allows, 25x25 down to 310 givens (random 25x25 puzzles turn from
// trivial at 320 givens to minutes at 300: near 310 they take 0.3 to 70 ms).
// The shared variant sets follow (Sudoku-X, windoku, jigsaw, killer, and the first
// 18 of killer-hard, see the package doc), each with the searches that handle it.
// Auto runs beside the three, so each set says what the default costs.
func BenchmarkSearchMethods(b *testing.B) {
	shared := []struct {
		name, file string
		max        int
	}{
		{"17-clue", "17-clue.txt", 10000},
		{"top1465", "top1465.txt", 0},
		{"forum-hardest-11plus", "forum-hardest-11plus.txt", 2000},
	}
	for _, set := range shared {
		b.Run(set.name, func(b *testing.B) {
			benchMethods(b, parseAll(b, sharedSet(b, set.file, set.max)))
		})
	}
	for _, gen := range []struct{ n, keep int }{{16, 0}, {25, 310}} {
		b.Run(fmt.Sprintf("generated-%dx%d", gen.n, gen.n), func(b *testing.B) {
			benchMethods(b, generatedPuzzles(b, gen.n, 6, gen.keep))
		})
	}
	for _, vk := range variantKinds {
		b.Run(vk.kind+"-dev", func(b *testing.B) {
			var boards []*board.Board
			for _, vc := range variantSet(b, vk.kind, vk.rules, 1) {
				if vk.kind == "killer-hard" && vc.line > 18 {
					break // lines 19 to 34 take the search seconds each (TestKillerHard)
				}
				boards = append(boards, vc.b)
			}
			benchMethods(b, boards)
		})
	}
}

// generatedPuzzles returns count puzzles of side n, each a random grid emptied
// while its solution stays unique, down to keep givens (fixed seeds: the same
// puzzles every run).
func generatedPuzzles(b *testing.B, n, count, keep int) []*board.Board {
	l, err := board.LayoutOf(n)
	require.NoError(b, err)
	var out []*board.Board
	for seed := range uint64(count) {
		rng := rand.New(rand.NewPCG(seed, uint64(n)))
		p, err := board.FromDigits(l, carve(b, l, fullGrid(l, rng), keep, rng))
		require.NoError(b, err)
		out = append(out, p)
	}
	return out
}

// benchMethods runs one sub-benchmark per search that applies to the boards.
func benchMethods(b *testing.B, boards []*board.Board) {
	handle, _ := methodsFor(boards[0].Layout())
	for _, m := range []Method{Bitboard, General, DLX, Auto} {
		if !slices.Contains(handle, m) {
			continue
		}
		b.Run(m.String(), func(b *testing.B) { benchMethod(b, m, boards) })
	}
}

// benchMethod is benchCount with the search m, after a warm-up pass that checks
// m finds exactly one solution of each board.
func benchMethod(b *testing.B, m Method, boards []*board.Board) {
	ctx := context.Background()
	for i, bd := range boards {
		n, err := m.Count(ctx, bd, 2)
		require.NoError(b, err)
		require.Equal(b, 1, n, "puzzle %d", i+1)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := threadCPU()
	guesses := 0
	for b.Loop() {
		for _, bd := range boards {
			st, _ := m.CountStats(ctx, bd, 2)
			guesses += st.Guesses
		}
	}
	cpu1, _ := threadCPU()
	reportPerPuzzle(b, len(boards), cpu1-cpu0, cpuOK, guesses)
}

// reportPerPuzzle reports the wall and thread CPU time and the guesses per puzzle
// of b.N passes over a set of size puzzles, instead of ns/op.
func reportPerPuzzle(b *testing.B, size int, cpuNanos int64, cpuOK bool, guesses int) {
	puzzles := float64(b.N * size)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/puzzles, "us/puzzle")
	if cpuOK {
		b.ReportMetric(float64(cpuNanos)/1e3/puzzles, "cpu-us/puzzle")
	}
	b.ReportMetric(float64(guesses)/puzzles, "guesses/puzzle")
	b.ReportMetric(0, "ns/op")
}
