package fallback

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMethodNames(t *testing.T) {
	for _, m := range []Method{Auto, Bitboard, General, DLX} {
		got, err := ParseMethod(m.String())
		require.NoError(t, err)
		assert.Equal(t, m, got)
		text, err := m.MarshalText()
		require.NoError(t, err)
		var back Method
		require.NoError(t, back.UnmarshalText(text))
		assert.Equal(t, m, back)
	}
	_, err := ParseMethod("dancing")
	assert.ErrorContains(t, err, `"dancing"`)
	_, err = Method(9).MarshalText()
	assert.Error(t, err)
	assert.Equal(t, "Method(9)", Method(9).String())

	_, err = Method(9).Count(context.Background(), board.New(board.Classic), 2)
	assert.Error(t, err, "an unknown method must not fall back to another search")
}

func TestBitboardNineOnly(t *testing.T) {
	ctx := context.Background()
	l, err := board.LayoutOf(16)
	require.NoError(t, err)
	_, err = Bitboard.Count(ctx, board.New(l), 2)
	assert.ErrorContains(t, err, "16x16")
	n, err := Bitboard.Count(ctx, parseGrid(t, builtIn[0].grid), 2)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
}

// randomBoard returns a board of layout l built from a solved grid: a share of its
// cells emptied (given as a fraction), some of the rest placed as values rather
// than givens, and wrong candidates removed from some empty cells. With kill, one
// empty cell also loses the grid's digit. The grid stays a solution unless kill.
func randomBoard(t testing.TB, l *board.Layout, rng *rand.Rand, empty float64, kill bool) *board.Board {
	t.Helper()
	grid := fullGrid(l, rng)
	givens := append([]board.Digit(nil), grid...)
	var placed []board.Cell
	for c := range givens {
		switch r := rng.Float64(); {
		case r < empty:
			givens[c] = 0
		case r < empty+(1-empty)/4:
			givens[c] = 0
			placed = append(placed, board.Cell(c))
		}
	}
	b, err := board.FromDigits(l, givens)
	require.NoError(t, err)
	for _, c := range placed {
		require.NoError(t, b.Place(c, grid[c]))
	}
	var empties []board.Cell
	for c := range board.Cell(l.Cells()) {
		if b.Value(c) != 0 {
			continue
		}
		empties = append(empties, c)
		if rng.IntN(3) == 0 {
			wrong := b.Candidates(c).Without(grid[c]).Digits()
			if len(wrong) > 0 {
				b.Eliminate(c, wrong[rng.IntN(len(wrong))])
			}
		}
	}
	if kill && len(empties) > 0 {
		c := empties[rng.IntN(len(empties))]
		b.Eliminate(c, grid[c])
	}
	return b
}

// compareSearches fails unless DLX finds as many solutions of b as the general
// search (and the bitboard on 9x9), up to limit, and the same ones below it. It
// returns the count.
func compareSearches(t *testing.T, b *board.Board, limit int, what string) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	q := query{limit: limit, keep: limit}
	want, err := searchGeneral(ctx, b, q)
	require.NoError(t, err, what)
	got, err := searchDLX(ctx, b, q)
	require.NoError(t, err, what)
	require.Equal(t, want.count, got.count, "solutions of %s", what)
	if got.count < limit {
		require.ElementsMatch(t, want.sols, got.sols, "solutions of %s", what)
	}
	for _, sol := range got.sols {
		checkSolution(t, b, sol)
	}
	if b.Layout().N() == 9 {
		bit, err := searchClassic(ctx, b, q)
		require.NoError(t, err, what)
		require.Equal(t, bit.count, got.count, "bitboard against DLX on %s", what)
	}
	return got.count
}

func TestDLXMatchesOthers(t *testing.T) {
	boards := 30
	if testing.Short() {
		boards = 12
	}
	for _, n := range board.Sizes() {
		l, err := board.LayoutOf(n)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(n), 31))
			kinds := map[string]int{}
			for i := range boards {
				// From few holes (mostly one solution) to many (several); every
				// third board loses a solution's digit (mostly none).
				empty := 0.3 + 0.6*float64(i%4)/3
				if n >= 16 {
					empty = 0.2 + 0.3*float64(i%4)/3 // 25x25 with 70% holes is slow to count
				}
				b := randomBoard(t, l, rng, empty, i%3 == 2)
				switch got := compareSearches(t, b, 40, fmt.Sprintf("%dx%d board %d", n, n, i)); {
				case got == 0:
					kinds["none"]++
				case got == 1:
					kinds["one"]++
				default:
					kinds["several"]++
				}
			}
			t.Logf("solutions: %v", kinds)
			for _, k := range []string{"none", "one", "several"} {
				assert.Positive(t, kinds[k], "no board with %s solution(s): the test lost its reach", k)
			}
		})
	}
}

