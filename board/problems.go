package board

import (
	"fmt"
	"strings"
)

// ProblemKind says what is wrong with a grid.
type ProblemKind uint8

// The problems a grid can have.
const (
	// Duplicate: a digit stands twice or more in one house.
	Duplicate ProblemKind = iota + 1
	// NoCandidate: an empty cell has no candidate left.
	NoCandidate
	// NoPlace: a digit that is not yet in a house has no place left in it.
	NoPlace
)

// Problem is one reason a grid cannot be solved, with its place.
type Problem struct {
	Kind  ProblemKind
	Digit Digit  // the digit concerned (Duplicate, NoPlace)
	House House  // the house concerned (Duplicate, NoPlace)
	Cells []Cell // the cells that hold the duplicate, or the cell with no candidate
}

// Describe says the problem in English with its place, e.g. "7 twice in row 3: r3c2, r3c8".
func (p Problem) Describe(l *Layout) string {
	switch p.Kind {
	case Duplicate:
		names := make([]string, len(p.Cells))
		for i, c := range p.Cells {
			names[i] = l.CellName(c)
		}
		times := "twice"
		if len(p.Cells) > 2 {
			times = fmt.Sprintf("%d times", len(p.Cells))
		}
		return fmt.Sprintf("%d %s in %s %d: %s", p.Digit, times, l.Kind(p.House), l.Index(p.House)+1, strings.Join(names, ", "))
	case NoCandidate:
		return fmt.Sprintf("%s has no candidate left", l.CellName(p.Cells[0]))
	default:
		return fmt.Sprintf("%d has no place left in %s %d", p.Digit, l.Kind(p.House), l.Index(p.House)+1)
	}
}

// Problems returns every problem of the board at once: digits twice in a house, empty
// cells with no candidate, digits with no place left in a house. A board without
// problems may still have no solution; that takes search (package fallback).
func (b *Board) Problems() []Problem {
	var out []Problem
	l := b.l
	for h := range House(l.Houses()) {
		var where [MaxSize + 1][]Cell
		for _, c := range l.houses[h] {
			if d := b.values[c]; d != 0 {
				where[d] = append(where[d], c)
			}
		}
		for d := Digit(1); int(d) <= l.n; d++ {
			if len(where[d]) > 1 {
				out = append(out, Problem{Kind: Duplicate, Digit: d, House: h, Cells: where[d]})
			}
		}
	}
	for c := range Cell(l.Cells()) {
		if b.values[c] == 0 && b.cands[c] == 0 {
			out = append(out, Problem{Kind: NoCandidate, Cells: []Cell{c}})
		}
	}
	for h := range House(l.Houses()) {
		for d := Digit(1); int(d) <= l.n; d++ {
			if !b.placed[h].Has(d) && b.Positions(h, d) == 0 {
				out = append(out, Problem{Kind: NoPlace, Digit: d, House: h})
			}
		}
	}
	return out
}
