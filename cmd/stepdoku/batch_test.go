package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/explain"
)

// relabel returns the puzzle with every digit d replaced by (d-1+k)%9+1: a different
// puzzle with the same number of solutions, so that lines of a batch can be told apart.
func relabel(p string, k int) string {
	b := []byte(p)
	for i, c := range b {
		if c >= '1' && c <= '9' {
			b[i] = byte((int(c-'1')+k)%9) + '1'
		}
	}
	return string(b)
}

// genReader yields n lines, line i (from 0) being line(i), without holding them.
// read counts the lines handed out; a test may look at it while a stopped batch's
// reader goroutine is still reading (a batch does not wait for it), hence atomic.
type genReader struct {
	n    int
	read atomic.Int64
	line func(int) string
	buf  []byte
}

// lines returns how many lines have been read.
func (g *genReader) lines() int { return int(g.read.Load()) }

func (g *genReader) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		i := g.lines()
		if i == g.n {
			return 0, io.EOF
		}
		g.buf = append(g.buf[:0], g.line(i)...)
		g.buf = append(g.buf, '\n')
		g.read.Add(1)
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

// lineSink checks each output line as it comes (without keeping them) and samples the
// live heap every so many lines.
type lineSink struct {
	t       *testing.T
	partial []byte
	n       int
	check   func(i int, line string)
	every   int
	maxHeap uint64
	onLine  func(n int)
}

func (s *lineSink) Write(p []byte) (int, error) {
	s.partial = append(s.partial, p...)
	for {
		i := bytes.IndexByte(s.partial, '\n')
		if i < 0 {
			break
		}
		if s.check != nil {
			s.check(s.n, string(s.partial[:i]))
		}
		s.n++
		if s.every > 0 && s.n%s.every == 0 {
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			s.maxHeap = max(s.maxHeap, ms.HeapInuse)
		}
		if s.onLine != nil {
			s.onLine(s.n)
		}
		s.partial = s.partial[i+1:]
	}
	return len(p), nil
}

func TestBatchMemoryIsBounded(t *testing.T) {
	// 200,000 lines go through check while the live heap is sampled. Reading the whole
	// input and keeping every result, as before, held hundreds of MB here; the stream
	// holds a window of puzzles.
	const n = 200_000
	in := &genReader{n: n, line: func(i int) string { return relabel(example, i%9) }}
	var mismatches int
	out := &lineSink{t: t, every: 10_000, check: func(i int, line string) {
		if want := relabel(example, i%9) + "\tunique"; line != want && mismatches < 3 {
			mismatches++
			t.Errorf("line %d: got %q, want %q", i+1, line, want)
		}
	}}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	var errOut bytes.Buffer
	code := run([]string{"check"}, in, out, &errOut)
	require.Equal(t, exitOK, code, errOut.String())
	require.Equal(t, n, out.n, "one line per puzzle")
	grew := int64(out.maxHeap) - int64(before.HeapInuse)
	t.Logf("live heap: %d MB before, at most %d MB during the batch", before.HeapInuse>>20, out.maxHeap>>20)
	assert.Less(t, grew, int64(32<<20), "the live heap grew by %d MB", grew>>20)
}

func TestBatchInOrderWithJobs(t *testing.T) {
	// Hard puzzles first, so that later, easier ones finish before them: the output
	// is still in input order, and the same for any number of jobs.
	hard := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	var lines []string
	for i := range 40 {
		switch i % 5 {
		case 0:
			lines = append(lines, relabel(hard, i%9))
		case 3:
			lines = append(lines, "bad line "+strings.Repeat("x", i))
		default:
			lines = append(lines, relabel(example, i%9))
		}
	}
	lines = append(lines, several, clash)
	in := strings.Join(lines, "\n") + "\n"
	one := runCLI(t, in, "check", "--logic", "--jobs", "1")
	two := runCLI(t, in, "check", "--logic", "--jobs", "2")
	require.Equal(t, one.stdout, two.stdout)
	require.Equal(t, one.code, two.code)
	assert.Equal(t, exitUsage, two.code, "bad lines are input errors")
	got := strings.Split(strings.TrimSuffix(two.stdout, "\n"), "\n")
	require.Len(t, got, len(lines))
	for i, l := range got {
		f := strings.Split(l, "\t")
		require.Len(t, f, 4, "line %d: %q", i+1, l)
		if strings.HasPrefix(lines[i], "bad") {
			assert.Equal(t, []string{"-", "error"}, f[:2], "line %d", i+1)
			assert.Contains(t, two.stderr, "standard input, line "+strconv.Itoa(i+1)+": ")
			continue
		}
		assert.Equal(t, lines[i], f[0], "line %d", i+1)
	}
	assert.Equal(t, "several", strings.Split(got[40], "\t")[1])
	assert.Equal(t, "invalid", strings.Split(got[41], "\t")[1])

	r := runCLI(t, in, "check", "--jobs", "0")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--jobs 0")
}

