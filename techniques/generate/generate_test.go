package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
	"github.com/stretchr/testify/require"
)

// count returns the number of solutions of values, up to 2.
func count(t testing.TB, l *board.Layout, values []board.Digit) int {
	t.Helper()
	b, err := board.FromDigits(l, values)
	require.NoError(t, err)
	n, err := fallback.Count(context.Background(), b, 2)
	require.NoError(t, err)
	return n
}

// requireMinimal fails unless removing any single given of p leaves several solutions.
func requireMinimal(t testing.TB, l *board.Layout, p []board.Digit) {
	t.Helper()
	q := append([]board.Digit(nil), p...)
	for c, d := range q {
		if d == 0 {
			continue
		}
		q[c] = 0
		require.Equal(t, 2, count(t, l, q), "given %s=%d of %s can go", l.CellName(board.Cell(c)), d, board.Line(p))
		q[c] = d
	}
}

// requireSolution fails unless sol is a valid solved grid holding every given of p.
func requireSolution(t testing.TB, l *board.Layout, p, sol []board.Digit) {
	t.Helper()
	b, err := board.FromDigits(l, sol)
	require.NoError(t, err)
	require.True(t, b.Solved())
	require.Empty(t, b.Problems())
	for c, d := range p {
		if d != 0 {
			require.Equal(t, d, sol[c], "given at %s", l.CellName(board.Cell(c)))
		}
	}
}

// givenCount returns the number of non-zero values.
func givenCount(p []board.Digit) int {
	n := 0
	for _, d := range p {
		if d != 0 {
			n++
		}
	}
	return n
}

func TestGeneratedPuzzlesAreUniqueAndMinimal(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 200
	}
	ctx := context.Background()
	seen := map[string]bool{}
	for i := range n {
		p, err := Nth(ctx, 42, uint64(i), Options{})
		require.NoError(t, err)
		require.Equal(t, 1, count(t, board.Classic, p.Givens), "puzzle %d: %s", i, board.Line(p.Givens))
		requireSolution(t, board.Classic, p.Givens, p.Solution)
		if i < 100 {
			requireMinimal(t, board.Classic, p.Givens)
		}
		line := board.Line(p.Givens)
		require.False(t, seen[line], "puzzle %d repeats %s", i, line)
		seen[line] = true
		require.Equal(t, 1, p.Attempts)
		require.Nil(t, p.Trace)
	}
}

func TestSymmetry(t *testing.T) {
	ctx := context.Background()
	l := board.Classic
	for _, sym := range []Symmetry{Rot180, Rot90, Mirror, Diagonal} {
		t.Run(sym.String(), func(t *testing.T) {
			orbits := sym.orbits(l)
			for i := range 20 {
				p, err := Nth(ctx, 7, uint64(i), Options{Symmetry: sym})
				require.NoError(t, err)
				require.Equal(t, 1, count(t, l, p.Givens))
				for _, orbit := range orbits {
					for _, c := range orbit {
						require.Equal(t, p.Givens[orbit[0]] != 0, p.Givens[c] != 0,
							"%s: %s and %s in %s", sym, l.CellName(orbit[0]), l.CellName(c), board.Line(p.Givens))
					}
				}
				// Minimal for the symmetry: no orbit can be emptied.
				q := append([]board.Digit(nil), p.Givens...)
				for _, orbit := range orbits {
					if q[orbit[0]] == 0 {
						continue
					}
					for _, c := range orbit {
						q[c] = 0
					}
					require.Equal(t, 2, count(t, l, q), "%s: orbit of %s can go", sym, l.CellName(orbit[0]))
					copy(q, p.Givens)
				}
			}
		})
	}
}

func TestOrbitsCoverEveryCellOnce(t *testing.T) {
	for _, size := range board.Sizes() {
		l, err := board.LayoutOf(size)
		require.NoError(t, err)
		for _, sym := range []Symmetry{None, Rot180, Rot90, Mirror, Diagonal} {
			seen := make([]int, l.Cells())
			for _, o := range sym.orbits(l) {
				for _, c := range o {
					seen[c]++
				}
			}
			for c, k := range seen {
				require.Equal(t, 1, k, "%dx%d %s: %s", size, size, sym, l.CellName(board.Cell(c)))
			}
		}
	}
}

func TestSeedsReproduce(t *testing.T) {
	ctx := context.Background()
	for _, opt := range []Options{{}, {Symmetry: Rot180}, {Techniques: []string{"naked-pair"}}} {
		a, err := Nth(ctx, 9, 3, opt)
		require.NoError(t, err)
		b, err := Nth(ctx, 9, 3, opt)
		require.NoError(t, err)
		require.Equal(t, a.Givens, b.Givens)
		c, err := Nth(ctx, 10, 3, opt)
		require.NoError(t, err)
		require.NotEqual(t, a.Givens, c.Givens, "seeds 9 and 10 made the same puzzle")
		d, err := Nth(ctx, 9, 4, opt)
		require.NoError(t, err)
		require.NotEqual(t, a.Givens, d.Givens, "indices 3 and 4 made the same puzzle")
	}
}

