package fallback

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// builtIn are puzzles every run solves, whatever testdata holds.
var builtIn = []struct{ name, grid string }{
	{"easy, from Wikipedia", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"},
	{"Inkala's hardest", "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."},
	{"17 clues", ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."},
	{"easter monster", "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"},
	{"golden nugget", ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7....."},
}

func TestSolveBuiltIn(t *testing.T) {
	for _, tc := range builtIn {
		t.Run(tc.name, func(t *testing.T) {
			b := parseGrid(t, tc.grid)
			sol, err := Solve(context.Background(), b)
			require.NoError(t, err)
			checkSolution(t, b, sol)
			n, err := Count(context.Background(), b, 2)
			require.NoError(t, err)
			assert.Equal(t, 1, n)
		})
	}
}

func TestSolveSample(t *testing.T) {
	lines := sample(t)
	require.Len(t, lines, 200)
	for i, s := range lines {
		b := parseGrid(t, s)
		sol, err := Unique(context.Background(), b)
		require.NoError(t, err, "sample line %d: %s", i+1, s)
		checkSolution(t, b, sol)
	}
}

// withoutGiven returns grid with the i-th given emptied.
func withoutGiven(grid string, i int) string {
	for c, r := range grid {
		if r != '.' {
			if i == 0 {
				return grid[:c] + "." + grid[c+1:]
			}
			i--
		}
	}
	return grid
}

func TestCount(t *testing.T) {
	const seventeen = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
	empty := strings.Repeat(".", 81)
	noCandidate := func(t *testing.T) *board.Board {
		// r1c1 keeps no candidate though no house forbids every digit there.
		b := parseGrid(t, seventeen)
		b.SetCandidates(0, 0)
		return b
	}
	tests := []struct {
		name  string
		board func(t *testing.T) *board.Board
		limit int
		want  int
	}{
		{"empty grid, limit 2", func(t *testing.T) *board.Board { return parseGrid(t, empty) }, 2, 2},
		{"empty grid, limit 1", func(t *testing.T) *board.Board { return parseGrid(t, empty) }, 1, 1},
		{"empty grid, limit 7", func(t *testing.T) *board.Board { return parseGrid(t, empty) }, 7, 7},
		{"proper puzzle", func(t *testing.T) *board.Board { return parseGrid(t, seventeen) }, 2, 1},
		{"proper puzzle, limit 1", func(t *testing.T) *board.Board { return parseGrid(t, seventeen) }, 1, 1},
		// A 17-clue puzzle is minimal: without any one of its givens it has several solutions.
		{"17 clues less the first", func(t *testing.T) *board.Board { return parseGrid(t, withoutGiven(seventeen, 0)) }, 2, 2},
		{"17 clues less the last", func(t *testing.T) *board.Board { return parseGrid(t, withoutGiven(seventeen, 16)) }, 2, 2},
		{"duplicate givens in a row", func(t *testing.T) *board.Board { return parseGrid(t, "5...5"+strings.Repeat(".", 76)) }, 2, 0},
		{"duplicate givens in a box", func(t *testing.T) *board.Board { return parseGrid(t, "5........"+".5"+strings.Repeat(".", 70)) }, 2, 0},
		{"duplicate givens in a column", func(t *testing.T) *board.Board { return parseGrid(t, "5"+strings.Repeat(".", 71)+"5........") }, 2, 0},
		{"cell with no candidate", noCandidate, 2, 0},
		{"row without a place for a digit", func(t *testing.T) *board.Board {
			b := parseGrid(t, empty)
			for c := range board.Cell(9) {
				b.Eliminate(c, 4)
			}
			return b
		}, 2, 0},
		// Every cell of r1 sees a 1 but r1c1, which holds 2: no givens clash, yet r1 has no place for 1.
		{"hidden contradiction", func(t *testing.T) *board.Board {
			return parseGrid(t, "2........"+"...1....."+"......1.."+strings.Repeat(".", 9)+".1......."+strings.Repeat(".", 27)+"..1......")
		}, 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.board(t)
			for _, path := range searchPaths {
				r, err := path.search(context.Background(), b, query{limit: tc.limit})
				require.NoError(t, err, path.name)
				assert.Equal(t, tc.want, r.count, path.name)
			}
			n, err := Count(context.Background(), b, tc.limit)
			require.NoError(t, err)
			assert.Equal(t, tc.want, n)
		})
	}
}

func TestCountSmallGrids(t *testing.T) {
	// The number of 4x4 grids is known: 288.
	l, err := board.LayoutOf(4)
	require.NoError(t, err)
	n, err := Count(context.Background(), board.New(l), 1000)
	require.NoError(t, err)
	assert.Equal(t, 288, n)

	sols, err := Solutions(context.Background(), board.New(l), 1000)
	require.NoError(t, err)
	assertAll4x4(t, l, sols)
}

// assertAll4x4 checks that sols are the 288 4x4 grids, each once.
func assertAll4x4(t *testing.T, l *board.Layout, sols [][]board.Digit) {
	t.Helper()
	require.Len(t, sols, 288)
	seen := map[string]bool{}
	for _, s := range sols {
		checkSolution(t, board.New(l), s)
		seen[gridString(s)] = true
	}
	assert.Len(t, seen, 288, "solutions are not all different")
}

func TestBadArguments(t *testing.T) {
	ctx := context.Background()
	b := board.New(board.Classic)
	_, err := Count(ctx, b, 0)
	assert.Error(t, err)
	_, err = Solutions(ctx, b, -1)
	assert.Error(t, err)
	_, err = Solve(ctx, nil)
	assert.Error(t, err)
	_, err = Count(ctx, nil, 2)
	assert.Error(t, err)
	_, err = Refutes(ctx, nil, 0, 1)
	assert.Error(t, err)
	_, err = Refutes(ctx, b, 81, 1)
	assert.Error(t, err)
	_, err = Refutes(ctx, b, -1, 1)
	assert.Error(t, err)
	_, err = Refutes(ctx, b, 0, 10)
	assert.Error(t, err)
	_, err = Refutes(ctx, b, 0, 0)
	assert.Error(t, err)
}

func TestSolutionsAndUnique(t *testing.T) {
	ctx := context.Background()
	several := parseGrid(t, withoutGiven(builtIn[2].grid, 3))
	sols, err := Solutions(ctx, several, 2)
	require.NoError(t, err)
	require.Len(t, sols, 2)
	checkSolution(t, several, sols[0])
	checkSolution(t, several, sols[1])
	assert.NotEqual(t, sols[0], sols[1])
	_, err = Unique(ctx, several)
	assert.ErrorIs(t, err, ErrSeveral)

	none := parseGrid(t, "55"+strings.Repeat(".", 79))
	sols, err = Solutions(ctx, none, 2)
	require.NoError(t, err)
	assert.Empty(t, sols)
	_, err = Unique(ctx, none)
	assert.ErrorIs(t, err, ErrNoSolution)
	_, err = Solve(ctx, none)
	assert.ErrorIs(t, err, ErrNoSolution)
}

// transform maps a 9x9 grid: relabels digits by perm (perm[d-1] is d's new digit)
// and transposes when asked.
func transform(ds []board.Digit, perm []int, transpose bool) []board.Digit {
	out := make([]board.Digit, 81)
	for c, d := range ds {
		to := c
		if transpose {
			to = c%9*9 + c/9
		}
		if d != 0 {
			d = board.Digit(perm[d-1])
		}
		out[to] = d
	}
	return out
}

// checkInvariance fails unless the puzzle, relabelled and transposed, still has one
// solution, and that solution is the puzzle's solution moved the same way.
func checkInvariance(t *testing.T, grid string, rng *rand.Rand) {
	t.Helper()
	ctx := context.Background()
	l, ds, err := gridDigits(grid)
	require.NoError(t, err)
	b, err := board.FromDigits(l, ds)
	require.NoError(t, err)
	sol, err := Unique(ctx, b)
	require.NoError(t, err, grid)
	perm := make([]int, 9)
	for i, p := range rng.Perm(9) {
		perm[i] = p + 1
	}
	for _, transpose := range []bool{false, true} {
		moved, err := board.FromDigits(l, transform(ds, perm, transpose))
		require.NoError(t, err)
		got, err := Unique(ctx, moved)
		require.NoError(t, err, "%s moved (transpose %v)", grid, transpose)
		require.Equal(t, transform(sol, perm, transpose), got, "%s moved (transpose %v)", grid, transpose)
	}
}

func TestInvarianceSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, s := range sample(t) {
		checkInvariance(t, s, rng)
	}
}

func TestInvarianceShared(t *testing.T) {
	per := 5000
	if testing.Short() {
		per = 250
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for _, set := range []string{"17-clue.txt", "top1465.txt", "forum-hardest-11plus.txt"} {
		t.Run(set, func(t *testing.T) {
			for _, s := range sharedSet(t, set, per) {
				checkInvariance(t, s, rng)
			}
		})
	}
}

func TestEveryPuzzleUnique(t *testing.T) {
	if testing.Short() {
		t.Skip("every puzzle of two shared sets: not in -short mode")
	}
	for _, set := range []string{"17-clue.txt", "top1465.txt"} {
		t.Run(set, func(t *testing.T) {
			lines := sharedSet(t, set, 0)
			require.NotEmpty(t, lines)
			for i, s := range lines {
				n, err := Count(context.Background(), parseGrid(t, s), 2)
				require.NoError(t, err)
				require.Equal(t, 1, n, "%s puzzle %d: %s", set, i+1, s)
			}
		})
	}
}

// searchPaths are both solvers, so tests can hold the 9x9 one to the general one.
var searchPaths = []struct {
	name   string
	search func(context.Context, *board.Board, query) (result, error)
}{
	{"classic", searchClassicOrGeneral},
	{"general", searchGeneral},
}

// searchClassicOrGeneral runs the classic solver on 9x9 boards, the general one on
// the others.
func searchClassicOrGeneral(ctx context.Context, b *board.Board, q query) (result, error) {
	if b.Layout().N() == 9 {
		return searchClassic(ctx, b, q)
	}
	return searchGeneral(ctx, b, q)
}

func TestClassicMatchesGeneral(t *testing.T) {
	ctx := context.Background()
	lines := sample(t)
	var multi []string
	for i := range 12 {
		// 17-clue puzzles less a given or two: a handful to many solutions.
		s := withoutGiven(lines[i], i%17)
		if i%3 == 0 {
			s = withoutGiven(s, 0)
		}
		multi = append(multi, s)
	}
	for _, s := range append(lines, multi...) {
		b := parseGrid(t, s)
		q := query{limit: 300, keep: 300}
		fast, err := searchClassic(ctx, b, q)
		require.NoError(t, err)
		slow, err := searchGeneral(ctx, b, q)
		require.NoError(t, err)
		require.Equal(t, slow.count, fast.count, "solutions of %s", s)
		if fast.count < q.limit {
			// Below the limit both found every solution, in their own order.
			require.ElementsMatch(t, slow.sols, fast.sols, "solutions of %s", s)
		}
		for _, sol := range fast.sols {
			checkSolution(t, b, sol)
		}
	}
}

// solvedBoards returns a few sample puzzles and, for each, a pencil-mark state part
// way through: some cells placed from the solution, some wrong candidates removed.
func solvedBoards(t *testing.T) []*board.Board {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	lines := sample(t)
	var out []*board.Board
	for i := 0; i < len(lines); i += 25 {
		b := parseGrid(t, lines[i])
		out = append(out, b)
		sol, err := Solve(context.Background(), b)
		require.NoError(t, err)
		p := b.Clone()
		for c := range board.Cell(81) {
			switch {
			case p.Value(c) != 0:
			case rng.IntN(4) == 0:
				require.NoError(t, p.Place(c, sol[c]))
			case rng.IntN(2) == 0:
				p.SetCandidates(c, board.DigitsOf(sol[c], board.Digit(rng.IntN(9)+1)))
			}
		}
		out = append(out, p)
	}
	for _, l := range largeLayouts(t) {
		_, b := generated(t, l, 11)
		out = append(out, b)
	}
	return out
}

func TestRefutesAgreesWithSolve(t *testing.T) {
	ctx := context.Background()
	for _, b := range solvedBoards(t) {
		l := b.Layout()
		sol, err := Unique(ctx, b)
		require.NoError(t, err)
		for c := range board.Cell(l.Cells()) {
			if l.N() > 12 && c%11 != 0 {
				continue // one cell in eleven keeps the large grids quick
			}
			for d := board.Digit(1); int(d) <= l.N(); d++ {
				got, err := Refutes(ctx, b, c, d)
				require.NoError(t, err)
				require.Equal(t, d != sol[c], got, "Refutes(%s, %d) on %dx%d", l.CellName(c), d, l.N(), l.N())
			}
		}
	}
}

func TestRespectsCandidates(t *testing.T) {
	ctx := context.Background()
	for _, b := range solvedBoards(t) {
		l := b.Layout()
		sol, err := Unique(ctx, b)
		require.NoError(t, err)
		n := 0
		for c := range board.Cell(l.Cells()) {
			if b.Value(c) != 0 || b.Candidates(c).Count() < 2 {
				continue
			}
			if n++; n > 6 {
				break
			}
			// Without the solution's digit in c, no solution is left.
			without := b.Clone()
			without.Eliminate(c, sol[c])
			for _, path := range searchPaths {
				r, err := path.search(ctx, without, query{limit: 2})
				require.NoError(t, err)
				require.Equal(t, 0, r.count, "%s: %s<>%d", path.name, l.CellName(c), sol[c])
			}
			// Without another candidate, the same single solution is left.
			other := b.Clone()
			other.SetCandidates(c, board.DigitsOf(sol[c]))
			for _, path := range searchPaths {
				r, err := path.search(ctx, other, query{limit: 2, keep: 1})
				require.NoError(t, err)
				require.Equal(t, 1, r.count, "%s: %s=%d", path.name, l.CellName(c), sol[c])
				require.Equal(t, sol, r.sols[0], path.name)
			}
		}
	}
}

func TestContext(t *testing.T) {
	for _, n := range []int{25, 9} {
		l, err := board.LayoutOf(n)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("%dx%d", l.N(), l.N()), func(t *testing.T) {
			cancelled, cancel := context.WithCancel(context.Background())
			cancel()
			_, err = Count(cancelled, board.New(l), 2)
			assert.ErrorIs(t, err, context.Canceled)
			_, err = Solve(cancelled, board.New(l))
			assert.ErrorIs(t, err, context.Canceled)
			_, err = Refutes(cancelled, board.New(l), 0, 1)
			assert.ErrorIs(t, err, context.Canceled)

			// Counting every grid never ends: only the deadline can stop it.
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			_, err = Count(ctx, board.New(l), 1<<40)
			assert.ErrorIs(t, err, context.DeadlineExceeded)
		})
	}
}

// largeLayouts returns every layout but the classic one.
func largeLayouts(t *testing.T) []*board.Layout {
	t.Helper()
	var out []*board.Layout
	for _, n := range board.Sizes() {
		if n == 9 {
			continue
		}
		l, err := board.LayoutOf(n)
		require.NoError(t, err)
		out = append(out, l)
	}
	return out
}

// generated returns a solved grid of layout l and a puzzle with that one solution,
// emptied at random while uniqueness allows, down to half the cells.
func generated(t testing.TB, l *board.Layout, seed uint64) (grid []board.Digit, puzzle *board.Board) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(l.N())))
	grid = fullGrid(l, rng)
	b, err := board.FromDigits(l, carve(t, l, grid, l.Cells()/2, rng))
	require.NoError(t, err)
	return grid, b
}

