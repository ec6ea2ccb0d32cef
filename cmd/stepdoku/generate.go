package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques"
	"github.com/stepdoku/stepdoku/techniques/generate"
	"github.com/stepdoku/stepdoku/techniques/rate"
)

// erLevel is a named level of --level: a range of ER.
type erLevel struct {
	name     string
	min, max float64
}

// generateLevels returns the levels of --level: the bands of the rating scale.
func generateLevels() []erLevel {
	var out []erLevel
	lo := 0.0
	for _, lv := range rate.DefaultScale().Levels {
		hi := lv.Max
		if hi == 0 { // the last level has no top
			hi = 20
		}
		out = append(out, erLevel{lv.Name, lo, hi})
		lo = hi + 0.05 // ratings have one decimal: the next level starts above this one
	}
	return out
}

// generateRater returns the rating --level and --er filter on: Sudoku Explainer's ER,
// from the rate package (its walk, with the same techniques as the puzzle's).
func generateRater(opt techniques.Options) generate.Rater {
	ro := rate.Options{Techniques: opt.Techniques}
	return func(ctx context.Context, b *board.Board) (float64, error) {
		r, err := rate.Rate(ctx, b, ro)
		return r.ER, err
	}
}

func generateCommand() command {
	c := command{
		name:  "generate",
		usage: "[flags]",
		short: "make new puzzles, unique and minimal",
		long: `Makes --count new puzzles, one per line. Each has exactly one solution (counted
by the search, up to two) and is minimal: no given can be removed without a second
solution, unless --no-minimal, which stops at --givens givens. With --symmetry the
givens keep a pattern (rot180, rot90, mirror, diagonal); minimal then means that no
group of cells the symmetry maps onto each other can be emptied.

--technique ID (repeat it, or give a comma-separated list) keeps puzzles whose
walkthrough uses one of the techniques; with --hardest one of them is also the
hardest step. --level or --er MIN-MAX keeps puzzles whose rating is in range. The
rating is Sudoku Explainer's ER, as 'stepdoku rate' gives it, and the levels its
bands (listed with --level below).

Puzzles are made on every core (--jobs) and written in order as they are done.
--seed makes the output reproducible: puzzle i depends only on the seed and i,
whatever --jobs. Without --seed the seed is random; --format json writes it on
every line.

Sizes: --size 4, 6, 8, 9, 12 and 16 (a minimal 12x12 takes about ten milliseconds
on one core, a minimal 16x16 about a third of a second). On 25x25 the searches that
count solutions take minutes below about 300 givens, so minimal 25x25 puzzles are
refused: use --no-minimal, which stops at 300 givens unless --givens says otherwise.
--technique, --level and --er work on 9x9.`,
	}
	c.run = func(e *env) int {
		// The levels come from the rating scale, read here rather than when the
		// command is made: every command line makes every command (3.8 ms to read).
		var levels []string
		for _, l := range generateLevels() {
			levels = append(levels, fmt.Sprintf("%s %.1f-%.1f", l.name, max(math.Ceil(l.min*10)/10, 1), l.max))
		}
		fs := c.flagSet(e)
		count := fs.Int("count", 1, "make `N` puzzles")
		level := fs.String("level", "", "keep puzzles of this `LEVEL`: "+strings.Join(levels, ", "))
		er := fs.String("er", "", "keep puzzles rated in `MIN-MAX` (e.g. 3.0-4.5)")
		var ids []string
		fs.Func("technique", "keep puzzles whose walkthrough uses this technique `ID` (repeatable, or a comma-separated list: any of them)", func(s string) error {
			for id := range strings.SplitSeq(s, ",") {
				id = strings.TrimSpace(id)
				if _, err := lookupTechnique("--technique", id); err != nil {
					return err
				}
				ids = append(ids, id)
			}
			return nil
		})
		hardest := fs.Bool("hardest", false, "with --technique: one of them is the hardest step")
		symmetry := fs.String("symmetry", "none", "pattern of the givens: none, rot180, rot90, mirror or diagonal")
		size := fs.Int("size", 9, "grid side: 4, 6, 8, 9, 12, 16 or 25")
		seedFlag := fs.String("seed", "", "random seed, a number: the same seed gives the same puzzles")
		format := fs.String("format", "line", "output: line (one puzzle per line) or json (one object per line)")
		noMinimal := fs.Bool("no-minimal", false, "stop removing givens at --givens instead of going on until none can go")
		givens := fs.Int("givens", 0, "with --no-minimal: stop at `N` givens (0: 37% of the cells; 300 on 25x25)")
		maxAttempts := fs.Int("max-attempts", 0, "give up a puzzle after `N` grids that fail the filters (0: never)")
		timeout := timeoutFlag(fs, 0, "stop after this `duration` and say how many puzzles were made (0: never)")
		var tf techniqueFlags
		tf.register(fs)
		var bf batchFlags
		bf.register(fs)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if len(pos) > 0 {
			return fail(e, "generate takes no arguments, got %q", pos[0])
		}
		if *count < 1 {
			return fail(e, "--count %d: want 1 or more", *count)
		}
		if *format != "line" && *format != "json" {
			return fail(e, "--format %q: want line or json", *format)
		}
		l, err := board.LayoutOf(*size)
		if err != nil {
			return fail(e, "--size %d: want 4, 6, 8, 9, 12, 16 or 25", *size)
		}
		if *size == 25 && !*noMinimal {
			return fail(e, "--size 25: minimal 25x25 puzzles take too long to make; use --no-minimal (and --givens)")
		}
		sym, err := generate.ParseSymmetry(*symmetry)
		if err != nil {
			return fail(e, "--symmetry %q: want none, rot180, rot90, mirror or diagonal", *symmetry)
		}
		if *hardest && len(ids) == 0 {
			return fail(e, "--hardest goes with --technique")
		}
		if *givens != 0 && !*noMinimal {
			return fail(e, "--givens goes with --no-minimal")
		}
		if *givens < 0 || *givens > l.Cells() {
			return fail(e, "--givens %d: want 0 to %d", *givens, l.Cells())
		}
		if *maxAttempts < 0 {
			return fail(e, "--max-attempts %d: want 0 or more", *maxAttempts)
		}
		ts, err := tf.set()
		if err != nil {
			return fail(e, "%v", err)
		}
		seed, err := seedOf(*seedFlag)
		if err != nil {
			return fail(e, "%v", err)
		}
		opt := generate.Options{
			Layout:      l,
			Symmetry:    sym,
			NotMinimal:  *noMinimal,
			MaxGivens:   *givens,
			Techniques:  ids,
			Hardest:     *hardest,
			Solve:       techniques.Options{Techniques: ts},
			MaxAttempts: *maxAttempts,
		}
		if len(ids) > 0 && *size != 9 {
			return fail(e, "--technique works on 9x9 for now: the walkthroughs of other sizes are slow")
		}
		if *level != "" || *er != "" {
			if *size != 9 {
				return fail(e, "--level and --er work on 9x9 only")
			}
			lo, hi, err := erRange(*level, *er)
			if err != nil {
				return fail(e, "%v", err)
			}
			opt.Rater, opt.MinER, opt.MaxER = generateRater(opt.Solve), lo, hi
			if top := hardestBase(); lo > top && *timeout == 0 {
				fmt.Fprintf(e.stderr, "stepdoku: note: above %.1f only the hardest puzzles known rate; this may never end (--timeout bounds it)\n", top)
			}
		}
		made, err := generateBatch(e, *count, seed, opt, *format, bf, *timeout)
		if errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintf(e.stderr, "stepdoku: --timeout %v: made %d of %d puzzles\n", *timeout, made, *count)
			return exitNegative
		}
		if err != nil {
			return batchExit(e, err, exitOK)
		}
		return exitOK
	}
	return c
}