func TestTechniqueFilter(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name    string
		ids     []string
		hardest bool
	}{
		{"naked pair used", []string{"naked-pair"}, false},
		{"x-wing hardest", []string{"x-wing"}, true},
		{"pointing or claiming hardest", []string{"locked-candidates-pointing", "locked-candidates-claiming"}, true},
	}
	diff := difficulties(techniques.Options{})
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			n := 3
			if testing.Short() && tc.hardest && tc.ids[0] == "x-wing" {
				n = 1
			}
			for i := range n {
				p, err := Nth(ctx, 5, uint64(i), Options{Techniques: tc.ids, Hardest: tc.hardest})
				require.NoError(t, err)
				require.NotNil(t, p.Trace)
				// Solve again, afresh, with the whole default set.
				b, err := board.FromDigits(board.Classic, p.Givens)
				require.NoError(t, err)
				tr, err := techniques.Solve(ctx, b, techniques.Options{})
				require.NoError(t, err)
				require.True(t, tr.Summary.Solved)
				used, top, topID := false, 0.0, ""
				for _, s := range tr.Steps {
					if slices.Contains(tc.ids, s.Technique) {
						used = true
					}
					if diff[s.Technique] > top {
						top, topID = diff[s.Technique], s.Technique
					}
				}
				require.True(t, used, "%s does not use %v", board.Line(p.Givens), tc.ids)
				if tc.hardest {
					require.Contains(t, tc.ids, topID, "%s: hardest step %s", board.Line(p.Givens), topID)
				}
				require.Equal(t, len(tr.Steps), len(p.Trace.Steps), "the cut walkthrough differs from the full one")
			}
		})
	}
}

func TestRaterFilter(t *testing.T) {
	ctx := context.Background()
	// A rater that counts the givens makes the range easy to check.
	byGivens := func(_ context.Context, b *board.Board) (float64, error) {
		return float64(b.Givens().Count()), nil
	}
	for i := range 5 {
		p, err := Nth(ctx, 3, uint64(i), Options{Rater: byGivens, MinER: 22, MaxER: 23})
		require.NoError(t, err)
		g := givenCount(p.Givens)
		require.True(t, g == 22 || g == 23, "got %d givens", g)
		require.Equal(t, float64(g), p.ER)
	}
	_, err := Nth(ctx, 3, 0, Options{Rater: byGivens, MinER: 80, MaxER: 81, MaxAttempts: 5})
	require.ErrorIs(t, err, ErrGaveUp)
}

func TestDifficultyRater(t *testing.T) {
	ctx := context.Background()
	rate := DifficultyRater(techniques.Options{})
	p, err := Nth(ctx, 1, 0, Options{Rater: rate, MinER: 6.6, MaxER: 20})
	require.NoError(t, err)
	require.GreaterOrEqual(t, p.ER, 6.6)
	// An easy puzzle: singles only.
	p, err = Nth(ctx, 1, 0, Options{Rater: rate, MinER: 0, MaxER: 2.3})
	require.NoError(t, err)
	b, err := board.FromDigits(board.Classic, p.Givens)
	require.NoError(t, err)
	tr, err := techniques.Solve(ctx, b, techniques.Options{})
	require.NoError(t, err)
	for _, s := range tr.Steps {
		require.Contains(t, []string{"full-house", "hidden-single", "naked-single"}, s.Technique)
	}
}

func TestOptionErrors(t *testing.T) {
	ctx := context.Background()
	_, err := Nth(ctx, 1, 0, Options{Techniques: []string{"no-such-thing"}})
	require.ErrorContains(t, err, `"no-such-thing"`)
	_, err = Nth(ctx, 1, 0, Options{Hardest: true})
	require.Error(t, err)
	_, err = Nth(ctx, 1, 0, Options{Rater: func(context.Context, *board.Board) (float64, error) { return 0, nil }, MinER: 3, MaxER: 2})
	require.Error(t, err)
	_, err = ParseSymmetry("spiral")
	require.ErrorContains(t, err, "spiral")
	for _, s := range []Symmetry{None, Rot180, Rot90, Mirror, Diagonal} {
		got, err := ParseSymmetry(s.String())
		require.NoError(t, err)
		require.Equal(t, s, got)
	}
}

func TestNotMinimal(t *testing.T) {
	ctx := context.Background()
	for i := range 10 {
		p, err := Nth(ctx, 2, uint64(i), Options{NotMinimal: true, MaxGivens: 32})
		require.NoError(t, err)
		require.Equal(t, 32, givenCount(p.Givens))
		require.Equal(t, 1, count(t, board.Classic, p.Givens))
	}
}

