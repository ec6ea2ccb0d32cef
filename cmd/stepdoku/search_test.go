package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearchFlag: every search gives solve and check the same answers, a bad name is a
// usage error, and the bitboard refuses what it cannot solve.
func TestSearchFlag(t *testing.T) {
	for _, tc := range []struct {
		name, puzzle, want string
		code               int
	}{
		{"unique", example, exampleSolution, exitOK},
		{"several", several, "", exitNegative},
	} {
		for _, m := range []string{"auto", "bitboard", "general", "dlx"} {
			t.Run(tc.name+"/"+m, func(t *testing.T) {
				r := runCLI(t, "", "solve", "--search", m, "--format", "line", tc.puzzle)
				assert.Equal(t, tc.code, r.code, r.stderr)
				if tc.code == exitOK {
					assert.Equal(t, tc.want, strings.TrimSpace(r.stdout))
				}
				r = runCLI(t, "", "check", "--search", m, tc.puzzle)
				assert.Equal(t, tc.code, r.code, r.stderr)
			})
		}
	}
	r := runCLI(t, "", "check", "--search", "nope", example)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, `no search named "nope"`)

	const sixteen = "..2...45..9...E.....83...5..B...A.4.D.....E..1..D..9.E.F213....AE......28..7AB.9...G..D6C.....5774.5....D6..C21.3..1.5...B...6..B75.6..9...2...4..1..A.7.9.........C4..3..A.G.D.6..D2...13..5.......5..8.......F...4GB.A.D..E...F....2..3...7.B..A.B..9.EC.13845"
	r = runCLI(t, "", "solve", "--search", "bitboard", sixteen)
	require.NotEqual(t, exitOK, r.code)
	assert.Contains(t, r.stderr, "9x9 grids only")
	r = runCLI(t, "", "solve", "--search", "dlx", "--format", "line", sixteen)
	assert.Equal(t, exitOK, r.code, r.stderr)
}
