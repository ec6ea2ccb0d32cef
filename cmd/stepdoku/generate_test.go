package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
)

// lines splits output into its non-empty lines.
func lines(s string) []string {
	return strings.Fields(s)
}

// solutionsOf counts the solutions of a puzzle line, up to 2, and returns the one.
func solutionsOf(t *testing.T, line string) (int, string) {
	t.Helper()
	b, err := board.Parse(line)
	require.NoError(t, err, line)
	sols, err := fallback.Solutions(context.Background(), b, 2)
	require.NoError(t, err)
	if len(sols) == 0 {
		return 0, ""
	}
	return len(sols), board.Line(sols[0])
}

func TestGenerateSameSeedSameOutputWhateverJobs(t *testing.T) {
	one := runCLI(t, "", "generate", "--count", "40", "--seed", "12", "--jobs", "1")
	require.Equal(t, exitOK, one.code, one.stderr)
	two := runCLI(t, "", "generate", "--count", "40", "--seed", "12", "--jobs", "3")
	require.Equal(t, exitOK, two.code, two.stderr)
	assert.Equal(t, one.stdout, two.stdout)
	got := lines(one.stdout)
	require.Len(t, got, 40)
	for _, p := range got {
		n, _ := solutionsOf(t, p)
		assert.Equal(t, 1, n, p)
	}
	other := runCLI(t, "", "generate", "--count", "2", "--seed", "13")
	assert.NotEqual(t, got[:2], lines(other.stdout))
	// Puzzle i does not depend on the count.
	first := runCLI(t, "", "generate", "--count", "3", "--seed", "12")
	assert.Equal(t, got[:3], lines(first.stdout))
}

func TestGenerateJSONAndSymmetry(t *testing.T) {
	r := runCLI(t, "", "generate", "--count", "3", "--seed", "4", "--symmetry", "rot180", "--format", "json")
	require.Equal(t, exitOK, r.code, r.stderr)
	for i, ln := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var got struct {
			Seed     uint64
			Index    int
			Puzzle   string
			Solution string
			Givens   int
		}
		require.NoError(t, json.Unmarshal([]byte(ln), &got), ln)
		assert.Equal(t, uint64(4), got.Seed)
		assert.Equal(t, i, got.Index)
		n, sol := solutionsOf(t, got.Puzzle)
		assert.Equal(t, 1, n)
		assert.Equal(t, sol, got.Solution)
		assert.Equal(t, 81-strings.Count(got.Puzzle, "."), got.Givens)
		for c := range 81 {
			assert.Equal(t, got.Puzzle[c] == '.', got.Puzzle[80-c] == '.', "rot180 at cell %d of %s", c, got.Puzzle)
		}
	}
}

func TestGenerateTechniqueHardest(t *testing.T) {
	r := runCLI(t, "", "generate", "--seed", "1", "--technique", "x-wing", "--hardest", "--format", "json")
	require.Equal(t, exitOK, r.code, r.stderr)
	var got struct {
		Puzzle  string
		Hardest string
		Uses    []string
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	assert.Equal(t, "x-wing", got.Hardest)
	assert.Equal(t, []string{"x-wing"}, got.Uses)
	b, err := board.Parse(got.Puzzle)
	require.NoError(t, err)
	tr, err := techniques.Solve(context.Background(), b, techniques.Options{})
	require.NoError(t, err)
	assert.Equal(t, "x-wing", tr.Summary.Hardest)
}

func TestGenerateLevelAndOtherSizes(t *testing.T) {
	r := runCLI(t, "", "generate", "--seed", "2", "--er", "0-1.5", "--format", "json")
	require.Equal(t, exitOK, r.code, r.stderr)
	var got struct {
		ER *float64
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	require.NotNil(t, got.ER)
	assert.LessOrEqual(t, *got.ER, 1.5)
	for _, size := range []string{"4", "6", "8"} {
		r := runCLI(t, "", "generate", "--size", size, "--count", "3", "--seed", "1")
		require.Equal(t, exitOK, r.code, r.stderr)
		for _, p := range lines(r.stdout) {
			n, _ := solutionsOf(t, p)
			assert.Equal(t, 1, n, p)
		}
	}
	r = runCLI(t, "", "generate", "--size", "25", "--no-minimal", "--givens", "400", "--seed", "1")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Len(t, lines(r.stdout)[0], 625)
}

func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--size", "25"}, "--no-minimal"},
		{[]string{"--size", "7"}, "--size 7"},
		{[]string{"--hardest"}, "--hardest goes with --technique"},
		{[]string{"--technique", "x-wong"}, `"x-wong"`},
		{[]string{"--symmetry", "spiral"}, "spiral"},
		{[]string{"--level", "easy", "--er", "1-2"}, "exclude"},
		{[]string{"--level", "nightmare"}, "nightmare"},
		{[]string{"--er", "5-3"}, "MIN-MAX"},
		{[]string{"--count", "0"}, "--count 0"},
		{[]string{"--seed", "x"}, `--seed "x"`},
		{[]string{"--givens", "30"}, "--no-minimal"},
		{[]string{"--format", "yaml"}, "line or json"},
		{[]string{"extra"}, "no arguments"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			r := runCLI(t, "", append([]string{"generate"}, tc.args...)...)
			assert.Equal(t, exitUsage, r.code)
			assert.Contains(t, r.stderr, tc.want)
			assert.Empty(t, r.stdout)
		})
	}
}

