package techniques

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// TestDigitQuietAcrossStates walks puzzles with one solve state, as the pipeline does,
// and on every state runs each finder that keeps a digitQuiet memo both on that state
// (which skips the digits the memo holds quiet) and on a fresh one (which has no
// memo): every step found must be the same, in the same order. Puzzles: the hard 9x9s
// of the race test, the first top1465 lines, the first puzzle of the Sudoku-X,
// windoku and jigsaw sets when the shared sets are there, and the 16x16 unless -short.
func TestDigitQuietAcrossStates(t *testing.T) {
	memoed := []string{idXWing, idSwordfish, idJellyfish, idFinnedXWing, idSashimiXWing,
		idFinnedSwordfish, idSashimiSwordfish, idFinnedJellyfish, idSashimiJellyfish,
		idSkyscraper, idTwoStringKite, idTurbotFish, idEmptyRectangle,
		idSimpleColorsTrap, idSimpleColorsWrap, idMultiColors1, idMultiColors2, idXChain}
	quietAcrossStates(t, memoed, func(v board.Variant) bool { return v != board.Killer },
		func(st *solveState, id string, b *board.Board) (skipped int) {
			for d := board.Digit(1); int(d) <= b.Layout().N(); d++ {
				if st.sc.digitQuietOf(id, b).skip(b, d) {
					skipped++
				}
			}
			return skipped
		})
}

// TestHouseQuietAcrossStates is TestDigitQuietAcrossStates for the finders that keep
// a houseQuiet memo, on every variant (killers included).
func TestHouseQuietAcrossStates(t *testing.T) {
	memoed := []string{idPointing, idClaiming, idLockedPair, idLockedTriple, idNakedPair,
		idNakedTriple, idNakedQuad, idHiddenPair, idHiddenTriple, idHiddenQuad}
	quietAcrossStates(t, memoed, nil, func(st *solveState, id string, b *board.Board) (skipped int) {
		q := st.sc.houseQuietOf(id, b)
		for h := range board.House(b.Layout().Houses()) {
			if q.skip(h) {
				skipped++
			}
		}
		return skipped
	})
}

// quietAcrossStates walks the puzzles with one solve state and checks, on every state,
// that each technique of memoed finds the same steps there as on a fresh state;
// skippable says how much of a state a technique's memo would skip, and some must be.
func quietAcrossStates(t *testing.T, memoed []string, variants func(board.Variant) bool, skippable func(*solveState, string, *board.Board) int) {
	t.Helper()
	var ts []Technique
	for _, tech := range Default() {
		if slices.Contains(memoed, tech.ID) {
			ts = append(ts, tech)
		}
	}
	require.Len(t, ts, len(memoed))
	lines := slices.Clone(racePuzzles)
	lines = append(lines, puzzleLines(t, top1465Path, 4)...)
	if !testing.Short() {
		lines = append(lines, grid16)
	}
	var puzzles []*board.Board
	for _, line := range lines {
		b, err := board.Parse(line)
		require.NoError(t, err)
		puzzles = append(puzzles, b)
	}
	puzzles = append(puzzles, firstVariantPuzzles(t, variants)...)
	skipped := 0
	for i, p := range puzzles {
		b := p.Clone()
		st := newSolveState()
		k := Knowledge{Unique: true}
		for steps := 0; !b.Solved(); steps++ {
			for _, tech := range ts {
				if tech.HoldsOn(b.Layout()) {
					skipped += skippable(st, tech.ID, b)
				}
				require.Equal(t, findAll(tech, b), findAllIn(st, tech, b), "puzzle %d, %s after %d steps", i, tech.ID, steps)
			}
			s, _, ok, err := st.first(t.Context(), b, Default(), k)
			require.NoError(t, err)
			if !ok {
				sol, err := SearchStep(t.Context(), b, k)
				require.NoError(t, err)
				s = sol
			}
			mustApply(t, b, s)
			st.invalidate()
		}
	}
	require.Positive(t, skipped, "nothing was skipped")
}

// TestHouseQuietMoreCandidates gives the naked pair's finder, after a board where it found
// nothing, a board with more candidates: row 1's cells are as they were, but the box
// around its pair now holds the pair's digits. The memo must not skip the row (it only
// skips on boards that have no candidate the last one lacked): the step is found as on
// a fresh state.
func TestHouseQuietMoreCandidates(t *testing.T) {
	y := parsed(strings.Repeat(".", 81))(t)
	l := y.Layout()
	pair := board.DigitsOf(1, 2)
	for col := range 9 {
		c := l.CellAt(0, col)
		if col < 2 {
			y.SetCandidates(c, pair)
		} else {
			y.SetCandidates(c, y.Candidates(c)&^pair)
		}
	}
	x := y.Clone()
	for row := 1; row < 3; row++ {
		for col := range 3 {
			c := l.CellAt(row, col)
			x.SetCandidates(c, x.Candidates(c)&^pair)
		}
	}
	st := newSolveState()
	require.Empty(t, findAllIn(st, NakedPair, x), "the pair removes nothing on the first board")
	want := findAll(NakedPair, y)
	require.Len(t, want, 1, "the pair clears the box on the second board")
	require.Equal(t, want, findAllIn(st, NakedPair, y))
}
