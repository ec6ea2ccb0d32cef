package explain

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
)

// update rewrites the golden files instead of comparing with them, as go/printer's
// tests do: go test ./explain -update, then review the diff.
var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// checkGolden compares got with testdata/golden/<name>, or rewrites the file with -update.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "missing golden file; run go test ./explain -update")
	assert.Equal(t, string(want), got, "output differs from %s; if the change is intended, run go test ./explain -update and review the diff", path)
}

// sample is a hand-built step of testdata/samples.yaml.
type sample struct {
	Name string  `yaml:"name"`
	Step StepDoc `yaml:"step"`
}

// loadSamples reads testdata/samples.yaml strictly and turns each entry into a Step.
func loadSamples(t *testing.T) ([]string, []Step) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "samples.yaml"))
	require.NoError(t, err)
	defer f.Close()
	dec := yaml.NewDecoder(f)
	dec.KnownFields(true)
	var ss []sample
	require.NoError(t, dec.Decode(&ss))
	names := make([]string, len(ss))
	steps := make([]Step, len(ss))
	for i, s := range ss {
		st, err := s.Step.Step(board.Classic)
		require.NoError(t, err, "sample %q", s.Name)
		names[i], steps[i] = s.Name, st
	}
	return names, steps
}
