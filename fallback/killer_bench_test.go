package fallback

import (
	"context"
	"errors"
	"flag"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var killerBudget = flag.Duration("killerbudget", 10*time.Second, "the time BenchmarkKiller gives one puzzle before it counts it unfinished")

// BenchmarkKiller proves each shared killer unique (Auto's Count, limit 2) one
// puzzle at a time and reports, beside the mean, the median and the largest thread
// CPU time per puzzle, the line of the slowest puzzle, and how many puzzles ran past
// -killerbudget (they count as slower than any other in the median):
//
//	go test ./fallback -run '^$' -bench Killer -benchtime 1x
func BenchmarkKiller(b *testing.B) {
	for _, kind := range []string{"killer", "killer-hard"} {
		b.Run(kind+"-dev", func(b *testing.B) {
			cases := variantSet(b, kind, 0, 1)
			ctx := context.Background()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			const unfinished = int64(1) << 62
			cpu := make([]int64, len(cases))
			wall := make([]int64, len(cases))
			var total int64
			for b.Loop() {
				for i, vc := range cases {
					pctx, cancel := context.WithTimeout(ctx, *killerBudget)
					c0, _ := threadCPU()
					t0 := time.Now()
					n, err := Count(pctx, vc.b, 2)
					w := time.Since(t0).Nanoseconds()
					c1, _ := threadCPU()
					cancel()
					total += c1 - c0
					if errors.Is(err, context.DeadlineExceeded) {
						cpu[i], wall[i] = unfinished, unfinished
						continue
					}
					require.NoError(b, err, "line %d", vc.line)
					require.Equal(b, 1, n, "line %d", vc.line)
					cpu[i], wall[i] = c1-c0, w
				}
			}
			left, slowest := 0, -1
			for i, t := range cpu {
				switch {
				case t == unfinished:
					left++
				case slowest < 0 || t > cpu[slowest]:
					slowest = i
				}
			}
			median := func(ts []int64) float64 {
				s := slices.Sorted(slices.Values(ts))
				m := s[len(s)/2]
				if len(s)%2 == 0 && m != unfinished && s[len(s)/2-1] != unfinished {
					m = (m + s[len(s)/2-1]) / 2
				}
				if m == unfinished {
					return -1
				}
				return float64(m) / 1e3
			}
			b.ReportMetric(median(cpu), "median-cpu-us")
			b.ReportMetric(median(wall), "median-us")
			b.ReportMetric(float64(total)/1e3/float64(b.N*len(cases)), "cpu-us/puzzle")
			if slowest >= 0 {
				b.ReportMetric(float64(cpu[slowest])/1e3, "max-cpu-us")
				b.ReportMetric(float64(cases[slowest].line), "slowest-line")
			}
			b.ReportMetric(float64(left), "unfinished")
			b.ReportMetric(0, "ns/op")
		})
	}
}