func TestDLXCount(t *testing.T) {
	const seventeen = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
	empty := strings.Repeat(".", 81)
	tests := []struct {
		name  string
		board func(t *testing.T) *board.Board
		limit int
		want  int
	}{
		{"empty grid, limit 7", func(t *testing.T) *board.Board { return parseGrid(t, empty) }, 7, 7},
		{"17 clues", func(t *testing.T) *board.Board { return parseGrid(t, seventeen) }, 2, 1},
		{"17 clues less one", func(t *testing.T) *board.Board { return parseGrid(t, withoutGiven(seventeen, 5)) }, 2, 2},
		{"duplicate givens in a box", func(t *testing.T) *board.Board { return parseGrid(t, "5........"+".5"+strings.Repeat(".", 70)) }, 2, 0},
		{"duplicate values, one placed", func(t *testing.T) *board.Board {
			b := parseGrid(t, "5"+strings.Repeat(".", 80))
			b.SetCandidates(4, board.DigitsOf(5)) // Place refuses a clash the board can see
			require.NoError(t, b.Place(4, 5))
			return b
		}, 2, 0},
		{"cell with no candidate", func(t *testing.T) *board.Board {
			b := parseGrid(t, seventeen)
			b.SetCandidates(0, 0)
			return b
		}, 2, 0},
		{"hidden contradiction", func(t *testing.T) *board.Board {
			return parseGrid(t, "2........"+"...1....."+"......1.."+strings.Repeat(".", 9)+".1......."+strings.Repeat(".", 27)+"..1......")
		}, 2, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := tc.board(t)
			got, err := DLX.Count(context.Background(), b, tc.limit)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			assert.Equal(t, tc.want, compareSearches(t, b, tc.limit, tc.name))
		})
	}
}

func TestDLXSmallGrids(t *testing.T) {
	// There are 288 4x4 grids: DLX must find each once.
	l, err := board.LayoutOf(4)
	require.NoError(t, err)
	sols, err := DLX.Solutions(context.Background(), board.New(l), 1000)
	require.NoError(t, err)
	assertAll4x4(t, l, sols)
}

func TestDLXShared(t *testing.T) {
	per := 3000
	if testing.Short() {
		per = 300
	}
	ctx := context.Background()
	for _, set := range []string{"17-clue.txt", "top1465.txt", "forum-hardest-11plus.txt"} {
		t.Run(set, func(t *testing.T) {
			lines := sharedSet(t, set, per)
			require.NotEmpty(t, lines)
			for i, s := range lines {
				b := parseGrid(t, s)
				got, err := DLX.Unique(ctx, b)
				require.NoError(t, err, "%s puzzle %d: %s", set, i+1, s)
				want, err := Bitboard.Unique(ctx, b)
				require.NoError(t, err)
				require.Equal(t, want, got, "%s puzzle %d: %s", set, i+1, s)
			}
		})
	}
}

func TestDLXRefutes(t *testing.T) {
	ctx := context.Background()
	for _, b := range solvedBoards(t) {
		l := b.Layout()
		sol, err := Unique(ctx, b)
		require.NoError(t, err)
		for c := range board.Cell(l.Cells()) {
			if l.N() > 12 && c%11 != 0 {
				continue
			}
			for d := board.Digit(1); int(d) <= l.N(); d++ {
				got, err := DLX.Refutes(ctx, b, c, d)
				require.NoError(t, err)
				require.Equal(t, d != sol[c], got, "DLX.Refutes(%s, %d) on %dx%d", l.CellName(c), d, l.N(), l.N())
			}
		}
	}
}

func TestDLXGuesses(t *testing.T) {
	ctx := context.Background()
	// Singles alone solve Wikipedia's puzzle: a column with one row is a single, so
	// DLX never has to choose.
	st, err := DLX.CountStats(ctx, parseGrid(t, builtIn[0].grid), 2)
	require.NoError(t, err)
	assert.Equal(t, Stats{Solutions: 1, Guesses: 0}, st)
	// Inkala's puzzle needs guesses.
	st, err = DLX.CountStats(ctx, parseGrid(t, builtIn[1].grid), 2)
	require.NoError(t, err)
	assert.Equal(t, 1, st.Solutions)
	assert.Positive(t, st.Guesses)
}