func TestBatchJSONLines(t *testing.T) {
	in := example + "\n12?\n" + several + "\n" + clash + "\n"
	for _, args := range [][]string{
		{"check", "--format", "json"},
		{"check", "--logic", "--format", "json"},
		{"solve", "--format", "json"},
		{"explain", "--format", "json"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := runCLI(t, in, args...)
			assert.NotEqual(t, exitOK, r.code)
			lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			require.Len(t, lines, 4, "one line per puzzle:\n%s", r.stdout)
			for i, l := range lines {
				var m map[string]any
				require.NoError(t, json.Unmarshal([]byte(l), &m), "line %d: %s", i+1, l)
			}
			var bad struct {
				Line  int    `json:"line"`
				Error string `json:"error"`
			}
			require.NoError(t, json.Unmarshal([]byte(lines[1]), &bad))
			assert.Equal(t, 2, bad.Line)
			assert.Contains(t, bad.Error, `unknown format "12?"`)
			assert.NotContains(t, bad.Error, "line 2", "the line is in its own field")
			assert.Contains(t, r.stderr, "standard input, line 2: unknown format")
			if args[0] == "explain" {
				// A walkthrough reads back with the documented schema.
				l, tr, err := explain.ReadJSON(strings.NewReader(lines[0]))
				require.NoError(t, err)
				assert.Equal(t, 9, l.N())
				assert.Equal(t, exampleSolution, tr.Solution)
			}
		})
	}
}

func TestBatchYAMLDocuments(t *testing.T) {
	in := example + "\n12?\n" + several + "\n"
	for _, args := range [][]string{
		{"check", "--format", "yaml"},
		{"explain", "--format", "yaml", "--brief"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			r := runCLI(t, in, args...)
			dec := yaml.NewDecoder(strings.NewReader(r.stdout))
			var docs []map[string]any
			for {
				var m map[string]any
				err := dec.Decode(&m)
				if errors.Is(err, io.EOF) {
					break
				}
				require.NoError(t, err)
				docs = append(docs, m)
			}
			require.Len(t, docs, 3, r.stdout)
			assert.Equal(t, 2, docs[1]["line"])
			assert.Contains(t, docs[1]["error"], "unknown format")
			assert.Equal(t, 3, strings.Count(r.stdout, "---\n"))
		})
	}
	// One trace reads back through explain's own reader.
	r := runCLI(t, example+"\n"+several+"\n", "explain", "--format", "yaml")
	docs := strings.Split(r.stdout, "---\n")
	require.Len(t, docs, 3)
	_, tr, err := explain.ReadYAML(strings.NewReader(docs[1]))
	require.NoError(t, err)
	assert.Equal(t, exampleSolution, tr.Solution)
}

func TestBatchTextHeadsEachPuzzle(t *testing.T) {
	in := "# two puzzles\n" + example + "\n\n" + several + "\n"
	r := runCLI(t, in, "explain", "--brief")
	assert.Equal(t, exitNegative, r.code, "the second has several solutions")
	assert.True(t, strings.HasPrefix(r.stdout, "=== line 2 ===\n"), r.stdout[:40])
	assert.Contains(t, r.stdout, "\n\n=== line 4 ===\n")

	r = runCLI(t, in, "solve", "--format", "pretty")
	assert.Contains(t, r.stdout, "line 2:\n3 1 6 | 5 7 8 | 4 9 2")
	assert.Contains(t, r.stdout, "line 4:\nSeveral solutions exist")
}

