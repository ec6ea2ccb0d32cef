package board

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// patternGrid returns a solved grid of layout l: row r is the digits shifted by
// (r mod boxRows)*boxCols + r/boxRows, which keeps rows, columns and boxes whole.
func patternGrid(l *Layout) []Digit {
	n, br, bc := l.N(), l.BoxRows(), l.BoxCols()
	out := make([]Digit, 0, n*n)
	for r := range n {
		shift := (r%br)*bc + r/br
		for c := range n {
			out = append(out, Digit((c+shift)%n+1))
		}
	}
	return out
}

// checkInvariants rescans the whole board and compares with what it keeps up to date.
func checkInvariants(t *testing.T, b *Board) {
	t.Helper()
	l := b.Layout()
	empty := 0
	for c := range Cell(l.Cells()) {
		if b.Value(c) != 0 {
			require.Zero(t, b.Candidates(c), "%s holds %d and has candidates", l.CellName(c), b.Value(c))
			for _, p := range l.Peers(c) {
				require.False(t, b.Has(p, b.Value(c)), "%s holds %d, peer %s keeps it", l.CellName(c), b.Value(c), l.CellName(p))
			}
			continue
		}
		empty++
	}
	require.Equal(t, empty, b.EmptyCells())
	for h := range House(l.Houses()) {
		var placed DigitSet
		for _, c := range l.HouseCells(h) {
			if d := b.Value(c); d != 0 {
				placed = placed.With(d)
			}
		}
		require.Equal(t, placed, b.PlacedIn(h), "placed digits of %s", l.HouseName(h))
		for d := Digit(1); int(d) <= l.N(); d++ {
			var want PosSet
			for i, c := range l.HouseCells(h) {
				if b.Value(c) == 0 && b.Has(c, d) {
					want |= 1 << i
				}
			}
			require.Equal(t, want, b.Positions(h, d), "positions of %d in %s", d, l.HouseName(h))
		}
	}
}

func TestBoardInvariantsUnderRandomChanges(t *testing.T) {
	for _, n := range Sizes() {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			l, err := LayoutOf(n)
			require.NoError(t, err)
			rng := rand.New(rand.NewPCG(uint64(n), 7))
			for range 3 {
				b := New(l)
				checkInvariants(t, b)
				for range l.Cells() {
					c := Cell(rng.IntN(l.Cells()))
					d := Digit(rng.IntN(n) + 1)
					switch {
					case b.Value(c) != 0:
						require.Error(t, b.Place(c, d), "a second value in %s", l.CellName(c))
					case rng.IntN(4) == 0:
						// Any digit, candidate or not: a player's wrong entry is representable.
						require.NoError(t, b.Place(c, d))
						assert.Equal(t, d, b.Value(c))
					default:
						had := b.Has(c, d)
						assert.Equal(t, had, b.Eliminate(c, d))
						assert.False(t, b.Has(c, d))
					}
				}
				checkInvariants(t, b)
			}
		})
	}
}

func TestSetCandidatesOnlyRemoves(t *testing.T) {
	b := New(Classic)
	require.NoError(t, b.Give(0, 5))
	// r1c2 cannot get 5 back: its peer r1c1 holds it.
	b.SetCandidates(1, DigitsOf(1, 5, 9))
	assert.Equal(t, DigitsOf(1, 9), b.Candidates(1))
	b.SetCandidates(2, 0)
	assert.Zero(t, b.Candidates(2))
	checkInvariants(t, b)
}

func TestCloneIsIndependent(t *testing.T) {
	b, err := FromDigits(Classic, make([]Digit, 81))
	require.NoError(t, err)
	require.NoError(t, b.Give(0, 4))
	c := b.Clone()
	require.NoError(t, c.Place(40, 7))
	c.Eliminate(80, 1)

	assert.Equal(t, Digit(0), b.Value(40))
	assert.True(t, b.Has(80, 1))
	assert.True(t, b.Has(41, 7), "the original keeps 7 next to r5c5")
	assert.False(t, c.Has(41, 7))
	assert.Equal(t, 80, b.EmptyCells())
	assert.Equal(t, 79, c.EmptyCells())
	assert.True(t, c.Given(0))
	assert.False(t, b.Given(40) || c.Given(40), "a placed value is not a given")
	checkInvariants(t, b)
	checkInvariants(t, c)

	// CopyFrom brings a board back without sharing.
	b.CopyFrom(c)
	assert.Equal(t, c.String(), b.String())
	require.NoError(t, c.Place(1, 2))
	assert.Equal(t, Digit(0), b.Value(1))
}

func TestPlaceRejects(t *testing.T) {
	b := New(Classic)
	assert.ErrorContains(t, b.Place(0, 0), "0 is not a digit of a 9x9 grid")
	assert.ErrorContains(t, b.Place(0, 10), "10 is not a digit")
	require.NoError(t, b.Give(0, 3))
	assert.ErrorContains(t, b.Place(0, 4), "r1c1 already holds 3")
}

func TestFromDigits(t *testing.T) {
	grid := patternGrid(Classic)
	b, err := FromDigits(Classic, grid)
	require.NoError(t, err)
	assert.True(t, b.Solved())
	assert.Empty(t, b.Problems())
	assert.Equal(t, 81, b.Givens().Count())
	assert.Equal(t, grid, b.Digits())

	_, err = FromDigits(Classic, grid[:80])
	assert.ErrorContains(t, err, "got 80 cells, want 81")
	grid[3] = 12
	_, err = FromDigits(Classic, grid)
	assert.ErrorContains(t, err, "12 is not a digit")
}

func BenchmarkPlace(b *testing.B) {
	grid := patternGrid(Classic)
	empty := New(Classic)
	bd := empty.Clone()
	for b.Loop() {
		bd.CopyFrom(empty)
		for c, d := range grid {
			_ = bd.Place(Cell(c), d)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(grid)), "ns/place")
}

func BenchmarkEliminate(b *testing.B) {
	full := New(Classic)
	bd := full.Clone()
	for b.Loop() {
		bd.CopyFrom(full)
		for c := range Cell(81) {
			for d := Digit(1); d <= 9; d++ {
				bd.Eliminate(c, d)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*729), "ns/elimination")
}

func BenchmarkClone(b *testing.B) {
	bd, err := Parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		_ = bd.Clone()
	}
}