func TestDLXContext(t *testing.T) {
	for _, n := range []int{25, 9} {
		l, err := board.LayoutOf(n)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			cancelled, cancel := context.WithCancel(context.Background())
			cancel()
			_, err := DLX.Count(cancelled, board.New(l), 2)
			assert.ErrorIs(t, err, context.Canceled)
			_, err = DLX.Solve(cancelled, board.New(l))
			assert.ErrorIs(t, err, context.Canceled)
			_, err = DLX.Refutes(cancelled, board.New(l), 0, 1)
			assert.ErrorIs(t, err, context.Canceled)

			// Counting every grid never ends: only the deadline stops it, and soon.
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
			defer cancel()
			start := time.Now()
			_, err = DLX.Count(ctx, board.New(l), 1<<40)
			assert.ErrorIs(t, err, context.DeadlineExceeded)
			assert.Less(t, time.Since(start), time.Second, "the search overran its deadline")
		})
	}
}

func TestDLXConcurrent(t *testing.T) {
	// Each search builds its own matrix: run under -race this shows nothing is shared.
	ctx := context.Background()
	var boards []*board.Board
	for _, s := range sample(t)[:30] {
		boards = append(boards, parseGrid(t, s))
	}
	for _, l := range largeLayouts(t)[:4] {
		_, b := generated(t, l, 23)
		boards = append(boards, b)
	}
	want := make([][]board.Digit, len(boards))
	for i, b := range boards {
		sol, err := Unique(ctx, b)
		require.NoError(t, err)
		want[i] = sol
	}
	const workers = 4
	errs := make(chan error, workers)
	for w := range workers {
		go func() {
			for i := range boards {
				k := (i + w*7) % len(boards)
				sol, err := DLX.Unique(ctx, boards[k])
				if err == nil && fmt.Sprint(sol) != fmt.Sprint(want[k]) {
					err = fmt.Errorf("worker %d, board %d: another solution", w, k)
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range workers {
		assert.NoError(t, <-errs)
	}
}

func TestDLXXGrids4(t *testing.T) {
	// The 4x4 grids whose diagonals hold every digit, counted from the general
	// search's 288 grids, against DLX given the diagonals as houses.
	l, err := board.LayoutOf(4)
	require.NoError(t, err)
	grids, err := General.Solutions(context.Background(), board.New(l), 1000)
	require.NoError(t, err)
	require.Len(t, grids, 288)
	var diag [2][]board.Cell
	for i := range 4 {
		diag[0] = append(diag[0], l.CellAt(i, i))
		diag[1] = append(diag[1], l.CellAt(i, 3-i))
	}
	var want []string
	for _, g := range grids {
		ok := true
		for _, d := range diag {
			var seen board.DigitSet
			for _, c := range d {
				seen = seen.With(g[c])
			}
			ok = ok && seen == l.AllDigits()
		}
		if ok {
			want = append(want, gridString(g))
		}
	}
	require.NotEmpty(t, want)
	require.Less(t, len(want), 288)

	houses := diag[:]
	for h := range board.House(l.Houses()) {
		houses = append(houses, l.HouseCells(h))
	}
	sets := make([]board.DigitSet, l.Cells())
	for c := range sets {
		sets[c] = l.AllDigits()
	}
	r, err := searchCover(context.Background(), exactCover{n: 4, houses: houses, values: make([]board.Digit, l.Cells()), sets: sets}, query{limit: 1000, keep: 1000})
	require.NoError(t, err)
	var got []string
	for _, s := range r.sols {
		got = append(got, gridString(s))
	}
	assert.ElementsMatch(t, want, got)
}

// FuzzDLX reads its input as FuzzSolve does (a 9x9 grid, then pairs of cell and
// digit to eliminate) and holds DLX to the default search: the same count up to
// two, and a valid first solution.
func FuzzDLX(f *testing.F) {
	for _, tc := range builtIn {
		f.Add(tc.grid)
	}
	f.Add("12345678.........1" + strings.Repeat(".", 63) + "\x00\x00\x01\x01")
	f.Fuzz(func(t *testing.T, s string) {
		b := fuzzBoard(t, s)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		want, err := Count(ctx, b, 2)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Skip("search too long")
		}
		require.NoError(t, err)
		got, err := DLX.Solutions(ctx, b, 2)
		if errors.Is(err, context.DeadlineExceeded) {
			t.Skip("DLX search too long")
		}
		require.NoError(t, err)
		require.Len(t, got, want, "DLX against the default search on %q", s)
		for _, sol := range got {
			checkSolution(t, b, sol)
		}
	})
}
