package explain

import (
	"fmt"

	"github.com/stepdoku/stepdoku/board"
)

// States returns the board before each step and after the last one: States(l)[k] is
// the board step k (counted from 0) is taken on, and the final entry is where the
// trace ends. Pictures need them; the trace stores only the steps.
func (tr Trace) States(l *board.Layout) ([]*board.Board, error) {
	b, err := tr.startBoard(l)
	if err != nil {
		return nil, err
	}
	out := make([]*board.Board, 0, len(tr.Steps)+1)
	out = append(out, b.Clone())
	for i, s := range tr.Steps {
		if err := Apply(b, s); err != nil {
			return nil, fmt.Errorf("explain: step %d (%s): %w", i+1, s.Technique, err)
		}
		out = append(out, b.Clone())
	}
	return out, nil
}

// Apply applies step s to b as the pipeline does: eliminations first, then placements.
// A placement already made is left alone.
func Apply(b *board.Board, s Step) error {
	for _, e := range s.Eliminations {
		b.Eliminate(e.Cell, e.Digit)
	}
	for _, p := range s.Placements {
		if b.Value(p.Cell) == p.Digit {
			continue
		}
		if err := b.Place(p.Cell, p.Digit); err != nil {
			return err
		}
	}
	return nil
}
