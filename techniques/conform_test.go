package techniques

import (
	"bufio"
	"fmt"
	"os"
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
	f, err := os.Open(libraryPath)
	if os.IsNotExist(err) {
		t.Skipf("%s is absent", libraryPath)
	}
	require.NoError(t, err)
	defer f.Close()

	type tally struct{ pass, fail, skip int }
	counts := map[string]*tally{}
	for _, c := range basicCodes {
		counts[c] = &tally{}
	}
	ts := Default()
	var failures []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if !strings.HasPrefix(line, ":") {
			continue
		}
		code, _, _ := strings.Cut(strings.SplitN(line[1:], ":", 2)[0], "-")
		tl, ok := counts[code]
		if !ok {
			continue
		}
		c, err := board.ParseLibraryLine(line)
		if err != nil {
			failures = append(failures, fmt.Sprintf("line %d (%s): %v", n, code, err))
			tl.fail++
			continue
		}
		res := Conform(c, ts)
		switch res.Outcome {
		case ConformPass:
			tl.pass++
		case ConformSkip:
			tl.skip++
			failures = append(failures, fmt.Sprintf("line %d (%s): skipped: %s", n, code, res.Reason))
		default:
			tl.fail++
			failures = append(failures, fmt.Sprintf("line %d (%s%s): %s", n, code, variantSuffix(c), res.Reason))
		}
	}
	require.NoError(t, sc.Err())

	var table strings.Builder
	table.WriteString("\ncode  passed failed skipped\n")
	for _, code := range basicCodes {
		tl := counts[code]
		fmt.Fprintf(&table, "%s  %6d %6d %7d\n", code, tl.pass, tl.fail, tl.skip)
	}
	t.Log(table.String())
	if len(failures) > 0 {
		t.Fatalf("%d library cases did not pass:\n%s", len(failures), strings.Join(failures, "\n"))
	}
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
