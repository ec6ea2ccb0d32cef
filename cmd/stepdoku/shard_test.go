package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shardInput is a file of puzzles with a comment line and a blank line among them,
// so that shards go by line numbers, not by puzzles counted.
func shardInput(t *testing.T) (path string, lines int) {
	t.Helper()
	var sb strings.Builder
	sb.WriteString("# a comment\n")
	for i := range 20 {
		if i == 7 {
			sb.WriteString("\n")
		}
		sb.WriteString(example + "\n")
	}
	path = filepath.Join(t.TempDir(), "in.txt")
	require.NoError(t, os.WriteFile(path, []byte(sb.String()), 0o644))
	return path, 22
}

// jsonLines returns the "line" of each JSON line of out.
func jsonLines(t *testing.T, out string) []int {
	t.Helper()
	var got []int
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var d struct{ Line int }
		require.NoError(t, json.Unmarshal(sc.Bytes(), &d), sc.Text())
		got = append(got, d.Line)
	}
	return got
}

// TestShard: the shards K/N of one file take every puzzle line exactly once, each in
// input order; a bad --shard is a usage error.
func TestShard(t *testing.T) {
	path, _ := shardInput(t)
	var all []int
	for _, k := range []string{"1/3", "2/3", "3/3"} {
		r := runCLI(t, "", "check", "--shard", k, "--format", "json", path)
		require.Equal(t, exitOK, r.code, r.stderr)
		got := jsonLines(t, r.stdout)
		assert.True(t, slices.IsSorted(got), "shard %s in order: %v", k, got)
		all = append(all, got...)
	}
	slices.Sort(all)
	r := runCLI(t, "", "check", "--format", "json", path)
	assert.Equal(t, jsonLines(t, r.stdout), all, "the shards together are the whole file")
	for _, bad := range []string{"0/3", "4/3", "3", "a/b", "1/0"} {
		r := runCLI(t, "", "check", "--shard", bad, path)
		assert.Equal(t, exitUsage, r.code, bad)
		assert.Contains(t, r.stderr, "--shard", bad)
	}
}

// TestGNUParallel runs the README's example: GNU parallel starts one stepdoku per
// shard, and the outputs together hold every puzzle once. It needs the parallel
// command (.ci/run installs it); elsewhere it skips.
func TestGNUParallel(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("GNU parallel is not installed; .ci/run installs it")
		}
		t.Skip("GNU parallel not installed")
	}
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "stepdoku")
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	path, _ := shardInput(t)
	cmd := exec.Command("parallel", "--will-cite", "-j", "2", bin, "check", "--shard", "{}/4", "--format", "json", path, ":::", "1", "2", "3", "4")
	out, err = cmd.Output()
	require.NoError(t, err)
	got := jsonLines(t, string(out))
	slices.Sort(got)
	r := runCLI(t, "", "check", "--format", "json", path)
	assert.Equal(t, jsonLines(t, r.stdout), got)
}