// maxER is the highest rating --er may ask for. On this scale the hardest puzzles
// known rate 12.2 at most (the forums' list of 48,766, every 48th line: `stepdoku rate
// --format json` on them, 2026-12-06); a range above that is out of reach. Below it a
// range may still be rare, which --timeout bounds.
const maxER = 13.0

// hardestBase is the highest rating a step has on the scale before its length adds to
// it: a puzzle rated above it needs a long nested net, which random grids almost never
// give.
func hardestBase() float64 {
	top := 0.0
	sc := rate.DefaultScale()
	for _, e := range sc.Techniques {
		top = max(top, e.SE)
	}
	for _, r := range sc.Nets { // the nets are rated by their level of chaining
		top = max(top, r)
	}
	return top
}

// erRange returns the rating range of --level or --er (not both).
func erRange(level, er string) (float64, float64, error) {
	if level != "" && er != "" {
		return 0, 0, errors.New("--level and --er exclude each other")
	}
	if level != "" {
		var names []string
		for _, l := range generateLevels() {
			if l.name == level {
				return l.min, l.max, nil
			}
			names = append(names, l.name)
		}
		return 0, 0, fmt.Errorf("--level %q: want one of %s", level, strings.Join(names, ", "))
	}
	a, b, ok := strings.Cut(er, "-")
	lo, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	hi, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err1 != nil || err2 != nil || lo > hi || lo < 0 {
		return 0, 0, fmt.Errorf("--er %q: want MIN-MAX, two numbers with MIN <= MAX, such as 3.0-4.5", er)
	}
	if lo > maxER {
		return 0, 0, fmt.Errorf("--er %s: out of reach: the hardest puzzles known rate 12.2 at most", shownValue(er))
	}
	return lo, hi, nil
}

