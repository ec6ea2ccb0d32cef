package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
)

func checkCommand() command {
	c := command{
		name:  "check",
		usage: "[flags] [PUZZLE|FILE|-]",
		short: "validity problems and the number of solutions",
		long: `Reports every validity problem of a puzzle with its place (a digit twice in a
house, a cell with no candidate left, a digit with no place left in a house), then
whether it has no solution, exactly one, or several (showing two different ones).

On a file of several puzzles it prints one line per puzzle, in input order,
tab-separated: the puzzle as one line and the verdict (unique, several,
no-solution, invalid or error).

Exit 0 only when every puzzle is valid with exactly one solution.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		timeout := fs.Duration("timeout", 30*time.Second, "give up on a puzzle after this long (0: never)")
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		ps, err := readPuzzles(e, pos)
		if err != nil {
			return fail(e, "%v", err)
		}
		exit := exitOK
		inOrder(ps, func(p puzzle) verdict { return checkPuzzle(p, *timeout) }, func(i int, v verdict) {
			p := ps[i]
			if v.err != nil {
				fmt.Fprintf(e.stderr, "stepdoku: %s: %v\n", p.where, describeErr(v.err, *timeout))
			}
			if len(ps) == 1 {
				v.writeLong(e.stdout, p)
			} else {
				fmt.Fprintf(e.stdout, "%s\t%s\n", lineOf(p), v.name())
			}
			exit = max(exit, v.exit())
		})
		return exit
	}
	return c
}

// verdict is what check found out about one puzzle.
type verdict struct {
	problems []board.Problem
	sols     [][]board.Digit
	err      error // an input error, or the search gave up
}

func checkPuzzle(p puzzle, timeout time.Duration) verdict {
	if p.err != nil {
		return verdict{err: p.err}
	}
	if ps := p.b.Problems(); len(ps) > 0 {
		return verdict{problems: ps}
	}
	ctx, cancel := withTimeout(timeout)
	defer cancel()
	sols, err := fallback.Solutions(ctx, p.b, 2)
	if errors.Is(err, fallback.ErrNoSolution) {
		err = nil
	}
	return verdict{sols: sols, err: err}
}

func (v verdict) name() string {
	switch {
	case v.err != nil:
		return "error"
	case len(v.problems) > 0:
		return "invalid"
	case len(v.sols) == 0:
		return "no-solution"
	case len(v.sols) == 1:
		return "unique"
	default:
		return "several"
	}
}

func (v verdict) exit() int {
	switch v.name() {
	case "error":
		return exitUsage
	case "unique":
		return exitOK
	default:
		return exitNegative
	}
}

func (v verdict) writeLong(w io.Writer, p puzzle) {
	if v.err != nil {
		return
	}
	l := p.b.Layout()
	fmt.Fprintln(w, "Puzzle:", p.b)
	if len(v.problems) > 0 {
		fmt.Fprintf(w, "Invalid: %d problem(s)\n", len(v.problems))
		for _, pr := range v.problems {
			fmt.Fprintln(w, "  -", pr.Describe(l))
		}
		return
	}
	fmt.Fprintln(w, "Valid: no digit repeats in a house, every cell and digit has a place")
	switch len(v.sols) {
	case 0:
		fmt.Fprintln(w, "Solutions: none")
	case 1:
		fmt.Fprintln(w, "Solutions: exactly one")
		fmt.Fprint(w, solved(p.b, v.sols[0]).Pretty())
	default:
		fmt.Fprintln(w, "Solutions: several; two of them:")
		fmt.Fprint(w, solved(p.b, v.sols[0]).Pretty())
		fmt.Fprintln(w)
		fmt.Fprint(w, solved(p.b, v.sols[1]).Pretty())
		fmt.Fprintln(w, "They differ in", diffCells(l, v.sols[0], v.sols[1]))
	}
}

func diffCells(l *board.Layout, a, b []board.Digit) string {
	var cells []board.Cell
	for i := range a {
		if a[i] != b[i] {
			cells = append(cells, board.Cell(i))
		}
	}
	out := ""
	for i, c := range cells {
		if i > 0 {
			out += ", "
		}
		out += l.CellName(c)
	}
	return out
}
