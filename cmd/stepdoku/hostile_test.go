package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques"
)

// The tests of issue 36: inputs that once took the whole machine, hung, or were
// answered where they should have been refused.

// runWith runs the CLI in-process on ctx with stdin as given, and fails the test when
// it has not returned within limit: a guard against a hang, not a speed assertion.
func runWith(t *testing.T, ctx context.Context, stdin io.Reader, limit time.Duration, args ...string) result {
	t.Helper()
	var out, errOut bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- runContext(ctx, args, stdin, &out, &errOut) }()
	select {
	case code := <-done:
		return result{code, out.String(), errOut.String()}
	case <-time.After(limit):
		t.Fatalf("%v still running after %v", args, limit)
		return result{}
	}
}

// runBounded runs the CLI with a context that ends after 30 seconds: a command that
// should refuse at once, and works instead (as on the code before issue 36), stops.
func runBounded(t *testing.T, args ...string) result {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	return runWith(t, ctx, nil, time.Minute, args...)
}

// oneLine checks that a refusal is one line on standard error.
func oneLine(t *testing.T, r result, want string) {
	t.Helper()
	assert.Equal(t, exitUsage, r.code, r.stderr)
	assert.Equal(t, 1, strings.Count(r.stderr, "\n"), "one line: %q", r.stderr)
	assert.Contains(t, r.stderr, want)
}

// zeros is a stream of one byte with no line break, as /dev/zero. It ends at 64 MiB,
// so that code that reads it all fails the test rather than fill the machine.
type zeros struct{ read int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.read >= 64<<20 {
		return 0, io.EOF
	}
	for i := range p {
		p[i] = 'z'
	}
	z.read += int64(len(p))
	return len(p), nil
}

const hostileP = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func TestHintReadsAreBounded(t *testing.T) {
	for _, args := range [][]string{
		{"hint", hostileP, "--grid", "-"},
		{"hint", hostileP, "--marks", "-"},
		{"hint", "-"},
	} {
		t.Run(strings.Join(args[1:], " "), func(t *testing.T) {
			z := &zeros{}
			r := runWith(t, t.Context(), z, time.Minute, args...)
			oneLine(t, r, "standard input: more than 1024 KiB, more than any puzzle needs")
			assert.Less(t, z.read, int64(2<<20), "read on past the bound")
		})
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		r := runWith(t, t.Context(), nil, time.Minute, "hint", hostileP, "--grid", "/dev/zero")
		oneLine(t, r, "--grid /dev/zero: more than 1024 KiB")
	}
}

func TestLineWithoutEnd(t *testing.T) {
	// The second puzzle of an input that never breaks its line: once the line is
	// too long, the skip past it is bounded too.
	for _, args := range [][]string{
		{"check"}, {"solve"}, {"explain"}, {"rate"}, {"candidates"}, {"minimize"},
		{"transform", "--seed", "1"}, {"check", "-"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			z := &zeros{}
			r := runWith(t, t.Context(), z, time.Minute, args...)
			oneLine(t, r, "standard input: line 1: no line break in its first 16 MiB")
			assert.Less(t, z.read, int64(20<<20))
		})
	}
}

// blocked is standard input that nobody writes to: a read waits for ever.
func blocked(t *testing.T) io.Reader {
	pr, pw := io.Pipe()
	t.Cleanup(func() { pw.Close() })
	return pr
}

func TestSignalEndsAnyRead(t *testing.T) {
	for _, args := range [][]string{
		{"check"}, {"solve", "-"}, {"explain"}, {"rate"}, {"candidates"},
		{"minimize"}, {"transform", "--seed", "1"},
		{"hint", "-"}, {"hint", hostileP, "--grid", "-"}, {"conform", "-"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			ctx, cancel := context.WithCancel(t.Context())
			time.AfterFunc(50*time.Millisecond, cancel)
			r := runWith(t, ctx, blocked(t), 10*time.Second, args...)
			assert.Equal(t, exitInterrupted, r.code, r.stderr)
			assert.Equal(t, "stepdoku: interrupted\n", r.stderr)
		})
	}
}

func TestJobsBounded(t *testing.T) {
	top := maxJobs()
	// Values that took gigabytes before are run under a memory limit, on the built
	// command, in TestBinaryUnderMemoryLimit.
	for _, jobs := range []string{strconv.Itoa(top + 1), "2305843009213693952", "99999999999999999999999", "-1"} {
		for _, cmd := range []string{"check", "solve", "explain", "rate", "generate", "minimize"} {
			t.Run(cmd+" "+jobs, func(t *testing.T) {
				r := runWith(t, t.Context(), nil, time.Minute, cmd, "--jobs", jobs)
				oneLine(t, r, "--jobs "+jobs+": want 1 to "+strconv.Itoa(top))
			})
		}
	}
	r := runCLI(t, "", "check", "--jobs", strconv.Itoa(top))
	assert.Equal(t, exitOK, r.code, r.stderr)
}

