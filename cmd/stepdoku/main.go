// Command stepdoku solves Sudoku the way a strong human does and explains every step.
//
// Run `stepdoku help` for the commands. Exit codes: 0 success, 1 a negative answer
// (no solution, not unique, not solvable by logic, ...), 2 a usage or input error.
package main

import (
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], pipedStdin(), os.Stdout, os.Stderr))
}

// pipedStdin returns standard input when something is piped or redirected into it,
// and nil when it is a terminal or missing, so that a bare `stepdoku solve` uses the
// example puzzle instead of waiting for typing.
func pipedStdin() io.Reader {
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice != 0 {
		return nil
	}
	return os.Stdin
}
