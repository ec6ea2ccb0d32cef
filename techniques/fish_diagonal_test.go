package techniques

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

var diagonalFish = []Technique{DiagonalXWing, FinnedDiagonalXWing, DiagonalSwordfish, FinnedDiagonalSwordfish}

// TestDiagonalFishHolds: the diagonal fish hold exactly on the layouts with diagonals,
// so the pipeline never runs them on a classic grid, windoku, jigsaw or killer.
func TestDiagonalFishHolds(t *testing.T) {
	classic, err := board.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.7......")
	require.NoError(t, err)
	boards := append(firstVariantPuzzles(t, nil), classic)
	sawX := false
	for _, b := range boards {
		l := b.Layout()
		x := l.Variant()&board.X != 0
		sawX = sawX || x
		for _, tech := range diagonalFish {
			require.Equal(t, x, tech.HoldsOn(l), "%s on %v", tech.ID, l.Variant())
		}
	}
	if !sawX {
		t.Skip("no Sudoku-X set in the shared variants")
	}
}

// TestDiagonalFishSound walks puzzles of the shared Sudoku-X set with the default
// techniques and, at every fourth state, runs each diagonal fish: every step it finds
// must hold against the set's solution, have a diagonal among its base or cover
// houses, base and cover houses of the technique's size, fins only when finned, and
// the shape of any step. The walks must meet some fish of every kind, so that a
// finder that finds nothing fails. The plain run takes 8 puzzles spread over the set
// (3 with -short).
func TestDiagonalFishSound(t *testing.T) {
	skipUnderRace(t)
	ps := readVariantSetIfPresent(t, filepath.Join(variantsDir, "x-dev.txt"), board.X)
	if ps == nil {
		t.Skip("x-dev.txt is absent")
	}
	per := map[bool]int{true: 3, false: 8}[testing.Short()]
	sizes := map[string]int{DiagonalXWing.ID: 2, FinnedDiagonalXWing.ID: 2, DiagonalSwordfish.ID: 3, FinnedDiagonalSwordfish.ID: 3}
	finned := map[string]bool{FinnedDiagonalXWing.ID: true, FinnedDiagonalSwordfish.ID: true}
	found := map[string]int{}
	ts := Default()
	for i, p := range spreadVariant(ps, per) {
		b := p.b.Clone()
		l := b.Layout()
		for n := 0; !b.Solved(); n++ {
			if n%4 == 0 {
				for _, tech := range diagonalFish {
					steps, err := tech.Steps(context.Background(), b, 0)
					require.NoError(t, err)
					for _, s := range steps {
						line := explain.OneLiner(l, s)
						requireSound(t, tech.ID, b, p.sol, s)
						requireStepShape(t, b, s)
						require.Len(t, s.Pattern.Base, sizes[tech.ID], line)
						require.Len(t, s.Pattern.Cover, sizes[tech.ID], line)
						require.Equal(t, finned[tech.ID], len(s.Pattern.Fins) > 0, line)
						houses := append(slices.Clone(s.Pattern.Base), s.Pattern.Cover...)
						require.True(t, slices.ContainsFunc(houses, func(h board.House) bool {
							return l.Kind(h) == board.Diagonal
						}), "no diagonal in %s", line)
						found[tech.ID]++
					}
				}
			}
			s, _, ok := firstOn(b, ts, Knowledge{Unique: true})
			require.True(t, ok, "puzzle %d: stuck", i+1)
			requireSound(t, "walk", b, p.sol, s)
			mustApply(t, b, s)
		}
	}
	for _, tech := range diagonalFish {
		require.Positive(t, found[tech.ID], "%s found nothing on %d puzzles", tech.ID, per)
	}
	t.Logf("steps found: %v", found)
}
