package explain_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques"
)

// The rules of issue 33 ("teach like a teacher, part three") on Japanese text: one
// style of cell (R1C2, notation included), no ASCII colon after Japanese, and the
// line breaking of checkLineBreaks.

// lowerCell finds a cell (or a group, r13c5) written in lower case.
var lowerCell = regexp.MustCompile(`r[0-9]+c[0-9]+`)

// colonAfterJapanese finds an ASCII colon after Japanese text (or after a cell: the
// heading "12(3) r4c4,r4c5: 1,2,9" in a Japanese line).
var colonAfterJapanese = regexp.MustCompile(`[\p{Han}\p{Hiragana}\p{Katakana}ー（）「」、。・0-9A-Z] ?:`)

// stiffPhrases are calques the reviewer of issue 33 found stiff.
var stiffPhrases = []string{"要点：", "以下でその理由を説明します", "でその理由を示します"}

// checkJapaneseStyle holds one Japanese text to the rules of one cell style and
// full-width colons, without the stiff phrases.
func checkJapaneseStyle(t *testing.T, where, s string) {
	t.Helper()
	for _, p := range stiffPhrases {
		assert.NotContains(t, s, p, "%s: a stiff phrase", where)
	}
	assert.Empty(t, lowerCell.FindAllString(s, 3), "%s: a cell in lower case: %q", where, s)
	assert.Empty(t, colonAfterJapanese.FindAllString(s, 3), "%s: an ASCII colon in Japanese: %q", where, s)
}

// TestJapaneseOneStyle: on every technique's steps (the prose goldens' steps), the
// Japanese heading, prose and hints write every cell as R1C2, chains and cages too,
// and no ASCII colon; and so do the Japanese golden walkthroughs.
func TestJapaneseOneStyle(t *testing.T) {
	for _, s := range proseSteps(t) {
		h, err := explain.Heading(s.layout, s.step, explain.JA)
		require.NoError(t, err)
		checkJapaneseStyle(t, s.name+" (heading)", h)
		p, err := explain.Prose(s.layout, s.step, explain.JA)
		require.NoError(t, err)
		checkJapaneseStyle(t, s.name+" (prose)", p)
		hint, err := explain.Hint(s.layout, s.step, explain.HintLevels, explain.JA)
		require.NoError(t, err)
		for i, lv := range hint {
			checkJapaneseStyle(t, s.name+" (hint level "+itoa(i+1)+")", lv)
		}
	}
	paths, err := filepath.Glob("testdata/golden/*-ja.golden")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		// The grids of the walkthrough are not Japanese text; every other line is.
		for _, line := range strings.Split(string(data), "\n") {
			if strings.ContainsAny(line, "|") || !regexp.MustCompile(`[^ -~]`).MatchString(line) {
				continue
			}
			checkJapaneseStyle(t, path, line)
		}
		checkLineBreaks(t, path, string(data))
	}
}

// japaneseSweep returns the walkthroughs the Japanese sweep reads: the named hard
// puzzles, and with STEPDOKU_FULL=1 the 95 hard puzzles of ../shared/ratings and the
// first 20 killers of ../shared/variants/killer-dev.txt.
func japaneseSweep(t *testing.T) map[string]struct {
	l  *board.Layout
	tr explain.Trace
} {
	out := map[string]struct {
		l  *board.Layout
		tr explain.Trace
	}{}
	for name, tr := range hardWalkthroughs(t) {
		out[name] = struct {
			l  *board.Layout
			tr explain.Trace
		}{board.Classic, tr}
	}
	if os.Getenv("STEPDOKU_FULL") == "" {
		return out
	}
	f, err := os.Open("../../shared/variants/killer-dev.txt")
	if err != nil {
		t.Logf("no killers: %v", err)
		return out
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for n, taken := 1, 0; sc.Scan() && taken < 20; n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b, err := board.ParseVariantLine(line, board.Killer)
		require.NoError(t, err, "killer-dev line %d", n)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		tr, err := techniques.Solve(ctx, b, techniques.Options{})
		cancel()
		require.NoError(t, err, "killer-dev line %d", n)
		out["killer-dev line "+itoa(n)] = struct {
			l  *board.Layout
			tr explain.Trace
		}{b.Layout(), tr}
		taken++
	}
	t.Logf("%d walkthroughs in the Japanese sweep", len(out))
	return out
}

