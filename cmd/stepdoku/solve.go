package main

import (
	"context"
	"errors"
	"fmt"
	"io"
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
several puzzles). A puzzle with several solutions is said to have them, and one is
printed. Exit 1 when a puzzle has no solution.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		format := fs.String("format", "", "output: pretty (grid) or line; default pretty for one puzzle, line for several")
		timeout := fs.Duration("timeout", 30*time.Second, "give up on a puzzle after this long (0: never)")
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		ps, err := readPuzzles(e, pos)
		if err != nil {
			return fail(e, "%v", err)
		}
		if *format == "" {
			*format = "pretty"
			if len(ps) > 1 {
				*format = "line"
			}
		}
		if *format != "pretty" && *format != "line" {
			return fail(e, "--format %q: want pretty or line", *format)
		}
		type result struct {
			sols [][]board.Digit
			err  error
		}
		exit := exitOK
		inOrder(ps, func(p puzzle) result {
			if p.err != nil {
				return result{err: p.err}
			}
			ctx, cancel := withTimeout(*timeout)
			defer cancel()
			sols, err := fallback.Solutions(ctx, p.b, 2)
			return result{sols, err}
		}, func(i int, r result) {
			p := ps[i]
			if r.err != nil && !errors.Is(r.err, fallback.ErrNoSolution) {
				fmt.Fprintf(e.stderr, "stepdoku: %s: %v\n", p.where, describeErr(r.err, *timeout))
				exit = max(exit, exitUsage)
				if *format == "line" {
					fmt.Fprintf(e.stdout, "%s\terror\n", lineOf(p))
				}
				return
			}
			writeSolution(e.stdout, *format, p, r.sols)
			if len(r.sols) == 0 {
				exit = max(exit, exitNegative)
			}
		})
		return exit
	}
	return c
}

func writeSolution(w io.Writer, format string, p puzzle, sols [][]board.Digit) {
	if format == "line" {
		switch len(sols) {
		case 0:
			fmt.Fprintf(w, "%s\tno-solution\n", p.b)
		case 1:
			fmt.Fprintf(w, "%s\n", solved(p.b, sols[0]))
		default:
			fmt.Fprintf(w, "%s\tseveral\n", solved(p.b, sols[0]))
		}
		return
	}
	switch len(sols) {
	case 0:
		fmt.Fprintln(w, "No solution exists")
	case 1:
		fmt.Fprint(w, solved(p.b, sols[0]).Pretty())
	default:
		fmt.Fprintln(w, "Several solutions exist; one of them:")
		fmt.Fprint(w, solved(p.b, sols[0]).Pretty())
	}
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

func lineOf(p puzzle) string {
	if p.b == nil {
		return "-"
	}
	return p.b.String()
}

func withTimeout(d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return context.WithCancel(context.Background())
	}
	return context.WithTimeout(context.Background(), d)
}

func describeErr(err error, timeout time.Duration) string {
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Sprintf("gave up after %v (raise --timeout)", timeout)
	}
	return err.Error()
}
