package board

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// solvedBoard returns the pattern grid of side n with every value given.
func solvedBoard(t *testing.T, n int) *Board {
	t.Helper()
	l, err := LayoutOf(n)
	require.NoError(t, err)
	b, err := FromDigits(l, patternGrid(l))
	require.NoError(t, err)
	return b
}

// randomBoard returns a board of side n after random placements and eliminations, so
// that it has values, cells with many, one and no candidates.
func randomBoard(t *testing.T, n int, seed uint64) *Board {
	t.Helper()
	l, err := LayoutOf(n)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(seed, uint64(n)))
	b := New(l)
	for range 2 * l.Cells() {
		c := Cell(rng.IntN(l.Cells()))
		d := Digit(rng.IntN(n) + 1)
		if b.Value(c) == 0 && rng.IntN(8) == 0 {
			require.NoError(t, b.Place(c, d))
		} else {
			b.Eliminate(c, d)
		}
	}
	return b
}

// requireSameState checks that two boards hold the same values and candidates.
func requireSameState(t *testing.T, want, got *Board) {
	t.Helper()
	require.Equal(t, want.Layout().N(), got.Layout().N())
	require.Equal(t, want.String(), got.String(), "values")
	for c := range Cell(want.Layout().Cells()) {
		require.Equal(t, want.Candidates(c), got.Candidates(c), "candidates of %s", want.Layout().CellName(c))
	}
}

func TestString(t *testing.T) {
	b, err := Parse(strings.ReplaceAll(wiki, ".", "0"))
	require.NoError(t, err)
	assert.Equal(t, wiki, b.String())

	big := solvedBoard(t, 16)
	s := big.String()
	assert.Len(t, s, 256)
	assert.Equal(t, "123456789ABCDEFG", s[:16], "digits 1-9 then A-G")
}

func TestPretty(t *testing.T) {
	tests := []struct {
		name  string
		board func(t *testing.T) *Board
		want  string
	}{
		{
			name:  "9x9 puzzle",
			board: func(t *testing.T) *Board { b, err := Parse(wiki); require.NoError(t, err); return b },
			want: "5 3 . | . 7 . | . . .\n" +
				"6 . . | 1 9 5 | . . .\n" +
				". 9 8 | . . . | . 6 .\n" +
				"------+-------+------\n" +
				"8 . . | . 6 . | . . 3\n" +
				"4 . . | 8 . 3 | . . 1\n" +
				"7 . . | . 2 . | . . 6\n" +
				"------+-------+------\n" +
				". 6 . | . . . | 2 8 .\n" +
				". . . | 4 1 9 | . . 5\n" +
				". . . | . 8 . | . 7 9\n",
		},
		{
			name:  "4x4 solved",
			board: func(t *testing.T) *Board { return solvedBoard(t, 4) },
			want: "1 2 | 3 4\n" +
				"3 4 | 1 2\n" +
				"----+----\n" +
				"2 3 | 4 1\n" +
				"4 1 | 2 3\n",
		},
		{
			name:  "6x6 solved, 2x3 boxes",
			board: func(t *testing.T) *Board { return solvedBoard(t, 6) },
			want: "1 2 3 | 4 5 6\n" +
				"4 5 6 | 1 2 3\n" +
				"------+------\n" +
				"2 3 4 | 5 6 1\n" +
				"5 6 1 | 2 3 4\n" +
				"------+------\n" +
				"3 4 5 | 6 1 2\n" +
				"6 1 2 | 3 4 5\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.board(t).Pretty())
		})
	}
}

// requireAligned checks the shape of a Pretty or PencilMarks grid: N rows, a dashed line
// between bands, '|' at the same places in every row and '+' under them.
func requireAligned(t *testing.T, l *Layout, text string) {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	require.Len(t, lines, l.N()+l.N()/l.BoxRows()-1)
	bars := func(s string, sep byte) []int {
		var at []int
		for i := range len(s) {
			if s[i] == sep {
				at = append(at, i)
			}
		}
		return at
	}
	var want []int
	for i, line := range lines {
		assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing spaces")
		if i%(l.BoxRows()+1) == l.BoxRows() {
			assert.Equal(t, "", strings.Trim(line, "-+"), "line %d is a band border", i+1)
			assert.Equal(t, want, bars(line, '+'), "line %d: '+' under the bars", i+1)
			continue
		}
		got := bars(line, '|')
		require.Len(t, got, l.N()/l.BoxCols()-1, "line %d", i+1)
		if want == nil {
			want = got
		}
		assert.Equal(t, want, got, "line %d: bars aligned", i+1)
	}
}

func TestPrettyAndPencilMarksReadBack(t *testing.T) {
	for _, n := range Sizes() {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			b := randomBoard(t, n, 1)
			requireAligned(t, b.Layout(), b.Pretty())
			requireAligned(t, b.Layout(), b.PencilMarks())

			pretty, err := Parse(b.Pretty())
			require.NoError(t, err)
			assert.Equal(t, b.String(), pretty.String())
			requireDefaultCandidates(t, pretty)

			pm, err := Parse(b.PencilMarks())
			require.NoError(t, err)
			requireSameState(t, b, pm)
			requireAllGiven(t, pm)

			line, err := Parse(b.String())
			require.NoError(t, err)
			assert.Equal(t, b.String(), line.String())
		})
	}
}

