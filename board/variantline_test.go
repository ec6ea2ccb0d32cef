package board

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wikiSolution is the solution of the Wikipedia example puzzle: the killers below are
// built on it, so their sums are right by construction.
const wikiSolution = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

// tripleKiller returns a killer line on wikiSolution whose cages are the row triples
// of each box (27 cages), with the givens given.
func tripleKiller(givens string) string {
	labels := make([]byte, 81)
	var sums []string
	for k := range 27 {
		label := cageLabel(k)
		sum := 0
		for i := range 3 {
			c := k/3*9 + k%3*3 + i
			labels[c] = label
			sum += int(wikiSolution[c] - '0')
		}
		sums = append(sums, fmt.Sprintf("%c=%d", label, sum))
	}
	return givens + " " + string(labels) + " " + strings.Join(sums, ",")
}

func cageLabel(k int) byte {
	if k < 26 {
		return byte('A' + k)
	}
	return byte('a' + k - 26)
}

// boxRegions is a jigsaw whose regions are the boxes, labelled in another order: a
// jigsaw by its input, so Parse must not read it as a classic puzzle.
const boxRegions = "999888777999888777999888777666555444666555444666555444333222111333222111333222111"

const wikiPuzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

func TestParseDetectsVariants(t *testing.T) {
	killer := tripleKiller(strings.Repeat(".", 81))
	for _, tc := range []struct {
		name, in string
		want     Variant
	}{
		{"jigsaw line", wikiPuzzle + " " + boxRegions, Jigsaw},
		{"jigsaw line with its solution", wikiPuzzle + " " + boxRegions + " " + wikiSolution, Jigsaw},
		{"killer line", killer, Killer},
		{"killer line with its solution", killer + " " + wikiSolution, Killer},
		{"classic line with its solution", wikiPuzzle + " " + wikiSolution, 0},
		{"classic line with a comment", wikiPuzzle + " easy one", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.in)
			require.NoError(t, err)
			assert.Equal(t, tc.want, b.Layout().Variant())
			assert.Equal(t, strings.Fields(tc.in)[0], b.String())
			// A file of such lines reads the same, line by line.
			r := NewReader(strings.NewReader("# a file\n" + tc.in + "\n" + tc.in + "\n"))
			for range 2 {
				b, err := r.Next()
				require.NoError(t, err)
				assert.Equal(t, tc.want, b.Layout().Variant(), "line %d", r.Line())
			}
			_, err = r.Next()
			assert.Equal(t, io.EOF, err)
		})
	}
	b, err := Parse(killer)
	require.NoError(t, err)
	l := b.Layout()
	require.Len(t, l.Cages(), 27)
	assert.Equal(t, Cage{Cells: []Cell{0, 1, 2}, Sum: 5 + 3 + 4}, Cage{Cells: l.Cages()[0].Cells, Sum: l.Cages()[0].Sum})
	assert.True(t, l.Sees(0, 2), "cage-mates see each other")
}

// cutField returns line with its field i cut or padded (with its first character)
// to n characters: a variant line damaged by a copy.
func cutField(line string, i, n int) string {
	f := strings.Fields(line)
	for len(f[i]) < n {
		f[i] += f[i][:1]
	}
	f[i] = f[i][:n]
	return strings.Join(f, " ")
}

// swapLabels swaps the cage labels of cells a and b on a killer line.
func swapLabels(line string, a, b int) string {
	f := strings.Fields(line)
	l := []byte(f[1])
	l[a], l[b] = l[b], l[a]
	f[1] = string(l)
	return strings.Join(f, " ")
}

func TestClassicLineWithWordsAfter(t *testing.T) {
	// A comment, or a solution, after the givens is no variant: the line is classic.
	for _, in := range []string{wikiPuzzle + " hard", wikiPuzzle + " " + wikiSolution, wikiPuzzle + " rated 3.4 by hand", wikiPuzzle + " " + strings.Repeat("x", 39)} {
		b, err := Parse(in)
		require.NoError(t, err, in)
		assert.Equal(t, wikiPuzzle, b.String())
		assert.Zero(t, b.Layout().Variant())
	}
}

