package techniques

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// killerPuzzle is one line of a shared killer set: the puzzle and its solution.
type killerPuzzle struct {
	line string
	b    *board.Board
	sol  []board.Digit
}

// readKillers reads up to max puzzles (all when max <= 0) of a shared killer set, and
// skips the test when the set is absent.
func readKillers(t *testing.T, name string, max int) []killerPuzzle {
	t.Helper()
	f, err := os.Open(filepath.Join(variantsDir, name))
	if os.IsNotExist(err) {
		t.Skipf("%s not found: the shared variant sets are absent", name)
	}
	require.NoError(t, err)
	defer f.Close()
	var out []killerPuzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		out = append(out, killerWithSolution(t, line))
	}
	require.NoError(t, sc.Err())
	return out
}

// killerWithSolution parses a line "givens cages sums solution".
func killerWithSolution(t testing.TB, line string) killerPuzzle {
	t.Helper()
	b, err := board.ParseVariantLine(line, board.Killer)
	require.NoError(t, err, line)
	f := strings.Fields(line)
	require.Len(t, f, 4, "want givens cages sums solution: %s", line)
	sol := make([]board.Digit, len(f[3]))
	for i, r := range f[3] {
		d, ok := board.DigitFromRune(r)
		require.True(t, ok, "solution of %s", line)
		sol[i] = d
	}
	return killerPuzzle{line: line, b: b, sol: sol}
}

// stepAgainst returns what in s contradicts the solution sol, or "".
func stepAgainst(l *board.Layout, s explain.Step, sol []board.Digit) string {
	for _, p := range s.Placements {
		if sol[p.Cell] != p.Digit {
			return "wrong placement " + l.PlacementName(p)
		}
	}
	for _, e := range s.Eliminations {
		if sol[e.Cell] == e.Digit {
			return "removes the solution " + l.CandidateName(e)
		}
	}
	return ""
}

// logicWalk runs the default techniques on b until it is solved or none applies,
// checking every step against sol. It does not use the fallback search (nor
// uniqueness, which does not hold where cage sums forbid the swap of a deadly
// pattern). It returns the steps and whether the grid was solved.
func logicWalk(t *testing.T, kp killerPuzzle) ([]explain.Step, bool) {
	t.Helper()
	ctx := context.Background()
	work := kp.b.Clone()
	l := work.Layout()
	st := newSolveState()
	ts := Default()
	var steps []explain.Step
	for !work.Solved() {
		s, _, ok, err := st.first(ctx, work, ts, Knowledge{})
		require.NoError(t, err)
		if !ok {
			return steps, false
		}
		requireStepShape(t, work, s)
		if bad := stepAgainst(l, s, kp.sol); bad != "" {
			t.Fatalf("%s\nstep %d: %s: %s", kp.line, len(steps)+1, explain.OneLiner(l, s), bad)
		}
		require.NoError(t, explain.Apply(work, s))
		st.invalidate()
		steps = append(steps, s)
	}
	return steps, true
}

// TestKillerWalkthrough runs the whole default ladder on the first killers of the
// shared development set (all of it, and the hard set, with STEPDOKU_FULL=1), checks
// every step against the file's solution, and reports how many finish by logic alone.
func TestKillerWalkthrough(t *testing.T) {
	skipUnderRace(t)
	sets := []struct {
		name string
		max  int
	}{{"killer-dev.txt", 10}}
	if os.Getenv("STEPDOKU_FULL") != "" {
		sets = []struct {
			name string
			max  int
		}{{"killer-dev.txt", 0}, {"killer-hard-dev.txt", 0}}
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			puzzles := readKillers(t, set.name, set.max)
			solved, steps := 0, 0
			count := map[string]int{}
			start := time.Now()
			for i, kp := range puzzles {
				ss, ok := logicWalk(t, kp)
				steps += len(ss)
				for _, s := range ss {
					count[s.Technique]++
				}
				if ok {
					solved++
				} else {
					t.Logf("puzzle %d stuck after %d steps", i+1, len(ss))
				}
			}
			t.Logf("%s: %d of %d solved by logic alone, %.1f steps a puzzle, %v; techniques %v",
				set.name, solved, len(puzzles), float64(steps)/float64(len(puzzles)), time.Since(start).Round(time.Millisecond), count)
			require.Positive(t, solved, "no killer solved by logic alone")
		})
	}
}

// killerIDs are the techniques of killer.go, each with its fixture file.
var killerIDs = []string{idCageCombinations, idCageRequiredDigit, idHouseDigitInCage, idInnies, idOuties, idCageInteraction, idHousePartition}

// TestKillerFixturesAgainstSolution checks the steps of every killer fixture case
// against the solution the case's line carries as its fourth field (the fixture
// runner's own check reads grids as classic puzzles, and a killer with no givens has
// many solutions as one).
func TestKillerFixturesAgainstSolution(t *testing.T) {
	for _, id := range killerIDs {
		t.Run(id, func(t *testing.T) {
			f := readFixture(t, filepath.Join(fixtureDir, id+".yaml"))
			tech, ok := ByID(id)
			require.True(t, ok)
			checked := 0
			for _, c := range f.Cases {
				if c.Variant != "killer" {
					continue
				}
				kp := killerWithSolution(t, c.Grid)
				b := caseBoard(t, c)
				l := b.Layout()
				for cell := range board.Cell(l.Cells()) {
					require.True(t, b.Value(cell) == kp.sol[cell] || b.Value(cell) == 0 && b.Has(cell, kp.sol[cell]),
						"case %q: the state lacks the solution's %d at %s", c.Name, kp.sol[cell], l.CellName(cell))
				}
				for _, s := range findAll(tech, b) {
					require.Empty(t, stepAgainst(l, s, kp.sol), "case %q: %s", c.Name, explain.OneLiner(l, s))
					checked++
				}
			}
			require.Positive(t, checked, "no killer step checked in %s.yaml", id)
		})
	}
}

