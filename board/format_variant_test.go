package board

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var updatePretty = flag.Bool("update", false, "rewrite the golden grids in testdata/pretty")

// Variant boards of 9x9 made for these tests (not from the shared sets): a jigsaw whose
// regions are the boxes with r1c4 and r3c3 swapped, and a killer over the solution of
// the wiki puzzle, cut into dominoes, L-trominoes and column pairs (sums from that
// solution, 405 in all).
const (
	jigsaw9 = "1........" + "........." + "....5...." + "........." + "........." +
		"........." + "......7.." + "........." + "........9" +
		" 111122333111222333112222333444555666444555666444555666777888999777888999777888999"
	killer9 = wiki + " AABBCCDDkEEHHFFGGkJJHIKKLLlMMNNOOPPlQQTTRRSSmVVTUWWXXmYYZZaabbnccffddeenhhfgiijjo" +
		" A=8,B=10,C=15,D=10,E=13,F=14,G=7,H=11,I=3,J=10,K=6,L=11,M=13,N=16,O=7,P=6,Q=6," +
		"R=8,S=16,T=17,U=9,V=8,W=6,X=13,Y=15,Z=6,a=10,b=10,c=10,d=10,e=9,f=16,g=2,h=7,i=14,j=8," +
		"k=10,l=10,m=7,n=9,o=9"
	sparse9 = "1...............2.............3...................4.......................5......"
)

func variantBoard(t *testing.T, line string, v Variant) *Board {
	t.Helper()
	b, err := ParseVariantLine(line, v)
	require.NoError(t, err)
	return b
}

func TestPrettySmallVariants(t *testing.T) {
	tests := []struct {
		name, line string
		pretty     string
		marks      string
	}{
		{
			// Regions 1112 / 1322 / 3342 / 3444: a '|' between cells of a row only where
			// the region changes, '-' under a cell whose lower neighbour is in another.
			name: "4x4 jigsaw",
			line: "1.......3.....2. 1112132233423444",
			pretty: "1   .   . | .\n" +
				"  +---+---+\n" +
				". | . | .   .\n" +
				"--+   +---+\n" +
				"3   . | . | .\n" +
				"  +---+   +--\n" +
				". | .   2   .\n",
			marks: "1     234   34  | 234\n" +
				"    +-----+-----+\n" +
				"24  | 124 | 134   1234\n" +
				"----+     +-----+\n" +
				"3     124 | 14  | 124\n" +
				"    +-----+     +-----\n" +
				"(4) | 134   2     134\n",
		},
		{
			// Cages AABB / CDDB / CEFF / GEEF in 2x2 boxes: box lines solid, cage
			// lines dotted, broken ('!', " - ") where a cage crosses a box line, each
			// sum in the line above its cage's first cell.
			name: "4x4 killer",
			line: "1..............4 AABBCDDBCEFFGEEF A=5,B=7,C=3,D=5,E=7,F=9,G=4",
			pretty: "+5------+7------+\n" +
				"| 1   . | .   . |\n" +
				"|3...5..|....   |\n" +
				"| . : . ! . : . |\n" +
				"+ - -7--+9------+\n" +
				"| . : . | .   . |\n" +
				"|4...   |....   |\n" +
				"| . : . ! . : 4 |\n" +
				"+-------+-------+\n",
			// The pencil marks are framed the same way, columns as wide as their marks.
			marks: "+5-----------+7-----------+\n" +
				"| 1     234  | 234    23  |\n" +
				"|3.....5.....|.......     |\n" +
				"| 234 : 234  ! 1234 : 123 |\n" +
				"+ - - -7-----+9-----------+\n" +
				"| 234 : 1234 | 123    123 |\n" +
				"|4.....      |.......     |\n" +
				"| 23  : 123  ! 123  : 4   |\n" +
				"+------------+------------+\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := variantBoard(t, tc.line, 0)
			assert.Equal(t, tc.pretty, b.Pretty())
			assert.Equal(t, tc.marks, b.PencilMarks())
		})
	}
}

