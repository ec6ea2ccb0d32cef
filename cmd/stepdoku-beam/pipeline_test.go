package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
	"github.com/stepdoku/stepdoku/techniques/generate"
	"github.com/stepdoku/stepdoku/techniques/rate"
)

// The tests run the pipeline on Prism, in this process.
func TestMain(m *testing.M) {
	ptest.MainWithDefault(m, "prism")
}

// badLines are puzzles that cannot be rated, each with the verdict rate gives it.
var badLines = []struct{ line, verdict string }{
	{"11" + strings.Repeat(".", 79), "invalid"},
	{"12345678?" + strings.Repeat(".", 72), "error"},
	{strings.Repeat(".", 81), "several"},
}

// noSolution turns p into a puzzle without a solution that shows no problem at
// first sight: one more given, a candidate of its cell but not its solution.
func noSolution(t *testing.T, p generate.Puzzle) string {
	t.Helper()
	for i, v := range p.Givens {
		if v != 0 {
			continue
		}
		for d := board.Digit(1); d <= 9; d++ {
			if d == p.Solution[i] {
				continue
			}
			givens := append([]board.Digit(nil), p.Givens...)
			givens[i] = d
			b, err := board.FromDigits(board.Classic, givens)
			require.NoError(t, err)
			if len(b.Problems()) == 0 {
				return b.String()
			}
		}
	}
	t.Fatal("no cell takes a wrong given without a problem at first sight")
	return ""
}

// inputs writes two puzzle files to dir: n generated puzzles split between them,
// then the bad lines, with a comment at the top of each. It returns the generated
// puzzles as lines, and for each bad line its file and line number.
func inputs(t *testing.T, dir string, n int) (good []string, badAt map[string]string) {
	t.Helper()
	ctx := context.Background()
	var wrong string
	for i := range n {
		p, err := generate.Nth(ctx, 13, uint64(i), generate.Options{})
		require.NoError(t, err)
		b, err := board.FromDigits(board.Classic, p.Givens)
		require.NoError(t, err)
		good = append(good, b.String())
		if i == 0 {
			wrong = noSolution(t, p)
		}
	}
	a := append([]string{"# generated, seed 13"}, good[:n/2]...)
	b := append([]string{"# generated, seed 13, and bad ones"}, good[n/2:]...)
	badAt = map[string]string{}
	fileB := filepath.Join(dir, "b.txt")
	for _, bl := range append(badLines, struct{ line, verdict string }{wrong, "no-solution"}) {
		b = append(b, bl.line)
		badAt[fmt.Sprintf("%s:%d", fileB, len(b))] = bl.verdict
	}
	// One more puzzle as a pencil-mark grid, a block of lines that the reader
	// takes as one puzzle starting on line 1.
	p, err := generate.Nth(ctx, 13, uint64(n), generate.Options{})
	require.NoError(t, err)
	g, err := board.FromDigits(board.Classic, p.Givens)
	require.NoError(t, err)
	marks := g.PencilMarks()
	good = append(good, g.String())
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.txt"), []byte(marks), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte(strings.Join(a, "\n")+"\n"), 0o644))
	require.NoError(t, os.WriteFile(fileB, []byte(strings.Join(b, "\n")+"\n"), 0o644))
	return good, badAt
}

// runPipeline runs the pipeline with o and returns its JSON Lines, decoded, and
// its summary.
func runPipeline(t *testing.T, o options) ([]map[string]any, summary) {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	build(s, o)
	require.NoError(t, ptest.Run(p))

	shards, err := filepath.Glob(o.Output + "-*-of-*.jsonl")
	require.NoError(t, err)
	require.NotEmpty(t, shards)
	var lines []map[string]any
	for _, path := range shards {
		require.Equal(t, path, shardName(o.Output, shardIndex(t, path, o.Output, o.Shards), o.Shards))
		f, err := os.Open(path)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var m map[string]any
			require.NoError(t, json.Unmarshal(sc.Bytes(), &m), "%s: %s", path, sc.Text())
			lines = append(lines, m)
		}
		require.NoError(t, sc.Err())
		f.Close()
	}
	data, err := os.ReadFile(summaryName(o.Output))
	require.NoError(t, err)
	var sum summary
	require.NoError(t, json.Unmarshal(data, &sum))
	return lines, sum
}

