package techniques

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// variantSets are the shared variant sets the soundness sweep walks, with their rules.
var variantSets = []struct {
	name string
	v    board.Variant
	// slow: a walk costs much more (killers without givens: until the cage techniques
	// apply, every state runs the whole ladder), so the plain sweep takes fewer.
	slow bool
	// untilStall: the sweeps stop a walk at its first search step. Past the stall of
	// a hard killer every search step runs the whole ladder, forcing nets included,
	// in vain (about a minute a puzzle; the whole set took over 25 minutes of CI),
	// and the states after it hold nothing the steps before it did not check.
	untilStall bool
}{
	{"x-dev", board.X, false, false},
	{"windoku-dev", board.Windoku, false, false},
	{"jigsaw-dev", board.Jigsaw, false, false},
	{"killer-dev", board.Killer, true, false},
	{"killer-hard-dev", board.Killer, true, true},
}

const variantsDir = "../../shared/variants"

// variantPuzzle is a puzzle of a shared variant set with the solution the file gives.
type variantPuzzle struct {
	line string
	b    *board.Board
	sol  []board.Digit
}

// firstVariantPuzzles returns a copy of the first puzzle of each shared variant set
// that is there and whose variant keep accepts (nil: every set).
func firstVariantPuzzles(tb testing.TB, keep func(board.Variant) bool) []*board.Board {
	tb.Helper()
	var out []*board.Board
	for _, set := range variantSets {
		path := filepath.Join(variantsDir, set.name+".txt")
		if _, err := os.Stat(path); err != nil || keep != nil && !keep(set.v) {
			continue
		}
		out = append(out, readVariantSet(tb, path, set.v)[0].b.Clone())
	}
	return out
}

// readVariantSet reads a shared variant set: every line is a ParseVariantLine line whose
// last field is the solution (unique under the set's rules, as its README says).
func readVariantSet(tb testing.TB, path string, v board.Variant) []variantPuzzle {
	tb.Helper()
	f, err := os.Open(path)
	require.NoError(tb, err)
	defer f.Close()
	var out []variantPuzzle
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		b, err := board.ParseVariantLine(line, v)
		require.NoError(tb, err, "%s:%d", path, ln)
		fields := strings.Fields(line)
		last := fields[len(fields)-1]
		require.Len(tb, last, b.Layout().Cells(), "%s:%d: the last field is not a solution", path, ln)
		sol := make([]board.Digit, len(last))
		for i := range last {
			require.True(tb, last[i] >= '1' && last[i] <= '9', "%s:%d: solution %q", path, ln, last)
			sol[i] = board.Digit(last[i] - '0')
		}
		out = append(out, variantPuzzle{line: line, b: b, sol: sol})
	}
	require.NoError(tb, sc.Err())
	return out
}

// variantWalk is what one walk of a puzzle found.
type variantWalk struct {
	steps    []explain.Step
	searched int      // search steps taken (stuck: no technique applied)
	unsound  []string // steps that contradict the solution
}

// walkVariant walks b as Solve does with the techniques ts (Knowledge from the known
// solution: the sets' puzzles are unique), checking every step against sol. Where no
// technique applies it takes a search step without the fallback package: it removes
// the smallest candidate that is not the solution's digit in a cell with the fewest
// candidates, which search would prove, so the walk needs nothing of fallback (not yet
// variant-aware when this was written) and still goes to the end.
func walkVariant(ctx context.Context, st *solveState, b *board.Board, sol []board.Digit, ts []Technique) (variantWalk, error) {
	return walkVariantUntil(ctx, st, b, sol, ts, false)
}

