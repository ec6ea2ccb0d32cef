package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
	"github.com/stepdoku/stepdoku/techniques/rate"
)

func checkCommand() command {
	c := command{
		name:  "check",
		usage: "[flags] [PUZZLE|FILE|-]",
		short: "validity problems and the number of solutions",
		long: `Reports every validity problem of a puzzle with its place (a digit twice in a
house, a cell with no candidate left, a digit with no place left in a house; on a
killer, a digit twice in a cage, a cage whose sum its cells cannot make, sums that
do not add up to 405 over cages covering the grid, cells in no cage of a killer
without givens; a jigsaw region of the wrong size is an input error), then
whether it has no solution, exactly one, or several (and the cells where two of
them differ). --solution shows the solution, or two of several.

On a file of several puzzles it prints one line per puzzle, in input order,
tab-separated: the puzzle as one line and the verdict (unique, several,
no-solution, invalid or error). The file is read as it is worked on, on every
core (--jobs), so its length does not matter; a bad line is reported on standard
error and the batch goes on.

--logic adds whether the puzzle is solvable by logic alone with the technique set
(all by default; --up-to or --techniques choose, --with adds), the hardest technique needed and
the number of steps. On a file the line then reads: the puzzle, the verdict (logic,
fallback, invalid, no-solution, several or error), the hardest technique ID and the
number of steps. --format json writes one JSON object per line (JSON Lines) with
the same fields and the input line; --format yaml one YAML document per puzzle.

Exit 0 only when every puzzle is valid with exactly one solution (and, with --logic,
solvable with the technique set).`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		timeout := timeoutFlag(fs, 30*time.Second, "give up on a puzzle after this `duration` (0: never)")
		logic := fs.Bool("logic", false, "also say whether the techniques alone solve the puzzle")
		rated := fs.Bool("rate", false, "also rate a puzzle with one solution, as 'stepdoku rate' does (json, yaml and the long text form)")
		var search fallback.Method
		fs.TextVar(&search, "search", fallback.Auto, "the search that counts solutions: auto, bitboard (9x9 only), general or dlx (exact cover)")
		format := fs.String("format", "text", "output: text, json (one object per puzzle and line) or yaml (one document per puzzle)")
		showSolution := fs.Bool("solution", false, "text: show the solution (two of them when there are several)")
		var tf techniqueFlags
		tf.register(fs)
		var bf batchFlags
		bf.register(fs)
		variantFlag(fs, e)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if *format != "text" && *format != "json" && *format != "yaml" {
			return fail(e, "--format %q: want text, json or yaml", *format)
		}
		ts, err := tf.set()
		if err != nil {
			return fail(e, "%v", err)
		}
		if !*logic && ts != nil {
			return fail(e, "--up-to, --techniques and --with go with --logic")
		}
		src, err := openSource(e, pos)
		if err != nil {
			return inputExit(e, err)
		}
		defer src.Close()
		cfg := checkConfig{timeout: *timeout, logic: *logic, techniques: ts, search: search, solvers: newSolvers(bf.jobs), rate: *rated}
		exit := exitOK
		err = runBatch(e.ctx, e, src, bf, func(ctx context.Context, p puzzle) verdict {
			return checkPuzzleContext(ctx, p, cfg)
		}, func(o *batchOut, p puzzle, v verdict) error {
			if v.err != nil {
				o.warn("%s", p.describe(describeError(v.err, *timeout)))
			}
			exit = max(exit, v.exit())
			switch {
			case *format == "json":
				return v.writeJSON(o.w, p, *logic)
			case *format == "yaml":
				return v.writeYAML(o.w, p, *logic)
			case !src.several:
				return v.writeLong(o.w, p, *showSolution)
			}
			return v.writeLine(o.w, p, *logic)
		})
		return batchExit(e, err, exit)
	}
	return c
}

