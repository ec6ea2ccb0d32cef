package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
)

func solveCommand() command {
	c := command{
		name:  "solve",
		usage: "[flags] [PUZZLE|FILE|-]",
		short: "solve by search and print the solution",
		long: `Solves each puzzle by depth-first search and prints the solution as a grid
(one 81-character line per puzzle with --format line, the default for a file of
several puzzles; one JSON object per puzzle and line with --format json). A puzzle
with several solutions is said to have them, and one is printed. A file is read as
it is worked on, on every core (--jobs), and written in input order. Jigsaw and
killer lines are solved under their rules; --variant says the rules of the rest
(x, windoku, or several joined by +).

Exit 1 when a puzzle has no solution or several.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		format := fs.String("format", "", "output: pretty (grid), line or json; default pretty for one puzzle, line for several")
		timeout := timeoutFlag(fs, 30*time.Second, "give up on a puzzle after this `duration` (0: never)")
		var search fallback.Method
		fs.TextVar(&search, "search", fallback.Auto, "the search: auto, bitboard (9x9 only), general or dlx (exact cover)")
		var bf batchFlags
		bf.register(fs)
		variantFlag(fs, e)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if *format != "" && *format != "pretty" && *format != "line" && *format != "json" {
			return fail(e, "--format %q: want pretty, line or json", *format)
		}
		src, err := openSource(e, pos)
		if err != nil {
			return inputExit(e, err)
		}
		defer src.Close()
		if *format == "" {
			*format = "pretty"
			if src.several {
				*format = "line"
			}
		}
		type result struct {
			count fallback.Verdict
			sols  [][]board.Digit
			err   error
		}
		exit := exitOK
		err = runBatch(e.ctx, e, src, bf, func(ctx context.Context, p puzzle) result {
			if p.err != nil {
				return result{err: p.err}
			}
			ctx, cancel := withTimeoutFrom(ctx, *timeout)
			defer cancel()
			count, sols, err := search.Classify(ctx, p.b)
			return result{count, sols, err}
		}, func(o *batchOut, p puzzle, r result) error {
			if r.err != nil {
				o.warn("%s", p.describe(describeError(r.err, *timeout)))
				exit = max(exit, exitUsage)
			} else if r.count != fallback.UniqueSolution {
				exit = max(exit, exitNegative)
			}
			switch *format {
			case "json":
				return writeJSONLine(o.w, solveDoc(p, r.count, r.sols, r.err))
			case "line":
				return writeSolutionLine(o.w, p, r.count, r.sols, r.err)
			}
			if r.err != nil {
				return nil
			}
			if src.several {
				if _, err := fmt.Fprintf(o.w, "%s:\n", heading(p)); err != nil {
					return err
				}
			}
			return writeSolutionGrid(o.w, p, r.count, r.sols)
		})
		return batchExit(e, err, exit)
	}
	return c
}

// heading names a puzzle of a batch in text output: "line 12".
func heading(p puzzle) string {
	return fmt.Sprintf("line %d", p.line)
}

// solveJSON is one line of solve --format json.
type solveJSON struct {
	Line     int    `json:"line,omitempty"`
	Variant  string `json:"variant,omitempty"`
	Puzzle   string `json:"puzzle"`
	Verdict  string `json:"verdict"` // unique, several, no-solution or error
	Solution string `json:"solution,omitempty"`
	Error    string `json:"error,omitempty"`
}

func solveDoc(p puzzle, count fallback.Verdict, sols [][]board.Digit, err error) solveJSON {
	d := solveJSON{Line: p.line, Variant: variantOf(p), Puzzle: lineOf(p), Verdict: count.String()}
	switch {
	case err != nil:
		d.Verdict, d.Error = "error", p.errorText(err)
	case len(sols) > 0:
		d.Solution = solved(p.b, sols[0]).String()
	}
	return d
}

func writeSolutionLine(w io.Writer, p puzzle, count fallback.Verdict, sols [][]board.Digit, err error) error {
	var line string
	switch {
	case err != nil:
		line = lineOf(p) + "\terror"
	case count == fallback.NoSolution:
		line = lineOf(p) + "\tno-solution"
	case count == fallback.UniqueSolution:
		line = solved(p.b, sols[0]).String()
	default:
		line = solved(p.b, sols[0]).String() + "\tseveral"
	}
	_, werr := fmt.Fprintln(w, line)
	return werr
}

func writeSolutionGrid(w io.Writer, p puzzle, count fallback.Verdict, sols [][]board.Digit) error {
	var sb strings.Builder
	switch count {
	case fallback.NoSolution:
		fmt.Fprintln(&sb, "No solution exists")
	case fallback.UniqueSolution:
		fmt.Fprint(&sb, solved(p.b, sols[0]).Pretty())
	default:
		fmt.Fprintln(&sb, "Several solutions exist; one of them:")
		fmt.Fprint(&sb, solved(p.b, sols[0]).Pretty())
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// solved returns a copy of b with the solution's digits placed in its empty cells.
func solved(b *board.Board, sol []board.Digit) *board.Board {
	s := b.Clone()
	for c, d := range sol {
		if s.Value(board.Cell(c)) == 0 {
			_ = s.Place(board.Cell(c), d) // the cell is empty and d in range: cannot fail
		}
	}
	return s
}

// lineOf writes the puzzle of p as one line: the values, and the regions or cages of
// a jigsaw or killer (board.VariantLine).
func lineOf(p puzzle) string {
	if p.b == nil {
		return "-"
	}
	return p.b.VariantLine()
}

// variantOf names the rules of p's puzzle for JSON and YAML ("killer+x"), "" for
// classic Sudoku and for input that could not be read.
func variantOf(p puzzle) string {
	if p.b == nil || p.b.Layout().Variant() == 0 {
		return ""
	}
	return p.b.Layout().Variant().String()
}

// withTimeout returns a context that ends after d (never when d is 0).
func withTimeout(d time.Duration) (context.Context, context.CancelFunc) {
	return withTimeoutFrom(context.Background(), d)
}

// withTimeoutFrom returns a context that ends with parent or after d (0: with parent only).
func withTimeoutFrom(parent context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(parent)
	}
	return context.WithTimeout(parent, d)
}

func describeErr(err error, timeout time.Duration) string {
	return describeError(err, timeout).Error()
}

// describeError says what a search that gave up should have had; other errors are kept.
func describeError(err error, timeout time.Duration) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("gave up after %v (raise --timeout)", timeout)
	}
	return err
}

// timeoutValue is a --timeout: a duration, 0 for no limit. A negative one is refused
// rather than read as no limit.
type timeoutValue time.Duration

func (t *timeoutValue) String() string { return time.Duration(*t).String() }

func (t *timeoutValue) Set(s string) error {
	d, err := time.ParseDuration(s)
	switch {
	case err != nil:
		return fmt.Errorf("--timeout %s: want a duration such as 30s or 2m (0: no limit)", shownValue(s))
	case d < 0:
		return fmt.Errorf("--timeout %s: want 0 (no limit) or more", shownValue(s))
	}
	*t = timeoutValue(d)
	return nil
}

// timeoutFlag declares --timeout on fs, def unless given.
func timeoutFlag(fs *flag.FlagSet, def time.Duration, usage string) *time.Duration {
	d := def
	fs.Var((*timeoutValue)(&d), "timeout", usage)
	return &d
}
