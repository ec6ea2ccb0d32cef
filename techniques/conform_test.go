package techniques

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
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
			if tc.outcome == ConformFail && !strings.HasPrefix(tc.reason, "found nothing") {
				assert.Contains(t, got.Reason, "the step found is valid", "a different step is judged against the solution")
			}
			if tc.outcome != ConformSkip {
				require.True(t, slices.ContainsFunc(got.Techniques, func(id string) bool { return id != "" }))
			}
		})
	}
}

func TestJudgeStep(t *testing.T) {
	b := caseBoard(t, readFixture(t, fixtureDir+"/x-wing.yaml").Cases[0])
	sol, err := fallback.Unique(context.Background(), b)
	require.NoError(t, err)
	l := b.Layout()
	// A candidate that is not the solution's digit, and the solution's digit, of one
	// open cell.
	var open board.Cell = -1
	var other board.Digit
	for c := range board.Cell(l.Cells()) {
		if b.Value(c) == 0 && b.Candidates(c).Count() >= 2 {
			open, other = c, b.Candidates(c).Without(sol[c]).First()
			break
		}
	}
	require.GreaterOrEqual(t, open, board.Cell(0))
	right := board.Candidate{Cell: open, Digit: sol[open]}
	wrong := board.Candidate{Cell: open, Digit: other}
	tests := []struct {
		name string
		step explain.Step
		want string
	}{
		{"removes a non-solution digit", explain.Step{Eliminations: []board.Candidate{wrong}}, "the step found is valid"},
		{"places the solution digit", explain.Step{Placements: []board.Candidate{right}}, "the step found is valid"},
		{"removes the solution digit", explain.Step{Eliminations: []board.Candidate{right}}, "wrong: it removes " + l.CandidateName(right)},
		{"places another digit", explain.Step{Placements: []board.Candidate{wrong}}, "wrong: it places " + l.PlacementName(wrong)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Contains(t, judgeStep(b, tc.step), tc.want)
		})
	}
	empty, err := board.Parse(strings.Repeat(".", 81))
	require.NoError(t, err)
	assert.Contains(t, judgeStep(empty, explain.Step{Eliminations: []board.Candidate{wrong}}), "cannot be judged")
}
