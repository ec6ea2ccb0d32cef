package fallback

import (
	"context"
	"flag"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

var killerHardBudget = flag.Duration("killerhardbudget", 2*time.Minute, "the time TestKillerHard gives one puzzle to be solved and counted")

// killerHardShort are the lines of killer-hard-dev that TestKillerHard takes under
// -short (and so under .ci/run's -race): two that need no guess and one that
// needs a few. Line 34, the hardest the plain run takes, costs 5 s under -race.
var killerHardShort = map[int]bool{1: true, 10: true, 17: true}

// killerHardBig are the lines of the sixteen-five-cell-cage killers with no givens
// (one cell is a cage of its own): each takes the search 2 to 20 s of CPU to solve
// and count, so TestKillerHard takes them only when asked: STEPDOKU_FULL=1 (as
// .ci/run sets) takes the three quickest, STEPDOKU_KILLER_HARD=1 every one.
func killerHardBig(line int) bool { return line >= 19 && line <= 32 }

// killerHardBigCI are the big-cage lines STEPDOKU_FULL takes: about 6 s of CPU each.
var killerHardBigCI = map[int]bool{25: true, 27: true, 31: true}

// TestKillerHard solves every puzzle of killer-hard-dev and checks the answer
// against the file's solution, then proves it unique by counting to 2, each within
// -killerhardbudget; with -v it logs the time and the guesses of each. Under
// -short it takes three quick ones; the big-cage killers need STEPDOKU_FULL=1 (three
// of them) or STEPDOKU_KILLER_HARD=1 (all):
//
//	STEPDOKU_KILLER_HARD=1 go test ./fallback -run TestKillerHard -v -timeout 30m
func TestKillerHard(t *testing.T) {
	full, all := os.Getenv("STEPDOKU_FULL") != "", os.Getenv("STEPDOKU_KILLER_HARD") != ""
	cases := variantSet(t, "killer-hard", 0, 1)
	ctx := context.Background()
	for _, vc := range cases {
		big := killerHardBig(vc.line)
		if testing.Short() && !killerHardShort[vc.line] || big && !all && !(full && killerHardBigCI[vc.line]) {
			continue
		}
		pctx, cancel := context.WithTimeout(ctx, *killerHardBudget)
		t0 := time.Now()
		sol, err := Solve(pctx, vc.b)
		solveTime := time.Since(t0)
		require.NoError(t, err, "line %d: solve", vc.line)
		require.Equal(t, gridString(vc.solution), gridString(sol), "line %d: solve", vc.line)
		t0 = time.Now()
		st, err := CountStats(pctx, vc.b, 2)
		countTime := time.Since(t0)
		cancel()
		require.NoError(t, err, "line %d: count", vc.line)
		require.Equal(t, 1, st.Solutions, "line %d: count", vc.line)
		t.Logf("line %2d: solve %9.2f ms, count %9.2f ms, %7d guesses", vc.line,
			float64(solveTime.Microseconds())/1e3, float64(countTime.Microseconds())/1e3, st.Guesses)
	}
}
