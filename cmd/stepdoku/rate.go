package main

import (
	"context"
	"encoding/csv"
	"errors"
	"io"
	"strconv"
	"time"

	"github.com/stepdoku/stepdoku/techniques"
	"github.com/stepdoku/stepdoku/techniques/rate"
)

func rateCommand() command {
	c := command{
		name:  "rate",
		usage: "[flags] [PUZZLE|FILE|-]",
		short: "rate puzzles on Sudoku Explainer's scale (ER/EP/ED), with a level and a score",
		long: `Rates each puzzle as Sudoku Explainer (serate) does: ER is the hardest step of
the solve, EP the hardest step up to the first placement, ED the first step, each on
SE's scale (hidden single 1.2 in a box, naked single 2.3, X-Wing 3.2, chains 6.5 and
up with their length, forcing chains 8.0 and up). The solve tries the techniques in
SE's order, easiest first, leaving out the ones SE does not have. The level names the
band of ER (beginner up to 1.5, easy up to 2.5, medium up to 4.0, hard up to 6.0,
expert up to 8.0, then extreme); the score adds every step's effort.

One line per puzzle, in input order: the puzzle, er, ep, ed, level, score, the
hardest technique and the number of steps, tab-separated (--format tsv, the default)
or comma-separated with a header (csv); --format json writes one JSON object per line
(JSON Lines) with the fields puzzle, er, ep, ed, level, score, hardest, steps and
logic (false when a search step was needed). A file is read as it is worked on, on
every core (--jobs). A puzzle that cannot be rated (invalid, with no solution or
several) gets its reason in the level column, or an "error" field in JSON, and a
message on standard error.

Exit 0 when every puzzle was rated, 1 when one could not be (not unique, invalid),
2 on bad input.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		format := fs.String("format", "tsv", "output: tsv, csv (with a header) or json (one object per puzzle and line)")
		timeout := timeoutFlag(fs, 30*time.Second, "give up on a puzzle after this `duration` (0: never)")
		var bf batchFlags
		bf.register(fs)
		variantFlag(fs, e)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if *format != "tsv" && *format != "csv" && *format != "json" {
			return fail(e, "--format %q: want tsv, csv or json", *format)
		}
		src, err := openSource(e, pos)
		if err != nil {
			return inputExit(e, err)
		}
		defer src.Close()
		exit := exitOK
		header := *format == "csv"
		err = runBatch(e.ctx, e, src, bf, func(ctx context.Context, p puzzle) rated {
			return ratePuzzle(ctx, p, *timeout)
		}, func(o *batchOut, p puzzle, r rated) error {
			if r.err != nil {
				o.warn("%s", p.describe(describeError(r.err, *timeout)))
			}
			exit = max(exit, r.exit())
			switch *format {
			case "json":
				return writeJSONLine(o.w, r.doc(p))
			case "csv":
				cw := csv.NewWriter(o.w)
				if header {
					header = false
					_ = cw.Write([]string{"puzzle", "er", "ep", "ed", "level", "score", "hardest", "steps"})
				}
				_ = cw.Write(r.fields(p))
				cw.Flush()
				return cw.Error()
			}
			return writeTSV(o.w, r.fields(p))
		})
		return batchExit(e, err, exit)
	}
	return c
}

// rated is what rate found for one puzzle: a rating, or why there is none.
type rated struct {
	r       rate.Rating
	verdict string // "": rated; else invalid, no-solution, several or error
	err     error  // the reason, for standard error and JSON
}

// ratePuzzle rates p, giving up when ctx ends or after timeout.
func ratePuzzle(ctx context.Context, p puzzle, timeout time.Duration) rated {
	if p.err != nil {
		return rated{verdict: "error", err: p.err}
	}
	ctx, cancel := withTimeoutFrom(ctx, timeout)
	defer cancel()
	r, w, err := rate.Walk(ctx, p.b, rate.Options{})
	var inv *techniques.InvalidError
	switch {
	case err == nil:
		return rated{r: r}
	case errors.As(err, &inv):
		return rated{verdict: "invalid", err: err}
	case errors.Is(err, rate.ErrNotUnique) && w.Trace.Summary.NoSolution:
		return rated{verdict: "no-solution", err: errors.New("no solution: nothing to rate")}
	case errors.Is(err, rate.ErrNotUnique) && w.Trace.Summary.Several:
		return rated{verdict: "several", err: errors.New("several solutions: only a puzzle with one can be rated")}
	}
	return rated{verdict: "error", err: err}
}

func (r rated) exit() int {
	switch r.verdict {
	case "":
		return exitOK
	case "error":
		return exitUsage
	}
	return exitNegative
}

// fields are the columns of the tsv and csv lines.
func (r rated) fields(p puzzle) []string {
	if r.verdict != "" {
		return []string{lineOf(p), "-", "-", "-", r.verdict, "-", "-", "-"}
	}
	hardest := r.r.Hardest
	if hardest == "" {
		hardest = "-"
	}
	return []string{lineOf(p), rating(r.r.ER), rating(r.r.EP), rating(r.r.ED), r.r.Level,
		strconv.Itoa(r.r.Score), hardest, strconv.Itoa(r.r.Steps)}
}

func rating(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

func writeTSV(w io.Writer, fields []string) error {
	for i, f := range fields {
		sep := "\t"
		if i == len(fields)-1 {
			sep = "\n"
		}
		if _, err := io.WriteString(w, f+sep); err != nil {
			return err
		}
	}
	return nil
}

// rateJSON is one line of rate --format json: the rating's own fields beside the
// puzzle, or the error with the input line.
type rateJSON struct {
	Line    int    `json:"line,omitempty"`
	Variant string `json:"variant,omitempty"`
	Puzzle  string `json:"puzzle"`
	*rate.Rating
	Verdict string `json:"verdict,omitempty"`
	Error   string `json:"error,omitempty"`
}

func (r rated) doc(p puzzle) rateJSON {
	if r.verdict == "" {
		return rateJSON{Variant: variantOf(p), Puzzle: lineOf(p), Rating: &r.r}
	}
	return rateJSON{Line: p.line, Variant: variantOf(p), Puzzle: lineOf(p), Verdict: r.verdict, Error: p.errorText(r.err)}
}
