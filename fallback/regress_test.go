package fallback

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// TestAlmostFullGrids empties one cell at a time of a solved grid: each has exactly one
// solution. An earlier 9x9 solver spun forever on some of these (cell 13 of this
// pattern), so every call runs under a deadline that turns a hang into a failure.
func TestAlmostFullGrids(t *testing.T) {
	for _, n := range board.Sizes() {
		l, err := board.LayoutOf(n)
		require.NoError(t, err)
		full := make([]board.Digit, l.Cells())
		br, bc := l.BoxRows(), l.BoxCols()
		for r := range n {
			for c := range n {
				full[l.CellAt(r, c)] = board.Digit((bc*(r%br)+r/br+c)%n + 1)
			}
		}
		for cell := range full {
			values := append([]board.Digit(nil), full...)
			values[cell] = 0
			b, err := board.FromDigits(l, values)
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			got, err := Count(ctx, b, 2)
			cancel()
			require.NoError(t, err, "%dx%d, cell %d emptied", n, n, cell)
			require.Equal(t, 1, got, "%dx%d, cell %d emptied", n, n, cell)
		}
	}
}

// TestKnownHardPuzzles are puzzles that once made a solver hang or guess wrong.
func TestKnownHardPuzzles(t *testing.T) {
	for _, p := range []string{
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
	} {
		b, err := board.Parse(p)
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		sol, err := Unique(ctx, b)
		cancel()
		require.NoError(t, err, p)
		for c, d := range sol {
			if v := b.Value(board.Cell(c)); v != 0 {
				require.Equal(t, v, d, "a given changed")
			}
		}
	}
}