func TestParseVariantErrors(t *testing.T) {
	g := strings.Repeat(".", 81)
	letters := strings.Repeat("ABCDEFGHI", 9)
	badRegions := "1" + boxRegions[1:80] + "1"
	for _, tc := range []struct {
		name, in string
		v        Variant
		want     string
	}{
		{"cage labels without sums", g + " " + letters, 0, "neither regions"},
		{"the same asks for --variant", g + " " + letters, 0, "--variant"},
		{"regions of the wrong size", wikiPuzzle + " " + badRegions, 0, "region 1 has 10 cells, want 9; region 9 has 8 cells, want 9"},
		{"jigsaw without regions", wikiPuzzle, Jigsaw, "a jigsaw line needs its regions after the givens"},
		{"killer without cages", wikiPuzzle, Killer, "a killer line needs its cages after the givens: 81 cage labels, then the sums"},
		{"killer without cages in a grid", "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n", Killer, "line 1: a killer puzzle needs its cages"},
		{"jigsaw on a killer line", tripleKiller(g), Jigsaw, "a jigsaw killer needs them"},
		{"short regions", wikiPuzzle + " 1234", Jigsaw, "got 4 region labels, want 81"},
		{"givens not digits", strings.Repeat("x", 81) + " " + boxRegions, Jigsaw, `column 1: 'x' is not a digit`},
		{"cage sum unknown", g + " " + strings.Repeat("A", 81) + " B=10", 0, "r1c1 is in cage A, which has no sum"},
		{"killer with a cage label missing", cutField(tripleKiller(g), 1, 80), 0, "got 80 cage labels, want 81"},
		{"killer with a cage label too many", cutField(tripleKiller(g), 1, 82), 0, "got 82 cage labels, want 81"},
		{"jigsaw with a region label missing", wikiPuzzle + " " + boxRegions[:80], 0, "after the givens come 80 labels, where a jigsaw's regions, a killer's cages or a solution have 81"},
		{"jigsaw with a region label too many", wikiPuzzle + " " + boxRegions + "1", 0, "after the givens come 82 labels"},
		{"a solution cut short", wikiPuzzle + " " + wikiSolution[:80], 0, "after the givens come 80 labels"},
		{"cage in two pieces", swapLabels(tripleKiller(g), 2, 11), 0, "the cage of 12 at r1c1 is not in one piece: no chain of its cells side by side reaches r2c3"},
		{"json cage in two pieces", `{"grid":"` + g + `","cages":[{"sum":3,"cells":["r1c1","r1c3"]}]}`, 0, "the cage of 3 at r1c1 is not in one piece: no chain of its cells side by side reaches r1c3"},
		{"json jigsaw without regions", `{"grid":"` + wikiPuzzle + `","variant":"jigsaw"}`, 0, `variant "jigsaw" needs "regions"`},
		{"json killer without cages", `{"grid":"` + g + `","variant":"killer"}`, 0, `needs "cages"`},
		{"json unknown variant", `{"grid":"` + g + `","variant":"samurai"}`, 0, `json: variant: no variant "samurai"`},
		{"json bad cage cell", `{"grid":"` + g + `","cages":[{"sum":3,"cells":["r1c1","r0c2"]}]}`, 0, "json: cages: cage 1"},
		{"json overlapping cages", `{"grid":"` + g + `","cages":[{"sum":3,"cells":["r1c1","r1c2"]},{"sum":4,"cells":["r1c2","r1c3"]}]}`, 0, "json: r1c2 is in two cages (the cage of 3 and the cage of 4)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseAs(tc.in, tc.v)
			require.Error(t, err)
			assert.Nil(t, b)
			assert.ErrorContains(t, err, tc.want)
			assert.True(t, strings.HasPrefix(err.Error(), "board: "), err.Error())
		})
	}
}

