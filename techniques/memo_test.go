package techniques

import (
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStateMemo checks that a memo answers for the state asked about: it builds again
// when a candidate, a value or the givens differ, and not when asked about a copy.
func TestStateMemo(t *testing.T) {
	b, err := board.Parse(puzzleLines(t, "../testdata/puzzles/chains.txt", 1)[0])
	require.NoError(t, err)
	var m stateMemo[int]
	builds := 0
	build := func(*board.Board) int { builds++; return builds }
	require.Equal(t, 1, m.get(b, build))
	assert.Equal(t, 1, m.get(b.Clone(), build), "a copy of the same state")

	empty := board.Cell(-1)
	for c := range board.Cell(b.Layout().Cells()) {
		if b.Value(c) == 0 {
			empty = c
			break
		}
	}
	require.GreaterOrEqual(t, empty, board.Cell(0))
	fewer := b.Clone()
	require.True(t, fewer.Eliminate(empty, fewer.Candidates(empty).First()))
	assert.Equal(t, 2, m.get(fewer, build), "a candidate less")
	assert.Equal(t, 3, m.get(b, build), "back to the first state")

	// The same values and candidates, but the first given only placed while solving.
	solvedNotGiven := board.New(b.Layout())
	for c := range board.Cell(b.Layout().Cells()) {
		if d := b.Value(c); d != 0 {
			if c == b.Givens().Cells()[0] {
				require.NoError(t, solvedNotGiven.Place(c, d))
			} else {
				require.NoError(t, solvedNotGiven.Give(c, d))
			}
		}
	}
	for c := range board.Cell(b.Layout().Cells()) {
		for d := solvedNotGiven.Candidates(c) &^ b.Candidates(c); d != 0; d &= d - 1 {
			solvedNotGiven.Eliminate(c, d.First())
		}
	}
	for c := range board.Cell(b.Layout().Cells()) {
		require.Equal(t, b.Value(c), solvedNotGiven.Value(c))
		require.Equal(t, b.Candidates(c), solvedNotGiven.Candidates(c))
	}
	assert.Equal(t, 4, m.get(solvedNotGiven, build), "other givens")
}