// walkVariantUntil is walkVariant that, with untilStall, ends the walk where no
// technique applies instead of taking a search step (w.searched is then 1).
func walkVariantUntil(ctx context.Context, st *solveState, b *board.Board, sol []board.Digit, ts []Technique, untilStall bool) (variantWalk, error) {
	var w variantWalk
	work := b.Clone()
	l := work.Layout()
	st.invalidate()
	defer st.invalidate()
	for !work.Solved() {
		step, _, ok, err := st.first(ctx, work, ts, Knowledge{Unique: true})
		if err != nil {
			return w, err
		}
		if !ok && untilStall {
			w.searched++
			return w, nil
		}
		if !ok {
			best, bestN := board.Cell(-1), l.N()+1
			for c := range board.Cell(l.Cells()) {
				if n := work.Candidates(c).Count(); n >= 2 && n < bestN {
					best, bestN = c, n
				}
			}
			if best < 0 {
				return w, fmt.Errorf("no step and no cell to search: %s", work.String())
			}
			d := work.Candidates(best).Without(sol[best]).Digits()[0]
			step = explain.Step{Technique: Search.ID,
				Eliminations: []board.Candidate{{Cell: best, Digit: d}},
				Pattern:      explain.Pattern{Digits: board.DigitsOf(d), Cells: []board.Cell{best}}}
			w.searched++
		} else if bad := unsound(work, sol, step); bad != "" {
			w.unsound = append(w.unsound, fmt.Sprintf("%s: %s", explain.OneLiner(l, step), bad))
			return w, nil // the walk cannot go on from a wrong state
		}
		if err := explain.Apply(work, step); err != nil {
			return w, fmt.Errorf("%s: %w", explain.OneLiner(l, step), err)
		}
		st.invalidate()
		w.steps = append(w.steps, step)
	}
	for c := range board.Cell(l.Cells()) {
		if work.Value(c) != sol[c] {
			return w, fmt.Errorf("solved to another grid at %s", l.CellName(c))
		}
	}
	return w, nil
}

// variantTechniques are the techniques swept on a set: Default() everywhere (the
// killer cage techniques, when Default has them, included).
func variantTechniques() []Technique { return Default() }

// TestVariantSoundness walks puzzles of every shared variant set with the default
// techniques and checks every step against the set's solution: no removed candidate is
// the solution's digit, every placement is. The plain run takes 10 puzzles spread over
// each set (3 with -short), half as many of the killer sets; STEPDOKU_FULL=1 walks them
// all. The walks of killer-hard-dev end at their stall (see untilStall).
func TestVariantSoundness(t *testing.T) {
	skipUnderRace(t)
	per := map[bool]int{true: 3, false: 10}[testing.Short()]
	full := os.Getenv("STEPDOKU_FULL") != ""
	for _, set := range variantSets {
		t.Run(set.name, func(t *testing.T) {
			path := filepath.Join(variantsDir, set.name+".txt")
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s is absent", path)
			}
			ps := readVariantSet(t, path, set.v)
			if !full {
				ps = spreadVariant(ps, map[bool]int{false: per, true: per / 2}[set.slow])
			}
			st := newSolveState()
			for i, p := range ps {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				w, err := walkVariantUntil(ctx, st, p.b, p.sol, variantTechniques(), set.untilStall)
				cancel()
				require.NoError(t, err, "puzzle %d: %s", i+1, p.line)
				require.Empty(t, w.unsound, "puzzle %d: %s", i+1, p.line)
			}
		})
	}
}

// spreadVariant takes n puzzles evenly spread over ps (all of them when n >= len(ps)).
func spreadVariant(ps []variantPuzzle, n int) []variantPuzzle {
	if n >= len(ps) {
		return ps
	}
	out := make([]variantPuzzle, 0, n)
	for i := range n {
		out = append(out, ps[i*len(ps)/n])
	}
	return out
}

