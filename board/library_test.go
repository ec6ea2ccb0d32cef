package board

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLibraryLine(t *testing.T) {
	// wiki with r1c2 (3) and r5c5 (5, not in the puzzle) marked as placed.
	givens := "5+3..7....6..195....98....6.8...6...34..8+53..17...2...6.6....28....419..5....8..79"
	tests := []struct {
		name  string
		line  string
		check func(t *testing.T, lc LibraryCase)
	}{
		{
			name: "all fields",
			line: ":0100-1:4:" + givens + ":213 222:413 443::extra:",
			check: func(t *testing.T, lc LibraryCase) {
				assert.Equal(t, "0100", lc.Code)
				assert.Equal(t, "1", lc.Variant)
				assert.False(t, lc.Fail)
				assert.Equal(t, "4", lc.Field)
				assert.Equal(t, DigitsOf(4), lc.Digits)
				assert.Nil(t, lc.Candidates)
				b := lc.Board
				assert.Equal(t, "53..7....6..195....98....6.8...6...34..853..17...2...6.6....28....419..5....8..79", b.String())
				assert.True(t, b.Given(cell(t, "r1c1")))
				assert.False(t, b.Given(cell(t, "r1c2")), "+3 is placed")
				assert.False(t, b.Given(cell(t, "r5c5")), "+5 is placed")
				assert.Equal(t, DigitsOf(1, 4), b.Candidates(cell(t, "r1c3")), "2 deleted from r1c3 (1, 2, 4 before)")
				assert.Equal(t, DigitsOf(4, 7), b.Candidates(cell(t, "r2c2")), "2 deleted from r2c2 (2, 4, 7 before)")
				assert.Equal(t, []Candidate{{cell(t, "r1c3"), 4}, {cell(t, "r4c3"), 4}}, lc.Eliminations)
				assert.Nil(t, lc.Placements)
				assert.Equal(t, "extra", lc.Extra)
				checkInvariants(t, b)
			},
		},
		{
			name: "placements, no closing colon",
			line: ":0003:8:" + givens + ":::829",
			check: func(t *testing.T, lc LibraryCase) {
				assert.Equal(t, "0003", lc.Code)
				assert.Equal(t, "", lc.Variant)
				assert.Equal(t, []Candidate{{cell(t, "r2c9"), 8}}, lc.Placements)
				assert.Nil(t, lc.Eliminations)
				assert.Equal(t, "", lc.Extra)
			},
		},
		{
			name: "fail case, fields left out",
			line: ":0610-x::" + wiki + ":",
			check: func(t *testing.T, lc LibraryCase) {
				assert.True(t, lc.Fail)
				assert.Equal(t, "x", lc.Variant)
				assert.Zero(t, lc.Digits)
				assert.Equal(t, wiki, lc.Board.String())
				requireAllGiven(t, lc.Board)
			},
		},
		{
			name: "candidates named by cell, zeros for empty",
			line: ":0708:536 548:" + strings.ReplaceAll(wiki, ".", "0") + "::536 548:::",
			check: func(t *testing.T, lc LibraryCase) {
				want := []Candidate{{cell(t, "r3c6"), 5}, {cell(t, "r4c8"), 5}}
				assert.Equal(t, want, lc.Candidates)
				assert.Equal(t, DigitsOf(5), lc.Digits)
				assert.Equal(t, want, lc.Eliminations)
				assert.Equal(t, wiki, lc.Board.String())
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lc, err := ParseLibraryLine(tc.line)
			require.NoError(t, err)
			tc.check(t, lc)
		})
	}
}

func TestParseLibraryLineErrors(t *testing.T) {
	tests := []struct {
		name, line, want string
	}{
		{"not a case", "0003:8:" + wiki, "column 1: a library line starts with ':'"},
		{"commented out", "#:0003:8:" + wiki, "(this case is commented out)"},
		{"too few fields", ":0003:8", "got 2 fields"},
		{"too many fields", ":0003:8:" + wiki + ":::::more", "column 95: library line: a field after extra"},
		{"bad code", ":03a:8:" + wiki, `column 2: technique: "03a" is not a code`},
		{"bad digit field", ":0003:8x:" + wiki, "column 8: candidates: 'x' is not a digit"},
		{"plus before nothing", ":0003:8:+." + wiki[2:], "column 9: givens: '+' must come before a digit"},
		{"too many givens", ":0003:8:" + wiki + "5", "column 90: givens: more than 81 cells"},
		{"short deleted candidate", ":0003:8:" + wiki + ":12:", `column 91: deleted candidates: "12" is not a candidate`},
		{"zero in a placement", ":0003:8:" + wiki + ":::809:", `placements: "809" is not a candidate`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseLibraryLine(tc.line)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestLibraryConformanceFile reads every case of HoDoKu's regression library and checks
// that its state makes sense: what a case eliminates or places is there to eliminate or
// place.
func TestLibraryConformanceFile(t *testing.T) {
	f, err := os.Open("../../shared/conformance/reglib-1.3-dev.txt")
	if err != nil {
		t.Skip("../../shared/conformance is absent")
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n, cases := 0, 0
	for sc.Scan() {
		n++
		line := sc.Text()
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue // comments, and "#:" cases commented out
		}
		cases++
		lc, err := ParseLibraryLine(line)
		require.NoError(t, err, "line %d", n)
		b := lc.Board
		assert.NotEmpty(t, lc.Code, "line %d", n)
		assert.Empty(t, describeDuplicates(b), "line %d", n)
		if lc.Fail {
			continue
		}
		assert.True(t, len(lc.Eliminations) > 0 || len(lc.Placements) > 0, "line %d: the step concludes something", n)
		for _, e := range lc.Eliminations {
			assert.True(t, b.Has(e.Cell, e.Digit), "line %d: %s is a candidate", n, Classic.CandidateName(e))
		}
		for _, p := range lc.Placements {
			assert.True(t, b.Has(p.Cell, p.Digit), "line %d: %s can be placed", n, Classic.PlacementName(p))
		}
	}
	require.NoError(t, sc.Err())
	assert.Greater(t, cases, 700, "the file holds some 790 cases")
}

// describeDuplicates says the digits that stand twice in a house.
func describeDuplicates(b *Board) []string {
	var out []string
	for _, p := range b.Problems() {
		if p.Kind == Duplicate {
			out = append(out, p.Describe(b.Layout()))
		}
	}
	return out
}
