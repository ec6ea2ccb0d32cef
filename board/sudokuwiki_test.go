package board_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
)

// The two example links of sudokuwiki.org/Killer_String_Definitions (May 2024): a
// puzzle in the older form, and a puzzle with its progress in the packed form.
const (
	wikiPuzzleForm = "https://www.sudokuwiki.org/killersudoku.aspx?bd=" +
		"212112111212112223213331443231221241134412231124133132322122212344411312111411312," +
		"171510200026110000000000000000000011000011000017160000001101060000090016110017000900000900001800160800040010160000001100002100001800001800140000080000000000000000"
	wikiPackedForm = "https://www.sudokuwiki.org/killersudoku.aspx?bd=" +
		"5o3p01015800005p010001015202025j0101002q4g00310203280002020000010103032920008i0202020201015101014800001r0360015o5i024h003a4k002a000202010202040002002b030101040400," +
		"q01u1u1uvuvuvuvuvuq01u1uvuvuvuvuvuvuq05u5uvuvuvuvuvuvu5u5uvuvuvuvuvuvuvu5u5uugugugugugvuvu5u5uvuvuvuvuvuvuvu5uq05uvuvuvuvuvuvu5uq05uvuvuvuvuvuvu5uq05uvuvuvuvuvuvu"
)

// wikiPacked writes b in the packed form: colours 0-7 (neighbouring cages apart),
// sum*8 + colour per cell, a comma, each cell's candidates (a value as its one
// candidate) as bits shifted by one, every number as two base-32 digits.
func wikiPacked(b *board.Board) string {
	l := b.Layout()
	n := l.N()
	colour := make([]int, l.Cells())
	for c := range colour {
		colour[c] = -1
	}
	for _, cg := range l.Cages() {
		used := map[int]bool{}
		for _, c := range cg.Cells {
			for _, p := range []int{int(c) - 1, int(c) + 1, int(c) - n, int(c) + n} {
				if p >= 0 && p < l.Cells() && (p/n == int(c)/n || p%n == int(c)%n) {
					used[colour[p]] = true
				}
			}
		}
		k := 0
		for used[k] {
			k++
		}
		for _, c := range cg.Cells {
			colour[c] = k
		}
	}
	pair := func(v int) string {
		const digits = "0123456789abcdefghijklmnopqrstuv"
		return string([]byte{digits[v/32], digits[v%32]})
	}
	var first, marks strings.Builder
	for c := range board.Cell(l.Cells()) {
		k, _ := l.CageOf(c)
		v := colour[c]
		if cg := l.Cages()[k]; cg.Cells[0] == c {
			v += 8 * cg.Sum
		}
		first.WriteString(pair(v))
		s := b.Candidates(c)
		if d := b.Value(c); d != 0 {
			s = board.DigitsOf(d)
		}
		bits := 0
		for _, d := range s.Digits() {
			bits |= 1 << int(d)
		}
		marks.WriteString(pair(bits))
	}
	return "bd=" + first.String() + "," + marks.String()
}

