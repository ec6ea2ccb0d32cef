package techniques

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

// libraryTally is what runLibrary counts per HoDoKu code.
type libraryTally struct {
	passed, failed, skipped map[string]int
}

// runLibrary runs every case of HoDoKu's library (read in place, the test skipped when
// it is absent) whose code is one of codes through Conform with ts, and logs a table
// per code. A case that does not pass is a test error, unless its line is one of
// knownMisses; a known miss that passes is an error too, so the list shrinks with the
// code.
func runLibrary(t *testing.T, codes []string, ts []Technique, knownMisses map[int]string) libraryTally {
	t.Helper()
	f, err := os.Open(libraryPath)
	if os.IsNotExist(err) {
		t.Skipf("%s is absent", libraryPath)
	}
	require.NoError(t, err)
	defer f.Close()
	got := libraryTally{passed: map[string]int{}, failed: map[string]int{}, skipped: map[string]int{}}
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !strings.HasPrefix(line, ":") {
			continue
		}
		code, _, _ := strings.Cut(strings.SplitN(line[1:], ":", 2)[0], "-")
		if !slices.Contains(codes, code) {
			continue
		}
		c, err := board.ParseLibraryLine(line)
		if err != nil {
			got.failed[code]++
			t.Errorf("line %d (%s): %v", n, code, err)
			continue
		}
		res := Conform(c, ts)
		why, known := knownMisses[n]
		switch {
		case res.Outcome == ConformPass:
			got.passed[code]++
			if known {
				t.Errorf("line %d (%s) passes now: drop it from the known misses (%s)", n, code, why)
			}
			continue
		case res.Outcome == ConformSkip:
			got.skipped[code]++
		default:
			got.failed[code]++
		}
		if !known {
			t.Errorf("line %d (%s%s): %s %s", n, code, variantSuffix(c), res.Outcome, res.Reason)
		}
	}
	require.NoError(t, sc.Err())
	var table strings.Builder
	table.WriteString("\ncode  passed failed skipped\n")
	for _, code := range codes {
		fmt.Fprintf(&table, "%s  %6d %6d %7d\n", code, got.passed[code], got.failed[code], got.skipped[code])
	}
	t.Log(table.String())
	return got
}