func TestMinimize(t *testing.T) {
	full := runCLI(t, "", "generate", "--seed", "3", "--count", "2", "--no-minimal", "--givens", "45")
	require.Equal(t, exitOK, full.code, full.stderr)
	in := full.stdout + several + "\n"
	r := runCLI(t, in, "minimize", "--seed", "1")
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stderr, "line 3")
	assert.Contains(t, r.stderr, "several solutions")
	got, src := lines(r.stdout), lines(full.stdout)
	require.Len(t, got, 2)
	for i, p := range got {
		n, sol := solutionsOf(t, p)
		require.Equal(t, 1, n)
		_, want := solutionsOf(t, src[i])
		assert.Equal(t, want, sol)
		assert.Less(t, 81-strings.Count(p, "."), 45)
		// Minimal: removing any given leaves several solutions.
		for c := range 81 {
			if p[c] == '.' {
				continue
			}
			q := p[:c] + "." + p[c+1:]
			n, _ := solutionsOf(t, q)
			assert.Equal(t, 2, n, "%s: cell %d can go", p, c)
		}
	}
	again := runCLI(t, full.stdout, "minimize", "--seed", "1")
	assert.Equal(t, r.stdout, again.stdout, "the same seed")
}

func TestTransform(t *testing.T) {
	twice := runCLI(t, "", "transform", "--ops", "rot90,rot90,mirror,flip", example)
	require.Equal(t, exitOK, twice.code, twice.stderr)
	assert.Equal(t, example, strings.TrimSpace(twice.stdout), "two quarter-turns and both reflections: the identity")

	r := runCLI(t, "", "transform", "--ops", "band:1-3,col:1-2,relabel:234567891,transpose", example)
	require.Equal(t, exitOK, r.code, r.stderr)
	out := strings.TrimSpace(r.stdout)
	n, sol := solutionsOf(t, out)
	require.Equal(t, 1, n)
	// The same moves applied to the solution give the solution of the result.
	m := runCLI(t, "", "transform", "--ops", "band:1-3,col:1-2,relabel:234567891,transpose", exampleSolution)
	assert.Equal(t, sol, strings.TrimSpace(m.stdout))

	a := runCLI(t, "", "transform", "--seed", "8", example)
	b := runCLI(t, "", "transform", "--seed", "8", example)
	c := runCLI(t, "", "transform", "--seed", "9", example)
	assert.Equal(t, a.stdout, b.stdout)
	assert.NotEqual(t, a.stdout, c.stdout)
	n, _ = solutionsOf(t, strings.TrimSpace(a.stdout))
	assert.Equal(t, 1, n)

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{example}, "--ops or --seed"},
		{[]string{"--ops", "rot45", example}, `"rot45"`},
		{[]string{"--ops", "row:3-4", example}, "one band"},
		{[]string{"--ops", "relabel:1123", example}, "needs 9 digits"},
		{[]string{"--ops", "relabel:112345678", example}, "not a permutation"},
		{[]string{"--ops", "band:x", example}, "band:I-J"},
	} {
		r := runCLI(t, "", append([]string{"transform"}, tc.args...)...)
		assert.Equal(t, exitUsage, r.code, tc.args)
		assert.Contains(t, r.stderr, tc.want)
	}
}
