package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
	"github.com/stepdoku/stepdoku/techniques/rate"
)

// item is one puzzle read from an input file: its place and its givens, or why it
// could not be read. Fields are exported for Beam's coder.
type item struct {
	File   string
	Line   int
	Puzzle string // the board as one line (board.Board.String); "-" when unreadable
	// Board is the board as JSON (board.Board.MarshalJSON) when Puzzle leaves
	// some of it out (placed values apart from givens, candidates); else "".
	Board string
	Err   string // the parse error, without its place; "" when read
}

// outcome is what rating or checking one puzzle gave: the JSON Lines entry and the
// keys the summary counts.
type outcome struct {
	JSON    string // one JSON object, without its newline
	Level   string // rate: the level of a rated puzzle; "" otherwise
	Verdict string // rate: why it was not rated ("" when rated); check: the verdict
	Hardest string // the hardest technique's ID, when there is one
	Failed  bool   // the puzzle could not be rated or checked at all
}

// config is what the pipeline does per puzzle. It travels inside the DoFns to the
// workers, so its fields are exported and plain.
type config struct {
	Mode    string        // "rate" or "check"
	Logic   bool          // check: also walk with the techniques (check --logic)
	Timeout time.Duration // per puzzle; 0: none
}

// rateJSON is one line of rate output, as stepdoku rate --format json writes it,
// with the file beside the line when the puzzle could not be rated.
type rateJSON struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Puzzle string `json:"puzzle"`
	*rate.Rating
	Verdict string `json:"verdict,omitempty"`
	Error   string `json:"error,omitempty"`
}

// checkJSON is one line of check output, as stepdoku check --format json writes it.
type checkJSON struct {
	File     string   `json:"file,omitempty"`
	Line     int      `json:"line,omitempty"`
	Puzzle   string   `json:"puzzle"`
	Verdict  string   `json:"verdict"`
	Hardest  string   `json:"hardest,omitempty"`
	Steps    *int     `json:"steps,omitempty"`
	Problems []string `json:"problems,omitempty"`
	Error    string   `json:"error,omitempty"`
}

// process rates or checks it as cfg says.
func process(ctx context.Context, cfg config, it item) outcome {
	if cfg.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.Timeout)
		defer cancel()
	}
	var b *board.Board
	err := errors.New(it.Err)
	if it.Err == "" {
		// The reader wrote this from a board it read, so it parses; a failure here
		// would be a bug, reported on the puzzle rather than by a crash.
		text := it.Board
		if text == "" {
			text = it.Puzzle
		}
		b, err = board.Parse(text)
	}
	if cfg.Mode == "check" {
		return checkOne(ctx, cfg, it, b, err)
	}
	return rateOne(ctx, it, b, err)
}

// rateOne rates b as stepdoku rate does: the rating, or the reason there is none
// (invalid, no-solution, several, error).
func rateOne(ctx context.Context, it item, b *board.Board, err error) outcome {
	verdict := "error"
	if err == nil {
		var r rate.Rating
		var w rate.Walked
		r, w, err = rate.Walk(ctx, b, rate.Options{})
		var inv *techniques.InvalidError
		switch {
		case err == nil:
			return outcome{JSON: encode(rateJSON{Puzzle: it.Puzzle, Rating: &r}), Level: r.Level, Hardest: r.Hardest}
		case errors.As(err, &inv):
			verdict = "invalid"
		case errors.Is(err, rate.ErrNotUnique) && w.Trace.Summary.NoSolution:
			verdict, err = "no-solution", errors.New("no solution: nothing to rate")
		case errors.Is(err, rate.ErrNotUnique) && w.Trace.Summary.Several:
			verdict, err = "several", errors.New("several solutions: only a puzzle with one can be rated")
		case errors.Is(err, context.DeadlineExceeded):
			err = errors.New("gave up: the puzzle took longer than --timeout")
		}
	}
	doc := rateJSON{File: it.File, Line: it.Line, Puzzle: it.Puzzle, Verdict: verdict, Error: err.Error()}
	return outcome{JSON: encode(doc), Verdict: verdict, Failed: true}
}

// checkOne checks b as stepdoku check does (with --logic when cfg.Logic): invalid,
// no-solution, unique, several, and with the techniques logic or fallback.
func checkOne(ctx context.Context, cfg config, it item, b *board.Board, err error) outcome {
	doc := checkJSON{Line: it.Line, Puzzle: it.Puzzle}
	if err == nil {
		for _, p := range b.Problems() {
			doc.Problems = append(doc.Problems, p.Describe(b.Layout()))
		}
		if len(doc.Problems) > 0 {
			doc.Verdict = "invalid"
			return outcome{JSON: encode(doc), Verdict: doc.Verdict}
		}
		var count fallback.Verdict
		var sols [][]board.Digit
		count, sols, err = fallback.Classify(ctx, b)
		switch {
		case err != nil:
		case count != fallback.UniqueSolution:
			doc.Verdict = count.String()
		case !cfg.Logic:
			doc.Verdict = "unique"
		default:
			t, serr := techniques.Solve(ctx, b, techniques.Options{Fallback: techniques.FallbackStop,
				Counted: &techniques.Counted{Verdict: count, Solutions: sols}})
			if err = serr; err == nil {
				n := len(t.Steps)
				doc.Steps, doc.Hardest = &n, t.Summary.Hardest
				doc.Verdict = "fallback"
				if t.Summary.Solved {
					doc.Verdict = "logic"
				}
			}
		}
	}
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = errors.New("gave up: the puzzle took longer than --timeout")
		}
		doc = checkJSON{File: it.File, Line: it.Line, Puzzle: it.Puzzle, Verdict: "error", Error: err.Error()}
		return outcome{JSON: encode(doc), Verdict: doc.Verdict, Failed: true}
	}
	return outcome{JSON: encode(doc), Verdict: doc.Verdict, Hardest: doc.Hardest}
}

// encode writes v as one compact JSON object, with <> kept readable (r1c2<>5) as
// the CLI writes it.
func encode(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Our own plain structs always marshal; say so if that ever changes.
		return fmt.Sprintf(`{"error":%q}`, "encoding the result: "+err.Error())
	}
	return strings.TrimSuffix(buf.String(), "\n")
}
