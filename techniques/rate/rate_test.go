package rate

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
)

// seCases are puzzles of ../shared/ratings/se-dev.txt with Sudoku Explainer's own
// ER/EP/ED, one for each rung of SE's ladder that our walk reproduces.
var seCases = []struct {
	name       string
	puzzle     string
	er, ep, ed float64
	hardest    string
	tol        float64 // how far from SE's figures ours may be
}{
	{"hidden singles in boxes", "...7.............9.61.2.54.4.3..12..12.........9.8.......56...3.76....9....3..4.8", 1.2, 1.2, 1.2, "hidden-single", 0},
	{"a hidden single in a line", "...1.9..691..4...7.2..........7........5.4.6..6....3.84.76.5..2...8.74....2......", 1.5, 1.2, 1.2, "hidden-single", 0},
	{"direct pointing", "9..1.3.........8......5.97.......7244..8.....1.36......2...4..1..........945..6..", 1.7, 1.2, 1.2, "locked-candidates-pointing", 0},
	{"direct hidden pair", "...1.......184.36..5..7..4...37.........6928..2.........2..1.97.785...........1..", 2.0, 1.2, 1.2, "hidden-pair", 0},
	{"naked single", "9...6......3.5.4...4.7..39..7..8..59....2...14..6.....6..5..........95....1.4..3.", 2.3, 1.2, 1.2, "naked-single", 0},
	{"direct hidden triple", ".9.....8.5......96......4..6..34....9......2.2...6..17.1....8...6..17..97...95...", 2.5, 1.2, 1.2, "hidden-triple", 0},
	{"claiming", "2..8...1.89.5....2....91......3..85.4.31....6.5..8...7.67......5.2...6........3..", 2.8, 1.2, 1.2, "locked-candidates-claiming", 0},
	{"hidden pair", ".6...823.8.......7497...1...2.4.........2..457.4...6.....1.4.5...6.7..1.9..8.2...", 3.4, 1.2, 1.2, "hidden-pair", 0},
	{"XY-Wing", "...7..2...7..2193...1.4...6..9.6.....4.....19..5.8...75..9............8..18.7.4..", 4.2, 1.2, 1.2, "xy-wing", 0},
	{"unique rectangle", ".5.8....6..7....3.9...7...2....37.1...2..4.8...3..59........8...456.2..9.......2.", 4.5, 1.2, 1.2, "unique-rectangle-1", 0},
	{"turbot fish", "......8.....2.7.96...98...4..73...........4..3.1...9.86..5...1...5..6..72.9..4...", 6.6, 1.2, 1.2, "skyscraper", 0},
	{"XY-chain", "...53.8.....6.4..71.....3....7......2.5....4..83..7.2.7....2...5..8..6.1...4.3...", 6.8, 1.2, 1.2, "xy-chain", 0},
	{"forcing chain (cycle)", "...23....1.....7.....8..........561..82.........4.....5....14...3..6............2", 7.1, 1.2, 1.2, "continuous-nice-loop", 0},
	{"multiple forcing chains", ".7.....9.......6...6..84.1...48.6..331.7.......7.4...9.....54......2....9..16.8..", 8.3, 1.2, 1.2, "forcing-chain-contradiction", 0},
	{"dynamic forcing chains", "...8.5...7...9.....53...9..3....7.....85.1...1..23..7..2...96.5.....2..16.....3..", 9.1, 1.2, 1.2, "forcing-net-contradiction", 0},
	// SE's dynamic forcing chains (9.0) against our forcing nets, after hard steps.
	{"EP and ED after hard steps", "..6..3....97..513..2..91.8........7.6.........41.....9...5..8.....3.47....4.16..5", 9.0, 9.0, 2.8, "forcing-net-contradiction", 0.3},
}

