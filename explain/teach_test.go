package explain_test

import (
	"bufio"
	"bytes"
	"context"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques"
)

// The rules of issue 22 ("teach like a teacher, part two"), checked over every
// technique (the prose goldens' steps) and over walkthroughs of hard puzzles, so that
// a technique added later is held to them too.

// englishWord finds a word of two or more Latin letters. Cells (R4C7), chain notation
// ((5)r9c7-(5)r79c8) and single letters are not words.
var englishWord = regexp.MustCompile(`[A-Za-z]{2,}`)

// techniqueAbbreviations are the English words Japanese text may keep: the
// abbreviations Japanese players use for technique names (glossary-ja.md).
var techniqueAbbreviations = map[string]bool{"ALS": true, "XY": true, "XYZ": true, "WXYZ": true, "XZ": true,
	"UR": true, "BUG": true, "AIC": true, "SK": true, "MSLS": true}

// englishIn returns the English words of a Japanese text, abbreviations excepted.
func englishIn(s string) []string {
	var out []string
	for _, w := range englishWord.FindAllString(s, -1) {
		if !techniqueAbbreviations[w] {
			out = append(out, w)
		}
	}
	return out
}

// nestedBracket tells whether a full-width bracket opens inside another (「…（…）」).
func nestedBracket(s string) bool {
	depth := 0
	for _, r := range s {
		switch r {
		case '（', '「', '『':
			if depth > 0 {
				return true
			}
			depth++
		case '）', '」', '』':
			if depth > 0 {
				depth--
			}
		}
	}
	return false
}

// checkJapanese holds one Japanese text (a heading, a prose, a hint) to the rules:
// no English word, no bracket inside a bracket.
func checkJapanese(t *testing.T, where, s string) {
	t.Helper()
	assert.Empty(t, englishIn(s), "%s: English words in Japanese: %q", where, s)
	assert.False(t, nestedBracket(s), "%s: a bracket inside a bracket: %q", where, s)
	assert.NotContains(t, s, "）（", "%s: two brackets in a row: %q", where, s)
}

// TestJapaneseEveryTechnique: every technique's Japanese heading, prose and level-4
// hint, on the steps of the prose goldens, has no English word and no nested bracket.
func TestJapaneseEveryTechnique(t *testing.T) {
	for _, s := range proseSteps(t) {
		if explain.TechniqueName(s.step.Technique, explain.JA) == s.step.Technique {
			continue // no catalogue entry: the generic sentence quotes the ID
		}
		h, err := explain.Heading(s.layout, s.step, explain.JA)
		require.NoError(t, err)
		checkJapanese(t, s.name+" (heading)", h)
		p, err := explain.Prose(s.layout, s.step, explain.JA)
		require.NoError(t, err)
		checkJapanese(t, s.name+" (prose)", p)
		hint, err := explain.Hint(s.layout, s.step, explain.HintLevels, explain.JA)
		require.NoError(t, err)
		for i, lv := range hint {
			checkJapanese(t, s.name+" (hint level "+string(rune('1'+i))+")", lv)
		}
	}
}

// TestHintStages: level 2 names where the pattern is, never a cell that changes;
// level 3 gives the reason without the conclusion; on every technique's steps.
func TestHintStages(t *testing.T) {
	for _, s := range proseSteps(t) {
		if len(s.step.Placements) == 1 && len(s.step.Eliminations) == 0 {
			continue // a single: its cell is found by its house (TestHint)
		}
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			hint, err := explain.Hint(s.layout, s.step, explain.HintLevels, lang)
			require.NoError(t, err)
			for _, c := range changedCells(s.step) {
				name := cellName(s.layout, c, lang)
				assert.NotRegexp(t, regexp.QuoteMeta(name)+`\b|`+regexp.QuoteMeta(name)+`$`, hint[1], "%s (%s): level 2 names %s, a cell that changes", s.name, lang, name)
			}
			move := strings.TrimSuffix(strings.TrimSuffix(hint[3], "."), "。")
			for _, part := range conclusionParts(move) {
				assert.NotContains(t, hint[2], part, "%s (%s): level 3 gives the move", s.name, lang)
			}
		}
	}
}

func changedCells(s explain.Step) []board.Cell {
	var out []board.Cell
	for _, c := range append(append([]board.Candidate{}, s.Placements...), s.Eliminations...) {
		out = append(out, c.Cell)
	}
	return out
}

// cellName writes a cell as the language's prose does.
func cellName(l *board.Layout, c board.Cell, lang explain.Lang) string {
	n := l.CellName(c)
	if lang == explain.JA {
		return strings.ToUpper(n)
	}
	return n
}