// TestParseWikiExamples reads both examples of SudokuWiki's page and checks them the
// only way open without the page's pictures: each is a killer whose cages cover the
// grid with sums adding up to 405 and that has exactly one solution, in which every
// cage makes its sum; and the progress of the packed example holds the solution (every
// solved cell right, every cell's marks holding its digit), which a misread bit would break.
func TestParseWikiExamples(t *testing.T) {
	for _, tc := range []struct {
		name, link string
		cages      int
	}{
		{"puzzle form", wikiPuzzleForm, 31},
		{"packed form", wikiPackedForm, 24},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := board.Parse(tc.link)
			require.NoError(t, err)
			l := b.Layout()
			require.Equal(t, board.Killer, l.Variant())
			require.Len(t, l.Cages(), tc.cages)
			total, covered := 0, 0
			for _, cg := range l.Cages() {
				total += cg.Sum
				covered += len(cg.Cells)
			}
			assert.Equal(t, 405, total)
			assert.Equal(t, 81, covered)
			puzzle, err := board.FromDigits(l, make([]board.Digit, 81))
			require.NoError(t, err)
			sol, err := fallback.Unique(context.Background(), puzzle)
			require.NoError(t, err, "exactly one solution")
			for _, cg := range l.Cages() {
				sum := 0
				for _, c := range cg.Cells {
					sum += int(sol[c])
				}
				assert.Equal(t, cg.Sum, sum, "the cage at %s", l.CellName(cg.Cells[0]))
			}
			for c := range board.Cell(81) {
				if d := b.Value(c); d != 0 {
					assert.Equal(t, sol[c], d, "%s", l.CellName(c))
				} else {
					assert.True(t, b.Candidates(c).Has(sol[c]), "%s: %v lacks %d", l.CellName(c), b.Candidates(c), sol[c])
				}
			}
		})
	}
	// The packed example's marks, read by hand from the page: r1c1 6,8,9 (a cage of
	// 23 in three cells), r1c2 1-5 (a cage of 15 in five), r5c3 4,6,7,8,9 (34 in five).
	b, err := board.Parse(wikiPackedForm)
	require.NoError(t, err)
	l := b.Layout()
	for _, want := range []struct {
		cell  string
		marks []board.Digit
		sum   int
		size  int
	}{
		{"r1c1", []board.Digit{6, 8, 9}, 23, 3},
		{"r1c2", []board.Digit{1, 2, 3, 4, 5}, 15, 5},
		{"r5c3", []board.Digit{4, 6, 7, 8, 9}, 34, 5},
	} {
		c, err := l.ParseCell(want.cell)
		require.NoError(t, err)
		assert.Equal(t, want.marks, b.Candidates(c).Digits(), want.cell)
		k, ok := l.CageOf(c)
		require.True(t, ok)
		assert.Equal(t, want.sum, l.Cages()[k].Sum, want.cell)
		assert.Len(t, l.Cages()[k].Cells, want.size, want.cell)
	}
}

// TestParseWikiPackedRoundTrip writes killers with progress in the packed form and
// reads them back: the same cages, values and candidates (the values as placed).
func TestParseWikiPackedRoundTrip(t *testing.T) {
	start, err := board.Parse(wikiPuzzleForm)
	require.NoError(t, err)
	progress := start.Clone()
	require.NoError(t, progress.Place(0, 9))
	progress.Eliminate(1, 2)
	for _, b := range []*board.Board{start, progress} {
		got, err := board.Parse(wikiPacked(b))
		require.NoError(t, err)
		assert.Equal(t, b.Layout().Spec(), got.Layout().Spec())
		assert.Equal(t, b.String(), got.String())
		for c := range board.Cell(81) {
			if b.Value(c) == 0 {
				assert.Equal(t, b.Candidates(c), got.Candidates(c), "%d", c)
			}
		}
	}
	// The puzzle form of the same cages reads the same layout.
	again, err := board.Parse("https://www.sudokuwiki.org/killersudoku.aspx?" + strings.SplitN(wikiPacked(start), ",", 2)[0])
	require.NoError(t, err, "the packed form without its marks")
	assert.Equal(t, start.Layout().Spec(), again.Layout().Spec())
}

func TestParseWikiPackedErrors(t *testing.T) {
	packed := strings.TrimPrefix(wikiPackedForm, "https://www.sudokuwiki.org/killersudoku.aspx?")
	first, marks, _ := strings.Cut(strings.TrimPrefix(packed, "bd="), ",")
	b4, err := board.Parse("1..............4 AABBCDDBCEFFGEEF A=5,B=7,C=3,D=5,E=7,F=9,G=4")
	require.NoError(t, err)
	small := wikiPacked(b4)
	for _, tc := range []struct{ name, in, want string }{
		{"not base 32", "bd=" + "5w" + first[2:] + "," + marks, `column 5: killer bd= string: cages: 'w' is not a base-32 digit`},
		{"short marks", "bd=" + first + "," + marks[:100], "column 167: killer bd= string: got 100 characters of candidates after the comma, want 162"},
		{"two sums", "bd=" + first[:18] + "3o" + first[20:] + "," + marks, "column 22: killer bd= string: the cage at r1c1 has two sums, 23 and 15"},
		{"no sum", "bd=" + "00" + first[2:] + "," + marks, "the cage at r1c1 has no sum"},
		{"digit beyond 4", small[:len(small)-2] + "10", "the candidates of r4c4 name a digit beyond 4"},
		{"versioned", "https://www.sudokuwiki.org/killersudoku.aspx?bd=L9B" + first, "SudokuWiki's versioned string (L9B...) is not read; use"},
		{"versioned bare", "bd=M9B" + first, "(M9B...) is not read"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := board.Parse(tc.in)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}
