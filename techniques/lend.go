package techniques

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Cores is the number of cores that a group of solves shares: a batch, a server. A
// solve given one (Options.Cores) counts itself busy on a core while it runs, and
// when a state takes it as far as the costliest techniques (the forcing nets), it
// lends them to a helper goroutine on a core nobody is using, while it goes on with
// the cheaper ones. The step found is the one the techniques would find one
// after another; only the time differs. A batch with a puzzle on every core lends
// nothing; a single large puzzle gets the idle cores. A Cores is safe for concurrent
// use.
type Cores struct {
	n    int32
	busy atomic.Int32
}

// NewCores returns the count of n cores, none of them busy.
func NewCores(n int) *Cores { return &Cores{n: int32(max(n, 1))} }

// take counts a solve busy on a core, whether or not one is free: the caller's own
// goroutine runs anyway.
func (c *Cores) take() { c.busy.Add(1) }

// tryTake counts a helper busy on a core if one is free, and reports whether it did.
func (c *Cores) tryTake() bool {
	for {
		b := c.busy.Load()
		if b >= c.n {
			return false
		}
		if c.busy.CompareAndSwap(b, b+1) {
			return true
		}
	}
}

// give counts a core free again.
func (c *Cores) give() { c.busy.Add(-1) }

// lendFrom is the difficulty from which the techniques of a ladder go to a helper:
// the forcing nets, which on large grids cost about as much per state as all the
// techniques before them (measured on the 16x16 of BenchmarkWalkthroughLarge: with
// the forcing chains lent too, the helper was the slower side on most states).
const lendFrom = 8.5

// lendAfter is how long the caller tries techniques on a state before it lends the
// costliest to a helper: most states end at a single or another cheap step within
// microseconds, and starting a helper there would only waste a core. On the 16x16
// of BenchmarkWalkthroughLarge 20 us walked about 13 ms faster than 100 us (the
// helper starts sooner on the states that need it) and as fast as lending at once.
const lendAfter = 20 * time.Microsecond

// helper is the second goroutine of a solve: its own shared results and scratch (the
// forcing engines' memos stay with it from state to state, as it runs the same
// techniques on every state it is lent) and its own copy of the board, so that the
// caller may apply a step while a helper it no longer waits for is still stopping.
type helper struct {
	st   *solveState
	b    *board.Board
	busy atomic.Bool
	// after is how long the caller tries techniques on a state before it lends
	// (lendAfter; tests lend at once). Tests set hold to have the caller wait, once it
	// has lent, until the helper is done with the early techniques: the order in
	// which the two find steps is then the hardest to get right.
	after time.Duration
	hold  bool
	// lent counts the states lent to it, early the steps the caller took from its
	// early techniques (tests see that they lend).
	lent, early int
	// what the last run found: ok, the step and the technique's index in the ladder.
	ok   bool
	step explain.Step
	at   int
	// jobs takes the states lent to the helper's goroutine, which runs from the first
	// lend of a solve to its end (stop).
	jobs chan *lendJob
}

// lendJob is one state lent to the helper: the techniques to try on its copy of the
// board, and the channel it closes when it has stopped.
type lendJob struct {
	ctx context.Context
	// ts is the ladder, order the indices of the techniques lent, in ladder order: the
	// first early of them come before the caller's last ones (see Technique.alone),
	// the others are the costliest, from lendFrom on.
	ts      []Technique
	order   []int
	early   int
	runs    func(Technique) bool
	cores   *Cores
	stopped chan struct{}
	// earlyDone is closed when the helper is done with the early techniques, found
	// one's step (earlyAt holds its index, else -1), or stopped.
	earlyDone chan struct{}
	earlyAt   atomic.Int32
	// last is closed when the helper starts its last technique, or stops before.
	last chan struct{}
	// spare is the caller's while it waits (firstLent's idle); found ends it.
	spare context.Context
	found context.CancelFunc
}

