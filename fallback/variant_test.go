package fallback

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
	"weak"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sharedVariants is where the shared variant sets live, relative to this package.
const sharedVariants = "../../shared/variants"

// variantKinds are the shared variant sets: the file is kind+"-dev.txt", and rules
// the variant a line's fields cannot say (the diagonals and windows).
var variantKinds = []struct {
	kind  string
	rules board.Variant
}{
	{"x", board.X}, {"windoku", board.Windoku}, {"jigsaw", 0}, {"killer", 0}, {"killer-hard", 0},
}

// variantCase is one puzzle of a shared variant set.
type variantCase struct {
	line     int // in the file, from 1
	b        *board.Board
	solution []board.Digit
}

// variantSet reads the puzzles of a shared variant set (every step-th, from the
// first; all with step 1), skipping when the shared folder is absent.
func variantSet(tb testing.TB, kind string, rules board.Variant, step int) []variantCase {
	tb.Helper()
	path := filepath.Join(sharedVariants, kind+"-dev.txt")
	f, err := os.Open(path)
	if err != nil {
		tb.Skipf("shared variant set absent: %v", err)
	}
	defer f.Close()
	var out []variantCase
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") || (line-1)%step != 0 {
			continue
		}
		b, err := board.ParseVariantLine(text, rules)
		require.NoError(tb, err, "%s line %d", path, line)
		fields := strings.Fields(text)
		_, sol, err := gridDigits(fields[len(fields)-1])
		require.NoError(tb, err, "%s line %d", path, line)
		out = append(out, variantCase{line: line, b: b, solution: sol})
	}
	require.NoError(tb, sc.Err())
	require.NotEmpty(tb, out, path)
	return out
}

// checkRules is checkSolution that also holds sol to b's cages: each adds up to its
// sum with no digit twice.
func checkRules(tb testing.TB, b *board.Board, sol []board.Digit) {
	tb.Helper()
	checkSolution(tb, b, sol)
	for _, cg := range b.Layout().Cages() {
		var seen board.DigitSet
		sum := 0
		for _, c := range cg.Cells {
			require.False(tb, seen.Has(sol[c]), "the cage of %d repeats %d", cg.Sum, sol[c])
			seen = seen.With(sol[c])
			sum += int(sol[c])
		}
		require.Equal(tb, cg.Sum, sum, "the cage of %d at %s", cg.Sum, b.Layout().CellName(cg.Cells[0]))
	}
}

// methodsFor are the searches that handle l, and those that must refuse it.
func methodsFor(l *board.Layout) (handle, refuse []Method) {
	v := l.Variant()
	handle = []Method{Auto, General}
	if v == 0 && l.N() == 9 {
		handle = append(handle, Bitboard)
	} else {
		refuse = append(refuse, Bitboard)
	}
	if v&board.Killer == 0 {
		handle = append(handle, DLX)
	} else {
		refuse = append(refuse, DLX)
	}
	return handle, refuse
}

func TestVariantSets(t *testing.T) {
	full := os.Getenv("STEPDOKU_FULL") != ""
	for _, vk := range variantKinds {
		t.Run(vk.kind, func(t *testing.T) {
			step, budget := 1, 20*time.Second
			if testing.Short() && !full {
				step = 5
			}
			if vk.kind == "killer-hard" {
				// Lines 19 to 32 are the big-cage killers that take the search 6 to
				// 30 s each: TestKillerHard takes them; lines 33 and 34 take it
				// seconds, so STEPDOKU_FULL only.
				step, budget = 1, 20*time.Second
			}
			cases := variantSet(t, vk.kind, vk.rules, step)
			handle, refuse := methodsFor(cases[0].b.Layout())
			unfinished := 0
			for _, m := range handle {
				for _, vc := range cases {
					if vk.kind == "killer-hard" && (killerHardBig(vc.line) || vc.line > 18 && !full) {
						continue
					}
					ctx, cancel := context.WithTimeout(context.Background(), budget)
					sols, err := m.Solutions(ctx, vc.b, 2)
					cancel()
					if vk.kind == "killer-hard" && errors.Is(err, context.DeadlineExceeded) {
						unfinished++
						t.Logf("%s: line %d unfinished after %v", m, vc.line, budget)
						continue
					}
					require.NoError(t, err, "%s: line %d", m, vc.line)
					require.Len(t, sols, 1, "%s: line %d has one solution", m, vc.line)
					require.Equal(t, gridString(vc.solution), gridString(sols[0]), "%s: line %d", m, vc.line)
					checkRules(t, vc.b, sols[0])
				}
			}
			if unfinished > 0 {
				t.Logf("%d searches unfinished (never a wrong answer)", unfinished)
			}
			for _, m := range refuse {
				_, err := m.Count(context.Background(), cases[0].b, 2)
				require.ErrorIs(t, err, ErrLayout, "%s on a %s grid", m, vk.kind)
				assert.ErrorContains(t, err, m.String())
			}
		})
	}
}

