package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

// examplePuzzle is used when a command gets no puzzle at all, so that a fresh clone can
// run `go run ./cmd/stepdoku solve` and see something.
const examplePuzzle = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."

// puzzle is one input puzzle, or the error that reading it gave.
type puzzle struct {
	where string // the input's name for messages ("f.txt", "standard input"); "" for an argument
	line  int    // where the puzzle starts in the input, from 1; 0 for an argument
	b     *board.Board
	err   error
}

// describe writes err about p for the user with its place said once:
// "f.txt, line 3, column 14: '?' is not a digit".
func (p puzzle) describe(err error) string {
	var parts []string
	if p.where != "" {
		parts = append(parts, p.where)
	}
	line, col, msg := p.line, 0, err.Error()
	var pe *board.ParseError
	if errors.As(err, &pe) {
		if pe.Line > 0 {
			line = pe.Line
		}
		col, msg = pe.Column, pe.Msg
	}
	if line > 0 {
		parts = append(parts, fmt.Sprintf("line %d", line))
	}
	if col > 0 {
		parts = append(parts, fmt.Sprintf("column %d", col))
	}
	if len(parts) == 0 {
		return msg
	}
	return strings.Join(parts, ", ") + ": " + msg
}

// errorText writes err for output that gives p's line beside it (a JSON Lines
// entry): "column 14: '?' is not a digit", with a line only when it is another one.
func (p puzzle) errorText(err error) string {
	var pe *board.ParseError
	if p.line > 0 && errors.As(err, &pe) && (pe.Line == 0 || pe.Line == p.line) {
		if pe.Column > 0 {
			return fmt.Sprintf("column %d: %s", pe.Column, pe.Msg)
		}
		return pe.Msg
	}
	return puzzle{}.describe(err)
}

// source yields the puzzles of the input one at a time, so that a file of any length
// is read as it is worked on, never held whole.
type source struct {
	name   string // for messages; "" for an argument or the example
	single bool   // one puzzle by construction: an argument or the example
	// several reports whether the input holds two puzzles or more (known on opening).
	several bool
	size    int64        // bytes in the input when it is a regular file, else 0
	read    func() int64 // bytes read so far
	ahead   []puzzle     // puzzles read on opening and not handed out yet
	next    func() (puzzle, bool, error)
	close   func() error
}

// Next returns the next puzzle, false at the end of the input, or an error when the
// input could not be read (a bad puzzle is a puzzle with its error, not an error).
func (s *source) Next() (puzzle, bool, error) {
	if len(s.ahead) > 0 {
		p := s.ahead[0]
		s.ahead = s.ahead[1:]
		return p, true, nil
	}
	if s.next == nil {
		return puzzle{}, false, nil
	}
	return s.next()
}

// Close closes the file the source reads, if any.
func (s *source) Close() error {
	if s.close == nil {
		return nil
	}
	return s.close()
}

// openSource resolves the PUZZLE|FILE|- argument (at most one) to a source. With no
// argument it reads piped standard input, else the example.
func openSource(e *env, positional []string) (*source, error) {
	if len(positional) > 1 {
		return nil, fmt.Errorf("want one puzzle, file or '-', got %d arguments (quote a puzzle that has spaces)", len(positional))
	}
	if len(positional) == 0 {
		if e.stdin != nil {
			return streamSource(e.ctx, io.NopCloser(e.stdin), "standard input", 0, e.variant)
		}
		if e.variant != 0 {
			return nil, fmt.Errorf("--variant %s: give a puzzle; the built-in example is classic", e.variant)
		}
		b, err := board.Parse(examplePuzzle)
		return singleSource(puzzle{b: b, err: err}), nil
	}
	arg := positional[0]
	r, name, err := openArg(e, arg)
	if err != nil {
		return nil, err
	}
	if r != nil {
		var size int64
		if f, ok := r.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				size = fi.Size()
			}
		}
		return streamSource(e.ctx, r, name, size, e.variant)
	}
	b, err := board.ParseAs(arg, e.variant)
	if err != nil {
		if looksLikePath(arg) {
			return nil, fmt.Errorf("%s: no such file, and not a puzzle either: %s", arg, puzzle{}.describe(err))
		}
		return nil, errors.New(puzzle{}.describe(err))
	}
	return singleSource(puzzle{b: b}), nil
}

func singleSource(p puzzle) *source {
	return &source{single: true, ahead: []puzzle{p}}
}

// countingReader counts the bytes read through it, for the progress bar.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// ctxReader reads r until ctx ends. A read that blocks (a pipe nobody writes to) is
// left behind when the context ends, so that a signal stops a command whatever it is
// reading: the read goes on in a goroutine of its own, into a buffer of its own, so
// nothing touches the caller's buffer once Read has returned.
type ctxReader struct {
	ctx  context.Context
	r    io.Reader
	buf  []byte
	res  chan readResult
	busy bool  // a read is under way in the goroutine
	err  error // errInterrupted once ctx has ended
}

