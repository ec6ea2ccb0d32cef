package generate

import (
	"context"
	"testing"

	"github.com/stepdoku/stepdoku/techniques"
)

// BenchmarkGenerate reports puzzles per second on one core for the cases compared
// with QQwing: plain unique minimal 9x9, rot180 symmetry, expert-like (a chain or
// harder, rated with the Difficulty stand-in) and X-Wing as the hardest step. Each
// iteration is one puzzle, so the rate is b.N over the time. cpu-us/puzzle is the
// process's CPU time (the garbage collector's included), which other work on a
// shared machine does not inflate as it does the wall time: QQwing's figure to set
// beside it is the user and system time of `qqwing --generate 500 --one-line`
// over 500. With -benchtime 500x, the plain case makes the same 500 puzzles.
func BenchmarkGenerate(b *testing.B) {
	cases := []struct {
		name string
		opt  Options
	}{
		{"plain", Options{}},
		{"rot180", Options{Symmetry: Rot180}},
		{"expert", Options{Rater: DifficultyRater(techniques.Options{}), MinER: 6.6, MaxER: 100}},
		{"x-wing-hardest", Options{Techniques: []string{"x-wing"}, Hardest: true}},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			ctx := context.Background()
			var i, givens, attempts uint64
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				p, err := Nth(ctx, 1, i, tc.opt)
				if err != nil {
					b.Fatal(err)
				}
				i++
				givens += uint64(givenCount(p.Givens))
				attempts += uint64(p.Attempts)
			}
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(i), "cpu-us/puzzle")
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
			b.ReportMetric(float64(givens)/float64(i), "givens/puzzle")
			b.ReportMetric(float64(attempts)/float64(i), "grids/puzzle")
		})
	}
}