func TestLargeGrids(t *testing.T) {
	ctx := context.Background()
	for _, l := range largeLayouts(t) {
		t.Run(fmt.Sprintf("%dx%d", l.N(), l.N()), func(t *testing.T) {
			grid, p := generated(t, l, 5)
			checkSolution(t, board.New(l), grid)
			sol, err := Unique(ctx, p)
			require.NoError(t, err)
			require.Equal(t, grid, sol)

			// A solution from a sparse start is valid too (it need not be unique).
			rng := rand.New(rand.NewPCG(6, uint64(l.N())))
			sparse := append([]board.Digit(nil), grid...)
			for i, c := range rng.Perm(len(grid)) {
				if i < len(grid)*3/4 {
					sparse[c] = 0
				}
			}
			b, err := board.FromDigits(l, sparse)
			require.NoError(t, err)
			got, err := Solve(ctx, b)
			require.NoError(t, err)
			checkSolution(t, b, got)
		})
	}
}

func TestConcurrent(t *testing.T) {
	// Searches share only read-only tables and the per-layout geometry cache; run
	// under -race this shows it. Results must match those of one goroutine.
	ctx := context.Background()
	var boards []*board.Board
	for _, s := range sample(t)[:40] {
		boards = append(boards, parseGrid(t, s))
	}
	for _, l := range largeLayouts(t)[:4] { // up to 12x12: quick to generate
		_, b := generated(t, l, 21)
		boards = append(boards, b)
	}
	want := make([][]board.Digit, len(boards))
	for i, b := range boards {
		sol, err := Unique(ctx, b)
		require.NoError(t, err)
		want[i] = sol
	}
	const workers = 4
	got := make([][][]board.Digit, workers)
	errs := make([]error, workers)
	done := make(chan int)
	for w := range workers {
		go func() {
			defer func() { done <- w }()
			for i := range boards {
				b := boards[(i+w*7)%len(boards)]
				sol, err := Unique(ctx, b)
				if err != nil {
					errs[w] = err
					return
				}
				got[w] = append(got[w], sol)
			}
		}()
	}
	for range workers {
		<-done
	}
	for w := range workers {
		require.NoError(t, errs[w])
		for i, sol := range got[w] {
			assert.Equal(t, want[(i+w*7)%len(boards)], sol, "worker %d, board %d", w, i)
		}
	}
}