func TestReaderVariantLineNumbers(t *testing.T) {
	in := "# jigsaws\n" + wikiPuzzle + " " + boxRegions + "\n" + wikiPuzzle + "\n" + wikiPuzzle + " " + boxRegions + "\n"
	r := NewReaderAs(strings.NewReader(in), Jigsaw)
	b, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, Jigsaw, b.Layout().Variant())
	_, err = r.Next()
	assert.EqualError(t, err, "board: line 3: a jigsaw line needs its regions after the givens")
	b, err = r.Next()
	require.NoError(t, err)
	assert.Equal(t, 4, r.Line())
	assert.Equal(t, Jigsaw, b.Layout().Variant())
}

func TestParseAsAddsRules(t *testing.T) {
	grid := "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n"
	for _, tc := range []struct {
		name, in string
		v, want  Variant
	}{
		{"x on a line", wikiPuzzle, X, X},
		{"windoku on a grid", grid, Windoku, Windoku},
		{"x on json", `{"grid":"` + wikiPuzzle + `"}`, X, X},
		{"killer+x on a killer line", tripleKiller(strings.Repeat(".", 81)), Killer | X, Killer | X},
		{"x on a killer line", tripleKiller(strings.Repeat(".", 81)), X, Killer | X},
		{"x on a jigsaw line", wikiPuzzle + " " + boxRegions, X, Jigsaw | X},
		{"jigsaw reads a solution-like field as regions", wikiPuzzle + " " + wikiSolution, Jigsaw, Jigsaw},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseAs(tc.in, tc.v)
			require.NoError(t, err)
			assert.Equal(t, tc.want, b.Layout().Variant())
			if tc.want&Killer == 0 {
				assert.Equal(t, wikiPuzzle, b.String())
			}
		})
	}
	// The diagonal rules out what the givens on it hold.
	b, err := ParseAs(wikiPuzzle, X)
	require.NoError(t, err)
	assert.False(t, b.Has(b.Layout().CellAt(8, 8), 5), "r1c1 is 5, so r9c9 cannot be")
}

// TestReadSharedVariantSets reads every shared variant file as a stream, the way the
// command line does: jigsaw and killer lines are found without being told, Sudoku-X and
// windoku (which a line cannot say) with the variant given, and never a classic puzzle
// in place of a variant.
func TestReadSharedVariantSets(t *testing.T) {
	for file, tc := range map[string]struct{ given, want Variant }{
		"x-dev.txt":           {X, X},
		"windoku-dev.txt":     {Windoku, Windoku},
		"jigsaw-dev.txt":      {0, Jigsaw},
		"killer-dev.txt":      {0, Killer},
		"killer-hard-dev.txt": {0, Killer},
	} {
		t.Run(file, func(t *testing.T) {
			f, err := os.Open(filepath.Join(sharedVariants, file))
			if err != nil {
				t.Skip("shared variant sets absent:", err)
			}
			defer f.Close()
			lines := 0
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				lines++
			}
			_, err = f.Seek(0, io.SeekStart)
			require.NoError(t, err)
			r := NewReaderAs(f, tc.given)
			got := 0
			for {
				b, err := r.Next()
				if err == io.EOF {
					break
				}
				require.NoError(t, err, "line %d", r.Line())
				got++
				require.Equal(t, tc.want, b.Layout().Variant(), "line %d", r.Line())
				require.Empty(t, describeAll(b), "line %d", r.Line())
				if tc.want&Killer == 0 {
					require.Positive(t, b.Givens().Count(), "line %d", r.Line())
				}
			}
			assert.Equal(t, lines, got)
		})
	}
}

