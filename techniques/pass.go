package techniques

import (
	"context"
	"errors"
	"fmt"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Pass is one run of one technique on one board state, as a go/analysis Pass is one
// analyzer run on one package: it carries the board, the context, the technique and
// the way to report, and it reaches the results that the techniques of one solve
// share on a state (chain graphs per link kind, the almost locked sets, the
// rectangles, colour clusters, finned fish). Those are built on first use and dropped
// when the pipeline applies a step, as cmd/compile's ssa keeps its analyses of a
// function until a pass changes it. Nothing compares boards to guess a change: the
// pipeline knows when it makes one.
//
// A Pass, and the solve it belongs to, is used by one goroutine at a time; finders
// keep nothing between calls outside it, so solves on other goroutines share nothing.
type Pass struct {
	// Ctx is the solve's context. Costly finders check Ctx.Err() at the heads of
	// their loops and return when it is done; Report then returns false too.
	Ctx context.Context
	// Technique is the technique being run.
	Technique Technique

	b      *board.Board
	report func(explain.Step) bool
	st     *solveState
}

// Board returns the board state the technique looks at. Finders only read it: it is
// the solve's working board, and the shared results describe it.
func (p *Pass) Board() *board.Board { return p.b }

// Context returns p.Ctx.
func (p *Pass) Context() context.Context { return p.Ctx }

// Report hands a step found to the caller. It returns false when the finder must
// stop: the caller has what it wants, or the context is done.
func (p *Pass) Report(s explain.Step) bool {
	if p.Ctx.Err() != nil {
		return false
	}
	return p.report(s)
}

// Run runs technique t on p's board within the same solve, sharing its results, and
// hands each step t finds to report instead of to p's caller. It lets a technique be
// made of others outside this package: one that keeps only some steps, or that tries
// several and reports the best (as techniques/rate does for Sudoku Explainer's order).
// A technique that does not hold on the board's layout (Holds) finds nothing.
func (p *Pass) Run(t Technique, report func(explain.Step) bool) {
	if !t.HoldsOn(p.b.Layout()) {
		return
	}
	t.Find(&Pass{Ctx: p.Ctx, Technique: t, b: p.b, report: report, st: p.st})
}

// done reports whether the context is done: finders return at once when it is.
func (p *Pass) done() bool { return p.Ctx.Err() != nil }

// solveState is what the techniques of one solve share: the results of the current
// board state (stateResults), dropped by invalidate when the pipeline applies a step,
// and the scratch buffers of the costly finders, kept across states. One goroutine
// uses it at a time.
type solveState struct {
	res stateResults
	sc  scratch
}

// stateResults are the results shared by the techniques on one board state.
type stateResults struct {
	// graphs are the chain graphs built on this state, one per link kind asked for
	// (solveState.chainGraph).
	graphs     []*chainGraph
	als        *alsIndex
	colourings colourMemo
	finned     [5]memo[[]finFound]
	urRects    memo[[]urRect]
	avoidRects memo[[]avoidRect]
}

// newSolveState returns the shared state of a new solve.
func newSolveState() *solveState {
	return &solveState{sc: newScratch()}
}

// newScratch returns the empty scratch of a solve.
func newScratch() scratch { return scratch{reachMaxWords: defaultReachMaxWords} }

// invalidate drops the results of the current state: the board changed. The chain
// graphs' storage goes back to the scratch for the next builds, and the last ALS
// index built lends its arrays to the next one.
func (s *solveState) invalidate() {
	for _, g := range s.res.graphs {
		g.recycle(&s.sc)
	}
	if s.res.als != nil {
		s.sc.alsHint = s.res.als
	}
	s.res = stateResults{graphs: s.res.graphs[:0]}
}

// pass returns a Pass running t on b within this solve.
func (s *solveState) pass(ctx context.Context, b *board.Board, t Technique, report func(explain.Step) bool) *Pass {
	s.sc.ctx = ctx
	return &Pass{Ctx: ctx, Technique: t, b: b, report: report, st: s}
}

// memo holds one result of the current state, built on first use.
type memo[T any] struct {
	made  bool
	value T
}

// get returns build(), built now or before on this state.
func (m *memo[T]) get(build func() T) T {
	if !m.made {
		m.value, m.made = build(), true
	}
	return m.value
}

// checkEach returns the finder that calls check on each pattern find lists on the
// pass's state (kept in the result that at picks, for the techniques that look
// through the same list), in order, until report asks to stop or the context is done.
// check gets a copy: the list is shared.
func checkEach[P any](at func(*stateResults) *memo[[]P], find func(*board.Board) []P, check func(*board.Board, *P, func(explain.Step) bool) bool) Finder {
	return func(p *Pass) {
		b := p.Board()
		for _, r := range at(&p.st.res).get(func() []P { return find(b) }) {
			if p.done() || !check(b, &r, p.Report) {
				return
			}
		}
	}
}

// freeList keeps buffers a solve's finders are done with, for the next to reuse; what
// sync.Pools held when the buffers were shared by every solve.
type freeList[T any] struct{ free []*T }

// get returns a kept buffer, or a new one.
func (f *freeList[T]) get() *T {
	if n := len(f.free); n > 0 {
		x := f.free[n-1]
		f.free = f.free[:n-1]
		return x
	}
	return new(T)
}

// put keeps x for the next get.
func (f *freeList[T]) put(x *T) { f.free = append(f.free, x) }

// scratch holds the buffers of one solve's costly finders, reused from state to state:
// a grouped chain graph takes a few hundred kilobytes, a search thousands of entries,
// and allocating them anew each time kept the collector busy.
type scratch struct {
	graphBufs   freeList[chainGraphBufs]
	links       freeList[linkScratch]
	searches    freeList[chainSearch]
	runs        freeList[chainRuns]
	tarjan      freeList[tarjanScratch]
	reach       freeList[chainReach]
	forcing     freeList[forcingEngine]
	nets        freeList[netEngine]
	alsSearches freeList[alsChainSearch]
	alsBuild    alsBuild
	// chainMisses are the last states on which the chain views of single candidates,
	// and Medusa, found nothing, one per view (chainMiss).
	chainMisses []chainMiss
	digitQuiets []digitQuiet // the digits on which the one-digit finders found nothing
	houseQuiets []houseQuiet // the houses in which the house-by-house finders did
	sdc         sdcMemo      // Sue de Coq's lines and boxes that gave nothing
	cageQuiet   cageQuiet    // the cages in which cage combinations last found nothing
	killer      killerTable  // the rule of 45's groups and splits of the last killer layout
	// The tables of Medusa, of candidateBits and of the verity finders, kept from
	// call to call: making them anew on every state kept the collector busy.
	medusa   medusaScratch
	candBits []int32
	compBits []int32 // contradictable's bits of components
	wings    wingScratch
	verity   verityFinder
	// peerBits are the peers of every cell of layout peersOf (cellPeerBits).
	peerBits []uint64
	peersOf  *board.Layout
	// alsHint is the last ALS index of a state left behind, whose arrays the next
	// build reuses (newALSIndex).
	alsHint *alsIndex
	// lent and lentOrder are firstLent's: which techniques it lends, and in what order.
	lent      []bool
	lentOrder []int
	// reachMaxWords bounds the bitsets of a walk filter (reachFits); tests lower it.
	reachMaxWords int
	// ctx is the context of the pass running, for the engines deep in a finder (chain
	// searches, forcing propagation, set chains) that see only the scratch: see done.
	ctx context.Context
}

// done reports whether the running pass's context is done: the engines stop their
// loops early, and what they found so far is never reported (Pass.Report refuses).
func (sc *scratch) done() bool { return sc.ctx != nil && sc.ctx.Err() != nil }

// ErrNoFinder is returned (wrapped) for a technique set with a technique that cannot
// be run: no Find (Search, the pipeline's last resort, has none) or no ID.
var ErrNoFinder = errors.New("techniques: technique has no finder")

// checkRunnable says which technique of ts cannot be run, if one cannot.
func checkRunnable(ts []Technique) error {
	for i, t := range ts {
		if t.Find == nil {
			id := t.ID
			if id == "" {
				id = fmt.Sprintf("#%d", i+1)
			}
			if t.ID == Search.ID {
				return fmt.Errorf("%w: %s (technique %d) is the pipeline's last resort, chosen by Options.Fallback, not a technique to list", ErrNoFinder, id, i+1)
			}
			return fmt.Errorf("%w: %s (technique %d)", ErrNoFinder, id, i+1)
		}
	}
	return nil
}

// Steps returns the steps t finds on b, in its order, at most limit of them (all when
// limit <= 0). It returns ctx.Err() when the context ends the search early (with the
// steps found until then), and an error wrapping ErrNoFinder for a technique without a
// finder. b is not changed.
func (t Technique) Steps(ctx context.Context, b *board.Board, limit int) ([]explain.Step, error) {
	if err := checkRunnable([]Technique{t}); err != nil {
		return nil, err
	}
	var out []explain.Step
	if !t.HoldsOn(b.Layout()) {
		return nil, ctx.Err()
	}
	newSolveState().pass(ctx, b, t, func(s explain.Step) bool {
		out = append(out, s)
		return limit <= 0 || len(out) < limit
	}).run()
	return out, ctx.Err()
}

// run runs the pass's technique, where it holds on the board's layout.
func (p *Pass) run() {
	if p.Technique.HoldsOn(p.b.Layout()) {
		p.Technique.Find(p)
	}
}
