package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Exit codes that scripts can rely on.
const (
	exitOK       = 0 // success, and a positive answer
	exitNegative = 1 // the command worked and the answer is no
	exitUsage    = 2 // bad flags, bad input
)

// env is what a command gets: its arguments (after the command name) and its streams.
// stdin is nil when nothing is piped in.
type env struct {
	args           []string
	stdin          io.Reader
	stdout, stderr io.Writer
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
		candidatesCommand(),
		explainCommand(),
		hintCommand(),
		techniquesCommand(),
		conformCommand(),
		serveCommand(),
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := findCommand(args[1]); ok {
				return c.run(&env{args: []string{"--help"}, stdin: stdin, stdout: stdout, stderr: stderr})
			}
		}
		printUsage(stdout)
		return exitOK
	}
	c, ok := findCommand(name)
	if !ok {
		fmt.Fprintf(stderr, "stepdoku: unknown command %q\n\n", name)
		printUsage(stderr)
		return exitUsage
	}
	return c.run(&env{args: args[1:], stdin: stdin, stdout: stdout, stderr: stderr})
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
	fmt.Fprintln(w, "or '-' for standard input; with none, the built-in example is used.")
	fmt.Fprintln(w, "Run 'stepdoku help <command>' for its flags.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Exit codes: 0 success, 1 a negative answer (e.g. no solution), 2 usage or input error.")
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
	args := e.args
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(e.stdout)
				usage()
				return nil, exitOK, true
			}
			usage() // after the error the flag package printed
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