func TestRateAgreesWithSE(t *testing.T) {
	for _, tc := range seCases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := board.Parse(tc.puzzle)
			require.NoError(t, err)
			r, w, err := Walk(context.Background(), b, Options{})
			require.NoError(t, err)
			tol := tc.tol + 1e-9
			assert.InDelta(t, tc.er, r.ER, tol, "ER")
			assert.InDelta(t, tc.ep, r.EP, tol, "EP")
			assert.InDelta(t, tc.ed, r.ED, tol, "ED")
			assert.Equal(t, tc.hardest, r.Hardest)
			assert.Equal(t, DefaultScale().Level(r.ER), r.Level)
			assert.Equal(t, len(w.Trace.Steps), r.Steps)
			require.Len(t, w.Ratings, r.Steps)
			assert.Positive(t, r.Score)
			assertSound(t, b, w.Trace.Steps)
		})
	}
}

// assertSound checks every step of a rated walk against the unique solution.
func assertSound(t *testing.T, b *board.Board, steps []explain.Step) {
	t.Helper()
	sol, err := fallback.Solve(context.Background(), b)
	require.NoError(t, err)
	l := b.Layout()
	for i, st := range steps {
		for _, p := range st.Placements {
			require.Equal(t, sol[p.Cell], p.Digit, "step %d (%s) places %s", i+1, st.Technique, l.PlacementName(p))
		}
		for _, e := range st.Eliminations {
			require.NotEqual(t, sol[e.Cell], e.Digit, "step %d (%s) removes %s", i+1, st.Technique, l.CandidateName(e))
		}
	}
}

// TestDirectPlacesTheSingle checks that a direct intersection is taken as SE takes
// it: the hidden single it leaves is placed, and its eliminations are not made.
func TestDirectPlacesTheSingle(t *testing.T) {
	b := mustParse(t, seCases[2].puzzle)
	_, w, err := Walk(context.Background(), b, Options{})
	require.NoError(t, err)
	found := false
	for i, st := range w.Trace.Steps {
		if st.Technique == "locked-candidates-pointing" && w.Ratings[i] == 1.7 {
			found = true
			assert.Len(t, st.Placements, 1)
			assert.Empty(t, st.Eliminations)
		}
	}
	assert.True(t, found, "no direct pointing in the walk")
}

func TestRateLogicAndScore(t *testing.T) {
	b, err := board.Parse(seCases[1].puzzle)
	require.NoError(t, err)
	r, w, err := Walk(context.Background(), b, Options{})
	require.NoError(t, err)
	assert.True(t, r.Logic)
	want := 0
	for _, st := range w.Trace.Steps {
		tq, ok := techniques.ByID(st.Technique)
		require.True(t, ok, st.Technique)
		want += tq.Score
	}
	assert.Equal(t, want, r.Score)
	// Fewer steps of the same kinds cost less effort.
	easy, err := Rate(context.Background(), mustParse(t, seCases[0].puzzle), Options{})
	require.NoError(t, err)
	assert.Less(t, easy.ER, r.ER)
}

func mustParse(t *testing.T, s string) *board.Board {
	t.Helper()
	b, err := board.Parse(s)
	require.NoError(t, err)
	return b
}

func TestRateRefuses(t *testing.T) {
	tests := []struct {
		name   string
		puzzle string
		want   func(error) bool
	}{
		{"several solutions", ".................................................................................", func(err error) bool { return errors.Is(err, ErrNotUnique) }},
		{"invalid", "11...............................................................................", func(err error) bool {
			var inv *techniques.InvalidError
			return errors.As(err, &inv)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Rate(context.Background(), mustParse(t, tc.puzzle), Options{})
			require.Error(t, err)
			assert.True(t, tc.want(err), "got %v", err)
		})
	}
}

// TestRateNoSolution gives a wrong digit to a puzzle, one that breaks no rule of
// its own, so that only search finds there is no solution.
func TestRateNoSolution(t *testing.T) {
	b := mustParse(t, seCases[8].puzzle)
	sol, err := fallback.Solve(context.Background(), b)
	require.NoError(t, err)
	for c := range board.Cell(b.Layout().Cells()) {
		for _, d := range b.Candidates(c).Without(sol[c]).Digits() {
			wrong := b.Clone()
			require.NoError(t, wrong.Give(c, d))
			if len(wrong.Problems()) > 0 {
				continue
			}
			_, err := Rate(context.Background(), wrong, Options{})
			assert.ErrorIs(t, err, ErrNotUnique)
			return
		}
	}
	t.Fatal("no wrong digit that breaks no rule")
}

func TestRateCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Rate(ctx, mustParse(t, seCases[12].puzzle), Options{})
	assert.ErrorIs(t, err, context.Canceled)
}

func TestLengthBonus(t *testing.T) {
	// SE's thresholds: 4, 6, 8, 12, 16, 24, 32, 48, 64, ...
	tests := []struct {
		n    int
		want float64
	}{
		{0, 0}, {4, 0}, {5, 0.1}, {6, 0.1}, {7, 0.2}, {8, 0.2}, {9, 0.3}, {12, 0.3},
		{13, 0.4}, {16, 0.4}, {17, 0.5}, {24, 0.5}, {25, 0.6}, {32, 0.6}, {33, 0.7},
		{48, 0.7}, {49, 0.8}, {64, 0.8}, {65, 0.9},
	}
	for _, tc := range tests {
		assert.InDelta(t, tc.want, LengthBonus(tc.n), 1e-9, "n=%d", tc.n)
	}
}

func TestLevel(t *testing.T) {
	sc := DefaultScale()
	tests := []struct {
		er   float64
		want string
	}{
		{1.2, "beginner"}, {1.5, "beginner"}, {1.7, "easy"}, {2.5, "easy"}, {2.6, "medium"},
		{4.0, "medium"}, {4.2, "hard"}, {6.0, "hard"}, {6.2, "expert"}, {8.0, "expert"},
		{8.3, "extreme"}, {11, "extreme"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, sc.Level(tc.er), "ER %.1f", tc.er)
	}
}

// TestScaleCoversTechniques checks that every technique, default or optional, and the
// search step are on the scale, and that the scale names no other.
func TestScaleCoversTechniques(t *testing.T) {
	sc := DefaultScale()
	known := map[string]bool{techniques.Search.ID: true}
	for _, tq := range append(techniques.Default(), techniques.Optional()...) {
		known[tq.ID] = true
		e, ok := sc.Techniques[tq.ID]
		if assert.True(t, ok, "%s is not on the scale", tq.ID) {
			assert.NotEmpty(t, e.SEName, "%s: se-name", tq.ID)
		}
	}
	_, ok := sc.Techniques[techniques.Search.ID]
	assert.True(t, ok, "search is not on the scale")
	for id := range sc.Techniques {
		assert.True(t, known[id], "the scale names %q, which is no technique", id)
	}
}