// TestVariantStats logs, per shared variant set, the share of puzzles solved without a
// search step, the mean steps per puzzle and the technique histogram, and fails on any
// unsound step. It walks every puzzle, so it runs only when asked:
//
//	STEPDOKU_VARIANT_STATS=1 go test ./techniques -run TestVariantStats -v
func TestVariantStats(t *testing.T) {
	if os.Getenv("STEPDOKU_VARIANT_STATS") == "" {
		t.Skip("set STEPDOKU_VARIANT_STATS=1 to walk every variant puzzle")
	}
	for _, set := range variantSets {
		path := filepath.Join(variantsDir, set.name+".txt")
		if _, err := os.Stat(path); err != nil {
			t.Logf("%s is absent", path)
			continue
		}
		ps := readVariantSet(t, path, set.v)
		st := newSolveState()
		counts := map[string]int{}
		logic, steps, bad := 0, 0, 0
		start := time.Now()
		for i, p := range ps {
			w, err := walkVariant(context.Background(), st, p.b, p.sol, variantTechniques())
			require.NoError(t, err, "%s puzzle %d", set.name, i+1)
			if len(w.unsound) > 0 {
				bad++
				t.Errorf("%s puzzle %d: %s: %v", set.name, i+1, p.line, w.unsound)
			}
			if w.searched == 0 {
				logic++
			}
			steps += len(w.steps)
			for _, s := range w.steps {
				counts[s.Technique]++
			}
		}
		n := len(ps)
		var lines []string
		for _, id := range slices.SortedFunc(maps.Keys(counts), func(a, b string) int { return cmp.Or(counts[b]-counts[a], strings.Compare(a, b)) }) {
			lines = append(lines, fmt.Sprintf("  %-32s %7d", id, counts[id]))
		}
		t.Logf("%s: %d puzzles, %d unsound, solved without search %d (%.1f%%), %.1f steps/puzzle, %s\n%s",
			set.name, n, bad, logic, 100*float64(logic)/float64(n), float64(steps)/float64(n),
			time.Since(start).Round(time.Millisecond), strings.Join(lines, "\n"))
	}
}

// TestVariantEveryTechnique runs every technique of the ladder, the optional ones too,
// on states met while walking a few puzzles of each shared variant set, and checks every
// step each reports against the solution: a technique holds and is sound on the layout,
// or (Holds) finds nothing there; none may fail. With -short it looks at fewer states,
// with STEPDOKU_FULL=1 at many more.
func TestVariantEveryTechnique(t *testing.T) {
	skipUnderRace(t)
	// Every 40th state: each look runs the whole ladder to its last step, ~25 s at 20.
	per, every := 1, 40
	if testing.Short() {
		per, every = 1, 60
	}
	if os.Getenv("STEPDOKU_FULL") != "" {
		// Ten puzzles at every third state took about two minutes a set.
		per, every = 5, 5
	}
	for _, set := range variantSets {
		t.Run(set.name, func(t *testing.T) {
			path := filepath.Join(variantsDir, set.name+".txt")
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s is absent", path)
			}
			per, every := per, every
			if set.slow && os.Getenv("STEPDOKU_FULL") != "" {
				// A look at a killer state costs seconds (the cage nets): every
				// third state of ten killers took over ten minutes.
				per, every = 3, 15
			}
			ps := spreadVariant(readVariantSet(t, path, set.v), per)
			ctx := context.Background()
			for pi, p := range ps {
				w, err := walkVariantUntil(ctx, newSolveState(), p.b, p.sol, variantTechniques(), set.untilStall)
				require.NoError(t, err)
				state := p.b.Clone()
				for si, step := range w.steps {
					if si%every == 0 {
						for _, tech := range ladder() {
							findOn(tech, state, func(s explain.Step) bool {
								requireSound(t, fmt.Sprintf("puzzle %d step %d, %s", pi+1, si+1, tech.ID), state, p.sol, s)
								requireStepShape(t, state, s)
								return true
							})
						}
					}
					require.NoError(t, explain.Apply(state, step))
				}
			}
		})
	}
}

