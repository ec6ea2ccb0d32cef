package techniques

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// forumHardestPath is the forum's hardest list (Sudoku Explainer 11 and above), where
// the pattern techniques of the nets' level are at home.
const forumHardestPath = "../../shared/puzzles/forum-hardest-11plus.txt"

// patternTechniques are the techniques tried after the forcing nets, where the ladder
// would otherwise take a search step.
func patternTechniques() []Technique { return []Technique{Tridagon, TridagonGuardians, SKLoop} }

// beforePatterns is the default ladder cut before the patterns of the hardest puzzles
// (the junior exocet and everything after it, the (+) and nested nets included): the
// state where it stalls is the one where the patterns are tried. Cutting the ladder
// rather than leaving the patterns out keeps the nested nets from walking every
// puzzle to its end.
func beforePatterns() []Technique {
	ts := Default()
	i := slices.IndexFunc(ts, func(t Technique) bool { return t.ID == JuniorExocet.ID })
	return ts[:i]
}

// stride returns every step-th puzzle line of path (lines step, 2*step, ...: with 48,
// the 1,015 puzzles of the measure in the tridagon commit), at most max (0: all).
func stride(tb testing.TB, path string, step, max int) []string {
	tb.Helper()
	all := readPuzzleLines(tb, path, 0)
	var out []string
	for i := step - 1; i < len(all) && (max <= 0 || len(out) < max); i += step {
		out = append(out, all[i])
	}
	return out
}

// stalled walks b with the ladder before the patterns until it finds nothing, and
// returns that state: where the pipeline tries the patterns.
func stalled(tb testing.TB, b *board.Board) *board.Board {
	tb.Helper()
	ts := beforePatterns()
	st := newSolveState()
	for range 400 {
		s, _, ok, err := st.first(context.Background(), b, ts, Knowledge{Unique: true})
		require.NoError(tb, err)
		if !ok {
			break
		}
		mustApply(tb, b, s)
		st.invalidate()
	}
	return b
}

// TestPatternsSound applies each pattern technique to the state where the ladder
// before it stalls, on a sample of the forum's hardest puzzles (every 2,000th line; every
// 48th with STEPDOKU_FULL=1), checks every step against the unique solution and the
// shape every step must have, and logs how often each fires.
//
// With STEPDOKU_FULL=1 (1,015 puzzles, the lines 48, 96, ... of the list): the SK loop
// fires on 17 start states, the tridagon in either form on none. These puzzles are
// far from a tridagon at their start: 465 have no odd pattern of cells holding two of
// its digits, and the others' closest ones have 8 to 12 cells with guardians.
func TestPatternsSound(t *testing.T) {
	step := 2000
	if os.Getenv("STEPDOKU_FULL") != "" {
		step = 48
	}
	puzzles := stride(t, forumHardestPath, step, 0)
	fired := make(map[string]int)
	steps := make(map[string]int)
	for i, line := range puzzles {
		b, sol := solvedPuzzle(t, line)
		b = stalled(t, b)
		if b.Solved() {
			continue
		}
		for _, tech := range patternTechniques() {
			found := findAll(tech, b)
			for _, s := range found {
				where := fmt.Sprintf("puzzle %d (%s), %s", i+1, line, tech.ID)
				requireStepShape(t, b, s)
				requireSound(t, where, b, sol, s)
			}
			if len(found) > 0 {
				fired[tech.ID]++
				steps[tech.ID] += len(found)
			}
		}
	}
	for _, tech := range patternTechniques() {
		t.Logf("%s fires on %d of %d stalled start states (%d steps)", tech.ID, fired[tech.ID], len(puzzles), steps[tech.ID])
	}
}

