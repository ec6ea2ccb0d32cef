package explain

import (
	"fmt"

	"github.com/stepdoku/stepdoku/board"
)

// Trace is the record of a whole solve: the puzzle, every step in order, the solution
// and a summary. The pipeline (package techniques) fills it; this package only holds
// and renders it (WriteText, WriteJSON, WriteYAML).
type Trace struct {
	// Lang is the language of the prose in every rendering; empty means English.
	Lang Lang
	// Puzzle is the starting grid as a line, one character per cell, row by row:
	// digits 1-9 then A-Z, '.' for an empty cell.
	Puzzle string
	// Start is the starting board, when the caller has it: its candidates may differ
	// from the ones the line implies (a player's pencil marks). It is not serialized;
	// renderings fall back to a board built from Puzzle.
	Start *board.Board
	// Steps are the steps applied, in order.
	Steps []Step
	// Solution is the solved grid as a line; empty when the solve did not finish and
	// no solution is known.
	Solution string
	// SecondSolution is a second, different solution when Summary.Several, so the
	// walkthrough can show that the puzzle is not unique.
	SecondSolution string
	// Summary is the outcome of the solve.
	Summary Summary
}

// Summary is the outcome of a solve.
type Summary struct {
	// Solved: every cell holds a value at the end of the steps.
	Solved bool
	// Stuck: no technique applied and no fallback step was allowed.
	Stuck bool
	// Several: the puzzle has more than one solution.
	Several bool
	// NoSolution: the puzzle has no solution.
	NoSolution bool
	// Steps is the number of steps applied.
	Steps int
	// ByTechnique counts the steps of each technique, in the order each was first used.
	ByTechnique []TechniqueCount
	// Hardest is the ID of the hardest technique used (empty when there are no steps).
	Hardest string
	// UsedFallback: at least one step came from search rather than a technique.
	UsedFallback bool
	// Rating is the puzzle's rating when one was asked for (techniques/rate makes it).
	Rating *Rating
}

// Rating is a puzzle's rating on Sudoku Explainer's scale, with a named level and an
// effort score; techniques/rate computes it (on its own walk, in that scale's order).
type Rating struct {
	// ER, EP and ED are on Sudoku Explainer's scale: the hardest step, the hardest step
	// up to and including the first placement, and the first step.
	ER float64 `json:"er" yaml:"er"`
	EP float64 `json:"ep" yaml:"ep"`
	ED float64 `json:"ed" yaml:"ed"`
	// Level names the band of ER (see techniques/rate's scale.yaml).
	Level string `json:"level" yaml:"level"`
	// Score is the effort: the sum of the techniques' scores over every step.
	Score int `json:"score" yaml:"score"`
	// Hardest is the technique ID of the step rated ER (the first such step).
	Hardest string `json:"hardest" yaml:"hardest"`
	// Steps is the number of steps of the rated walk.
	Steps int `json:"steps" yaml:"steps"`
	// Logic is true when the walk needed no search step.
	Logic bool `json:"logic" yaml:"logic"`
}

// TechniqueCount is how many steps of one technique a solve used.
type TechniqueCount struct {
	Technique string
	Count     int
}

// CountTechniques counts the steps of each technique, in the order each was first used:
// the ByTechnique of a Summary.
func CountTechniques(steps []Step) []TechniqueCount {
	var out []TechniqueCount
	index := map[string]int{}
	for _, s := range steps {
		i, ok := index[s.Technique]
		if !ok {
			i = len(out)
			index[s.Technique] = i
			out = append(out, TechniqueCount{Technique: s.Technique})
		}
		out[i].Count++
	}
	return out
}

// NewTrace starts the trace of a solve from board b: Puzzle is b's line and Start a
// copy of b, so the trace does not change when the solve goes on with b.
func NewTrace(b *board.Board) Trace {
	return Trace{Puzzle: b.String(), Start: b.Clone()}
}

// boardOfLine builds a board from a grid line of layout l: digits are givens, '.' or
// '0' an empty cell. Its errors say what is wrong; callers say which line.
func boardOfLine(l *board.Layout, line string) (*board.Board, error) {
	rs := []rune(line)
	if len(rs) != l.Cells() {
		return nil, fmt.Errorf("grid line has %d cells, want %d", len(rs), l.Cells())
	}
	values := make([]board.Digit, len(rs))
	for i, r := range rs {
		if r == '.' || r == '0' {
			continue
		}
		d, ok := board.DigitFromRune(r)
		if !ok || int(d) > l.N() {
			return nil, fmt.Errorf("grid line, cell %d: %q is not a digit of a %dx%d grid", i+1, r, l.N(), l.N())
		}
		values[i] = d
	}
	return board.FromDigits(l, values)
}

// startBoard returns a copy of the trace's starting board, built from Puzzle when the
// trace does not carry it.
func (tr Trace) startBoard(l *board.Layout) (*board.Board, error) {
	if tr.Start != nil {
		if tr.Start.Layout() != l {
			return nil, fmt.Errorf("explain: the trace's board is %dx%d, the layout %dx%d",
				tr.Start.Layout().N(), tr.Start.Layout().N(), l.N(), l.N())
		}
		return tr.Start.Clone(), nil
	}
	b, err := boardOfLine(l, tr.Puzzle)
	if err != nil {
		return nil, fmt.Errorf("explain: trace puzzle: %w", err)
	}
	return b, nil
}

// replay applies the trace's steps to its starting board and returns where they end:
// the grid to show when the solve stopped before the end. Like the pipeline, a step
// removes its eliminations first, then places its digits.
func (tr Trace) replay(l *board.Layout) (*board.Board, error) {
	b, err := tr.startBoard(l)
	if err != nil {
		return nil, err
	}
	for i, s := range tr.Steps {
		if err := Apply(b, s); err != nil {
			return nil, fmt.Errorf("explain: step %d (%s): %w", i+1, s.Technique, err)
		}
	}
	return b, nil
}