func TestTables9(t *testing.T) {
	// complex keeps exactly the mini-rows of the row-to-box matches that all present
	// mini-rows allow: check it against a direct count on every input.
	for x := range 512 {
		var want uint32
		for _, p := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
			if x>>p[0]&1 != 0 && x>>(3+p[1])&1 != 0 && x>>(6+p[2])&1 != 0 {
				want |= 7<<(3*p[0]) | 7<<(9+3*p[1]) | 7<<(18+3*p[2])
			}
		}
		require.Equal(t, want, t9.complex[x], "complex[%09b]", x)
	}
	// singleRows's arithmetic test for rows with one cell, against counting, on
	// masks that a band step's look-up leaves as they are (it is idempotent).
	checked := 0
	for a := uint32(1); a < 1<<9; a++ {
		for _, other := range []uint32{1, 0x1ff, 0x100, 0x0f0, 0x038} {
			mask := a | other<<9 | (a^other|1)<<18
			mask &= t9.complex[t9.shrink[mask&0x1ff]|t9.shrink[mask>>9&0x1ff]<<3|t9.shrink[mask>>18&0x1ff]<<6]
			if mask == 0 {
				continue
			}
			require.Equal(t, mask, mask&t9.complex[t9.shrink[mask&0x1ff]|t9.shrink[mask>>9&0x1ff]<<3|t9.shrink[mask>>18&0x1ff]<<6])
			one := singleRows(mask)
			for r := range 3 {
				single := bits.OnesCount32(mask>>(9*r)&0x1ff) == 1
				require.Equal(t, single, one>>(9*r+8)&1 == 1, "row %d of %027b", r, mask)
			}
			checked++
		}
	}
	require.Greater(t, checked, 1000)
}

