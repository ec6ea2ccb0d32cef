package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExplainDetail: --detail chooses how much each step says, --brief is --detail
// brief, --group-singles gathers runs of singles, --width wraps.
func TestExplainDetail(t *testing.T) {
	out := map[string]string{}
	for _, d := range []string{"full", "new", "brief"} {
		r := runCLI(t, "", "explain", "--detail", d, example)
		require.Equal(t, exitOK, r.code, r.stderr)
		out[d] = r.stdout
	}
	assert.Greater(t, len(out["full"]), len(out["new"]), "full says more than new")
	assert.Greater(t, len(out["new"]), len(out["brief"]), "new says more than brief")
	r := runCLI(t, "", "explain", "--brief", example)
	assert.Equal(t, out["brief"], r.stdout, "--brief is --detail brief")
	assert.NotContains(t, out["brief"], "rules out", "brief has no prose")

	r = runCLI(t, "", "explain", "--group-singles", example)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "Singles")
	assert.Less(t, len(r.stdout), len(out["new"]))

	r = runCLI(t, "", "explain", "--detail", "full", "--width", "50", example)
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(line, "    ") && !strings.Contains(line, "=>") && !strings.Contains(line, "|") {
			assert.LessOrEqual(t, len([]rune(line)), 50+12, "prose wraps near 50 columns: %q", line)
		}
	}

	r = runCLI(t, "", "explain", "--detail", "most", example)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "full, new, brief")
}
