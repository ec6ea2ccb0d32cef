package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
)

// costClass is how much work a request is expected to be. Light requests go ahead of
// heavy ones in the queue, so a flood of hard puzzles does not hold up easy ones.
type costClass int

const (
	light costClass = iota
	heavy
)

func (c costClass) String() string { return [...]string{"light", "heavy"}[c] }

// lightGuesses is the most guesses the search may need on a 9x9 puzzle that is still
// taken for light: puzzles the search solves by propagation alone, or nearly, are
// walked in milliseconds, while the hardest ones need dozens of guesses (measured on
// the shared puzzle sets: kaggle easy 0-2 guesses, forum-hardest 30-160).
const lightGuesses = 4

// costOf guesses the class of the work on b cheaply, by a search bounded in time.
// Grids above 9x9 are heavy: their walks run to hundreds of steps and pictures.
func costOf(ctx context.Context, b *board.Board) costClass {
	if b.Layout().N() > 9 {
		return heavy
	}
	ctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	st, err := fallback.CountStats(ctx, b, 2)
	if err != nil || st.Guesses > lightGuesses {
		return heavy
	}
	return light
}

// busyError is a request turned away before any work: the queue of its class was full
// or it waited too long. The client may retry after retryAfter.
type busyError struct {
	why        string
	retryAfter time.Duration
}

func (e *busyError) Error() string { return "the server is busy: " + e.why }

// admission lets at most slots requests work at once and keeps a bounded queue of
// waiting ones per class, light first; past that it turns requests away, so that the
// work admitted finishes in time instead of everything slowing down together. Light
// work may also use spare slots that heavy work never takes: an easy puzzle then never
// waits for a hard one to finish (a 16x16 walk holds its slot for seconds), and costs
// the hard ones only the milliseconds it takes.
type admission struct {
	slots    int
	spare    int           // further slots for light work only
	queueMax int           // waiting requests per class
	maxWait  time.Duration // longest wait in the queue
	// idle, when set, runs once no work has been running or waiting for idleAfter
	// (the server gives memory back to the system then).
	idle      func()
	idleAfter time.Duration

	mu      sync.Mutex
	running int
	queues  [2][]chan struct{} // by class; a channel is closed when its slot is granted
	avg     time.Duration      // moving average of the time a slot is held
	timer   *time.Timer        // the pending idle call
	stopped bool
}

// acquire waits for a slot for work of class c. The returned release gives it back.
func (a *admission) acquire(ctx context.Context, c costClass) (release func(), err error) {
	a.mu.Lock()
	if a.timer != nil {
		a.timer.Stop()
		a.timer = nil
	}
	if a.running < a.limit(c) && len(a.queues[light]) == 0 && (c == light || len(a.queues[heavy]) == 0) {
		a.running++
		a.mu.Unlock()
		return a.releaser(), nil
	}
	if len(a.queues[c]) >= a.queueMax {
		err := &busyError{fmt.Sprintf("%d %s requests are waiting already", len(a.queues[c]), c), a.retryAfterLocked()}
		a.idleLocked()
		a.mu.Unlock()
		return nil, err
	}
	ready := make(chan struct{})
	a.queues[c] = append(a.queues[c], ready)
	a.mu.Unlock()

	wait := time.NewTimer(a.maxWait)
	defer wait.Stop()
	select {
	case <-ready:
		return a.releaser(), nil
	case <-ctx.Done():
		err = ctx.Err()
	case <-wait.C:
		err = &busyError{fmt.Sprintf("no slot came free within %s", a.maxWait), 0}
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if i := slices.Index(a.queues[c], ready); i >= 0 {
		a.queues[c] = slices.Delete(a.queues[c], i, i+1)
		a.idleLocked()
	} else {
		// Granted as we gave up: hand the slot on.
		a.releaseLocked(0)
	}
	var be *busyError
	if errors.As(err, &be) {
		be.retryAfter = a.retryAfterLocked()
	}
	return nil, err
}

func (a *admission) releaser() func() {
	start := time.Now()
	var once sync.Once
	return func() {
		once.Do(func() {
			a.mu.Lock()
			defer a.mu.Unlock()
			a.releaseLocked(time.Since(start))
		})
	}
}

// releaseLocked frees a slot held for d and grants it to the next waiter, light first.
func (a *admission) releaseLocked(d time.Duration) {
	if d > 0 {
		a.avg = (7*a.avg + d) / 8
	}
	a.running--
	for _, c := range []costClass{light, heavy} {
		for a.running < a.limit(c) && len(a.queues[c]) > 0 {
			ready := a.queues[c][0]
			a.queues[c] = a.queues[c][1:]
			a.running++
			close(ready)
		}
	}
	a.idleLocked()
}

// limit is how many requests may be working when one of class c starts.
func (a *admission) limit(c costClass) int {
	if c == light {
		return a.slots + a.spare
	}
	return a.slots
}

// idleLocked arms the idle call when nothing runs or waits.
func (a *admission) idleLocked() {
	if a.idle == nil || a.stopped || a.running > 0 || len(a.queues[light])+len(a.queues[heavy]) > 0 {
		return
	}
	if a.timer != nil {
		a.timer.Stop()
	}
	a.timer = time.AfterFunc(a.idleAfter, a.idle)
}

// retryAfterLocked estimates when a slot may be free for a new request: the work
// ahead of it, shared among the slots, at least a second.
func (a *admission) retryAfterLocked() time.Duration {
	ahead := a.running + len(a.queues[light]) + len(a.queues[heavy])
	secs := math.Ceil(float64(ahead) * a.avg.Seconds() / float64(a.slots))
	return time.Duration(min(max(secs, 1), 60)) * time.Second
}

// stop cancels a pending idle call; the server is closing.
func (a *admission) stop() {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.stopped = true
	if a.timer != nil {
		a.timer.Stop()
	}
}
