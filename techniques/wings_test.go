package techniques

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// The wing and uniqueness families are tested together: HoDoKu's library cases for
// every code they answer, soundness against the solution over real solving states,
// and hand-checked shapes. Fixtures (testdata/techniques) are run by fixture_test.go.

const (
	familySample   = "../testdata/puzzles/wings.txt"
	familyMaxSteps = 400
)

// wingFamily is every technique of the two files, easiest first.
func wingFamily() []Technique {
	return []Technique{
		XYWing, XYZWing, WWing, RemotePair, WXYZWing,
		UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4,
		UniqueRectangle5, UniqueRectangle6, HiddenRectangle,
		AvoidableRectangle1, AvoidableRectangle2, BUGPlus1,
	}
}

// TestFamilyConformance runs every HoDoKu library case of the family's codes through
// Conform and logs the tally per code; every case must pass.
func TestFamilyConformance(t *testing.T) {
	family := wingFamily()
	got := runLibrary(t, familyCodes(family), family, nil)
	for _, tech := range family {
		for _, c := range tech.Codes {
			t.Logf("%s %-22s %2d/%2d", c, tech.ID, got.passed[c], got.passed[c]+got.failed[c]+got.skipped[c])
		}
	}
}

// readPuzzles reads up to limit puzzle lines (all when limit <= 0) from path, which
// must be there.
func readPuzzles(tb testing.TB, path string, limit int) []string {
	tb.Helper()
	out := puzzleLines(tb, path, limit)
	require.NotEmpty(tb, out, path)
	return out
}

// familyWalk solves a puzzle step by step and checks every step the family reports
// at every state against the solution. It moves on with the basic techniques, else
// with a step of the family, else by removing a wrong candidate the solution names, so
// the family sees the stuck states it exists for. It returns the steps checked per
// technique.
func familyWalk(t *testing.T, puzzle string, counts map[string]int) {
	t.Helper()
	b, sol := solvedPuzzle(t, puzzle)
	var basics []Technique
	for _, tech := range Default() {
		// The fish with fins joined Default after this sample was chosen; leaving them
		// out keeps the walk to the states the sample was chosen for.
		fins := strings.HasPrefix(tech.ID, "finned-") || strings.HasPrefix(tech.ID, "sashimi-")
		if tech.Difficulty < XYWing.Difficulty && !fins {
			basics = append(basics, tech)
		}
	}
	family := wingFamily()
	for range familyMaxSteps {
		if b.Solved() {
			return
		}
		var first *explain.Step
		for _, tech := range family {
			for _, s := range findAll(tech, b) {
				counts[tech.ID]++
				requireSound(t, tech.ID+" on "+puzzle, b, sol, s)
				if first == nil {
					first = &s
				}
			}
		}
		if s, _, ok := firstOn(b, basics, Knowledge{Unique: true}); ok {
			mustApply(t, b, s)
			continue
		}
		if first != nil {
			mustApply(t, b, *first)
			continue
		}
		require.True(t, removeWrongCandidate(b, sol), "no candidate to remove\npuzzle %s", puzzle)
	}
}

// removeWrongCandidate removes the smallest candidate that is not the solution from
// the first cell with two or more candidates.
func removeWrongCandidate(b *board.Board, sol []board.Digit) bool {
	for c := range board.Cell(b.Layout().Cells()) {
		if b.Candidates(c).Count() < 2 {
			continue
		}
		return b.Eliminate(c, b.Candidates(c).Without(sol[c]).First())
	}
	return false
}

func TestFamilySoundSample(t *testing.T) {
	counts := map[string]int{}
	for _, p := range readPuzzles(t, familySample, 0) {
		familyWalk(t, p, counts)
	}
	t.Logf("steps checked: %v", counts)
	// The sample was chosen so that each technique has something to say there.
	for _, tech := range wingFamily() {
		assert.Positive(t, counts[tech.ID], "%s never fired on the sample", tech.ID)
	}
}

// TestFamilySoundTop1465 walks every tenth top1465 puzzle (all of them with
// STEPDOKU_FULL=1, about a minute); -short skips it.
func TestFamilySoundTop1465(t *testing.T) {
	if testing.Short() {
		t.Skip("long: walks top1465")
	}
	if _, err := os.Stat(top1465Path); err != nil {
		t.Skip("shared puzzles absent")
	}
	stride := 10
	if os.Getenv("STEPDOKU_FULL") != "" {
		stride = 1
	}
	counts := map[string]int{}
	for i, p := range readPuzzles(t, top1465Path, 0) {
		if i%stride == 0 {
			familyWalk(t, p, counts)
		}
	}
	t.Logf("steps checked: %v", counts)
}