// cellsNamed counts the cells a text names, a group (R2C126) counting each of its
// cells.
func cellsNamed(s string) int {
	n := 0
	for _, m := range regexp.MustCompile(`[rR]([0-9]+)[cC]([0-9]+)`).FindAllStringSubmatch(s, -1) {
		n += len(m[1]) * len(m[2])
	}
	return n
}

// TestJapaneseSweep: over hard walkthroughs in Japanese (the 95 hard puzzles of the
// ratings and 20 killers with STEPDOKU_FULL=1), every heading, prose and wrapped line
// keeps one cell style, no ASCII colon and the line-breaking rules; and no level-2
// hint, in either language, names more than 6 cells or a cell the step changes, and
// every level 3 fits a screen.
func TestJapaneseSweep(t *testing.T) {
	if testing.Short() {
		t.Skip("solves hard puzzles")
	}
	for name, w := range japaneseSweep(t) {
		tr := w.tr
		tr.Lang = explain.JA
		said, err := tr.Narrate(w.l, explain.NarrateOptions{})
		require.NoError(t, err, name)
		for i, nr := range said {
			where := name + " step " + itoa(nr.Number)
			checkJapaneseStyle(t, where+" heading", nr.Heading)
			checkJapaneseStyle(t, where+" prose", nr.Prose)
			s := tr.Steps[i]
			for _, lang := range []explain.Lang{explain.EN, explain.JA} {
				hint, err := explain.Hint(w.l, s, 3, lang)
				require.NoError(t, err, where)
				assert.LessOrEqual(t, textColumns(hint[2]), 600, "%s (%s): level 3 does not fit a screen", where, lang)
				assert.LessOrEqual(t, cellsNamed(hint[1]), 6, "%s (%s): level 2 names too many cells: %q", where, lang, hint[1])
				for _, c := range changedCells(s) {
					assert.NotRegexp(t, `(^|[^0-9])`+regexp.QuoteMeta(cellName(w.l, c, lang))+`($|[^0-9])`, hint[1],
						"%s (%s): level 2 names a cell that changes (%s): %q", where, lang, s.Technique, hint[1])
				}
			}
		}
		var buf bytes.Buffer
		require.NoError(t, explain.WriteText(&buf, w.l, tr, explain.TextOptions{Narrations: said, Width: 80}))
		checkLineBreaks(t, name, buf.String())
		for _, line := range strings.Split(buf.String(), "\n") {
			if !strings.ContainsAny(line, "|!") {
				checkJapaneseStyle(t, name, line)
			}
		}
	}
}

// TestCompactCellsOneStyle: a group of cells is written one way, its rows' cells
// together (r5c46), never cell by cell where a row holds several (issue 33: r8c24578
// beside r7c4|r7c5|r7c6 in one line).
func TestCompactCellsOneStyle(t *testing.T) {
	l := board.Classic
	cells := func(names ...string) []board.Cell {
		var out []board.Cell
		for _, n := range names {
			c, err := l.ParseCell(n)
			require.NoError(t, err)
			out = append(out, c)
		}
		return out
	}
	for _, tc := range []struct {
		cells []string
		want  string
	}{
		{[]string{"r2c1", "r2c2", "r2c6"}, "r2c126"},
		{[]string{"r1c4", "r3c4", "r9c4"}, "r139c4"},
		{[]string{"r4c5", "r5c4", "r5c6", "r6c4"}, "r4c5|r5c46|r6c4"},
		{[]string{"r3c9", "r1c7", "r1c8", "r3c7"}, "r1c78|r3c79"},
	} {
		assert.Equal(t, tc.want, explain.CompactCells(l, cells(tc.cells...)), "%v", tc.cells)
	}
}

// TestKillerAndExocetNames: a cage with placed digits is named by its whole sum and
// size (a cage of 15 is never "8(1)"), and a junior exocet along a column speaks of
// a stack, not a band.
func TestKillerAndExocetNames(t *testing.T) {
	cages, stacks := 0, 0
	for _, s := range proseSteps(t) {
		p := s.step.Pattern
		if len(p.Cages) > 0 && !p.Cages[0].Virtual && len(p.Cages[0].Known) > 0 {
			c := p.Cages[0]
			line := explain.OneLiner(s.layout, s.step)
			assert.Contains(t, line, itoa(c.Sum)+"("+itoa(len(c.Cells))+")", "%s: the cage by its sum and size", s.name)
			cages++
		}
		if s.step.Technique == "junior-exocet" && len(p.Houses) == 2 && s.layout.Kind(p.Houses[0]) == board.Column {
			en, err := explain.Prose(s.layout, s.step, explain.EN)
			require.NoError(t, err)
			assert.Contains(t, en, "stack", s.name)
			assert.NotContains(t, en, "band", s.name)
			ja, err := explain.Prose(s.layout, s.step, explain.JA)
			require.NoError(t, err)
			assert.Contains(t, ja, "スタック", s.name)
			assert.NotContains(t, ja, "バンド", s.name)
			stacks++
		}
	}
	assert.Positive(t, cages, "no cage with placed digits among the golden steps")
	assert.Positive(t, stacks, "no junior exocet along a column among the golden steps")
}

