package explain_test

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques"
)

// The puzzles of issue 10 (top1465 line numbers count its two comment lines).
var named = map[string]string{
	"P3":  "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
	"P18": "7.8...3.....6.1...4.........6.....253...8.......1...9..9.5....2....7.4...........",
	"P38": ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........",
	"P54": "....3..715..4.2............2..6..4...38.7..............7..8..1.6..5..2...........",
	"P71": "3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......",
	"PM":  "..7..2..3.9.3..6..6.......5...2..9..4.3.76.......8...15.......4.....1.7....63.1.8",
	// kaggle3m-easy's puzzle 777: XY-Wings (testdata/walkthroughs/07-kaggle-easy-777.yaml).
	"E777": "61...49.......13..........7...8264...2..9.........5..3..9..32.6..71....4..5.7.13.",
	// top1465's second puzzle: a forcing net whose branches share their starts.
	"T2": "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
}

// solved caches the traces of the named puzzles for the tests of this file.
type solved struct {
	once sync.Once
	tr   map[string]explain.Trace
	err  error
}

func (s *solved) trace(t *testing.T, name string) explain.Trace {
	t.Helper()
	s.once.Do(func() {
		s.tr = map[string]explain.Trace{}
		for n, grid := range named {
			b, err := board.Parse(grid)
			if err != nil {
				s.err = err
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			tr, err := techniques.Solve(ctx, b, techniques.Options{})
			cancel()
			if err != nil {
				s.err = err
				return
			}
			s.tr[n] = tr
		}
	})
	require.NoError(t, s.err)
	tr, ok := s.tr[name]
	require.True(t, ok, name)
	return tr
}

// narrate says the trace of a named puzzle in lang at detail d.
func narrate(t *testing.T, name string, lang explain.Lang, d explain.Detail) []explain.Narration {
	t.Helper()
	tr := traces.trace(t, name)
	tr.Lang = lang
	out, err := tr.Narrate(board.Classic, explain.NarrateOptions{Detail: d})
	require.NoError(t, err)
	require.Len(t, out, len(tr.Steps))
	return out
}

// traces is built once: solving the named puzzles takes a few seconds.
var traces solved

// TestNarrateFragments checks what a teacher would say at named steps of the issue's
// puzzles, in English and Japanese: one case per point of the issue.
func TestNarrateFragments(t *testing.T) {
	if testing.Short() {
		t.Skip("solves six hard puzzles")
	}
	// Each case is the step of the puzzle's walkthrough with the given one-liner,
	// found by it: the order of the techniques moves steps, not what a step says.
	cases := []struct {
		name   string
		puzzle string
		line   string
		en, ja []string
	}{
		{"a hidden single names what rules out each cell, grouped by the ruling digit", "P3", "Hidden Single: r9c3=7 (in b7)",
			[]string{"The 7 in r6c2 rules out r7c2, r8c2 and r9c2 through column 2", "the 7 in r7c7 rules out r7c1 and r7c3 through row 7"},
			[]string{"R6C2に7があるので、2列目のR7C2・R8C2・R9C2には7が入りません", "R7C7に7があるので、7行目の"}},
		{"a naked single names the house of each other digit and the steps that removed the rest", "P3", "Naked Single: r7c5=9",
			[]string{"row 7 has 1 in r7c4, 2 in r7c6 and 7 in r7c7; column 5 has 3 in r1c5 and 5 in r4c5; step 6 removed 8; step 9 removed 4 and 6"},
			[]string{"7行目には1・2・7（R7C4・R7C6・R7C7）が、5列目には3と5（R1C5とR4C5）がすでにあり、手順6で8が消え、手順9で4と6が消え"}},
		{"removals with several digits per group are joined by semicolons", "P3", "Locked Triple: 4,6,8 in r7c1,r7c2,r7c3 => r7c5<>4, r7c5<>6, r7c8<>6, r7c9<>6, r8c2<>6, r9c2<>4, r9c2<>6",
			[]string{"remove 4 and 6 from r7c5 and r9c2; 6 from r7c8, r7c9 and r8c2."},
			[]string{"R7C5とR9C2から4と6を、R7C8・R7C9・R8C2から6を除外できます。"}},
		{"a finned fish says column 1, 3 or 6", "P71", "Finned Swordfish: 8 r2,r5,r8 c1,c3,c6 fr8c2 => r7c3<>8, r9c1<>8",
			[]string{"a cell of column 1, 3 or 6 inside the fins' box, off rows 2, 5 and 8, cannot be 8"},
			[]string{"1列目・3列目・6列目のいずれかにあってフィンと同じブロックに属し"}},
		{"an XY-Wing is proved by cases on the pivot", "E777", "XY-Wing: 2,4,9 in r3c1,r3c4,r9c1 => r9c4<>2",
			[]string{"if r3c1 is 4, r9c1 (which sees it through column 1 and holds only 4 and 2) must be 2; if it is 9, r3c4 (which sees it through row 3 and holds only 9 and 2) must be 2. Either way r3c4 or r9c1 is 2."},
			[]string{"4なら軸と1列目を共有するR9C1（候補4と2だけ）が2、9なら軸と3行目を共有するR3C4（候補9と2だけ）が2になります。どちらの場合もR3C4かR9C1が2なので"}},
		{"an XYZ-Wing's pivot may be the free digit itself", "P54", "XYZ-Wing: 4,5,9 in r5c6,r4c5,r5c1 => r5c4<>9",
			[]string{"Take the cases of the pivot r5c6, which can only be 4, 5 or 9: if r5c6 is 4, r5c1 (which sees it through row 5 and holds only 4 and 9) must be 9", "if it is 9, it is the 9 itself"},
			[]string{"軸のマスR5C6に入るのは4・5・9のいずれかです。", "9なら軸自身が9"}},
		{"a chain through an almost locked set names the set once and the digit's places", "P3", "ALS Discontinuous Nice Loop: (2)r2c8-(2=8)r1c24789-(8=3)r48c4-(3)r4c2=(3)r23c2-(3=2)r2c135-(2)r2c8 => r2c8<>2",
			[]string{"so the almost locked set r1c2,r1c4,r1c7,r1c8,r1c9 {2,5,6,7,8,9} (five cells, six digits: with one digit out, each of the others must be in them) has its 8 in r1c4, so 8 is not in r4c4 or r8c4"},
			[]string{"R1C2・R1C4・R1C7・R1C8・R1C9は5マスに候補が2・5・6・7・8・9の6種類だけのALS", "R1C4が8→R4C4とR8C4のどちらも8でない"}},
		{"a set's places, not its cells, are what a link removes", "P3", "ALS Discontinuous Nice Loop: (2)r2c8-(2=8)r1c24789-(8=3)r48c4-(3)r4c2=(3)r23c2-(3=2)r2c135-(2)r2c8 => r2c8<>2",
			[]string{"Suppose r2c8 is 2: then 2 is not in r1c7 or r1c8 (box 3), so the almost locked set"},
			[]string{"仮にR2C8が2とすると、R1C7とR1C8のどちらも2でない"}},
		{"a forcing contradiction names the house left without a place", "P54", "Forcing Chain Contradiction: 9 in r1c7 => r1c7<>9",
			[]string{"(2) r5c1 is 9: the last place for 9 in column 1, so 9 leaves r5c4.", "So column 4 would have no place left for 9: r1c7 cannot be 9."},
			[]string{"（2）R5C1は9（1列目で9を置ける最後の場所）。R5C4から9が消えます。", "こうして4列目に9の置き場所がなくなります。"}},
		{"a net writes one fact a line with its reason, and opens with a summary", "P3", "Forcing Net Contradiction: 3 in r4c9 => r4c9<>3",
			[]string{"In short: if r4c9 were 3, row 2 would have no place left for 5; so remove 3 from r4c9.",
				"(4) r7c9 is 5: its last candidate, so 5 leaves r2c9.", "(8) r2c2 is 3: the last place for 3 in column 2."},
			[]string{"要するに、R4C9が3とすると、2行目に5の置き場所がなくなります。",
				"（4）R7C9は5（最後の候補）。R2C9から5が消えます。"}},
		{"a net's single rests on lines before it, named by the house it is last in", "T2", "Forcing Net Contradiction: 6 in r2c8 => r2c8<>6",
			[]string{"(3) r9c7 is 6: the last place for 6 in box 9.", "(7) r7c7 is 2: the last place for 2 in column 7, so 2 leaves r7c15."},
			[]string{"（3）R9C7は6（ブロック9で6を置ける最後の場所）。"}},
		{"a Death Blossom lists each petal once and goes case by case", "P71", "Death Blossom: 4 stem r9c2 => r9c6<>4",
			[]string{"r9c1,r9c4,r9c8 {1,4,6,9} for 1, 6 and 9; r8c3,r8c4 {3,4,5} for 3", "If the stem is 1, 6 or 9, its petal cannot hold that digit, so the petal's other digits fill it exactly",
				"Some petals share cells; that does no harm"},
			[]string{"1・6・9にはR9C1・R9C4・R9C8（候補1・4・6・9）", "茎が3なら", "花びらどうしが同じマスを含んでいますが"}},
		{"a continuous loop ties each elimination to its link", "P3", "Continuous Nice Loop: (5)r3c4=(5-3)r9c4=(3)r4c4-(3)r4c2=(3-9)r3c2=(9-5)r3c4 => r3c4<>4, r3c4<>7, r3c4<>8, r4c1<>3, r4c6<>3, r4c7<>3",
			[]string{"which fits the start: the loop closes without a clash", "The link inside r3c4 makes it 5 or 9: remove 4, 7 and 8 from r3c4.",
				"The link between r4c2 and r4c4 puts a 3 in one of the two, in row 4: remove 3 from r4c1, r4c6 and r4c7."},
			[]string{"R3C4の中のリンクにより、このマスは5か9になります。R3C4から4・7・8を除外できます。", "出発点の仮定と食い違わずにループが閉じます"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, lang := range []explain.Lang{explain.EN, explain.JA} {
				ns := narrate(t, tc.puzzle, lang, explain.DetailFull)
				at := slices.IndexFunc(ns, func(nr explain.Narration) bool { return nr.Line == tc.line })
				require.GreaterOrEqual(t, at, 0, "%s's walkthrough has no step %q", tc.puzzle, tc.line)
				nr := ns[at]
				want := tc.en
				if lang == explain.JA {
					want = tc.ja
				}
				for _, w := range want {
					assert.Contains(t, nr.Prose, w, "%s step %d in %s", tc.puzzle, at+1, lang)
				}
				// Claims the issue found false or circular are gone in both languages.
				for _, bad := range []string{"cells need three different digits", "3マスには3種類の数字が必要",
					"a petal that is the stem itself holds it", "茎そのものが花びらなら", "so R1C1 is not 5, and the loop"} {
					assert.NotContains(t, nr.Prose, bad)
				}
			}
		})
	}
}

// TestNarrateDetail checks the three detail levels on one walkthrough: brief says no
// prose, full explains every step, new explains a technique once then in one sentence
// and says the chain legend once.
func TestNarrateDetail(t *testing.T) {
	if testing.Short() {
		t.Skip("solves six hard puzzles")
	}
	for _, lang := range []explain.Lang{explain.EN, explain.JA} {
		t.Run(string(lang), func(t *testing.T) {
			brief := narrate(t, "P3", lang, explain.DetailBrief)
			full := narrate(t, "P3", lang, explain.DetailFull)
			fresh := narrate(t, "P3", lang, explain.DetailNew)
			legend := map[explain.Lang]string{explain.EN: `where "=" is a strong link`, explain.JA: "記号の「=」は強いリンク"}[lang]
			words := func(ns []explain.Narration) (n, legends int) {
				for _, nr := range ns {
					n += len([]rune(nr.Prose))
					legends += strings.Count(nr.Prose, legend)
				}
				return n, legends
			}
			for _, nr := range brief {
				assert.Empty(t, nr.Prose)
			}
			fullLen, fullLegends := words(full)
			newLen, newLegends := words(fresh)
			assert.Less(t, newLen, fullLen*3/4, "new says much less than full")
			assert.Greater(t, fullLegends, 1, "full explains the chain notation at every chain")
			assert.LessOrEqual(t, newLegends, 1, "new explains the chain notation once at most (loops of single candidates are links)")
			seen := map[string]bool{}
			for i, nr := range fresh {
				tech := traces.trace(t, "P3").Steps[i].Technique
				step := traces.trace(t, "P3").Steps[i]
				assert.Equal(t, seen[tech] && !explain.AlwaysInFull(step), nr.Short, "step %d (%s): short exactly when seen before, and never for a chain", i+1, tech)
				seen[tech] = true
				assert.Equal(t, full[i].Heading, nr.Heading)
			}
			// A net of singles is one chain of links at detail new, one fact a line at
			// full; the links' legend is said once.
			links := map[explain.Lang]string{explain.EN: "each link places a digit", explain.JA: "各リンクは"}[lang]
			linked, linkLegends := 0, 0
			for _, nr := range fresh {
				linkLegends += strings.Count(nr.Prose, links)
			}
			for i, nr := range fresh {
				p := traces.trace(t, "P3").Steps[i].Pattern.Proof
				if p == nil || !p.View().Linked() {
					continue
				}
				linked++
				first := p.View().Items[1].Line.Cand
				link := board.Classic.CellName(first.Cell) + "=" + first.Digit.String()
				if lang == explain.JA {
					link = strings.ToUpper(link)
				}
				assert.Contains(t, nr.Prose, link, "step %d at new", i+1)
				assert.NotContains(t, full[i].Prose, link, "step %d at full", i+1)
				assert.NotContains(t, nr.Prose, "(1)", "step %d at new", i+1)
			}
			assert.Greater(t, linked, 1, "P3 has nets of singles")
			assert.Equal(t, 1, linkLegends, "the links' legend is said once, by a proof or a loop")
			// A loop is written once, in the heading: at new its prose does not repeat
			// the notation, at full it does.
			loops, plain := 0, 0
			for i, nr := range fresh {
				s := traces.trace(t, "P3").Steps[i]
				if !strings.Contains(s.Technique, "discontinuous-nice-loop") {
					continue
				}
				loops++
				notation := strings.ToUpper(explain.Eureka(board.Classic, s.Pattern.Chains[0]))
				assert.NotContains(t, strings.ToUpper(nr.Prose), notation, "step %d at new", i+1)
				assert.Contains(t, strings.ToUpper(full[i].Prose), notation, "step %d at full", i+1)
				if s.Technique == "discontinuous-nice-loop" {
					plain++
					// Of single candidates: a chain of links, from the first node the
					// assumption makes true.
					w := explain.WalkChain(board.Classic, s.Pattern.Chains[0])
					link := strings.ToUpper(board.Classic.CellName(w[2].Cells[0]) + "=" + w[2].Digit.String())
					require.True(t, w[2].True, "step %d", i+1)
					assert.Contains(t, strings.ToUpper(nr.Prose), link, "step %d at new", i+1)
					assert.NotContains(t, strings.ToUpper(full[i].Prose), link, "step %d at full", i+1)
				}
			}
			assert.Greater(t, plain, 0, "P3 has discontinuous loops of single candidates")
			// What an almost locked set is: said once at new, at every set step at full.
			alsDef := map[explain.Lang]string{explain.EN: "one digit more than", explain.JA: "マスの数より候補の種類が1つだけ多い"}[lang]
			sets, newDefs, fullDefs := 0, 0, 0
			for i := range fresh {
				if tech := traces.trace(t, "P3").Steps[i].Technique; tech == "als-xz" || tech == "als-xy-wing" || tech == "als-chain" {
					sets++
				}
				newDefs += strings.Count(fresh[i].Prose, alsDef)
				fullDefs += strings.Count(full[i].Prose, alsDef)
			}
			assert.Greater(t, sets, 1, "P3 has ALS-XZ and ALS-XY-Wing steps")
			assert.Equal(t, 1, newDefs, "new says what an almost locked set is once")
			assert.GreaterOrEqual(t, fullDefs, sets, "full says it at every set step")
			assert.GreaterOrEqual(t, loops, plain)
			// The second pointing says one sentence at detail new.
			second := pointingSteps(full)[1]
			want := map[explain.Lang]string{explain.EN: "Locked Candidates Type 1 (Pointing) again (5 in b4): remove 5 from r1c3, r2c3 and r3c3.",
				explain.JA: "ブロック4の5に再びポインティングを使うと、R1C3・R2C3・R3C3から5を除外できます。"}[lang]
			assert.Equal(t, want, fresh[second].Prose)
			assert.True(t, fresh[second].Bare, "an \"again\" sentence says what the heading says")
			// A single already explained is bare unless given pencil marks are its
			// reason; its Note names the steps that removed its other candidates.
			bareSingles := 0
			for i, nr := range fresh {
				s := traces.trace(t, "P3").Steps[i]
				if !nr.Short {
					assert.False(t, nr.Bare, "step %d (%s) is said in full", i+1, s.Technique)
					continue
				}
				if !strings.HasSuffix(s.Technique, "-single") && s.Technique != "full-house" {
					continue
				}
				assert.True(t, nr.Bare, "step %d (%s)", i+1, s.Technique)
				bareSingles++
				for _, r := range nr.Witnesses.Steps {
					assert.Contains(t, nr.Note, strconv.Itoa(r.Step), "step %d: the note names step %d", i+1, r.Step)
				}
				if len(nr.Witnesses.Steps) == 0 {
					assert.Empty(t, nr.Note, "step %d", i+1)
				}
			}
			assert.Greater(t, bareSingles, 10, "P3's later singles are bare")
		})
	}
}

// pointingSteps returns the indices of the pointing steps of a narrated walkthrough.
func pointingSteps(ns []explain.Narration) []int {
	var out []int
	for i, nr := range ns {
		if strings.HasPrefix(nr.Line, "Locked Candidates Type 1 (Pointing):") {
			out = append(out, i)
		}
	}
	return out
}

// TestNarrateJapaneseHeadings checks that the line after the step number is Japanese.
func TestNarrateJapaneseHeadings(t *testing.T) {
	if testing.Short() {
		t.Skip("solves six hard puzzles")
	}
	ja := narrate(t, "P3", explain.JA, explain.DetailNew)
	assert.Equal(t, "隠れたシングル（ヒドゥンシングル）：R9C3=7（ブロック7）", ja[0].Heading)
	assert.Equal(t, "ポインティング：ブロック7の2 ⇒ R1C2≠2、R2C2≠2、R3C2≠2、R4C2≠2", ja[pointingSteps(ja)[0]].Heading)
	en := narrate(t, "P3", explain.EN, explain.DetailNew)
	assert.Equal(t, en[0].Line, en[0].Heading, "English headings are the one-liners")
	// No calque survives anywhere in the Japanese walkthroughs.
	for name := range named {
		for i, nr := range narrate(t, name, explain.JA, explain.DetailFull) {
			for _, bad := range []string{"の上に", "魚の形", "行列側", "墓", "needs a"} {
				assert.NotContains(t, nr.Prose, bad, "%s step %d", name, i+1)
			}
		}
	}
}

// TestWriteTextWraps checks the width of prose lines, counting a Japanese character as
// two columns, and that the whole prose survives the wrapping.
func TestWriteTextWraps(t *testing.T) {
	if testing.Short() {
		t.Skip("solves six hard puzzles")
	}
	for _, lang := range []explain.Lang{explain.EN, explain.JA} {
		for _, width := range []int{0, 60} {
			tr := traces.trace(t, "P18")
			tr.Lang = lang
			var buf bytes.Buffer
			require.NoError(t, explain.WriteText(&buf, board.Classic, tr, explain.TextOptions{Detail: explain.DetailFull, Width: width}))
			limit := width
			if limit == 0 {
				limit = 80
			}
			inSteps := false
			for _, line := range strings.Split(buf.String(), "\n") {
				if strings.HasPrefix(line, "    ") {
					inSteps = true
					// Japanese lets closing punctuation hang past the end (ぶら下げ).
					hang := 0
					for r := []rune(line); len(r) > 0 && strings.ContainsRune("、。）」・：", r[len(r)-1]); r = r[:len(r)-1] {
						hang += 2
					}
					assert.LessOrEqual(t, columns(line), limit+hang, "%q", line)
				}
			}
			assert.True(t, inSteps)
		}
	}
}

// columns counts a line's width in a terminal: CJK characters take two columns.
func columns(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x2e80 {
			n++
		}
	}
	return n
}

