package techniques

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
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
	puzzles = append(puzzles, firstVariantPuzzles(t, func(v board.Variant) bool { return v != board.Killer })...)
	all := func(st *solveState, tech Technique, b *board.Board) []explain.Step {
		var out []explain.Step
		st.pass(t.Context(), b, tech, func(s explain.Step) bool { out = append(out, s); return true }).run()
		return out
	}
	skipped := 0
	for i, p := range puzzles {
		b := p.Clone()
		st := newSolveState()
		k := Knowledge{Unique: true}
		for steps := 0; !b.Solved(); steps++ {
			for _, tech := range ts {
				for d := board.Digit(1); int(d) <= b.Layout().N(); d++ {
					if st.sc.digitQuietOf(tech.ID, b).skip(b, d) {
						skipped++
					}
				}
				require.Equal(t, all(newSolveState(), tech, b), all(st, tech, b), "puzzle %d, %s after %d steps", i, tech.ID, steps)
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
	require.Positive(t, skipped, "no digit was skipped")
}