// conclusionParts are the removal groups of a move sentence ("1 from r1c4",
// "R1C4の候補から1を"), which level 3 must not say.
func conclusionParts(move string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`\d( and \d)* from [a-zA-Z0-9, ]+|R\d+C\d+(とR\d+C\d+|・R\d+C\d+)*の候補から[\d・と]+を`).FindAllString(move, -1) {
		out = append(out, strings.TrimRight(m, ", "))
	}
	return out
}

// TestWrapJapanese: a line never ends with an opening bracket, even a run of them,
// and never starts with a closing one.
func TestWrapJapanese(t *testing.T) {
	prose := strings.Repeat("あ", 36) + "（「=」は強いリンク）" + strings.Repeat("い", 30) + "。"
	for width := 60; width <= 90; width++ {
		out := explain.WrapForTest(prose, "  ", width)
		for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			assert.False(t, strings.HasSuffix(line, "（") || strings.HasSuffix(line, "「"), "width %d: %q ends with an opening bracket", width, line)
			trimmed := strings.TrimLeft(line, " ")
			assert.False(t, strings.HasPrefix(trimmed, "」") || strings.HasPrefix(trimmed, "）") || strings.HasPrefix(trimmed, "。"), "width %d: %q starts with closing punctuation", width, line)
		}
	}
}

// noLineStart and noLineEnd are the characters Japanese line breaking (禁則処理) keeps
// off the start and the end of a line.
const (
	noLineStart = "ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶー）」』】、。・："
	noLineEnd   = "（「『【"
)

// checkLineBreaks holds the lines of a Japanese text to the rules of line breaking.
func checkLineBreaks(t *testing.T, where, text string) {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(line)
		if trimmed == "" {
			continue
		}
		first, _ := utf8.DecodeRuneInString(trimmed)
		last, _ := utf8.DecodeLastRuneInString(trimmed)
		assert.False(t, strings.ContainsRune(noLineStart, first), "%s: a line starts with %q: %q", where, first, line)
		assert.False(t, strings.ContainsRune(noLineEnd, last), "%s: a line ends with %q: %q", where, last, line)
	}
}

// TestWrapKinsoku: at every width, no wrapped line starts with a small kana, the
// prolonged sound mark, a closing bracket or 、。・：, or ends with an opening
// bracket, and no line is longer than the width but for hanging punctuation.
func TestWrapKinsoku(t *testing.T) {
	prose := "ブロック5のセルにはちょうど3つの候補があり、スカイスクレイパー（ふたつの列）はッ" +
		"ょうど成り立ちます。フィッシュ・ジェリーフィッシュ：チェーンの「R1C2」は強いリンクです。" +
		strings.Repeat("カッーあ", 12) + "ーョ・ゃ" + strings.Repeat("あ", 7) + "ッ。"
	for width := 24; width <= 90; width++ {
		out := explain.WrapForTest(prose, "  ", width)
		checkLineBreaks(t, "width "+itoa(width), out)
		assert.Equal(t, strings.ReplaceAll(prose, " ", ""), strings.ReplaceAll(strings.ReplaceAll(out, "\n", ""), " ", ""), "width %d: the text survives", width)
		for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			hang := 0
			for r := []rune(line); len(r) > 0 && strings.ContainsRune("、。）」・：", r[len(r)-1]); r = r[:len(r)-1] {
				hang += 2
			}
			assert.LessOrEqual(t, textColumns(line), width+hang, "width %d: %q", width, line)
		}
	}
}

// TestWrapJapaneseLinks: a chain of links in Japanese breaks after an arrow, never
// inside a link: a cell keeps its digit and the house in brackets after it, as the
// English links keep theirs with no-break spaces.
func TestWrapJapaneseLinks(t *testing.T) {
	prose := "R7C3が3と仮定します：" + strings.Repeat("R7C5=1（7行目）→R7C2=6→R3C4=6（ブロック2）→", 8) +
		"R1C3=1。こうして5行目に1の置き場所がなくなります（ブロック4、手順3の後で）。"
	link := regexp.MustCompile(`R\dC\d=\d(（(\d行目|\d列目|ブロック\d)）)?`)
	for width := 30; width <= 90; width++ {
		out := explain.WrapForTest(prose, "  ", width)
		checkLineBreaks(t, "width "+itoa(width), out)
		assert.Equal(t, prose, strings.ReplaceAll(strings.ReplaceAll(out, "\n", ""), " ", ""), "width %d: the text survives", width)
		links := 0
		for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
			assert.LessOrEqual(t, textColumns(line), width+4, "width %d: %q", width, line)
			body := strings.TrimLeft(line, " ")
			// Whole links only: what a line holds of the chain splits into links at
			// its arrows, and each is one link.
			for _, part := range strings.Split(strings.TrimSuffix(body, "→"), "→") {
				if strings.HasPrefix(part, "R") && !strings.Contains(part, "。") && !strings.Contains(part, "：") {
					assert.Regexp(t, "^"+link.String()+"$", part, "width %d: %q", width, line)
					links++
				}
			}
		}
		assert.Greater(t, links, 20, "width %d", width)
	}
}