// TestLoadMatchesCandidates checks that the classic search starts from exactly the
// board's values and candidates: load reads the board's per-row positions, which
// must agree with each cell's candidates, with pencil marks removed at random and
// with a cell narrowed to one digit (Refutes).
func TestLoadMatchesCandidates(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 9))
	for _, p := range builtIn {
		b := parseGrid(t, p.grid)
		for round := range 3 {
			var q query
			if round == 2 {
				q = query{fixed: true, cell: board.Cell(rng.IntN(81)), digit: board.Digit(1 + rng.IntN(9))}
			}
			var g grid9
			g.load(b, q)
			for c := range board.Cell(81) {
				want := b.Candidates(c)
				if v := b.Value(c); v != 0 {
					want = board.DigitsOf(v)
				}
				if q.fixed && c == q.cell {
					want &= board.DigitsOf(q.digit)
				}
				var got board.DigitSet
				for d := range 9 {
					if g.f[d][c/27]>>(c%27)&1 != 0 {
						got = got.With(board.Digit(d + 1))
					}
				}
				require.Equal(t, want, got, "%s, round %d: cell %d", p.name, round, c)
			}
			// Remove a few candidates as a player's pencil marks would.
			for range 12 {
				c := board.Cell(rng.IntN(81))
				if s := b.Candidates(c); s.Count() > 1 {
					b.Eliminate(c, s.First())
				}
			}
		}
	}
}

