package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/html"
	"github.com/stepdoku/stepdoku/techniques"
)

// techniqueFlags are the flags that choose a technique set: --up-to or --techniques,
// and --with to add optional ones.
type techniqueFlags struct {
	upTo, list, with string
}

func (tf *techniqueFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&tf.upTo, "up-to", "", "use the default techniques up to and including this `ID` (see 'stepdoku techniques')")
	fs.StringVar(&tf.list, "techniques", "", "use exactly these techniques, a comma-separated `LIST` of IDs, in difficulty order")
	fs.StringVar(&tf.with, "with", "", "add these techniques, a comma-separated `LIST` of IDs (such as the optional Franken and mutant fish), to the default set or the --up-to set, each at its difficulty")
}

// set returns the chosen techniques, nil for the default set.
func (tf *techniqueFlags) set() ([]techniques.Technique, error) {
	switch {
	case tf.upTo != "" && tf.list != "":
		return nil, errors.New("--up-to and --techniques exclude each other")
	case tf.with != "" && tf.list != "":
		return nil, errors.New("--with and --techniques exclude each other: list every technique in --techniques")
	case tf.with != "":
		base := techniques.Default()
		if tf.upTo != "" {
			var err error
			if base, err = techniques.UpTo(tf.upTo); err != nil {
				return nil, err
			}
		}
		var ids []string
		for id := range strings.SplitSeq(tf.with, ",") {
			ids = append(ids, strings.TrimSpace(id))
		}
		ts, err := techniques.With(base, ids...)
		if err != nil {
			return nil, fmt.Errorf("--with: %w (see 'stepdoku techniques')", err)
		}
		return ts, nil
	case tf.upTo != "":
		return techniques.UpTo(tf.upTo)
	case tf.list != "":
		var ts []techniques.Technique
		for id := range strings.SplitSeq(tf.list, ",") {
			id = strings.TrimSpace(id)
			t, ok := techniques.ByID(id)
			if !ok {
				return nil, fmt.Errorf("--techniques: unknown technique %q (see 'stepdoku techniques')", id)
			}
			ts = append(ts, t)
		}
		slices.SortStableFunc(ts, func(a, b techniques.Technique) int { return cmp.Compare(a.Difficulty, b.Difficulty) })
		return ts, nil
	}
	return nil, nil
}

func explainCommand() command {
	c := command{
		name:  "explain",
		usage: "[flags] [PUZZLE|FILE|-]",
		short: "the walkthrough: every step with its reason",
		long: `Solves the puzzle as a strong human would and explains every step: the
technique, the canonical one-liner (e.g. "Naked Pair: 1,5 in r1c2,r1c8 => r1c4<>1")
and the reason in words. When no technique applies, a search step proves that one
candidate leads to no solution and removes it; the walkthrough says so. With no
puzzle, the built-in example is explained.

Exit 1 when a puzzle is invalid, has no solution or several, or (with --logic-only)
cannot be finished by the chosen techniques.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		format := fs.String("format", "text", "output: text, json, yaml, html (one page with every step drawn) or svg (the picture of --step)")
		step := fs.Int("step", -1, "with --format svg: the step `N` to draw (1 to the number of steps; 0 for the puzzle)")
		lang := fs.String("lang", "en", "language of the prose: en or ja")
		brief := fs.Bool("brief", false, "text: one-liners only, without the prose")
		logicOnly := fs.Bool("logic-only", false, "stop where the techniques stop instead of taking a search step")
		timeout := fs.Duration("timeout", 30*time.Second, "give up on a puzzle after this long (0: never)")
		var tf techniqueFlags
		tf.register(fs)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		lg, err := explain.ParseLang(*lang)
		if err != nil {
			return fail(e, "--lang: %v", err)
		}
		if !slices.Contains([]string{"text", "json", "yaml", "html", "svg"}, *format) {
			return fail(e, "--format %q: want text, json, yaml, html or svg", *format)
		}
		if (*format == "svg") != (*step >= 0) {
			return fail(e, "--step N goes with --format svg, and --format svg needs --step N")
		}
		ts, err := tf.set()
		if err != nil {
			return fail(e, "%v", err)
		}
		ps, err := readPuzzles(e, pos)
		if err != nil {
			return fail(e, "%v", err)
		}
		if (*format == "html" || *format == "svg") && len(ps) > 1 {
			return fail(e, "--format %s draws one puzzle, got %d", *format, len(ps))
		}
		opt := techniques.Options{Techniques: ts}
		if *logicOnly {
			opt.Fallback = techniques.FallbackStop
		}
		exit := exitOK
		inOrder(ps, func(p puzzle) walk { return walkPuzzle(p, opt, *timeout) }, func(i int, w walk) {
			p := ps[i]
			if w.err != nil {
				exit = max(exit, reportWalkErr(e, p, w.err, *timeout))
				return
			}
			w.tr.Lang = lg
			if i > 0 && *format != "json" {
				fmt.Fprintln(e.stdout)
			}
			if err := writeTrace(e.stdout, *format, p, w.tr, *brief, *step); err != nil {
				exit = max(exit, fail(e, "%s: %v", p.where, err))
				return
			}
			if s := w.tr.Summary; !s.Solved || s.Several || s.NoSolution {
				exit = max(exit, exitNegative)
			}
		})
		return exit
	}
	return c
}

// walk is the outcome of the pipeline on one puzzle.
type walk struct {
	tr  explain.Trace
	err error
}

func walkPuzzle(p puzzle, opt techniques.Options, timeout time.Duration) walk {
	if p.err != nil {
		return walk{err: p.err}
	}
	ctx, cancel := withTimeout(timeout)
	defer cancel()
	tr, err := techniques.Solve(ctx, p.b, opt)
	return walk{tr, err}
}

// reportWalkErr prints why a puzzle could not be walked and returns the exit code:
// 1 for an invalid grid (a negative answer about the puzzle), 2 for input errors.
func reportWalkErr(e *env, p puzzle, err error, timeout time.Duration) int {
	var inv *techniques.InvalidError
	if errors.As(err, &inv) {
		fmt.Fprintf(e.stderr, "stepdoku: %s: the grid is invalid:\n", p.where)
		for _, pr := range inv.Problems {
			fmt.Fprintf(e.stderr, "  - %s\n", pr.Describe(inv.Layout))
		}
		return exitNegative
	}
	fmt.Fprintf(e.stderr, "stepdoku: %s: %s\n", p.where, describeErr(err, timeout))
	return exitUsage
}

func writeTrace(w io.Writer, format string, p puzzle, tr explain.Trace, brief bool, step int) error {
	l := p.b.Layout()
	switch format {
	case "html":
		return html.Write(w, l, tr)
	case "svg":
		return writeStepSVG(w, l, tr, step)
	case "json":
		return explain.WriteJSON(w, l, tr)
	case "yaml":
		return explain.WriteYAML(w, l, tr)
	default:
		return explain.WriteText(w, l, tr, explain.TextOptions{Brief: brief})
	}
}