// TestWriteTextGroupsSingles checks that with GroupSingles runs of singles become one
// group with every placement in link notation, and that steps between them keep their
// numbers.
func TestWriteTextGroupsSingles(t *testing.T) {
	if testing.Short() {
		t.Skip("solves six hard puzzles")
	}
	tr := traces.trace(t, "PM")
	for _, lang := range []explain.Lang{explain.EN, explain.JA} {
		tr.Lang = lang
		var grouped, plain bytes.Buffer
		require.NoError(t, explain.WriteText(&grouped, board.Classic, tr, explain.TextOptions{GroupSingles: true, Width: -1}))
		require.NoError(t, explain.WriteText(&plain, board.Classic, tr, explain.TextOptions{Width: -1}))
		head := map[explain.Lang]string{explain.EN: "Singles, steps ", explain.JA: "シングル（手順"}[lang]
		require.Contains(t, grouped.String(), head)
		assert.Less(t, grouped.Len(), plain.Len())
		// Every placement of a single is still written.
		for _, s := range tr.Steps {
			if s.Technique == "hidden-single" || s.Technique == "naked-single" || s.Technique == "full-house" {
				p := board.Classic.PlacementName(s.Placements[0])
				if lang == explain.JA {
					p = strings.ToUpper(p) // R1C2=5: cells in Japanese are upper case
				}
				assert.Regexp(t, regexp.QuoteMeta(p)+`[,.\n \x{a0}（、。]`, grouped.String())
			}
		}
		assert.Equal(t, strings.Count(grouped.String(), head), strings.Count(grouped.String(), singlesWhy[lang]),
			"with GroupSingles every group says what its notation means")
	}
}

