package techniques

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// TestKillerHardStall walks every puzzle of the shared hardest killers (or the one
// numbered by STEPDOKU_KILLER_HARD, when it is not 1; STEPDOKU_KILLER_SET=killer-dev
// walks the other killer set) as TestVariantStats does,
// checking every step against the solution, and logs for each whether the default
// techniques solve it without a search step and where they first stall (the open
// cells and candidates left then). It runs only when asked:
//
//	STEPDOKU_KILLER_HARD=1 go test ./techniques -run TestKillerHardStall -v
//	STEPDOKU_KILLER_HARD=19 go test ./techniques -run TestKillerHardStall -v
func TestKillerHardStall(t *testing.T) {
	env := os.Getenv("STEPDOKU_KILLER_HARD")
	if env == "" {
		t.Skip("set STEPDOKU_KILLER_HARD=1 (all) or a puzzle number to walk the hardest killers")
	}
	set := cmp.Or(os.Getenv("STEPDOKU_KILLER_SET"), "killer-hard-dev")
	path := filepath.Join(variantsDir, set+".txt")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s is absent", path)
	}
	ps := readVariantSet(t, path, board.Killer)
	only, _ := strconv.Atoi(env)
	if env == "1" {
		only = 0
	}
	st := newSolveState()
	logic, walked, hist := 0, 0, map[string]int{}
	start := time.Now()
	for i, p := range ps {
		if only != 0 && i+1 != only {
			continue
		}
		t0 := time.Now()
		w, stuck := walkKiller(t, st, p.b, p.sol)
		walked++
		if w.searched == 0 {
			logic++
		}
		for _, s := range w.steps {
			hist[s.Technique]++
		}
		t.Logf("puzzle %2d: %3d steps, %2d search steps, %s; %s", i+1, len(w.steps), w.searched, stuck, time.Since(t0).Round(time.Millisecond))
	}
	t.Logf("%s: %d of %d solved without search, %s; steps by technique %v", set, logic, walked, time.Since(start).Round(time.Millisecond), hist)
}

// walkKiller walks b as walkVariant does (a search step where no technique applies,
// every step checked against sol) and says where it first stalled.
func walkKiller(t *testing.T, st *solveState, b *board.Board, sol []board.Digit) (variantWalk, string) {
	t.Helper()
	var w variantWalk
	stuck := "never stalls"
	work := b.Clone()
	l := work.Layout()
	st.invalidate()
	defer st.invalidate()
	for !work.Solved() {
		step, _, ok, err := st.first(context.Background(), work, variantTechniques(), Knowledge{Unique: true})
		require.NoError(t, err)
		if !ok {
			best, bestN, open, cands := board.Cell(-1), l.N()+1, 0, 0
			for c := range board.Cell(l.Cells()) {
				n := work.Candidates(c).Count()
				if work.Value(c) == 0 {
					open, cands = open+1, cands+n
				}
				if n >= 2 && n < bestN {
					best, bestN = c, n
				}
			}
			require.GreaterOrEqual(t, best, board.Cell(0), "no step and no cell to search")
			if w.searched == 0 {
				stuck = fmt.Sprintf("first stall after %d steps with %d open cells, %d candidates", len(w.steps), open, cands)
			}
			d := work.Candidates(best).Without(sol[best]).Digits()[0]
			step = explain.Step{Technique: Search.ID,
				Eliminations: []board.Candidate{{Cell: best, Digit: d}},
				Pattern:      explain.Pattern{Digits: board.DigitsOf(d), Cells: []board.Cell{best}}}
			w.searched++
		} else {
			require.Empty(t, unsound(work, sol, step), "%s", explain.OneLiner(l, step))
		}
		require.NoError(t, explain.Apply(work, step))
		st.invalidate()
		w.steps = append(w.steps, step)
	}
	for c := range board.Cell(l.Cells()) {
		require.Equal(t, sol[c], work.Value(c), "solved to another grid at %s", l.CellName(c))
	}
	return w, stuck
}