func shardIndex(t *testing.T, path, prefix string, n int) int {
	t.Helper()
	var i, m int
	_, err := fmt.Sscanf(strings.TrimPrefix(path, prefix), "-%05d-of-%05d.jsonl", &i, &m)
	require.NoError(t, err, path)
	require.Equal(t, n, m, path)
	require.Less(t, i, n, path)
	return i
}

// byPuzzle splits lines into the rated or checked ones by puzzle and the failed
// ones by file:line.
func byPuzzle(t *testing.T, lines []map[string]any) (ok, failed map[string]map[string]any) {
	t.Helper()
	ok, failed = map[string]map[string]any{}, map[string]map[string]any{}
	for _, m := range lines {
		if _, bad := m["error"]; bad {
			key := fmt.Sprintf("%v:%v", m["file"], m["line"])
			require.NotContains(t, failed, key)
			failed[key] = m
			continue
		}
		key := m["puzzle"].(string)
		require.NotContains(t, ok, key, "a puzzle written twice")
		ok[key] = m
	}
	return ok, failed
}

func TestPipelineRate(t *testing.T) {
	dir := t.TempDir()
	good, badAt := inputs(t, dir, 40)
	o := options{Input: filepath.Join(dir, "*.txt"), Output: filepath.Join(dir, "out", "rated"), Shards: 3,
		config: config{Mode: "rate"}}
	lines, sum := runPipeline(t, o)
	ok, failed := byPuzzle(t, lines)
	require.Len(t, ok, len(good))
	require.Len(t, failed, len(badAt))

	want := summary{Mode: "rate", Total: len(good) + len(badAt), OK: len(good), Errors: len(badAt),
		Levels: map[string]int{}, Verdicts: map[string]int{}, Hardest: map[string]int{}}
	for _, line := range good {
		b, err := board.Parse(line)
		require.NoError(t, err)
		r, err := rate.Rate(context.Background(), b, rate.Options{})
		require.NoError(t, err)
		got := ok[line]
		require.NotNil(t, got, "no output for %s", line)
		for field, v := range map[string]any{"er": r.ER, "ep": r.EP, "ed": r.ED, "level": r.Level,
			"score": float64(r.Score), "hardest": r.Hardest, "steps": float64(r.Steps), "logic": r.Logic} {
			assert.Equal(t, v, got[field], "%s: %s", line, field)
		}
		want.Levels[r.Level]++
		want.Hardest[r.Hardest]++
	}
	for at, verdict := range badAt {
		got := failed[at]
		require.NotNil(t, got, "no error line for %s", at)
		assert.Equal(t, verdict, got["verdict"], at)
		assert.NotEmpty(t, got["error"], at)
		want.Verdicts[verdict]++
	}
	assert.Equal(t, want, sum)
}