// textColumns counts a line's width in a terminal: CJK characters take two columns.
func textColumns(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x2e80 {
			n++
		}
	}
	return n
}

// TestBatchHeading: a file's walkthroughs are headed in the trace's language.
func TestBatchHeading(t *testing.T) {
	assert.Equal(t, "=== line 12 ===", explain.BatchHeading(explain.EN, 12))
	ja := explain.BatchHeading(explain.JA, 12)
	assert.Contains(t, ja, "12")
	assert.Empty(t, englishIn(ja), ja)
}

// hardWalkthroughs returns the puzzles to check walkthroughs over: the named hard
// puzzles, and with STEPDOKU_FULL=1 the harder half of ../shared/ratings (the 95
// highest ER).
func hardWalkthroughs(t *testing.T) map[string]explain.Trace {
	out := map[string]explain.Trace{}
	for _, n := range []string{"P3", "P18", "P54", "T2", "E777"} {
		out[n] = traces.trace(t, n)
	}
	if os.Getenv("STEPDOKU_FULL") == "" {
		return out
	}
	f, err := os.Open("../../shared/ratings/se-dev.txt")
	if err != nil {
		t.Logf("no ratings: %v", err)
		return out
	}
	defer f.Close()
	type rated struct {
		grid string
		er   string
		line int
	}
	var all []rated
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fs := strings.Fields(sc.Text())
		if len(fs) < 2 || !strings.HasPrefix(fs[1], "ED=") {
			continue
		}
		er, _, _ := strings.Cut(strings.TrimPrefix(fs[1], "ED="), "/")
		all = append(all, rated{fs[0], er, n})
	}
	// The 95 highest ER, ties in file order (ER has one decimal: string order is numeric
	// order for values below 10).
	for i := 1; i < len(all); i++ {
		for j := i; j > 0 && (all[j].er > all[j-1].er); j-- {
			all[j], all[j-1] = all[j-1], all[j]
		}
	}
	for _, r := range all[:min(95, len(all))] {
		b, err := board.Parse(r.grid)
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		tr, err := techniques.Solve(ctx, b, techniques.Options{})
		cancel()
		require.NoError(t, err, "ratings line %d", r.line)
		out["ratings line "+itoa(r.line)] = tr
	}
	t.Logf("%d walkthroughs, %d of them from the ratings", len(out), min(95, len(all)))
	return out
}

func itoa(n int) string {
	var b []byte
	for ; n > 0 || len(b) == 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// TestWalkthroughRules: over hard walkthroughs at the default detail, no chain, loop,
// net or ALS step is shortened to "again"; no Japanese heading or line holds an
// English word or a bracket inside a bracket; no wrapped Japanese line ends with an
// opening bracket or starts with a closing one.
func TestWalkthroughRules(t *testing.T) {
	for name, tr := range hardWalkthroughs(t) {
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			tr.Lang = lang
			said, err := tr.Narrate(board.Classic, explain.NarrateOptions{})
			require.NoError(t, err, name)
			for i, nr := range said {
				s := tr.Steps[i]
				where := name + " step " + itoa(nr.Number) + " (" + string(lang) + ")"
				if explain.AlwaysInFull(s) {
					assert.False(t, nr.Short, "%s: a %s step is shortened: %q", where, s.Technique, nr.Prose)
					assert.NotContains(t, nr.Prose, "again", where)
					assert.NotContains(t, nr.Prose, "再び", where)
				}
				if lang == explain.JA {
					checkJapanese(t, where+" heading", nr.Heading)
					checkJapanese(t, where+" prose", nr.Prose)
				}
			}
			if lang != explain.JA {
				continue
			}
			var buf bytes.Buffer
			require.NoError(t, explain.WriteText(&buf, board.Classic, tr, explain.TextOptions{Narrations: said, Width: 80}))
			for _, line := range strings.Split(buf.String(), "\n") {
				assert.False(t, strings.HasSuffix(line, "（") || strings.HasSuffix(line, "「"), "%s: a line ends with an opening bracket: %q", name, line)
				trimmed := strings.TrimLeft(line, " ")
				assert.False(t, strings.HasPrefix(trimmed, "」") || strings.HasPrefix(trimmed, "）") || strings.HasPrefix(trimmed, "、") || strings.HasPrefix(trimmed, "。"),
					"%s: a line starts with closing punctuation: %q", name, line)
			}
		}
	}
}

