package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/html"
	"github.com/stepdoku/stepdoku/techniques"
	"github.com/stepdoku/stepdoku/techniques/rate"
)

// techniqueFlags are the flags that choose a technique set: --up-to or --techniques,
// and --with to add optional ones.
type techniqueFlags struct {
	upTo, list, with string
}

func (tf *techniqueFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&tf.upTo, "up-to", "", "use the default techniques up to and including this `ID` (see 'stepdoku techniques')")
	fs.StringVar(&tf.list, "techniques", "", "use exactly these techniques, a comma-separated `LIST` of IDs, tried in the teaching order of the default list")
	fs.StringVar(&tf.with, "with", "", "add these techniques, a comma-separated `LIST` of IDs (such as the optional Franken and mutant fish), to the default set or the --up-to set, each at its difficulty")
}

// set returns the chosen techniques, nil for the default set.
func (tf *techniqueFlags) set() ([]techniques.Technique, error) {
	switch {
	case tf.upTo != "" && tf.list != "":
		return nil, errors.New("--up-to and --techniques exclude each other")
	case tf.with != "" && tf.list != "":
		return nil, errors.New("--with and --techniques exclude each other: list every technique in --techniques")
	}
	var base []techniques.Technique
	switch {
	case tf.upTo != "":
		if _, err := lookupTechnique("--up-to", tf.upTo); err != nil {
			return nil, err
		}
		ts, err := techniques.UpTo(tf.upTo)
		if err != nil {
			return nil, fmt.Errorf("--up-to %s: an optional technique, not in the default order: add it with --with", tf.upTo)
		}
		base = ts
	case tf.list != "":
		for id := range strings.SplitSeq(tf.list, ",") {
			t, err := lookupTechnique("--techniques", strings.TrimSpace(id))
			if err != nil {
				return nil, err
			}
			base = append(base, t)
		}
		return techniques.InOrder(base), nil
	}
	if tf.with == "" {
		return base, nil
	}
	if base == nil {
		base = techniques.Default()
	}
	var ids []string
	for id := range strings.SplitSeq(tf.with, ",") {
		id = strings.TrimSpace(id)
		if _, err := lookupTechnique("--with", id); err != nil {
			return nil, err
		}
		if slices.ContainsFunc(base, func(t techniques.Technique) bool { return t.ID == id }) {
			return nil, fmt.Errorf("--with %s: already in the set", id)
		}
		ids = append(ids, id)
	}
	ts, err := techniques.With(base, ids...)
	if err != nil {
		return nil, fmt.Errorf("--with: %s", strings.TrimPrefix(err.Error(), "techniques: "))
	}
	return ts, nil
}

