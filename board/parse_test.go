package board

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wiki is the example puzzle of Wikipedia's Sudoku article.
const wiki = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

// top1 is the first puzzle of top1465.
const top1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"

// readTestdata returns the content of a file in testdata.
func readTestdata(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return string(data)
}

// peersAllow returns the candidates an empty cell has when nothing but the values of
// its peers rules digits out.
func peersAllow(b *Board, c Cell) DigitSet {
	s := b.Layout().AllDigits()
	for _, p := range b.Layout().Peers(c) {
		if d := b.Value(p); d != 0 {
			s = s.Without(d)
		}
	}
	return s
}

// requireDefaultCandidates checks that every empty cell has the candidates its peers allow.
func requireDefaultCandidates(t *testing.T, b *Board) {
	t.Helper()
	for c := range Cell(b.Layout().Cells()) {
		if b.Value(c) == 0 {
			require.Equal(t, peersAllow(b, c), b.Candidates(c), "candidates of %s", b.Layout().CellName(c))
		}
	}
}

// requireAllGiven checks that every value of b is a given.
func requireAllGiven(t *testing.T, b *Board) {
	t.Helper()
	for c := range Cell(b.Layout().Cells()) {
		require.Equal(t, b.Value(c) != 0, b.Given(c), "given %s", b.Layout().CellName(c))
	}
}

// cell names a cell of the classic grid in a test.
func cell(t *testing.T, name string) Cell {
	t.Helper()
	c, err := Classic.ParseCell(name)
	require.NoError(t, err)
	return c
}

// sizedLine writes the pattern grid of side n as a grid string with every third cell
// empty, and its values (0 for empty).
func sizedLine(t *testing.T, n int) (string, []Digit) {
	t.Helper()
	l, err := LayoutOf(n)
	require.NoError(t, err)
	grid := patternGrid(l)
	var sb strings.Builder
	for c := range grid {
		if c%3 == 0 {
			grid[c] = 0
		}
		sb.WriteRune(grid[c].Rune())
	}
	return sb.String(), grid
}

// candidateLine builds a 729-character line from the candidates of every cell.
func candidateLine(cands []DigitSet, empty byte) string {
	var sb strings.Builder
	for _, s := range cands {
		for d := Digit(1); d <= 9; d++ {
			if s.Has(d) {
				sb.WriteByte(byte('0' + d))
			} else {
				sb.WriteByte(empty)
			}
		}
	}
	return sb.String()
}

