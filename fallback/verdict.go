package fallback

import (
	"context"

	"github.com/stepdoku/stepdoku/board"
)

// Verdict says how many solutions a puzzle has: none, exactly one, or several.
type Verdict int

// The verdicts of Classify.
const (
	NoSolution       Verdict = iota // no assignment of the empty cells satisfies every house
	UniqueSolution                  // exactly one solution: a proper puzzle
	SeveralSolutions                // two or more solutions
)

// String returns the verdict as the CLI and the JSON outputs write it: "no-solution",
// "unique" or "several".
func (v Verdict) String() string {
	switch v {
	case NoSolution:
		return "no-solution"
	case UniqueSolution:
		return "unique"
	case SeveralSolutions:
		return "several"
	}
	return "unknown"
}

// Classify says whether b has no solution, exactly one, or several, and returns the
// solutions it found on the way (none, the one, or two different ones), each the
// values row by row. The error is ctx.Err() when ctx ends first; having no solution or
// several is a verdict, not an error. It runs the Auto search.
func Classify(ctx context.Context, b *board.Board) (Verdict, [][]board.Digit, error) {
	return Auto.Classify(ctx, b)
}

// Classify is the package's Classify with search m.
func (m Method) Classify(ctx context.Context, b *board.Board) (Verdict, [][]board.Digit, error) {
	if b == nil {
		return NoSolution, nil, errNilBoard
	}
	sols, err := m.Solutions(ctx, b, 2)
	if err != nil {
		return NoSolution, nil, err
	}
	switch len(sols) {
	case 0:
		return NoSolution, nil, nil
	case 1:
		return UniqueSolution, sols, nil
	}
	return SeveralSolutions, sols, nil
}
