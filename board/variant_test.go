package board

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sharedVariants is the folder of the shared variant sets, absent outside the project's
// workplace.
const sharedVariants = "../../shared/variants"

// TestVariantLayouts reads every shared variant puzzle and checks its solution against
// the layout: every house of every kind holds each digit once, every cage adds up and
// repeats no digit, and peers are exactly the cells sharing a house or a cage.
func TestVariantLayouts(t *testing.T) {
	sets := map[string]Variant{"x-dev.txt": X, "windoku-dev.txt": Windoku, "jigsaw-dev.txt": Jigsaw,
		"killer-dev.txt": Killer, "killer-hard-dev.txt": Killer}
	for file, v := range sets {
		t.Run(file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(sharedVariants, file))
			if err != nil {
				t.Skip("shared variant sets absent:", err)
			}
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			line := 0
			for sc.Scan() {
				line++
				fields := strings.Fields(sc.Text())
				b, err := ParseVariantLine(sc.Text(), v&(X|Windoku))
				require.NoError(t, err, "line %d", line)
				l := b.Layout()
				require.Equal(t, v, l.Variant(), "line %d", line)
				sol, err := ParseVariantLine(fields[len(fields)-1], 0)
				require.NoError(t, err, "line %d", line)
				checkSolution(t, l, sol.Digits(), line)
				for c := range Cell(l.Cells()) {
					if d := b.Value(c); d != 0 {
						require.Equal(t, sol.Value(c), d, "line %d: given %s", line, l.CellName(c))
					}
				}
			}
			require.NoError(t, sc.Err())
			require.Positive(t, line)
		})
	}
}

func checkSolution(t *testing.T, l *Layout, sol []Digit, line int) {
	t.Helper()
	for h := range House(l.Houses()) {
		var seen DigitSet
		for _, c := range l.HouseCells(h) {
			seen = seen.With(sol[c])
		}
		require.Equal(t, l.AllDigits(), seen, "line %d: house %s", line, l.HouseName(h))
	}
	for _, cg := range l.Cages() {
		sum, seen := 0, DigitSet(0)
		for _, c := range cg.Cells {
			sum += int(sol[c])
			require.False(t, seen.Has(sol[c]), "line %d: %d twice in a cage", line, sol[c])
			seen = seen.With(sol[c])
		}
		require.Equal(t, cg.Sum, sum, "line %d: cage at %s", line, l.CellName(cg.Cells[0]))
	}
	for c := range Cell(l.Cells()) {
		var want CellSet
		for _, h := range l.AllHousesOf(c) {
			want = want.Or(l.HouseSet(h))
			require.GreaterOrEqual(t, l.PosIn(c, h), 0)
			require.Equal(t, c, l.HouseCells(h)[l.PosIn(c, h)])
		}
		if k, ok := l.CageOf(c); ok {
			want = want.Or(l.Cages()[k].Set())
		}
		want.Remove(c)
		require.Equal(t, want, l.PeerSet(c), "line %d: peers of %s", line, l.CellName(c))
	}
}

func TestVariantHouses(t *testing.T) {
	x, err := NewLayout(Spec{Diagonals: true, Windows: true})
	require.NoError(t, err)
	assert.Equal(t, X|Windoku, x.Variant())
	assert.Equal(t, 27+2+4, x.Houses())
	centre := x.CellAt(4, 4)
	assert.Len(t, x.AllHousesOf(centre), 5, "r5c5 is on both diagonals")
	assert.Equal(t, "d1", x.HouseName(27))
	assert.Equal(t, "w4", x.HouseName(32))
	assert.True(t, x.Sees(x.CellAt(0, 0), x.CellAt(8, 8)))
	assert.True(t, x.Sees(x.CellAt(1, 1), x.CellAt(3, 3)), "same window")
	assert.True(t, x.Sees(x.CellAt(1, 4), x.CellAt(3, 2)) == false || x.Regular())

	// A placement clears the digit from the diagonal too.
	b := New(x)
	require.NoError(t, b.Place(x.CellAt(0, 0), 5))
	assert.False(t, b.Has(x.CellAt(8, 8), 5))
	assert.Equal(t, PosSet(0), b.Positions(27, 5)&1)
	assert.True(t, b.PlacedIn(27).Has(5))

	_, err = NewLayout(Spec{N: 4, Windows: true})
	assert.ErrorContains(t, err, "9x9")
	regions := make([]int, 81)
	regions[80] = 1
	_, err = NewLayout(Spec{Regions: regions})
	assert.ErrorContains(t, err, "region 1 has 80 cells, want 9")
	_, err = NewLayout(Spec{Cages: []Cage{{Cells: []Cell{0, 1}, Sum: 3}, {Cells: []Cell{1, 2}, Sum: 4}}})
	assert.ErrorContains(t, err, "r1c2 is in two cages (the cage of 3 and the cage of 4)")
}

func TestParseVariantLineErrors(t *testing.T) {
	g := strings.Repeat(".", 81)
	for _, tc := range []struct{ in, want string }{
		{g + " " + strings.Repeat("A", 81) + " B=10", "r1c1 is in cage A, which has no sum"},
		{g + " " + strings.Repeat("A", 81) + " A=x", `cage sum "A=x"`},
		{g, "needs its regions"},
	} {
		v := Variant(0)
		if !strings.Contains(tc.in, "=") {
			v = Jigsaw
		}
		_, err := ParseVariantLine(tc.in, v)
		assert.ErrorContains(t, err, tc.want, tc.in)
	}
}
