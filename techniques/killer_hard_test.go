package techniques

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
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

// TestKillerHardNeedsSearch shows why 16 puzzles of killer-hard-dev are not solved
// by logic: at the first stall of the default techniques, a cage forcing net with no
// budget and no bound on a cage's fillings (every cage, and every virtual cage of the
// rule of 45 up to maxVirtualCells cells) refutes none of the candidates left. Every
// elimination a technique makes is the refutation of a candidate by some propagation,
// and this one follows singles in every house and the whole arithmetic of every cage:
// what is left needs reasoning about two or more assumptions at once, or search.
// STEPDOKU_FULL takes line 19 (a second); STEPDOKU_KILLER_HARD=1 every line the
// default techniques do not solve, or =N line N:
//
//	STEPDOKU_KILLER_HARD=1 go test ./techniques -run TestKillerHardNeedsSearch -v
func TestKillerHardNeedsSearch(t *testing.T) {
	env := os.Getenv("STEPDOKU_KILLER_HARD")
	only, _ := strconv.Atoi(env)
	switch {
	case env == "1":
		only = 0
	case env == "" && os.Getenv("STEPDOKU_FULL") != "":
		only = 19
	case env == "":
		t.Skip("set STEPDOKU_KILLER_HARD=1 (all) or a line number, or STEPDOKU_FULL=1 (line 19)")
	}
	path := filepath.Join(variantsDir, "killer-hard-dev.txt")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s is absent", path)
	}
	ctx := context.Background()
	st := newSolveState()
	stalled := 0
	for i, p := range readVariantSet(t, path, board.Killer) {
		line := i + 1
		if only != 0 && line != only {
			continue
		}
		work := p.b.Clone()
		st.invalidate()
		for !work.Solved() {
			step, _, ok, err := st.first(ctx, work, variantTechniques(), Knowledge{Unique: true})
			require.NoError(t, err)
			if !ok {
				break
			}
			require.Empty(t, unsound(work, p.sol, step), "line %d: %s", line, explain.OneLiner(work.Layout(), step))
			require.NoError(t, explain.Apply(work, step))
			st.invalidate()
		}
		if work.Solved() {
			continue
		}
		stalled++
		cands := 0
		for c := range board.Cell(work.Layout().Cells()) {
			if work.Value(c) == 0 {
				cands += work.Candidates(c).Count()
			}
		}
		t0 := time.Now()
		pass := st.pass(ctx, work, CageForcingNet, func(explain.Step) bool { return true })
		best, complete := scanCageNet(pass, math.MaxInt/2, math.MaxInt/2)
		for _, s := range best {
			require.Empty(t, unsound(work, p.sol, s), "line %d", line)
		}
		assert.Empty(t, best, "line %d: the unbounded cage forcing net refutes a candidate", line)
		assert.True(t, complete, "line %d: the unbounded scan followed every premise", line)
		t.Logf("line %d: stalled with %d candidates; the unbounded cage forcing net refutes none (%s)", line, cands, time.Since(t0).Round(time.Millisecond))
	}
	require.Positive(t, stalled, "no puzzle stalled")
}
