package hint

import (
	"bufio"
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
)

const (
	// example is the CLI's built-in puzzle; exampleSolution its one solution.
	example         = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."
	exampleSolution = "316578492529134768487629531263415987974863125851792643138947256692351874745286319"
	// kaggle is line 1 of kaggle3m-medium; kagglePlayer a player's grid on it whose
	// r1c2=7 repeats the given 7 of r1c3.
	kaggle       = "..7..2..3.9.3..6..6.......5...2..9..4.3.76.......8...15.......4.....1.7....63.1.8"
	kagglePlayer = ".77.62.93.9.3..6.763..9...5...213946413976582...4857315.1.293643....1279...63.158"
	// top1465P3 is puzzle 3 of top1465.
	top1465P3 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	// several is the example without its givens r1c2 (absent already) and r1c3: it has
	// more than one solution.
	several = "3..5.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."
	// noSolution is the example with r1c8=2, which its row, column and box allow.
	noSolution = "3.65.842.52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."
)

func parse(t *testing.T, s string) *board.Board {
	t.Helper()
	b, err := board.Parse(s)
	require.NoError(t, err)
	return b
}

func marks(t *testing.T, s string) *board.Marks {
	t.Helper()
	m, err := board.ParseMarks(s)
	require.NoError(t, err)
	return m
}

// stateBefore returns the puzzle's state before the first step of its walkthrough
// that uses the given technique, and that step.
func stateBefore(t *testing.T, puzzle, technique string) (*board.Board, explain.Step) {
	t.Helper()
	pz := parse(t, puzzle)
	tr, err := techniques.Solve(t.Context(), pz, techniques.Options{})
	require.NoError(t, err)
	st := pz.Clone()
	for _, s := range tr.Steps {
		if s.Technique == technique {
			return st, s
		}
		require.NoError(t, explain.Apply(st, s))
	}
	require.Failf(t, "no such step", "the walkthrough has no %s step", technique)
	return nil, explain.Step{}
}

// chainTarget is the cell and digit a one-elimination chain step removes.
func chainTarget(t *testing.T, s explain.Step) (string, string) {
	t.Helper()
	require.Len(t, s.Eliminations, 1, "a chain step with one target")
	e := s.Eliminations[0]
	return board.Classic.CellName(e.Cell), e.Digit.String()
}

// withCell returns s with cell c replaced by r.
func withCell(s string, c int, r string) string { return s[:c] + r + s[c+1:] }

