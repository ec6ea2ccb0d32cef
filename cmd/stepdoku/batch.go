package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques"
	"golang.org/x/term"
)

// batchFlags are the flags of the commands that work through a file of puzzles. The
// flag package checks them as it parses (their Set methods), so a command has nothing
// left to check.
type batchFlags struct {
	jobs  int
	quiet bool
	// k and n are --shard K/N: this worker takes lines K, K+N, K+2N, … (n is 0
	// without --shard).
	k, n int
}

func (bf *batchFlags) register(fs *flag.FlagSet) {
	bf.jobs = runtime.GOMAXPROCS(0)
	fs.Func("jobs", "work on `N` puzzles at once (default: every core)", func(s string) error {
		n, err := strconv.Atoi(s)
		if top := maxJobs(); err != nil || n < 1 || n > top {
			return fmt.Errorf("--jobs %s: want 1 to %d; more jobs than four a core only hold more puzzles in memory", shownValue(s), top)
		}
		bf.jobs = n
		return nil
	})
	fs.BoolVar(&bf.quiet, "quiet", false, "no progress bar on a terminal")
	fs.Func("shard", "`K/N`: take only lines K, K+N, K+2N, ... of the input (1 <= K <= N), to split a file among N workers", func(s string) error {
		k, n, ok := strings.Cut(s, "/")
		kk, err1 := strconv.Atoi(k)
		nn, err2 := strconv.Atoi(n)
		if !ok || err1 != nil || err2 != nil || nn < 1 || kk < 1 || kk > nn {
			return fmt.Errorf("--shard %q: want K/N with 1 <= K <= N, such as 2/8", s)
		}
		bf.k, bf.n = kk, nn
		return nil
	})
}

// maxJobs is the most --jobs takes. The work is all on the processor, so jobs past the
// cores only hold puzzles in memory; a million of them took gigabytes.
func maxJobs() int {
	return max(8, 4*runtime.GOMAXPROCS(0))
}

// takes reports whether the shard of --shard holds puzzle p (every puzzle without it).
// Shards go by the input's line numbers, so N workers given the same file and K = 1..N
// take each line exactly once, whatever the comments and blank lines.
func (bf *batchFlags) takes(p puzzle) bool {
	return bf.n == 0 || p.line == 0 || (p.line-1)%bf.n == bf.k-1
}

// errInterrupted says that a batch stopped on a signal, after the output of the
// puzzles before the one it stopped at.
var errInterrupted = errors.New("interrupted")

// batchOut is where a batch writes: standard output through a buffer, flushed
// whenever the batch waits for a result, so that output still appears as it is
// made; and messages on standard error, after what stdout has before them.
type batchOut struct {
	w      *bufio.Writer
	stderr io.Writer
	bar    *progress
}

// warn writes a message about one puzzle on standard error, where the progress bar
// is redrawn after it.
func (o *batchOut) warn(format string, a ...any) {
	_ = o.w.Flush() // a failed stdout shows at the next write
	o.bar.clear()
	fmt.Fprintf(o.stderr, "stepdoku: "+format+"\n", a...)
}

