package techniques

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// alsFamily are the techniques of als.go and als_sdc.go.
var alsFamily = []Technique{SueDeCoq, ALSXZ, ALSXYWing, ALSChain, DeathBlossom}

// alsLibraryMisses are the library cases (by line) the family does not pass, with why.
// The test fails when one of them starts to pass, so the list shrinks with the code.
var alsLibraryMisses = map[int]string{
	// Our chains of up to six sets find other ALS chains on these states but not
	// HoDoKu's conclusion: r9c4 losing three digits (and r6c8 two) looks like a ring of
	// sets (the ends joined too, locking every set), which the finder does not search.
	1071: "ALS chain: HoDoKu's chain not found",
	1073: "ALS chain: HoDoKu's chain not found",
	1076: "ALS chain: ring of sets not searched",
}

// TestALSConformLibrary runs every HoDoKu library case of the family's codes against
// the family's finders alone (so it holds whatever Default() holds) and logs the table.
func TestALSConformLibrary(t *testing.T) {
	f, err := os.Open(libraryPath)
	if os.IsNotExist(err) {
		t.Skipf("%s is absent", libraryPath)
	}
	require.NoError(t, err)
	defer f.Close()
	type tally struct{ pass, fail int }
	codes := []string{}
	counts := map[string]*tally{}
	for _, tech := range alsFamily {
		for _, c := range tech.Codes {
			codes = append(codes, c)
			counts[c] = &tally{}
		}
	}
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
		require.NoError(t, err, "line %d", n)
		res := Conform(c, alsFamily)
		_, known := alsLibraryMisses[n]
		if res.Outcome == ConformPass {
			tl.pass++
			if known {
				failures = append(failures, fmt.Sprintf("line %d (%s) passes now: drop it from alsLibraryMisses", n, code))
			}
			continue
		}
		tl.fail++
		if known {
			continue
		}
		failures = append(failures, fmt.Sprintf("line %d (%s%s): %s", n, code, variantSuffix(c), res.Reason))
	}
	require.NoError(t, sc.Err())
	var table strings.Builder
	table.WriteString("\ncode  passed failed\n")
	for _, code := range codes {
		fmt.Fprintf(&table, "%s  %6d %6d\n", code, counts[code].pass, counts[code].fail)
	}
	t.Log(table.String())
	require.Empty(t, failures, "library cases that did not pass:\n%s", strings.Join(failures, "\n"))
}
