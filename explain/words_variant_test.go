package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// Variant lines built by hand: an empty X/windoku grid, and a jigsaw whose regions are
// the boxes of a 9x9 grid with r1c4 and r3c3 swapped (so region 1 is not box 1).
const (
	emptyGrid     = "................................................................................."
	jigsawRegions = "111122333111222333112222333444555666444555666444555666777888999777888999777888999"
)

func layoutFor(t *testing.T, line string, v board.Variant) *board.Layout {
	t.Helper()
	b, err := board.ParseVariantLine(line, v)
	require.NoError(t, err)
	return b.Layout()
}

// extraHouse returns the i-th extra house (from 0) of kind k in l.
func extraHouse(t *testing.T, l *board.Layout, k board.HouseKind, i int) board.House {
	t.Helper()
	for _, h := range l.ExtraHouses() {
		if l.Kind(h) == k && l.Index(h) == i {
			return h
		}
	}
	t.Fatalf("no %s %d in the layout", k, i+1)
	return 0
}

func TestVariantHouseWords(t *testing.T) {
	x := layoutFor(t, emptyGrid, board.X|board.Windoku)
	jig := layoutFor(t, emptyGrid+" "+jigsawRegions, 0)
	require.False(t, jig.Regular())
	en, ja := wordsOf(t, EN), wordsOf(t, JA)
	en.l, ja.l = x, x
	enJ, jaJ := en, ja
	enJ.l, jaJ.l = jig, jig
	d1, d2 := extraHouse(t, x, board.Diagonal, 0), extraHouse(t, x, board.Diagonal, 1)
	w1, w3 := extraHouse(t, x, board.Window, 0), extraHouse(t, x, board.Window, 2)
	r3, r5 := jig.BoxHouse(2), jig.BoxHouse(4)
	tests := []struct {
		name, got, want string
	}{
		{"en main diagonal", en.house(d1), "the main diagonal"},
		{"en anti-diagonal", en.house(d2), "the anti-diagonal"},
		{"en both diagonals", en.houses([]board.House{d1, d2}), "the main diagonal and the anti-diagonal"},
		{"en diagonals or", en.housesOr([]board.House{d1, d2}), "the main diagonal or the anti-diagonal"},
		{"en window", en.house(w3), "window 3"},
		{"en windows", en.houses([]board.House{w1, w3}), "windows 1 and 3"},
		{"en window or", en.housesOr([]board.House{w1, w3}), "window 1 or 3"},
		{"en a box beside a window", en.houses([]board.House{x.BoxHouse(0), w1}), "box 1 and window 1"},
		{"en kind diagonal", en.kind(d2, false), "diagonal"},
		{"en kinds window", en.kind(w1, true), "windows"},
		{"en box on X stays a box", en.house(x.BoxHouse(4)), "box 5"},
		{"en region", enJ.house(r3), "region 3"},
		{"en regions", enJ.houses([]board.House{r3, r5}), "regions 3 and 5"},
		{"en region or", enJ.housesOr([]board.House{r3, r5}), "region 3 or 5"},
		{"en region and row", enJ.houses([]board.House{jig.RowHouse(0), r3}), "row 1 and region 3"},
		{"en kind region", enJ.kind(r3, false), "region"},
		{"en kinds region", enJ.kind(r3, true), "regions"},
		{"ja main diagonal", ja.house(d1), "右下がりの対角線"},
		{"ja anti-diagonal", ja.house(d2), "右上がりの対角線"},
		{"ja window", ja.house(w3), "ウィンドウ3"},
		{"ja windows", ja.houses([]board.House{w1, w3}), "ウィンドウ1とウィンドウ3"},
		{"ja kind diagonal", ja.kind(d1, false), "対角線"},
		{"ja region", jaJ.house(r3), "ブロック3"},
		{"ja region or", jaJ.housesOr([]board.House{r3, r5}), "ブロック3かブロック5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.got)
		})
	}
}

// TestVariantWordsInCatalogues keeps every shipped language speaking of every house a
// variant adds: an empty word would fall back to notation in prose.
func TestVariantWordsInCatalogues(t *testing.T) {
	for _, lang := range []Lang{EN, JA} {
		w := wordsOf(t, lang).w
		assert.Len(t, w.Diagonal, 2, "%s: words.diagonal", lang)
		for name, v := range map[string]string{"window": w.Window, "region": w.Region,
			"kinds.diagonal": w.Kinds.Diagonal, "kinds.window": w.Kinds.Window, "kinds.region": w.Kinds.Region,
			"kinds_plural.diagonal": w.KindsPlural.Diagonal, "kinds_plural.window": w.KindsPlural.Window,
			"kinds_plural.region": w.KindsPlural.Region} {
			assert.NotEmpty(t, v, "%s: words.%s", lang, name)
		}
	}
}