func TestVariantHousesCount(t *testing.T) {
	// Searched as a classic grid (the same givens, no extra houses, boxes for the
	// regions, no cages), some puzzle of each set has another solution or several:
	// the variant search gets its answers from the variant's houses and cages.
	for _, vk := range variantKinds[:4] {
		t.Run(vk.kind, func(t *testing.T) {
			differ := 0
			for _, vc := range variantSet(t, vk.kind, vk.rules, 10) {
				classic, err := board.FromDigits(board.Classic, vc.b.Digits())
				require.NoError(t, err)
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				sols, err := General.Solutions(ctx, classic, 2)
				cancel()
				require.NoError(t, err)
				if len(sols) != 1 || gridString(sols[0]) != gridString(vc.solution) {
					differ++
				}
				sol, err := Unique(context.Background(), vc.b)
				require.NoError(t, err)
				require.Equal(t, gridString(vc.solution), gridString(sol), "line %d", vc.line)
			}
			assert.Positive(t, differ, "every %s puzzle tried solves the same as a classic one", vk.kind)
		})
	}
}

func TestVariantSeveral(t *testing.T) {
	// Remove givens of a unique Sudoku-X puzzle, one at a time, until it has several
	// solutions: every search that handles it says so, with two solutions that keep
	// the diagonals.
	vc := variantSet(t, "x", board.X, 1)[0]
	values := vc.b.Digits()
	l := vc.b.Layout()
	var b *board.Board
	for c := range values {
		if values[c] == 0 {
			continue
		}
		values[c] = 0
		var err error
		b, err = board.FromDigits(l, values)
		require.NoError(t, err)
		if n, err := General.Count(context.Background(), b, 2); err == nil && n == 2 {
			break
		}
	}
	handle, _ := methodsFor(l)
	for _, m := range handle {
		n, err := m.Count(context.Background(), b, 2)
		require.NoError(t, err, "%s", m)
		assert.Equal(t, 2, n, "%s", m)
		v, sols, err := m.Classify(context.Background(), b)
		require.NoError(t, err, "%s", m)
		assert.Equal(t, SeveralSolutions, v, "%s", m)
		require.Len(t, sols, 2)
		assert.NotEqual(t, sols[0], sols[1])
		for _, s := range sols {
			checkRules(t, b, s)
		}
		_, err = m.Unique(context.Background(), b)
		assert.ErrorIs(t, err, ErrSeveral, "%s", m)
	}
}

func TestKillerNoSolution(t *testing.T) {
	ctx := context.Background()
	// A cage of two cells adding to 18 would need 9 twice.
	b, err := board.ParseVariantLine(strings.Repeat(".", 81)+" AA"+strings.Repeat(".", 79)+" A=18", 0)
	require.NoError(t, err)
	for _, m := range []Method{Auto, General} {
		v, sols, err := m.Classify(ctx, b)
		require.NoError(t, err)
		assert.Equal(t, NoSolution, v, "%s", m)
		assert.Empty(t, sols)
		_, err = m.Solve(ctx, b)
		assert.ErrorIs(t, err, ErrNoSolution, "%s", m)
	}

	// A shared killer with one sum raised by one: its sums no longer add to 405,
	// which the rule of 45 sees before any guess.
	vc := variantSet(t, "killer", 0, 1)[0]
	spec := vc.b.Layout().Spec()
	spec.Cages[0].Sum++
	l, err := board.NewLayout(spec)
	require.NoError(t, err)
	bad, err := board.FromDigits(l, vc.b.Digits())
	require.NoError(t, err)
	st, err := General.CountStats(ctx, bad, 2)
	require.NoError(t, err)
	assert.Zero(t, st.Solutions)
	// And the unchanged puzzle has its one solution, so the sum is what failed.
	n, err := General.Count(ctx, vc.b, 2)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
}

func TestKillerRefutes(t *testing.T) {
	ctx := context.Background()
	for _, vc := range variantSet(t, "killer", 0, 40) {
		l := vc.b.Layout()
		for _, c := range []board.Cell{0, 40, 80} {
			right := vc.solution[c]
			wrong := right%9 + 1
			for _, m := range []Method{Auto, General} {
				got, err := m.Refutes(ctx, vc.b, c, right)
				require.NoError(t, err)
				assert.False(t, got, "%s: line %d, %s=%d is the solution's", m, vc.line, l.CellName(c), right)
				got, err = m.Refutes(ctx, vc.b, c, wrong)
				require.NoError(t, err)
				assert.True(t, got, "%s: line %d, %s=%d is not the solution's", m, vc.line, l.CellName(c), wrong)
			}
		}
		// Even a digit the cell cannot hold, which needs no search, is no answer
		// from a method that cannot search the layout.
		wrong := vc.solution[0]%9 + 1
		b := vc.b.Clone()
		b.Eliminate(0, wrong)
		_, err := DLX.Refutes(ctx, b, 0, wrong)
		assert.ErrorIs(t, err, ErrLayout)
		_, err = Bitboard.Refutes(ctx, vc.b, 0, vc.solution[0])
		assert.ErrorIs(t, err, ErrLayout)
	}
}

