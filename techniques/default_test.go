package techniques

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

func TestDefaultIsValid(t *testing.T) {
	ts := Default()
	require.NoError(t, Validate(ts))
	require.NoError(t, Validate(ladder()), "the ladder, optional techniques included")
	require.Len(t, ladder(), len(ts)+len(Optional()), "every technique is on the ladder once")
	// HoDoKu's nets stop at the dynamic level: the (+) level, rated below 9.5, has no code.
	noHoDoKu := map[string]bool{ForcingNetPlus.ID: true}
	for _, tech := range ts {
		require.Positive(t, tech.Difficulty, tech.ID)
		require.Positive(t, tech.Score, tech.ID)
		// HoDoKu codes no variant-only technique (killer cages), nor the patterns and
		// nets of the hardest puzzles, rated at SE's nested level (9.5 and up: exocets,
		// tridagons, SK loops, MSLS, the (+) and nested nets).
		if tech.HoldsOn(board.Classic) && tech.Difficulty < 9.5 && !noHoDoKu[tech.ID] {
			require.NotEmpty(t, tech.Codes, "%s has no HoDoKu code", tech.ID)
		}
	}
}

func TestDefaultIsFresh(t *testing.T) {
	a := Default()
	a[0] = Technique{}
	require.Equal(t, FullHouse.ID, Default()[0].ID, "changing one Default slice changed the next")
}

func TestValidate(t *testing.T) {
	good := func() Technique { return XWing }
	tests := []struct {
		name   string
		change func(ts []Technique) []Technique
		want   string
	}{
		{"valid", func(ts []Technique) []Technique { return ts }, ""},
		{"empty ID", func(ts []Technique) []Technique { ts[0].ID = ""; return ts }, "has no ID"},
		{"not kebab-case", func(ts []Technique) []Technique { ts[0].ID = "X_Wing"; return ts }, "not kebab-case"},
		{"twice", func(ts []Technique) []Technique { return append(ts, good()) }, "appears twice"},
		{"ID explain does not name", func(ts []Technique) []Technique { ts[0].ID = "x-wingz"; return ts }, "no name in explain's catalogue"},
		{"no finder", func(ts []Technique) []Technique { ts[0].Find = nil; return ts }, "no finder"},
		{"doc without title", func(ts []Technique) []Technique { ts[0].Doc = "One paragraph only."; return ts }, "title line"},
		{"doc title on two lines", func(ts []Technique) []Technique { ts[0].Doc = "X\nWing\n\nBody."; return ts }, "title line"},
		{"bad code", func(ts []Technique) []Technique { ts[0].Codes = []string{"03"}; return ts }, "HoDoKu code"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Validate(tc.change([]Technique{good()}))
			if tc.want == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tc.want)
		})
	}
}

func TestByID(t *testing.T) {
	got, ok := ByID("swordfish")
	require.True(t, ok)
	require.Equal(t, "Swordfish", got.Name())
	_, ok = ByID("Swordfish")
	require.False(t, ok, "IDs are matched exactly")
}

func TestUpTo(t *testing.T) {
	ts, err := UpTo("x-wing")
	require.NoError(t, err)
	require.Equal(t, "x-wing", ts[len(ts)-1].ID)
	require.Equal(t, "full-house", ts[0].ID)
	for _, tech := range ts {
		require.NotEqual(t, "jellyfish", tech.ID)
	}

	_, err = UpTo("x-wings")
	require.ErrorContains(t, err, `"x-wings"`)
	require.ErrorContains(t, err, "swordfish", "the error lists the known IDs")
}

func TestWith(t *testing.T) {
	base := Default()
	ts, err := With(base, MutantXWing.ID, FrankenXWing.ID)
	require.NoError(t, err)
	require.Len(t, ts, len(base)+2)
	for i, tech := range Default() {
		require.Equal(t, tech.ID, base[i].ID, "the given set is not changed")
	}
	var ids []string
	for i, tech := range ts {
		ids = append(ids, tech.ID)
		if i > 0 {
			assert.Less(t, Rank(ts[i-1].ID), Rank(tech.ID), "%s after %s", tech.ID, ts[i-1].ID)
		}
	}
	// Each lands at its place on the ladder: the complex fish after the sashimi fish.
	franken := slices.Index(ids, FrankenXWing.ID)
	assert.Equal(t, SashimiJellyfish.ID, ids[franken-1])
	assert.Less(t, franken, slices.Index(ids, MutantXWing.ID))
	assert.Less(t, slices.Index(ids, MutantXWing.ID), slices.Index(ids, XChain.ID))
	// The default techniques keep their order.
	var kept []string
	for _, id := range ids {
		if id != FrankenXWing.ID && id != MutantXWing.ID {
			kept = append(kept, id)
		}
	}
	for i, tech := range base {
		assert.Equal(t, tech.ID, kept[i])
	}

	_, err = With(base, "x-wing")
	require.ErrorContains(t, err, "already")
	_, err = With(base, "x-wings")
	require.ErrorContains(t, err, `"x-wings"`)
}

