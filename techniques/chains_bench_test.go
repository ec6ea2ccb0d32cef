package techniques

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/stepdoku/stepdoku/board"
)

// hardStates are the board states where walkthroughs of 60 puzzles spread over
// top1465 reach the grouped chains: every easier technique has failed there, so these
// are the states whose cost the walkthrough benchmark's mean is made of.
var hardStates struct {
	once   sync.Once
	states []*board.Board
}

func loadHardStates(b *testing.B) []*board.Board {
	b.Helper()
	if _, err := os.Stat(top1465Path); err != nil {
		b.Skipf("%s is absent", top1465Path)
	}
	hardStates.once.Do(func() {
		ts := Default()
		for i := range ts {
			if ts[i].ID != idGroupedContinuousLoop {
				continue
			}
			find := ts[i].Find
			ts[i].Find = func(p *Pass) {
				hardStates.states = append(hardStates.states, p.Board().Clone())
				find(p)
			}
		}
		for _, p := range spread(readPuzzleFile(b, top1465Path), 60) {
			if _, err := Solve(context.Background(), p, Options{Techniques: ts}); err != nil {
				b.Fatalf("%s: %v", p, err)
			}
		}
	})
	return hardStates.states
}

// BenchmarkChainEngine measures the shared chain engine on the hard states: building
// the graph of the grouped chains, finding its components (the filters' base), and on
// top of those the searches of the continuous loop (kept to components), the
// refutation and placement searches of the discontinuous loop, and the filter of the
// open chains. cpu-us/state counts the CPU time of the whole process (the collector
// included), which other processes on the machine do not inflate.
func BenchmarkChainEngine(b *testing.B) {
	states := loadHardStates(b)
	run := func(name string, f func(s *board.Board)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				for _, s := range states {
					f(s)
				}
			}
			n := float64(b.N * len(states))
			b.ReportMetric(float64(b.Elapsed().Microseconds())/n, "us/state")
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/n, "cpu-us/state")
			}
			b.ReportMetric(0, "ns/op")
		})
	}
	v := chainView{maxLinks: chainMaxLinks}
	run("graph", func(s *board.Board) { buildChainGraph(testScratch(), s, allGroupedLinks) })
	run("components", func(s *board.Board) { buildChainGraph(testScratch(), s, allGroupedLinks).components() })
	run("loops", func(s *board.Board) { v.loopSearches(buildChainGraph(testScratch(), s, allGroupedLinks)) })
	run("refutations", func(s *board.Board) {
		g := buildChainGraph(testScratch(), s, allGroupedLinks)
		mayRefute, mayPlace := g.refutable()
		v.refutations(g, mayRefute, mayPlace)
	})
	run("open-filter", func(s *board.Board) { buildChainGraph(testScratch(), s, allGroupedLinks).openStarts() })
}
