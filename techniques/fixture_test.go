package techniques

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

// fixtureDir holds one YAML file per technique: exact candidate states and the steps
// the technique must find there, no more and no fewer.
const fixtureDir = "../testdata/techniques"

type fixtureFile struct {
	Technique string        `yaml:"technique"`
	Cases     []fixtureCase `yaml:"cases"`
}

type fixtureCase struct {
	Name   string `yaml:"name"`
	Source string `yaml:"source"`
	// Grid is any grid format the board package reads.
	Grid string `yaml:"grid"`
	// Variant, when set ("x", "windoku", "jigsaw", "killer", or joined by "+"), reads
	// Grid as one line of board.ParseVariantLine: givens, then regions or cages and sums.
	Variant string `yaml:"variant"`
	// Placed are digits placed while solving, as r1c2=5: not givens (the avoidable
	// rectangles tell them apart), set after the grid and before Removed.
	Placed []string `yaml:"placed"`
	// Removed are candidates already gone, as r1c2<>5, completing the pencil marks.
	Removed []string `yaml:"removed"`
	// Want lists the canonical one-liners of every step; an empty list means none.
	Want []string `yaml:"want"`
}

// readFixture decodes a fixture file strictly, so a misspelt key fails.
func readFixture(t testing.TB, path string) fixtureFile {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var f fixtureFile
	require.NoError(t, dec.Decode(&f), "%s", path)
	return f
}

// caseBoard builds the exact candidate state of a case: the grid, minus the removed
// candidates, each of which must be there.
func caseBoard(t testing.TB, c fixtureCase) *board.Board {
	t.Helper()
	b, err := parseGrid(c.Grid)
	if c.Variant != "" {
		var v board.Variant
		if v, err = board.ParseVariant(c.Variant); err == nil {
			b, err = board.ParseVariantLine(c.Grid, v)
		}
	}
	require.NoError(t, err, "grid")
	l := b.Layout()
	for _, p := range c.Placed {
		cand, err := parsePlacement(l, p)
		require.NoError(t, err, "placed")
		require.NoError(t, b.Place(cand.Cell, cand.Digit), "placed %s", p)
	}
	for _, r := range c.Removed {
		cand, err := parseElimination(l, r)
		require.NoError(t, err, "removed")
		require.True(t, b.Eliminate(cand.Cell, cand.Digit), "removed %s is not a candidate", r)
	}
	return b
}

// parsePlacement reads a placement written r1c2=5.
func parsePlacement(l *board.Layout, s string) (board.Candidate, error) {
	if !strings.Contains(s, "=") || strings.Contains(s, "<>") {
		return board.Candidate{}, fmt.Errorf("%q is not a placement like r1c2=5", s)
	}
	return parseElimination(l, strings.Replace(s, "=", "<>", 1))
}

func parseElimination(l *board.Layout, s string) (board.Candidate, error) {
	cell, digit, ok := strings.Cut(strings.TrimSpace(s), "<>")
	if !ok {
		return board.Candidate{}, fmt.Errorf("%q is not an elimination like r1c2<>5", s)
	}
	c, err := l.ParseCell(cell)
	if err != nil {
		return board.Candidate{}, err
	}
	var d int
	if _, err := fmt.Sscan(digit, &d); err != nil || d < 1 || d > l.N() {
		return board.Candidate{}, fmt.Errorf("%q: %q is not a digit of the grid", s, digit)
	}
	return board.Candidate{Cell: c, Digit: board.Digit(d)}, nil
}

// parseGrid reads a case's grid in any format board.Parse knows.
func parseGrid(s string) (*board.Board, error) { return board.Parse(s) }

// findAll runs a finder to the end and returns every step it reports.
func findAll(t Technique, b *board.Board) []explain.Step { return findAllIn(newSolveState(), t, b) }

// findAllIn is findAll in solve state st, whose memos carry over from earlier calls.
func findAllIn(st *solveState, t Technique, b *board.Board) []explain.Step {
	var steps []explain.Step
	st.pass(context.Background(), b, t, func(s explain.Step) bool {
		steps = append(steps, s)
		return true
	}).run()
	return steps
}

