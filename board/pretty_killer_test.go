package board

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// killerJigsaw is killer9's cages on jigsaw9's regions (a layout no line form says:
// built from its Spec).
func killerJigsaw(t *testing.T) *Board {
	t.Helper()
	jig, kil := variantBoard(t, jigsaw9, 0).Layout().Spec(), variantBoard(t, killer9, 0).Layout().Spec()
	l, err := NewLayout(Spec{N: 9, Regions: jig.Regions, Cages: kil.Cages})
	require.NoError(t, err)
	b, err := FromDigits(l, make([]Digit, 81))
	require.NoError(t, err)
	return b
}

// partialKiller has cages over some cells only: the others are cages of their own.
func partialKiller(t *testing.T) *Board {
	t.Helper()
	l, err := NewLayout(Spec{N: 9, Cages: []Cage{
		{Cells: []Cell{0, 1, 9}, Sum: 6},         // r1c1, r1c2, r2c1: an L
		{Cells: []Cell{2, 3}, Sum: 17},           // r1c3-r1c4: across a box line
		{Cells: []Cell{26, 35, 44}, Sum: 24},     // r3c9-r5c9: across a band line
		{Cells: []Cell{40}, Sum: 5},              // r5c5 alone
		{Cells: []Cell{79, 80, 70, 71}, Sum: 10}, // a square in the corner
	}})
	require.NoError(t, err)
	b, err := FromDigits(l, make([]Digit, 81))
	require.NoError(t, err)
	require.NoError(t, b.Give(4, 7))
	return b
}

// TestPrettyKillerShape reads the framed killer grid back by its own rules and checks
// every line against the layout: the value of each cell; between two cells of a row
// '|' where the box and the cage change, '!' where the box changes inside a cage, ':'
// where only the cage changes, ' ' inside a cage; the same above each cell with "---",
// " - ", "..." and "   "; each cage's sum at the start of the line above its first
// cell and nowhere else; the frame all round.
func TestPrettyKillerShape(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    *Board
	}{
		{"killer", variantBoard(t, killer9, 0)},
		{"killer-x", variantBoard(t, killer9, X)},
		{"killer-jigsaw", killerJigsaw(t)},
		{"partial cover", partialKiller(t)},
		{"4x4", variantBoard(t, "1..............4 AABBCDDBCEFFGEEF A=5,B=7,C=3,D=5,E=7,F=9,G=4", 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := tc.b.Layout()
			n := l.N()
			text := tc.b.Pretty()
			var lines []string
			for line := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
				if !strings.HasPrefix(line, "#") {
					lines = append(lines, line)
				}
			}
			require.Len(t, lines, 2*n+1, text)
			cage := func(r, c int) int {
				if i, ok := l.CageOf(l.CellAt(r, c)); ok {
					return i
				}
				return -1 - r*n - c
			}
			// kind of line between (r1,c1) and (r2,c2), one of them maybe outside.
			kind := func(r1, c1, r2, c2 int) string {
				out := func(r, c int) bool { return r < 0 || c < 0 || r >= n || c >= n }
				switch {
				case out(r1, c1) || out(r2, c2):
					return "box"
				case l.BoxOf(l.CellAt(r1, c1)) != l.BoxOf(l.CellAt(r2, c2)) && cage(r1, c1) == cage(r2, c2):
					return "crossed"
				case l.BoxOf(l.CellAt(r1, c1)) != l.BoxOf(l.CellAt(r2, c2)):
					return "box"
				case cage(r1, c1) != cage(r2, c2):
					return "cage"
				}
				return "none"
			}
			bar := map[string]byte{"box": '|', "crossed": '!', "cage": ':', "none": ' '}
			rule := map[string]string{"box": "---", "crossed": " - ", "cage": "...", "none": "   "}
			sums := map[Cell]string{}
			for _, cg := range l.Cages() {
				sums[cg.Cells[0]] = strconv.Itoa(cg.Sum)
			}
			for _, line := range lines {
				require.Len(t, line, 4*n+1, "every line ends on the frame: %q", line)
			}
			for r := 0; r <= n; r++ {
				above := lines[2*r]
				for c := range n {
					want := rule[kind(r-1, c, r, c)]
					if s, ok := sums[l.CellAt(r, c)]; ok && r < n {
						want = s + want[len(s):]
					}
					assert.Equal(t, want, above[4*c+1:4*c+4], "line above r%dc%d", r+1, c+1)
				}
				if r == n {
					break
				}
				row := lines[2*r+1]
				for c := 0; c <= n; c++ {
					assert.Equal(t, string(bar[kind(r, c-1, r, c)]), string(row[4*c]), "border left of r%dc%d", r+1, c+1)
					if c < n {
						assert.Equal(t, " "+string(tc.b.String()[r*n+c])+" ", row[4*c+1:4*c+4], "r%dc%d", r+1, c+1)
					}
				}
			}
			if l.Variant()&X != 0 {
				assert.Contains(t, text, "\n# Sudoku-X")
			}
		})
	}
}

