package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/techniques"
)

func TestTechniquesDoc(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		out  []string // in stdout
		err  string   // in stderr
	}{
		{"by ID", []string{"x-wing"}, exitOK, []string{"X-Wing (x-wing): difficulty 3.2", "same two columns"}, ""},
		{"by name", []string{"Naked Pair"}, exitOK, []string{"Naked Pair (naked-pair)"}, ""},
		{"an optional one", []string{"franken-x-wing"}, exitOK, []string{"optional: by --techniques"}, ""},
		{"one that needs uniqueness", []string{"unique-rectangle-1"}, exitOK, []string{"only on a puzzle with one solution"}, ""},
		{"the search step", []string{"search"}, exitOK, []string{"Search (search)"}, ""},
		{"a slip", []string{"xwing"}, exitUsage, nil, `unknown technique "xwing": did you mean x-wing, `},
		{"a plural", []string{"hidden-pairs"}, exitUsage, nil, "did you mean hidden-pair,"},
		{"nothing near", []string{"frobnicate"}, exitUsage, nil, `unknown technique "frobnicate" ('stepdoku techniques' lists them all)`},
		{"two IDs", []string{"x-wing", "swordfish"}, exitUsage, nil, "at most one ID"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", append([]string{"techniques"}, tc.args...)...)
			assert.Equal(t, tc.code, r.code, r.stderr)
			for _, want := range tc.out {
				assert.Contains(t, r.stdout, want)
			}
			if tc.err != "" {
				assert.Contains(t, r.stderr, tc.err)
				assert.Empty(t, r.stdout)
			}
		})
	}
	// Every technique's doc is reachable by its ID, without its title line.
	for _, tech := range append(techniques.Default(), techniques.Optional()...) {
		r := runCLI(t, "", "techniques", tech.ID)
		require.Equal(t, exitOK, r.code, tech.ID)
		title, body, _ := strings.Cut(tech.Doc, "\n")
		assert.Contains(t, r.stdout, strings.TrimSpace(body), tech.ID)
		assert.NotContains(t, r.stdout, "\n"+title+"\n", tech.ID)
	}
}

func TestClosest(t *testing.T) {
	ids := []string{"x-wing", "xy-wing", "w-wing", "swordfish", "naked-pair"}
	assert.Equal(t, []string{"x-wing", "xy-wing", "w-wing"}, closest("xwing", ids, 3))
	assert.Equal(t, []string{"swordfish"}, closest("swordfsh", ids, 3))
	assert.Empty(t, closest("frobnicate", ids, 3))
	assert.Equal(t, 3, editDistance("kitten", "sitting"))
	assert.Equal(t, 0, editDistance("", ""))
}

func TestConformNotALibrary(t *testing.T) {
	dir := t.TempDir()
	puzzles := filepath.Join(dir, "puzzles.txt")
	require.NoError(t, os.WriteFile(puzzles, []byte("# a puzzle file\n"+strings.Repeat(example+"\n", 1000)), 0o644))
	r := runCLI(t, "", "conform", puzzles)
	assert.Equal(t, exitUsage, r.code)
	assert.Equal(t, 1, strings.Count(r.stderr, "\n"), "one error: %s", r.stderr)
	assert.Contains(t, r.stderr, "line 2: not a HoDoKu library")
	assert.Empty(t, r.stdout)

	// A library with a few bad lines among its cases names the first ones and counts
	// the rest.
	const lib = ":0002:5:3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..:::537::\n"
	mixed := filepath.Join(dir, "mixed.txt")
	require.NoError(t, os.WriteFile(mixed, []byte(lib+strings.Repeat("oops\n", 8)+lib), 0o644))
	r = runCLI(t, "", "conform", mixed)
	assert.Equal(t, exitUsage, r.code)
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	require.Len(t, lines, maxBadLines+1, r.stderr)
	assert.Contains(t, lines[0], "line 2: ")
	assert.Contains(t, lines[maxBadLines], "3 more lines are not a library case")
	assert.Contains(t, r.stdout, "2 passed, 0 failed, 0 skipped")
}
