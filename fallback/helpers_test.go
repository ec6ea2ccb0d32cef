package fallback

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/require"
)

// sharedPuzzles is where the shared puzzle sets live, relative to this package.
const sharedPuzzles = "../../shared/puzzles"

// gridDigits reads a grid string of N*N characters (1-9 then A-Z, anything else
// empty) into values; the side comes from the length.
func gridDigits(s string) (*board.Layout, []board.Digit, error) {
	n := int(math.Sqrt(float64(len(s))))
	if n*n != len(s) {
		return nil, nil, fmt.Errorf("%d characters is not a square grid", len(s))
	}
	l, err := board.LayoutOf(n)
	if err != nil {
		return nil, nil, err
	}
	ds := make([]board.Digit, len(s))
	for i, r := range s {
		if d, ok := board.DigitFromRune(r); ok && int(d) <= n {
			ds[i] = d
		}
	}
	return l, ds, nil
}

// parseGrid builds a board from a grid string (board.Parse is not used, so these
// tests depend on FromDigits only).
func parseGrid(tb testing.TB, s string) *board.Board {
	tb.Helper()
	l, ds, err := gridDigits(s)
	require.NoError(tb, err, "grid %q", s)
	b, err := board.FromDigits(l, ds)
	require.NoError(tb, err, "grid %q", s)
	return b
}

// readLines returns the puzzle lines of a file (comments and blank lines skipped,
// anything after the grid dropped), at most max of them when max > 0.
func readLines(tb testing.TB, path string, max int) []string {
	tb.Helper()
	f, err := os.Open(path)
	require.NoError(tb, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if i := strings.IndexAny(line, " \t"); i >= 0 {
			line = line[:i]
		}
		out = append(out, line)
	}
	require.NoError(tb, sc.Err())
	return out
}

// sharedSet reads up to max puzzles of a shared set, skipping the test when the
// shared folder is absent.
func sharedSet(tb testing.TB, name string, max int) []string {
	tb.Helper()
	path := filepath.Join(sharedPuzzles, name)
	if _, err := os.Stat(path); err != nil {
		tb.Skipf("shared puzzle set absent: %v", err)
	}
	return readLines(tb, path, max)
}

// sample returns the puzzles of testdata/sample.txt.
func sample(tb testing.TB) []string {
	tb.Helper()
	return readLines(tb, filepath.Join("testdata", "sample.txt"), 0)
}

// checkSolution fails unless sol fills every house of b's layout with every digit
// once and gives each cell its value or one of its candidates on b.
func checkSolution(tb testing.TB, b *board.Board, sol []board.Digit) {
	tb.Helper()
	l := b.Layout()
	require.Len(tb, sol, l.Cells())
	for h := range board.House(l.Houses()) {
		var seen board.DigitSet
		for _, c := range l.HouseCells(h) {
			seen = seen.With(sol[c])
		}
		require.Equal(tb, l.AllDigits(), seen, "%s does not hold every digit", l.HouseName(h))
	}
	for c := range board.Cell(l.Cells()) {
		if v := b.Value(c); v != 0 {
			require.Equal(tb, v, sol[c], "%s holds %d on the board", l.CellName(c), v)
			continue
		}
		require.True(tb, b.Has(c, sol[c]), "%s=%d is not a candidate", l.CellName(c), sol[c])
	}
}
