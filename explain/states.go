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
// It checks first that the step changes something and that every candidate it removes
// or places is there, so that a faulty finder or a damaged trace cannot corrupt a
// board: a step that fails the checks leaves b as it was.
func Apply(b *board.Board, s Step) error {
	l := b.Layout()
	if len(s.Placements) == 0 && len(s.Eliminations) == 0 {
		return fmt.Errorf("explain: %s step changes nothing", s.Technique)
	}
	for _, p := range s.Placements {
		if !b.Has(p.Cell, p.Digit) {
			return fmt.Errorf("explain: %s step places %s, which is not a candidate", s.Technique, l.PlacementName(p))
		}
	}
	for _, e := range s.Eliminations {
		if !b.Has(e.Cell, e.Digit) {
			return fmt.Errorf("explain: %s step removes %s, which is not a candidate", s.Technique, l.CandidateName(e))
		}
	}
	for _, e := range s.Eliminations {
		b.Eliminate(e.Cell, e.Digit)
	}
	for _, p := range s.Placements {
		if err := b.Place(p.Cell, p.Digit); err != nil {
			return fmt.Errorf("explain: %s step: %w", s.Technique, err)
		}
	}
	return nil
}