func TestSolversMadeOnDemand(t *testing.T) {
	// A pool for many jobs makes no solver until a job needs one.
	allocs := testing.AllocsPerRun(1, func() { newSolvers(10_000) })
	assert.Less(t, allocs, 10.0)
	s := newSolvers(4)
	for range 3 {
		b, err := board.Parse(example)
		require.NoError(t, err)
		_, err = s.solve(t.Context(), b, techniques.Options{})
		require.NoError(t, err)
	}
	assert.Len(t, s.pool, 1, "one solve at a time: one solver, reused")
}

// fullWriter fails every write, as /dev/full.
type fullWriter struct{}

func (fullWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestWriteErrorsFail(t *testing.T) {
	for _, args := range [][]string{
		{"candidates"}, {"techniques"}, {"techniques", "x-wing"}, {"help"}, {"help", "check"},
		{"--version"}, {"check", "--help"}, {"solve"}, {"check"}, {"explain"}, {"rate"}, {"hint"},
		{"generate", "--seed", "1"}, {"transform", "--seed", "1"}, {"minimize"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			var errOut bytes.Buffer
			code := run(args, nil, fullWriter{}, &errOut)
			r := result{code: code, stderr: errOut.String()}
			oneLine(t, r, "no space left on device")
		})
	}
}

func TestNegativeTimeoutRefused(t *testing.T) {
	for _, cmd := range []string{"check", "solve", "explain", "rate", "hint"} {
		t.Run(cmd, func(t *testing.T) {
			r := runCLI(t, "", cmd, "--timeout", "-1s")
			oneLine(t, r, "--timeout -1s: want 0 (no limit) or more")
		})
	}
	r := runCLI(t, "", "check", "--timeout", "0")
	assert.Equal(t, exitOK, r.code, "0 is no limit: %s", r.stderr)
}

// FuzzBatchFlags gives the batch flags any value: the command runs (exit 0 on the
// example) or refuses the value in one line; it never panics, hangs or takes memory
// for a large number. Seeds in testdata/fuzz/FuzzBatchFlags.
func FuzzBatchFlags(f *testing.F) {
	f.Add("jobs", "2")
	f.Add("jobs", "2305843009213693952")
	f.Add("timeout", "-1s")
	f.Add("shard", "1/2")
	f.Fuzz(func(t *testing.T, name, value string) {
		if name != "jobs" && name != "timeout" && name != "shard" {
			name = []string{"jobs", "timeout", "shard"}[len(name)%3]
		}
		if d, err := time.ParseDuration(value); name == "timeout" && err == nil && d > 0 && d < time.Second {
			t.Skip("a short timeout may give up on the example: a negative answer, not a refusal")
		}
		r := runWith(t, t.Context(), nil, time.Minute, "check", "--"+name+"="+value, example)
		if r.code == exitOK {
			return
		}
		oneLine(t, r, "--"+name)
	})
}

func TestDamagedVariantLineRefused(t *testing.T) {
	empty := strings.Repeat(".", 81)
	f := strings.Fields(rowTripleKiller(empty, 0))
	for _, tc := range []struct{ name, line, want string }{
		{"killer, 80 cage labels", f[0] + " " + f[1][:80] + " " + f[2], "got 80 cage labels, want 81"},
		{"jigsaw, 80 region labels", example + " " + boxRegions[:80], "after the givens come 80 labels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, cmd := range []string{"check", "solve", "explain", "candidates"} {
				r := runBounded(t, cmd, tc.line)
				oneLine(t, r, tc.want)
				assert.Empty(t, r.stdout, cmd)
			}
		})
	}
}