// TestClassicFirstBranch follows the classic search down its first branch on the
// sample puzzles. Every update must leave every digit at its fixed point: run
// afresh on any digit, digit changes no mask and places nothing (it fails when a
// change that update must see, a placement taking a cell from a digit, a naked
// single, a guess, leaves its digit out of the dirty set). Every guess must be in
// the cell guessCell's rule names, worked out here cell by cell from the
// candidates: the first two-candidate cell of greatest weight (three for each
// peer with two candidates, one for each with three, that holds one of its digits).
func TestClassicFirstBranch(t *testing.T) {
	for i, line := range sample(t) {
		var g grid9
		g.load(parseGrid(t, line), query{})
		var nw narrow
		for {
			if !g.update() {
				break
			}
			require.Zero(t, g.dirty, "puzzle %d", i+1)
			for d := range 9 {
				h := g
				h.prev[d] = [3]uint32{^uint32(0), ^uint32(0), ^uint32(0)}
				require.True(t, h.digit(d), "puzzle %d, digit %d", i+1, d+1)
				require.Equal(t, g.f, h.f, "puzzle %d, digit %d", i+1, d+1)
				require.Zero(t, h.dirty, "puzzle %d, digit %d", i+1, d+1)
			}
			if g.solved() {
				break
			}
			n := g.nakedSingles(&nw)
			if n < 0 {
				break
			}
			if n > 0 {
				continue
			}
			// Guess the cell's first digit, as run's last branch would its last.
			b, bit := g.guessCell(&nw)
			require.Equal(t, heaviest(&g), b*27+bits.TrailingZeros32(bit), "puzzle %d", i+1)
			d := 0
			for g.f[d][b]&bit == 0 {
				d++
			}
			g.f[d][b] &^= t9.rowOf[bits.TrailingZeros32(bit)] &^ bit
			g.dirty |= 1 << d
		}
	}
}