// generated is what a worker made for one index: a puzzle or the error.
type generated struct {
	p   generate.Puzzle
	err error
}

// generateBatch makes count puzzles on bf.jobs workers through runBatch, the input
// being the indices 0..count-1, so the output order, the progress bar (done of
// count) and the handling of signals are those of every batch command.
//
// After timeout (0: none) it stops as on a signal, with the puzzles made before the
// first unfinished one written; it returns how many were written, and
// context.DeadlineExceeded when the timeout ended it.
func generateBatch(e *env, count int, seed uint64, opt generate.Options, format string, bf batchFlags, timeout time.Duration) (int, error) {
	next, made := 0, 0
	src := &source{
		several: count > 1,
		single:  count == 1,
		size:    int64(count),
		read:    func() int64 { return int64(next) },
		next: func() (puzzle, bool, error) {
			if next == count {
				return puzzle{}, false, nil
			}
			next++
			return puzzle{line: next}, true, nil
		},
	}
	work := func(ctx context.Context, p puzzle) generated {
		g, err := generate.Nth(ctx, seed, uint64(p.line-1), opt)
		return generated{g, err}
	}
	var failed error
	emit := func(o *batchOut, p puzzle, r generated) error {
		if r.err != nil {
			if failed == nil {
				failed = r.err
			}
			o.warn("puzzle %d: %v", p.line-1, r.err)
			return nil
		}
		made++
		if format == "line" {
			_, err := fmt.Fprintln(o.w, board.Line(r.p.Givens))
			return err
		}
		return writeGeneratedJSON(o, seed, p.line-1, opt, r.p)
	}
	ctx, cancel := withTimeoutFrom(e.ctx, timeout)
	defer cancel()
	if err := runBatch(ctx, e, src, bf, work, emit); err != nil {
		if errors.Is(err, errInterrupted) && e.ctx.Err() == nil && ctx.Err() != nil {
			return made, context.DeadlineExceeded
		}
		return made, err
	}
	if failed != nil {
		return made, fmt.Errorf("some puzzles were not made: %w", failed)
	}
	return made, nil
}

// generatedJSON is one line of --format json.
type generatedJSON struct {
	Seed     uint64   `json:"seed"`
	Index    int      `json:"index"`
	Puzzle   string   `json:"puzzle"`
	Solution string   `json:"solution"`
	Givens   int      `json:"givens"`
	Attempts int      `json:"attempts"`
	Hardest  string   `json:"hardest,omitempty"`
	Uses     []string `json:"uses,omitempty"`
	ER       *float64 `json:"er,omitempty"`
}

func writeGeneratedJSON(o *batchOut, seed uint64, index int, opt generate.Options, p generate.Puzzle) error {
	out := generatedJSON{
		Seed: seed, Index: index,
		Puzzle: board.Line(p.Givens), Solution: board.Line(p.Solution),
		Attempts: p.Attempts,
	}
	for _, d := range p.Givens {
		if d != 0 {
			out.Givens++
		}
	}
	if p.Trace != nil {
		out.Hardest = p.Trace.Summary.Hardest
		for _, s := range p.Trace.Steps {
			if !slices.Contains(out.Uses, s.Technique) && slices.Contains(opt.Techniques, s.Technique) {
				out.Uses = append(out.Uses, s.Technique)
			}
		}
	}
	if opt.Rater != nil {
		er := p.ER
		out.ER = &er
	}
	data, err := json.Marshal(out)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(o.w, "%s\n", data)
	return err
}
