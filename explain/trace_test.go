package explain

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// solution is a valid 9x9 grid; the test puzzles below are it with some cells emptied.
const solution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// puzzleFrom builds a board from solution with the given cells (row, column from 1)
// left empty, every other cell a given.
func puzzleFrom(t *testing.T, empty ...[2]int) *board.Board {
	t.Helper()
	skip := map[board.Cell]bool{}
	for _, e := range empty {
		skip[cell(e[0], e[1])] = true
	}
	b := board.New(board.Classic)
	for i, r := range solution {
		if c := board.Cell(i); !skip[c] {
			require.NoError(t, b.Give(c, board.Digit(r-'0')))
		}
	}
	return b
}

func place(technique string, r, c int, d board.Digit, p Pattern) Step {
	p.Digits = digits(d)
	return Step{Technique: technique, Placements: []board.Candidate{cand(r, c, d)}, Pattern: p}
}

// walkthrough is a hand-built solve of a puzzle with nine empty cells: a search step
// first (r1c1 has candidates 5 and 6), then singles. TestWalkthroughIsSound checks
// each step against the board and the solution.
func walkthrough(t *testing.T) Trace {
	t.Helper()
	start := puzzleFrom(t, [2]int{1, 1}, [2]int{1, 4}, [2]int{2, 1}, [2]int{3, 7}, [2]int{5, 5},
		[2]int{5, 3}, [2]int{7, 3}, [2]int{9, 9}, [2]int{4, 3})
	steps := []Step{
		{Technique: "search", Eliminations: []board.Candidate{cand(1, 1, 6)},
			Pattern: Pattern{Digits: digits(6), Cells: []board.Cell{cell(1, 1)}}},
		place("naked-single", 1, 1, 5, Pattern{Cells: []board.Cell{cell(1, 1)}}),
		place("full-house", 1, 4, 6, Pattern{Houses: []board.House{row(1)}}),
		place("hidden-single", 5, 3, 6, Pattern{Houses: []board.House{box(4)}}),
		place("naked-single", 4, 3, 9, Pattern{Cells: []board.Cell{cell(4, 3)}}),
		place("full-house", 7, 3, 1, Pattern{Houses: []board.House{col(3)}}),
		place("full-house", 5, 5, 5, Pattern{Houses: []board.House{row(5)}}),
		place("naked-single", 3, 7, 5, Pattern{Cells: []board.Cell{cell(3, 7)}}),
		place("naked-single", 2, 1, 6, Pattern{Cells: []board.Cell{cell(2, 1)}}),
		place("full-house", 9, 9, 9, Pattern{Houses: []board.House{box(9)}}),
	}
	tr := NewTrace(start)
	tr.Steps = steps
	tr.Solution = solution
	tr.Summary = Summary{Solved: true, Steps: len(steps), ByTechnique: CountTechniques(steps),
		Hardest: "search", UsedFallback: true}
	return tr
}

// stuckTrace stops after three steps of the walkthrough, as a pipeline without the
// fallback would.
func stuckTrace(t *testing.T) Trace {
	t.Helper()
	tr := walkthrough(t)
	tr.Steps = tr.Steps[1:3]
	tr.Steps[0].Technique = "naked-single"
	tr.Start.Eliminate(cell(1, 1), 6) // a player's pencil marks: 6 already crossed out
	tr.Solution = ""
	tr.Summary = Summary{Stuck: true, Steps: 2, ByTechnique: CountTechniques(tr.Steps), Hardest: "full-house"}
	return tr
}

// severalTrace is a puzzle with a deadly rectangle (6 and 7 in r1c4, r1c5, r4c4, r4c5):
// two solutions, no step.
func severalTrace(t *testing.T) Trace {
	t.Helper()
	tr := NewTrace(puzzleFrom(t, [2]int{1, 4}, [2]int{1, 5}, [2]int{4, 4}, [2]int{4, 5}))
	second := []byte(solution)
	for _, c := range []board.Cell{cell(1, 4), cell(1, 5), cell(4, 4), cell(4, 5)} {
		if second[c] == '6' {
			second[c] = '7'
		} else {
			second[c] = '6'
		}
	}
	tr.Solution, tr.SecondSolution = solution, string(second)
	tr.Summary = Summary{Several: true}
	return tr
}