// heaviest returns the cell (band*27 + bit) guessCell should take in g, worked out
// from each cell's candidates; when no cell has two, the first with the fewest.
func heaviest(g *grid9) int {
	var cands [81]uint32 // the digits each unsolved cell may hold, bit d
	for c := range 81 {
		if g.unsolved[c/27]>>(c%27)&1 == 0 {
			continue
		}
		for d := range 9 {
			cands[c] |= g.f[d][c/27] >> (c % 27) & 1 << d
		}
	}
	best, bestAt := -1, -1
	for c := range 81 {
		if bits.OnesCount32(cands[c]) != 2 {
			continue
		}
		n := 0
		for q := range 81 {
			row, col, box := c/9 == q/9, c%9 == q%9, c/27 == q/27 && c%9/3 == q%9/3
			if q == c || !row && !col && !box || cands[c]&cands[q] == 0 {
				continue
			}
			switch bits.OnesCount32(cands[q]) {
			case 2:
				n += 3
			case 3:
				n++
			}
		}
		if n > best {
			best, bestAt = n, c
		}
	}
	if bestAt < 0 {
		fewest := 10
		for c := range 81 {
			if n := bits.OnesCount32(cands[c]); n > 0 && n < fewest {
				fewest, bestAt = n, c
			}
		}
	}
	return bestAt
}