// lookupTechnique finds a technique by ID for a flag, or says which ID was likely meant.
func lookupTechnique(flagName, id string) (techniques.Technique, error) {
	if t, ok := techniques.ByID(id); ok {
		return t, nil
	}
	var ids []string
	for _, t := range append(techniques.Default(), techniques.Optional()...) {
		ids = append(ids, t.ID)
	}
	if id == "" {
		return techniques.Technique{}, fmt.Errorf("%s: an empty technique ID (see 'stepdoku techniques')", flagName)
	}
	return techniques.Technique{}, fmt.Errorf("%s: unknown technique %q%s ('stepdoku techniques' lists them)", flagName, id, suggest(id, ids))
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

A file of several puzzles is read as it is worked on, on every core (--jobs), and
written in input order: text walkthroughs headed by their line, JSON Lines (one
compact trace per line; a puzzle that cannot be walked is {"line":N,"error":...})
or YAML documents separated by "---".

Exit 1 when a puzzle is invalid, has no solution or several, or (with --logic-only)
cannot be finished by the chosen techniques.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		format := fs.String("format", "text", "output: text, json, yaml, html (one page with every step drawn) or svg (the picture of --step)")
		step := fs.Int("step", -1, "with --format svg: the step `N` to draw (1 to the number of steps; 0 for the puzzle)")
		lang := fs.String("lang", "en", "language of the prose: en or ja")
		detail := fs.String("detail", "new", "how much each step says (text and html): full (every step in full), new (a technique in full the first time, then in one sentence) or brief (one-liners only)")
		brief := fs.Bool("brief", false, "the same as --detail brief")
		groupSingles := fs.Bool("group-singles", false, "text: write every run of singles as one group (by default only runs of singles already explained, once a net or loop has said how links read)")
		width := fs.Int("width", 0, "text: wrap prose at this many columns (0: the terminal's width, or 80; -1: no wrapping)")
		logicOnly := fs.Bool("logic-only", false, "stop where the techniques stop instead of taking a search step")
		rated := fs.Bool("rate", false, "json, yaml: add the puzzle's rating (as 'stepdoku rate' gives it) to the summary")
		timeout := timeoutFlag(fs, 30*time.Second, "give up on a puzzle after this `duration` (0: never)")
		var tf techniqueFlags
		tf.register(fs)
		var bf batchFlags
		bf.register(fs)
		variantFlag(fs, e)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		lg, err := explain.ParseLang(*lang)
		if err != nil {
			return fail(e, "--lang: %v", err)
		}
		// The prose is written after the first walk: its catalogue (about 15 ms to
		// read) is read meanwhile, on a core the walk's start leaves free.
		go explain.Preload(lg)
		if !slices.Contains([]string{"text", "json", "yaml", "html", "svg"}, *format) {
			return fail(e, "--format %q: want text, json, yaml, html or svg", *format)
		}
		dt, err := explain.ParseDetail(*detail)
		if err != nil {
			return fail(e, "--detail: %v", err)
		}
		if *brief {
			dt = explain.DetailBrief
		}
		if *width == 0 {
			*width = terminalWidth(e.stdout)
		}
		if (*format == "svg") != (*step >= 0) {
			return fail(e, "--step N goes with --format svg, and --format svg needs --step N")
		}
		ts, err := tf.set()
		if err != nil {
			return fail(e, "%v", err)
		}
		src, err := openSource(e, pos)
		if err != nil {
			return inputExit(e, err)
		}
		defer src.Close()
		if (*format == "html" || *format == "svg") && src.several {
			return fail(e, "--format %s draws one puzzle, and the input has several", *format)
		}
		opt := techniques.Options{Techniques: ts}
		if *logicOnly {
			opt.Fallback = techniques.FallbackStop
		}
		out := traceOutput{format: *format, text: explain.TextOptions{Detail: dt, GroupSingles: *groupSingles, Width: *width}, step: *step, several: src.several, logicOnly: *logicOnly}
		exit := exitOK
		first := true
		sv := newSolvers(bf.jobs)
		err = runBatch(e.ctx, e, src, bf, func(ctx context.Context, p puzzle) walk {
			// The walkthrough is written here, on the worker, so that the output
			// keeps its bytes and not the trace, and writing is done on every core.
			wo, say := opt, (*sayAlong)(nil)
			if out.format == "text" && p.err == nil {
				say = startSaying(p.b, lg, dt)
				wo.OnStep = say.step
			}
			w := walkPuzzle(ctx, sv, p, wo, *timeout)
			o := out
			if say != nil {
				o.text.Narrations = say.said()
			}
			if w.err == nil && *rated {
				w.err = rateTrace(ctx, p, &w.tr, opt, *timeout)
			}
			if w.err == nil {
				w.tr.Lang = lg
				var buf bytes.Buffer
				w.writeErr = o.write(&buf, p, w.tr)
				w.text, w.tr = buf.Bytes(), explain.Trace{Summary: w.tr.Summary}
			}
			return w
		}, func(o *batchOut, p puzzle, w walk) error {
			defer func() { first = false }()
			if w.err != nil {
				exit = max(exit, reportWalkErr(o, p, w.err, *timeout))
				return out.writeError(o.w, p, w.err, *timeout)
			}
			if w.writeErr != nil {
				o.warn("%s", p.describe(w.writeErr))
				exit = max(exit, exitUsage)
				return nil
			}
			if s := w.tr.Summary; !s.Solved || s.Several || s.NoSolution {
				exit = max(exit, exitNegative)
			}
			if !first && out.format == "text" && out.several {
				if err := o.w.WriteByte('\n'); err != nil {
					return err
				}
			}
			_, err := o.w.Write(w.text)
			return err
		})
		return batchExit(e, err, exit)
	}
	return c
}

// sayAlong says the steps of a walk on a goroutine of its own as the walk takes them,
// so that the text is mostly written when the walk ends: the walk leaves a core free at
// times even when it lends (a helper looking out for its next state gives way), and
// saying the 391 steps of the README's 16x16 took 9 ms after its walk.
type sayAlong struct {
	steps chan sayStep
	done  chan struct{}
	nr    *explain.Narrator
	err   error
}

type sayStep struct {
	i int
	s explain.Step
}

// startSaying starts saying the steps of the walk of b in lang at detail d.
func startSaying(b *board.Board, lang explain.Lang, d explain.Detail) *sayAlong {
	a := &sayAlong{steps: make(chan sayStep, 256), done: make(chan struct{})}
	start := explain.NewTrace(b)
	start.Lang = lang
	go func() {
		defer close(a.done)
		for st := range a.steps {
			if st.i == 0 {
				// The first step, or the first of a walk started over.
				a.nr, a.err = explain.NewNarrator(b.Layout(), start, explain.NarrateOptions{Detail: d})
			}
			if a.err == nil && a.nr != nil {
				_, a.err = a.nr.Say(st.s)
			}
		}
	}()
	return a
}

// step is the walk's Options.OnStep.
func (a *sayAlong) step(i int, s explain.Step) { a.steps <- sayStep{i, s} }

// said waits for the steps the walk took to be said and returns them; nil when they
// could not be (WriteText then says them itself, and reports why not).
func (a *sayAlong) said() []explain.Narration {
	close(a.steps)
	<-a.done
	if a.err != nil || a.nr == nil {
		return nil
	}
	return a.nr.Said()
}

