package techniques

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// alsPipelineStates walks n puzzles spread over top1465 with Default() and returns a
// copy of every state where the pipeline asks ALS-XZ, the first finder of the family:
// the states the family is paid for in a walkthrough. It skips when the set is absent.
func alsPipelineStates(b *testing.B, n int) []*board.Board {
	b.Helper()
	if _, err := os.Stat(top1465Path); err != nil {
		b.Skipf("%s is absent", top1465Path)
	}
	var states []*board.Board
	ts := Default()
	for i, t := range ts {
		if t.ID != idALSXZ {
			continue
		}
		find := t.Find
		ts[i].Find = func(p *Pass) {
			states = append(states, p.Board().Clone())
			find(p)
		}
	}
	for _, p := range spread(readPuzzleFile(b, top1465Path), n) {
		if _, err := Solve(context.Background(), p, Options{Techniques: ts}); err != nil {
			b.Fatalf("%s: %v", p, err)
		}
	}
	if len(states) == 0 {
		b.Fatal("the pipeline never reached ALS-XZ")
	}
	return states
}

// BenchmarkALSPipelineStates times, at the states where a walkthrough of 60 top1465
// puzzles reaches the family, the index build and then each finder of the family run
// to the end on the built index, as the pipeline calls them one after the other. It
// reports microseconds of CPU per state for the index and for each finder (the process's
// CPU time, steadier than the wall clock on a shared machine; it counts the garbage
// collector's work too), and the wall-clock total.
func BenchmarkALSPipelineStates(b *testing.B) {
	states := alsPipelineStates(b, 60)
	if _, ok := cpuTime(); !ok {
		b.Skip("no CPU time on this system")
	}
	techs := []Technique{ALSXZ, ALSXYWing, ALSChain, DeathBlossom}
	spent := make([]time.Duration, 1+len(techs))
	steps := 0
	var wall time.Duration
	for b.Loop() {
		clear(spent)
		steps = 0
		start := time.Now()
		st := newSolveState()
		for _, s := range states {
			last, _ := cpuTime()
			lap := func(i int) {
				now, _ := cpuTime()
				spent[i] += now - last
				last = now
			}
			st.alsIndex(s)
			lap(0)
			for i, tech := range techs {
				st.pass(context.Background(), s, tech, func(explain.Step) bool { steps++; return true }).run()
				lap(i + 1)
			}
			st.invalidate()
		}
		wall = time.Since(start)
	}
	per := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(len(states)) }
	var total time.Duration
	for _, d := range spent {
		total += d
	}
	b.ReportMetric(per(spent[0]), "index-cpu-us/state")
	for i, tech := range techs {
		b.ReportMetric(per(spent[i+1]), tech.ID+"-cpu-us/state")
	}
	b.ReportMetric(per(total), "cpu-us/state")
	b.ReportMetric(per(wall), "us/state")
	b.ReportMetric(float64(len(states)), "states")
	b.ReportMetric(float64(steps)/float64(len(states)), "steps/state")
	b.ReportMetric(0, "ns/op")
}
