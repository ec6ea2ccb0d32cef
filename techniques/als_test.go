package techniques

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// alsFamily are the techniques of als.go and als_sdc.go.
var alsFamily = []Technique{SueDeCoq, ALSXZ, ALSXYWing, ALSChain, DeathBlossom}

// alsLibraryMisses are the library cases (by line) the family does not pass, with why.
// The test fails when one of them starts to pass, so the list shrinks with the code.
var alsLibraryMisses = map[int]string{
	// Our chains of up to six sets find other ALS chains on these states but not
	// HoDoKu's conclusion: r9c4 losing three digits (and r6c8 two) looks like a ring of
	// sets (the ends joined too, locking every set), which the finder does not search.
	1066: "ALS chain: HoDoKu's chain lies beyond the search budget",
	1071: "ALS chain: HoDoKu's chain not found",
	1073: "ALS chain: HoDoKu's chain not found",
	1076: "ALS chain: ring of sets not searched",
}

// TestALSConformLibrary runs every HoDoKu library case of the family's codes against
// the family's finders alone (so it holds whatever Default() holds) and logs the table.
func TestALSConformLibrary(t *testing.T) {
	runLibrary(t, familyCodes(alsFamily), alsFamily, alsLibraryMisses)
}

// alsPuzzles returns the family's sample puzzles and, unless -short, the first shared
// top1465 puzzles (when the folder is there).
func alsPuzzles(t testing.TB, shared int) []string {
	t.Helper()
	return withShared(t, puzzleLines(t, "../testdata/puzzles/als.txt", 0), shared)
}

// alsStates walks puzzles with the techniques easier than chains and the family itself
// and calls visit at every state where the easier ones are stuck, with the solution.
func alsStates(t testing.TB, puzzles []string, visit func(b *board.Board, sol []board.Digit)) {
	t.Helper()
	basics := basicsBefore()
	for _, line := range puzzles {
		b, sol := solvedPuzzle(t, line)
		walkStuck(t, b, basics, alsFamily, func(b *board.Board) { visit(b, sol) })
	}
}

// TestALSSound checks every step of every technique of the family, at every state of
// real puzzles where the easier techniques stall, against the unique solution, and the
// shape of its pattern: sets that are almost locked, one chain per set pair.
func TestALSSound(t *testing.T) {
	puzzles := alsPuzzles(t, 15)
	if len(puzzles) == 0 {
		t.Skip("no puzzles")
	}
	found := map[string]int{}
	alsStates(t, puzzles, func(b *board.Board, sol []board.Digit) {
		l := b.Layout()
		for _, tech := range alsFamily {
			for _, s := range findAll(tech, b) {
				found[tech.ID]++
				line := explain.OneLiner(l, s)
				require.NotEmpty(t, s.Eliminations, line)
				requireStepShape(t, b, s)
				requireSound(t, tech.ID, b, sol, s)
				for _, g := range s.Pattern.Sets {
					var ds board.DigitSet
					for _, c := range g.Cells {
						ds |= b.Candidates(c)
					}
					require.Equal(t, g.Digits, ds, "%s: a set's digits", line)
					if tech.ID != idSueDeCoq {
						require.Equal(t, len(g.Cells)+1, ds.Count(), "%s: a set that is not almost locked", line)
					}
				}
			}
		}
	})
	t.Logf("steps checked per technique on %d puzzles: %v", len(puzzles), found)
	for _, tech := range alsFamily {
		assert.Positive(t, found[tech.ID], "%s never found a step", tech.ID)
	}
}

// BenchmarkALS times each finder of the family run to the end on the states of the
// sample where the easier techniques stall.
func BenchmarkALS(b *testing.B) {
	var states []*board.Board
	alsStates(b, alsPuzzles(b, 0), func(s *board.Board, _ []board.Digit) { states = append(states, s.Clone()) })
	for _, tech := range alsFamily {
		b.Run(tech.ID, func(b *testing.B) {
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				for _, s := range states {
					tech.Find(s, func(explain.Step) bool { return true })
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(states)), "us/state")
			// CPU time is steadier than the wall clock when other processes share the cores.
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N*len(states)), "cpu-us/state")
			}
		})
	}
}
