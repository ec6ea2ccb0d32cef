package board

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLayoutShape checks the tables of every layout against the geometry worked out
// from row and column numbers alone.
func TestLayoutShape(t *testing.T) {
	for _, n := range Sizes() {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			l, err := LayoutOf(n)
			require.NoError(t, err)
			br, bc := l.BoxRows(), l.BoxCols()
			require.Equal(t, n, br*bc, "a box holds N cells")
			assert.Equal(t, n, l.N())
			assert.Equal(t, n*n, l.Cells())
			assert.Equal(t, 3*n, l.Houses())
			assert.Equal(t, AllDigits(n), l.AllDigits())

			sameBox := func(a, b Cell) bool {
				return l.RowOf(a)/br == l.RowOf(b)/br && l.ColOf(a)/bc == l.ColOf(b)/bc
			}
			// Every cell is in exactly one house of each kind.
			inKind := make([][3]int, l.Cells())
			for h := range House(l.Houses()) {
				cells := l.HouseCells(h)
				require.Len(t, cells, n, "house %s", l.HouseName(h))
				assert.Equal(t, n, CellsOf(cells...).Count(), "house %s has distinct cells", l.HouseName(h))
				assert.Equal(t, CellsOf(cells...), l.HouseSet(h))
				for i, c := range cells {
					inKind[c][l.Kind(h)]++
					assert.Equal(t, i, l.PosIn(c, h), "position of %s in %s", l.CellName(c), l.HouseName(h))
					// The cells of a house agree with each other on what the house is.
					switch l.Kind(h) {
					case Row:
						assert.Equal(t, l.RowOf(cells[0]), l.RowOf(c))
					case Column:
						assert.Equal(t, l.ColOf(cells[0]), l.ColOf(c))
					case Box:
						assert.True(t, sameBox(cells[0], c))
					}
				}
			}
			wantPeers := 3*n - br - bc - 1
			for c := range Cell(l.Cells()) {
				assert.Equal(t, [3]int{1, 1, 1}, inKind[c], "%s in one row, one column, one box", l.CellName(c))
				hs := l.HousesOf(c)
				assert.Equal(t, []HouseKind{Row, Column, Box}, []HouseKind{l.Kind(hs[0]), l.Kind(hs[1]), l.Kind(hs[2])})
				assert.Equal(t, l.BoxHouse(l.BoxOf(c)), hs[2])
				assert.Equal(t, l.RowHouse(l.RowOf(c)), hs[0])
				assert.Equal(t, l.ColHouse(l.ColOf(c)), hs[1])

				peers := l.Peers(c)
				require.Len(t, peers, wantPeers, "peers of %s", l.CellName(c))
				assert.Equal(t, CellsOf(peers...), l.PeerSet(c))
				var want CellSet
				for o := range Cell(l.Cells()) {
					if o != c && (l.RowOf(o) == l.RowOf(c) || l.ColOf(o) == l.ColOf(c) || sameBox(o, c)) {
						want.Add(o)
					}
				}
				assert.Equal(t, want, l.PeerSet(c), "peers of %s", l.CellName(c))
				for _, p := range peers {
					assert.True(t, l.Sees(c, p) && l.Sees(p, c), "%s and %s see each other", l.CellName(c), l.CellName(p))
				}
				back, err := l.ParseCell(l.CellName(c))
				require.NoError(t, err)
				assert.Equal(t, c, back)
			}
		})
	}
}

func TestClassicPeers(t *testing.T) {
	// Norvig's check, by hand: 20 peers, 27 houses, 81 cells.
	assert.Len(t, Classic.Peers(0), 20)
	assert.Equal(t, 27, Classic.Houses())
	assert.Equal(t, 81, Classic.Cells())
	c, err := Classic.ParseCell("r5c5")
	require.NoError(t, err)
	assert.Equal(t, "b5", Classic.HouseName(Classic.HousesOf(c)[2]))
}

func TestLayoutOfUnknownSize(t *testing.T) {
	for _, n := range []int{0, 1, 5, 10, 26, -9} {
		_, err := LayoutOf(n)
		assert.Error(t, err, "size %d", n)
	}
}