// TestTridagonOrientation checks the rule behind tridagonOdd by brute force: for every
// choice of orientations of the four boxes, three digits fill the twelve cells (each
// box once each, no digit twice in a row or column of the rectangle) exactly when the
// number of odd orientations is even.
func TestTridagonOrientation(t *testing.T) {
	perms := tridagonPerms
	for p0 := range 6 {
		for p1 := range 6 {
			for p2 := range 6 {
				for p3 := range 6 {
					orient := [4]int{p0, p1, p2, p3}
					odd := 0
					for _, p := range orient {
						if tridagonOdd(p) {
							odd++
						}
					}
					fills := false
					// A filling gives each box a permutation of the digits by its rows.
					for f0 := range 6 {
						for f1 := range 6 {
							for f2 := range 6 {
								for f3 := range 6 {
									fill := [4]int{f0, f1, f2, f3}
									if tridagonFillOK(perms, orient, fill) {
										fills = true
									}
								}
							}
						}
					}
					require.Equal(t, odd%2 == 0, fills, "orientations %v", orient)
				}
			}
		}
	}
}

// tridagonFillOK reports whether boxes 0 1 / 2 3, the cells of box k on row i at column
// perms[orient[k]][i], with digit perms[fill[k]][i] on row i, break no rule.
func tridagonFillOK(perms [6][3]int, orient, fill [4]int) bool {
	digitAt := func(k, row int) int { return perms[fill[k]][row] }
	colOf := func(k, row int) int { return perms[orient[k]][row] }
	// Rows: boxes side by side (0,1) and (2,3).
	for _, pr := range [2][2]int{{0, 1}, {2, 3}} {
		for row := range 3 {
			if digitAt(pr[0], row) == digitAt(pr[1], row) {
				return false
			}
		}
	}
	// Columns: boxes one above the other (0,2) and (1,3).
	for _, pr := range [2][2]int{{0, 2}, {1, 3}} {
		for r := range 3 {
			for s := range 3 {
				if colOf(pr[0], r) == colOf(pr[1], s) && digitAt(pr[0], r) == digitAt(pr[1], s) {
					return false
				}
			}
		}
	}
	return true
}

// TestPatternsOnOtherLayouts checks that the patterns hold only on 9x9 grids with 3x3
// boxes (a jigsaw's regions, or other box shapes, break their geometry).
func TestPatternsOnOtherLayouts(t *testing.T) {
	for _, tech := range patternTechniques() {
		require.True(t, tech.HoldsOn(board.Classic), tech.ID)
		forOtherSizes(t, func(t *testing.T, name string, b *board.Board, _ []board.Digit) {
			require.False(t, tech.HoldsOn(b.Layout()), "%s on %s", tech.ID, name)
			require.Empty(t, findAll(tech, b), "%s on %s", tech.ID, name)
		})
	}
}

// BenchmarkPatterns measures one call of each pattern finder on stalled start states of
// the forum's hardest puzzles (the first five of every 48th line, which the ladder cannot
// start): the cost each adds to every state where the pipeline would search.
func BenchmarkPatterns(b *testing.B) {
	var states []*board.Board
	for _, line := range stride(b, forumHardestPath, 48, 5) {
		p, _ := solvedPuzzle(b, line)
		states = append(states, stalled(b, p))
	}
	for _, tech := range patternTechniques() {
		b.Run(tech.ID, func(b *testing.B) { benchFinder(b, tech, states) })
	}
}

// TestPatternsStopWhenCancelled checks that a finder given a done context reports
// nothing, on states where it would find a step.
func TestPatternsStopWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		tech Technique
		line string
	}{
		{SKLoop, "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"},
		{Tridagon, "..34.6....5....1.27.92..........851........28......4.65.86....46.28.4.51..1..5..."},
	} {
		b, _ := solvedPuzzle(t, tc.line)
		if tc.tech.ID == idTridagon {
			b = stalled(t, b)
		}
		require.NotEmpty(t, findAll(tc.tech, b), "%s finds a step", tc.tech.ID)
		var got []explain.Step
		newSolveState().pass(ctx, b, tc.tech, func(s explain.Step) bool {
			got = append(got, s)
			return true
		}).run()
		require.Empty(t, got, "%s after the cancel", tc.tech.ID)
	}
}
