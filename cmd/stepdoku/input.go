package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"

	"github.com/stepdoku/stepdoku/board"
)

// examplePuzzle is used when a command gets no puzzle at all, so that a fresh clone can
// run `go run ./cmd/stepdoku solve` and see something.
const examplePuzzle = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."

// puzzle is one input puzzle, or the error that reading it gave.
type puzzle struct {
	where string // "line 12 of f.txt", "argument", ... for messages
	b     *board.Board
	err   error
}

// readPuzzles resolves the PUZZLE|FILE|- argument (at most one) to puzzles. With no
// argument it reads piped standard input, else the example.
func readPuzzles(e *env, positional []string) ([]puzzle, error) {
	if len(positional) > 1 {
		return nil, fmt.Errorf("want one puzzle, file or '-', got %d arguments (quote a puzzle that has spaces)", len(positional))
	}
	if len(positional) == 0 {
		if e.stdin != nil {
			return readStream(e.stdin, "standard input")
		}
		b, err := board.Parse(examplePuzzle)
		return []puzzle{{where: "example", b: b, err: err}}, nil
	}
	arg := positional[0]
	r, name, err := openArg(e, arg)
	if err != nil {
		return nil, err
	}
	if r != nil {
		defer r.Close()
		return readStream(r, name)
	}
	b, err := board.Parse(arg)
	if err != nil {
		if looksLikePath(arg) {
			return nil, fmt.Errorf("%s: no such file, and not a puzzle either: %v", arg, err)
		}
		return nil, err
	}
	return []puzzle{{where: "argument", b: b}}, nil
}

var errNoStdin = errors.New("'-' reads standard input, but nothing is piped in")

// openArg opens what an argument names: '-' for standard input, or an existing file,
// with the name to use in messages. It returns a nil reader when arg names neither, so
// the caller can take arg itself as the text.
func openArg(e *env, arg string) (io.ReadCloser, string, error) {
	if arg == "-" {
		if e.stdin == nil {
			return nil, "", errNoStdin
		}
		return io.NopCloser(e.stdin), "standard input", nil
	}
	if fi, err := os.Stat(arg); err != nil || fi.IsDir() {
		return nil, "", nil
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, "", err
	}
	return f, arg, nil
}

func looksLikePath(s string) bool {
	return !strings.ContainsAny(s, "\n") && (strings.ContainsAny(s, `/\`) ||
		strings.HasSuffix(s, ".txt") || strings.HasSuffix(s, ".sdk"))
}

// readStream reads every puzzle of r. A bad puzzle becomes an entry with its error
// (located by line), so one bad line in a big file loses nothing else.
func readStream(r io.Reader, name string) ([]puzzle, error) {
	rd := board.NewReader(r)
	var out []puzzle
	for {
		b, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		where := fmt.Sprintf("%s, line %d", name, rd.Line())
		if err != nil {
			var pe *board.ParseError
			if !errors.As(err, &pe) {
				// Not a bad puzzle but a failed read: nothing after it can be trusted.
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			out = append(out, puzzle{where: where, err: err})
			continue
		}
		out = append(out, puzzle{where: where, b: b})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no puzzle found", name)
	}
	return out, nil
}

// inOrder runs work on every item using every core and hands the results to emit in
// input order, so batch output is deterministic and streams as it goes.
func inOrder[T, R any](items []T, work func(T) R, emit func(int, R)) {
	workers := min(runtime.GOMAXPROCS(0), len(items))
	results := make([]R, len(items))
	done := make([]chan struct{}, len(items))
	for i := range done {
		done[i] = make(chan struct{})
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for i := range next {
				results[i] = work(items[i])
				close(done[i])
			}
		})
	}
	go func() {
		for i := range items {
			next <- i
		}
		close(next)
	}()
	for i := range items {
		<-done[i]
		emit(i, results[i])
	}
	wg.Wait()
}