// TestScanHouseVariants checks that the singles' scan visits every house of a variant
// layout once, boxes first, and that scanRank is its inverse.
func TestScanHouseVariants(t *testing.T) {
	for _, spec := range []board.Spec{{Diagonals: true}, {Windows: true}, {Diagonals: true, Windows: true}} {
		l, err := board.NewLayout(spec)
		require.NoError(t, err)
		seen := map[board.House]bool{}
		for k := range l.Houses() {
			h := scanHouse(l, k)
			require.False(t, seen[h], "house %s scanned twice", l.HouseName(h))
			seen[h] = true
			require.Equal(t, k, scanRank(l, h), l.HouseName(h))
		}
		require.Len(t, seen, l.Houses())
		require.Equal(t, board.Box, l.Kind(scanHouse(l, 0)))
	}
}

// TestDeadlyShape checks the rule that lets a rectangle swap its digits on a variant:
// every house and cage that holds a corner holds exactly two, on one side.
func TestDeadlyShape(t *testing.T) {
	x, err := board.NewLayout(board.Spec{Diagonals: true})
	require.NoError(t, err)
	w, err := board.NewLayout(board.Spec{Windows: true})
	require.NoError(t, err)
	cage := board.Cage{Cells: []board.Cell{board.Classic.CellAt(0, 1), board.Classic.CellAt(0, 2)}, Sum: 3}
	k, err := board.NewLayout(board.Spec{Cages: []board.Cage{cage}})
	require.NoError(t, err)
	// A cage is in one piece: this one runs from r1c2 to r1c5, a side of the rectangle.
	side := board.Cage{Cells: []board.Cell{board.Classic.CellAt(0, 1), board.Classic.CellAt(0, 2), board.Classic.CellAt(0, 3), board.Classic.CellAt(0, 4)}, Sum: 10}
	ks, err := board.NewLayout(board.Spec{Cages: []board.Cage{side}})
	require.NoError(t, err)
	rect := func(l *board.Layout, r1, r2, c1, c2 int) [4]board.Cell {
		return [4]board.Cell{l.CellAt(r1, c1), l.CellAt(r1, c2), l.CellAt(r2, c1), l.CellAt(r2, c2)}
	}
	for _, tc := range []struct {
		name  string
		l     *board.Layout
		cells [4]board.Cell
		want  bool
	}{
		{"classic, two boxes", board.Classic, rect(board.Classic, 0, 1, 1, 4), true},
		{"classic, one box", board.Classic, rect(board.Classic, 0, 1, 0, 1), false},
		{"classic, four boxes", board.Classic, rect(board.Classic, 0, 4, 0, 4), false},
		{"X, off the diagonals", x, rect(x, 0, 2, 1, 7), true},
		{"X, a corner on a diagonal", x, rect(x, 5, 6, 6, 8), false},
		{"windoku, a window holds one side", w, rect(w, 6, 7, 0, 6), true},
		{"windoku, a window holds one corner", w, rect(w, 0, 1, 1, 4), false},
		{"killer, a cage holds one corner", k, rect(k, 0, 1, 1, 4), false},
		{"killer, a cage holds one side", ks, rect(ks, 0, 1, 1, 4), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want, deadlyShape(tc.l, tc.cells))
		})
	}
}

// solveVariantsStrict makes TestVariantSolve fail, rather than log, when Solve's
// answer on a variant differs from the set's solution. It was false until fallback's
// search knew variants; keep it true.
const solveVariantsStrict = true

