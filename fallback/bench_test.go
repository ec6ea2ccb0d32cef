package fallback

import (
	"context"
	"flag"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/require"
)

var benchAll = flag.Bool("benchall", false, "benchmark every puzzle of the shared sets, not the first 10,000")

// benchSets are the shared sets BenchmarkCount runs, with the prefix it takes of the
// large ones so that one iteration stays near a second.
var benchSets = []struct {
	name, file string
	max        int
}{
	{"17-clue", "17-clue.txt", 10000},
	{"top1465", "top1465.txt", 0},
	{"forum-hardest-11plus", "forum-hardest-11plus.txt", 10000},
}

// BenchmarkCount counts the solutions (limit 2) of every puzzle of a set per
// iteration, after a warm-up pass that checks each has exactly one.
func BenchmarkCount(b *testing.B) {
	for _, set := range benchSets {
		b.Run(set.name, func(b *testing.B) {
			max := set.max
			if *benchAll {
				max = 0
			}
			boards := parseAll(b, sharedSet(b, set.file, max))
			benchCount(b, boards)
		})
	}
}

// BenchmarkCountGeneral runs the general solver on generated 16x16 puzzles, each
// emptied as far as uniqueness allows.
func BenchmarkCountGeneral(b *testing.B) {
	l, err := board.LayoutOf(16)
	require.NoError(b, err)
	var boards []*board.Board
	for seed := range uint64(4) {
		rng := rand.New(rand.NewPCG(seed, 16))
		p, err := board.FromDigits(l, carve(b, l, fullGrid(l, rng), 0, rng))
		require.NoError(b, err)
		boards = append(boards, p)
	}
	benchCount(b, boards)
}

func parseAll(tb testing.TB, lines []string) []*board.Board {
	tb.Helper()
	out := make([]*board.Board, len(lines))
	for i, s := range lines {
		out[i] = parseGrid(tb, s)
	}
	return out
}

func benchCount(b *testing.B, boards []*board.Board) {
	ctx := context.Background()
	for i, bd := range boards {
		n, err := Count(ctx, bd, 2)
		require.NoError(b, err)
		require.Equal(b, 1, n, "puzzle %d", i+1)
	}
	// CPU time of this thread, beside the wall time: on a machine shared with other
	// work it is the steadier figure.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, cpuOK := threadCPU()
	guesses := 0
	for b.Loop() {
		for _, bd := range boards {
			st, _ := CountStats(ctx, bd, 2)
			guesses += st.Guesses
		}
	}
	cpu1, _ := threadCPU()
	puzzles := float64(b.N * len(boards))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e3/puzzles, "us/puzzle")
	if cpuOK {
		b.ReportMetric(float64(cpu1-cpu0)/1e3/puzzles, "cpu-us/puzzle")
	}
	b.ReportMetric(float64(guesses)/puzzles, "guesses/puzzle")
	b.ReportMetric(0, "ns/op")
}