func TestParseFormats(t *testing.T) {
	// rowsOf splits an 81-character line into its rows.
	rowsOf := func(s string) []string {
		var out []string
		for r := range 9 {
			out = append(out, s[9*r:9*r+9])
		}
		return out
	}
	quoted := func(row string, empty string) string {
		cells := make([]string, 9)
		for i := range row {
			cells[i] = `"` + row[i:i+1] + `"`
			if row[i] == '.' {
				cells[i] = `"` + empty + `"`
			}
		}
		return "[" + strings.Join(cells, ",") + "]"
	}
	var leet, leetZero, leetBlank, rowStrings, numbers []string
	for _, row := range rowsOf(wiki) {
		leet = append(leet, quoted(row, "."))
		leetZero = append(leetZero, quoted(row, "0"))
		leetBlank = append(leetBlank, quoted(row, ""))
		rowStrings = append(rowStrings, `"`+row+`"`)
		numbers = append(numbers, "["+strings.Join(strings.Split(strings.ReplaceAll(row, ".", "0"), ""), ",")+"]")
	}
	arr := func(rows []string) string { return "[" + strings.Join(rows, ",") + "]" }

	// A 729-character line: r1c1 has only 5 (and stays empty), r1c2 has 1 and 9, r1c3
	// has none, every other cell has all nine.
	cands := make([]DigitSet, 81)
	for c := range cands {
		cands[c] = AllDigits(9)
	}
	cands[0], cands[1], cands[2] = DigitsOf(5), DigitsOf(1, 9), 0
	exactCandidates := func(t *testing.T, b *Board) {
		for c := range Cell(81) {
			require.Equal(t, cands[c], b.Candidates(c), "candidates of %s", Classic.CellName(c))
		}
	}

	tests := []struct {
		name  string
		input string
		want  string // the values, as String writes them
		check func(t *testing.T, b *Board)
	}{
		{name: "81 characters, dots", input: wiki, want: wiki},
		{name: "81 characters, zeros", input: strings.ReplaceAll(wiki, ".", "0"), want: wiki},
		{name: "81 characters, underscores", input: strings.ReplaceAll(wiki, ".", "_"), want: wiki},
		{name: "81 characters, dashes", input: strings.ReplaceAll(wiki, ".", "-"), want: wiki},
		{name: "81 characters, stars", input: strings.ReplaceAll(wiki, ".", "*"), want: wiki},
		{name: "81 characters, spaces", input: strings.ReplaceAll(wiki, ".", " "), want: wiki},
		{name: "comment after whitespace", input: wiki + "   SE 2.0 (easy)", want: wiki},
		{name: "comment after a tab", input: wiki + "\t2.0", want: wiki},
		{name: "comment after #", input: wiki + "#wikipedia", want: wiki},
		{name: "comment after a comma", input: wiki + ",1,2,3", want: wiki},
		{name: "comment after a semicolon", input: wiki + ";x", want: wiki},
		{name: "spaces for empty, then a comment", input: strings.ReplaceAll(wiki, ".", " ") + " # spaces", want: wiki},
		{name: "surrounding whitespace and CRLF", input: "  " + wiki + " \r\n", want: wiki},
		{name: "byte order mark", input: "\ufeff" + wiki, want: wiki},
		{name: "pretty grid", input: readTestdata(t, "grids.txt")[strings.Index(readTestdata(t, "grids.txt"), "5 3 . |"):][:22*11], want: wiki},
		{name: "compact rows", input: strings.Join(rowsOf(wiki), "\n"), want: wiki},
		{name: "compact rows with zeros and a final newline", input: strings.Join(rowsOf(strings.ReplaceAll(wiki, ".", "0")), "\n") + "\n", want: wiki},
		{name: "rows of digits with spaces", input: strings.Join(rowsOf(strings.ReplaceAll(wiki, ".", "0")), "\n"), want: wiki},
		{name: "sdk with metadata", input: readTestdata(t, "wikipedia.sdk"), want: wiki},
		{name: "array of strings, dots", input: arr(leet), want: wiki},
		{name: "array of strings, zeros", input: arr(leetZero), want: wiki},
		{name: "array of strings, empty strings", input: arr(leetBlank), want: wiki},
		{name: "array of strings over lines", input: readTestdata(t, "rows.json"), want: wiki},
		{name: "array of numbers", input: arr(numbers), want: wiki},
		{name: "array of row strings", input: arr(rowStrings), want: wiki},
		{name: "sudokuwiki bd string", input: "bd=" + strings.ReplaceAll(wiki, ".", "0"), want: wiki},
		{name: "sudokuwiki url", input: "https://www.sudokuwiki.org/sudoku.htm?bd=" + strings.ReplaceAll(wiki, ".", "0"), want: wiki},
		{name: "sudokuwiki url with more parameters", input: "https://www.sudokuwiki.org/sudoku.htm?bd=" + strings.ReplaceAll(wiki, ".", "0") + "&n=1", want: wiki},
		{name: "json board, grid only", input: `{"grid":"` + wiki + `"}`, want: wiki},
		{
			name:  "729 candidates, dots",
			input: candidateLine(cands, '.'),
			want:  strings.Repeat(".", 81),
			check: exactCandidates,
		},
		{
			name:  "729 candidates, zeros, with a comment",
			input: candidateLine(cands, '0') + " # r1c1 has one candidate",
			want:  strings.Repeat(".", 81),
			check: exactCandidates,
		},
		{
			name:  "hodoku pencil marks",
			input: readTestdata(t, "pencilmarks-hodoku.txt"),
			want:  top1,
			check: func(t *testing.T, b *Board) {
				// The file is top1's grid with three candidates struck out by hand.
				want, err := Parse(top1)
				require.NoError(t, err)
				for _, e := range []string{"r1c2", "r5c3", "r9c9"} {
					require.True(t, want.Eliminate(cell(t, e), map[string]Digit{"r1c2": 5, "r5c3": 9, "r9c9": 8}[e]))
				}
				assert.Equal(t, want.CandidateLine(), b.CandidateLine())
				requireAllGiven(t, b)
			},
		},
		{
			name: "pencil marks, 4x4 with single and no candidates",
			input: "*-----------------*\n" +
				"| 1   2   | 34  34 |\n" +
				"| 34  34  | 12  12 |\n" +
				"|---------+--------|\n" +
				"| 2   1   | (3) 34 |\n" +
				"| 34  34  | 12  () |\n" +
				"*-----------------*\n",
			want: "12......21......",
			check: func(t *testing.T, b *Board) {
				l := b.Layout()
				want := map[string]DigitSet{
					"r1c3": DigitsOf(3, 4), "r1c4": DigitsOf(3, 4),
					"r2c1": DigitsOf(3, 4), "r2c2": DigitsOf(3, 4), "r2c3": DigitsOf(1, 2), "r2c4": DigitsOf(1, 2),
					"r3c3": DigitsOf(3), "r3c4": DigitsOf(3, 4),
					"r4c1": DigitsOf(3, 4), "r4c2": DigitsOf(3, 4), "r4c3": DigitsOf(1, 2), "r4c4": 0,
				}
				for name, s := range want {
					c, err := l.ParseCell(name)
					require.NoError(t, err)
					assert.Equal(t, s, b.Candidates(c), "candidates of %s", name)
					assert.Equal(t, Digit(0), b.Value(c), "%s stays empty", name)
				}
			},
		},
		{
			name:  "pencil marks with a placed value, unmarked cells and a stale mark",
			input: "+1 2 | 34 .\n34 34 | . 12\n----+----\n2 +4 | 13 3\n. . | . .\n",
			want:  "12......24.3....",
			check: func(t *testing.T, b *Board) {
				l := b.Layout()
				assert.False(t, b.Given(l.CellAt(0, 0)), "+1 is placed, not given")
				assert.True(t, b.Given(l.CellAt(0, 1)))
				assert.False(t, b.Given(l.CellAt(2, 1)), "+4 is placed, not given")
				assert.True(t, b.Given(l.CellAt(2, 3)), "3 is a given")
				assert.Equal(t, DigitsOf(3, 4), b.Candidates(l.CellAt(0, 2)))
				// "." keeps what the peers allow: 1, 2 are in row 1 and 3 in column 4.
				assert.Equal(t, DigitsOf(4), b.Candidates(l.CellAt(0, 3)))
				// "13" in r3c3: r3c4 holds 3, so the mark 3 cannot stand and is dropped.
				assert.Equal(t, DigitsOf(1), b.Candidates(l.CellAt(2, 2)))
			},
		},
		{
			name:  "library line",
			input: ":0003:8:" + strings.Replace(wiki, "53", "5+3", 1) + ":124:::",
			want:  wiki,
			check: func(t *testing.T, b *Board) {
				assert.True(t, b.Given(cell(t, "r1c1")))
				assert.False(t, b.Given(cell(t, "r1c2")))
				assert.False(t, b.Has(cell(t, "r2c4"), 1) || b.Value(cell(t, "r2c4")) != 1, "deleted candidate 124 is r2c4<>1")
			},
		},
	}
	// Larger and smaller grids as N*N characters, digits 1-9 then A-Z (and a-z).
	for _, n := range Sizes() {
		line, grid := sizedLine(t, n)
		want := line
		check := func(t *testing.T, b *Board) {
			assert.Equal(t, n, b.Layout().N())
			assert.Equal(t, grid, b.Digits())
		}
		tests = append(tests, struct {
			name  string
			input string
			want  string
			check func(t *testing.T, b *Board)
		}{fmt.Sprintf("%dx%d line", n, n), line, want, check})
		if n > 9 {
			tests = append(tests, struct {
				name  string
				input string
				want  string
				check func(t *testing.T, b *Board)
			}{fmt.Sprintf("%dx%d line in lower case", n, n), strings.ToLower(line), want, check})
		}
	}

	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.input)
			require.NoError(t, err)
			require.NotNil(t, b)
			assert.Equal(t, tc.want, b.String())
			checkInvariants(t, b)
			if tc.check != nil {
				tc.check(t, b)
				return
			}
			requireAllGiven(t, b)
			requireDefaultCandidates(t, b)
		})
	}
}