// walk is the outcome of the pipeline on one puzzle.
type walk struct {
	tr       explain.Trace
	err      error
	text     []byte // the walkthrough as written out
	writeErr error  // writing it failed
}

func walkPuzzle(ctx context.Context, sv *solvers, p puzzle, opt techniques.Options, timeout time.Duration) walk {
	if p.err != nil {
		return walk{err: p.err}
	}
	ctx, cancel := withTimeoutFrom(ctx, timeout)
	defer cancel()
	tr, err := sv.solve(ctx, p.b, opt)
	return walk{tr: tr, err: err}
}

// reportWalkErr prints why a puzzle could not be walked and returns the exit code:
// 1 for an invalid grid (a negative answer about the puzzle), 2 for input errors.
func reportWalkErr(o *batchOut, p puzzle, err error, timeout time.Duration) int {
	var inv *techniques.InvalidError
	if errors.As(err, &inv) {
		var sb strings.Builder
		for _, pr := range inv.Problems {
			fmt.Fprintf(&sb, "\n  - %s", pr.Describe(inv.Layout))
		}
		o.warn("%s:%s", p.describe(errors.New("the grid is invalid")), sb.String())
		return exitNegative
	}
	o.warn("%s", p.describe(describeError(err, timeout)))
	return exitUsage
}

// stuckHeading heads the pencil marks where --logic-only stops: the explain
// catalogues have no such heading.
func stuckHeading(l explain.Lang) string {
	if l == explain.JA {
		return "テクニックで進めなくなった盤面の候補:"
	}
	return "Pencil marks where the techniques stop:"
}

// traceOutput is how explain writes each walkthrough of its input.
type traceOutput struct {
	format    string
	text      explain.TextOptions // the detail (text and html), grouping and width (text)
	step      int
	several   bool // a batch: JSON Lines, YAML documents, text headed by the line
	logicOnly bool
}

// errorDoc is the JSON Lines entry (or YAML document) of a puzzle that could not be
// walked, in its place in the output.
type errorDoc struct {
	Line     int      `json:"line,omitempty" yaml:"line,omitempty"`
	Error    string   `json:"error" yaml:"error"`
	Problems []string `json:"problems,omitempty" yaml:"problems,omitempty"`
}

func (o traceOutput) writeError(w io.Writer, p puzzle, err error, timeout time.Duration) error {
	d := errorDoc{Line: p.line, Error: p.errorText(describeError(err, timeout))}
	var inv *techniques.InvalidError
	if errors.As(err, &inv) {
		d.Error = "the grid is invalid"
		for _, pr := range inv.Problems {
			d.Problems = append(d.Problems, pr.Describe(inv.Layout))
		}
	}
	switch {
	case o.format == "json" && o.several:
		return writeJSONLine(w, d)
	case o.format == "yaml" && o.several:
		return writeYAMLDoc(w, d)
	}
	return nil
}

func (o traceOutput) write(w io.Writer, p puzzle, tr explain.Trace) error {
	l := p.b.Layout()
	switch o.format {
	case "html":
		return html.WriteOptions(w, l, tr, html.Options{Detail: o.text.Detail})
	case "svg":
		return writeStepSVG(w, l, tr, o.step)
	case "json":
		if !o.several {
			return explain.WriteJSON(w, l, tr)
		}
		d, err := explain.NewTraceDoc(l, tr)
		if err != nil {
			return err
		}
		return writeJSONLine(w, d)
	case "yaml":
		if !o.several {
			return explain.WriteYAML(w, l, tr)
		}
		d, err := explain.NewTraceDoc(l, tr)
		if err != nil {
			return err
		}
		return writeYAMLDoc(w, d)
	}
	if o.several {
		fmt.Fprintln(w, explain.BatchHeading(tr.Lang, p.line))
	}
	if err := explain.WriteText(w, l, tr, o.text); err != nil {
		return err
	}
	if o.logicOnly && tr.Summary.Stuck {
		states, err := tr.States(l)
		if err != nil {
			return err
		}
		fmt.Fprintln(w)
		fmt.Fprintln(w, stuckHeading(tr.Lang))
		fmt.Fprint(w, states[len(states)-1].PencilMarks())
	}
	return nil
}

// rateTrace puts p's rating into tr's summary: a puzzle that cannot be rated (no
// solution, several) is left without one.
func rateTrace(ctx context.Context, p puzzle, tr *explain.Trace, opt techniques.Options, timeout time.Duration) error {
	if !tr.Summary.Solved || tr.Summary.Several {
		return nil
	}
	ctx, cancel := withTimeoutFrom(ctx, timeout)
	defer cancel()
	r, err := rate.Rate(ctx, p.b, rate.Options{Techniques: opt.Techniques})
	if errors.Is(err, rate.ErrNotUnique) {
		return nil
	}
	if err != nil {
		return err
	}
	tr.Summary.Rating = &r
	return nil
}
