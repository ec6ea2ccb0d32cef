package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
)

func hintCommand() command {
	c := command{
		name:  "hint",
		usage: "[flags] PUZZLE [--grid PLAYER] [--marks MARKS] [--level 1-4]",
		short: "the next step for a stuck player, revealed in stages",
		long: `Gives a stuck player a hint from their own grid. PUZZLE is the original
puzzle; --grid is the player's grid (the givens and their own entries); --marks,
optionally, their pencil marks (a pencil-mark grid or a 729-character line). One
string that marks the player's entries with '+' before the digit (HoDoKu's way)
may be given as PUZZLE instead of --grid. Any of them may be a file name.

First the player's grid is checked against the solution: a wrong entry, or a pencil
mark removed that the cell needs, is pointed out by place without revealing the
solution (exit 1). Otherwise the easiest next step is revealed by level:
1 the technique to look for, 2 where, 3 the full reason, 4 the move.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		grid := fs.String("grid", "", "the player's grid: givens and their entries")
		marks := fs.String("marks", "", "the player's pencil marks")
		level := fs.Int("level", 1, "how much to reveal: 1 technique, 2 where, 3 reason, 4 the move")
		lang := fs.String("lang", "en", "language: en or ja")
		format := fs.String("format", "text", "output: text or json")
		timeout := fs.Duration("timeout", 30*time.Second, "give up after this long (0: never)")
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		lg, err := explain.ParseLang(*lang)
		if err != nil {
			return fail(e, "--lang: %v", err)
		}
		if *level < 1 || *level > explain.HintLevels {
			return fail(e, "--level %d: want 1 to %d", *level, explain.HintLevels)
		}
		if *format != "text" && *format != "json" {
			return fail(e, "--format %q: want text or json", *format)
		}
		in, err := readHintInput(e, pos, *grid, *marks)
		if err != nil {
			return fail(e, "%v", err)
		}
		ctx, cancel := withTimeout(*timeout)
		defer cancel()
		h, err := makeHint(ctx, in, *level, lg)
		if err != nil {
			return fail(e, "%v", describeErr(err, *timeout))
		}
		if *format == "json" {
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(h); err != nil {
				return fail(e, "%v", err)
			}
		} else {
			h.writeText(e.stdout, lg)
		}
		if len(h.Mistakes) > 0 || h.Problem != "" {
			return exitNegative
		}
		return exitOK
	}
	return c
}

// hintInput is the original puzzle and the player's state.
type hintInput struct {
	puzzle, grid, marks *board.Board // grid and marks may be nil
}

func readHintInput(e *env, pos []string, grid, marks string) (hintInput, error) {
	var in hintInput
	if len(pos) > 1 {
		return in, fmt.Errorf("want one PUZZLE, got %d arguments", len(pos))
	}
	text := examplePuzzle
	if len(pos) == 1 {
		t, err := argText(e, pos[0])
		if err != nil {
			return in, err
		}
		text = t
	}
	if given, entries, ok := splitPlus(text); ok {
		if grid != "" {
			return in, fmt.Errorf("PUZZLE marks the player's entries with '+': --grid is not needed")
		}
		text, grid = given, entries
	}
	var err error
	if in.puzzle, err = board.Parse(text); err != nil {
		return in, fmt.Errorf("PUZZLE: %v", err)
	}
	if grid != "" {
		t, err := argText(e, grid)
		if err != nil {
			return in, err
		}
		if in.grid, err = board.Parse(t); err != nil {
			return in, fmt.Errorf("--grid: %v", err)
		}
	}
	if marks != "" {
		t, err := argText(e, marks)
		if err != nil {
			return in, err
		}
		if in.marks, err = board.Parse(t); err != nil {
			return in, fmt.Errorf("--marks: %v", err)
		}
	}
	for name, b := range map[string]*board.Board{"--grid": in.grid, "--marks": in.marks} {
		if b != nil && b.Layout() != in.puzzle.Layout() {
			return in, fmt.Errorf("%s is %dx%d, the puzzle %dx%d", name, b.Layout().N(), b.Layout().N(), in.puzzle.Layout().N(), in.puzzle.Layout().N())
		}
	}
	return in, nil
}

// argText returns the text of an argument that may name a file, or be '-' for stdin.
func argText(e *env, arg string) (string, error) {
	r, _, err := openArg(e, arg)
	if err != nil || r == nil {
		return arg, err
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	return string(data), err
}

// splitPlus splits a one-line grid in HoDoKu's '+' convention into the puzzle (the
// digits without '+') and the player's grid (all digits).
func splitPlus(s string) (given, all string, ok bool) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "+") || strings.Contains(s, "\n") {
		return "", "", false
	}
	var g, a strings.Builder
	plus := false
	for _, r := range s {
		if r == '+' {
			plus = true
			continue
		}
		a.WriteRune(r)
		if plus {
			g.WriteRune('.')
		} else {
			g.WriteRune(r)
		}
		plus = false
	}
	return g.String(), a.String(), true
}

// hint is what the hint command answers; its JSON form is the same.
type hint struct {
	// Problem says why no hint can be given (the puzzle is invalid, unsolvable or not
	// unique, or the grid does not fit the puzzle).
	Problem string `json:"problem,omitempty"`
	// Mistakes on the player's grid, by place, without the solution.
	Mistakes []string `json:"mistakes,omitempty"`
	// Technique is the ID of the step's technique; Level how much is revealed.
	Technique string `json:"technique,omitempty"`
	Level     int    `json:"level,omitempty"`
	// Hints holds one text per level up to Level.
	Hints []string `json:"hints,omitempty"`
	// Step is the step itself, given only at the last level (it holds the answer).
	Step *explain.StepDoc `json:"step,omitempty"`
}

func makeHint(ctx context.Context, in hintInput, level int, lang explain.Lang) (hint, error) {
	var h hint
	pz := in.puzzle
	l := pz.Layout()
	if ps := pz.Problems(); len(ps) > 0 {
		h.Problem = msg(lang, "invalid") + ps[0].Describe(l)
		return h, nil
	}
	sols, err := fallback.Solutions(ctx, pz, 2)
	switch {
	case err != nil && !errors.Is(err, fallback.ErrNoSolution):
		return h, err
	case len(sols) == 0:
		h.Problem = msg(lang, "no-solution")
		return h, nil
	case len(sols) > 1:
		h.Problem = msg(lang, "several")
		return h, nil
	}
	sol := sols[0]
	st := pz.Clone()
	if in.grid != nil {
		for c := range board.Cell(l.Cells()) {
			given, mine := pz.Value(c), in.grid.Value(c)
			switch {
			case given != 0 && mine != given:
				h.Problem = fmt.Sprintf(msg(lang, "given-changed"), given, l.CellName(c))
				return h, nil
			case given != 0 || mine == 0:
			case mine != sol[c]:
				h.Mistakes = append(h.Mistakes, l.CellName(c)+": "+msg(lang, "wrong-entry"))
			default:
				_ = st.Place(c, mine) // an empty cell and a digit of the layout
			}
		}
	}
	if in.marks != nil {
		for c := range board.Cell(l.Cells()) {
			// A cell the player filled is judged by its entry (a wrong one is still empty
			// in st), not by its marks.
			entered := in.grid != nil && in.grid.Value(c) != 0
			if st.Value(c) != 0 || entered || in.marks.Value(c) != 0 {
				continue
			}
			marked := in.marks.Candidates(c)
			if !marked.Has(sol[c]) {
				h.Mistakes = append(h.Mistakes, l.CellName(c)+": "+msg(lang, "mark-removed"))
				continue
			}
			st.SetCandidates(c, st.Candidates(c)&marked)
		}
	}
	if len(h.Mistakes) > 0 {
		return h, nil
	}
	if st.Solved() {
		h.Problem = msg(lang, "solved")
		return h, nil
	}
	k := techniques.Knowledge{Unique: true}
	step, _, ok := techniques.First(st, techniques.Default(), k)
	if !ok {
		if step, err = techniques.SearchStep(ctx, st, k); err != nil {
			return h, err
		}
	}
	h.Technique, h.Level = step.Technique, level
	if h.Hints, err = explain.Hint(l, step, level, lang); err != nil {
		return h, err
	}
	if level == explain.HintLevels {
		doc, err := explain.NewStepDoc(l, step, lang)
		if err != nil {
			return h, err
		}
		h.Step = &doc
	}
	return h, nil
}

func (h hint) writeText(w io.Writer, lang explain.Lang) {
	switch {
	case h.Problem != "":
		fmt.Fprintln(w, msg(lang, "no-hint")+h.Problem)
	case len(h.Mistakes) > 0:
		fmt.Fprintf(w, msg(lang, "mistakes")+"\n", len(h.Mistakes))
		for _, m := range h.Mistakes {
			fmt.Fprintln(w, "  -", m)
		}
	default:
		for i, t := range h.Hints {
			fmt.Fprintf(w, "%d. %s\n", i+1, t)
		}
	}
}

// hintMessages are the hint command's own sentences; the step's words come from the
// explain catalogue. Mistakes name a place, never the right digit.
var hintMessages = map[explain.Lang]map[string]string{
	explain.EN: {
		"invalid":       "the puzzle is invalid: ",
		"no-solution":   "the puzzle has no solution",
		"several":       "the puzzle has several solutions, so no step can be proven",
		"given-changed": "the grid does not keep the given %d at %s",
		"wrong-entry":   "this entry is not right",
		"mark-removed":  "a pencil mark was removed that this cell needs",
		"solved":        "the grid is already solved",
		"no-hint":       "No hint: ",
		"mistakes":      "Mistakes to fix first (%d):",
	},
	explain.JA: {
		"invalid":       "問題が正しくありません: ",
		"no-solution":   "この問題には解がありません",
		"several":       "この問題には解が複数あるため、手順を証明できません",
		"given-changed": "盤面がヒント数字 %d（%s）と食い違っています",
		"wrong-entry":   "この数字は正しくありません",
		"mark-removed":  "このマスに必要な候補（メモ）が消されています",
		"solved":        "盤面はすでに完成しています",
		"no-hint":       "ヒントなし: ",
		"mistakes":      "先に直すべき誤り（%d件）:",
	},
}

func msg(lang explain.Lang, key string) string {
	if m, ok := hintMessages[lang]; ok {
		return m[key]
	}
	return hintMessages[explain.EN][key]
}