// TestPencilMarksKillerGoldens checks the candidate grid of killers against golden
// files in testdata/pretty (-update rewrites them; read the diff): cages, boxes and
// sums framed as Pretty frames them, the candidates inside.
func TestPencilMarksKillerGoldens(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    *Board
	}{
		{"killer-marks", variantBoard(t, killer9, 0)},
		{"killer-jigsaw-marks", killerJigsaw(t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := tc.b.PencilMarks()
			path := filepath.Join("testdata", "pretty", tc.name+".txt")
			if *updatePretty {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, string(want), got)
			// Whatever the widths, every cell's candidates are in its row, in order.
			rows := strings.Split(got, "\n")
			l := tc.b.Layout()
			for r := range l.N() {
				row := rows[2*r+1]
				at := 0
				for c := range l.N() {
					cell := l.CellAt(r, c)
					word := digitRunes(tc.b.Candidates(cell))
					if d := tc.b.Value(cell); d != 0 {
						word = string(d.Rune())
					} else if len(word) < 2 {
						word = "(" + word + ")"
					}
					i := strings.Index(row[at:], " "+word+" ")
					require.GreaterOrEqual(t, i, 0, "r%dc%d: %q in %q", r+1, c+1, word, row)
					at += i + len(word) + 1
				}
			}
		})
	}
}

// sameKiller checks that got has want's cages (in any order) and boxes or regions
// (whatever their numbers), and its rules.
func sameKiller(t *testing.T, want, got *Layout) {
	t.Helper()
	require.Equal(t, want.Variant(), got.Variant())
	key := func(l *Layout) map[string]int {
		m := map[string]int{}
		for _, cg := range l.Cages() {
			m[fmt.Sprint(cg.Cells)] = cg.Sum
		}
		return m
	}
	assert.Equal(t, key(want), key(got), "cages")
	for a := range Cell(want.Cells()) {
		for b := range Cell(want.Cells()) {
			if want.BoxOf(a) == want.BoxOf(b) != (got.BoxOf(a) == got.BoxOf(b)) {
				t.Fatalf("%s and %s: one box in one layout, two in the other", want.CellName(a), want.CellName(b))
			}
		}
	}
}

// TestPrettyKillerReadBack: Parse reads a killer's framed grid back, values (as
// givens) from Pretty, values and candidates from PencilMarks, cages, sums and boxes
// or regions from the lines; X, which the frame does not say, through ParseAs.
func TestPrettyKillerReadBack(t *testing.T) {
	progress := variantBoard(t, killer9, 0)
	require.NoError(t, progress.Place(2, 4))
	progress.Eliminate(3, 2)
	progress.SetCandidates(11, DigitsOf(2, 4))
	for _, tc := range []struct {
		name string
		b    *Board
	}{
		{"killer", variantBoard(t, killer9, 0)},
		{"progress", progress},
		{"killer-x", variantBoard(t, killer9, X)},
		{"killer-jigsaw", killerJigsaw(t)},
		{"partial cover", partialKiller(t)},
		{"4x4", variantBoard(t, "1..............4 AABBCDDBCEFFGEEF A=5,B=7,C=3,D=5,E=7,F=9,G=4", 0)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := tc.b.Layout().Variant() & (X | Windoku)
			got, err := ParseAs(tc.b.Pretty(), v)
			require.NoError(t, err, tc.b.Pretty())
			sameKiller(t, tc.b.Layout(), got.Layout())
			assert.Equal(t, tc.b.String(), got.String())
			got, err = ParseAs(tc.b.PencilMarks(), v)
			require.NoError(t, err, tc.b.PencilMarks())
			sameKiller(t, tc.b.Layout(), got.Layout())
			requireSameState(t, tc.b, got)
		})
	}
}

func TestParseKillerFrameErrors(t *testing.T) {
	pretty := variantBoard(t, "1..............4 AABBCDDBCEFFGEEF A=5,B=7,C=3,D=5,E=7,F=9,G=4", 0).Pretty()
	for _, tc := range []struct{ name, in, want string }{
		{"no sum", strings.Replace(pretty, "|3...5..|", "|3......|", 1), "line 1: killer grid: the cage at r2c2 has no sum"},
		{"two sums", strings.Replace(pretty, "|3...5..|....", "|3...5..|2...", 1), "the cage at r2c2 has two sums, 5 and 2"},
		{"sum inside a cage", strings.Replace(pretty, "|4...   |", "|4...2  |", 1), `line 7, column 6: killer grid: "2  " above r4c2 is no line`},
		{"bad border", strings.Replace(pretty, "| . : . ! . : . |", "| . : . ? . : . |", 1), "line 4: killer grid: got 5 cells in a row, want 4"},
		{"short row", strings.Replace(pretty, "| 1   . | .   . |", "| 1   . | . |", 1), "killer grid: got 3 cells in a row, want 4"},
		{"bad digit", strings.Replace(pretty, "| 1   . |", "| 7   . |", 1), "line 2, column 3: '7'"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestParseMarksKillerFrame: a player's marks written as a killer's candidate grid
// read as the same marks as the classic candidate grid of the same cells.
func TestParseMarksKillerFrame(t *testing.T) {
	b := variantBoard(t, killer9, 0)
	require.NoError(t, b.Place(2, 4))
	b.SetCandidates(11, DigitsOf(2, 4))
	classic, err := FromDigits(Classic, make([]Digit, 81))
	require.NoError(t, err)
	for c := range Cell(81) {
		if d := b.Value(c); d != 0 {
			if b.Given(c) {
				require.NoError(t, classic.Give(c, d))
			} else {
				require.NoError(t, classic.Place(c, d))
			}
		}
	}
	for c := range Cell(81) {
		if b.Value(c) == 0 {
			classic.SetCandidates(c, b.Candidates(c))
		}
	}
	want, err := ParseMarks(classic.PencilMarks())
	require.NoError(t, err)
	got, err := ParseMarks(b.PencilMarks())
	require.NoError(t, err, b.PencilMarks())
	assert.Equal(t, want, got)
}