// runBatch works through the puzzles of src: work runs on up to jobs puzzles at once,
// and emit gets the results in input order. At most a few times jobs puzzles are read
// ahead of the output, so memory does not grow with the input.
//
// When ctx ends, reading stops, and the results finished before are emitted in order
// up to the first unfinished one; runBatch then returns errInterrupted. It returns a
// read error of the input, or emit's first error (stdout closed), the same way.
func runBatch[R any](ctx context.Context, e *env, src *source, bf batchFlags,
	work func(context.Context, puzzle) R, emit func(*batchOut, puzzle, R) error) error {
	type slot struct {
		p    puzzle
		off  int64 // input bytes read when p was, for the progress bar
		r    R
		cut  bool // work did not finish: ctx ended
		done chan struct{}
	}
	jobs := max(bf.jobs, 1)
	window := 4 * jobs
	inner, cancel := context.WithCancel(ctx)
	defer cancel()
	todo := make(chan *slot)
	order := make(chan *slot, window)
	var readErr error // written before order is closed, read after it is drained
	go func() {
		defer close(order)
		defer close(todo)
		for inner.Err() == nil {
			p, ok, err := src.Next()
			if err != nil {
				readErr = err
				return
			}
			if !ok {
				return
			}
			if !bf.takes(p) {
				continue
			}
			s := &slot{p: p, done: make(chan struct{})}
			if src.read != nil {
				s.off = src.read()
			}
			select {
			case order <- s:
			case <-inner.Done():
				return
			}
			select {
			case todo <- s:
			case <-inner.Done():
				s.cut = true
				close(s.done)
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for range jobs {
		wg.Go(func() {
			for {
				var s *slot
				select {
				case s = <-todo:
				case <-inner.Done():
					return
				}
				if s == nil {
					return // todo closed: the input is done
				}
				if inner.Err() == nil {
					s.r = work(inner, s.p)
				}
				// A result that ends after the batch was stopped may be cut short.
				s.cut = inner.Err() != nil
				close(s.done)
			}
		})
	}
	bar := newProgress(e, src, bf)
	out := &batchOut{w: bufio.NewWriterSize(e.stdout, 32<<10), stderr: e.stderr, bar: bar}
	var emitErr error
	stopped := false
	fail := func(err error) {
		if emitErr == nil {
			emitErr, stopped = err, true
			cancel()
		}
	}
	flush := func() {
		if err := out.w.Flush(); err != nil {
			fail(err)
		}
	}
	// next returns the next slot in input order; false at the end of the input, or
	// once the batch is stopped and the slots already queued are taken (the reader
	// may be blocked in a read that a signal does not end).
	ended := false
	next := func() (*slot, bool) {
		select {
		case s, ok := <-order:
			ended = !ok
			return s, ok
		default:
		}
		flush()
		select {
		case s, ok := <-order:
			ended = !ok
			return s, ok
		case <-inner.Done():
			select {
			case s, ok := <-order:
				ended = !ok
				return s, ok
			default:
				return nil, false
			}
		}
	}
	for {
		s, ok := next()
		if !ok {
			break
		}
		select {
		case <-s.done:
		default:
			flush()
			<-s.done // work ends with inner, or the reader cuts the slot
		}
		if stopped || s.cut {
			stopped = true
			continue
		}
		if err := emit(out, s.p, s.r); err != nil {
			fail(err)
			continue
		}
		bar.done(s.off)
	}
	wg.Wait()
	if err := out.w.Flush(); err != nil && emitErr == nil {
		emitErr = err
	}
	bar.finish()
	switch {
	case emitErr != nil:
		return emitErr
	case ctx.Err() != nil:
		return errInterrupted
	case !ended:
		return errInterrupted // not reached: inner ends only with ctx or emitErr
	}
	return readErr // the reader closed order after writing it
}

// batchExit turns what ended a batch into a message and an exit code, the worst of
// code and the batch's own.
func batchExit(e *env, err error, code int) int {
	switch {
	case err == nil:
		return code
	case errors.Is(err, errInterrupted):
		fmt.Fprintln(e.stderr, "stepdoku: interrupted; the output holds every puzzle before the one it stopped at")
		return exitInterrupted
	}
	fmt.Fprintf(e.stderr, "stepdoku: %v\n", err)
	return max(code, exitUsage)
}

// progress is the progress bar of a batch on a terminal: puzzles done, their rate,
// and, when the input is a file, how much of it is done and the time left.
type progress struct {
	w       io.Writer // nil: no bar
	size    int64
	start   time.Time
	n       int
	bar     *progressbar.ProgressBar // made once the batch has run a while
	lastOff int64
}

// progressDelay is how long a batch runs before it shows a bar: short batches stay silent.
const progressDelay = time.Second

func newProgress(e *env, src *source, bf batchFlags) *progress {
	p := &progress{size: src.size, start: time.Now()}
	if !bf.quiet && !src.single && e.stderrTerminal {
		p.w = e.stderr
	}
	return p
}

// done counts one more puzzle written; off is how far the input was read for it.
func (p *progress) done(off int64) {
	if p.w == nil {
		return
	}
	p.n++
	elapsed := time.Since(p.start)
	if p.bar == nil {
		if elapsed < progressDelay {
			return
		}
		max := int64(-1)
		opts := []progressbar.Option{
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionThrottle(100 * time.Millisecond),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30),
		}
		if p.size > 0 {
			max = p.size
			opts = append(opts, progressbar.OptionSetPredictTime(true))
		} else {
			opts = append(opts, progressbar.OptionSpinnerType(14))
		}
		p.bar = progressbar.NewOptions64(max, opts...)
	}
	rate := float64(p.n) / elapsed.Seconds()
	p.bar.Describe(fmt.Sprintf("%d puzzles, %.0f/s", p.n, rate))
	if p.size > 0 {
		_ = p.bar.Set64(min(off, p.size)) // a bar on a terminal: nothing to do if it fails
	} else {
		_ = p.bar.Add64(1)
	}
}

// clear takes the bar off the line, for a message; the next update draws it again.
func (p *progress) clear() {
	if p.bar != nil {
		_ = p.bar.Clear()
	}
}

func (p *progress) finish() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}

// isTerminal reports whether w is a terminal, where a progress bar can be drawn.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// terminalWidth is the width of the terminal w writes to, or 0 (the default width)
// when it is not a terminal.
func terminalWidth(w io.Writer) int {
	if c, ok := w.(interface{ unwrap() io.Writer }); ok {
		w = c.unwrap()
	}
	f, ok := w.(*os.File)
	if !ok || !isTerminal(w) {
		return 0
	}
	cols, _, err := term.GetSize(int(f.Fd()))
	if err != nil || cols < 20 {
		return 0
	}
	return cols
}

// solvers lends each worker of a batch a techniques.Solver, so that a solver's
// buffers last across the puzzles of a worker instead of being made for each, and
// counts the machine's cores among its solves (techniques.Cores): while fewer puzzles
// than cores are being worked on (a file of one puzzle, the end of a batch), a solve
// lends its forcing nets to an idle core.
//
// Solvers are made as workers first need them, so a batch of one puzzle makes one
// whatever --jobs says; at most n exist, as at most n workers solve at once.
type solvers struct {
	pool  chan *techniques.Solver
	cores *techniques.Cores
}

func newSolvers(n int) *solvers {
	return &solvers{pool: make(chan *techniques.Solver, n), cores: techniques.NewCores(runtime.GOMAXPROCS(0))}
}

// solve walks b with a solver of the pool, or with a new one when s is nil.
func (s *solvers) solve(ctx context.Context, b *board.Board, opt techniques.Options) (explain.Trace, error) {
	if s == nil {
		return techniques.Solve(ctx, b, opt)
	}
	var sv *techniques.Solver
	select {
	case sv = <-s.pool:
	default:
		sv = techniques.NewSolver()
	}
	defer func() {
		select {
		case s.pool <- sv:
		default: // more solves than workers (not in a batch): let it go
		}
	}()
	opt.Cores = s.cores
	return sv.Solve(ctx, b, opt)
}