func TestBatchLongLine(t *testing.T) {
	in := example + "\n" + strings.Repeat("1", 100<<10) + "\n" + example + "\n"
	r := runCLI(t, in, "check")
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, example+"\tunique\n-\terror\n"+example+"\tunique\n", r.stdout)
	assert.Contains(t, r.stderr, "standard input, line 2: longer than 64 KiB")
}

func TestTrailingWhitespace(t *testing.T) {
	for _, n := range []int{63, 175, 544, 648} {
		r := runCLI(t, example+strings.Repeat(" ", n)+"\n"+example+"\n", "check")
		require.Equal(t, exitOK, r.code, "%d spaces: %s", n, r.stderr)
		assert.Equal(t, example+"\tunique\n"+example+"\tunique\n", r.stdout, "%d spaces", n)
	}
}

func TestBatchCancel(t *testing.T) {
	// The context ends (as on SIGINT) after 1000 lines are out: what is written is
	// every line up to some point, in order and whole, and the exit code says so.
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	const n = 100_000
	in := &genReader{n: n, line: func(i int) string { return relabel(example, i%9) }}
	out := &lineSink{t: t, check: func(i int, line string) {
		if want := relabel(example, i%9) + "\tunique"; line != want {
			t.Errorf("line %d: got %q, want %q", i+1, line, want)
		}
	}}
	out.onLine = func(k int) {
		if k == 1000 {
			cancel()
		}
	}
	var errOut bytes.Buffer
	code := runContext(ctx, []string{"check"}, in, out, &errOut)
	assert.Equal(t, exitInterrupted, code)
	assert.GreaterOrEqual(t, out.n, 1000)
	assert.Less(t, out.n, n, "the batch stopped early")
	assert.Empty(t, out.partial, "no line cut in the middle")
	assert.Contains(t, errOut.String(), "interrupted")
	assert.Less(t, in.lines(), n, "reading stopped too")
}

func TestBatchStopsOnClosedOutput(t *testing.T) {
	// A reader that went away (stdout closed, as with `| head`) stops the batch.
	in := &genReader{n: 100_000, line: func(i int) string { return example }}
	var errOut bytes.Buffer
	code := run([]string{"check"}, in, failingWriter{}, &errOut)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut.String(), "broken pipe")
	assert.Less(t, in.lines(), 100_000)
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("write: broken pipe") }

func TestProgressBar(t *testing.T) {
	var buf bytes.Buffer
	p := &progress{w: &buf, size: 1000, start: time.Now().Add(-2 * progressDelay)}
	for i := range 10 {
		p.done(int64(i+1) * 100)
	}
	p.clear()
	p.finish()
	assert.Contains(t, buf.String(), "puzzles")
	assert.Contains(t, buf.String(), "/s")

	// Not on a terminal, or with --quiet: nothing.
	e := &env{stderr: &buf}
	src := &source{}
	assert.Nil(t, newProgress(e, src, batchFlags{}).w)
	e.stderrTerminal = true
	assert.NotNil(t, newProgress(e, src, batchFlags{}).w)
	assert.Nil(t, newProgress(e, src, batchFlags{quiet: true}).w)
	assert.Nil(t, newProgress(e, &source{single: true}, batchFlags{}).w, "one puzzle needs no bar")
}

func TestOnePuzzleCommandsReadLittle(t *testing.T) {
	// candidates takes one puzzle: it does not read a long input through to say so.
	in := &genReader{n: 1_000_000, line: func(int) string { return example }}
	var out, errOut bytes.Buffer
	code := run([]string{"candidates"}, in, &out, &errOut)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errOut.String(), "takes one puzzle; the input has more than one")
	assert.Less(t, in.lines(), 10_000, "lines read")
}

