package techniques

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// finnedFamily is every finned and sashimi fish, smallest first.
func finnedFamily() []Technique {
	return []Technique{
		FinnedXWing, SashimiXWing, FinnedSwordfish, SashimiSwordfish, FinnedJellyfish, SashimiJellyfish,
	}
}

// finnedCodes are HoDoKu's codes of the finned family; every case of each must pass.
var finnedCodes = []string{"0310", "0311", "0312", "0320", "0321", "0322"}

func TestFinnedFishConformance(t *testing.T) {
	got := runLibrary(t, finnedCodes, finnedFamily(), nil)
	for _, code := range finnedCodes {
		assert.Positive(t, got.passed[code], "no case of %s passed: is the library complete?", code)
	}
}

// finnedPuzzles returns up to perFile puzzles of each testdata/puzzles file, and the
// first shared ones of top1465 unless -short.
func finnedPuzzles(t testing.TB, perFile, shared int) []string {
	t.Helper()
	files, err := filepath.Glob("../testdata/puzzles/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files, "testdata/puzzles")
	var out []string
	for _, f := range files {
		out = append(out, puzzleLines(t, f, perFile)...)
	}
	return withShared(t, out, shared)
}

// TestFinnedFishSound walks puzzles with the default techniques up to the chains and
// checks every step of every finned and sashimi fish at every state against the unique
// solution. Where those techniques stop, it places the solution's digit in the first
// empty cell, which keeps the walk cheap (no chains or nets) and reaches late states.
func TestFinnedFishSound(t *testing.T) {
	var ts []Technique
	for _, tech := range Default() {
		if tech.Difficulty < 6 {
			ts = append(ts, tech)
		}
	}
	fired := map[string]int{}
	for i, line := range finnedPuzzles(t, 40, 100) {
		puzzle, sol := solvedPuzzle(t, line)
		b := puzzle.Clone()
		for step := 0; !b.Solved(); step++ {
			before := b.Clone()
			for _, tech := range finnedFamily() {
				findOn(tech, b, func(s explain.Step) bool {
					checkStep(t, tech, before, s)
					require.NotEmpty(t, s.Pattern.Fins, "%s has no fins", explain.OneLiner(b.Layout(), s))
					requireSound(t, fmt.Sprintf("puzzle %d (%s) step %d", i, line, step), before, sol, s)
					fired[tech.ID]++
					return true
				})
			}
			requireSameBoard(t, before, b)
			s, _, ok := firstOn(b, ts, Knowledge{Unique: true})
			stepOrPlace(t, b, sol, s, ok)
		}
	}
	t.Logf("steps checked: %v", fired)
	for _, tech := range finnedFamily() {
		assert.Positive(t, fired[tech.ID], "%s never fired: the test checked nothing of it", tech.ID)
	}
}

// TestFinnedFishByHand builds one-digit boards by hand. Such sparse boards hold more
// fish than the one drawn (the same one transposed, say), so each case names a step
// that must be found and the base and cover of a fish that must not be.
func TestFinnedFishByHand(t *testing.T) {
	xwing := []string{"r2c3", "r2c7", "r6c3", "r6c7", "r6c8", "r4c7", "r5c9"}
	sashimi := []string{"r2c3", "r2c7", "r6c3", "r6c8", "r4c7", "r5c9"}
	runFishCases(t, []fishCase{
		{
			name:  "finned x-wing, one fin beside its corner",
			d:     4,
			cells: xwing,
			tech:  FinnedXWing,
			want:  "Finned X-Wing: 4 r2,r6 c3,c7 fr6c8 => r4c7<>4",
		},
		{
			name:   "the same shape is no sashimi",
			d:      4,
			cells:  xwing,
			tech:   SashimiXWing,
			absent: "Sashimi X-Wing: 4 r2,r6 c3,c7 ",
		},
		{
			name:  "sashimi x-wing, the corner in the fin box gone",
			d:     4,
			cells: sashimi,
			tech:  SashimiXWing,
			want:  "Sashimi X-Wing: 4 r2,r6 c3,c7 fr6c8 => r4c7<>4",
		},
		{
			name:   "the sashimi shape is no finned x-wing",
			d:      4,
			cells:  sashimi,
			tech:   FinnedXWing,
			absent: "Finned X-Wing: 4 r2,r6 c3,c7 ",
		},
		{
			name:   "fins in two boxes make no fish",
			d:      4,
			cells:  append([]string{"r6c1"}, xwing...),
			tech:   FinnedXWing,
			absent: "Finned X-Wing: 4 r2,r6 c3,c7 ",
		},
		{
			name:  "finned swordfish on columns, two fins",
			d:     7,
			cells: []string{"r1c1", "r5c1", "r1c4", "r8c4", "r5c8", "r8c8", "r7c8", "r9c8", "r8c7"},
			tech:  FinnedSwordfish,
			want:  "Finned Swordfish: 7 c1,c4,c8 r1,r5,r8 fr7c8,r9c8 => r8c7<>7",
		},
	})
}

// fishCase is a fish drawn by hand on a board where digit d is only at cells: what
// technique tech must and must not find there.
type fishCase struct {
	name    string
	d       board.Digit
	cells   []string
	tech    Technique
	want    string // a step that must be found
	removes string // the conclusions of a step that must be found
	absent  string // the start of steps that must not be found
}

func runFishCases(t *testing.T, cases []fishCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := onlyAt(t, tc.d, tc.cells...)
			got := lines(b, tc.tech)
			if tc.want != "" {
				assert.Contains(t, got, tc.want)
			}
			if tc.removes != "" {
				assert.True(t, slices.ContainsFunc(got, func(g string) bool { return strings.HasSuffix(g, " => "+tc.removes) }),
					"no step removes exactly %s: %v", tc.removes, got)
			}
			if tc.absent != "" {
				for _, g := range got {
					assert.False(t, strings.HasPrefix(g, tc.absent), "found %s", g)
				}
			}
		})
	}
}