// singlesWhy begins the sentence that says what a group of singles' notation means.
var singlesWhy = map[explain.Lang]string{explain.EN: "Each is the last place for its digit", explain.JA: "どれも、括弧内のハウス"}

// TestWriteTextGroupsBareSingles checks the default walkthrough: once it has said how
// links read, each run of two or more bare singles is one group, numbered by its
// first step, that writes every placement as a link (its house in brackets) with the
// steps its Note names; before that (a walkthrough without nets or loops, as the
// golden files keep) each single keeps its heading. Every step keeps its number.
func TestWriteTextGroupsBareSingles(t *testing.T) {
	if testing.Short() {
		t.Skip("solves six hard puzzles")
	}
	groups, before := 0, 0 // runs grouped, and runs written a single a line before the rule
	for _, name := range []string{"PM", "P3", "T2"} {
		tr := traces.trace(t, name)
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			tr.Lang = lang
			var buf bytes.Buffer
			require.NoError(t, explain.WriteText(&buf, board.Classic, tr, explain.TextOptions{Width: -1}))
			text := buf.String()
			nrs, err := tr.Narrate(board.Classic, explain.NarrateOptions{})
			require.NoError(t, err)
			isBare := func(k int) bool {
				id := tr.Steps[k].Technique
				return nrs[k].Bare && (id == "hidden-single" || id == "naked-single" || id == "full-house")
			}
			// Where the links' rule is said, if it is.
			rule := strings.Index(text, map[explain.Lang]string{explain.EN: "each link places a digit", explain.JA: "各リンクは"}[lang])
			numbered := func(n int) int { // where step n's line starts
				loc := regexp.MustCompile(fmt.Sprintf(`(?m)^ *%d\. `, n)).FindStringIndex(text)
				require.NotNil(t, loc, "%s %s: step %d has its number", name, lang, n)
				return loc[0]
			}
			notes := 0
			for i := 0; i < len(nrs); i++ {
				j := i
				for j < len(nrs) && isBare(j) {
					j++
				}
				at := numbered(i + 1)
				if j-i < 2 || rule < 0 || rule > at {
					if j-i >= 2 {
						before++
					}
					// Steps of their own, each under its number, a bare single with its
					// heading alone.
					for k := i; k < max(j, i+1); k++ {
						line := text[numbered(k+1):]
						line = line[:strings.Index(line, "\n")]
						assert.Contains(t, line, nrs[k].Heading+nrs[k].Note, "%s %s: step %d", name, lang, k+1)
					}
					i = max(j, i+1) - 1
					continue
				}
				head := fmt.Sprintf("%d. Singles, steps %d to %d: ", i+1, i+1, j)
				if lang == explain.JA {
					head = fmt.Sprintf("%d. シングル（手順%d〜%d）：", i+1, i+1, j)
				}
				line := text[at:]
				line = strings.TrimLeft(line[:strings.Index(line, "\n")], " ")
				require.True(t, strings.HasPrefix(line, head), "%s %s: the group of steps %d to %d: %q", name, lang, i+1, j, line)
				for k := i; k < j; k++ {
					if lang != explain.EN {
						assert.Contains(t, line, strings.ToUpper(board.Classic.PlacementName(tr.Steps[k].Placements[0])))
						continue
					}
					// The item as the links' rule reads it, with the Note's steps.
					item := board.Classic.PlacementName(tr.Steps[k].Placements[0])
					var in []string
					if hs := tr.Steps[k].Pattern.Houses; len(hs) > 0 {
						in = append(in, board.Classic.HouseName(hs[0]))
					}
					if after := nrs[k].After; len(after) > 0 {
						list := make([]string, len(after))
						for n, a := range after {
							list[n] = strconv.Itoa(a)
							assert.Contains(t, nrs[k].Note, list[n])
						}
						word := "step"
						if len(after) > 1 {
							word = "steps"
						}
						in = append(in, "after\u00a0"+word+"\u00a0"+andJoin(list))
						notes++
					}
					if len(in) > 0 {
						item += "\u00a0(" + strings.Join(in, ", ") + ")"
					}
					assert.Regexp(t, regexp.QuoteMeta(item)+`[,.]`, line, "%s: step %d", name, k+1)
				}
				groups++
				i = j - 1
			}
			if lang == explain.EN && strings.Contains(text, "Singles, steps") {
				assert.Positive(t, notes, "%s: some grouped single rests on earlier steps", name)
			}
			assert.Zero(t, strings.Count(text, singlesWhy[lang]), "%s %s: the links' rule said what the notation means", name, lang)
		}
	}
	assert.Positive(t, groups, "runs of bare singles after the links' rule")
	assert.Positive(t, before, "runs of bare singles before it")
}

