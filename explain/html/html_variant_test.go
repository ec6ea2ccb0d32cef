package html_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/html"
)

// Variant boards made for these tests: a sparse grid (for X and windoku), a jigsaw
// whose regions are the boxes with r1c4 and r3c3 swapped, and a 4x4 killer.
const (
	sparse9 = "1...............2.............3...................4.......................5......"
	jigsaw9 = sparse9 + " 111122333111222333112222333444555666444555666444555666777888999777888999777888999"
	killer4 = "1..............4 AABBCDDBCEFFGEEF A=5,B=7,C=3,D=5,E=7,F=9,G=4"
)

// variantPage writes the walkthrough of one hand-made step (the last empty cell takes
// its first candidate, said as a hidden single in its row) on the board of line.
func variantPage(t *testing.T, line string, v board.Variant, lang explain.Lang) string {
	t.Helper()
	b, err := board.ParseVariantLine(line, v)
	require.NoError(t, err)
	l := b.Layout()
	last := board.Cell(l.Cells() - 1)
	for b.Value(last) != 0 {
		last--
	}
	d := b.Candidates(last).First()
	tr := explain.Trace{Lang: lang, Puzzle: b.String(), Start: b, Steps: []explain.Step{{
		Technique:  "hidden-single",
		Placements: []board.Candidate{{Cell: last, Digit: d}},
		Pattern:    explain.Pattern{Digits: board.DigitsOf(d), Houses: []board.House{l.RowHouse(l.RowOf(last))}},
	}}}
	var buf bytes.Buffer
	require.NoError(t, html.Write(&buf, l, tr))
	return buf.String()
}

func TestVariantLegend(t *testing.T) {
	legendOf := func(page string) string {
		m := regexp.MustCompile(`<p id="legend">([^<]*)</p>`).FindStringSubmatch(page)
		if m == nil {
			return ""
		}
		return m[1]
	}
	tests := []struct {
		name    string
		line    string
		v       board.Variant
		lang    explain.Lang
		legend  []string // words the legend must hold
		drawing string   // what every picture of the page draws
	}{
		{"x", sparse9, board.X, explain.EN, []string{"Sudoku-X", "diagonal"}, `data-kind="diagonal"`},
		{"windoku", sparse9, board.Windoku, explain.EN, []string{"Windoku", "four shaded windows"}, `data-kind="window"`},
		{"x and windoku", sparse9, board.X | board.Windoku, explain.EN, []string{"Sudoku-X", "Windoku"}, `data-house="w4"`},
		{"jigsaw", jigsaw9, 0, explain.EN, []string{"Jigsaw", "bold lines"}, `class="regions"`},
		{"killer", killer4, 0, explain.EN, []string{"Killer", "dashed cage"}, `class="cage"`},
		{"killer, japanese", killer4, 0, explain.JA, []string{"キラーナンプレ", "ケージ"}, `class="cage"`},
		{"jigsaw, japanese", jigsaw9, 0, explain.JA, []string{"ジグソー", "太線"}, `class="regions"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			page := variantPage(t, tc.line, tc.v, tc.lang)
			got := legendOf(page)
			for _, w := range tc.legend {
				assert.Contains(t, got, w)
			}
			// The puzzle, the step and the end: three pictures, each with the variant.
			assert.Equal(t, 3, strings.Count(page, "<svg "))
			for i, pic := range strings.Split(page, "<svg ")[1:] {
				assert.Contains(t, pic[:strings.Index(pic, "</svg>")], tc.drawing, "picture %d", i)
			}
		})
	}
	assert.Empty(t, legendOf(variantPage(t, sparse9, 0, explain.EN)), "classic has no legend")
	assert.NotContains(t, variantPage(t, sparse9, 0, explain.EN), `id="legend"`)
}