// TestFindersSound walks puzzles with the default techniques and, at every state on the
// way, runs every finder to the end and checks every step against the solution. It
// reaches states no fixture holds. The puzzle files are shared data: skipped when absent.
func TestFindersSound(t *testing.T) {
	const path = "../../shared/puzzles/kaggle3m-expert.txt"
	puzzles := puzzlesForSoundness(t, path, map[bool]int{true: 15, false: 150}[testing.Short()])
	// Only the techniques of the first families: later ones have their own sweeps.
	var ts []Technique
	for _, tech := range Default() {
		if slices.ContainsFunc(tech.Codes, func(c string) bool { return slices.Contains(basicCodes, c) }) {
			ts = append(ts, tech)
		}
	}
	for i, p := range puzzles {
		sol, err := fallback.Unique(context.Background(), p)
		require.NoError(t, err, "puzzle %d", i+1)
		b := p.Clone()
		for !b.Solved() {
			var first *explain.Step
			for _, tech := range ts {
				findOn(tech, b, func(s explain.Step) bool {
					requireSound(t, fmt.Sprintf("puzzle %d", i+1), b, sol, s)
					if first == nil {
						first = &s
					}
					return true
				})
			}
			if first == nil {
				break // beyond these techniques
			}
			mustApply(t, b, *first)
		}
	}
}

// puzzlesForSoundness reads up to n puzzles from a shared file, skipping the test when the file
// is absent.
func puzzlesForSoundness(tb testing.TB, path string, n int) []*board.Board {
	tb.Helper()
	var out []*board.Board
	for _, line := range readPuzzleLines(tb, path, n) {
		b, err := board.Parse(line)
		require.NoError(tb, err, line)
		out = append(out, b)
	}
	return out
}

// TestFindersEveryLayout runs the first families on every grid size, boxes square or
// not, from a patterned solution with cells blanked at random (a fixed seed), checking
// each step against that solution on the way. Grids with more than one solution are
// skipped, since a step may then rightly remove a digit of the pattern.
func TestFindersEveryLayout(t *testing.T) {
	var ts []Technique
	for _, tech := range Default() {
		if slices.ContainsFunc(tech.Codes, func(c string) bool { return slices.Contains(basicCodes, c) }) {
			ts = append(ts, tech)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range board.Sizes() {
		l, err := board.LayoutOf(n)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			sol := patternSolution(l)
			// The pattern has many swappable rectangles: blank fewer cells on big grids
			// so that some tries keep one solution.
			blank := map[bool]float64{true: 0.45, false: 0.25}[n <= 9]
			checked := 0
			for try := 0; try < 20 && checked < 3; try++ {
				b, ok := blankedUnique(t, l, sol, rng, blank)
				if !ok {
					continue
				}
				checked++
				steps := 0
				for !b.Solved() {
					var first *explain.Step
					for _, tech := range ts {
						findOn(tech, b, func(s explain.Step) bool {
							requireSound(t, fmt.Sprintf("%dx%d", n, n), b, sol, s)
							if first == nil {
								first = &s
							}
							return true
						})
					}
					if first == nil {
						break
					}
					mustApply(t, b, *first)
					steps++
				}
				require.Positive(t, steps, "no technique applied")
			}
			require.Positive(t, checked, "no grid with one solution was tried")
		})
	}
}

// patternSolution is a solved grid of any layout: row r is 1..N shifted so that rows,
// columns and boxes (R rows by C columns) each hold every digit.
func patternSolution(l *board.Layout) []board.Digit {
	n, br, bc := l.N(), l.BoxRows(), l.BoxCols()
	out := make([]board.Digit, l.Cells())
	for r := range n {
		for c := range n {
			out[l.CellAt(r, c)] = board.Digit((bc*(r%br)+r/br+c)%n + 1)
		}
	}
	return out
}

// TestOptionalOnTheLadder checks where With puts optional techniques and that
// InOrder sorts a hand-made list into the teaching order: a dual pattern right after
// its single one, the forcing chain verity after the forcing chain contradiction.
func TestOptionalOnTheLadder(t *testing.T) {
	ts, err := With(Default(), DualTwoStringKite.ID, ForcingChainVerity.ID)
	require.NoError(t, err)
	ids := make([]string, len(ts))
	for i, tech := range ts {
		ids[i] = tech.ID
	}
	kite := slices.Index(ids, TwoStringKite.ID)
	assert.Equal(t, DualTwoStringKite.ID, ids[kite+1])
	assert.Equal(t, ForcingChainVerity.ID, ids[slices.Index(ids, ForcingChainContradiction.ID)+1])

	mixed := []Technique{ForcingNetVerity, XWing, FullHouse, Skyscraper, FinnedXWing}
	var got []string
	for _, tech := range InOrder(mixed) {
		got = append(got, tech.ID)
	}
	assert.Equal(t, []string{FullHouse.ID, XWing.ID, Skyscraper.ID, FinnedXWing.ID, ForcingNetVerity.ID}, got)
	assert.Less(t, Rank(Skyscraper.ID), Rank(FinnedXWing.ID), "the single-digit patterns come before the finned fish")
	assert.Equal(t, -1, Rank("no-such-technique"))
}