// fixtureFiles returns every fixture file, by technique ID.
func fixtureFiles(t testing.TB) map[string]string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(fixtureDir, "*.yaml"))
	require.NoError(t, err)
	out := map[string]string{}
	for _, p := range paths {
		out[strings.TrimSuffix(filepath.Base(p), ".yaml")] = p
	}
	return out
}

func TestEveryTechniqueHasFixture(t *testing.T) {
	files := fixtureFiles(t)
	for _, tech := range Default() {
		require.Contains(t, files, tech.ID, "no fixture %s.yaml", tech.ID)
	}
	for id := range files {
		_, ok := ByID(id)
		require.True(t, ok, "fixture %s.yaml names no technique", id)
	}
}

func TestFixtures(t *testing.T) {
	for id, path := range fixtureFiles(t) {
		t.Run(id, func(t *testing.T) {
			f := readFixture(t, path)
			require.Equal(t, id, f.Technique, "%s: technique field", path)
			tech, ok := ByID(f.Technique)
			require.True(t, ok, "%s: unknown technique %q", path, f.Technique)
			require.NotEmpty(t, f.Cases, "%s: no cases", path)
			positive, negative := 0, 0
			for _, c := range f.Cases {
				require.NotEmpty(t, c.Name, "%s: a case has no name", path)
				if len(c.Want) > 0 {
					positive++
				} else {
					negative++
				}
				t.Run(c.Name, func(t *testing.T) {
					require.NotNil(t, c.Want, "%s: case %q has no want (write want: [] for none)", path, c.Name)
					runCase(t, path, tech, c)
				})
			}
			require.GreaterOrEqual(t, positive, 2, "%s: too few cases that find something", path)
			require.GreaterOrEqual(t, negative, 1, "%s: no case that must find nothing", path)
		})
	}
}

func runCase(t *testing.T, path string, tech Technique, c fixtureCase) {
	t.Helper()
	b := caseBoard(t, c)
	l := b.Layout()
	before := b.Clone()
	steps := findAll(tech, b)
	requireSameBoard(t, before, b)

	got := make([]string, len(steps))
	for i, s := range steps {
		got[i] = explain.OneLiner(l, s)
		checkStep(t, tech, before, s)
	}
	missing, extra := diffLines(got, c.Want)
	if len(missing) > 0 || len(extra) > 0 {
		t.Fatalf("%s, case %q:\nmissing (want, not found):\n\t%s\nextra (found, not wanted):\n\t%s",
			path, c.Name, strings.Join(missing, "\n\t"), strings.Join(extra, "\n\t"))
	}
	checkAgainstSolution(t, c, before, steps)

	// A finder stops when report says so.
	calls := 0
	findOn(tech, b, func(explain.Step) bool { calls++; return false })
	require.Equal(t, min(len(steps), 1), calls, "%s, case %q: finder went on after report returned false", path, c.Name)
}

// checkStep checks that a step is named for its technique and has the shape every
// step must have (requireStepShape).
func checkStep(t *testing.T, tech Technique, b *board.Board, s explain.Step) {
	t.Helper()
	require.Equal(t, tech.ID, s.Technique, explain.OneLiner(b.Layout(), s))
	requireStepShape(t, b, s)
}

// checkAgainstSolution fails the test on any problem solutionProblems finds.
func checkAgainstSolution(t *testing.T, c fixtureCase, state *board.Board, steps []explain.Step) {
	t.Helper()
	problems, err := solutionProblems(c, state, steps)
	require.NoError(t, err)
	require.Empty(t, problems, "case %q disagrees with the solution", c.Name)
}