// TestJapaneseTermsAndKeptFacts: the search is not named with the forcing chains'
// word (仮定法), in its name or in the summary; a killer step said in one sentence
// keeps what the cage already holds (the English "which holds 8+1").
func TestJapaneseTermsAndKeptFacts(t *testing.T) {
	chain := explain.TechniqueName("forcing-chain-contradiction", explain.JA)
	require.Contains(t, chain, "仮定法")
	assert.NotContains(t, explain.TechniqueName("search", explain.JA), "仮定法", "the search and the forcing chains share a name")
	data, err := os.ReadFile("testdata/golden/walkthrough-ja.golden")
	require.NoError(t, err)
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, "探索") {
			assert.NotContains(t, line, "仮定法", "the summary calls the search as the forcing chains are called: %q", line)
		}
	}
	kept := 0
	for _, s := range proseSteps(t) {
		p := s.step.Pattern
		if s.step.Technique != "cage-combinations" || len(s.step.Placements) == 0 || len(p.Cages[0].Known) == 0 {
			continue
		}
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			short, err := explain.ShortForTest(s.layout, s.step, lang)
			require.NoError(t, err)
			assert.Contains(t, short, p.Cages[0].Addition(), "%s (%s): what the cage holds: %q", s.name, lang, short)
		}
		kept++
	}
	assert.Positive(t, kept)
}

// TestALSSentenceAgrees: an ALS-XY-Wing or ALS chain that removes several digits
// says for each of them where the first or the last set holds it, so the sentence
// and the conclusion agree (issue 33: "cannot be 1: remove 1 and 6").
func TestALSSentenceAgrees(t *testing.T) {
	several := 0
	for _, s := range proseSteps(t) {
		if s.step.Technique != "als-xy-wing" && s.step.Technique != "als-chain" {
			continue
		}
		var ds board.DigitSet
		for _, e := range s.step.Eliminations {
			ds = ds.With(e.Digit)
		}
		en, err := explain.Prose(s.layout, s.step, explain.EN)
		require.NoError(t, err)
		ja, err := explain.Prose(s.layout, s.step, explain.JA)
		require.NoError(t, err)
		for _, d := range ds.Digits() {
			assert.Contains(t, en, "set holds "+d.String()+":", "%s: %q", s.name, en)
			assert.Contains(t, ja, "つまり"+d.String()+"は", "%s: %q", s.name, ja)
		}
		if ds.Count() > 1 {
			assert.NotRegexp(t, `cannot be \d:`, en, s.name)
			several++
		}
	}
	assert.Positive(t, several, "no ALS step removes several digits")
}

// TestMedusaNamesColourAndRule: a 3D Medusa says which colour is false, by which
// rule and through which coloured candidates; an elimination names a candidate of
// each colour it sees.
func TestMedusaNamesColourAndRule(t *testing.T) {
	n := 0
	for _, s := range proseSteps(t) {
		if s.step.Technique != "medusa-3d" {
			continue
		}
		en, err := explain.Prose(s.layout, s.step, explain.EN)
		require.NoError(t, err)
		ja, err := explain.Prose(s.layout, s.step, explain.JA)
		require.NoError(t, err)
		if len(s.step.Pattern.Sets) > 0 {
			assert.Regexp(t, `Colour [AB] breaks a rule at .*: (it holds|it puts|its ).* So colour [AB] is false`, en, s.name)
			assert.Regexp(t, `色[AB]は.*で矛盾します。.*したがって色[AB]は偽`, ja, s.name)
		} else {
			for _, e := range s.step.Eliminations {
				assert.Regexp(t, regexp.QuoteMeta(e.Digit.String()+" in "+s.layout.CellName(e.Cell))+` sees \d in r\dc\d of colour A and \d in r\dc\d of colour B`, en, s.name)
			}
			assert.Contains(t, ja, "色Aの", s.name)
		}
		n++
	}
	assert.Positive(t, n)
}