func TestGive(t *testing.T) {
	p3, loop := stateBefore(t, top1465P3, "grouped-discontinuous-nice-loop")
	loopCell, _ := chainTarget(t, loop)
	loopWhere := "Look at row 1, digit 4 or 9."
	require.NotContains(t, loopWhere, loopCell+",", "level 2 never names the cell that changes")
	// The 729-character form of the example with every cell of row 9 unmarked.
	line := parse(t, example).CandidateLine()
	unmarkedRow := line[:8*81] + strings.Repeat(".", 81)
	pm := parse(t, example).PencilMarks()
	tests := []struct {
		name string
		req  Request
		// want: the status, the technique, the hint texts, and the mistakes as
		// "cell kind" (and a part of their text).
		status    Status
		technique string
		hints     []string
		mistakes  []string
		texts     []string
		unique    bool
		// check, when set, looks further.
		check func(t *testing.T, h Hint)
	}{
		{
			name:   "a right entry: the next step",
			req:    Request{Puzzle: parse(t, example), Grid: parse(t, withCell(example, 1, "1")), Level: 2},
			status: Found, technique: "hidden-single", unique: true,
			hints: []string{"Look for a pattern of this kind: Hidden Single.", "Look at box 1, digit 9."},
		},
		{
			name:   "a wrong entry is named by place only",
			req:    Request{Puzzle: parse(t, example), Grid: parse(t, withCell(example, 1, "9")), Level: 3},
			status: Mistakes, unique: true,
			mistakes: []string{"r1c2 wrong-entry"}, texts: []string{"this entry is not right"},
		},
		{
			name:   "a wrong entry that repeats a given says so",
			req:    Request{Puzzle: parse(t, kaggle), Grid: parse(t, kagglePlayer), Level: 3},
			status: Mistakes, unique: true,
			mistakes: []string{"r1c2 repeat"}, texts: []string{"row 1 already has a 7 at r1c3"},
		},
		{
			name:   "a wrong entry that repeats, in Japanese",
			req:    Request{Puzzle: parse(t, kaggle), Grid: parse(t, kagglePlayer), Lang: explain.JA, Level: 3},
			status: Mistakes, unique: true,
			mistakes: []string{"r1c2 repeat"}, texts: []string{"1行目のR1C3にすでに7があります"},
		},
		{
			name:   "a given changed",
			req:    Request{Puzzle: parse(t, example), Grid: parse(t, withCell(example, 0, "4"))},
			status: GivenChanged, unique: true,
		},
		{
			name:   "one mark is a mark: r1c2 marked 9 alone lacks its 1, and only r1c2 is blamed",
			req:    Request{Puzzle: parse(t, example), Marks: marks(t, strings.Replace(pm, " 19 ", " 9  ", 1)), Level: 3},
			status: Mistakes, unique: true,
			mistakes: []string{"r1c2 mark-removed"}, texts: []string{"a pencil mark was removed"},
		},
		{
			name:   "one mark that is right is kept as a mark",
			req:    Request{Puzzle: parse(t, example), Marks: marks(t, strings.Replace(pm, " 19 ", " 1  ", 1)), Level: 4},
			status: Found, unique: true, technique: "hidden-single",
			check: func(t *testing.T, h Hint) {
				assert.Equal(t, board.Digit(0), h.Board.Value(1), "r1c2 is not placed")
				assert.Equal(t, board.DigitsOf(1), h.Board.Candidates(1), "r1c2 keeps its one mark")
				assert.True(t, h.Board.Has(7, 9), "r1c8 keeps the 9 that a given 9 in r1c2 would remove")
			},
		},
		{
			name:   "unmarked cells of a candidate line are not mistakes",
			req:    Request{Puzzle: parse(t, example), Marks: marks(t, unmarkedRow)},
			status: Found, unique: true, technique: "hidden-single",
		},
		{
			name:   "level 2 names where the chain is and its digits, not its target",
			req:    Request{Puzzle: parse(t, top1465P3), Grid: p3, Marks: board.MarksOf(p3), Level: 2},
			status: Found, unique: true, technique: "grouped-discontinuous-nice-loop",
			hints: []string{"Look for a pattern of this kind: Grouped Discontinuous Nice Loop.", loopWhere},
		},
		{
			name:   "several solutions: a step that holds in all, and a note",
			req:    Request{Puzzle: parse(t, several), Level: 1},
			status: Found, unique: false, technique: "hidden-single",
			hints: []string{"Look for a pattern of this kind: Hidden Single."},
		},
		{
			name:   "several solutions: an entry that leaves no solution",
			req:    Request{Puzzle: parse(t, several), Grid: parse(t, withCell(several, 1, "6")), Level: 3},
			status: Mistakes, unique: false,
			mistakes: []string{"r1c2 wrong-entry"},
		},
		{
			name:   "several solutions: an entry that repeats a given",
			req:    Request{Puzzle: parse(t, several), Grid: parse(t, withCell(several, 1, "3")), Level: 3},
			status: Mistakes, unique: false,
			mistakes: []string{"r1c2 repeat"}, texts: []string{"row 1 already has a 3 at r1c1"},
		},
		{
			name:   "an invalid puzzle",
			req:    Request{Puzzle: parse(t, withCell(example, 1, "3"))},
			status: Invalid,
		},
		{
			name:   "no solution",
			req:    Request{Puzzle: parse(t, noSolution)},
			status: NoSolution,
		},
		{
			name:   "solved",
			req:    Request{Puzzle: parse(t, example), Grid: parse(t, exampleSolution)},
			status: Solved, unique: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h, err := Give(t.Context(), tc.req)
			require.NoError(t, err)
			assert.Equal(t, tc.status, h.Status, "problem %q, mistakes %v", h.Problem, h.Mistakes)
			if tc.status != Invalid && tc.status != NoSolution {
				assert.Equal(t, tc.unique, h.Unique, "unique")
			}
			assert.Equal(t, tc.technique, h.Technique)
			if tc.hints != nil {
				assert.Equal(t, tc.hints, h.Hints)
			}
			var got []string
			for _, m := range h.Mistakes {
				got = append(got, m.Cell+" "+string(m.Kind))
			}
			assert.Equal(t, tc.mistakes, got)
			for i, want := range tc.texts {
				assert.Contains(t, h.Mistakes[i].Text, want)
			}
			if tc.check != nil {
				tc.check(t, h)
			}
			switch h.Status {
			case Found:
				assert.Len(t, h.Hints, max(tc.req.Level, 1))
				assert.Empty(t, h.Problem)
				assert.NotNil(t, h.Board)
				assert.Equal(t, !h.Unique, h.Note != "", "the note says when the puzzle is not unique")
			case Mistakes:
				assert.Empty(t, h.Hints)
			default:
				assert.NotEmpty(t, h.Problem)
				assert.Empty(t, h.Hints)
			}
		})
	}
}