// TestPrettyVariantGoldens checks one 9x9 board of each variant against its golden
// grid in testdata/pretty (go test ./board -run TestPrettyVariantGoldens -update
// rewrites them; read the diff).
func TestPrettyVariantGoldens(t *testing.T) {
	tests := []struct {
		name, line string
		v          Variant
	}{
		{"jigsaw", jigsaw9, 0},
		{"killer", killer9, 0},
		{"x", sparse9, X},
		{"windoku", sparse9, Windoku},
		{"killer-x", strings.Repeat(".", 81) + killer9[81:], X},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := variantBoard(t, tc.line, tc.v).Pretty()
			path := filepath.Join("testdata", "pretty", tc.name+".txt")
			if *updatePretty {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
		})
	}
}

// TestPrettyVariantShape checks what every jigsaw grid must do whatever the board:
// N rows of cells, no trailing spaces, borders only where the region changes (and,
// under each cell, '-' only where the region below is another).
func TestPrettyVariantShape(t *testing.T) {
	for _, tc := range []struct {
		name  string
		b     *Board
		owner func(l *Layout, c Cell) int
	}{
		{"jigsaw", variantBoard(t, jigsaw9, 0), func(l *Layout, c Cell) int { return l.BoxOf(c) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.b.Layout()
			var rows []string
			for _, line := range strings.Split(strings.TrimSuffix(tc.b.Pretty(), "\n"), "\n") {
				assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing spaces")
				if strings.Trim(line, "-+| ") != "" {
					rows = append(rows, line)
				}
			}
			require.Len(t, rows, l.N())
			for r, line := range rows {
				for col := range l.N() - 1 {
					// Cells sit 4 characters apart: value, space, border or space, space.
					sep := line[4*col+2]
					a, b := tc.owner(l, l.CellAt(r, col)), tc.owner(l, l.CellAt(r, col+1))
					assert.Equal(t, a != b, sep == '|', "r%dc%d|c%d", r+1, col+1, col+2)
					assert.Equal(t, tc.b.String()[r*9+col], line[4*col], "value of r%dc%d", r+1, col+1)
				}
			}
			// The line between two rows: '-' under a cell exactly where the region
			// below is another (a line of none is left out).
			lines := strings.Split(strings.TrimSuffix(tc.b.Pretty(), "\n"), "\n")
			r, rule := -1, ""
			for _, line := range lines {
				if strings.Trim(line, "-+| ") == "" {
					rule = line
					continue
				}
				if r >= 0 {
					for col := range l.N() {
						under := 4*col < len(rule) && rule[4*col] == '-'
						a, b := tc.owner(l, l.CellAt(r, col)), tc.owner(l, l.CellAt(r+1, col))
						assert.Equal(t, a != b, under, "r%dc%d over r%dc%d", r+1, col+1, r+2, col+1)
					}
				}
				r, rule = r+1, ""
			}
		})
	}
}

// TestPrettyVariantsReadBack: the values of X, windoku and jigsaw grids (and of the
// jigsaw's pencil marks) read back with Parse, the notes being comments. (A killer's
// framed grid reads back whole: TestPrettyKillerReadBack.)
func TestPrettyVariantsReadBack(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    *Board
	}{
		{"jigsaw", variantBoard(t, jigsaw9, 0)},
		{"x", variantBoard(t, sparse9, X)},
		{"windoku", variantBoard(t, sparse9, Windoku)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, text := range []string{tc.b.Pretty(), tc.b.PencilMarks()} {
				got, err := Parse(text)
				require.NoError(t, err, text)
				assert.Equal(t, tc.b.String(), got.String())
			}
		})
	}
}

// TestPrettyJigsawEverySize draws a jigsaw of every size (regions that happen to be
// the boxes) with some values: one row of words per grid row, values read back.
func TestPrettyJigsawEverySize(t *testing.T) {
	for _, n := range Sizes() {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			classic, err := LayoutOf(n)
			require.NoError(t, err)
			regions := make([]int, n*n)
			for c := range regions {
				regions[c] = classic.BoxOf(Cell(c))
			}
			l, err := NewLayout(Spec{N: n, Regions: regions})
			require.NoError(t, err)
			require.False(t, l.Regular())
			b, err := FromDigits(l, patternGrid(classic))
			require.NoError(t, err)
			for _, text := range []string{b.Pretty(), b.PencilMarks()} {
				rows := 0
				for line := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
					if strings.Trim(line, "-+| ") != "" {
						rows++
					}
				}
				assert.Equal(t, n, rows)
				got, err := Parse(text)
				require.NoError(t, err, text)
				assert.Equal(t, b.String(), got.String())
			}
		})
	}
}