// wikiKiller writes the cages of l as SudokuWiki's killer string: a colour per cell
// (neighbouring cages in different colours), a comma, and each cage's sum as two digits
// at its first cell.
func wikiKiller(l *Layout) string {
	n := l.N()
	colour := make([]byte, l.Cells())
	for _, cg := range l.Cages() {
		used := map[byte]bool{}
		for _, c := range cg.Cells {
			r, col := l.RowOf(c), l.ColOf(c)
			for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				if rr, cc := r+d[0], col+d[1]; rr >= 0 && rr < n && cc >= 0 && cc < n {
					used[colour[l.CellAt(rr, cc)]] = true
				}
			}
		}
		k := byte('1')
		for used[k] {
			k++
		}
		for _, c := range cg.Cells {
			colour[c] = k
		}
	}
	sums := make([]byte, 0, 2*l.Cells())
	for c := range Cell(l.Cells()) {
		k, _ := l.CageOf(c)
		if cg := l.Cages()[k]; cg.Cells[0] == c {
			sums = fmt.Appendf(sums, "%02d", cg.Sum)
		} else {
			sums = append(sums, "00"...)
		}
	}
	return string(colour) + "," + string(sums)
}

func TestParseKillerForms(t *testing.T) {
	line := tripleKiller(strings.Repeat(".", 81))
	want, err := Parse(line)
	require.NoError(t, err)
	f := strings.Fields(line)
	var cg strings.Builder
	for r := range 9 {
		fmt.Fprintf(&cg, "%s %s\n", f[0][9*r:9*r+9], f[1][9*r:9*r+9])
	}
	cg.WriteString(strings.ReplaceAll(f[2], ",", " ") + "\n")
	wiki := wikiKiller(want.Layout())
	js, err := want.MarshalJSON()
	require.NoError(t, err)
	for _, tc := range []struct{ name, in string }{
		{"codingame", cg.String()},
		{"codingame after a comment", "# killer\n" + cg.String()},
		{"sudokuwiki string", "bd=" + wiki},
		{"sudokuwiki url", "https://www.sudokuwiki.org/killersudoku.aspx?bd=" + wiki},
		{"json", string(js)},
		{"json by hand", `{"grid": "` + strings.Repeat("0", 81) + `", "variant": "killer", "cages": [` + cagesJSON(want.Layout()) + `]}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.in)
			require.NoError(t, err)
			require.Equal(t, Killer, b.Layout().Variant())
			assert.Equal(t, want.Layout().Cages(), b.Layout().Cages())
			assert.Equal(t, want.String(), b.String())
		})
	}
	// A file of two CodinGame blocks gives two puzzles.
	two := cg.String() + "\n" + cg.String()
	r := NewReader(strings.NewReader(two))
	for range 2 {
		b, err := r.Next()
		require.NoError(t, err)
		assert.Equal(t, Killer, b.Layout().Variant())
	}
}

func cagesJSON(l *Layout) string {
	var parts []string
	for _, cg := range l.Cages() {
		var names []string
		for _, c := range cg.Cells {
			names = append(names, `"`+l.CellName(c)+`"`)
		}
		parts = append(parts, fmt.Sprintf(`{"sum": %d, "cells": [%s]}`, cg.Sum, strings.Join(names, ", ")))
	}
	return strings.Join(parts, ", ")
}

func TestParseKillerFormErrors(t *testing.T) {
	line := tripleKiller(strings.Repeat(".", 81))
	want, err := Parse(line)
	require.NoError(t, err)
	wiki := wikiKiller(want.Layout())
	colours, sums, _ := strings.Cut(wiki, ",")
	f := strings.Fields(line)
	var cg strings.Builder
	for r := range 9 {
		fmt.Fprintf(&cg, "%s %s\n", f[0][9*r:9*r+9], f[1][9*r:9*r+9])
	}
	for _, tc := range []struct{ name, in, want string }{
		{"wiki short sums", "bd=" + colours + "," + sums[:100], "board: column 86: killer bd= string: got 100 digits of sums after the comma, want 162"},
		{"wiki missing sum", "bd=" + colours + ",00" + sums[2:], "the cage at r1c1 has no sum"},
		{"wiki two sums", "bd=" + colours + "," + sums[:2] + "05" + sums[4:], "the cage at r1c1 has two sums, 12 and 5"},
		{"wiki bad colour", "bd=" + "?" + colours[1:] + "," + sums, `'?' is not a cage colour`},
		{"wiki marks after the colours", "bd=" + colours + ",q01u1u" + strings.Repeat("vu", 80), "got 0 digits of sums after the comma, want 162"},
		{"codingame sums wrong", cg.String() + "A=12 B=x\n", "line 10: cage sum \"B=x\""},
		{"codingame bad given", "x" + cg.String()[1:] + strings.ReplaceAll(f[2], ",", " ") + "\n", "line 1, column 1: 'x' is not a digit"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.in)
			assert.Nil(t, b)
			assert.ErrorContains(t, err, tc.want)
		})
	}
}

func TestVariantJSONRoundTrip(t *testing.T) {
	killer, err := ParseAs(tripleKiller(wikiPuzzle), X)
	require.NoError(t, err)
	jigsaw, err := Parse(wikiPuzzle + " " + boxRegions)
	require.NoError(t, err)
	x, err := ParseAs(wikiPuzzle, X|Windoku)
	require.NoError(t, err)
	require.NoError(t, x.Place(x.Layout().CellAt(0, 2), 4))
	x.Eliminate(x.Layout().CellAt(0, 3), 6)
	for _, b := range []*Board{killer, jigsaw, x} {
		t.Run(b.Layout().Variant().String(), func(t *testing.T) {
			data, err := b.MarshalJSON()
			require.NoError(t, err)
			assert.Contains(t, string(data), `"variant":"`+b.Layout().Variant().String()+`"`)
			got, err := Parse(string(data))
			require.NoError(t, err, "%s", data)
			assert.Equal(t, b.Layout().Spec(), got.Layout().Spec())
			requireSameState(t, b, got)
			assert.Equal(t, b.Givens(), got.Givens())
		})
	}
	data, err := jigsaw.MarshalJSON()
	require.NoError(t, err)
	assert.Contains(t, string(data), `"regions":"`+boxRegions+`"`)
	classic, err := Parse(wikiPuzzle)
	require.NoError(t, err)
	data, err = classic.MarshalJSON()
	require.NoError(t, err)
	assert.NotContains(t, string(data), "variant")
}

func TestVariantProblems(t *testing.T) {
	g := strings.Repeat(".", 81)
	kill := func(givens string, sums map[string]int) string {
		f := strings.Fields(tripleKiller(givens))
		var parts []string
		for _, part := range strings.Split(f[2], ",") {
			k, v, _ := strings.Cut(part, "=")
			if s, ok := sums[k]; ok {
				v = fmt.Sprint(s)
			}
			parts = append(parts, k+"="+v)
		}
		return f[0] + " " + f[1] + " " + strings.Join(parts, ",")
	}
	with := func(s string, at int, ch byte) string { return s[:at] + string(ch) + s[at+1:] }
	for _, tc := range []struct {
		name string
		in   string
		v    Variant
		want []string
	}{
		{"valid killer", kill(g, nil), 0, nil},
		{"sum too large", kill(g, map[string]int{"A": 25}), 0, []string{
			"the 3-cell cage of 25 at r1c1: three different digits make 6 to 24",
			"the cage sums add up to 418, not 405, and the cages cover the whole grid"}},
		{"sum too small", kill(g, map[string]int{"A": 5, "B": 25}), 0, []string{
			"the 3-cell cage of 5 at r1c1: three different digits make 6 to 24",
			"the 3-cell cage of 25 at r1c4: three different digits make 6 to 24",
			"the cage sums add up to 402, not 405, and the cages cover the whole grid"}},
		{"full cage of another sum", kill(with(with(with(g, 0, '1'), 1, '2'), 2, '4'), nil), 0, []string{
			"the 3-cell cage of 12 at r1c1 holds 1+2+4 = 7"}},
		{"held digits leave too little", kill(with(g, 0, '9'), map[string]int{"A": 11, "B": 22}), 0, []string{
			"the 3-cell cage of 11 at r1c1 holds 9, which leaves 2 for 2 empty cells, and no two different digits the cage does not hold yet make it"}},
		{"held digits leave a held one", kill(with(with(g, 0, '1'), 1, '9'), map[string]int{"A": 19, "B": 14}), 0, []string{
			"the 3-cell cage of 19 at r1c1 holds 1+9, which leaves 9 for its empty cell, and no digit the cage does not hold yet is 9"}},
		{"digit twice in a cage", kill(with(with(g, 0, '5'), 2, '5'), nil), 0, []string{
			"5 twice in row 1: r1c1, r1c3", "5 twice in box 1: r1c1, r1c3",
			"5 twice in the 3-cell cage of 12 at r1c1: r1c1, r1c3"}},
		{"partial killer without givens", g + " " + strings.Repeat(".", 79) + "AA A=3", 0, []string{
			"79 cells in no cage, and a killer without givens needs every cell in one: r1c1, r1c2"}},
		{"partial killer with a given", "1" + g[1:] + " " + strings.Repeat(".", 79) + "AA A=3", 0, nil},
		{"digit twice on a diagonal", with(with(g, 0, '3'), 80, '3'), X, []string{"3 twice in diagonal 1: r1c1, r9c9"}},
		{"digit twice in a window", with(with(g, 10, '3'), 30, '3'), Windoku, []string{"3 twice in window 1: r2c2, r4c4"}},
		{"digit twice in a region", with(with(wikiPuzzle, 2, '5'), 1, '.') + " " + boxRegions, 0, []string{"5 twice in row 1: r1c1, r1c3", "5 twice in region 9: r1c1, r1c3"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := ParseAs(tc.in, tc.v)
			require.NoError(t, err)
			got := describeAll(b)
			if len(tc.want) > 0 && strings.Contains(tc.want[0], "79 cells") {
				require.Len(t, got, 1)
				assert.True(t, strings.HasPrefix(got[0], tc.want[0]), got[0])
				return
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestVariantLine(t *testing.T) {
	for _, tc := range []struct {
		in string
		v  Variant
	}{
		{tripleKiller(wikiPuzzle), X},
		{wikiPuzzle + " " + boxRegions, Windoku},
		{wikiPuzzle, X},
		{wikiPuzzle, 0},
	} {
		b, err := ParseAs(tc.in, tc.v)
		require.NoError(t, err)
		line := b.VariantLine()
		got, err := ParseAs(line, tc.v)
		require.NoError(t, err, line)
		assert.Equal(t, b.Layout().Spec(), got.Layout().Spec(), line)
		assert.Equal(t, b.String(), got.String())
	}
	b, err := Parse(wikiPuzzle + " " + boxRegions)
	require.NoError(t, err)
	assert.Equal(t, wikiPuzzle+" "+boxRegions, b.VariantLine())
}

func TestParseJigsawGrids(t *testing.T) {
	var rows, regions strings.Builder
	for r := range 9 {
		rows.WriteString(wikiPuzzle[9*r:9*r+9] + "\n")
		regions.WriteString(boxRegions[9*r:9*r+3] + "|" + boxRegions[9*r+3:9*r+6] + "|" + boxRegions[9*r+6:9*r+9] + "\n")
	}
	b, err := Parse(rows.String() + regions.String())
	require.NoError(t, err)
	assert.Equal(t, Jigsaw, b.Layout().Variant())
	assert.Equal(t, wikiPuzzle, b.String())
	want, err := Parse(wikiPuzzle + " " + boxRegions)
	require.NoError(t, err)
	assert.Equal(t, want.Layout().Spec(), b.Layout().Spec())

	// A grid followed by its solution is no jigsaw: it stays an error, as before.
	var sol strings.Builder
	for r := range 9 {
		sol.WriteString(wikiSolution[9*r:9*r+9] + "\n")
	}
	_, err = Parse(rows.String() + sol.String())
	assert.ErrorContains(t, err, "got 18 rows, want 9")

	_, err = Parse("# jigsaw\n" + rows.String() + strings.Replace(regions.String(), "9", "1", 1))
	assert.EqualError(t, err, "board: line 11: region 1 has 10 cells, want 9; region 9 has 8 cells, want 9")
}

func TestJigsawLetterRegions(t *testing.T) {
	letters := strings.Map(func(r rune) rune { return 'a' + r - '1' }, boxRegions)
	// Letters could be cage labels too: the line asks which it is, unless told.
	_, err := Parse(wikiPuzzle + " " + letters)
	assert.ErrorContains(t, err, "--variant")
	b, err := ParseAs(wikiPuzzle+" "+letters, Jigsaw)
	require.NoError(t, err)
	want, err := Parse(wikiPuzzle + " " + boxRegions)
	require.NoError(t, err)
	// Letters are numbered in the order they appear, so the regions are the same sets.
	for k := range 9 {
		r := b.Layout().HouseSet(b.Layout().BoxHouse(k))
		w := want.Layout().BoxOf(r.Cells()[0])
		assert.Equal(t, want.Layout().HouseSet(want.Layout().BoxHouse(w)), r, "region %d", k+1)
	}
	_, err = ParseAs(wikiPuzzle+" "+strings.Repeat("abcdefghij", 8)+"a", Jigsaw)
	assert.ErrorContains(t, err, `r1c1: 'a' is not a region label of a 9x9 grid`)
}

func TestJigsawGridsReadBack(t *testing.T) {
	// The pencil-mark grid and the pretty grid of a jigsaw draw its regions; both read
	// back as that jigsaw, with the same values and candidates.
	shifted := []byte(boxRegions)
	shifted[3], shifted[20] = shifted[20], shifted[3] // r1c4 and r3c3 trade regions: both stay in one piece
	twice := append([]byte(nil), shifted...)
	twice[57], twice[74] = twice[74], twice[57] // and r7c4 with r9c3
	for _, regions := range []string{string(shifted), string(twice)} {
		b, err := Parse(wikiPuzzle + " " + regions)
		require.NoError(t, err)
		require.Equal(t, Jigsaw, b.Layout().Variant())
		for name, text := range map[string]string{"pencil marks": b.PencilMarks(), "pretty": b.Pretty()} {
			back, err := Parse(text)
			require.NoError(t, err, "%s:\n%s", name, text)
			assert.Equal(t, Jigsaw, back.Layout().Variant(), "%s:\n%s", name, text)
			assert.Equal(t, firstSeen(b.Layout().Spec().Regions), firstSeen(back.Layout().Spec().Regions), "%s:\n%s", name, text)
			requireSameState(t, b, back)
		}
	}
	// A classic grid, whose walls are the boxes', stays classic; so does one with a
	// bar between every cell and no lines between rows.
	b, err := Parse(wikiPuzzle)
	require.NoError(t, err)
	back, err := Parse(b.PencilMarks())
	require.NoError(t, err)
	assert.Zero(t, back.Layout().Variant())
	var bars strings.Builder
	for r := range 9 {
		bars.WriteString(strings.Join(strings.Split(wikiPuzzle[r*9:r*9+9], ""), " | ") + "\n")
	}
	for _, frame := range []string{"", strings.Repeat("-", 33) + "\n"} {
		back, err = Parse(bars.String() + frame)
		require.NoError(t, err, bars.String()+frame)
		assert.Zero(t, back.Layout().Variant())
		assert.Equal(t, wikiPuzzle, back.String())
	}
}

// firstSeen numbers regions in the order their first cells come, so that two ways of
// labelling the same regions compare equal.
func firstSeen(regions []int) []int {
	seen := map[int]int{}
	out := make([]int, len(regions))
	for i, r := range regions {
		if _, ok := seen[r]; !ok {
			seen[r] = len(seen)
		}
		out[i] = seen[r]
	}
	return out
}
