package techniques

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

var update = flag.Bool("update", false, "rewrite the walkthrough golden files in testdata/walkthroughs")

const samplePath = "../testdata/puzzles/sample.txt"

// readPuzzleFile reads every puzzle of a file (one per line, '#' comments).
func readPuzzleFile(tb testing.TB, path string) []*board.Board {
	tb.Helper()
	f, err := os.Open(path)
	require.NoError(tb, err)
	defer f.Close()
	var out []*board.Board
	r := board.NewReader(f)
	for {
		b, err := r.Next()
		if err != nil {
			require.ErrorIs(tb, err, io.EOF, "%s, line %d", path, r.Line())
			return out
		}
		out = append(out, b)
	}
}

// spread returns n puzzles taken evenly from ps (all of them when n >= len(ps)).
func spread(ps []*board.Board, n int) []*board.Board {
	if n >= len(ps) {
		return ps
	}
	out := make([]*board.Board, 0, n)
	for i := range n {
		out = append(out, ps[i*len(ps)/n])
	}
	return out
}

// TestSolveSoundness walks puzzles with the whole pipeline and checks every step against
// the unique solution: no placement wrong, no solution digit ever eliminated, and the
// walk ends with the solution. The project's own sample always runs; the shared sets,
// when present and not -short, as samples spread over each set — and with
// STEPDOKU_FULL=1 (which .ci/run sets) the long sweep: all of top1465, 1,000 of the
// hardest list, 1,500 17-clue and 300 of each kaggle set, several minutes on 2 cores.
func TestSolveSoundness(t *testing.T) {
	sets := map[string][]*board.Board{"sample": readPuzzleFile(t, samplePath)}
	sizes := map[string]int{
		"top1465": 100, "forum-hardest-11plus": 25, "17-clue": 100,
		"kaggle3m-beginner": 20, "kaggle3m-easy": 20, "kaggle3m-medium": 20,
		"kaggle3m-hard": 20, "kaggle3m-expert": 20,
	}
	if os.Getenv("STEPDOKU_FULL") != "" {
		sizes = map[string]int{
			"top1465": 1465, "forum-hardest-11plus": 1000, "17-clue": 1500,
			"kaggle3m-beginner": 300, "kaggle3m-easy": 300, "kaggle3m-medium": 300,
			"kaggle3m-hard": 300, "kaggle3m-expert": 300,
		}
	}
	if !testing.Short() {
		for name, n := range sizes {
			path := filepath.Join("../../shared/puzzles", name+".txt")
			if _, err := os.Stat(path); err != nil {
				continue
			}
			sets[name] = spread(readPuzzleFile(t, path), n)
		}
	}
	total := 0
	for _, ps := range sets {
		total += len(ps)
	}
	t.Logf("%d puzzles in %d sets", total, len(sets))
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range sets {
			if !yield(k) {
				return
			}
		}
	})
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			ps := sets[name]
			var mu sync.Mutex
			var fails []string
			noFallback, steps := 0, 0
			uses := map[string]int{} // steps per technique: the set's histogram
			work := make(chan int)
			var wg sync.WaitGroup
			for range 2 {
				wg.Go(func() {
					for i := range work {
						msg, tr := walkAndCheck(ps[i])
						mu.Lock()
						if msg != "" {
							fails = append(fails, fmt.Sprintf("puzzle %d %s: %s", i+1, ps[i], msg))
						} else if !tr.Summary.UsedFallback {
							noFallback++
						}
						steps += len(tr.Steps)
						for _, c := range tr.Summary.ByTechnique {
							uses[c.Technique] += c.Count
						}
						mu.Unlock()
					}
				})
			}
			for i := range ps {
				work <- i
			}
			close(work)
			wg.Wait()
			sort.Strings(fails)
			for _, f := range fails[:min(len(fails), 10)] {
				t.Error(f)
			}
			t.Logf("%s: %d puzzles, %d solved without a fallback step, %.1f steps/puzzle", name, len(ps), noFallback, float64(steps)/float64(len(ps)))
			t.Logf("%s: steps by technique: %s", name, histogram(uses))
		})
	}
}