// TestCandidatesReadBack: what candidates prints reads back, for every variant, as the
// same candidates under the same rules (X and windoku, which no grid can say, with
// --variant).
func TestCandidatesReadBack(t *testing.T) {
	empty := strings.Repeat(".", 81)
	type tc struct{ name, line, variant string }
	cases := []tc{
		{"classic", example, ""},
		{"x", example, "x"},
		{"windoku", example, "windoku"},
		{"jigsaw", example + " " + shiftedRegions(), ""},
		{"jigsaw+x", example + " " + shiftedRegions(), "x"},
		{"killer", rowTripleKiller(example, 0), ""},
		{"killer without givens", rowTripleKiller(empty, 0), ""},
		{"killer+x", rowTripleKiller(empty, 0), "x"},
	}
	for _, file := range []string{"jigsaw-dev.txt", "killer-dev.txt", "killer-hard-dev.txt"} {
		if f, err := os.Open(sharedVariants + "/" + file); err == nil {
			f.Close()
			line := sharedLine(t, file)
			n := 3
			if file == "jigsaw-dev.txt" {
				n = 2 // givens and regions, without the solution
			}
			cases = append(cases, tc{file, strings.Join(line[:n], " "), ""})
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"candidates"}
			if c.variant != "" {
				args = append(args, "--variant", c.variant)
			}
			first := runCLI(t, "", append(args, c.line)...)
			require.Equal(t, exitOK, first.code, first.stderr)
			again := runCLI(t, first.stdout, append(args, "-")...)
			require.Equal(t, exitOK, again.code, "%s\n%s", again.stderr, first.stdout)
			assert.Equal(t, first.stdout, again.stdout)
		})
	}
}

// shiftedRegions is a jigsaw: the boxes, with r1c4 and r3c3 traded.
func shiftedRegions() string {
	r := []byte(boxRegions)
	r[3], r[20] = r[20], r[3]
	return string(r)
}

func TestCageInPiecesRefused(t *testing.T) {
	// Cage A of the row-triple killer, with its third cell swapped for one in another
	// row: the cage no longer joins up, and every command says where.
	line := rowTripleKiller(strings.Repeat(".", 81), 0)
	f := strings.Fields(line)
	labels := []byte(f[1])
	labels[2], labels[11] = labels[11], labels[2] // r1c3 (A) and r2c3 (D)
	broken := f[0] + " " + string(labels) + " " + f[2]
	for _, cmd := range []string{"check", "solve", "candidates", "explain"} {
		r := runBounded(t, cmd, broken)
		oneLine(t, r, "is not in one piece")
		assert.Empty(t, r.stdout)
	}
}

func TestGenerateOutOfReach(t *testing.T) {
	for _, er := range []string{"13.5-14", "20-30"} {
		r := runBounded(t, "generate", "--er", er)
		oneLine(t, r, "--er "+er+": out of reach: the hardest puzzles known rate 12.2 at most")
	}
	// Within reach but beyond random grids: it says so, and --timeout ends it.
	r := runWith(t, t.Context(), nil, time.Minute, "generate", "--er", "12-13", "--timeout", "200ms", "--jobs", "1")
	assert.Equal(t, exitNegative, r.code, r.stderr)
	assert.Equal(t, "stepdoku: --timeout 200ms: made 0 of 1 puzzles\n", r.stderr, "no note with a timeout")
	ctx, cancel := context.WithCancel(t.Context())
	time.AfterFunc(200*time.Millisecond, cancel)
	r = runWith(t, ctx, nil, time.Minute, "generate", "--er", "12-13", "--jobs", "1")
	assert.Equal(t, exitInterrupted, r.code, r.stderr)
	note := fmt.Sprintf("stepdoku: note: above %.1f only the hardest puzzles known rate; this may never end (--timeout bounds it)\n", hardestBase())
	assert.True(t, strings.HasPrefix(r.stderr, note), r.stderr)
	assert.Greater(t, hardestBase(), 9.9, "the nested nets' base is on the scale")
}

func TestGenerateTimeout(t *testing.T) {
	// A range that is rare: nothing is made in the time, and the command says so.
	r := runWith(t, t.Context(), nil, time.Minute, "generate", "--er", "11.8-11.9", "--count", "2", "--timeout", "300ms", "--jobs", "1")
	assert.Equal(t, exitNegative, r.code, r.stderr)
	assert.Equal(t, "stepdoku: --timeout 300ms: made 0 of 2 puzzles\n", r.stderr)
	assert.Empty(t, r.stdout)

	// Stopped part way, the message counts the lines written.
	r = runWith(t, t.Context(), nil, time.Minute, "generate", "--count", "5000", "--seed", "1", "--timeout", "500ms")
	if r.code == exitOK {
		t.Skip("5000 puzzles made in 500 ms: nothing to stop")
	}
	require.Equal(t, exitNegative, r.code, r.stderr)
	lines := strings.Count(r.stdout, "\n")
	assert.Equal(t, "stepdoku: --timeout 500ms: made "+strconv.Itoa(lines)+" of 5000 puzzles\n", r.stderr)

	r = runCLI(t, "", "generate", "--count", "2", "--seed", "1", "--timeout", "1m")
	assert.Equal(t, exitOK, r.code, r.stderr)
	assert.Equal(t, 2, strings.Count(r.stdout, "\n"))
}