// TestWalkthroughIsSound is the oracle for the hand-built trace: placements agree with
// the solution, eliminations do not remove it, and each pattern holds on the board.
func TestWalkthroughIsSound(t *testing.T) {
	tr := walkthrough(t)
	l := board.Classic
	b := tr.Start.Clone()
	for i, s := range tr.Steps {
		for _, e := range s.Eliminations {
			require.NotEqual(t, solution[e.Cell]-'0', byte(e.Digit), "step %d removes the solution", i+1)
			require.True(t, b.Eliminate(e.Cell, e.Digit), "step %d removes %s, not a candidate", i+1, l.CandidateName(e))
		}
		for _, p := range s.Placements {
			require.Equal(t, solution[p.Cell]-'0', byte(p.Digit), "step %d", i+1)
			switch s.Technique {
			case "naked-single":
				assert.Equal(t, board.DigitsOf(p.Digit), b.Candidates(p.Cell), "step %d", i+1)
			case "hidden-single":
				assert.Equal(t, 1, b.Positions(s.Pattern.Houses[0], p.Digit).Count(), "step %d", i+1)
			case "full-house":
				empty := 0
				for _, c := range l.HouseCells(s.Pattern.Houses[0]) {
					if b.Value(c) == 0 {
						empty++
					}
				}
				assert.Equal(t, 1, empty, "step %d", i+1)
			}
			require.NoError(t, b.Place(p.Cell, p.Digit))
		}
	}
	assert.True(t, b.Solved())
	assert.Equal(t, solution, b.String())
}

func TestCountTechniques(t *testing.T) {
	steps := []Step{{Technique: "hidden-single"}, {Technique: "naked-single"}, {Technique: "hidden-single"}, {Technique: "x-wing"}}
	assert.Equal(t, []TechniqueCount{{"hidden-single", 2}, {"naked-single", 1}, {"x-wing", 1}}, CountTechniques(steps))
	assert.Nil(t, CountTechniques(nil))
}

func TestNewTrace(t *testing.T) {
	b := puzzleFrom(t, [2]int{1, 1}, [2]int{9, 9})
	tr := NewTrace(b)
	assert.Equal(t, "."+solution[1:80]+".", tr.Puzzle)
	require.NoError(t, b.Place(cell(1, 1), 5))
	assert.Equal(t, board.Digit(0), tr.Start.Value(cell(1, 1)), "the trace keeps its own copy of the start")
}

func TestWriteTextGolden(t *testing.T) {
	traces := map[string]func(*testing.T) Trace{"walkthrough": walkthrough, "stuck": stuckTrace, "several": severalTrace}
	for _, lang := range Languages() {
		for name, build := range traces {
			for _, brief := range []bool{false, true} {
				file := name + "-" + string(lang)
				if brief {
					if name != "walkthrough" {
						continue
					}
					file = name + "-brief-" + string(lang)
				}
				t.Run(file, func(t *testing.T) {
					tr := build(t)
					tr.Lang = lang
					var buf bytes.Buffer
					require.NoError(t, WriteText(&buf, board.Classic, tr, TextOptions{Brief: brief}))
					checkGolden(t, file+".golden", buf.String())
				})
			}
		}
	}
}

func TestWriteText(t *testing.T) {
	t.Run("without the start board, the puzzle line gives the same text", func(t *testing.T) {
		tr := walkthrough(t)
		var with, without bytes.Buffer
		require.NoError(t, WriteText(&with, board.Classic, tr, TextOptions{}))
		tr.Start = nil
		require.NoError(t, WriteText(&without, board.Classic, tr, TextOptions{}))
		assert.Equal(t, with.String(), without.String())
	})
	t.Run("brief has one line per step", func(t *testing.T) {
		var buf bytes.Buffer
		require.NoError(t, WriteText(&buf, board.Classic, walkthrough(t), TextOptions{Brief: true}))
		assert.Contains(t, buf.String(), " 1. Search: r1c1=6 leaves no solution => r1c1<>6\n 2. Naked Single: r1c1=5\n")
		assert.NotContains(t, buf.String(), "Look at")
	})
	t.Run("the stuck grid is where the steps end", func(t *testing.T) {
		var buf bytes.Buffer
		require.NoError(t, WriteText(&buf, board.Classic, stuckTrace(t), TextOptions{}))
		out := buf.String()
		assert.Contains(t, out, "Where the solve stopped\n\n5 3 4 | 6 7 8 | 9 1 2\n. 7 2 |")
		assert.Contains(t, out, "Result: stuck")
		assert.NotContains(t, out, "\nSolution\n")
	})
	t.Run("a step that places on a filled cell is an error with its number", func(t *testing.T) {
		tr := walkthrough(t)
		tr.Summary.Solved = false
		tr.Steps = append(tr.Steps, place("naked-single", 1, 1, 4, Pattern{Cells: []board.Cell{cell(1, 1)}}))
		err := WriteText(&bytes.Buffer{}, board.Classic, tr, TextOptions{})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "step 11")
	})
	t.Run("unknown language", func(t *testing.T) {
		tr := walkthrough(t)
		tr.Lang = "xx"
		err := WriteText(&bytes.Buffer{}, board.Classic, tr, TextOptions{})
		require.Error(t, err)
		assert.Contains(t, err.Error(), `unknown language "xx"`)
	})
	t.Run("a start board of another size", func(t *testing.T) {
		tr := walkthrough(t)
		l4, err := board.LayoutOf(4)
		require.NoError(t, err)
		err = WriteText(&bytes.Buffer{}, l4, tr, TextOptions{})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "9x9")
	})
}
