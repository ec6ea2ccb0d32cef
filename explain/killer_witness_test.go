package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// partialKiller reads an empty 9x9 grid whose first cells form the given cages (labels
// for the first cells of row 1, then '.'), with sums "A=10,...".
func partialKiller(t *testing.T, labels, sums string) *board.Board {
	t.Helper()
	b, err := board.ParseVariantLine(strings.Repeat(".", 81)+" "+labels+strings.Repeat(".", 81-len(labels))+" "+sums, board.Killer)
	require.NoError(t, err)
	return b
}

func TestCageWhyNot(t *testing.T) {
	r1 := func(c int) board.Cell { return board.Cell(c - 1) }
	tests := []struct {
		name   string
		labels string
		sums   string
		gone   []board.Candidate // candidates to remove first
		cell   board.Cell
		digit  board.Digit
		en, ja string // "" when the cage allows the digit
	}{
		{"a 4-cell cage of 10 is 1+2+3+4", "AAAA", "A=10", nil, r1(1), 9,
			"the 4-cell cage of 10 can only be 1+2+3+4", "4マスで合計10のケージは1+2+3+4だけです"},
		{"a 2-cell cage of 17 is 8+9", "AA", "A=17", nil, r1(2), 5,
			"the 2-cell cage of 17 can only be 8+9", "2マスで合計17のケージは8+9だけです"},
		{"a digit of the combination, but not in this cell", "AAA", "A=7",
			[]board.Candidate{{Cell: r1(3), Digit: 1}, {Cell: r1(3), Digit: 2}}, r1(1), 4,
			"the 3-cell cage of 7 (1+2+4) cannot make its sum with 4 in r1c1", "3マスで合計7のケージ（1+2+4）は、R1C1が4では合計を作れません"},
		{"a digit the cage can use", "AAA", "A=7", nil, r1(1), 4, "", ""},
		{"a cell in no cage", "AA", "A=17", nil, r1(5), 1, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := partialKiller(t, tc.labels, tc.sums)
			for _, g := range tc.gone {
				require.True(t, b.Eliminate(g.Cell, g.Digit))
			}
			w, ok := CageWhyNot(b, tc.cell, tc.digit)
			require.Equal(t, tc.en != "", ok, "ruled out")
			if !ok {
				return
			}
			for lang, want := range map[Lang]string{EN: tc.en, JA: tc.ja} {
				got, err := w.Say(b.Layout(), lang)
				require.NoError(t, err)
				assert.Equal(t, want, got, string(lang))
			}
		})
	}
}

// WhyNot names a peer before the cage, and the cage when nothing else rules the digit out.
func TestWhyNotKiller(t *testing.T) {
	b := partialKiller(t, "AA", "A=17")
	require.NoError(t, b.Place(board.Cell(9), 5)) // r2c1 = 5, a peer of r1c1 and r1c2
	w := WhyNot(b, 0, 5, nil)
	assert.True(t, w.Held, "r2c1 holds 5")
	b.Eliminate(0, 3)
	w = WhyNot(b, 0, 3, nil)
	require.True(t, w.Cage)
	got, err := w.Say(b.Layout(), EN)
	require.NoError(t, err)
	assert.Equal(t, "the 2-cell cage of 17 can only be 8+9", got)
}

// A step's cages survive the document form: cells, sum, placed part, combinations and
// whether the cage is virtual.
func TestCagesRoundTrip(t *testing.T) {
	l := board.Classic
	s := Step{
		Technique:    "innies",
		Eliminations: []board.Candidate{{Cell: l.CellAt(1, 4), Digit: 2}},
		Pattern: Pattern{
			Digits: board.DigitsOf(1, 3),
			Cells:  []board.Cell{l.CellAt(1, 4), l.CellAt(1, 5)},
			Houses: []board.House{l.RowHouse(0), l.RowHouse(1)},
			Cages: CageSums{
				{Cells: []board.Cell{l.CellAt(0, 4), l.CellAt(1, 4), l.CellAt(1, 5)}, Sum: 13,
					Known: []board.Candidate{{Cell: l.CellAt(0, 4), Digit: 9}}, Combos: []board.DigitSet{board.DigitsOf(1, 3)}, Virtual: true},
				{Cells: []board.Cell{l.CellAt(0, 0), l.CellAt(0, 1)}, Sum: 17},
			},
		},
	}
	d, err := NewStepDoc(l, s, EN)
	require.NoError(t, err)
	require.Len(t, d.Pattern.Cages, 2)
	assert.Equal(t, []string{"r1c5=9"}, d.Pattern.Cages[0].Known)
	back, err := d.Step(l)
	require.NoError(t, err)
	assert.Equal(t, s.Pattern.Cages, back.Pattern.Cages)
	assert.Equal(t, 4, back.Pattern.Cages[0].Left())
}