// TestVariantProse says whole steps on variant layouts: the templates reach the house
// words through house, houses and housesOr.
func TestVariantProse(t *testing.T) {
	x := layoutFor(t, emptyGrid, board.X)
	win := layoutFor(t, emptyGrid, board.Windoku)
	jig := layoutFor(t, emptyGrid+" "+jigsawRegions, 0)
	c := func(l *board.Layout, r, col int) board.Cell { return l.CellAt(r-1, col-1) }
	d2 := extraHouse(t, x, board.Diagonal, 1)
	w2 := extraHouse(t, win, board.Window, 1)
	tests := []struct {
		name   string
		l      *board.Layout
		step   Step
		en, ja []string
	}{
		{
			name: "hidden single in the anti-diagonal",
			l:    x,
			step: Step{Technique: "hidden-single", Placements: []board.Candidate{{Cell: c(x, 3, 7), Digit: 4}},
				Pattern: Pattern{Digits: board.DigitsOf(4), Houses: []board.House{d2}}},
			en: []string{"Where can 4 go in the anti-diagonal?"},
			ja: []string{"右上がりの対角線"},
		},
		{
			name: "naked pair in a window",
			l:    win,
			step: Step{Technique: "naked-pair",
				Eliminations: []board.Candidate{{Cell: c(win, 4, 7), Digit: 1}},
				Pattern:      Pattern{Digits: board.DigitsOf(1, 5), Cells: []board.Cell{c(win, 2, 6), c(win, 3, 8)}, Houses: []board.House{w2}}},
			en: []string{"in window 2", "no other cell of\nwindow 2", "remove 1 from r4c7"},
			ja: []string{"ウィンドウ2"},
		},
		{
			name: "pointing from a region into a row",
			l:    jig,
			step: Step{Technique: "locked-candidates-pointing",
				Eliminations: []board.Candidate{{Cell: c(jig, 1, 9), Digit: 7}},
				Pattern: Pattern{Digits: board.DigitsOf(7), Cells: []board.Cell{c(jig, 1, 1), c(jig, 1, 2)},
					Base: []board.House{jig.BoxHouse(0)}, Cover: []board.House{jig.RowHouse(0)}}},
			en: []string{"Look at 7 in region 1", "outside region 1"},
			ja: []string{"ブロック1"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for lang, want := range map[Lang][]string{EN: tc.en, JA: tc.ja} {
				got, err := Prose(tc.l, tc.step, lang)
				require.NoError(t, err, "%s", lang)
				for _, w := range want {
					assert.Contains(t, unwrap(got), unwrap(w), "%s", lang)
				}
				assert.NotContains(t, got, "d2", "%s: notation in prose", lang)
				assert.NotContains(t, got, "w2", "%s: notation in prose", lang)
			}
		})
	}
}

// unwrap joins the lines of prose as they read, so a test does not depend on wrapping.
func unwrap(s string) string { return strings.ReplaceAll(s, "\n", " ") }

// TestSharedHousesOfVariants: cells that share a diagonal or a window share that
// house, so templates can name it ("the main diagonal would have no place ...").
func TestSharedHousesOfVariants(t *testing.T) {
	l := layoutFor(t, emptyGrid, board.X|board.Windoku)
	c := func(r, col int) board.Cell { return l.CellAt(r-1, col-1) }
	d1, w1 := extraHouse(t, l, board.Diagonal, 0), extraHouse(t, l, board.Window, 0)
	assert.Equal(t, []board.House{d1}, SharedHouses(l, []board.Cell{c(1, 1), c(9, 9)}))
	assert.Equal(t, []board.House{w1}, SharedHouses(l, []board.Cell{c(2, 3), c(4, 2)}))
	assert.Equal(t, []board.House{d1, w1}, SharedHouses(l, []board.Cell{c(2, 2), c(4, 4)}), "classic houses first, then diagonals, then windows")
	assert.Equal(t, []board.House{l.RowHouse(1), l.BoxHouse(0), w1}, SharedHouses(l, []board.Cell{c(2, 2), c(2, 3)}))
}

// TestTextWalkthroughOfVariants: the text walkthrough draws a variant's grid as Pretty
// does (region borders, cages and sums, the X note), and its prose says region.
func TestTextWalkthroughOfVariants(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		v          board.Variant
		want       []string
	}{
		{"jigsaw", emptyGrid + " " + jigsawRegions, 0, []string{"          +---+", "region 9"}},
		{"x", emptyGrid, board.X, []string{"# Sudoku-X: the diagonals", "row 9"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := board.ParseVariantLine(tc.line, tc.v)
			require.NoError(t, err)
			l := b.Layout()
			last := board.Cell(l.Cells() - 1)
			house := l.RowHouse(8)
			if !l.Regular() {
				house = l.BoxHouse(8)
			}
			tr := Trace{Puzzle: b.String(), Start: b, Steps: []Step{{Technique: "hidden-single",
				Placements: []board.Candidate{{Cell: last, Digit: 9}},
				Pattern:    Pattern{Digits: board.DigitsOf(9), Houses: []board.House{house}}}}}
			var sb strings.Builder
			require.NoError(t, WriteText(&sb, l, tr, TextOptions{}))
			assert.Contains(t, sb.String(), b.Pretty(), "the puzzle is drawn as Pretty draws it")
			for _, w := range tc.want {
				assert.Contains(t, sb.String(), w)
			}
		})
	}
}
