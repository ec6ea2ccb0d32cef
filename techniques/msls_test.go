package techniques

import (
	"context"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

// mslsWalkStates returns the states of the walkthroughs of the first n puzzles of
// top1465 (Default(), stopping where the ladder is stuck) on which the pipeline runs
// the multi-sector locked sets: every state whose step comes at or after them in the
// ladder, and the state where the walk stops.
func mslsWalkStates(tb testing.TB, n int) []*board.Board {
	tb.Helper()
	ts := Default()
	at := slices.IndexFunc(ts, func(t Technique) bool { return t.ID == idMSLS })
	late := map[string]bool{}
	for _, t := range ts[at:] {
		late[t.ID] = true
	}
	var out []*board.Board
	for _, line := range readPuzzleLines(tb, top1465Path, n) {
		b, err := board.Parse(line)
		require.NoError(tb, err)
		tr, err := Solve(context.Background(), b.Clone(), Options{Fallback: FallbackStop})
		require.NoError(tb, err)
		for _, s := range tr.Steps {
			if late[s.Technique] {
				out = append(out, b.Clone())
			}
			require.NoError(tb, explain.Apply(b, s))
		}
		if !b.Solved() {
			out = append(out, b)
		}
	}
	return out
}

// mslsPlain is the finder's search as it was before its pruning and its packed
// counts: every row set, every column set within the rows' empty columns, each built
// from the set less its lowest column. The test below holds the finder to it.
func mslsPlain(p *Pass) {
	b := p.Board()
	l := b.Layout()
	g := mslsRead(b)
	n := g.n
	full := uint16(1)<<n - 1
	// Per column set (within the rows' empty columns, built from the set less its
	// lowest column): the empty cells of the rows in it, and per digit the rows where
	// its cells can hold the digit.
	var cellsOf [1 << 9]uint8
	var rowsOf [1 << 9][9]uint16
	var seen []mslsKey
	for rows := uint16(1); rows < full; rows++ {
		if bits.OnesCount16(rows) < 2 {
			continue
		}
		if p.done() {
			return
		}
		var colsD [9]uint16
		var colCells [9]uint8
		var union uint16
		for rs := rows; rs != 0; rs &= rs - 1 {
			r := bits.TrailingZeros16(rs)
			if g.empty[r] == 0 {
				union = 0
				break
			}
			union |= g.empty[r]
			for d := range n {
				colsD[d] |= g.rowCand[d][r]
			}
			for cs := g.empty[r]; cs != 0; cs &= cs - 1 {
				colCells[bits.TrailingZeros16(cs)]++
			}
		}
		if bits.OnesCount16(union) < 2 {
			continue
		}
		// Column sets within union, each after its subsets, so each entry is built from
		// the set less its lowest column.
		for cols := union & -union; cols != 0; cols = (cols - union) & union {
			low := cols & -cols
			c := bits.TrailingZeros16(low)
			prev := cols &^ low
			cellsOf[cols] = cellsOf[prev] + colCells[c]
			cells := int(cellsOf[cols])
			sum := 0
			pr, cur := &rowsOf[prev], &rowsOf[cols]
			for d := range 9 { // digits past n have no places
				rs := pr[d] | g.colCand[d][c]&rows
				cur[d] = rs
				if cc := bits.OnesCount16(colsD[d] & cols); cc != 0 {
					sum += min(bits.OnesCount16(rs), cc)
				}
			}
			if sum != cells || bits.OnesCount16(cols) < 2 || cols == full || !mslsCovers(g, rows, cols) {
				continue
			}
			if !mslsReport(p, l, g, rows, cols, &seen) {
				return
			}
		}
	}
}

// TestMSLSSameAsPlainSearch holds the finder to the plain search: the same steps in the
// same order on the states of the fixture and of the first top1465 walkthroughs.
func TestMSLSSameAsPlainSearch(t *testing.T) {
	var states []*board.Board
	for _, c := range readFixture(t, fixtureFiles(t)[idMSLS]).Cases {
		states = append(states, caseBoard(t, c))
	}
	n := 100
	if testing.Short() {
		n = 30
	}
	states = append(states, mslsWalkStates(t, n)...)
	// Start states of the hardest puzzles with half of their wrong candidates gone at
	// random, where tight sets abound.
	rng := rand.New(rand.NewPCG(1, 2))
	for _, line := range readPuzzleLines(t, hardestPath, n) {
		b, err := board.Parse(line)
		require.NoError(t, err)
		sol, err := fallback.Solve(context.Background(), b)
		require.NoError(t, err)
		for c := range board.Cell(b.Layout().Cells()) {
			for ds := b.Candidates(c); ds != 0; ds &= ds - 1 {
				if d := ds.First(); d != sol[c] && rng.IntN(2) == 0 {
					b.Eliminate(c, d)
				}
			}
		}
		states = append(states, b)
	}
	plain := MultiSectorLockedSet
	plain.Find = mslsPlain
	found := 0
	for i, s := range states {
		want := findAll(plain, s)
		got := findAll(MultiSectorLockedSet, s)
		require.Equal(t, oneLiners(s.Layout(), want), oneLiners(s.Layout(), got), "state %d: %s", i, s.CandidateLine())
		found += len(got)
	}
	t.Logf("%d steps on %d states", found, len(states))
	require.NotZero(t, found, "no state with a set: the comparison proves nothing")
}

// BenchmarkMSLS times the finder, run to its end, on the states where the walkthroughs
// of the first 100 top1465 puzzles call it.
func BenchmarkMSLS(b *testing.B) {
	benchFinder(b, MultiSectorLockedSet, mslsWalkStates(b, 100))
}
