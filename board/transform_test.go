package board

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

func requireValidSolved(t *testing.T, l *Layout, values []Digit) {
	t.Helper()
	b, err := FromDigits(l, values)
	require.NoError(t, err)
	require.True(t, b.Solved())
	require.Empty(t, b.Problems(), "%s", Line(values))
}

func TestTransformsKeepGridsValid(t *testing.T) {
	for _, size := range Sizes() {
		l, err := LayoutOf(size)
		require.NoError(t, err)
		grid := patternGrid(l)
		requireValidSolved(t, l, grid)
		var ts []Transform
		for q := range 4 {
			if r, err := Rotate(l, q); err == nil {
				ts = append(ts, r)
			} else {
				require.NotEqual(t, l.BoxRows(), l.BoxCols(), "rotation %d of %dx%d: %v", q, size, size, err)
			}
		}
		for _, a := range []Axis{Vertical, Horizontal, Transpose, AntiTranspose} {
			if r, err := Reflect(l, a); err == nil {
				ts = append(ts, r)
			}
		}
		sb, err := SwapBands(l, 0, 1)
		require.NoError(t, err)
		ss, err := SwapStacks(l, 0, 1)
		require.NoError(t, err)
		sr, err := SwapRows(l, 0, 1)
		require.NoError(t, err)
		sc, err := SwapCols(l, size-1, size-2)
		require.NoError(t, err)
		ts = append(ts, sb, ss, sr, sc)
		rng := rand.New(rand.NewPCG(uint64(size), 1))
		for range 10 {
			ts = append(ts, RandomTransform(l, rng))
		}
		for i, tr := range ts {
			got, err := tr.Apply(grid)
			require.NoError(t, err)
			requireValidSolved(t, l, got)
			if i > 0 && i < len(ts)-10 {
				require.NotEqual(t, grid, got, "transform %d of %dx%d changes nothing", i, size, size)
			}
		}
	}
}

func TestTransformMoves(t *testing.T) {
	l := Classic
	grid := patternGrid(l)
	at := func(g []Digit, r, c int) Digit { return g[r*9+c] }
	rot, err := Rotate(l, 1)
	require.NoError(t, err)
	g, err := rot.Apply(grid)
	require.NoError(t, err)
	// Clockwise: the top row becomes the right column.
	for c := range 9 {
		require.Equal(t, at(grid, 0, c), at(g, c, 8))
	}
	four := Identity(l)
	for range 4 {
		four = four.Then(rot)
	}
	g4, err := four.Apply(grid)
	require.NoError(t, err)
	require.Equal(t, grid, g4)
	half, err := Rotate(l, 2)
	require.NoError(t, err)
	gh, err := half.Apply(grid)
	require.NoError(t, err)
	require.Equal(t, at(grid, 0, 0), at(gh, 8, 8))
	mirror, err := Reflect(l, Vertical)
	require.NoError(t, err)
	gm, err := mirror.Apply(grid)
	require.NoError(t, err)
	require.Equal(t, at(grid, 2, 0), at(gm, 2, 8))
	swapB, err := SwapBands(l, 0, 2)
	require.NoError(t, err)
	gb, err := swapB.Apply(grid)
	require.NoError(t, err)
	require.Equal(t, grid[:9], gb[54:63])
	relabel, err := Relabel(l, []Digit{9, 8, 7, 6, 5, 4, 3, 2, 1})
	require.NoError(t, err)
	gr, err := relabel.Apply(grid)
	require.NoError(t, err)
	for i := range grid {
		require.Equal(t, 10-grid[i], gr[i])
	}
	// Then applies its receiver first: relabel, then rotate, is rotate, then relabel.
	a, err := relabel.Then(rot).Apply(grid)
	require.NoError(t, err)
	b, err := rot.Then(relabel).Apply(grid)
	require.NoError(t, err)
	require.Equal(t, a, b)
	// Empty cells stay empty.
	sparse := make([]Digit, 81)
	sparse[0] = 5
	gs, err := rot.Apply(sparse)
	require.NoError(t, err)
	require.Equal(t, Digit(5), gs[8])
	require.Equal(t, 1, countNonZero(gs))
}

func countNonZero(ds []Digit) int {
	n := 0
	for _, d := range ds {
		if d != 0 {
			n++
		}
	}
	return n
}

func TestTransformErrors(t *testing.T) {
	six, err := LayoutOf(6)
	require.NoError(t, err)
	_, err = Rotate(six, 1)
	require.ErrorContains(t, err, "square boxes")
	_, err = Rotate(six, 2)
	require.NoError(t, err)
	_, err = Reflect(six, Transpose)
	require.ErrorContains(t, err, "square boxes")
	_, err = SwapRows(Classic, 2, 3)
	require.ErrorContains(t, err, "one band")
	_, err = SwapCols(Classic, 0, 9)
	require.Error(t, err)
	_, err = SwapBands(Classic, 0, 3)
	require.ErrorContains(t, err, "out of range")
	_, err = SwapStacks(Classic, -1, 0)
	require.Error(t, err)
	_, err = Relabel(Classic, []Digit{1, 1, 2, 3, 4, 5, 6, 7, 8})
	require.ErrorContains(t, err, "not a permutation")
	_, err = Relabel(Classic, []Digit{1, 2})
	require.Error(t, err)
	_, err = Identity(Classic).Apply(make([]Digit, 16))
	require.ErrorContains(t, err, "81 cells")
	four, err := LayoutOf(4)
	require.NoError(t, err)
	_, err = Identity(four).Board(New(Classic))
	require.Error(t, err)
}

func TestTransformBoardKeepsGivensOnly(t *testing.T) {
	b, err := Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	require.NoError(t, err)
	require.NoError(t, b.Place(Cell(1), 1))
	tr := RandomTransform(Classic, rand.New(rand.NewPCG(1, 1)))
	out, err := tr.Board(b)
	require.NoError(t, err)
	require.Equal(t, b.Givens().Count(), out.Givens().Count())
	require.Equal(t, b.Givens().Count(), 81-out.EmptyCells())
}