// andJoin joins a list the English way: "1", "1 and 2", "1, 2 and 3".
func andJoin(list []string) string {
	if len(list) == 1 {
		return list[0]
	}
	return strings.Join(list[:len(list)-1], ", ") + " and " + list[len(list)-1]
}

// TestNarratorAlong says the steps of a walk one at a time, as they come from the
// walk's OnStep, and checks that they are what Narrate says of the whole trace, and
// that WriteText given them writes what it writes saying the steps itself: the
// command says a walk's steps while it goes on.
func TestNarratorAlong(t *testing.T) {
	b, err := board.Parse(named["T2"])
	require.NoError(t, err)
	for _, lang := range []explain.Lang{explain.EN, explain.JA} {
		for _, d := range []explain.Detail{explain.DetailNew, explain.DetailFull, explain.DetailBrief} {
			start := explain.NewTrace(b)
			start.Lang = lang
			nr, err := explain.NewNarrator(board.Classic, start, explain.NarrateOptions{Detail: d})
			require.NoError(t, err)
			tr, err := techniques.Solve(context.Background(), b, techniques.Options{OnStep: func(i int, s explain.Step) {
				require.Len(t, nr.Said(), i, "OnStep counts the steps from 0")
				_, err := nr.Say(s)
				require.NoError(t, err)
			}})
			require.NoError(t, err)
			tr.Lang = lang
			want, err := tr.Narrate(board.Classic, explain.NarrateOptions{Detail: d})
			require.NoError(t, err)
			require.Equal(t, want, nr.Said(), "%s at %s", lang, d)

			var got, fresh bytes.Buffer
			require.NoError(t, explain.WriteText(&got, board.Classic, tr, explain.TextOptions{Detail: d, Narrations: nr.Said()}))
			require.NoError(t, explain.WriteText(&fresh, board.Classic, tr, explain.TextOptions{Detail: d}))
			require.Equal(t, fresh.String(), got.String(), "%s at %s", lang, d)
			// And it writes them, not its own: a mark put in the given ones shows.
			marked := slices.Clone(nr.Said())
			marked[0].Heading = "MARKED HEADING"
			got.Reset()
			require.NoError(t, explain.WriteText(&got, board.Classic, tr, explain.TextOptions{Detail: d, Narrations: marked}))
			require.Contains(t, got.String(), "MARKED HEADING")
		}
	}
}

// TestNarratorBadStep: a step that does not hold on the Narrator's board is an error
// naming its number, and says nothing.
func TestNarratorBadStep(t *testing.T) {
	b, err := board.Parse(named["T2"])
	require.NoError(t, err)
	nr, err := explain.NewNarrator(board.Classic, explain.NewTrace(b), explain.NarrateOptions{})
	require.NoError(t, err)
	given := b.Givens().Cells()[0]
	_, err = nr.Say(explain.Step{Technique: "naked-single", Placements: []board.Candidate{{Cell: given, Digit: b.Value(given)%9 + 1}}})
	require.ErrorContains(t, err, "step 1")
	require.Empty(t, nr.Said())
}