// histogram writes technique counts, most used first.
func histogram(uses map[string]int) string {
	ids := make([]string, 0, len(uses))
	for id := range uses {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int { return uses[b] - uses[a] })
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = fmt.Sprintf("%s %d", id, uses[id])
	}
	return strings.Join(parts, ", ")
}

// walkAndCheck solves p with the pipeline and returns what is wrong ("" when sound) and
// the trace. A walk gets a minute, ten under -race: the hardest puzzles of the sample
// take the nested nets 5-10 times longer there, and a loaded machine took over a
// minute for one.
func walkAndCheck(p *board.Board) (string, explain.Trace) {
	var none explain.Trace
	limit := time.Minute
	if raceEnabled {
		limit = 10 * time.Minute
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	sol, err := fallback.Unique(ctx, p)
	if err != nil {
		return "oracle: " + err.Error(), none
	}
	tr, err := Solve(ctx, p, Options{})
	if err != nil {
		return err.Error(), none
	}
	b := p.Clone()
	l := b.Layout()
	for i, s := range tr.Steps {
		if bad := unsound(b, sol, s); bad != "" {
			return fmt.Sprintf("step %d %s: %s", i+1, explain.OneLiner(l, s), bad), tr
		}
		if err := explain.Apply(b, s); err != nil {
			return fmt.Sprintf("step %d: %v", i+1, err), tr
		}
	}
	if !tr.Summary.Solved || !b.Solved() {
		return "the walk did not finish", tr
	}
	for c, d := range sol {
		if b.Value(board.Cell(c)) != d {
			return "the walk ended on another grid", tr
		}
	}
	return "", tr
}

// walkthroughFile is a golden walkthrough: a puzzle and its expected trace.
type walkthroughFile struct {
	Puzzle   string   `yaml:"puzzle"`
	Source   string   `yaml:"source"`
	UpTo     string   `yaml:"up_to,omitempty"` // techniques up to this ID; default: all
	Solved   bool     `yaml:"solved"`
	Fallback bool     `yaml:"fallback"`
	Hardest  string   `yaml:"hardest"`
	Steps    []string `yaml:"steps"`
}

// TestWalkthroughs runs the pipeline on each testdata/walkthroughs/*.yaml puzzle and
// compares its trace, one canonical line per step. -update rewrites the traces (after
// a change in techniques or their order; review the diff).
func TestWalkthroughs(t *testing.T) {
	files, err := filepath.Glob("../testdata/walkthroughs/*.yaml")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 20, "the walkthrough set")
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			var want walkthroughFile
			dec := yaml.NewDecoder(strings.NewReader(string(data)))
			dec.KnownFields(true)
			require.NoError(t, dec.Decode(&want), path)
			p, err := board.Parse(want.Puzzle)
			require.NoError(t, err, path)
			var opt Options
			if want.UpTo != "" {
				opt.Techniques, err = UpTo(want.UpTo)
				require.NoError(t, err, path)
			}
			tr, err := Solve(context.Background(), p, opt)
			require.NoError(t, err, path)
			got := want
			got.Steps = nil
			for _, s := range tr.Steps {
				got.Steps = append(got.Steps, explain.OneLiner(p.Layout(), s))
			}
			got.Solved, got.Fallback, got.Hardest = tr.Summary.Solved, tr.Summary.UsedFallback, tr.Summary.Hardest
			if *update {
				out, err := yaml.Marshal(got)
				require.NoError(t, err)
				require.NoError(t, os.WriteFile(path, out, 0o644))
				return
			}
			for i := range max(len(got.Steps), len(want.Steps)) {
				g, w := at(got.Steps, i), at(want.Steps, i)
				if g != w {
					t.Fatalf("%s: step %d differs (run with -update after reviewing):\n got: %s\nwant: %s", path, i+1, g, w)
				}
			}
			assert.Equal(t, want.Solved, got.Solved, "%s: solved", path)
			assert.Equal(t, want.Fallback, got.Fallback, "%s: fallback", path)
			assert.Equal(t, want.Hardest, got.Hardest, "%s: hardest", path)
		})
	}
}

