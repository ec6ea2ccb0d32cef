package techniques

import (
	"slices"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// BenchmarkFind measures one full scan of each default finder (every step reported)
// over a fixed set of mid-solve 9x9 states: the candidate states of the fixtures of
// the first families (singles to jellyfish).
// ns/call is the wall time of one finder call on one state, cpu-ns/call its CPU time.
func BenchmarkFind(b *testing.B) {
	var states []*board.Board
	files := fixtureFiles(b)
	for _, tech := range Default() {
		path, ok := files[tech.ID]
		if !ok || !slices.ContainsFunc(tech.Codes, func(c string) bool { return slices.Contains(basicCodes, c) }) {
			continue // only the first families' fixtures, so the set stays fixed
		}
		for _, c := range readFixture(b, path).Cases {
			if s := caseBoard(b, c); s.Layout() == board.Classic {
				states = append(states, s)
			}
		}
	}
	for _, tech := range Default() {
		b.Run(tech.ID, func(b *testing.B) { benchFinder(b, tech, states) })
	}
}

// benchFinder runs tech's finder on every state, reporting the time (wall and CPU) and
// the steps of one call; the per-technique finder benchmarks share it.
func benchFinder(b *testing.B, tech Technique, states []*board.Board) {
	b.ReportAllocs()
	steps, calls := 0, 0
	report := func(explain.Step) bool { steps++; return true }
	cpu0, cpuOK := cpuTime()
	for b.Loop() {
		for _, s := range states {
			findOn(tech, s, report)
			calls++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(calls), "ns/call")
	// CPU time (cpuTime, forcing_cpu_*_test.go) does not grow while other
	// processes hold the machine, unlike the wall clock.
	if cpu1, ok := cpuTime(); ok && cpuOK {
		b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(calls), "cpu-ns/call")
	}
	b.ReportMetric(float64(steps)/float64(calls), "steps/call")
}
