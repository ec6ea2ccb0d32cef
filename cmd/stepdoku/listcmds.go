package main

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques"
)

func techniquesCommand() command {
	c := command{
		name:  "techniques",
		usage: "[ID]",
		short: "list the techniques in the order they are tried, or show one",
		long: `Lists the techniques of the default set in the order the solver tries them:
ID (for --up-to and --techniques), English name, and difficulty on the Sudoku
Explainer scale. Techniques marked * need a puzzle with a single solution.
The optional techniques follow: never needed in the default order, but usable
with --techniques.

With an ID (or an English name, such as "X-Wing"), prints that technique's
documentation: how it works, its difficulty and score.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		switch len(pos) {
		case 0:
		case 1:
			return showTechnique(e, pos[0])
		default:
			return fail(e, "techniques takes at most one ID, got %d arguments", len(pos))
		}
		w := bufio.NewWriter(e.stdout)
		defer w.Flush()
		fmt.Fprintf(w, "%-36s %-40s %s\n", "ID", "NAME", "DIFFICULTY")
		for _, t := range techniques.Default() {
			mark := ""
			if t.NeedsUnique {
				mark = " *"
			}
			fmt.Fprintf(w, "%-36s %-40s %.1f%s\n", t.ID, t.Name(), t.Difficulty, mark)
		}
		fmt.Fprintln(w, "\nOptional (by --techniques only):")
		for _, t := range techniques.Optional() {
			fmt.Fprintf(w, "%-36s %-40s %.1f\n", t.ID, t.Name(), t.Difficulty)
		}
		return exitOK
	}
	return c
}

// showTechnique prints the documentation of the technique named by arg, an ID or an
// English name; for an unknown one it suggests the closest IDs.
func showTechnique(e *env, arg string) int {
	all := slices.Concat(techniques.Default(), techniques.Optional(), []techniques.Technique{techniques.Search})
	id := strings.Join(strings.Fields(strings.ToLower(arg)), "-")
	i := slices.IndexFunc(all, func(t techniques.Technique) bool { return t.ID == id || strings.EqualFold(t.Name(), arg) })
	if i < 0 {
		ids := make([]string, len(all))
		for k, t := range all {
			ids[k] = t.ID
		}
		if near := closest(id, ids, 3); len(near) > 0 {
			return fail(e, "unknown technique %q: did you mean %s? ('stepdoku techniques' lists them all)", arg, strings.Join(near, ", "))
		}
		return fail(e, "unknown technique %q ('stepdoku techniques' lists them all)", arg)
	}
	t := all[i]
	var notes []string
	if t.NeedsUnique {
		notes = append(notes, "only on a puzzle with one solution")
	}
	if slices.ContainsFunc(techniques.Optional(), func(o techniques.Technique) bool { return o.ID == t.ID }) {
		notes = append(notes, "optional: by --techniques or --with only")
	}
	w := bufio.NewWriter(e.stdout)
	defer w.Flush()
	fmt.Fprintf(w, "%s (%s): difficulty %.1f, score %d", t.Name(), t.ID, t.Difficulty, t.Score)
	if len(t.Codes) > 0 {
		fmt.Fprintf(w, ", HoDoKu code %s", strings.Join(t.Codes, ", "))
	}
	fmt.Fprintln(w)
	for _, n := range notes {
		fmt.Fprintf(w, "(%s)\n", n)
	}
	// The doc's first line is its title, already printed as the name.
	doc := t.Doc
	if _, body, ok := strings.Cut(doc, "\n"); ok {
		doc = body
	}
	fmt.Fprintf(w, "%s\n", strings.TrimRight(doc, "\n"))
	return exitOK
}

func conformCommand() command {
	c := command{
		name:  "conform",
		usage: "[--verbose] FILE",
		short: "run HoDoKu library test cases against the techniques",
		long: `Reads a HoDoKu regression library (one case per line:
:<code>:<digits>:<givens>:<deleted>:<eliminations>:<placements>:<extra>:), sets up
each case's exact candidate state, runs only the technique that answers its code,
and compares eliminations and placements. Each failure is printed with its line;
the last line reads "N passed, M failed, K skipped" (skipped: no technique for the
code). Exit 1 when any case fails.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		verbose := fs.Bool("verbose", false, "print every case, not only failures")
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if len(pos) != 1 {
			return fail(e, "conform takes one FILE (or '-')")
		}
		r, name, err := openArg(e, pos[0])
		switch {
		case err != nil:
			return fail(e, "%v", err)
		case r == nil:
			return fail(e, "%s: no such file", pos[0])
		}
		defer r.Close()
		return runConform(e, r, name, *verbose)
	}
	return c
}

// maxBadLines is how many unreadable lines conform names one by one; the rest are
// counted, so a file that is mostly not a library gives a few errors, not thousands.
const maxBadLines = 5

func runConform(e *env, r io.Reader, name string, verbose bool) int {
	ts := append(techniques.Default(), techniques.Optional()...)
	sc := bufio.NewScanner(readCtx(e.ctx, r))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var passed, failed, skipped, bad int
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c, err := board.ParseLibraryLine(text)
		if err != nil {
			if passed+failed+skipped == 0 {
				// Not one case yet: this is no library (a puzzle file, say), and every
				// line would fail alike.
				return fail(e, "%s, line %d: not a HoDoKu library (one case per line, :<code>:<digits>:<givens>:...): %v", name, n, err)
			}
			if bad++; bad <= maxBadLines {
				fmt.Fprintf(e.stderr, "stepdoku: %s, line %d: %v\n", name, n, err)
			}
			continue
		}
		res := techniques.Conform(c, ts)
		switch res.Outcome {
		case techniques.ConformPass:
			passed++
			if verbose {
				fmt.Fprintf(e.stdout, "line %d: %s: pass (%s)\n", n, c.Code, strings.Join(res.Techniques, ", "))
			}
		case techniques.ConformSkip:
			skipped++
			if verbose {
				fmt.Fprintf(e.stdout, "line %d: %s: skipped: %s\n", n, c.Code, res.Reason)
			}
		default:
			failed++
			fmt.Fprintf(e.stdout, "line %d: %s: FAIL (%s): %s\n", n, c.Code, strings.Join(res.Techniques, ", "), res.Reason)
		}
	}
	if err := sc.Err(); err != nil {
		return inputExit(e, fmt.Errorf("%s: %w", name, err))
	}
	if bad > maxBadLines {
		more := "1 more line is"
		if bad-maxBadLines > 1 {
			more = fmt.Sprintf("%d more lines are", bad-maxBadLines)
		}
		fmt.Fprintf(e.stderr, "stepdoku: %s: %s not a library case\n", name, more)
	}
	fmt.Fprintf(e.stdout, "%d passed, %d failed, %d skipped\n", passed, failed, skipped)
	switch {
	case bad > 0:
		return exitUsage
	case failed > 0:
		return exitNegative
	}
	return exitOK
}