// TestShortFormsKeepThePattern: said again in one sentence, a wing names its pivot
// and Multi Colors its four colours, in both languages (issue 33: "WXYZ-Wing again"
// dropped the pivot and the colours).
func TestShortFormsKeepThePattern(t *testing.T) {
	pivots, colours := 0, 0
	for _, s := range proseSteps(t) {
		en, err := explain.ShortForTest(s.layout, s.step, explain.EN)
		require.NoError(t, err)
		ja, err := explain.ShortForTest(s.layout, s.step, explain.JA)
		require.NoError(t, err)
		if p, ok := explain.Pivot(s.step); ok && !strings.Contains(en, " again") {
			continue // a technique with its own short sentence
		} else if ok {
			assert.Contains(t, en, "pivot "+s.layout.CellName(p), "%s: %q", s.name, en)
			assert.Contains(t, ja, cellName(s.layout, p, explain.JA)+"を軸", "%s: %q", s.name, ja)
			pivots++
		}
		if strings.HasPrefix(s.step.Technique, "multi-colors") && len(s.step.Pattern.Sets) == 4 {
			for _, c := range []string{"A", "B", "C", "D"} {
				assert.Contains(t, en, c+" (", "%s: colour %s: %q", s.name, c, en)
				assert.Contains(t, ja, "色"+c+"（", "%s: colour %s: %q", s.name, c, ja)
			}
			colours++
		}
	}
	assert.Positive(t, pivots)
	assert.Positive(t, colours)
}

// TestHintLevelTwoOnePlace: level 2 of a hint points at one place without giving the
// pattern away: never more than six cells, never a cell that changes, only the box
// (or line) of a pointing or claiming pair, and a junior exocet's base cells.
func TestHintLevelTwoOnePlace(t *testing.T) {
	for _, s := range proseSteps(t) {
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			hint, err := explain.Hint(s.layout, s.step, 2, lang)
			require.NoError(t, err)
			where := s.name + " (" + string(lang) + ")"
			assert.LessOrEqual(t, cellsNamed(hint[1]), 6, "%s: %q", where, hint[1])
			for _, c := range changedCells(s.step) {
				assert.NotRegexp(t, `(^|[^0-9])`+regexp.QuoteMeta(cellName(s.layout, c, lang))+`($|[^0-9])`, hint[1], "%s: names a cell that changes", where)
			}
			switch s.step.Technique {
			case "locked-candidates-pointing", "locked-candidates-claiming":
				assert.Zero(t, cellsNamed(hint[1]), "%s: the pattern given away: %q", where, hint[1])
			case "junior-exocet":
				if slices.ContainsFunc(s.step.Pattern.Sets[0].Cells, func(c board.Cell) bool { return slices.Contains(changedCells(s.step), c) }) {
					continue // a base that changes: its box
				}
				for _, c := range s.step.Pattern.Sets[0].Cells {
					assert.Contains(t, hint[1], cellName(s.layout, c, lang), "%s: the base cells", where)
				}
			}
		}
	}
}

// TestHintFitsAScreen: level 3 of a hint fits a phone's screen (600 columns, a
// Japanese character two), on every technique's steps; a reason cut to fit says
// where the rest is, and HintReason gives the whole of it.
func TestHintFitsAScreen(t *testing.T) {
	cut := 0
	for _, s := range proseSteps(t) {
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			hint, err := explain.Hint(s.layout, s.step, 3, lang)
			require.NoError(t, err)
			assert.LessOrEqual(t, textColumns(hint[2]), 600, "%s (%s): level 3 is %d columns", s.name, lang, textColumns(hint[2]))
			full, err := explain.HintReason(s.layout, nil, s.step, lang)
			require.NoError(t, err)
			if full == hint[2] {
				continue
			}
			more := map[explain.Lang]string{explain.EN: "The rest of the reason is long: the walkthrough from this position gives it in full.",
				explain.JA: "理由の続きは長いので、この局面からの解説でお読みください。"}[lang]
			require.True(t, strings.HasSuffix(hint[2], more), "%s (%s): where the rest is: %q", s.name, lang, hint[2])
			head := strings.TrimSpace(strings.TrimSuffix(hint[2], more))
			assert.True(t, strings.HasPrefix(full, head), "%s (%s): the cut reason begins the whole one", s.name, lang)
			cut++
		}
	}
	assert.Positive(t, cut, "no reason was long enough to cut")
}
