package techniques

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

func TestDefaultIsValid(t *testing.T) {
	ts := Default()
	require.NoError(t, Validate(ts))
	for i := 1; i < len(ts); i++ {
		require.LessOrEqual(t, ts[i-1].Difficulty, ts[i].Difficulty,
			"%s (%.2f) comes before %s (%.2f)", ts[i-1].ID, ts[i-1].Difficulty, ts[i].ID, ts[i].Difficulty)
	}
	for _, tech := range ts {
		require.Positive(t, tech.Difficulty, tech.ID)
		require.Positive(t, tech.Score, tech.ID)
		require.NotEmpty(t, tech.Codes, "%s has no HoDoKu code", tech.ID)
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
		{"name not explain's", func(ts []Technique) []Technique { ts[0].Name = "Xwing"; return ts }, "explain names it"},
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
	require.Equal(t, "Swordfish", got.Name)
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
		l := p.Layout()
		sol, err := fallback.Unique(context.Background(), p)
		require.NoError(t, err, "puzzle %d", i+1)
		b := p.Clone()
		for !b.Solved() {
			var first *explain.Step
			for _, tech := range ts {
				tech.Find(b, func(s explain.Step) bool {
					for _, pl := range s.Placements {
						require.Equal(t, sol[pl.Cell], pl.Digit, "puzzle %d: %s", i+1, explain.OneLiner(l, s))
					}
					for _, e := range s.Eliminations {
						require.True(t, b.Has(e.Cell, e.Digit), "puzzle %d: %s", i+1, explain.OneLiner(l, s))
						require.NotEqual(t, sol[e.Cell], e.Digit, "puzzle %d: %s", i+1, explain.OneLiner(l, s))
					}
					if first == nil {
						first = &s
					}
					return true
				})
			}
			if first == nil {
				break // beyond these techniques
			}
			applyForSoundness(t, b, *first)
		}
	}
}

// applyForSoundness makes a step on b (the pipeline's job; done here so these tests stand alone).
func applyForSoundness(t *testing.T, b *board.Board, s explain.Step) {
	t.Helper()
	for _, e := range s.Eliminations {
		require.True(t, b.Eliminate(e.Cell, e.Digit))
	}
	for _, p := range s.Placements {
		if b.Value(p.Cell) == 0 {
			require.NoError(t, b.Place(p.Cell, p.Digit))
		}
	}
}

// puzzlesForSoundness reads up to n puzzles from a shared file, skipping the test when the file
// is absent.
func puzzlesForSoundness(tb testing.TB, path string, n int) []*board.Board {
	tb.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		tb.Skipf("%s is absent", path)
	}
	require.NoError(tb, err)
	defer f.Close()
	var out []*board.Board
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < n {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b, err := board.Parse(line)
		require.NoError(tb, err, line)
		out = append(out, b)
	}
	require.NoError(tb, sc.Err())
	return out
}