func TestGiveNeverUsesUniquenessOnSeveral(t *testing.T) {
	// Walk a puzzle with several solutions as far as hints go: every step is of a
	// technique that holds without uniqueness, and the walk ends stuck or solved.
	st := parse(t, several)
	for n := range 100 {
		h, err := Give(t.Context(), Request{Puzzle: parse(t, several), Grid: st, Marks: board.MarksOf(st), Level: 4})
		require.NoError(t, err)
		if h.Status != Found {
			assert.Equal(t, Stuck, h.Status, h.Problem)
			assert.Greater(t, n, 10, "hints given before the walk stuck")
			assert.Contains(t, h.Problem, "more than one solution")
			return
		}
		tech, ok := techniques.ByID(h.Technique)
		require.True(t, ok, h.Technique)
		assert.False(t, tech.NeedsUnique, "%s needs uniqueness", h.Technique)
		s, err := h.Step.Step(st.Layout())
		require.NoError(t, err)
		require.NoError(t, explain.Apply(st, s))
	}
	t.Fatal("no end after 100 hints")
}

func TestGiveLevels(t *testing.T) {
	pz := parse(t, example)
	for level := 1; level <= explain.HintLevels; level++ {
		h, err := Give(t.Context(), Request{Puzzle: pz, Level: level})
		require.NoError(t, err)
		require.Len(t, h.Hints, level)
		assert.Equal(t, level == explain.HintLevels, h.Step != nil, "the step only at the last level")
	}
	h, err := Give(t.Context(), Request{Puzzle: pz, Level: 4})
	require.NoError(t, err)
	assert.Equal(t, "Place 5 in r3c7. (Hidden Single: r3c7=5 (in b3))", h.Hints[3], "a sentence with a verb, then the notation")
}

// cellOrHouse matches the names of cells and houses, whose numbers are not digits
// of the answer.
var cellOrHouse = regexp.MustCompile(`[rR]\d[cC]\d|(?i:row|column|box) \d|\d(行|列)|ブロック\d`)