func TestParseLeavesClashingGivens(t *testing.T) {
	clash := "55" + wiki[2:]
	b, err := Parse(clash)
	require.NoError(t, err)
	assert.Equal(t, clash, b.String())
	assert.Contains(t, describeAll(b), "5 twice in row 1: r1c1, r1c2")
}

func TestParseErrors(t *testing.T) {
	dots := strings.Repeat(".", 81)
	grid := strings.Join([]string{
		"5 3 . | . 7 . | . . .",
		"6 . . | 1 9 5 | . . .",
		". 9 8 | . . . | . 6 .",
	}, "\n")
	tests := []struct {
		name  string
		input string
		want  string // a part of the message: what and where
	}{
		{"empty input", "", "board: no puzzle in the input"},
		{"only comments", "# a\n# b\n", "no puzzle in the input"},
		{"80 cells", dots[:80], "board: got 80 cells, want 81"},
		{"82 cells", dots + ".", "got 82 cells, want 81"},
		{"bad character", dots[:13] + "?" + dots[14:], "board: column 14: '?' is not a digit"},
		{"bad character on line 3", "# x\n\n" + dots[:13] + "?" + dots[14:] + "\n", "board: line 3, column 14: '?' is not a digit"},
		{"letter in a 9x9 line", "A" + dots[1:], "column 1: 'A' is not a digit of a 9x9 grid"},
		{"digit too large for 4x4", "1234..5.........", "column 7: '5' is not a digit of a 4x4 grid"},
		{"letter beyond a 16x16 grid", "H" + strings.Repeat(".", 255), "'H' is not a digit of a 16x16 grid"},
		{"unknown format", "hello world", "unknown format \"hello\": want an 81-character line"},
		{"url without bd", "https://example.com/sudoku", "unknown format"},
		{"short bd string", "bd=" + strings.Repeat("0", 80), "column 4: bd= string: got 80 cells, want 81"},
		{"grid of 3 rows", grid, "board: line 1: got 3 rows, want 9"},
		{"grid row too short", strings.Replace(readTestdata(t, "wikipedia.sdk"), "4..8.3..1", "4..8.3..", 1), "line 8: got 8 cells in a row, want 9"},
		{"bad character in a grid", strings.Replace(readTestdata(t, "wikipedia.sdk"), "4..8.3..1", "4..8.?..1", 1), "line 8, column 6: '?' is not a digit"},
		{"pencil mark with a letter", strings.Replace(readTestdata(t, "pencilmarks-hodoku.txt"), "1269", "12x9", 1), "line 2, column 11: 'x' is not a digit"},
		{"pencil mark twice", strings.Replace(readTestdata(t, "pencilmarks-hodoku.txt"), "1269", "1229", 1), "line 2, column 11: 2 twice in one cell"},
		{"pencil mark unclosed", strings.Replace(readTestdata(t, "pencilmarks-hodoku.txt"), "1269 ", "(126 ", 1), `line 2, column 9: "(126" has no closing ')'`},
		{"rows: 7 rows", `[` + strings.Repeat(`".........",`, 6) + `"........."]`, "rows: got 7 rows, want 9"},
		{"rows: short row", `[` + strings.Repeat(`".........",`, 2) + `"........",` + strings.Repeat(`".........",`, 5) + `"........."]`, "rows: row 3 has 8 cells, want 9"},
		{"rows: bad cell", `[["5","x"]` + strings.Repeat(`,[]`, 8) + `]`, "rows: row 1 has 2 cells, want 9"},
		{"rows: bad cell value", `[` + `[1,2,3,4,5,6,7,8,"?"]` + strings.Repeat(`,"........."`, 8) + `]`, `rows: row 1, column 9: "?" is not a digit`},
		{"rows: syntax error on line 2", "[\".........\",\n  \"........\" x", "line 2, column 14: json: invalid character 'x'"},
		{"json: unknown key", `{"grid":"` + dots + `","colour":"red"}`, `json: unknown field "colour"`},
		{"json: short grid", `{"grid":"` + dots[:80] + `"}`, "json: grid: got 80 cells, want 81"},
		{"json: candidates of a value", `{"grid":"5` + dots[1:] + `","candidates":{"r1c1":[1]}}`, "json: candidates: r1c1 holds 5"},
		{"json: puzzle and grid disagree", `{"puzzle":"4` + dots[1:] + `","grid":"5` + dots[1:] + `"}`, "json: puzzle has 4 in r1c1 but grid has 5"},
		{"library: short givens", ":0003:8:53..7:::829:", "column 9: givens: got 5 cells, want 81"},
		{"library: bad elimination", ":0100:4:" + wiki + "::5x6::", `column 92: eliminations: "5x6" is not a candidate`},
		{"library: commented out", "#:0100:4:" + wiki + "::::", ""},
		{"two puzzles", wiki + "\n" + wiki + "\n", "board: line 2: a second puzzle"},
		{"729 with a bad character", strings.Repeat("1", 99) + "?" + strings.Repeat("1", 629), "column 100: '?' is not a digit"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.input)
			require.Error(t, err)
			assert.Nil(t, b)
			assert.Contains(t, err.Error(), tc.want)
			if tc.want != "" {
				var pe *ParseError
				assert.True(t, errors.As(err, &pe), "a *ParseError")
			}
		})
	}
}

