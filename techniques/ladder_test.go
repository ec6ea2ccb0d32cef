package techniques

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// ladderSets are the shared sets the ladder is checked and counted on.
var ladderSets = []string{"top1465", "kaggle3m-hard", "kaggle3m-expert"}

// TestLadder checks the teaching order on real walkthroughs: at every step a solve
// takes, no technique earlier in Default() applies to that state, each earlier finder
// run on its own (a fresh solve state, nothing shared with the walk), and the step's
// own technique, run alone, reports that same step first. So a step shown is never one
// a reader could have replaced by an easier technique of the list. The sample is five
// puzzles spread over each shared set (two with -short, twenty with STEPDOKU_FULL),
// and the repository's own puzzles when the shared sets are absent.
func TestLadder(t *testing.T) {
	per := map[bool]int{true: 2, false: 5}[testing.Short()]
	if os.Getenv("STEPDOKU_FULL") != "" {
		per = 20 // the long sweep
	}
	var ps []*board.Board
	for _, set := range ladderSets {
		path := filepath.Join("../../shared/puzzles", set+".txt")
		if _, err := os.Stat(path); err != nil {
			continue
		}
		ps = append(ps, spread(readPuzzleFile(t, path), per)...)
	}
	if len(ps) == 0 {
		for _, line := range puzzleLines(t, "../testdata/puzzles/chains.txt", 3*per) {
			b, err := board.Parse(line)
			require.NoError(t, err, line)
			ps = append(ps, b)
		}
	}
	require.NotEmpty(t, ps)
	ts := Default()
	rank := map[string]int{}
	for i, tech := range ts {
		rank[tech.ID] = i
	}
	checked := 0
	for pi, p := range ps {
		tr, err := Solve(context.Background(), p, Options{})
		require.NoError(t, err, "puzzle %d", pi+1)
		b := p.Clone()
		for si, step := range tr.Steps {
			at := fmt.Sprintf("puzzle %d (%s) step %d (%s)", pi+1, p.String(), si+1, step.Technique)
			r, ok := rank[step.Technique]
			if ok {
				for _, earlier := range ts[:r] {
					var got []explain.Step
					findOn(earlier, b, func(s explain.Step) bool { got = append(got, s); return false })
					require.Empty(t, got, "%s: %s, earlier on the ladder, applies", at, earlier.ID)
				}
				var first []explain.Step
				findOn(ts[r], b, func(s explain.Step) bool { first = append(first, s); return false })
				require.Equal(t, []explain.Step{step}, first, "%s: run alone, the technique reports another step first", at)
				checked++
			}
			require.NoError(t, explain.Apply(b, step), at)
		}
	}
	require.Positive(t, checked)
}

// BenchmarkLadderCounts walks every puzzle of the shared sets top1465, kaggle3m-hard
// and kaggle3m-expert with the default techniques and logs how many steps each
// technique took over all of them, as the table of a change of order is read:
//
//	go test ./techniques -run '^$' -bench BenchmarkLadderCounts -benchtime 1x -v
//
// It uses only the package's exported API, so the same file runs on an older tree.
func BenchmarkLadderCounts(b *testing.B) {
	sets := map[string][]*board.Board{}
	for _, set := range ladderSets {
		path := filepath.Join("../../shared/puzzles", set+".txt")
		if _, err := os.Stat(path); err != nil {
			b.Skipf("%s is absent", path)
		}
		sets[set] = readPuzzleFile(b, path)
	}
	counts := map[string]map[string]int{}
	for b.Loop() {
		solver := NewSolver()
		for _, set := range ladderSets {
			counts[set] = map[string]int{}
			for _, p := range sets[set] {
				tr, err := solver.Solve(context.Background(), p, Options{})
				if err != nil {
					b.Fatalf("%s: %v", p.String(), err)
				}
				for _, s := range tr.Steps {
					counts[set][s.Technique]++
				}
			}
		}
	}
	ids := map[string]bool{}
	for _, c := range counts {
		for id := range c {
			ids[id] = true
		}
	}
	lines := []string{fmt.Sprintf("%-34s %9s %9s %9s", "technique", "top1465", "k3m-hard", "k3m-exp")}
	for _, id := range slices.Sorted(maps.Keys(ids)) {
		lines = append(lines, fmt.Sprintf("%-34s %9d %9d %9d", id, counts[ladderSets[0]][id], counts[ladderSets[1]][id], counts[ladderSets[2]][id]))
	}
	b.Logf("steps per technique:\n%s", strings.Join(lines, "\n"))
}