// familyStates returns the states a walk of the sample puzzles passes through, for
// benchmarks: the states the family is asked about in a real solve.
func familyStates(tb testing.TB) []*board.Board {
	tb.Helper()
	var out []*board.Board
	var basics []Technique
	for _, tech := range Default() {
		if tech.Difficulty < XYWing.Difficulty {
			basics = append(basics, tech)
		}
	}
	for _, p := range readPuzzles(tb, familySample, 0) {
		b, sol := solvedPuzzle(tb, p)
		for range familyMaxSteps {
			if b.Solved() {
				break
			}
			if s, _, ok := firstOn(b, basics, Knowledge{Unique: true}); ok {
				mustApply(tb, b, s)
				continue
			}
			out = append(out, b.Clone())
			if s, _, ok := firstOn(b, wingFamily(), Knowledge{Unique: true}); ok {
				mustApply(tb, b, s)
				continue
			}
			removeWrongCandidate(b, sol)
		}
	}
	return out
}

// BenchmarkFamily times each finder run to the end over the stuck states of the sample
// walks (where the basics found nothing), reporting the mean per state:
//
//	go test ./techniques -run '^$' -bench BenchmarkFamily -benchtime 200x
func BenchmarkFamily(b *testing.B) {
	states := familyStates(b)
	for _, tech := range wingFamily() {
		b.Run(tech.ID, func(b *testing.B) {
			steps := 0
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				for _, s := range states {
					findOn(tech, s, func(explain.Step) bool { steps++; return true })
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(states)), "ns/state")
			// The machine's cores are shared: CPU time says what the finder costs.
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N*len(states)), "cpu-ns/state")
			}
			b.ReportMetric(float64(steps)/float64(b.N), "steps/op")
		})
	}
}

// TestFamilyOtherSizes: the finders work on houses, so a 6x6 grid (2x3 boxes) needs no
// code of its own. Each state is a fresh grid with a few cells' candidates cut down by
// hand to one pattern; every other cell keeps all six, so nothing else applies.
func TestFamilyOtherSizes(t *testing.T) {
	l, err := board.LayoutOf(6)
	require.NoError(t, err)
	tests := []struct {
		name  string
		tech  Technique
		cands map[string]board.DigitSet
		want  []string
	}{
		{
			name: "XY-Wing with a pincer in the pivot's row and one in its box",
			tech: XYWing,
			cands: map[string]board.DigitSet{
				"r1c1": board.DigitsOf(1, 2), "r1c5": board.DigitsOf(1, 3), "r2c2": board.DigitsOf(2, 3),
			},
			want: []string{"XY-Wing: 1,2,3 in r1c1,r1c5,r2c2 => r1c2<>3, r1c3<>3, r2c4<>3, r2c5<>3, r2c6<>3"},
		},
		{
			name: "Unique Rectangle Type 1 over boxes 1 and 2",
			tech: UniqueRectangle1,
			cands: map[string]board.DigitSet{
				"r1c1": board.DigitsOf(1, 2), "r1c4": board.DigitsOf(1, 2),
				"r2c1": board.DigitsOf(1, 2), "r2c4": board.DigitsOf(1, 2, 5),
			},
			want: []string{"Unique Rectangle Type 1: 1,2 in r1c1,r1c4,r2c1,r2c4 => r2c4<>1, r2c4<>2"},
		},
		{
			name: "no rectangle when the columns share a stack as well as the rows a band",
			tech: UniqueRectangle1,
			cands: map[string]board.DigitSet{
				"r1c1": board.DigitsOf(1, 2), "r1c2": board.DigitsOf(1, 2),
				"r2c1": board.DigitsOf(1, 2), "r2c2": board.DigitsOf(1, 2, 5),
			},
			want: nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := board.New(l)
			for name, s := range tc.cands {
				c, err := l.ParseCell(name)
				require.NoError(t, err)
				b.SetCandidates(c, s)
			}
			var got []string
			for _, s := range findAll(tc.tech, b) {
				checkStep(t, tc.tech, b, s)
				got = append(got, explain.OneLiner(l, s))
			}
			assert.Equal(t, tc.want, got)
		})
	}
}