func TestWording(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		want     []string
		wantNot  []string
		onStdout bool
	}{
		{name: "location once", stdin: "3.65.84..52...?" + example[15:] + "\n", args: []string{"check", "-"}, code: exitUsage,
			want: []string{"stepdoku: standard input, line 1, column 15: '?' is not a digit\n"}, wantNot: []string{"board:", "line 1: line"}},
		{name: "fullwidth digit", args: []string{"solve", "3.６" + example[3:]}, code: exitUsage,
			want: []string{"column 3: '６' is a fullwidth digit: write 6"}},
		{name: "directory", args: []string{"solve", dir}, code: exitUsage,
			want: []string{dir + " is a directory"}, wantNot: []string{"no such file"}},
		{name: "help for no command", args: []string{"help", "nosuch"}, code: exitUsage,
			want: []string{`unknown command "nosuch"`}},
		{name: "misspelt command", args: []string{"exlpain"}, code: exitUsage,
			want: []string{`did you mean "explain"?`}},
		{name: "up-to misspelt", args: []string{"explain", "--up-to", "x-wings"}, code: exitUsage,
			want: []string{`--up-to: unknown technique "x-wings"; did you mean "x-wing"?`}},
		{name: "techniques misspelt", args: []string{"explain", "--techniques", "hidden-single,xwing"}, code: exitUsage,
			want: []string{`--techniques: unknown technique "xwing"; did you mean "x-wing"?`}},
		{name: "with misspelt", args: []string{"check", "--logic", "--with", "franken-swordfsh"}, code: exitUsage,
			want: []string{`did you mean "franken-swordfish"?`}},
		{name: "nothing like it", args: []string{"explain", "--up-to", "zzzzzzzzzz"}, code: exitUsage,
			want: []string{`unknown technique "zzzzzzzzzz"`}, wantNot: []string{"did you mean"}},
		{name: "up-to an optional technique", args: []string{"explain", "--up-to", "franken-swordfish"}, code: exitUsage,
			want: []string{"add it with --with"}},
		{name: "two puzzles in one argument", args: []string{"solve", example + "\n" + example}, code: exitUsage,
			want: []string{"line 2: a second puzzle"}, wantNot: []string{"Reader", "Parse"}},
		{name: "no internal words", args: []string{"explain", clash}, code: exitNegative,
			want: []string{"stepdoku: the grid is invalid:\n  - 3 twice in row 1"}, wantNot: []string{"argument"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.stdin, tc.args...)
			assert.Equal(t, tc.code, r.code, r.stderr)
			for _, w := range tc.want {
				assert.Contains(t, r.stderr, w)
			}
			for _, w := range tc.wantNot {
				assert.NotContains(t, r.stderr, w)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	r := runCLI(t, "", "--version")
	require.Equal(t, exitOK, r.code)
	assert.Regexp(t, `^stepdoku (\(devel\)|v\d+\.\d+\.\d+\S*)\n$`, r.stdout)
}

func TestCheckSolutionFlag(t *testing.T) {
	r := runCLI(t, "", "check", example)
	require.Equal(t, exitOK, r.code)
	assert.NotContains(t, r.stdout, "3 1 6 | 5 7 8 | 4 9 2", "no solution unless asked")
	r = runCLI(t, "", "check", "--solution", example)
	require.Equal(t, exitOK, r.code)
	assert.Contains(t, r.stdout, "3 1 6 | 5 7 8 | 4 9 2")
	r = runCLI(t, "", "check", "--solution", several)
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stdout, "Two of them:")
	assert.Equal(t, 2, strings.Count(r.stdout, "------+-------+------")/2)
}

func TestExplainLogicOnlyShowsPencilMarks(t *testing.T) {
	hard := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	r := runCLI(t, "", "explain", "--brief", "--logic-only", "--up-to", "hidden-single", hard)
	assert.Equal(t, exitNegative, r.code)
	i := strings.Index(r.stdout, "Pencil marks where the techniques stop:\n")
	require.GreaterOrEqual(t, i, 0, r.stdout)
	grid := r.stdout[i+len("Pencil marks where the techniques stop:\n"):]
	// The grid reads back as a pencil-mark grid: the stuck state, with its marks.
	sc := bufio.NewScanner(strings.NewReader(grid))
	rows := 0
	for sc.Scan() {
		if !strings.Contains(sc.Text(), "---") {
			rows++
		}
	}
	assert.Equal(t, 9, rows)
	assert.Contains(t, grid, "12569", "r1c2's candidates")

	r = runCLI(t, "", "explain", "--brief", "--logic-only", "--lang", "ja", "--up-to", "hidden-single", hard)
	assert.Contains(t, r.stdout, "テクニックで進めなくなった盤面の候補:\n")

	r = runCLI(t, "", "explain", "--brief", "--logic-only", example)
	assert.Equal(t, exitOK, r.code)
	assert.NotContains(t, r.stdout, "Pencil marks", "a solved walkthrough has no stuck grid")
}
