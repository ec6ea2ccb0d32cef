package rate

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// seRatings and seHardest are where the shared Sudoku Explainer ratings live, from
// this package: puzzles of every level, and hardest ones (ER 9.3-11.3).
var (
	seRatings = filepath.Join("..", "..", "..", "shared", "ratings", "se-dev.txt")
	seHardest = filepath.Join("..", "..", "..", "shared", "ratings", "se-hardest-dev.txt")
)

// seCase is one line of se-dev.txt: a puzzle and SE's ER/EP/ED.
type seCase struct {
	puzzle     string
	er, ep, ed float64
}

func readSE(t testing.TB, path string) []seCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Skipf("no shared ratings: %v", err)
	}
	defer f.Close()
	var out []seCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || !strings.HasPrefix(fields[1], "ED=") {
			t.Fatalf("%s:%d: want 'puzzle ED=ER/EP/ED', got %q", path, n, sc.Text())
		}
		parts := strings.Split(strings.TrimPrefix(fields[1], "ED="), "/")
		if len(parts) != 3 {
			t.Fatalf("%s:%d: want three ratings, got %q", path, n, fields[1])
		}
		var r [3]float64
		for i, p := range parts {
			if r[i], err = strconv.ParseFloat(p, 64); err != nil {
				t.Fatalf("%s:%d: %v", path, n, err)
			}
		}
		out = append(out, seCase{fields[0], r[0], r[1], r[2]})
	}
	require.NoError(t, sc.Err())
	return out
}

// ranks returns the ranks of xs (1-based), ties sharing their mean rank.
func ranks(xs []float64) []float64 {
	idx := make([]int, len(xs))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case xs[a] < xs[b]:
			return -1
		case xs[a] > xs[b]:
			return 1
		}
		return 0
	})
	r := make([]float64, len(xs))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && xs[idx[j]] == xs[idx[i]] {
			j++
		}
		mean := float64(i+j+1) / 2
		for k := i; k < j; k++ {
			r[idx[k]] = mean
		}
		i = j
	}
	return r
}

// spearman is Spearman's rank correlation: Pearson's on the ranks.
func spearman(a, b []float64) float64 {
	ra, rb := ranks(a), ranks(b)
	var ma, mb float64
	for i := range ra {
		ma += ra[i]
		mb += rb[i]
	}
	ma /= float64(len(ra))
	mb /= float64(len(rb))
	var cov, va, vb float64
	for i := range ra {
		cov += (ra[i] - ma) * (rb[i] - mb)
		va += (ra[i] - ma) * (ra[i] - ma)
		vb += (rb[i] - mb) * (rb[i] - mb)
	}
	return cov / math.Sqrt(va*vb)
}

// agreement is how close our ER is to SE's over a set of puzzles.
type agreement struct {
	n, within01, within03 int
	ours, se              []float64
}

func (a *agreement) add(ours, se float64) {
	a.n++
	d := math.Abs(ours - se)
	if d <= 0.1+1e-9 {
		a.within01++
	}
	if d <= 0.3+1e-9 {
		a.within03++
	}
	a.ours, a.se = append(a.ours, ours), append(a.se, se)
}

func (a agreement) share(k int) float64 { return float64(k) / float64(max(a.n, 1)) }

func (a agreement) String() string {
	rho := math.NaN()
	if a.n > 2 {
		rho = spearman(a.ours, a.se)
	}
	return fmt.Sprintf("%4d  rho %5.3f  |d|<=0.1 %5.1f%%  |d|<=0.3 %5.1f%%", a.n, rho, 100*a.share(a.within01), 100*a.share(a.within03))
}

// seBand names the SE band of er for the agreement table.
func seBand(er float64) int {
	switch {
	case er < 4:
		return 0
	case er < 6.5:
		return 1
	case er < 9:
		return 2
	}
	return 3
}

var seBands = []string{"< 4", "4-6.5", "6.5-9", ">= 9"}

// Thresholds the calibration must keep. Measured on se-dev.txt (336 puzzles): rho
// 0.994; within 0.3 of SE for 91.6% of the puzzles SE rates below 9.0; within 0.1 for
// 93.8% of those it rates below 4.0. The thresholds leave a little room below that.
// Every puzzle of se-dev.txt is below SE's 9.5, where its nested chains start: there
// the agreement may not fall below what it was when the nets were first rated by
// their level of chaining (2026-12-06: rho 0.9938, 84.5% within 0.1, 92.9% within 0.3,
// as before that change).
const (
	minRho    = 0.98 // Spearman rho of ER over every puzzle
	minBelow9 = 0.88 // share within 0.3 of SE's ER among puzzles SE rates below 9.0
	minBelow4 = 0.90 // share within 0.1 of SE's ER among puzzles SE rates below 4.0

	minRhoBelow95 = 0.9937 // Spearman rho of ER among puzzles SE rates below 9.5
	minBelow95At1 = 0.857  // share within 0.1 of SE's ER among those
	// minBelow95At3 is one puzzle below the 312 of 336 of before the forcing
	// contradictions wrote proofs and took the shortest first: that moved five
	// forcing-net ratings closer to SE's (within 0.1 went from 284 to 288) and one
	// forcing chain 0.1 further (line 323, 8.3 against SE's 8.7).
	minBelow95At3 = 0.925 // share within 0.3 of SE's ER among those
)