func TestPencilMarks(t *testing.T) {
	l, err := LayoutOf(4)
	require.NoError(t, err)
	b := New(l)
	require.NoError(t, b.Give(l.CellAt(0, 0), 1))
	require.NoError(t, b.Place(l.CellAt(2, 1), 4))
	b.SetCandidates(l.CellAt(1, 2), DigitsOf(2, 3))
	b.SetCandidates(l.CellAt(3, 3), DigitsOf(4))
	b.SetCandidates(l.CellAt(2, 3), 0)
	// r1c2 and r4c1 lose 1 (r1c1) and 4 (r3c2). Columns are 3, 3, 4 and 4 wide; the
	// last one is not padded. The band border is 3+1+3 (+1 before the bar) and 4+1+4
	// (+1 after it) wide.
	want := "1   23  | 234  234\n" +
		"234 23  | 23   1234\n" +
		"--------+----------\n" +
		"23  4   | 123  ()\n" +
		"23  123 | 1234 (4)\n"
	assert.Equal(t, want, b.PencilMarks())
}

func TestCandidateLine(t *testing.T) {
	b, err := Parse(wiki)
	require.NoError(t, err)
	b.Eliminate(cell(t, "r1c3"), 2)
	line := b.CandidateLine()
	require.Len(t, line, 729)
	assert.Equal(t, "....5....", line[:9], "a value is its only candidate")
	assert.Equal(t, "1..4.....", line[18:27], "r1c3 had 1, 2, 4; 2 is gone")

	back, err := Parse(line)
	require.NoError(t, err)
	assert.Equal(t, strings.Repeat(".", 81), back.String(), "a candidate line places nothing")
	for c := range Cell(81) {
		want := b.Candidates(c)
		if d := b.Value(c); d != 0 {
			want = DigitsOf(d)
		}
		assert.Equal(t, want, back.Candidates(c), "candidates of %s", Classic.CellName(c))
	}

	for _, n := range Sizes() {
		if n == 4 {
			continue // 4*4*4 characters read as an 8x8 puzzle
		}
		rb := randomBoard(t, n, 2)
		s := rb.CandidateLine()
		require.Len(t, s, n*n*n)
		back, err := Parse(s)
		require.NoError(t, err, "%dx%d", n, n)
		assert.Equal(t, n, back.Layout().N())
	}
}

func TestJSON(t *testing.T) {
	l, err := LayoutOf(4)
	require.NoError(t, err)
	b := New(l)
	require.NoError(t, b.Give(l.CellAt(0, 0), 1))
	require.NoError(t, b.Place(l.CellAt(0, 1), 2))
	for c := 2; c < 16; c++ {
		b.SetCandidates(Cell(c), DigitsOf(3, 4))
	}
	b.SetCandidates(l.CellAt(3, 3), 0)
	data, err := json.Marshal(b)
	require.NoError(t, err)
	want := `{"size":4,"puzzle":"1...............","grid":"12..............","candidates":{` +
		`"r1c3":[3,4],"r1c4":[3,4],"r2c1":[3,4],"r2c2":[3,4],"r2c3":[3,4],"r2c4":[3,4],` +
		`"r3c1":[3,4],"r3c2":[3,4],"r3c3":[3,4],"r3c4":[3,4],` +
		`"r4c1":[3,4],"r4c2":[3,4],"r4c3":[3,4],"r4c4":[]}}`
	assert.JSONEq(t, want, string(data))
	assert.Equal(t, want, string(data), "keys in cell order")

	var back Board
	require.NoError(t, json.Unmarshal(data, &back))
	requireSameState(t, b, &back)
	assert.True(t, back.Given(0))
	assert.False(t, back.Given(1), "a placed value stays placed")

	parsed, err := Parse(string(data))
	require.NoError(t, err)
	requireSameState(t, b, parsed)

	indented, err := json.MarshalIndent(b, "", "  ")
	require.NoError(t, err)
	parsed, err = Parse(string(indented))
	require.NoError(t, err, "indented JSON over many lines")
	requireSameState(t, b, parsed)
}

func TestJSONReadBackEverySize(t *testing.T) {
	for _, n := range Sizes() {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			b := randomBoard(t, n, 3)
			data, err := json.Marshal(b)
			require.NoError(t, err)
			var back Board
			require.NoError(t, json.Unmarshal(data, &back))
			requireSameState(t, b, &back)
			assert.Equal(t, b.Givens(), back.Givens())
		})
	}
}

func TestJSONMinimal(t *testing.T) {
	// Only grid: every value a given, every candidate its peers allow.
	var b Board
	require.NoError(t, json.Unmarshal([]byte(`{"grid":"`+wiki+`"}`), &b))
	assert.Equal(t, wiki, b.String())
	requireAllGiven(t, &b)
	requireDefaultCandidates(t, &b)

	// Candidates for some cells only; the others keep what the peers allow.
	require.NoError(t, json.Unmarshal([]byte(`{"size":9,"grid":"`+wiki+`","candidates":{"r1c3":[1,4]}}`), &b))
	assert.Equal(t, DigitsOf(1, 4), b.Candidates(cell(t, "r1c3")))
	assert.Equal(t, DigitsOf(2, 6), b.Candidates(cell(t, "r1c4")))
}
