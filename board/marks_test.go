package board

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseMarks(t *testing.T) {
	const example = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."
	b, err := Parse(example)
	require.NoError(t, err)
	pm := b.PencilMarks()
	require.Contains(t, pm, " 19 ", "r1c2's marks in the test grid")
	line := b.CandidateLine()
	type cell struct {
		name   string
		marks  DigitSet
		marked bool
		value  Digit
	}
	tests := []struct {
		name, in string
		want     []cell
	}{
		{"one mark is a mark, not a given", strings.Replace(pm, " 19 ", " 9  ", 1), []cell{
			{"r1c2", DigitsOf(9), true, 0},
			{"r1c8", DigitsOf(2, 9), true, 0}, // a given 9 in r1c2 would have removed it
			{"r1c1", DigitsOf(3), true, 0},    // the given shows as one digit too
		}},
		{"a placed value and erased marks", strings.Replace(strings.Replace(pm, " 19 ", " +1 ", 1), "2467", "()  ", 1), []cell{
			{"r1c2", 0, false, 1},
			{"r4c1", 0, true, 0},
		}},
		{"a cell of empty marks in a candidate line is unmarked", strings.Repeat(".", 9) + line[9:], []cell{
			{"r1c1", 0, false, 0},
			{"r1c2", DigitsOf(1, 9), true, 0},
		}},
		{"a grid of values: values and every candidate", example, []cell{
			{"r1c1", 0, false, 3},
			{"r1c2", DigitsOf(1, 9), true, 0},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ParseMarks(tc.in)
			require.NoError(t, err)
			l := m.Layout()
			require.Equal(t, 9, l.N())
			for _, w := range tc.want {
				c, err := l.ParseCell(w.name)
				require.NoError(t, err)
				got, marked := m.Of(c)
				assert.Equal(t, w.marks, got, "%s marks", w.name)
				assert.Equal(t, w.marked, marked, "%s marked", w.name)
				assert.Equal(t, w.value, m.Value(c), "%s value", w.name)
			}
		})
	}
}

func TestParseMarksErrors(t *testing.T) {
	line := strings.Repeat("123456789", 81)
	for _, tc := range []struct{ name, in, want string }{
		{"a bad character in a candidate line", line[:10] + "x" + line[11:], "column 11"},
		{"a pencil-mark grid of 7 rows", "12 3 4 5 6 7 8 9 1\n" + strings.Repeat("1 2 3 4 5 6 7 8 9\n", 6), "line 1: a pencil-mark grid of 7 rows"},
		{"a short row", "12 3 4 5 6 7 8 9 1\n" + strings.Repeat("1 2 3 4 5 6 7 8 9\n", 7) + "1 2 3\n", "line 9: got 3 cells in a row, want 9"},
		{"nothing", "", "no puzzle"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseMarks(tc.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// FuzzParseMarks checks that any input gives marks or an error, never a panic, and
// that the marks have one entry per cell of their layout.
func FuzzParseMarks(f *testing.F) {
	b, _ := Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	f.Add(b.PencilMarks())
	f.Add(b.CandidateLine())
	f.Add(strings.Replace(b.PencilMarks(), " 19 ", " +1 ", 1))
	f.Add("(12) () 3 4\n1 2 3 4\n1 2 3 4\n1 2 3 4\n")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMarks(s)
		if err != nil {
			return
		}
		l := m.Layout()
		for c := range Cell(l.Cells()) {
			marks, _ := m.Of(c)
			if marks&^l.AllDigits() != 0 || int(m.Value(c)) > l.N() {
				t.Fatalf("%s: marks %v, value %d outside a %dx%d grid", l.CellName(c), marks, m.Value(c), l.N(), l.N())
			}
		}
	})
}
