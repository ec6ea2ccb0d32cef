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
