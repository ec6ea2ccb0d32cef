package board

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// describeAll says every problem of b, in the order Problems gives them.
func describeAll(b *Board) []string {
	var out []string
	for _, p := range b.Problems() {
		out = append(out, p.Describe(b.Layout()))
	}
	return out
}

func TestProblems(t *testing.T) {
	givens := func(t *testing.T, set map[string]Digit) *Board {
		t.Helper()
		b := New(Classic)
		for name, d := range set {
			c, err := Classic.ParseCell(name)
			require.NoError(t, err)
			require.NoError(t, b.Give(c, d))
		}
		return b
	}
	tests := []struct {
		name  string
		board func(t *testing.T) *Board
		want  []string
	}{
		{
			name:  "empty grid is valid",
			board: func(*testing.T) *Board { return New(Classic) },
		},
		{
			name: "solved grid is valid",
			board: func(t *testing.T) *Board {
				b, err := FromDigits(Classic, patternGrid(Classic))
				require.NoError(t, err)
				return b
			},
		},
		{
			name:  "duplicate in a row",
			board: func(t *testing.T) *Board { return givens(t, map[string]Digit{"r3c2": 7, "r3c8": 7}) },
			want:  []string{"7 twice in row 3: r3c2, r3c8"},
		},
		{
			name:  "duplicate in a column and a box at once",
			board: func(t *testing.T) *Board { return givens(t, map[string]Digit{"r1c1": 4, "r2c1": 4}) },
			want:  []string{"4 twice in column 1: r1c1, r2c1", "4 twice in box 1: r1c1, r2c1"},
		},
		{
			// The three 2s cover rows 4-6 and columns 4-6, so the boxes beside box 5 lose 2.
			name:  "three times in a box",
			board: func(t *testing.T) *Board { return givens(t, map[string]Digit{"r4c4": 2, "r5c6": 2, "r6c5": 2}) },
			want: []string{"2 3 times in box 5: r4c4, r5c6, r6c5",
				"2 has no place left in box 2", "2 has no place left in box 4",
				"2 has no place left in box 6", "2 has no place left in box 8"},
		},
		{
			name: "a cell with no candidate, so 9 has no place in its row",
			board: func(t *testing.T) *Board {
				b := givens(t, map[string]Digit{"r5c9": 9})
				for c := range 8 {
					require.NoError(t, b.Give(Cell(c), Digit(c+1)))
				}
				return b
			},
			want: []string{"r1c9 has no candidate left", "9 has no place left in row 1"},
		},
		{
			name: "a digit with no place in a box",
			board: func(*testing.T) *Board {
				b := New(Classic)
				for _, c := range Classic.HouseCells(Classic.BoxHouse(0)) {
					b.Eliminate(c, 5)
				}
				return b
			},
			want: []string{"5 has no place left in box 1"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, describeAll(tc.board(t)))
		})
	}
}

func TestProblemsFields(t *testing.T) {
	b := New(Classic)
	require.NoError(t, b.Give(Classic.CellAt(2, 1), 7))
	require.NoError(t, b.Give(Classic.CellAt(2, 7), 7))
	ps := b.Problems()
	require.Len(t, ps, 1)
	assert.Equal(t, Problem{Kind: Duplicate, Digit: 7, House: Classic.RowHouse(2),
		Cells: []Cell{Classic.CellAt(2, 1), Classic.CellAt(2, 7)}}, ps[0])
}

func TestProblemsEverySize(t *testing.T) {
	for _, n := range Sizes() {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			l, err := LayoutOf(n)
			require.NoError(t, err)
			assert.Empty(t, New(l).Problems(), "empty grid")
			solved, err := FromDigits(l, patternGrid(l))
			require.NoError(t, err)
			assert.Empty(t, solved.Problems(), "solved grid")

			// Swapping the ends of row 1 puts each digit twice in the other's column, and
			// leaves each column without the digit it lost.
			grid := patternGrid(l)
			grid[0], grid[n-1] = grid[n-1], grid[0]
			broken, err := FromDigits(l, grid)
			require.NoError(t, err)
			got := describeAll(broken)
			for _, col := range []int{0, n - 1} {
				d := grid[col]
				var twice []string
				for r := range n {
					if c := l.CellAt(r, col); grid[c] == d {
						twice = append(twice, l.CellName(c))
					}
				}
				require.Len(t, twice, 2)
				assert.Contains(t, got, fmt.Sprintf("%d twice in column %d: %s, %s", d, col+1, twice[0], twice[1]))
				assert.Contains(t, got, fmt.Sprintf("%d has no place left in column %d", grid[n-1-col], col+1))
			}
		})
	}
}
