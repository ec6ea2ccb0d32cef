package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	hints "github.com/stepdoku/stepdoku/techniques/hint"
)

func hintCommand() command {
	c := command{
		name:  "hint",
		usage: "[flags] PUZZLE [--grid PLAYER] [--marks MARKS] [--level 1-4]",
		short: "the next step for a stuck player, revealed in stages",
		long: `Gives a stuck player a hint from their own grid. PUZZLE is the original
puzzle; --grid is the player's grid (the givens and their own entries); --marks,
optionally, their pencil marks (a pencil-mark grid or a 729-character line), read
as written: a cell with one mark is a mark, an unmarked cell says nothing. One
string that marks the player's entries with '+' before the digit (HoDoKu's way)
may be given as PUZZLE instead of --grid. Any of them may be a file name.

First the player's grid is checked against the solution: a wrong entry (and the
digit it repeats in its row, column or box, when it does), or a pencil mark removed
that the cell needs, is revealed by level (exit 1): 1 that there are mistakes and
how many, 2 the house of each, 3 its cell, 4 the digit that belongs there.
Otherwise the easiest next step is revealed by level: 1 the technique to look for,
2 where, 3 the reason, 4 the move. On a puzzle with several solutions the step
holds in every one of them, and the hint says the puzzle is not unique.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		grid := fs.String("grid", "", "the player's grid: givens and their entries")
		marks := fs.String("marks", "", "the player's pencil marks")
		level := fs.Int("level", 1, "how much to reveal: 1 technique, 2 where, 3 reason, 4 the move (a mistake: 1 how many, 2 house, 3 cell, 4 digit)")
		lang := fs.String("lang", "en", "language: en or ja")
		format := fs.String("format", "text", "output: text or json")
		timeout := timeoutFlag(fs, 30*time.Second, "give up after this `duration` (0: never)")
		variantFlag(fs, e)
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
		req, err := readHintRequest(e, pos, *grid, *marks)
		if err != nil {
			return inputExit(e, err)
		}
		req.Level, req.Lang = *level, lg
		ctx, cancel := withTimeoutFrom(e.ctx, *timeout)
		defer cancel()
		h, err := hints.Give(ctx, req)
		if err != nil {
			if e.ctx.Err() != nil {
				return inputExit(e, errInterrupted)
			}
			return fail(e, "%v", describeErr(err, *timeout))
		}
		if *format == "json" {
			enc := json.NewEncoder(e.stdout)
			enc.SetIndent("", "  ")
			err = enc.Encode(h)
		} else {
			err = h.WriteText(e.stdout)
		}
		if err != nil {
			return fail(e, "%v", err)
		}
		if h.Status != hints.Found {
			return exitNegative
		}
		return exitOK
	}
	return c
}

// readHintRequest reads the puzzle and the player's state from the arguments: each
// may be the text itself or a file name ('-' for stdin).
func readHintRequest(e *env, pos []string, grid, marks string) (hints.Request, error) {
	var req hints.Request
	if len(pos) > 1 {
		return req, fmt.Errorf("want one PUZZLE, got %d arguments", len(pos))
	}
	text := examplePuzzle
	if len(pos) == 1 {
		t, err := argText(e, "PUZZLE", pos[0])
		if err != nil {
			return req, err
		}
		text = t
	}
	if given, entries, ok := splitPlus(text); ok {
		if grid != "" {
			return req, fmt.Errorf("PUZZLE marks the player's entries with '+': --grid is not needed")
		}
		text, grid = given, entries
	}
	var err error
	if req.Puzzle, err = board.ParseAs(text, e.variant); err != nil {
		return req, fmt.Errorf("PUZZLE: %v", err)
	}
	onPuzzle := onLayout(req.Puzzle.Layout())
	if grid != "" {
		t, err := argText(e, "--grid", grid)
		if err != nil {
			return req, err
		}
		if req.Grid, err = onPuzzle(board.Parse(t)); err != nil {
			return req, fmt.Errorf("--grid: %v", err)
		}
	}
	if marks != "" {
		t, err := argText(e, "--marks", marks)
		if err != nil {
			return req, err
		}
		// Marks as written: a one-mark cell is a mark, an unmarked cell says nothing.
		if req.Marks, err = board.ParseMarks(t); err != nil {
			return req, fmt.Errorf("--marks: %v", err)
		}
		if l := req.Puzzle.Layout(); req.Marks.Layout() != l && req.Marks.Layout().N() == l.N() {
			req.Marks, err = req.Marks.OnLayout(l)
		}
		if err != nil {
			return req, fmt.Errorf("--marks: %v", err)
		}
	}
	return req, nil
}

// onLayout puts a player's grid or marks on the puzzle's layout l, so that they follow
// the puzzle's rules (a grid written as 81 digits says no variant).
func onLayout(l *board.Layout) func(*board.Board, error) (*board.Board, error) {
	return func(b *board.Board, err error) (*board.Board, error) {
		if err != nil || b.Layout() == l || b.Layout().N() != l.N() {
			return b, err // a size that differs is the hint's to report
		}
		return b.OnLayout(l)
	}
}

// argText returns the text of an argument that may name a file, or be '-' for stdin,
// read up to maxArgText and until a signal.
func argText(e *env, flag, arg string) (string, error) {
	r, name, err := openArg(e, arg)
	if err != nil || r == nil {
		return arg, err
	}
	defer r.Close()
	text, err := readText(e.ctx, r)
	if err != nil {
		return "", fmt.Errorf("%s %s: %w", flag, name, err)
	}
	return text, nil
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