func TestOtherSizes(t *testing.T) {
	ctx := context.Background()
	sizes := []int{4, 6, 8, 12}
	if !testing.Short() {
		sizes = append(sizes, 16)
	}
	for _, size := range sizes {
		l, err := board.LayoutOf(size)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("%dx%d", size, size), func(t *testing.T) {
			n := 20
			if size >= 12 {
				n = 2
			}
			for i := range n {
				p, err := Nth(ctx, 11, uint64(i), Options{Layout: l, Symmetry: Rot180})
				require.NoError(t, err)
				require.Equal(t, 1, count(t, l, p.Givens))
				requireSolution(t, l, p.Givens, p.Solution)
				if size <= 8 {
					requireMinimalOrbits(t, l, p.Givens, Rot180)
				}
			}
		})
	}
}

// requireMinimalOrbits fails when an orbit of sym can be emptied from p, unique.
func requireMinimalOrbits(t testing.TB, l *board.Layout, p []board.Digit, sym Symmetry) {
	t.Helper()
	q := append([]board.Digit(nil), p...)
	for _, orbit := range sym.orbits(l) {
		if q[orbit[0]] == 0 {
			continue
		}
		for _, c := range orbit {
			q[c] = 0
		}
		require.Equal(t, 2, count(t, l, q), "orbit of %s can go from %s", l.CellName(orbit[0]), board.Line(p))
		copy(q, p)
	}
}

func TestGrid(t *testing.T) {
	ctx := context.Background()
	for _, size := range board.Sizes() {
		l, err := board.LayoutOf(size)
		require.NoError(t, err)
		for i := range 5 {
			g, err := Grid(ctx, l, rand.New(rand.NewPCG(1, uint64(i))))
			require.NoError(t, err)
			requireSolution(t, l, make([]board.Digit, l.Cells()), g)
		}
	}
}

func TestMinimize(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 20 {
		g, err := Grid(ctx, board.Classic, rng)
		require.NoError(t, err)
		p, err := Minimize(ctx, board.Classic, g, rng)
		require.NoError(t, err)
		require.Equal(t, 1, count(t, board.Classic, p))
		requireMinimal(t, board.Classic, p)
		requireSolution(t, board.Classic, p, g)
		if i == 0 {
			// A minimal puzzle stays as it is.
			again, err := Minimize(ctx, board.Classic, p, rng)
			require.NoError(t, err)
			require.Equal(t, p, again)
		}
	}
	several := make([]board.Digit, 81)
	several[0] = 1
	_, err := Minimize(ctx, board.Classic, several, rng)
	require.ErrorContains(t, err, "several solutions")
	clash := make([]board.Digit, 81)
	clash[0], clash[1] = 1, 1
	_, err = Minimize(ctx, board.Classic, clash, rng)
	require.ErrorContains(t, err, "invalid")
}

func TestTransformsKeepUniquenessAndMapSolutions(t *testing.T) {
	ctx := context.Background()
	for _, size := range []int{4, 6, 9} {
		l, err := board.LayoutOf(size)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(4, uint64(size)))
		for i := range 20 {
			p, err := Nth(ctx, 4, uint64(i), Options{Layout: l})
			require.NoError(t, err)
			tr := board.RandomTransform(l, rng)
			if size == 9 && i%2 == 0 {
				rot, err := board.Rotate(l, 1)
				require.NoError(t, err)
				tr = tr.Then(rot)
			}
			q, err := tr.Apply(p.Givens)
			require.NoError(t, err)
			b, err := board.FromDigits(l, q)
			require.NoError(t, err)
			sol, err := fallback.Unique(ctx, b)
			require.NoError(t, err, "transformed %s", board.Line(q))
			want, err := tr.Apply(p.Solution)
			require.NoError(t, err)
			require.Equal(t, want, sol)
			require.Equal(t, givenCount(p.Givens), givenCount(q))
		}
	}
}

func TestUses(t *testing.T) {
	diff := difficulties(techniques.Options{})
	steps := func(ids ...string) []explain.Step {
		var out []explain.Step
		for _, id := range ids {
			out = append(out, explain.Step{Technique: id})
		}
		return out
	}
	tests := []struct {
		name    string
		steps   []explain.Step
		ids     []string
		hardest bool
		want    bool
	}{
		{"used", steps("hidden-single", "x-wing", "hidden-single"), []string{"x-wing"}, false, true},
		{"not used", steps("hidden-single", "naked-pair"), []string{"x-wing"}, false, false},
		{"used and hardest", steps("naked-pair", "x-wing", "hidden-single"), []string{"x-wing"}, true, true},
		{"used, a harder step after", steps("x-wing", "xy-wing"), []string{"x-wing"}, true, false},
		{"used but not hardest is fine without --hardest", steps("x-wing", "xy-wing"), []string{"x-wing"}, false, true},
		{"one of two is hardest", steps("x-wing", "xy-wing"), []string{"x-wing", "xy-wing"}, true, true},
		{"search is harder than all", steps("x-wing", "search"), []string{"x-wing"}, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, uses(tc.steps, tc.ids, tc.hardest, diff))
		})
	}
}