func TestErrLayout(t *testing.T) {
	x := variantSet(t, "x", board.X, 1)[0].b
	_, err := Bitboard.Solve(context.Background(), x)
	require.ErrorIs(t, err, ErrLayout)
	assert.ErrorContains(t, err, "bitboard")
	assert.ErrorContains(t, err, "x grid")
	killer := variantSet(t, "killer", 0, 1)[0].b
	_, _, err = DLX.Classify(context.Background(), killer)
	require.ErrorIs(t, err, ErrLayout)
	assert.ErrorContains(t, err, "dlx")
	assert.ErrorContains(t, err, "killer")
	// Sizes the bitboard does not take are the same error.
	l, err := board.LayoutOf(4)
	require.NoError(t, err)
	_, err = Bitboard.Count(context.Background(), board.New(l), 2)
	assert.ErrorIs(t, err, ErrLayout)
}

func TestKillerLargerGrid(t *testing.T) {
	// On grids above 9 digits the cages are held by sum bounds, not the table of
	// combinations: a 4x4 killer read from a solved grid (cages of two cells side by
	// side) and the same cages on a 12x12 grid have that grid as a solution, and a
	// 2-cell cage of 1 has none.
	for _, n := range []int{4, 12} {
		l, err := board.LayoutOf(n)
		require.NoError(t, err)
		sols, err := General.Solutions(context.Background(), board.New(l), 1)
		require.NoError(t, err)
		grid := sols[0]
		var cages []board.Cage
		for c := 0; c < n*n; c += 2 {
			cages = append(cages, board.Cage{Cells: []board.Cell{board.Cell(c), board.Cell(c + 1)}, Sum: int(grid[c] + grid[c+1])})
		}
		kl, err := board.NewLayout(board.Spec{N: n, Cages: cages})
		require.NoError(t, err)
		// Give half the cells so that the search stays short.
		values := make([]board.Digit, n*n)
		for c := range values {
			if c%4 < 2 && c/n%2 == 0 {
				values[c] = grid[c]
			}
		}
		b, err := board.FromDigits(kl, values)
		require.NoError(t, err)
		got, err := General.Solutions(context.Background(), b, 50)
		require.NoError(t, err)
		require.NotEmpty(t, got)
		found := false
		for _, s := range got {
			checkRules(t, b, s)
			found = found || gridString(s) == gridString(grid)
		}
		assert.True(t, found, "%dx%d: the grid the cages came from is not among the solutions", n, n)

		cages[1].Sum = 1
		kl, err = board.NewLayout(board.Spec{N: n, Cages: cages})
		require.NoError(t, err)
		v, _, err := General.Classify(context.Background(), board.New(kl))
		require.NoError(t, err)
		assert.Equal(t, NoSolution, v, "%dx%d with a 2-cell cage of 1", n, n)
	}
}

func TestGeometryCacheLetsGo(t *testing.T) {
	// A variant layout is built per puzzle; once it is gone its geometry must go
	// from the cache too.
	vc := variantSet(t, "killer", 0, 1)[0]
	key := func() weak.Pointer[board.Layout] {
		l, err := board.NewLayout(vc.b.Layout().Spec())
		require.NoError(t, err)
		b, err := board.FromDigits(l, vc.b.Digits())
		require.NoError(t, err)
		_, err = General.Solve(context.Background(), b)
		require.NoError(t, err)
		return weak.Make(l)
	}()
	_, cached := geometries.Load(key)
	require.True(t, cached, "the search cached no geometry")
	deadline := time.Now().Add(5 * time.Second)
	for cached && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
		_, cached = geometries.Load(key)
	}
	assert.False(t, cached, "the geometry of a dropped layout stays cached")
}

func TestSumRulesHold(t *testing.T) {
	// Every sum the search derives (cages, innies, outies) holds on the known
	// solution of every shared killer, and a rule said distinct repeats no digit.
	for _, kind := range []string{"killer", "killer-hard"} {
		for _, vc := range variantSet(t, kind, 0, 1) {
			g := newGeometry(vc.b.Layout())
			require.Greater(t, len(g.rules), len(vc.b.Layout().Cages()), "%s line %d: no rule of 45", kind, vc.line)
			for _, r := range g.rules {
				sum, seen := 0, board.DigitSet(0)
				for i, c := range r.cells {
					d := vc.solution[c]
					if i < r.npos {
						sum += int(d)
					} else {
						sum -= int(d) // counted down
					}
					if r.distinct {
						require.False(t, seen.Has(d), "%s line %d: distinct rule %v repeats %d", kind, vc.line, r.cells, d)
					}
					seen = seen.With(d)
				}
				require.Equal(t, r.sum, sum, "%s line %d: rule %v", kind, vc.line, r.cells)
			}
		}
	}
}