// solutionProblems checks the steps against the solution when the case's grid is a
// puzzle with one solution: no wrong placement, no solution digit eliminated, and no
// solution digit among the removed candidates either. Other grids are not checked.
func solutionProblems(c fixtureCase, state *board.Board, steps []explain.Step) ([]string, error) {
	puzzle, err := parseGrid(c.Grid)
	unique := fallback.Unique
	if c.Variant != "" {
		var v board.Variant
		if v, err = board.ParseVariant(c.Variant); err == nil {
			puzzle, err = board.ParseVariantLine(c.Grid, v)
		}
		// The general search takes its constraints from the layout's peers, so it
		// knows a variant's houses (not cage sums: a killer case has several
		// solutions to it and is not checked).
		unique = fallback.General.Unique
	}
	if err != nil {
		return nil, err
	}
	for _, p := range c.Placed { // as givens: a wrong one leaves no solution to check
		cand, err := parsePlacement(puzzle.Layout(), p)
		if err != nil {
			return nil, err
		}
		if err := puzzle.Give(cand.Cell, cand.Digit); err != nil {
			return nil, err
		}
	}
	sol, err := unique(context.Background(), puzzle)
	if errors.Is(err, fallback.ErrSeveral) || errors.Is(err, fallback.ErrNoSolution) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	l := state.Layout()
	var problems []string
	for cell := range board.Cell(l.Cells()) {
		if state.Value(cell) == 0 && !state.Has(cell, sol[cell]) {
			problems = append(problems, "removed lists the solution "+l.PlacementName(board.Candidate{Cell: cell, Digit: sol[cell]}))
		}
	}
	for _, s := range steps {
		line := explain.OneLiner(l, s)
		for _, p := range s.Placements {
			if sol[p.Cell] != p.Digit {
				problems = append(problems, line+": wrong placement "+l.PlacementName(p))
			}
		}
		for _, e := range s.Eliminations {
			if sol[e.Cell] == e.Digit {
				problems = append(problems, line+": removes the solution "+l.CandidateName(e))
			}
		}
	}
	return problems, nil
}

func requireSameBoard(t *testing.T, want, got *board.Board) {
	t.Helper()
	l := want.Layout()
	require.Equal(t, want.Digits(), got.Digits(), "finder changed the board's values")
	for c := range board.Cell(l.Cells()) {
		require.Equal(t, want.Candidates(c), got.Candidates(c), "finder changed the candidates of %s", l.CellName(c))
	}
}

// diffLines compares two lists as multisets: what want has and got lacks, and the other
// way round.
func diffLines(got, want []string) (missing, extra []string) {
	left := slices.Clone(got)
	for _, w := range want {
		if i := slices.Index(left, w); i >= 0 {
			left = slices.Delete(left, i, i+1)
		} else {
			missing = append(missing, w)
		}
	}
	return missing, left
}

func TestSolutionProblems(t *testing.T) {
	// A 6x6 puzzle with one solution; row 1 solves to 4 1 6 2 5 3.
	const grid = "416.5..5.....6.5.2.3..6...1...3...41"
	l, err := board.LayoutOf(6)
	require.NoError(t, err)
	r1c4 := l.CellAt(0, 3)
	tests := []struct {
		name    string
		removed []string
		step    explain.Step
		want    int
	}{
		{"right placement", nil, explain.Step{Placements: []board.Candidate{{Cell: r1c4, Digit: 2}}}, 0},
		{"wrong placement", nil, explain.Step{Placements: []board.Candidate{{Cell: r1c4, Digit: 3}}}, 1},
		{"right elimination", nil, explain.Step{Eliminations: []board.Candidate{{Cell: r1c4, Digit: 3}}}, 0},
		{"solution eliminated", nil, explain.Step{Eliminations: []board.Candidate{{Cell: r1c4, Digit: 2}}}, 1},
		{"solution among removed", []string{"r1c4<>2"}, explain.Step{}, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := fixtureCase{Name: tc.name, Grid: grid, Removed: tc.removed}
			got, err := solutionProblems(c, caseBoard(t, c), []explain.Step{tc.step})
			require.NoError(t, err)
			require.Len(t, got, tc.want, "%v", got)
		})
	}
}

func TestDiffLines(t *testing.T) {
	missing, extra := diffLines([]string{"a", "b", "b"}, []string{"b", "c"})
	require.Equal(t, []string{"c"}, missing)
	require.Equal(t, []string{"a", "b"}, extra)
}