func TestSinglesLevel3HasNoDigit(t *testing.T) {
	// The walkthroughs of these puzzles hold full houses, hidden and naked singles.
	seen := map[string]bool{}
	for _, p := range []string{example, kaggle, top1465P3} {
		pz := parse(t, p)
		st := pz.Clone()
		for !st.Solved() {
			h, err := Give(t.Context(), Request{Puzzle: pz, Grid: st, Marks: board.MarksOf(st), Level: 4})
			require.NoError(t, err)
			require.Equal(t, Found, h.Status, h.Problem)
			s, err := h.Step.Step(st.Layout())
			require.NoError(t, err)
			switch h.Technique {
			case "full-house", "hidden-single", "naked-single":
				seen[h.Technique] = true
				for _, lang := range []explain.Lang{explain.EN, explain.JA} {
					hl, err := Give(t.Context(), Request{Puzzle: pz, Grid: st, Marks: board.MarksOf(st), Level: 3, Lang: lang})
					require.NoError(t, err)
					d := s.Placements[0].Digit.String()
					reason := cellOrHouse.ReplaceAllString(hl.Hints[2], "")
					if h.Technique == "hidden-single" {
						// Level 2 gave the house and the digit; level 3 names the digits
						// that rule out the other cells, and leaves the cell to find.
						c := st.Layout().CellName(s.Placements[0].Cell)
						require.NotContains(t, strings.ToLower(hl.Hints[2]), c, "hidden single level 3 in %s gives the cell: %s", lang, hl.Hints[2])
						continue
					}
					require.NotContains(t, reason, d, "%s level 3 in %s gives the digit: %s", h.Technique, lang, hl.Hints[2])
				}
			}
			require.NoError(t, explain.Apply(st, s))
		}
	}
	assert.Len(t, seen, 3, "the walks met every single: %v", seen)
}

func TestGiveJapaneseMove(t *testing.T) {
	p3, loop := stateBefore(t, top1465P3, "grouped-discontinuous-nice-loop")
	c, d := chainTarget(t, loop)
	h, err := Give(t.Context(), Request{Puzzle: parse(t, top1465P3), Grid: p3, Marks: board.MarksOf(p3), Level: 4, Lang: explain.JA})
	require.NoError(t, err)
	require.Len(t, h.Hints, 4)
	c = strings.ToUpper(c) // Japanese writes cells R1C6
	assert.True(t, strings.HasPrefix(h.Hints[3], "答え："+c+"の候補から"+d+"を消します。グループ化不連続ナイスループ："), h.Hints[3])
	assert.NotContains(t, h.Hints[1], c, "level 2 does not name the cell that changes")
	assert.NotRegexp(t, "[A-Za-z]{2,}", h.Hints[3], "no English in a Japanese hint")
}