// TestAgreementWithSE rates the shared puzzles that Sudoku Explainer rated and
// compares ER, EP and ED with SE's; it prints the table and fails below the thresholds.
func TestAgreementWithSE(t *testing.T) {
	cases := readSE(t, seRatings)
	if testing.Short() {
		t.Skip("rates 336 puzzles; not in -short")
	}
	var all, below9, below95 agreement
	bands := make([]agreement, len(seBands))
	var ep, ed agreement
	for _, c := range cases {
		b, err := board.Parse(c.puzzle)
		require.NoError(t, err, c.puzzle)
		r, err := Rate(context.Background(), b, Options{})
		require.NoError(t, err, c.puzzle)
		all.add(r.ER, c.er)
		bands[seBand(c.er)].add(r.ER, c.er)
		if c.er < 9 {
			below9.add(r.ER, c.er)
		}
		if c.er < 9.5 {
			below95.add(r.ER, c.er)
		}
		ep.add(r.EP, c.ep)
		ed.add(r.ED, c.ed)
		if os.Getenv("STEPDOKU_RATE_DIFF") != "" && math.Abs(r.ER-c.er) > 0.3 {
			t.Logf("%s SE %.1f ours %.1f (%s)", c.puzzle, c.er, r.ER, r.Hardest)
		}
	}
	t.Logf("ER against SE (serate 1.2.1.3), %s", seRatings)
	t.Logf("  all      %v", all)
	for i, name := range seBands {
		t.Logf("  SE %-5s %v", name, bands[i])
	}
	t.Logf("  SE < 9   %v", below9)
	t.Logf("  SE < 9.5 %v", below95)
	t.Logf("  EP       %v", ep)
	t.Logf("  ED       %v", ed)
	require.GreaterOrEqual(t, spearman(all.ours, all.se), minRho, "Spearman rho of ER")
	require.GreaterOrEqual(t, below9.share(below9.within03), minBelow9, "share within 0.3 below SE 9.0")
	require.GreaterOrEqual(t, bands[0].share(bands[0].within01), minBelow4, "share within 0.1 below SE 4.0")
	require.GreaterOrEqual(t, spearman(below95.ours, below95.se), minRhoBelow95, "Spearman rho of ER below SE 9.5")
	require.GreaterOrEqual(t, below95.share(below95.within01), minBelow95At1, "share within 0.1 below SE 9.5")
	require.GreaterOrEqual(t, below95.share(below95.within03), minBelow95At3, "share within 0.3 below SE 9.5")
}

// minHardest is the share of se-hardest-dev.txt whose ER must be within 0.5 of SE's.
const minHardest = 0.8

// TestAgreementWithSEHardest rates the hardest puzzles that Sudoku Explainer rated
// (its nested forcing chains, ER 9.3-11.3), prints ours beside SE's, and fails when
// fewer than minHardest of them are within 0.5 of SE's ER. A walk takes 0.1-0.5 s.
func TestAgreementWithSEHardest(t *testing.T) {
	cases := readSE(t, seHardest)
	within := 0
	t.Logf("ER against SE (serate 1.2.1.3), %s", seHardest)
	t.Logf("  %-81s %5s %5s  %s", "puzzle", "SE", "ours", "hardest")
	for _, c := range cases {
		b, err := board.Parse(c.puzzle)
		require.NoError(t, err, c.puzzle)
		r, err := Rate(context.Background(), b, Options{})
		require.NoError(t, err, c.puzzle)
		mark := ""
		if math.Abs(r.ER-c.er) <= 0.5+1e-9 {
			within++
		} else {
			mark = "  (off by more than 0.5)"
		}
		t.Logf("  %-81s %5.1f %5.1f  %s%s", c.puzzle, c.er, r.ER, r.Hardest, mark)
	}
	share := float64(within) / float64(max(len(cases), 1))
	t.Logf("  within 0.5 of SE: %d of %d (%.0f%%)", within, len(cases), 100*share)
	require.GreaterOrEqual(t, share, minHardest, "share of the hardest within 0.5 of SE's ER")
}