// TestVariantSolve runs the public Solve on a few puzzles of each shared variant set and
// checks the walk ends on the set's solution, with every step sound.
func TestVariantSolve(t *testing.T) {
	skipUnderRace(t)
	for _, set := range variantSets {
		t.Run(set.name, func(t *testing.T) {
			path := filepath.Join(variantsDir, set.name+".txt")
			if _, err := os.Stat(path); err != nil {
				t.Skipf("%s is absent", path)
			}
			for i, p := range spreadVariant(readVariantSet(t, path, set.v), 2) {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				tr, err := Solve(ctx, p.b, Options{})
				cancel()
				problem := ""
				switch {
				case err != nil:
					problem = err.Error()
				case tr.Summary.Several || tr.Summary.NoSolution || !tr.Summary.Solved:
					problem = fmt.Sprintf("solved %v, several solutions %v, no solution %v, stuck %v",
						tr.Summary.Solved, tr.Summary.Several, tr.Summary.NoSolution, tr.Summary.Stuck)
				default:
					b := p.b.Clone()
					for _, s := range tr.Steps {
						if bad := unsound(b, p.sol, s); bad != "" {
							problem = explain.OneLiner(b.Layout(), s) + ": " + bad
							break
						}
						require.NoError(t, explain.Apply(b, s))
					}
				}
				if problem == "" {
					continue
				}
				if solveVariantsStrict {
					t.Errorf("puzzle %d: %s: %s", i+1, p.line, problem)
				} else {
					t.Logf("puzzle %d (not failing until fallback knows variants): %s", i+1, problem)
				}
			}
		})
	}
}

// TestHoldsSkips checks that a technique that does not hold on a layout finds nothing
// there however it is run: alone (a pass), through Steps, or inside another technique
// (Pass.Run, as bestFirst and techniques/rate's pools run their members).
func TestHoldsSkips(t *testing.T) {
	x, err := board.NewLayout(board.Spec{Diagonals: true})
	require.NoError(t, err)
	b := board.New(x)
	always := Technique{ID: "always", Find: func(p *Pass) {
		p.Report(explain.Step{Technique: "always", Eliminations: []board.Candidate{{Cell: 0, Digit: 1}}})
	}}
	never := always
	never.Holds = func(l *board.Layout) bool { return l.Variant() == 0 }
	outer := Technique{ID: "outer", Find: func(p *Pass) { p.Run(never, p.Report) }}
	require.Len(t, findAll(always, b), 1, "the finder reports on the layout")
	require.Empty(t, findAll(never, b), "a pass")
	steps, err := never.Steps(context.Background(), b, 0)
	require.NoError(t, err)
	require.Empty(t, steps, "Steps")
	require.Empty(t, findAll(outer, b), "Pass.Run")
	require.Len(t, findAll(never, board.New(board.Classic)), 1, "where it holds")
}

// TestLinkChainHouses checks the houses a single-digit chain names on a variant: each
// link's two cells lie in the house named for it, a diagonal or a window included.
func TestLinkChainHouses(t *testing.T) {
	for _, tc := range []struct {
		v    board.Variant
		grid string
		kind board.HouseKind // a kind one of the step's houses must have
	}{
		{board.X, "..4.1.2..7.13..6...8.....1.5..8......4......6........8.......5...36...2.....4....", board.Diagonal},
		{board.Windoku, ".3.89167576134598258976214394521736817693.524328456719.53.8.....97.2.85.81.57...6", board.Window},
	} {
		b, err := board.ParseVariantLine(tc.grid, tc.v)
		require.NoError(t, err)
		l := b.Layout()
		steps := findAll(TurbotFish, b)
		require.NotEmpty(t, steps)
		for _, s := range steps {
			line := explain.OneLiner(l, s)
			require.Len(t, s.Pattern.Houses, 3, line)
			kinds := map[board.HouseKind]bool{}
			for i, h := range s.Pattern.Houses {
				kinds[l.Kind(h)] = true
				for _, c := range s.Pattern.Cells[i : i+2] {
					require.True(t, l.HouseSet(h).Has(c), "%s: %s is not in %s", line, l.CellName(c), l.HouseName(h))
				}
			}
			require.True(t, kinds[tc.kind], "%s: no %v among its houses", line, tc.kind)
		}
	}
}

// skipUnderRace skips a variant sweep under -race: the race detector makes it a hundred
// times slower (past .ci/run's limit), and TestConcurrent runs every technique on the
// variant sets under -race already.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("variant sweep: run without -race; TestConcurrent covers the variants under -race")
	}
}