// TestRuleGroups checks the groups the rule of 45 is tried on: disjoint houses, fewest
// first, and on 9x9 the 27 houses, the runs of two to four rows or columns, and the 12
// pairs of boxes side by side.
func TestRuleGroups(t *testing.T) {
	gs := ruleGroups(board.Classic)
	require.Len(t, gs, 27+2*(8+7+6)+12)
	for i, g := range gs {
		require.Equal(t, 9*len(g.houses), g.cells.Count(), "group %d: houses overlap", i)
		if i > 0 {
			require.LessOrEqual(t, len(gs[i-1].houses), len(g.houses), "group %d out of order", i)
		}
	}
	x, err := board.NewLayout(board.Spec{Diagonals: true, Cages: []board.Cage{{Cells: []board.Cell{0, 1}, Sum: 3}}})
	require.NoError(t, err)
	require.Len(t, ruleGroups(x), len(gs)+2, "a killer-X adds its two diagonals")
}

// TestFillings checks the search behind every killer technique on cages whose answer
// is known: distinct digits in a cage, repeats allowed between cells that do not see
// each other.
func TestFillings(t *testing.T) {
	l := board.Classic
	all := l.AllDigits()
	r1c1, r1c2, r2c4 := l.CellAt(0, 0), l.CellAt(0, 1), l.CellAt(1, 3)
	f := fillings(l, []board.Cell{r1c1, r1c2}, []board.DigitSet{all, all}, 17, 0)
	require.True(t, f.ok)
	require.Equal(t, []board.DigitSet{board.DigitsOf(8, 9)}, f.combos)
	require.Equal(t, board.DigitsOf(8, 9), f.allowed[0])

	// 3 in two cells of one row is 1+2; in two cells that share no house, 1+2 either
	// way (the same digit twice would need 1.5).
	f = fillings(l, []board.Cell{r1c1, r2c4}, []board.DigitSet{all, all}, 4, 0)
	require.True(t, f.ok)
	require.Nil(t, f.combos, "cells that do not see each other have no combinations to list")
	require.Equal(t, board.DigitsOf(1, 2, 3), f.allowed[0], "2+2 is allowed when the cells do not see each other")

	f = fillings(l, []board.Cell{r1c1, r1c2}, []board.DigitSet{all, all}, 4, 0)
	require.Equal(t, board.DigitsOf(1, 3), f.allowed[0], "2+2 is not allowed in one row")

	f = fillings(l, []board.Cell{r1c1, r1c2}, []board.DigitSet{all, all}, 10, board.DigitsOf(3))
	require.Equal(t, []board.DigitSet{board.DigitsOf(3, 7)}, f.combos, "a required 3 leaves 3+7")

	f = fillings(l, []board.Cell{r1c1, r1c2}, []board.DigitSet{board.DigitsOf(1), board.DigitsOf(2)}, 17, 0)
	require.False(t, f.ok, "no filling")
}

// TestCageQuietAcrossStates walks killers with one solve's state, as the pipeline
// does, and on every state compares every step cage combinations finds with what a
// fresh solve finds: a cage skipped because its cells are as they were when it last
// gave nothing (cageQuiet) must miss nothing. The skip must also happen.
func TestCageQuietAcrossStates(t *testing.T) {
	path := filepath.Join(variantsDir, "killer-dev.txt")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s is absent", path)
	}
	ps := readVariantSet(t, path, board.Killer)
	if testing.Short() {
		ps = ps[:2]
	} else {
		ps = ps[:8]
	}
	all := func(st *solveState, b *board.Board) []explain.Step {
		var out []explain.Step
		st.pass(t.Context(), b, CageCombinations, func(s explain.Step) bool { out = append(out, s); return true }).run()
		return out
	}
	skipped, compared := 0, 0
	for _, p := range ps {
		b := p.b.Clone()
		st := newSolveState()
		for steps := 0; !b.Solved() && steps < 400; steps++ {
			q := &st.sc.cageQuiet
			if q.l == b.Layout() {
				for i := range b.Layout().Cages() {
					if q.same(b, i) {
						skipped++
					}
				}
			}
			require.Equal(t, all(newSolveState(), b), all(st, b), "after %d steps", steps)
			compared++
			s, _, ok, err := st.first(t.Context(), b, Default(), Knowledge{Unique: true})
			require.NoError(t, err)
			require.True(t, ok, "killer-dev walks without search")
			mustApply(t, b, s)
			st.invalidate()
		}
		require.True(t, b.Solved())
	}
	require.Positive(t, compared)
	require.Positive(t, skipped, "no cage was skipped")
}