// helperSpin is how long the helper's goroutine, done with a state, looks out for the
// next before it sleeps, and how long the caller looks out for the helper's answer
// before it does. A goroutine started or woken for each state took about 0.2 ms to get
// going on the 16x16 of BenchmarkWalkthroughLarge (a fifth of the nets' time there),
// and a walk that lends mostly lends again within a millisecond.
const helperSpin = time.Millisecond

// spinRecv receives from ch, looking out for a value for helperSpin before it sleeps.
func spinRecv[T any](ch <-chan T) (T, bool) {
	for start := time.Now(); time.Since(start) < helperSpin; {
		select {
		case v, ok := <-ch:
			return v, ok
		default:
			runtime.Gosched()
		}
	}
	v, ok := <-ch
	return v, ok
}

// stop ends the helper's goroutine once it is done with the state it has, if any.
func (h *helper) stop() {
	if h.jobs != nil {
		close(h.jobs)
		h.jobs = nil
	}
}

// firstLent is first with the techniques from lendFrom on lent to h, when cores is
// not nil, the state has taken the caller h.after and cores has one free; the helper
// also takes, first, the techniques still ahead of the caller that need nothing the
// others build on the state (Technique.alone), so that the two share the work more
// evenly. The caller goes on with the other techniques before the costliest: a step it
// finds is first unless the helper finds one with a technique before it, and the
// helper is told to stop (without waiting for it when it has nothing before: it works
// on its own copy of the board). Otherwise the helper's first step is. Either way the
// step is the one first would return.
//
// idle, when not nil, is called when the caller has tried its techniques and the
// helper is still at work, with a context that ends when the helper finds a step: the
// caller may prepare what it needs when no technique finds one.
func (s *solveState) firstLent(ctx context.Context, b *board.Board, ts []Technique, k Knowledge, cores *Cores, h *helper, idle func(context.Context)) (explain.Step, Technique, bool, error) {
	l := b.Layout()
	runs := func(t Technique) bool { return !(t.NeedsUnique && !k.Unique) && t.HoldsOn(l) }
	split := len(ts) // where the helper's techniques start
	if cores != nil {
		for i, t := range ts {
			if t.Difficulty >= lendFrom && runs(t) {
				split = i
				break
			}
		}
	}
	// One callback and one Pass for every technique: the step it keeps escapes to the
	// heap, once per call rather than once per technique tried.
	var got explain.Step
	found := false
	p := s.pass(ctx, b, Technique{}, func(st explain.Step) bool {
		got, found = st, true
		return false
	})
	var began time.Time
	if cores != nil {
		began = time.Now()
	}
	end := len(ts) // the caller's techniques are ts[:end]
	var j *lendJob
	var lent []bool // per technique: lent to the helper with the costliest
	for i, t := range ts {
		if i == end {
			break
		}
		if !runs(t) {
			continue
		}
		if err := ctx.Err(); err != nil {
			return explain.Step{}, Technique{}, false, err
		}
		if j != nil {
			if lent[i] {
				continue // the helper's
			}
			if e := int(j.earlyAt.Load()); e >= 0 && i > e {
				break // the helper found a step before this technique
			}
		}
		if cores != nil && end == len(ts) && i < split && time.Since(began) >= h.after && !h.busy.Load() && cores.tryTake() {
			end = split
			hctx, cancel := context.WithCancel(ctx)
			defer cancel() // a step of the caller's ends the helper's search
			order := s.sc.lentOrder[:0]
			lent = grown(s.sc.lent, len(ts))
			for k := i + 1; k < split; k++ {
				if ts[k].alone && runs(ts[k]) {
					order, lent[k] = append(order, k), true
				}
			}
			early := len(order)
			for k := split; k < len(ts); k++ {
				if runs(ts[k]) {
					order = append(order, k)
				}
			}
			s.sc.lentOrder, s.sc.lent = order, lent
			j = h.lend(hctx, b, ts, order, early, runs, cores)
			if h.hold {
				spinRecv(j.earlyDone)
			}
		}
		p.Technique = t
		p.run()
		if found {
			// The helper's early techniques before this one may yet find a step.
			if j != nil && j.early > 0 && j.order[0] < i {
				if e, ok := h.earlyStep(j, i); ok {
					return h.step, ts[e], true, nil
				}
			}
			return got, t, true, nil
		}
	}
	if j == nil {
		return explain.Step{}, Technique{}, false, ctx.Err()
	}
	if e, ok := h.earlyStep(j, len(ts)); ok {
		return h.step, ts[e], true, nil
	}
	if idle != nil {
		// Not while the helper may yet find a step soon: only once it is on its last
		// technique, and has found nothing before it.
		spinRecv(j.last)
		if j.spare.Err() == nil {
			idle(j.spare)
		}
	}
	spinRecv(j.stopped)
	if err := ctx.Err(); err != nil {
		return explain.Step{}, Technique{}, false, err
	}
	if !h.ok {
		return explain.Step{}, Technique{}, false, nil
	}
	return h.step, ts[h.at], true, nil
}

