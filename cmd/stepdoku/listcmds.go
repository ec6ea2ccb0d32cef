package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques"
)

func techniquesCommand() command {
	c := command{
		name:  "techniques",
		usage: "",
		short: "list the techniques in the order they are tried",
		long: `Lists the techniques of the default set in the order the solver tries them:
ID (for --up-to and --techniques), English name, and difficulty on the Sudoku
Explainer scale. Techniques marked * need a puzzle with a single solution.
The optional techniques follow: never needed in the default order, but usable
with --techniques.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if len(pos) > 0 {
			return fail(e, "techniques takes no arguments")
		}
		w := bufio.NewWriter(e.stdout)
		defer w.Flush()
		fmt.Fprintf(w, "%-36s %-40s %s\n", "ID", "NAME", "DIFFICULTY")
		for _, t := range techniques.Default() {
			mark := ""
			if t.NeedsUnique {
				mark = " *"
			}
			fmt.Fprintf(w, "%-36s %-40s %.1f%s\n", t.ID, t.Name, t.Difficulty, mark)
		}
		fmt.Fprintln(w, "\nOptional (by --techniques only):")
		for _, t := range techniques.Optional() {
			fmt.Fprintf(w, "%-36s %-40s %.1f\n", t.ID, t.Name, t.Difficulty)
		}
		return exitOK
	}
	return c
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

func runConform(e *env, r io.Reader, name string, verbose bool) int {
	ts := append(techniques.Default(), techniques.Optional()...)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	var passed, failed, skipped, bad int
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		c, err := board.ParseLibraryLine(text)
		if err != nil {
			fmt.Fprintf(e.stderr, "stepdoku: %s, line %d: %v\n", name, n, err)
			bad++
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
		return fail(e, "%s: %v", name, err)
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
