package techniques

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

func TestUnionGroups(t *testing.T) {
	l := board.Classic
	rule := map[board.CellSet]bool{}
	for _, g := range ruleGroups(l) {
		rule[g.cells] = true
	}
	has := func(hs ...board.House) bool {
		var cells board.CellSet
		for _, h := range hs {
			cells = cells.Or(l.HouseSet(h))
		}
		for _, g := range unionGroups(l) {
			if g.cells == cells {
				return true
			}
		}
		return false
	}
	for _, g := range unionGroups(l) {
		require.GreaterOrEqual(t, len(g.houses), 2)
		require.LessOrEqual(t, len(g.houses), maxUnionHouses)
		require.False(t, rule[g.cells], "%v is a group of ruleGroups already", g.houses)
		n := 0
		for _, h := range g.houses {
			n += l.HouseSet(h).Count()
		}
		require.Equal(t, n, g.cells.Count(), "the houses of %v overlap", g.houses)
	}
	require.True(t, has(l.BoxHouse(0), l.BoxHouse(1), l.BoxHouse(3)), "boxes 1, 2 and 4 make an L")
	require.True(t, has(l.RowHouse(3), l.BoxHouse(0)), "row 4 lies beside box 1")
	require.False(t, has(l.RowHouse(0), l.RowHouse(2)), "rows 1 and 3 are not adjacent")
	require.False(t, has(l.BoxHouse(0), l.BoxHouse(8)), "boxes 1 and 9 are not adjacent")
}

func TestEachFilling(t *testing.T) {
	l := board.Classic
	all := l.AllDigits()
	cells := []board.Cell{l.CellAt(0, 0), l.CellAt(0, 1), l.CellAt(0, 2)}
	n := 0
	require.True(t, eachFilling(cells, []board.DigitSet{all, all, all}, 6, func(v []board.Digit) {
		require.Equal(t, 6, int(v[0]+v[1]+v[2]))
		n++
	}))
	require.Equal(t, 6, n, "6 in three cells is 1+2+3, in any order")
	n = 0
	eachFilling(cells, []board.DigitSet{board.DigitsOf(1), all, board.DigitsOf(2, 3)}, 6, func([]board.Digit) { n++ })
	require.Equal(t, 2, n, "r1c1 is 1: 1+2+3 and 1+3+2")
}

func TestCoverHouse(t *testing.T) {
	// Three pieces share out 1..4: {1,2} or {3,4}; {3} or {1}; {4} or {2}.
	ps := []*coverPiece{
		{options: []board.DigitSet{board.DigitsOf(1, 2), board.DigitsOf(3, 4)}},
		{options: []board.DigitSet{board.DigitsOf(3), board.DigitsOf(1)}},
		{options: []board.DigitSet{board.DigitsOf(4), board.DigitsOf(1)}},
	}
	require.True(t, coverHouse(ps, board.DigitsOf(1, 2, 3, 4)))
	require.Equal(t, []bool{true, false}, ps[0].keep, "{3,4} leaves the others 1 twice")
	require.Equal(t, []bool{true, false}, ps[1].keep)
	require.Equal(t, []bool{true, false}, ps[2].keep)
}
