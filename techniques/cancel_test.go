package techniques

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// The large grids of the walkthrough benchmarks and of the cancellation tests.
const (
	grid25 = "..8..N3.4.C1IJ..AHO79..MD.....H.OA..NK..9.L5..8.B..P.H7G.8.6..DM9......2.4....LD.E.....6B..4..K..H.74.2NKL.5M....APF.G8..........38G.6.......IC.F..2KE6GB89.N.K.J..I..7.A.L..D...4.E5.M.........8..1..IF.1JCF.HA...2E.N.D.MP....9D..5.C1.IFB...G.......O.3.D..AF...BL.M.6KC.......427N3.96L5.H.AO.I.FGB...C..K1EJP.H.A.34.7659...G..B8.GFB3..241EJCKD.P...L9....L...K.C.GF.8...3N.DH...L...5.4.....8G.AN.3.M.D.O.4.K.D.PH..7.NA..6.5..IG.G.FI8..3..E...4M.......L.NA.7.....5PDO..JG.F8...1.HMP..IJF..9..L....EC..7N2...41.5D.H7.N....B..C..F.98.BL...E.......3A7N5D.PH..IJGAO7...4..2........9.P.DM.J.I..6.L98...K.O.A..3O.A..869LDMH..C..I.2K4.."
	grid16 = "..2...45..9...E.....83...5..B...A.4.D.....E..1..D..9.E.F213....AE......28..7AB.9...G..D6C.....5774.5....D6..C21.3..1.5...B...6..B75.6..9...2...4..1..A.7.9.........C4..3..A.G.D.6..D2...13..5.......5..8.......F...4GB.A.D..E...F....2..3...7.B..A.B..9.EC.13845"
	// hard9 is forum-hardest-11plus:1.
	hard9 = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
)

// cancelCase is a solve to cancel: delay after the technique id first starts (after
// Solve starts when id is empty).
type cancelCase struct {
	name  string
	board func(testing.TB) *board.Board
	id    string
	delay time.Duration
}

func parsed(line string) func(testing.TB) *board.Board {
	return func(tb testing.TB) *board.Board {
		b, err := board.Parse(line)
		require.NoError(tb, err)
		return b
	}
}

func emptyGrid(n int) func(testing.TB) *board.Board {
	return func(tb testing.TB) *board.Board {
		l, err := board.LayoutOf(n)
		require.NoError(tb, err)
		return board.New(l)
	}
}

var cancelCases = []cancelCase{
	{"empty-25x25", emptyGrid(25), "", 100 * time.Millisecond},
	{"empty-25x25-sue-de-coq", emptyGrid(25), idSueDeCoq, 5 * time.Millisecond},
	{"25x25", parsed(grid25), "", 200 * time.Millisecond},
	{"16x16", parsed(grid16), "", 100 * time.Millisecond},
	{"hard-9x9-chains", parsed(hard9), idGroupedAIC, 0},
	{"hard-9x9-forcing", parsed(hard9), idForcingNetContradiction, 1 * time.Millisecond},
	{"hard-9x9-als", parsed(hard9), idALSChain, 0},
}

// errEarly says a solve ended before its context was cancelled.
var errEarly = errors.New("the solve ended before the cancel")

// cancelLatency solves c's board, cancels the context as c says, and returns how long
// Solve took to return after the cancel, and Solve's error.
func cancelLatency(tb testing.TB, c cancelCase) (time.Duration, error) {
	b := c.board(tb)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var at time.Time
	var once sync.Once
	arm := func() {
		once.Do(func() {
			time.AfterFunc(c.delay, func() {
				mu.Lock()
				at = time.Now()
				mu.Unlock()
				cancel()
			})
		})
	}
	ts := Default()
	for i := range ts {
		if ts[i].ID == c.id {
			find := ts[i].Find
			ts[i].Find = func(p *Pass) { arm(); find(p) }
		}
	}
	if c.id == "" {
		arm()
	}
	_, err := Solve(ctx, b, Options{Techniques: ts})
	end := time.Now()
	mu.Lock()
	defer mu.Unlock()
	if at.IsZero() {
		return 0, fmt.Errorf("%s: %w (error %v)", c.name, errEarly, err)
	}
	return end.Sub(at), err
}

// TestSolveCancels cancels solves of large grids and of a hard 9x9 while costly
// finders run, and checks that Solve returns the context's error soon after. The
// bound is generous (machines are noisy); BenchmarkCancelLatency measures.
func TestSolveCancels(t *testing.T) {
	for _, c := range cancelCases {
		t.Run(c.name, func(t *testing.T) {
			lat, err := cancelLatency(t, c)
			require.ErrorIs(t, err, context.Canceled)
			assert.Less(t, lat, 2*time.Second, "Solve returned %v after the cancel", lat)
		})
	}
}

// BenchmarkCancelLatency reports how long Solve takes to return once its context is
// cancelled, in each case of TestSolveCancels (the worst of b.N solves).
func BenchmarkCancelLatency(b *testing.B) {
	for _, c := range cancelCases {
		b.Run(c.name, func(b *testing.B) {
			var worst time.Duration
			for b.Loop() {
				lat, err := cancelLatency(b, c)
				if !errors.Is(err, context.Canceled) {
					b.Fatal(err)
				}
				worst = max(worst, lat)
			}
			b.ReportMetric(float64(worst.Microseconds())/1000, "max-latency-ms")
			b.ReportMetric(0, "ns/op")
		})
	}
}