// checkConfig is what check does for each puzzle.
type checkConfig struct {
	timeout    time.Duration
	logic      bool                   // walk with the techniques too
	techniques []techniques.Technique // nil: the default set
	search     fallback.Method        // how solutions are counted
	solvers    *solvers               // the batch's solvers (nil: a new one for each walk)
	rate       bool                   // rate a puzzle with one solution too
}

// verdict is what check found out about one puzzle.
type verdict struct {
	problems []board.Problem
	count    fallback.Verdict
	sols     [][]board.Digit
	walked   bool          // the techniques were run (--logic on a unique puzzle)
	rating   *rate.Rating  // the rating (--rate on a unique puzzle)
	tr       explain.Trace // their walk, stopped where they stop
	err      error         // an input error, or the search gave up
}

// checkPuzzle checks p on its own clock (cfg.timeout), as the API does.
func checkPuzzle(p puzzle, cfg checkConfig) verdict {
	return checkPuzzleContext(context.Background(), p, cfg)
}

// checkPuzzleContext checks p, giving up when ctx ends or after cfg.timeout.
func checkPuzzleContext(ctx context.Context, p puzzle, cfg checkConfig) verdict {
	if p.err != nil {
		return verdict{err: p.err}
	}
	if ps := p.b.Problems(); len(ps) > 0 {
		return verdict{problems: ps}
	}
	ctx, cancel := withTimeoutFrom(ctx, cfg.timeout)
	defer cancel()
	count, sols, err := cfg.search.Classify(ctx, p.b)
	v := verdict{count: count, sols: sols, err: err}
	if err != nil || count != fallback.UniqueSolution {
		return v
	}
	// The walks take the count just made rather than searching again.
	counted := &techniques.Counted{Verdict: count, Solutions: sols}
	if cfg.rate {
		r, err := rate.Rate(ctx, p.b, rate.Options{Techniques: cfg.techniques, Counted: counted})
		if err != nil {
			return verdict{count: count, sols: sols, err: err}
		}
		v.rating = &r
	}
	if !cfg.logic {
		return v
	}
	v.tr, v.err = cfg.solvers.solve(ctx, p.b, techniques.Options{Techniques: cfg.techniques, Fallback: techniques.FallbackStop, Counted: counted})
	v.walked = v.err == nil
	return v
}