// earlyStep waits until the helper is done with j's early techniques and returns the
// index of the one that found h.step, when one before technique before did.
func (h *helper) earlyStep(j *lendJob, before int) (int, bool) {
	spinRecv(j.earlyDone)
	e := int(j.earlyAt.Load())
	if e < 0 || e >= before {
		return 0, false
	}
	h.early++
	return e, true
}

// lend gives h ts, the techniques after the caller's, on a copy of b. The job's
// stopped is closed when it has stopped: it has found a step or none, or ctx ended.
func (h *helper) lend(ctx context.Context, b *board.Board, ts []Technique, order []int, early int, runs func(Technique) bool, cores *Cores) *lendJob {
	h.busy.Store(true)
	h.lent++
	if h.b == nil || h.b.Layout() != b.Layout() {
		h.b = b.Clone()
	} else {
		h.b.CopyFrom(b)
	}
	if h.jobs == nil {
		h.jobs = make(chan *lendJob, 1)
		go h.serve(h.jobs)
	}
	j := &lendJob{ctx: ctx, ts: ts, order: order, early: early, runs: runs, cores: cores,
		stopped: make(chan struct{}), last: make(chan struct{}), earlyDone: make(chan struct{})}
	j.earlyAt.Store(-1)
	j.spare, j.found = context.WithCancel(ctx)
	h.jobs <- j // the last job was taken: h was not busy
	return j
}

// serve runs the jobs lent to h until the channel is closed.
func (h *helper) serve(jobs <-chan *lendJob) {
	for {
		j, ok := spinRecv(jobs)
		if !ok {
			return
		}
		h.run(j)
	}
}

// run tries j's techniques on h's board until one finds a step or j's context ends.
func (h *helper) run(j *lendJob) {
	lastOpen, earlyOpen := true, true
	defer func() {
		if earlyOpen {
			close(j.earlyDone)
		}
		if lastOpen {
			close(j.last)
		}
		// Free before the caller hears of it: its next state may lend again.
		j.cores.give()
		h.busy.Store(false)
		close(j.stopped)
	}()
	h.st.invalidate() // its copy holds a new state
	h.ok = false
	p := h.st.pass(j.ctx, h.b, Technique{}, func(st explain.Step) bool {
		h.step, h.ok = st, true
		return false
	})
	for k, i := range j.order {
		if k == j.early {
			close(j.earlyDone)
			earlyOpen = false
		}
		if j.ctx.Err() != nil {
			return
		}
		if k == len(j.order)-1 {
			close(j.last)
			lastOpen = false
		}
		p.Technique = j.ts[i]
		p.run()
		if h.ok {
			h.at = i
			if k < j.early {
				j.earlyAt.Store(int32(i))
			}
			j.found()
			return
		}
	}
}