func TestPipelineCheckLogic(t *testing.T) {
	dir := t.TempDir()
	good, badAt := inputs(t, dir, 20)
	o := options{Input: filepath.Join(dir, "*.txt"), Output: filepath.Join(dir, "checked"), Shards: 2,
		config: config{Mode: "check", Logic: true}}
	lines, sum := runPipeline(t, o)
	ok, failed := byPuzzle(t, lines)

	want := summary{Mode: "check", Total: len(good) + len(badAt), Verdicts: map[string]int{}, Hardest: map[string]int{}}
	for _, line := range good {
		b, err := board.Parse(line)
		require.NoError(t, err)
		v, _, err := fallback.Classify(context.Background(), b)
		require.NoError(t, err)
		require.Equal(t, fallback.UniqueSolution, v, line)
		tr, err := techniques.Solve(context.Background(), b, techniques.Options{Fallback: techniques.FallbackStop})
		require.NoError(t, err)
		verdict := "fallback"
		if tr.Summary.Solved {
			verdict = "logic"
		}
		got := ok[line]
		require.NotNil(t, got, "no output for %s", line)
		assert.Equal(t, verdict, got["verdict"], line)
		assert.Equal(t, tr.Summary.Hardest, got["hardest"], line)
		assert.Equal(t, float64(len(tr.Steps)), got["steps"], line)
		want.Verdicts[verdict]++
		want.Hardest[tr.Summary.Hardest]++
		want.OK++
	}
	// check gives a verdict to every readable puzzle; only the unreadable one fails.
	for _, m := range ok {
		if v := m["verdict"]; v != "logic" && v != "fallback" {
			want.Verdicts[v.(string)]++
			want.OK++
		}
	}
	require.Len(t, failed, 1)
	for _, m := range failed {
		assert.Equal(t, "error", m["verdict"])
		assert.Equal(t, "column 9: '?' is not a digit", m["error"])
	}
	want.Verdicts["error"]++
	want.Errors++
	for _, v := range []string{"invalid", "several", "no-solution"} {
		assert.Equal(t, 1, sum.Verdicts[v], v)
	}
	assert.Equal(t, want, sum)
}

func TestPipelineNoFiles(t *testing.T) {
	dir := t.TempDir()
	p, s := beam.NewPipelineWithRoot()
	build(s, options{Input: filepath.Join(dir, "*.txt"), Output: filepath.Join(dir, "out"), Shards: 1,
		config: config{Mode: "rate"}})
	require.Error(t, ptest.Run(p), "a glob that matches nothing")
}

func TestParseFlags(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string // part of the error; "" for none
	}{
		{"rate", []string{"--input", "x/*.txt", "--output", "o/r"}, ""},
		{"check logic", []string{"--input", "x", "--output", "o", "--mode", "check", "--logic"}, ""},
		{"no input", []string{"--output", "o"}, "--input is required"},
		{"no output", []string{"--input", "x"}, "--output is required"},
		{"bad mode", []string{"--input", "x", "--output", "o", "--mode", "solve"}, `--mode "solve"`},
		{"logic without check", []string{"--input", "x", "--output", "o", "--logic"}, "--logic goes with --mode check"},
		{"no shards", []string{"--input", "x", "--output", "o", "--shards", "0"}, "--shards 0"},
		{"argument", []string{"--input", "x", "--output", "o", "extra"}, `unexpected argument "extra"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := flag.NewFlagSet("stepdoku-beam", flag.ContinueOnError)
			fs.SetOutput(new(strings.Builder))
			o, err := parseFlags(fs, tc.args)
			if tc.want == "" {
				require.NoError(t, err)
				assert.Equal(t, 8, o.Shards)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.False(t, errors.Is(err, flag.ErrHelp))
		})
	}
}

func TestCheckInput(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.txt"), []byte(strings.Repeat(".", 81)+"\n"), 0o644))
	require.NoError(t, checkInput(context.Background(), filepath.Join(dir, "*.txt")))
	err := checkInput(context.Background(), filepath.Join(dir, "*.sdk"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no file matches")
}

func TestBeyondLine(t *testing.T) {
	line := "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."
	b, err := board.Parse(line)
	require.NoError(t, err)
	got, err := beyondLine(b, b.String())
	require.NoError(t, err)
	assert.Empty(t, got, "a plain line says it all")

	// Take out a candidate of r1c2: the line no longer says it, the JSON must.
	c := board.Cell(1)
	d := b.Candidates(c).First()
	b.SetCandidates(c, b.Candidates(c).Without(d))
	got, err = beyondLine(b, b.String())
	require.NoError(t, err)
	require.NotEmpty(t, got)
	back, err := board.Parse(got)
	require.NoError(t, err)
	assert.Equal(t, b.CandidateLine(), back.CandidateLine())
	assert.False(t, back.Candidates(c).Has(d))
}