func TestReaderFiles(t *testing.T) {
	tests := []struct {
		file  string
		want  []string // String of each puzzle
		lines []int    // Line of each puzzle
	}{
		{
			file:  "puzzles.txt",
			want:  []string{wiki, wiki, wiki, wiki, wiki, wiki, top1, "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........", "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5..........."},
			lines: []int{3, 4, 5, 6, 7, 8, 11, 12, 13},
		},
		{file: "grids.txt", want: []string{wiki, wiki, wiki, wiki}, lines: []int{3, 16, 29, 40}},
		{file: "wikipedia.sdk", want: []string{wiki}, lines: []int{4}},
		{file: "rows.json", want: []string{wiki}, lines: []int{1}},
		{file: "pencilmarks-hodoku.txt", want: []string{top1}, lines: []int{1}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", tc.file))
			require.NoError(t, err)
			defer f.Close()
			r := NewReader(f)
			var got []string
			var lines []int
			for {
				b, err := r.Next()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, "line %d", r.Line())
				got = append(got, b.String())
				lines = append(lines, r.Line())
			}
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.lines, lines)
		})
	}
}

func TestReaderStream(t *testing.T) {
	// A stream mixing forms, with bad puzzles in between: every puzzle and every error
	// comes out in order, with its line, and reading goes on after an error.
	pretty := readTestdata(t, "grids.txt")
	pretty = pretty[strings.Index(pretty, "5 3 . |"):][:22*11]
	input := "# header\n" +
		wiki + "\n" + // 2
		wiki[:80] + "\n" + // 3: too short
		top1 + " # rated\n" + // 4
		"\n" +
		pretty + // 6..16
		"\n" +
		"[[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],\n" + // 18
		strings.Repeat(" [\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"],\n", 7) +
		" [\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\",\".\"]]\n" +
		"\n" +
		"5 3 . | . 7 .\n" + // 28: a broken grid
		"6 . . | 1 9 5\n" +
		"\n" +
		":0003:8:" + wiki + ":::829:\n" + // 31
		`{"grid":"` + top1 + `"}` + "\n" // 32
	type result struct {
		line int
		got  string // String, or the error
	}
	var got []result
	r := NewReader(strings.NewReader(input))
	for {
		b, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			got = append(got, result{r.Line(), err.Error()})
			continue
		}
		got = append(got, result{r.Line(), b.String()})
	}
	assert.Equal(t, []result{
		{2, wiki},
		{3, "board: line 3: got 80 cells, want 81"},
		{4, top1},
		{6, wiki},
		{18, "53..7...." + strings.Repeat(".", 72)},
		{28, "board: line 28: got 2 rows, want 9"},
		{31, wiki},
		{32, top1},
	}, got)
}

