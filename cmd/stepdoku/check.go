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

--logic adds whether the puzzle is solvable by logic alone with the technique set
(all by default; --up-to or --techniques choose, --with adds), the hardest technique needed and
the number of steps. On a file the line then reads: the puzzle, the verdict (logic,
fallback, invalid, no-solution, several or error), the hardest technique ID and the
number of steps. --format json writes one JSON object per line with the same fields.

Exit 0 only when every puzzle is valid with exactly one solution (and, with --logic,
solvable with the technique set).`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		timeout := fs.Duration("timeout", 30*time.Second, "give up on a puzzle after this long (0: never)")
		logic := fs.Bool("logic", false, "also say whether the techniques alone solve the puzzle")
		format := fs.String("format", "text", "output: text, or json (one object per puzzle and line)")
		var tf techniqueFlags
		tf.register(fs)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if *format != "text" && *format != "json" {
			return fail(e, "--format %q: want text or json", *format)
		}
		ts, err := tf.set()
		if err != nil {
			return fail(e, "%v", err)
		}
		if !*logic && ts != nil {
			return fail(e, "--up-to, --techniques and --with go with --logic")
		}
		ps, err := readPuzzles(e, pos)
		if err != nil {
			return fail(e, "%v", err)
		}
		cfg := checkConfig{timeout: *timeout, logic: *logic, techniques: ts}
		exit := exitOK
		inOrder(ps, func(p puzzle) verdict { return checkPuzzle(p, cfg) }, func(i int, v verdict) {
			p := ps[i]
			if v.err != nil {
				fmt.Fprintf(e.stderr, "stepdoku: %s: %v\n", p.where, describeErr(v.err, *timeout))
			}
			switch {
			case *format == "json":
				v.writeJSON(e.stdout, p, *logic)
			case len(ps) == 1:
				v.writeLong(e.stdout, p)
			default:
				v.writeLine(e.stdout, p, *logic)
			}
			exit = max(exit, v.exit())
		})
		return exit
	}
	return c
}

// checkConfig is what check does for each puzzle.
type checkConfig struct {
	timeout    time.Duration
	logic      bool                   // walk with the techniques too
	techniques []techniques.Technique // nil: the default set
}

// verdict is what check found out about one puzzle.
type verdict struct {
	problems []board.Problem
	sols     [][]board.Digit
	walked   bool          // the techniques were run (--logic on a unique puzzle)
	tr       explain.Trace // their walk, stopped where they stop
	err      error         // an input error, or the search gave up
}

func checkPuzzle(p puzzle, cfg checkConfig) verdict {
	return checkPuzzleContext(context.Background(), p, cfg)
}

// checkPuzzleContext checks p, giving up when ctx ends or after cfg.timeout.
func checkPuzzleContext(parent context.Context, p puzzle, cfg checkConfig) verdict {
	if p.err != nil {
		return verdict{err: p.err}
	}
	if ps := p.b.Problems(); len(ps) > 0 {
		return verdict{problems: ps}
	}
	ctx, cancel := withTimeout(cfg.timeout)
	defer cancel()
	defer context.AfterFunc(parent, cancel)()
	sols, err := fallback.Solutions(ctx, p.b, 2)
	if errors.Is(err, fallback.ErrNoSolution) {
		err = nil
	}
	v := verdict{sols: sols, err: err}
	if err != nil || len(sols) != 1 || !cfg.logic {
		return v
	}
	v.tr, v.err = techniques.Solve(ctx, p.b, techniques.Options{Techniques: cfg.techniques, Fallback: techniques.FallbackStop})
	v.walked = v.err == nil
	return v
}

func (v verdict) name() string {
	switch {
	case v.err != nil:
		return "error"
	case len(v.problems) > 0:
		return "invalid"
	case len(v.sols) == 0:
		return "no-solution"
	case len(v.sols) > 1:
		return "several"
	case !v.walked:
		return "unique"
	case v.tr.Summary.Solved:
		return "logic"
	default:
		return "fallback"
	}
}

func (v verdict) exit() int {
	switch v.name() {
	case "error":
		return exitUsage
	case "unique", "logic":
		return exitOK
	default:
		return exitNegative
	}
}

// writeLine writes the tab-separated line of a batch check.
func (v verdict) writeLine(w io.Writer, p puzzle, logic bool) {
	if !logic {
		fmt.Fprintf(w, "%s\t%s\n", lineOf(p), v.name())
		return
	}
	hardest := v.tr.Summary.Hardest
	if hardest == "" {
		hardest = "-"
	}
	fmt.Fprintf(w, "%s\t%s\t%s\t%d\n", lineOf(p), v.name(), hardest, len(v.tr.Steps))
}

// checkJSON is one line of check --format json.
type checkJSON struct {
	Puzzle   string   `json:"puzzle"`
	Verdict  string   `json:"verdict"`
	Hardest  string   `json:"hardest,omitempty"`
	Steps    *int     `json:"steps,omitempty"`
	Problems []string `json:"problems,omitempty"`
	Error    string   `json:"error,omitempty"`
}

func (v verdict) writeJSON(w io.Writer, p puzzle, logic bool) {
	out := checkJSON{Puzzle: lineOf(p), Verdict: v.name()}
	if logic && v.walked {
		n := len(v.tr.Steps)
		out.Hardest, out.Steps = v.tr.Summary.Hardest, &n
	}
	for _, pr := range v.problems {
		out.Problems = append(out.Problems, pr.Describe(p.b.Layout()))
	}
	if v.err != nil {
		out.Error = v.err.Error()
	}
	data, _ := json.Marshal(out) // plain strings and ints: cannot fail
	fmt.Fprintf(w, "%s\n", data)
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
		if v.walked {
			v.writeLogic(w)
		}
	default:
		fmt.Fprintln(w, "Solutions: several; two of them:")
		fmt.Fprint(w, solved(p.b, v.sols[0]).Pretty())
		fmt.Fprintln(w)
		fmt.Fprint(w, solved(p.b, v.sols[1]).Pretty())
		fmt.Fprintln(w, "They differ in", diffCells(l, v.sols[0], v.sols[1]))
	}
}

func (v verdict) writeLogic(w io.Writer) {
	s := v.tr.Summary
	if s.Solved {
		fmt.Fprintf(w, "Logic: solvable without search in %d steps; hardest technique: %s\n", s.Steps, explain.Name(s.Hardest))
		return
	}
	fmt.Fprintf(w, "Logic: not solvable with these techniques alone: stuck after %d steps", s.Steps)
	if s.Hardest != "" {
		fmt.Fprintf(w, " (hardest so far: %s)", explain.Name(s.Hardest))
	}
	fmt.Fprintln(w)
}

func diffCells(l *board.Layout, a, b []board.Digit) string {
	var names []string
	for i := range a {
		if a[i] != b[i] {
			names = append(names, l.CellName(board.Cell(i)))
		}
	}
	return strings.Join(names, ", ")
}