// TestDetailBudget: on an easy set (the first 30 puzzles of kaggle3m-easy), the
// default detail says at most 60% of what full says (words in English, characters in
// Japanese), and brief gives one line a step.
func TestDetailBudget(t *testing.T) {
	f, err := os.Open("../../shared/puzzles/kaggle3m-easy.txt")
	if err != nil {
		t.Skipf("no easy set: %v", err)
	}
	defer f.Close()
	var grids []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(grids) < 30 {
		if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
			grids = append(grids, strings.Fields(line)[0])
		}
	}
	size := func(lang explain.Lang, ns []explain.Narration) int {
		n := 0
		for _, nr := range ns {
			// The heading and the prose: the text of the step in a walkthrough.
			text := nr.Heading + " " + nr.Prose
			if lang == explain.EN {
				n += len(strings.Fields(text))
			} else {
				n += len([]rune(strings.Join(strings.Fields(text), "")))
			}
		}
		return n
	}
	full, fresh := map[explain.Lang]int{}, map[explain.Lang]int{}
	for _, g := range grids {
		b, err := board.Parse(g)
		require.NoError(t, err)
		tr, err := techniques.Solve(context.Background(), b, techniques.Options{})
		require.NoError(t, err)
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			tr.Lang = lang
			fl, err := tr.Narrate(board.Classic, explain.NarrateOptions{Detail: explain.DetailFull})
			require.NoError(t, err)
			nw, err := tr.Narrate(board.Classic, explain.NarrateOptions{Detail: explain.DetailNew})
			require.NoError(t, err)
			full[lang] += size(lang, fl)
			fresh[lang] += size(lang, nw)

			var buf bytes.Buffer
			require.NoError(t, explain.WriteText(&buf, board.Classic, tr, explain.TextOptions{Detail: explain.DetailBrief, Width: 80}))
			text := buf.String()
			head := map[explain.Lang]string{explain.EN: "\nSteps\n\n", explain.JA: "\n手順\n\n"}[lang]
			i := strings.Index(text, head)
			require.GreaterOrEqual(t, i, 0)
			body := text[i+len(head):]
			body = body[:strings.Index(body, "\n\n")]
			assert.Len(t, strings.Split(body, "\n"), len(tr.Steps), "brief: one line a step (%s)", lang)
		}
	}
	for _, lang := range []explain.Lang{explain.EN, explain.JA} {
		share := float64(fresh[lang]) / float64(full[lang])
		t.Logf("%s: new %d, full %d: %.1f%%", lang, fresh[lang], full[lang], 100*share)
		assert.LessOrEqual(t, share, 0.60, "%s: detail new says %.0f%% of full", lang, 100*share)
	}
}

// TestWitnessesNamed: on every technique's golden steps, no sentence leaves a witness
// unnamed or uses the words issue 22 found wrong, and every link of a chain or loop
// says its house (or the cell's only other candidate).
func TestWitnessesNamed(t *testing.T) {
	vague := map[explain.Lang][]string{
		explain.EN: {"A cell of colour A sees a cell of colour C", "Cells of colour A see both C and D",
			"in the same line", "Each digit but", "without any one of its digits", "Without any one of its digits",
			"would be deadly", "must be 9. A cell that sees"},
		explain.JA: {"色Aのマスが色Cのマスから見える", "同じ線上の", "ほぼロックされた", "ロックされ", "RCC", "ビーム",
			"長方形が2数字だけになってしまいます"},
	}
	chainTemplates := map[string]bool{"x-chain": true, "xy-chain": true, "aic": true, "grouped-aic": true,
		"continuous-nice-loop": true, "grouped-continuous-nice-loop": true, "discontinuous-nice-loop": true,
		"grouped-discontinuous-nice-loop": true}
	for _, s := range proseSteps(t) {
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			p, err := explain.Prose(s.layout, s.step, lang)
			require.NoError(t, err)
			for _, v := range vague[lang] {
				assert.NotContains(t, p, v, "%s (%s)", s.name, lang)
			}
			if !chainTemplates[s.step.Technique] {
				continue
			}
			// Every link between two cells says its house; a link inside a cell (4=1)
			// says nothing or "its only other candidate". So at least half the links
			// carry a bracket.
			open := map[explain.Lang]string{explain.EN: " (", explain.JA: "（"}[lang]
			links := len(s.step.Pattern.Chains[0].Nodes) - 1
			assert.GreaterOrEqual(t, strings.Count(p, open), links/2, "%s (%s): the links say their houses: %q", s.name, lang, p)
		}
	}
}
