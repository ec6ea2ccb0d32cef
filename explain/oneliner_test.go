package explain

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stepdoku/stepdoku/board"
)

// cell and house build notation values for tests from 1-based numbers, so the
// cases below read like the notation they are checked against.
func cell(r, c int) board.Cell { return board.Classic.CellAt(r-1, c-1) }

func row(i int) board.House { return board.Classic.RowHouse(i - 1) }
func col(i int) board.House { return board.Classic.ColHouse(i - 1) }
func box(i int) board.House { return board.Classic.BoxHouse(i - 1) }

func cand(r, c int, d board.Digit) board.Candidate {
	return board.Candidate{Cell: cell(r, c), Digit: d}
}

func digits(ds ...board.Digit) board.DigitSet { return board.DigitsOf(ds...) }

// The expected lines are written from the notation rules in DESIGN.md (HoDoKu art-2
// style), not copied from output: name, ": ", the pattern part, then " => " and one
// candidate per conclusion joined by ", ", sorted by cell then digit.
func TestOneLiner(t *testing.T) {
	tests := []struct {
		name string
		step Step
		want string
	}{
		{
			name: "full house",
			step: Step{Technique: "full-house", Placements: []board.Candidate{cand(3, 7, 4)},
				Pattern: Pattern{Digits: digits(4), Houses: []board.House{row(3)}}},
			want: "Full House: r3c7=4 (in r3)",
		},
		{
			name: "naked single",
			step: Step{Technique: "naked-single", Placements: []board.Candidate{cand(5, 5, 9)},
				Pattern: Pattern{Digits: digits(9), Cells: []board.Cell{cell(5, 5)}}},
			want: "Naked Single: r5c5=9",
		},
		{
			name: "hidden single",
			step: Step{Technique: "hidden-single", Placements: []board.Candidate{cand(3, 7, 4)},
				Pattern: Pattern{Digits: digits(4), Houses: []board.House{box(3)}}},
			want: "Hidden Single: r3c7=4 (in b3)",
		},
		{
			name: "pointing",
			step: Step{Technique: "locked-candidates-pointing",
				Eliminations: []board.Candidate{cand(2, 8, 5), cand(2, 5, 5)},
				Pattern: Pattern{Digits: digits(5), Base: []board.House{box(1)}, Cover: []board.House{row(2)},
					Cells: []board.Cell{cell(2, 1), cell(2, 3)}}},
			want: "Locked Candidates Type 1 (Pointing): 5 in b1 => r2c5<>5, r2c8<>5",
		},
		{
			name: "claiming",
			step: Step{Technique: "locked-candidates-claiming",
				Eliminations: []board.Candidate{cand(1, 2, 5), cand(3, 3, 5)},
				Pattern: Pattern{Digits: digits(5), Base: []board.House{row(2)}, Cover: []board.House{box(1)},
					Cells: []board.Cell{cell(2, 1), cell(2, 3)}}},
			want: "Locked Candidates Type 2 (Claiming): 5 in r2 => r1c2<>5, r3c3<>5",
		},
		{
			name: "naked pair, conclusions sorted by cell then digit",
			step: Step{Technique: "naked-pair",
				Eliminations: []board.Candidate{cand(1, 6, 5), cand(1, 4, 1), cand(1, 6, 1)},
				Pattern:      Pattern{Digits: digits(1, 5), Cells: []board.Cell{cell(1, 2), cell(1, 8)}, Houses: []board.House{row(1)}}},
			want: "Naked Pair: 1,5 in r1c2,r1c8 => r1c4<>1, r1c6<>1, r1c6<>5",
		},
		{
			name: "naked triple",
			step: Step{Technique: "naked-triple",
				Eliminations: []board.Candidate{cand(9, 5, 7)},
				Pattern:      Pattern{Digits: digits(2, 3, 7), Cells: []board.Cell{cell(4, 5), cell(6, 5), cell(8, 5)}, Houses: []board.House{col(5)}}},
			want: "Naked Triple: 2,3,7 in r4c5,r6c5,r8c5 => r9c5<>7",
		},
		{
			name: "naked quad",
			step: Step{Technique: "naked-quad",
				Eliminations: []board.Candidate{cand(5, 5, 8)},
				Pattern:      Pattern{Digits: digits(1, 2, 6, 8), Cells: []board.Cell{cell(4, 4), cell(4, 6), cell(6, 4), cell(6, 6)}, Houses: []board.House{box(5)}}},
			want: "Naked Quadruple: 1,2,6,8 in r4c4,r4c6,r6c4,r6c6 => r5c5<>8",
		},
		{
			name: "locked pair",
			step: Step{Technique: "locked-pair",
				Eliminations: []board.Candidate{cand(1, 7, 3), cand(2, 1, 8)},
				Pattern:      Pattern{Digits: digits(3, 8), Cells: []board.Cell{cell(1, 2), cell(1, 3)}, Houses: []board.House{row(1), box(1)}}},
			want: "Locked Pair: 3,8 in r1c2,r1c3 => r1c7<>3, r2c1<>8",
		},
		{
			name: "locked triple",
			step: Step{Technique: "locked-triple",
				Eliminations: []board.Candidate{cand(7, 9, 4)},
				Pattern:      Pattern{Digits: digits(2, 4, 6), Cells: []board.Cell{cell(7, 1), cell(8, 1), cell(9, 1)}, Houses: []board.House{col(1), box(7)}}},
			want: "Locked Triple: 2,4,6 in r7c1,r8c1,r9c1 => r7c9<>4",
		},
		{
			name: "hidden pair",
			step: Step{Technique: "hidden-pair",
				Eliminations: []board.Candidate{cand(1, 8, 7), cand(1, 2, 3), cand(1, 8, 4)},
				Pattern:      Pattern{Digits: digits(1, 5), Cells: []board.Cell{cell(1, 2), cell(1, 8)}, Houses: []board.House{row(1)}}},
			want: "Hidden Pair: 1,5 in r1c2,r1c8 => r1c2<>3, r1c8<>4, r1c8<>7",
		},
		{
			name: "hidden triple",
			step: Step{Technique: "hidden-triple",
				Eliminations: []board.Candidate{cand(2, 6, 9)},
				Pattern:      Pattern{Digits: digits(1, 4, 8), Cells: []board.Cell{cell(1, 4), cell(2, 6), cell(3, 5)}, Houses: []board.House{box(2)}}},
			want: "Hidden Triple: 1,4,8 in r1c4,r2c6,r3c5 => r2c6<>9",
		},
		{
			name: "hidden quad",
			step: Step{Technique: "hidden-quad",
				Eliminations: []board.Candidate{cand(9, 1, 3)},
				Pattern:      Pattern{Digits: digits(1, 5, 6, 9), Cells: []board.Cell{cell(9, 1), cell(9, 4), cell(9, 6), cell(9, 9)}, Houses: []board.House{row(9)}}},
			want: "Hidden Quadruple: 1,5,6,9 in r9c1,r9c4,r9c6,r9c9 => r9c1<>3",
		},
		{
			name: "x-wing",
			step: Step{Technique: "x-wing",
				Eliminations: []board.Candidate{cand(8, 7, 4), cand(5, 3, 4)},
				Pattern: Pattern{Digits: digits(4), Base: []board.House{row(2), row(6)}, Cover: []board.House{col(3), col(7)},
					Cells: []board.Cell{cell(2, 3), cell(2, 7), cell(6, 3), cell(6, 7)}}},
			want: "X-Wing: 4 r2,r6 c3,c7 => r5c3<>4, r8c7<>4",
		},
		{
			name: "swordfish",
			step: Step{Technique: "swordfish",
				Eliminations: []board.Candidate{cand(4, 8, 2)},
				Pattern:      Pattern{Digits: digits(2), Base: []board.House{col(1), col(5), col(8)}, Cover: []board.House{row(2), row(4), row(9)}}},
			want: "Swordfish: 2 c1,c5,c8 r2,r4,r9 => r4c8<>2",
		},
		{
			name: "jellyfish",
			step: Step{Technique: "jellyfish",
				Eliminations: []board.Candidate{cand(5, 2, 7)},
				Pattern:      Pattern{Digits: digits(7), Base: []board.House{row(1), row(3), row(6), row(8)}, Cover: []board.House{col(2), col(4), col(6), col(9)}}},
			want: "Jellyfish: 7 r1,r3,r6,r8 c2,c4,c6,c9 => r5c2<>7",
		},
		{
			name: "search",
			step: Step{Technique: "search",
				Eliminations: []board.Candidate{cand(5, 3, 4)},
				Pattern:      Pattern{Digits: digits(4), Cells: []board.Cell{cell(5, 3)}}},
			want: "Search: r5c3=4 leaves no solution => r5c3<>4",
		},
		{
			name: "unknown technique: its ID and the pattern fields it set",
			step: Step{Technique: "example-finned-fish",
				Eliminations: []board.Candidate{cand(3, 2, 6)},
				Pattern: Pattern{Digits: digits(6), Base: []board.House{row(1), row(5)}, Cover: []board.House{col(2), col(8)},
					Fins: []board.Cell{cell(1, 3)}}},
			want: "example-finned-fish: 6 r1,r5 c2,c8 fins r1c3 => r3c2<>6",
		},
		{
			name: "placement and elimination together, placement first",
			step: Step{Technique: "bug-plus-one-like",
				Placements:   []board.Candidate{cand(9, 9, 3)},
				Eliminations: []board.Candidate{cand(1, 1, 2)},
				Pattern:      Pattern{Cells: []board.Cell{cell(9, 9)}}},
			want: "bug-plus-one-like: in r9c9 => r9c9=3, r1c1<>2",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, OneLiner(board.Classic, tc.step))
		})
	}
}

func TestNameUnknownIsID(t *testing.T) {
	assert.Equal(t, "X-Wing", Name("x-wing"))
	assert.Equal(t, "no-such-technique", Name("no-such-technique"))
}