type readResult struct {
	n   int
	err error
}

// readCtx returns r read until ctx ends (r itself when ctx never ends).
func readCtx(ctx context.Context, r io.Reader) io.Reader {
	if ctx == nil || ctx.Done() == nil {
		return r
	}
	return &ctxReader{ctx: ctx, r: r, buf: make([]byte, 32<<10), res: make(chan readResult, 1)}
}

func (c *ctxReader) Read(p []byte) (int, error) {
	if c.err == nil && c.ctx.Err() != nil {
		c.err = errInterrupted
	}
	if c.err != nil {
		return 0, c.err
	}
	if !c.busy {
		c.busy = true
		buf := c.buf[:min(len(p), len(c.buf))]
		go func() {
			n, err := c.r.Read(buf)
			c.res <- readResult{n, err}
		}()
	}
	select {
	case rr := <-c.res:
		c.busy = false
		return copy(p, c.buf[:rr.n]), rr.err
	case <-c.ctx.Done():
		c.err = errInterrupted
		return 0, c.err
	}
}

// maxArgText bounds what is read of a file or standard input that holds one puzzle, a
// player's grid or pencil marks: the largest (an indented 25x25 JSON board with every
// candidate) is a quarter of it.
const maxArgText = 1 << 20

// readText reads the whole of r, a puzzle or a player's state, up to maxArgText and
// until ctx ends.
func readText(ctx context.Context, r io.Reader) (string, error) {
	data, err := io.ReadAll(io.LimitReader(readCtx(ctx, r), maxArgText+1))
	if err != nil {
		return "", err
	}
	if len(data) > maxArgText {
		return "", fmt.Errorf("more than %d KiB, more than any puzzle needs", maxArgText>>10)
	}
	return string(data), nil
}

// streamSource reads the puzzles of r. It reads the first two on opening, to say
// whether there are several and to fail early on an input without any.
func streamSource(ctx context.Context, r io.ReadCloser, name string, size int64, v board.Variant) (*source, error) {
	cr := &countingReader{r: readCtx(ctx, r)}
	rd := board.NewReaderAs(cr, v)
	s := &source{name: name, size: size, close: r.Close}
	s.read = func() int64 { return cr.n }
	s.next = func() (puzzle, bool, error) {
		b, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return puzzle{}, false, nil
		}
		p := puzzle{where: name, line: rd.Line(), b: b}
		if err != nil {
			var pe *board.ParseError
			if !errors.As(err, &pe) {
				// Not a bad puzzle but a failed read: nothing after it can be trusted.
				return puzzle{}, false, fmt.Errorf("%s: %w", name, err)
			}
			p.err = err
		}
		return p, true, nil
	}
	for range 2 {
		p, ok, err := s.next()
		if err != nil {
			r.Close()
			return nil, err
		}
		if !ok {
			break
		}
		s.ahead = append(s.ahead, p)
	}
	if len(s.ahead) == 0 {
		r.Close()
		return nil, fmt.Errorf("%s: no puzzle found", name)
	}
	s.several = len(s.ahead) > 1
	return s, nil
}

// readPuzzles reads the input of a command that takes one puzzle: the first puzzles
// of it, at most two, so that a long file is not read to be refused.
func readPuzzles(e *env, positional []string) ([]puzzle, error) {
	src, err := openSource(e, positional)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	return src.ahead, nil
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
	fi, err := os.Stat(arg)
	if err != nil {
		return nil, "", nil
	}
	if fi.IsDir() {
		return nil, "", fmt.Errorf("%s is a directory, not a puzzle file", arg)
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

// variantFlag declares --variant on fs: the rules every puzzle of the input is read
// under (see board.ParseAs).
func variantFlag(fs *flag.FlagSet, e *env) {
	fs.Func("variant", "the `RULES` of the puzzles: x, windoku, jigsaw or killer, combined with + (killer+x); "+
		"jigsaw and killer lines are recognised without it", func(s string) error {
		v, err := board.ParseVariant(s)
		if err != nil {
			return errors.New(strings.TrimPrefix(err.Error(), "board: "))
		}
		e.variant = v
		return nil
	})
}

// inputExit ends a command whose input could not be read: on a signal (exit 130), or
// with the error (exit 2).
func inputExit(e *env, err error) int {
	if errors.Is(err, errInterrupted) {
		fmt.Fprintln(e.stderr, "stepdoku: interrupted")
		return exitInterrupted
	}
	return fail(e, "%v", err)
}