func TestParseScaleRejects(t *testing.T) {
	levels := "levels: [{name: a, max: 2}, {name: b}]\n"
	tests := []struct{ name, yaml, want string }{
		{"unknown field", levels + "techniques: {x-wing: {se: 3.2, sze: 4}}", "sze"},
		{"no rating", levels + "techniques: {x-wing: {box: 3.2}}", "no rating"},
		{"bad length rule", levels + "techniques: {x-wing: {se: 3.2, length: links}}", "length"},
		{"length and nodes", levels + "techniques: {x-wing: {se: 3.2, length: chain, nodes: 4}}", "both"},
		{"no levels", "techniques: {x-wing: {se: 3.2}}", "no levels"},
		{"last level with a max", "levels: [{name: a, max: 2}]\ntechniques: {}", "no max"},
		{"pool without a limit", levels + "pools: [{from: 6.5}]\ntechniques: {}", "limit"},
		{"pool upside down", levels + "pools: [{from: 6.5, below: 6.0, limit: 2}]\ntechniques: {}", "not above"},
		{"levels out of order", "levels: [{name: a, max: 2}, {name: b, max: 1}, {name: c}]\ntechniques: {}", "not above"},
		{"net length without the nets' levels", levels + "techniques: {x: {se: 9.0, length: net}}", "nets"},
		{"unknown net level", levels + "nets: {dynamic: 8.5, plus: 9.0, nested-chains: 9.5, nested-nets: 10, deep: 11}\ntechniques: {}", "unknown level"},
		{"a net level missing", levels + "nets: {dynamic: 8.5, plus: 9.0}\ntechniques: {}", "no rating for level"},
		{"net levels out of order", levels + "nets: {dynamic: 8.5, plus: 8.0, nested-chains: 9.5, nested-nets: 10}\ntechniques: {}", "not above"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseScale([]byte(tc.yaml))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestOrder checks SE's order: singles in boxes first, the direct forms before the
// naked single, techniques SE lacks left out, the chains tried together after the
// subsets and wings.
func TestOrder(t *testing.T) {
	order, err := Order(DefaultScale(), techniques.Default())
	require.NoError(t, err)
	pos := func(id string) []int {
		var at []int
		for i, tq := range order {
			if tq.ID == id {
				at = append(at, i)
			}
		}
		return at
	}
	require.Len(t, pos("hidden-single"), 2, "the box form and the whole technique")
	require.Len(t, pos("locked-candidates-pointing"), 2, "the direct form and the whole technique")
	assert.Equal(t, 0, pos("full-house")[0])
	assert.Less(t, pos("locked-candidates-pointing")[0], pos("naked-single")[0])
	assert.Less(t, pos("hidden-pair")[0], pos("naked-single")[0])
	assert.Less(t, pos("naked-single")[0], pos("hidden-triple")[0])
	assert.Equal(t, pos("bug-plus-1")[0]+2, pos("forcing-chain-contradiction")[0], "the pool of static chains between them")
	assert.Less(t, pos("forcing-chain-contradiction")[0], pos("forcing-net-contradiction")[0])
	for _, id := range []string{"hidden-rectangle", "als-xz", "grouped-aic", "sue-de-coq", "finned-x-wing"} {
		assert.Empty(t, pos(id), "%s is not in SE's walk, or inside a pool", id)
	}
	_, err = Order(DefaultScale(), []techniques.Technique{{ID: "no-such-technique"}})
	assert.ErrorContains(t, err, "no-such-technique")
}

// TestStepRating checks the per-step rules on built steps: a box single, a chain's
// length and its one digit.
func TestStepRating(t *testing.T) {
	b := mustParse(t, seCases[0].puzzle)
	l := b.Layout()
	sc := DefaultScale()
	chain := func(n int, digits ...board.Digit) explain.Step {
		var ch explain.Chain
		for i := range n {
			ch.Nodes = append(ch.Nodes, explain.Node{Cells: []board.Cell{board.Cell(i)}, Digits: board.DigitsOf(digits[i%len(digits)])})
		}
		return explain.Step{Technique: "aic", Pattern: explain.Pattern{Chains: []explain.Chain{ch}}}
	}
	tests := []struct {
		name string
		step explain.Step
		want float64
	}{
		{"hidden single in a box", explain.Step{Technique: "hidden-single", Pattern: explain.Pattern{Houses: []board.House{l.BoxHouse(4)}}}, 1.2},
		{"hidden single in a row", explain.Step{Technique: "hidden-single", Pattern: explain.Pattern{Houses: []board.House{l.RowHouse(4)}}}, 1.5},
		{"X-chain of 4", chain(4, 5), 6.6},
		{"X-chain of 6", chain(6, 5), 6.7},
		{"AIC of 8 with two digits", chain(8, 5, 7), 7.2},
		{"AIC of 13", chain(13, 5, 7), 7.4},
		{"skyscraper", explain.Step{Technique: "skyscraper"}, 6.6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := sc.Step(b, tc.step)
			require.NoError(t, err)
			assert.InDelta(t, tc.want, got, 1e-9)
		})
	}
	_, err := sc.Step(b, explain.Step{Technique: "no-such-technique"})
	assert.ErrorContains(t, err, "not on the scale")
}