func at(xs []string, i int) string {
	if i < len(xs) {
		return xs[i]
	}
	return "(no step)"
}

// BenchmarkWalkthrough times a complete walkthrough with step records (no text) per
// puzzle of each shared set, and reports the share solved without a fallback step.
// mean-us/puzzle is the wall time of Solve, cpu-us/puzzle the process's CPU time.
func BenchmarkWalkthrough(b *testing.B) { benchWalkthrough(b, false) }

// BenchmarkWalkthroughSolver is BenchmarkWalkthrough with one Solver for the whole
// set, its buffers kept from puzzle to puzzle (as a worker checking a file would).
func BenchmarkWalkthroughSolver(b *testing.B) { benchWalkthrough(b, true) }

func benchWalkthrough(b *testing.B, reuse bool) {
	for _, set := range []struct {
		name string
		n    int
	}{{"17-clue", 500}, {"top1465", 1465}, {"forum-hardest-11plus", 200}, {"kaggle3m-expert", 1000}} {
		b.Run(set.name, func(b *testing.B) {
			path := filepath.Join("../../shared/puzzles", set.name+".txt")
			if _, err := os.Stat(path); err != nil {
				b.Skipf("%s is absent", path)
			}
			ps := spread(readPuzzleFile(b, path), set.n)
			ctx := context.Background()
			var logic, steps int
			times := make([]time.Duration, 0, len(ps))
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				logic, steps, times = 0, 0, times[:0]
				solver := NewSolver()
				for _, p := range ps {
					start := time.Now()
					if !reuse {
						solver = NewSolver() // what Solve does
					}
					tr, err := solver.Solve(ctx, p, Options{})
					times = append(times, time.Since(start))
					if err != nil || !tr.Summary.Solved {
						b.Fatalf("%s: %v", p, err)
					}
					steps += len(tr.Steps)
					if !tr.Summary.UsedFallback {
						logic++
					}
				}
			}
			slices.Sort(times)
			var sum time.Duration
			for _, d := range times {
				sum += d
			}
			b.ReportMetric(float64(times[len(times)/2].Microseconds()), "median-us/puzzle")
			b.ReportMetric(float64(sum.Microseconds())/float64(len(ps)), "mean-us/puzzle")
			// The CPU time of the whole process (the collector's too), which other
			// processes on a shared machine do not inflate as they do the wall clock.
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N*len(ps)), "cpu-us/puzzle")
			}
			b.ReportMetric(100*float64(logic)/float64(len(ps)), "%no-fallback")
			b.ReportMetric(float64(steps)/float64(len(ps)), "steps/puzzle")
			b.ReportMetric(0, "ns/op")
		})
	}
}

func TestOptionalTechniques(t *testing.T) {
	opt := Optional()
	require.NoError(t, Validate(opt))
	require.NoError(t, Validate(append(Default(), opt...)), "no ID both default and optional")
	for _, tech := range opt {
		got, ok := ByID(tech.ID)
		require.True(t, ok, tech.ID)
		assert.Equal(t, tech.Name(), got.Name())
		assert.NotEqual(t, tech.ID, tech.Name(), "explain's catalogue names %s", tech.ID)
	}
}