func TestGiveErrors(t *testing.T) {
	four, err := board.Parse("1.3..2..........")
	require.NoError(t, err)
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"no puzzle", Request{}, "no puzzle"},
		{"level too high", Request{Puzzle: parse(t, example), Level: 5}, "level 5"},
		{"a grid of another size", Request{Puzzle: parse(t, example), Grid: four}, "the grid is 4x4, the puzzle 9x9"},
		{"marks of another size", Request{Puzzle: parse(t, example), Marks: board.MarksOf(four)}, "the marks are 4x4"},
		{"an unknown language", Request{Puzzle: parse(t, example), Lang: "fr"}, `"fr"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Give(t.Context(), tc.req)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestGiveAgainstSolutions checks hints on real puzzles at several points of their
// walkthroughs: the move holds in the solution, and a wrong entry is found by place.
func TestGiveAgainstSolutions(t *testing.T) {
	const path = "../../../shared/puzzles/kaggle3m-hard.txt"
	f, err := os.Open(path)
	if err != nil {
		t.Skip("the kaggle puzzles are absent")
	}
	defer f.Close()
	n := 20
	if testing.Short() {
		n = 5
	}
	sc := bufio.NewScanner(f)
	hints, puzzles := 0, 0
	defer func() {
		if !t.Failed() {
			t.Logf("%d hints on %d puzzles, every move kept the solution", hints, puzzles)
		}
	}()
	for i := 0; i < n && sc.Scan(); i++ {
		puzzles++
		pz := parse(t, sc.Text())
		sol, err := fallback.Unique(t.Context(), pz)
		require.NoError(t, err)
		st := pz.Clone()
		for k := 0; !st.Solved(); k++ {
			h, err := Give(t.Context(), Request{Puzzle: pz, Grid: st, Marks: board.MarksOf(st), Level: 4})
			require.NoError(t, err)
			require.Equal(t, Found, h.Status, "line %d, hint %d: %s %v", i+1, k+1, h.Problem, h.Mistakes)
			hints++
			s, err := h.Step.Step(st.Layout())
			require.NoError(t, err)
			for _, p := range s.Placements {
				require.Equal(t, sol[p.Cell], p.Digit, "line %d: %s", i+1, explain.OneLiner(st.Layout(), s))
			}
			for _, e := range s.Eliminations {
				require.NotEqual(t, sol[e.Cell], e.Digit, "line %d: %s", i+1, explain.OneLiner(st.Layout(), s))
			}
			if k == 3 {
				// A wrong digit in the first empty cell: found, named, not revealed.
				for c := range board.Cell(st.Layout().Cells()) {
					if st.Value(c) != 0 {
						continue
					}
					wrong := st.Candidates(c).Without(sol[c]).First()
					if wrong == 0 {
						break
					}
					g := st.Clone()
					require.NoError(t, g.Place(c, wrong))
					hw, err := Give(t.Context(), Request{Puzzle: pz, Grid: g, Level: 3})
					require.NoError(t, err)
					require.Equal(t, Mistakes, hw.Status)
					require.Len(t, hw.Mistakes, 1)
					assert.Equal(t, st.Layout().CellName(c), hw.Mistakes[0].Cell)
					assert.NotContains(t, cellOrHouse.ReplaceAllString(hw.Mistakes[0].Text, ""), sol[c].String())
					assert.Zero(t, hw.Mistakes[0].Digit)
					break
				}
			}
			require.NoError(t, explain.Apply(st, s))
		}
	}
}

// TestMistakeStages: a mistake is revealed as a hint is, at the player's request:
// that there is one (and how many), then its house, then its cell, then the digit
// that belongs there; each level in the request's language, the cell in its words.
func TestMistakeStages(t *testing.T) {
	pz := parse(t, example)
	grid := parse(t, withCell(example, 1, "9")) // r1c2 holds 1
	for _, lang := range []explain.Lang{explain.EN, explain.JA} {
		var texts []string
		for level := 1; level <= explain.HintLevels; level++ {
			h, err := Give(t.Context(), Request{Puzzle: pz, Grid: grid, Level: level, Lang: lang})
			require.NoError(t, err)
			require.Equal(t, Mistakes, h.Status)
			require.Len(t, h.Mistakes, 1)
			assert.Equal(t, level, h.Level)
			m := h.Mistakes[0]
			texts = append(texts, m.Text)
			cell := map[explain.Lang]string{explain.EN: "r1c2", explain.JA: "R1C2"}[lang]
			house := map[explain.Lang]string{explain.EN: "box 1", explain.JA: "ブロック1"}[lang]
			assert.Equal(t, level >= 2, m.House == "b1", "level %d (%s): the house %q", level, lang, m.House)
			assert.Equal(t, level == 2, strings.Contains(m.Text, house), "level %d (%s): %q", level, lang, m.Text)
			assert.Equal(t, level >= 3, m.Cell == "r1c2", "level %d (%s): the cell %q", level, lang, m.Cell)
			assert.Equal(t, level >= 3, strings.Contains(m.Text, cell), "level %d (%s): %q", level, lang, m.Text)
			assert.Equal(t, level == 4, m.Digit == 1, "level %d (%s): the digit %d", level, lang, m.Digit)
			assert.Equal(t, level == 4, strings.Contains(cellOrHouse.ReplaceAllString(m.Text, ""), "1"), "level %d (%s): %q", level, lang, m.Text)
			var buf bytes.Buffer
			require.NoError(t, h.WriteText(&buf))
			if lang == explain.JA {
				assert.NotContains(t, buf.String(), "r1c2", "the cell in one style")
			}
		}
		t.Logf("%s: %q", lang, texts)
	}
}
