package techniques

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// libraryPath is HoDoKu's regression library, read in place (it is GPL data: never
// copied into the project).
const libraryPath = "../../shared/conformance/reglib-1.3-dev.txt"

// basicCodes are the library codes the techniques of this package's first families
// answer; every case with one of them must pass.
var basicCodes = []string{
	"0000", "0002", "0003", "0100", "0101", "0110", "0111",
	"0200", "0201", "0202", "0210", "0211", "0212", "0300", "0301", "0302",
}

func TestConformLibrary(t *testing.T) {
	runLibrary(t, basicCodes, Default(), nil)
}

func variantSuffix(c board.LibraryCase) string {
	if c.Variant == "" {
		return ""
	}
	return "-" + c.Variant
}

func TestConform(t *testing.T) {
	// The X-Wing fixture state "rows as base": 3 in r1,r6 on c5,c7.
	xwing := readFixture(t, fixtureDir+"/x-wing.yaml").Cases[0]
	l := board.Classic
	cand := func(s string) board.Candidate {
		t.Helper()
		c, err := parseElimination(l, s)
		require.NoError(t, err)
		return c
	}
	elims := func(ss ...string) []board.Candidate {
		out := make([]board.Candidate, len(ss))
		for i, s := range ss {
			out[i] = cand(s)
		}
		return out
	}
	tests := []struct {
		name    string
		c       board.LibraryCase
		outcome ConformOutcome
		reason  string
	}{
		{
			name:    "exact eliminations, in another order",
			c:       board.LibraryCase{Code: "0300", Digits: board.DigitsOf(3), Eliminations: elims("r4c7<>3", "r2c7<>3", "r3c5<>3", "r4c5<>3")},
			outcome: ConformPass,
		},
		{
			name:    "fewer eliminations than found",
			c:       board.LibraryCase{Code: "0300", Digits: board.DigitsOf(3), Eliminations: elims("r2c7<>3", "r3c5<>3")},
			outcome: ConformFail,
			reason:  "found r2c7<>3 r3c5<>3 r4c5<>3 r4c7<>3, want r2c7<>3 r3c5<>3",
		},
		{
			name:    "a technique that finds nothing",
			c:       board.LibraryCase{Code: "0302", Digits: board.DigitsOf(3), Eliminations: elims("r2c7<>3")},
			outcome: ConformFail,
			reason:  "found nothing, want r2c7<>3",
		},
		{
			name:    "fail case for the digit of the X-Wing",
			c:       board.LibraryCase{Code: "0300", Variant: "x", Fail: true, Digits: board.DigitsOf(3)},
			outcome: ConformFail,
			reason:  "found X-Wing: 3 r1,r6 c5,c7",
		},
		{
			name:    "fail case for another digit",
			c:       board.LibraryCase{Code: "0300", Variant: "x", Fail: true, Digits: board.DigitsOf(8)},
			outcome: ConformPass,
		},
		{
			name:    "a code no technique answers",
			c:       board.LibraryCase{Code: "9999", Digits: board.DigitsOf(3), Eliminations: elims("r2c7<>3")},
			outcome: ConformSkip,
			reason:  "no technique answers code 9999",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.c.Board = caseBoard(t, xwing)
			got := Conform(tc.c, Default())
			require.Equal(t, tc.outcome, got.Outcome, got.Reason)
			require.True(t, strings.HasPrefix(got.Reason, tc.reason), "reason %q, want it to start with %q", got.Reason, tc.reason)
			if tc.outcome != ConformSkip {
				require.True(t, slices.ContainsFunc(got.Techniques, func(id string) bool { return id != "" }))
			}
		})
	}
}