// familyCodes lists the HoDoKu codes of ts, in order, each once.
func familyCodes(ts []Technique) []string {
	var out []string
	for _, tech := range ts {
		for _, c := range tech.Codes {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// mustApply makes s on b with the pipeline's Apply, which also checks that the step
// changes something and names only candidates.
func mustApply(tb testing.TB, b *board.Board, s explain.Step) {
	tb.Helper()
	require.NoError(tb, explain.Apply(b, s), "%s", explain.OneLiner(b.Layout(), s))
}

// stepOrPlace moves a walk on from b: it applies s when ok, and where the techniques
// are stuck it places the solution's digit in the first empty cell instead.
func stepOrPlace(tb testing.TB, b *board.Board, sol []board.Digit, s explain.Step, ok bool) {
	tb.Helper()
	if ok {
		mustApply(tb, b, s)
		return
	}
	for c := range board.Cell(b.Layout().Cells()) {
		if b.Value(c) == 0 {
			require.NoError(tb, b.Place(c, sol[c]))
			return
		}
	}
}

// walkStuck solves b with basics, and with family where basics find nothing, calling
// stuck at every state where basics find nothing; it stops when neither finds a step,
// or after 400 steps.
func walkStuck(tb testing.TB, b *board.Board, basics, family []Technique, stuck func(*board.Board)) {
	tb.Helper()
	for range 400 {
		s, ok := firstStep(b, basics)
		if !ok {
			stuck(b)
			if s, ok = firstStep(b, family); !ok {
				return
			}
		}
		mustApply(tb, b, s)
	}
}

// top1465Path is the shared set the long soundness walks add to the samples.
const top1465Path = "../../shared/puzzles/top1465.txt"

// puzzleLines returns up to max puzzles of path (all when max <= 0), one a line, each
// the line's first field; blank lines and '#' comments are skipped. An absent file
// gives none.
func puzzleLines(tb testing.TB, path string, max int) []string {
	tb.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(tb, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Fields(line)[0])
	}
	require.NoError(tb, sc.Err())
	return out
}

// readPuzzleLines is puzzleLines for a file the test needs: it skips when the file is
// absent.
func readPuzzleLines(tb testing.TB, path string, max int) []string {
	tb.Helper()
	if _, err := os.Stat(path); os.IsNotExist(err) {
		tb.Skipf("%s is absent", path)
	}
	return puzzleLines(tb, path, max)
}

// withShared returns puzzles followed, unless -short, by the first shared puzzles of
// top1465 (none when shared is 0 or the file is absent).
func withShared(tb testing.TB, puzzles []string, shared int) []string {
	tb.Helper()
	if testing.Short() || shared <= 0 {
		return puzzles
	}
	return append(puzzles, puzzleLines(tb, top1465Path, shared)...)
}

// unsound says what is wrong with a step on b given the solution: a wrong placement,
// a removed solution digit, or a conclusion about a candidate that is not there.
func unsound(b *board.Board, sol []board.Digit, s explain.Step) string {
	l := b.Layout()
	for _, p := range s.Placements {
		if !b.Has(p.Cell, p.Digit) || sol[p.Cell] != p.Digit {
			return "wrong placement " + l.PlacementName(p)
		}
	}
	for _, e := range s.Eliminations {
		if !b.Has(e.Cell, e.Digit) {
			return "removes a non-candidate " + l.CandidateName(e)
		}
		if sol[e.Cell] == e.Digit {
			return "removes the solution " + l.CandidateName(e)
		}
	}
	return ""
}

// requireSound fails the test when unsound finds something wrong with s; where names
// the puzzle or state for the message.
func requireSound(tb testing.TB, where string, b *board.Board, sol []board.Digit, s explain.Step) {
	tb.Helper()
	if bad := unsound(b, sol, s); bad != "" {
		tb.Fatalf("%s: %s: %s", where, explain.OneLiner(b.Layout(), s), bad)
	}
}

// requireStepShape checks what every step must be, whatever the technique: it changes
// something, only touches candidates that are there, and lists its eliminations sorted
// by cell then digit, once each.
func requireStepShape(tb testing.TB, b *board.Board, s explain.Step) {
	tb.Helper()
	l := b.Layout()
	line := explain.OneLiner(l, s)
	require.False(tb, len(s.Placements) == 0 && len(s.Eliminations) == 0, "step changes nothing: %s", line)
	for _, p := range s.Placements {
		require.True(tb, b.Has(p.Cell, p.Digit), "%s: places a non-candidate %s", line, l.PlacementName(p))
	}
	for i, e := range s.Eliminations {
		require.True(tb, b.Has(e.Cell, e.Digit), "%s: removes a non-candidate %s", line, l.CandidateName(e))
		if i > 0 {
			prev := s.Eliminations[i-1]
			require.True(tb, prev.Cell < e.Cell || prev.Cell == e.Cell && prev.Digit < e.Digit,
				"%s: eliminations not sorted or repeated at %s", line, l.CandidateName(e))
		}
	}
}

// solvedPuzzle parses a puzzle line and returns it with its unique solution.
func solvedPuzzle(tb testing.TB, line string) (*board.Board, []board.Digit) {
	tb.Helper()
	b, err := board.Parse(line)
	require.NoError(tb, err, line)
	sol, err := fallback.Unique(context.Background(), b)
	require.NoError(tb, err, line)
	return b, sol
}

// forOtherSizes runs check, as a subtest, on a small puzzle of each of 4x4, 6x6 (2x3
// boxes, so box-line groups differ in shape) and 8x8, with its unique solution: the
// finders work on houses, so every step must hold there as on 9x9.
func forOtherSizes(t *testing.T, check func(t *testing.T, name string, b *board.Board, sol []board.Digit)) {
	t.Helper()
	for _, tc := range []struct {
		name    string
		n, keep int
	}{
		{"4x4", 4, 4},
		{"6x6", 6, 10},
		{"8x8", 8, 22},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := sizedPuzzle(t, tc.n, tc.keep)
			sol, err := fallback.Unique(context.Background(), b)
			require.NoError(t, err)
			check(t, tc.name, b, sol)
		})
	}
}

// blankedUnique blanks each cell of the solution sol of layout l with probability
// blank (drawn from rng) and returns the puzzle when search finds it has one solution
// within two seconds; ok is false otherwise.
func blankedUnique(tb testing.TB, l *board.Layout, sol []board.Digit, rng *rand.Rand, blank float64) (b *board.Board, ok bool) {
	tb.Helper()
	values := slices.Clone(sol)
	for c := range values {
		if rng.Float64() < blank {
			values[c] = 0
		}
	}
	b, err := board.FromDigits(l, values)
	require.NoError(tb, err)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	count, err := fallback.Count(ctx, b, 2)
	return b, err == nil && count == 1
}

// testScratch returns the empty scratch of a solve, as newScratch does; the tests' helpers
// build on it.
func testScratch() *scratch { sc := newScratch(); return &sc }

// findOn runs tech on b in a solve of its own, calling report for each step found
// until it returns false.
func findOn(tech Technique, b *board.Board, report func(explain.Step) bool) {
	newSolveState().pass(context.Background(), b, tech, report).run()
}

// firstOn is First without a context; the technique sets of the tests can all be run.
func firstOn(b *board.Board, ts []Technique, k Knowledge) (explain.Step, Technique, bool) {
	s, t, ok, err := First(context.Background(), b, ts, k)
	if err != nil {
		panic(err) // a test's technique set that cannot be run
	}
	return s, t, ok
}
