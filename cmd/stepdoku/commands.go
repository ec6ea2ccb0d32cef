package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

// Exit codes that scripts can rely on.
const (
	exitOK       = 0 // success, and a positive answer
	exitNegative = 1 // the command worked and the answer is no
	exitUsage    = 2 // bad flags, bad input
	// exitInterrupted is the shell's code for a command stopped by SIGINT (128+2); a
	// batch stopped by SIGINT or SIGTERM exits with it after writing what it finished.
	exitInterrupted = 130
)

// env is what a command gets: its arguments (after the command name) and its streams.
// stdin is nil when nothing is piped in.
type env struct {
	ctx            context.Context // ends on SIGINT or SIGTERM
	args           []string
	stdin          io.Reader
	stdout, stderr io.Writer
	stderrTerminal bool // stderr is a terminal: a batch may draw a progress bar
	// variant is the rules puzzles are read under (--variant; 0: as the input says).
	variant board.Variant
}

// command is one subcommand. Its flags are declared in setup; run does the work.
type command struct {
	name  string
	usage string // argument synopsis after the name
	short string // one line for the list of commands
	long  string // what it does, for --help
	run   func(e *env) int
}

func commands() []command {
	return []command{
		solveCommand(),
		checkCommand(),
		rateCommand(),
		candidatesCommand(),
		explainCommand(),
		hintCommand(),
		techniquesCommand(),
		conformCommand(),
		serveCommand(),
		siteCommand(),
		generateCommand(),
		minimizeCommand(),
		transformCommand(),
	}
}

// run runs the command line args without a signal to stop it: tests use it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runContext(context.Background(), args, stdin, stdout, stderr)
}

// runContext runs the command line args; a batch stops when ctx ends. A write to
// stdout that fails (a full disk, a closed pipe) makes the command fail, whatever it
// writes: exit 2, with one line on stderr, unless the command said so itself.
func runContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &checkedWriter{w: stdout}
	code := runChecked(ctx, args, stdin, out, stderr)
	if out.err != nil && code < exitUsage {
		fmt.Fprintf(stderr, "stepdoku: writing the output: %v\n", out.err)
		return exitUsage
	}
	return code
}

// checkedWriter keeps the first error of the writes to w, and writes nothing after it.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// unwrap returns the writer written to, for the terminal's width.
func (c *checkedWriter) unwrap() io.Writer { return c.w }

func runChecked(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	e := &env{ctx: ctx, stdin: stdin, stdout: stdout, stderr: stderr, stderrTerminal: isTerminal(stderr)}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 2 {
			fmt.Fprintf(stderr, "stepdoku: help takes one command, got %d\n", len(args)-1)
			return exitUsage
		}
		if len(args) == 2 {
			c, ok := findCommand(args[1])
			if !ok {
				fmt.Fprintf(stderr, "stepdoku: help: unknown command %q%s\n\n", args[1], suggest(args[1], commandNames()))
				printUsage(stderr)
				return exitUsage
			}
			e.args = []string{"--help"}
			return c.run(e)
		}
		printUsage(stdout)
		return exitOK
	case "version", "-version", "--version":
		fmt.Fprintln(stdout, "stepdoku", version())
		return exitOK
	}
	c, ok := findCommand(name)
	if !ok {
		fmt.Fprintf(stderr, "stepdoku: unknown command %q%s\n\n", name, suggest(name, commandNames()))
		printUsage(stderr)
		return exitUsage
	}
	e.args = args[1:]
	return c.run(e)
}

// version returns the module version the binary was built from: a tag for
// `go install ...@v1.2.3`, "(devel)" for a build in a checkout.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok || bi.Main.Version == "" {
		return "(devel)"
	}
	return bi.Main.Version
}

func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

func findCommand(name string) (command, bool) {
	cs := commands()
	i := slices.IndexFunc(cs, func(c command) bool { return c.name == name })
	if i < 0 {
		return command{}, false
	}
	return cs[i], true
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "stepdoku solves Sudoku the way a strong human does and explains every step.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: stepdoku <command> [arguments]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.short)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "A puzzle is an argument (81 characters, a pencil-mark grid, ...), a file name,")
	fmt.Fprintln(w, "or '-' for standard input; with none, the built-in example is used. Variants:")
	fmt.Fprintln(w, "a jigsaw line (givens, region labels) and a killer (givens, cage labels, sums;")
	fmt.Fprintln(w, "the CodinGame form; a SudokuWiki killer string; JSON with cages) are recognised;")
	fmt.Fprintln(w, "--variant x|windoku|jigsaw|killer (or killer+x ...) says the rest.")
	fmt.Fprintln(w, "Run 'stepdoku help <command>' for its flags, 'stepdoku --version' for the version.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit codes: 0 success, 1 a negative answer (e.g. no solution), 2 usage or input error,")
	fmt.Fprintln(w, "130 a batch interrupted by a signal (the puzzles before it are written).")
}

// flagSet returns a flag set for c that prints c's help and reports errors to e.stderr.
func (c command) flagSet(e *env) *flag.FlagSet {
	fs := flag.NewFlagSet("stepdoku "+c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: stepdoku %s %s\n\n%s\n", c.name, c.usage, strings.TrimSpace(c.long))
		var has bool
		fs.VisitAll(func(*flag.Flag) { has = true })
		if has {
			fmt.Fprintln(fs.Output(), "\nFlags:")
			fs.PrintDefaults()
		}
	}
	return fs
}

// parseFlags parses flags anywhere among the arguments (Go's flag package stops at the
// first positional one) and returns the positionals. --help prints to stdout and asks
// the caller to stop with exitOK; other errors print usage and return exitUsage.
func parseFlags(fs *flag.FlagSet, e *env) (positional []string, code int, stop bool) {
	// The flag package prints usage itself, to stderr, on --help too: print it here
	// instead, where it belongs.
	usage := fs.Usage
	fs.Usage = func() {}
	defer func() { fs.Usage = usage }()
	// A flag with a value it refuses (--jobs 10000) is one line, saying what it wants;
	// an unknown flag or a missing value gets the usage as well.
	out := fs.Output()
	fs.SetOutput(io.Discard)
	defer fs.SetOutput(out)
	args := e.args
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(e.stdout)
				usage()
				return nil, exitOK, true
			}
			msg := err.Error()
			if _, why, ok := strings.Cut(msg, ": --"); ok && strings.HasPrefix(msg, "invalid value ") {
				msg = "--" + why // the flag's own message names it and its value
			}
			fmt.Fprintf(out, "stepdoku: %s\n", msg)
			if !strings.HasPrefix(err.Error(), "invalid value ") {
				fs.SetOutput(out)
				usage()
			}
			return nil, exitUsage, true
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return positional, 0, false
		}
		if rest[0] == "--" {
			return append(positional, rest[1:]...), 0, false
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// fail prints a located error for the user and returns the usage/input exit code.
func fail(e *env, format string, a ...any) int {
	fmt.Fprintf(e.stderr, "stepdoku: "+format+"\n", a...)
	return exitUsage
}

// shownValue writes a flag's value for a message: as given when it is plain, quoted
// when it has spaces or characters that would break the line.
func shownValue(s string) string {
	for _, r := range s {
		if r <= ' ' || r == '"' || !strconv.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}
