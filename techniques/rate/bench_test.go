package rate

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques"
)

// top1465 reads the shared top1465 puzzles, skipping when they are absent.
func top1465(b *testing.B, n int) []*board.Board {
	b.Helper()
	f, err := os.Open(filepath.Join("..", "..", "..", "shared", "puzzles", "top1465.txt"))
	if err != nil {
		b.Skipf("no shared puzzles: %v", err)
	}
	defer f.Close()
	var out []*board.Board
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p, err := board.Parse(line)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// benchPuzzles is how many top1465 puzzles a benchmark iteration works through.
const benchPuzzles = 200

// BenchmarkRate rates top1465's first puzzles; compare with BenchmarkCheckLogic, the
// walk that `stepdoku check --logic` makes, on the same puzzles.
func BenchmarkRate(b *testing.B) {
	ps := top1465(b, benchPuzzles)
	ctx := context.Background()
	for _, p := range ps { // warm-up that checks the answers
		if _, err := Rate(ctx, p, Options{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, p := range ps {
			_, _ = Rate(ctx, p, Options{})
		}
	}
	b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
}

// BenchmarkCheckLogic is the walk of `stepdoku check --logic`: the default ladder,
// stopping where it is stuck.
func BenchmarkCheckLogic(b *testing.B) {
	ps := top1465(b, benchPuzzles)
	ctx := context.Background()
	opt := techniques.Options{Fallback: techniques.FallbackStop}
	b.ResetTimer()
	for b.Loop() {
		for _, p := range ps {
			if _, err := techniques.Solve(ctx, p, opt); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N*len(ps))/b.Elapsed().Seconds(), "puzzles/s")
}
