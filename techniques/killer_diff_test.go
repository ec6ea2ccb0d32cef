package techniques

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

func TestSignedFill(t *testing.T) {
	l := board.Classic
	all := l.AllDigits()
	r1c1, r1c2, r5c5 := l.CellAt(0, 0), l.CellAt(0, 1), l.CellAt(4, 4)

	// One innie, one outie, the innie 6 more: 7-9 against 1-3.
	got := signedFill(l, []board.Cell{r1c1, r5c5}, 1, []board.DigitSet{all, all}, 6)
	require.Equal(t, []board.DigitSet{board.DigitsOf(7, 8, 9), board.DigitsOf(1, 2, 3)}, got)

	// A difference of 0: equal digits, so only cells that do not see each other.
	got = signedFill(l, []board.Cell{r1c1, r5c5}, 1, []board.DigitSet{board.DigitsOf(4, 5), board.DigitsOf(5, 6)}, 0)
	require.Equal(t, []board.DigitSet{board.DigitsOf(5), board.DigitsOf(5)}, got)
	got = signedFill(l, []board.Cell{r1c1, r1c2}, 1, []board.DigitSet{board.DigitsOf(4, 5), board.DigitsOf(5, 6)}, 0)
	require.Equal(t, []board.DigitSet{0, 0}, got, "cells of one row cannot both be 5")

	// Two innies against one outie.
	got = signedFill(l, []board.Cell{r1c1, r1c2, r5c5}, 2, []board.DigitSet{all, all, board.DigitsOf(1)}, 16)
	require.Equal(t, []board.DigitSet{board.DigitsOf(8, 9), board.DigitsOf(8, 9), board.DigitsOf(1)}, got, "r1c1+r1c2 = 17: 8+9")
}

func TestSignedUnits(t *testing.T) {
	// Row 1 of three cages: one of 12 wholly inside (r1c1-r1c3), one of 30 with r1c4-r1c8
	// and r2c8, one of 10 with r1c9 and r2c9. Counting the 30 whole leaves the innie
	// r1c9 and the outie r2c8, with r1c9 - r2c8 = 45 - 12 - 30 = 3.
	var sb []byte
	labels := "AAABBBBBC" + "DDDDDDDBC"
	for i := range 81 {
		if i < len(labels) {
			sb = append(sb, labels[i])
		} else {
			sb = append(sb, 'E'+byte((i-18)/9))
		}
	}
	b, err := board.ParseVariantLine("................................................................................. "+string(sb)+" A=12,B=30,C=10,D=28,E=45,F=45,G=45,H=45,I=45,J=45,K=45", board.Killer)
	require.NoError(t, err)
	l := b.Layout()
	r1c9, r2c8 := l.CellAt(0, 8), l.CellAt(1, 7)
	var found bool
	for _, u := range signedUnits(l, maxSignedCells) {
		if len(u.houses) == 1 && u.houses[0] == l.RowHouse(0) && len(u.in) == 1 && u.in[0] == r1c9 {
			require.Equal(t, []board.Cell{r2c8}, u.out)
			require.Equal(t, 3, u.k)
			found = true
		}
	}
	require.True(t, found, "row 1: r1c9 - r2c8 = 3")
}