// TestUnrunnableTechniques checks that Solve, First and Steps refuse a technique set
// holding a technique they cannot run (Search, which has no finder, or a value with
// none) with an error that names it, before running anything, and never panic.
func TestUnrunnableTechniques(t *testing.T) {
	b, err := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	require.NoError(t, err)
	ctx := context.Background()
	for name, ts := range map[string][]Technique{
		"search alone":      {Search},
		"search after some": {FullHouse, HiddenSingle, Search},
		"no finder":         {FullHouse, {ID: "made-up"}},
	} {
		var tr explain.Trace
		require.NotPanics(t, func() { tr, err = Solve(ctx, b, Options{Techniques: ts}) }, name)
		require.ErrorIs(t, err, ErrNoFinder, name)
		bad := ts[len(ts)-1].ID
		assert.Contains(t, err.Error(), bad, name)
		assert.Empty(t, tr.Steps, name)

		require.NotPanics(t, func() { _, _, _, err = First(ctx, b, ts, Knowledge{Unique: true}) }, name)
		require.ErrorIs(t, err, ErrNoFinder, name)
		assert.Contains(t, err.Error(), bad, name)

		_, err = ts[len(ts)-1].Steps(ctx, b, 0)
		require.ErrorIs(t, err, ErrNoFinder, name)
	}
	// The same set without the faulty technique runs.
	step, tech, ok, err := First(ctx, b, []Technique{FullHouse, HiddenSingle}, Knowledge{Unique: true})
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, tech.ID, step.Technique)
}

// TestStepsLimit checks that Technique.Steps stops at its limit, and finds them all
// without one.
func TestStepsLimit(t *testing.T) {
	b, err := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	require.NoError(t, err)
	all, err := HiddenSingle.Steps(context.Background(), b, 0)
	require.NoError(t, err)
	require.Greater(t, len(all), 2)
	two, err := HiddenSingle.Steps(context.Background(), b, 2)
	require.NoError(t, err)
	assert.Equal(t, all[:2], two)
	assert.Equal(t, findAll(HiddenSingle, b), all)
}

// TestSolverReuse checks that a Solver kept across puzzles (its buffers reused, the
// previous solve's results dropped) walks each exactly as a fresh Solve does, on a
// 9x9 and a 16x16, in turn and again.
func TestSolverReuse(t *testing.T) {
	var puzzles []*board.Board
	for _, line := range append(puzzleLines(t, "../testdata/puzzles/forcing.txt", 2), grid16) {
		b, err := board.Parse(line)
		require.NoError(t, err)
		puzzles = append(puzzles, b)
	}
	ctx := context.Background()
	s := NewSolver()
	for round := range 2 {
		for i, b := range puzzles {
			want, err := Solve(ctx, b, Options{})
			require.NoError(t, err)
			got, err := s.Solve(ctx, b, Options{})
			require.NoError(t, err)
			require.Equal(t, want.Steps, got.Steps, "puzzle %d, round %d", i, round)
			require.True(t, got.Summary.Solved)
		}
	}
}

// TestOnStep checks that a walk's OnStep sees each step it takes, counted from 0, and
// from 0 again when the walk starts over: what it saw last is the trace's steps. The
// puzzle with several solutions is walked as if it had one while the count runs beside
// it (with a core lent) and again once the count is in.
func TestOnStep(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ name, line string }{
		{"unique", racePuzzles[0]},
		{"several, a rectangle", "....3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"},
		{"none", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...4.8...2.....1"},
	} {
		for _, cores := range []*Cores{nil, NewCores(4)} {
			var seen []explain.Step
			starts := 0
			opt := Options{Cores: cores, OnStep: func(i int, s explain.Step) {
				if i == 0 {
					starts++
					seen = seen[:0]
				}
				require.Len(t, seen, i, "%s: step %d", c.name, i)
				seen = append(seen, s)
			}}
			tr, err := lendingSolver().Solve(ctx, parsed(c.line)(t), opt)
			require.NoError(t, err, c.name)
			if tr.Summary.NoSolution {
				continue // the steps are dropped: the trace has none to compare
			}
			require.Positive(t, starts, c.name)
			require.Equal(t, tr.Steps, seen, c.name)
		}
	}
}