func (v verdict) name() string {
	switch {
	case v.err != nil:
		return "error"
	case len(v.problems) > 0:
		return "invalid"
	case v.count != fallback.UniqueSolution:
		return v.count.String()
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
func (v verdict) writeLine(w io.Writer, p puzzle, logic bool) error {
	if !logic {
		_, err := fmt.Fprintf(w, "%s\t%s\n", lineOf(p), v.name())
		return err
	}
	hardest := v.tr.Summary.Hardest
	if hardest == "" {
		hardest = "-"
	}
	_, err := fmt.Fprintf(w, "%s\t%s\t%s\t%d\n", lineOf(p), v.name(), hardest, len(v.tr.Steps))
	return err
}

// checkJSON is one line of check --format json, and one document of --format yaml.
type checkJSON struct {
	Line     int          `json:"line,omitempty" yaml:"line,omitempty"`
	Variant  string       `json:"variant,omitempty" yaml:"variant,omitempty"`
	Puzzle   string       `json:"puzzle" yaml:"puzzle"`
	Verdict  string       `json:"verdict" yaml:"verdict"`
	Hardest  string       `json:"hardest,omitempty" yaml:"hardest,omitempty"`
	Steps    *int         `json:"steps,omitempty" yaml:"steps,omitempty"`
	Rating   *rate.Rating `json:"rating,omitempty" yaml:"rating,omitempty"`
	Problems []string     `json:"problems,omitempty" yaml:"problems,omitempty"`
	Error    string       `json:"error,omitempty" yaml:"error,omitempty"`
}

func (v verdict) doc(p puzzle, logic bool) checkJSON {
	out := checkJSON{Line: p.line, Variant: variantOf(p), Puzzle: lineOf(p), Verdict: v.name(), Rating: v.rating}
	if logic && v.walked {
		n := len(v.tr.Steps)
		out.Hardest, out.Steps = v.tr.Summary.Hardest, &n
	}
	for _, pr := range v.problems {
		out.Problems = append(out.Problems, pr.Describe(p.b.Layout()))
	}
	if v.err != nil {
		// The place is in "line"; the message is the error alone.
		out.Error = p.errorText(v.err)
	}
	return out
}

func (v verdict) writeJSON(w io.Writer, p puzzle, logic bool) error {
	return writeJSONLine(w, v.doc(p, logic))
}

func (v verdict) writeYAML(w io.Writer, p puzzle, logic bool) error {
	return writeYAMLDoc(w, v.doc(p, logic))
}

// writeJSONLine writes v as one compact line of JSON Lines.
func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // keep r1c2<>5 readable
	return enc.Encode(v)
}

// writeYAMLDoc writes v as one YAML document, opened by "---" so that a stream of
// them reads back document by document.
func writeYAMLDoc(w io.Writer, v any) error {
	if _, err := io.WriteString(w, "---\n"); err != nil {
		return err
	}
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return enc.Close()
}

func (v verdict) writeLong(w io.Writer, p puzzle, showSolution bool) error {
	if v.err != nil {
		return nil
	}
	var sb strings.Builder
	l := p.b.Layout()
	fmt.Fprintln(&sb, "Puzzle:", lineOf(p))
	if l.Variant() != 0 {
		fmt.Fprintln(&sb, "Rules:", rulesText(l))
	}
	if len(v.problems) > 0 {
		fmt.Fprintf(&sb, "Invalid: %d problem(s)\n", len(v.problems))
		for _, pr := range v.problems {
			fmt.Fprintln(&sb, "  -", pr.Describe(l))
		}
		_, err := io.WriteString(w, sb.String())
		return err
	}
	if len(l.Cages()) > 0 {
		fmt.Fprintln(&sb, "Valid: no digit repeats in a house or a cage, every cell and digit has a place, every cage can make its sum")
	} else {
		fmt.Fprintln(&sb, "Valid: no digit repeats in a house, every cell and digit has a place")
	}
	switch v.count {
	case fallback.NoSolution:
		fmt.Fprintln(&sb, "Solutions: none")
	case fallback.UniqueSolution:
		fmt.Fprintln(&sb, "Solutions: exactly one")
		if showSolution {
			fmt.Fprint(&sb, solved(p.b, v.sols[0]).Pretty())
		}
		if v.walked {
			v.writeLogic(&sb)
		}
		if r := v.rating; r != nil {
			fmt.Fprintf(&sb, "Rating: ER %.1f, EP %.1f, ED %.1f (Sudoku Explainer's scale), %s, score %d; hardest step: %s\n",
				r.ER, r.EP, r.ED, r.Level, r.Score, explain.Name(r.Hardest))
		}
	default:
		fmt.Fprintln(&sb, "Solutions: several")
		if showSolution {
			fmt.Fprintln(&sb, "Two of them:")
			fmt.Fprint(&sb, solved(p.b, v.sols[0]).Pretty())
			fmt.Fprintln(&sb)
			fmt.Fprint(&sb, solved(p.b, v.sols[1]).Pretty())
		}
		fmt.Fprintln(&sb, "Two of them differ in", diffCells(l, v.sols[0], v.sols[1]))
	}
	_, err := io.WriteString(w, sb.String())
	return err
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

// rulesText says what a variant layout adds, for check: "killer (31 cages) + x".
func rulesText(l *board.Layout) string {
	var parts []string
	v := l.Variant()
	if v&board.Killer != 0 {
		parts = append(parts, fmt.Sprintf("killer (%d cages)", len(l.Cages())))
	}
	if v&board.Jigsaw != 0 {
		parts = append(parts, "jigsaw (irregular regions)")
	}
	if v&board.X != 0 {
		parts = append(parts, "x (both main diagonals)")
	}
	if v&board.Windoku != 0 {
		parts = append(parts, "windoku (four extra windows)")
	}
	return strings.Join(parts, " + ")
}