func TestReaderSmallLinesAreNotAGrid(t *testing.T) {
	// Sixteen 4x4 puzzles, one per line, are also sixteen rows of sixteen characters:
	// they stay sixteen puzzles.
	line, _ := sizedLine(t, 4)
	input := strings.Repeat(line+"\n", 16)
	r := NewReader(strings.NewReader(input))
	count := 0
	for {
		b, err := r.Next()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		assert.Equal(t, 4, b.Layout().N())
		count++
	}
	assert.Equal(t, 16, count)

	// A 16x16 grid of compact rows is one puzzle.
	big, _ := sizedLine(t, 16)
	var rows []string
	for r := range 16 {
		rows = append(rows, big[16*r:16*r+16])
	}
	b, err := Parse(strings.Join(rows, "\n"))
	require.NoError(t, err)
	assert.Equal(t, big, b.String())
}

// countPuzzleLines counts the lines of a puzzle file that are neither blank nor comments.
func countPuzzleLines(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" && !strings.HasPrefix(s, "#") {
			n++
		}
	}
	require.NoError(t, sc.Err())
	return n
}

func TestReaderSharedPuzzles(t *testing.T) {
	files, _ := filepath.Glob("../../shared/puzzles/*.txt")
	if len(files) == 0 {
		t.Skip("../../shared/puzzles is absent")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			want := countPuzzleLines(t, path)
			if testing.Short() && want > 5000 {
				t.Skipf("%d puzzles: not in -short", want)
			}
			f, err := os.Open(path)
			require.NoError(t, err)
			defer f.Close()
			r := NewReader(f)
			got := 0
			for {
				b, err := r.Next()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, "line %d", r.Line())
				require.Equal(t, 9, b.Layout().N(), "line %d", r.Line())
				require.Less(t, b.EmptyCells(), 81-16, "line %d: a puzzle has 17 givens or more", r.Line())
				got++
			}
			assert.Equal(t, want, got)
		})
	}
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		if _, err := Parse(top1); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReader(b *testing.B) {
	input := strings.Repeat(top1+"\n"+wiki+"\n", 500)
	for b.Loop() {
		r := NewReader(strings.NewReader(input))
		for {
			if _, err := r.Next(); err != nil {
				break
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*1000), "ns/puzzle")
}
