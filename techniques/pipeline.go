package techniques

import (
	"context"
	"errors"
	"fmt"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

// Search is the step of last resort: when no technique applies to a puzzle known to
// have one solution, depth-first search proves that one candidate leads to no
// solution, and the step eliminates it. It is not in Default(): the pipeline adds it.
var Search = Technique{
	ID:         "search",
	Difficulty: 12.0,
	Score:      10000,
	Doc: `Search

When no technique applies, assume a candidate and search every way to complete the
grid from there. If no way works, the assumption was false and the candidate goes.
This is honest but not human logic: the walkthrough says it was needed.`,
}

// Knowledge is what the pipeline knows about the whole puzzle before it starts.
type Knowledge struct {
	// Unique is true when search proved the puzzle has exactly one solution; only then
	// do uniqueness techniques apply and can the fallback step be proven.
	Unique bool
	// Solution is that one solution when the caller has it (Solve has, from its
	// count): SearchStep then picks the candidate to refute from it rather than search
	// for the solution again. The refutation itself is still proven by search.
	Solution []board.Digit
}

// First returns the first step that one of ts finds on b, trying them in order, and
// the technique that found it; ok is false when none finds one. Techniques that need
// uniqueness are skipped unless k.Unique. It returns an error wrapping ErrNoFinder,
// before running any, when a technique of ts cannot be run, and ctx.Err() when the
// context ends the search.
func First(ctx context.Context, b *board.Board, ts []Technique, k Knowledge) (step explain.Step, t Technique, ok bool, err error) {
	if err := checkRunnable(ts); err != nil {
		return explain.Step{}, Technique{}, false, err
	}
	return newSolveState().first(ctx, b, ts, k)
}

// first is First within a solve: the techniques share the results of b's state.
func (s *solveState) first(ctx context.Context, b *board.Board, ts []Technique, k Knowledge) (explain.Step, Technique, bool, error) {
	return s.firstLent(ctx, b, ts, k, nil, nil, nil)
}

// ErrNotUnique is returned for a fallback step on a puzzle that is not known to have
// exactly one solution: eliminating by search would then be a guess.
var ErrNotUnique = errors.New("techniques: the puzzle is not known to have one solution")

// SearchStep returns an honest fallback step for b: a candidate that search proves
// leads to no solution. It prefers a cell with the fewest candidates, so that the
// elimination unlocks as much as possible. b must be known to have one solution.
func SearchStep(ctx context.Context, b *board.Board, k Knowledge) (explain.Step, error) {
	if !k.Unique {
		return explain.Step{}, ErrNotUnique
	}
	l := b.Layout()
	sol := k.Solution
	if len(sol) != l.Cells() {
		var err error
		if sol, err = fallback.Solve(ctx, b); err != nil {
			return explain.Step{}, err
		}
	}
	best, bestN := board.Cell(-1), l.N()+1
	for c := range board.Cell(l.Cells()) {
		if n := b.Candidates(c).Count(); n >= 2 && n < bestN {
			best, bestN = c, n
		}
	}
	if best < 0 {
		return explain.Step{}, errors.New("techniques: no cell with two or more candidates to search")
	}
	// The candidates other than the solution's digit are the ones search can refute;
	// take the smallest, and let search prove it rather than trusting the solution.
	for _, d := range b.Candidates(best).Without(sol[best]).Digits() {
		ok, err := fallback.Refutes(ctx, b, best, d)
		if err != nil {
			return explain.Step{}, err
		}
		if ok {
			return explain.Step{
				Technique:    Search.ID,
				Eliminations: []board.Candidate{{Cell: best, Digit: d}},
				Pattern:      explain.Pattern{Digits: board.DigitsOf(d), Cells: []board.Cell{best}},
			}, nil
		}
	}
	return explain.Step{}, fmt.Errorf("techniques: search could not refute a candidate of %s", l.CellName(best))
}

// Fallback says what the pipeline does when no technique applies.
type Fallback uint8

const (
	// FallbackSearch takes an honest search step (see SearchStep) on a puzzle known to
	// have one solution, then goes on with the techniques. It is the default.
	FallbackSearch Fallback = iota
	// FallbackStop stops the solve there: the trace is marked stuck. It answers
	// "is this puzzle solvable by logic alone with these techniques?".
	FallbackStop
)

// Options choose how Solve works. The zero value runs Default() with search as the
// last resort.
type Options struct {
	// Techniques to try, in order; nil means Default().
	Techniques []Technique
	// Fallback is what to do when none of them applies.
	Fallback Fallback
	// Cores, when set, lets the solve lend its costliest techniques to a core that
	// the solves sharing it leave idle (see Cores). The steps are the same.
	Cores *Cores
	// OnStep, when set, is called on the solving goroutine with each step as the walk
	// takes it, i counting from 0; i is 0 again when the walk starts over (a puzzle
	// found to have several solutions is walked again without uniqueness). A caller
	// can say the steps while the walk goes on (explain.Narrator); it should be quick.
	OnStep func(i int, s explain.Step)
	// Counted, when set, is the count of b's solutions that the caller already has
	// (from fallback.Classify on the same board): Solve takes it instead of counting
	// again, which on a puzzle that needs a long search is most of the solve.
	Counted *Counted
}

// Counted is what fallback.Classify says of a board: its verdict, and the solution
// (unique) or two of them (several).
type Counted struct {
	Verdict   fallback.Verdict
	Solutions [][]board.Digit
}

// check reports whether c can be the count of b's solutions: as many solutions as
// its verdict needs, each one filling b's cells with their values or candidates.
// A count of another board is caught this way, not only a malformed one.
func (c *Counted) check(b *board.Board) error {
	var need int
	switch c.Verdict {
	case fallback.NoSolution:
	case fallback.UniqueSolution:
		need = 1
	case fallback.SeveralSolutions:
		need = 2
	default:
		return fmt.Errorf("techniques: Options.Counted has no verdict (%d)", c.Verdict)
	}
	if len(c.Solutions) < need {
		return fmt.Errorf("techniques: Options.Counted says %v with %d solutions", c.Verdict, len(c.Solutions))
	}
	l := b.Layout()
	for i, sol := range c.Solutions[:need] {
		if len(sol) != l.Cells() {
			return fmt.Errorf("techniques: Options.Counted: solution %d has %d cells, the board %d", i+1, len(sol), l.Cells())
		}
		for at, d := range sol {
			cell := board.Cell(at)
			if v := b.Value(cell); v != 0 && v != d || v == 0 && !b.Candidates(cell).Has(d) {
				return fmt.Errorf("techniques: Options.Counted: solution %d puts %d in %s, which the board does not allow", i+1, d, l.CellName(cell))
			}
		}
	}
	return nil
}

// InvalidError is returned by Solve for a grid with validity problems.
type InvalidError struct {
	Layout   *board.Layout
	Problems []board.Problem
}

func (e *InvalidError) Error() string {
	if len(e.Problems) == 1 {
		return "techniques: invalid grid: " + e.Problems[0].Describe(e.Layout)
	}
	return fmt.Sprintf("techniques: invalid grid: %s (and %d more problems)", e.Problems[0].Describe(e.Layout), len(e.Problems)-1)
}

// Solve walks b (which it does not change) to the end: it tries the techniques in
// order, applies the first step found, and starts again from the first technique.
// Before that it counts the solutions, so uniqueness techniques and the search step
// are only used on a puzzle with exactly one; a puzzle with several is walked as far
// as the techniques go and reported as such, never guessed.
func Solve(ctx context.Context, b *board.Board, opt Options) (explain.Trace, error) {
	return NewSolver().Solve(ctx, b, opt)
}

// Solver solves puzzles one after another, keeping its finders' scratch buffers (chain
// graphs' storage, search tables, forcing engines) from one solve to the next, so a
// run over many puzzles does not allocate them anew each time. A Solver is for one
// goroutine at a time: give each worker its own. Solve (the function) uses a new one.
type Solver struct {
	st   *solveState
	help helper // the second goroutine when Options.Cores lends one
}

// NewSolver returns a Solver with empty buffers.
func NewSolver() *Solver { return &Solver{st: newSolveState()} }

// Solve is the package's Solve, reusing the solver's buffers.
func (s *Solver) Solve(ctx context.Context, b *board.Board, opt Options) (explain.Trace, error) {
	tr := explain.NewTrace(b)
	if ps := b.Problems(); len(ps) > 0 {
		return tr, &InvalidError{Layout: b.Layout(), Problems: ps}
	}
	ts := opt.Techniques
	if ts == nil {
		ts = Default()
	}
	if err := checkRunnable(ts); err != nil {
		return tr, err
	}
	st := s.st
	st.invalidate()       // nothing of another solve's states is kept
	defer st.invalidate() // nor of this one's, once it is done
	if opt.Cores != nil {
		opt.Cores.take()
		defer opt.Cores.give()
		if s.help.st == nil {
			s.help.st, s.help.after = newSolveState(), lendAfter
		}
		defer s.help.stop()
	}
	// The count of solutions decides what the walk may use. With a core free it runs
	// beside the walk, which assumes one solution meanwhile and waits for the count
	// where that matters: a search step, a stall, an error, the end. With several
	// solutions the walk starts again without uniqueness; with none it is dropped.
	counts := make(chan solutionCount, 1)
	if c := opt.Counted; c != nil {
		if err := c.check(b); err != nil {
			return tr, err
		}
		counts <- solutionCount{verdict: c.Verdict, sols: c.Solutions}
	} else if opt.Cores != nil && opt.Cores.tryTake() {
		go func() {
			defer opt.Cores.give()
			counts <- countSolutions(ctx, b)
		}()
	} else {
		counts <- countSolutions(ctx, b)
	}
	var cnt *solutionCount
	k := Knowledge{Unique: true} // assumed until the count says
	work := b.Clone()
	// recheck waits for the count and says what becomes of the walk so far: it
	// stands (one solution), it is started again without uniqueness (several:
	// restart), or the solve is over (none, or the count failed: over).
	recheck := func() (restart, over bool, err error) {
		if cnt != nil {
			return false, false, nil
		}
		c := <-counts
		cnt = &c
		switch {
		case c.err != nil:
			return false, true, c.err
		case c.verdict == fallback.NoSolution:
			tr.Summary.NoSolution, tr.Steps = true, nil
			return false, true, nil
		}
		tr.Solution = board.Line(c.sols[0])
		if c.verdict == fallback.UniqueSolution {
			k.Solution = c.sols[0]
			return false, false, nil
		}
		tr.Summary.Several = true
		tr.SecondSolution = board.Line(c.sols[1])
		k = Knowledge{}
		work, tr.Steps = b.Clone(), nil
		st.invalidate()
		return true, false, nil
	}
	if len(counts) > 0 {
		// Counted already: the walk knows what it may use from the start.
		if _, over, err := recheck(); over {
			return tr, err
		}
	}
	// While a helper tries the last techniques on a state the caller has no more of
	// its own for, the caller prepares the search step that comes if they find
	// nothing: on the 16x16 of BenchmarkWalkthroughLarge the forcing net verity and the
	// search step each took 2-9 ms on the states that end in a search.
	var spare struct {
		step explain.Step
		err  error
		done bool
	}
	prepare := func(sctx context.Context) {
		spare.step, spare.err = SearchStep(sctx, work, k)
		spare.done = sctx.Err() == nil
	}
walk:
	for !work.Solved() {
		if cnt == nil && len(counts) > 0 {
			// The count came in during the walk: a state that ends in a search can
			// prepare it.
			if restart, over, err := recheck(); over {
				return tr, err
			} else if restart {
				continue walk
			}
		}
		var idle func(context.Context)
		spare.done = false
		if cnt != nil && k.Unique && opt.Fallback == FallbackSearch {
			idle = prepare // the count is in: the step is the one asked for below
		}
		step, _, ok, err := st.firstLent(ctx, work, ts, k, opt.Cores, &s.help, idle)
		if err == nil && !ok {
			// A search step or a stall holds only on the count's verdict.
			if restart, over, err := recheck(); over {
				return tr, err
			} else if restart {
				continue walk
			}
			if opt.Fallback == FallbackStop || !k.Unique {
				tr.Summary.Stuck = true
				break
			}
			if spare.done {
				step, err = spare.step, spare.err
			} else {
				step, err = SearchStep(ctx, work, k)
			}
			if err == nil {
				tr.Summary.UsedFallback = true
			}
		}
		if err == nil {
			if err = explain.Apply(work, step); err != nil {
				err = fmt.Errorf("techniques: %w", err)
			}
			st.invalidate() // the board changed, even when only partly
		}
		if err != nil {
			if ctx.Err() == nil {
				// The walk may have assumed one solution: an error may be that
				// assumption's, and the count says.
				if restart, over, cerr := recheck(); over {
					return tr, cerr
				} else if restart {
					continue walk
				}
			}
			return tr, err
		}
		tr.Steps = append(tr.Steps, step)
		if opt.OnStep != nil {
			opt.OnStep(len(tr.Steps)-1, step)
		}
	}
	if restart, over, err := recheck(); over {
		return tr, err
	} else if restart {
		goto walk
	}
	tr.Summary.Solved = work.Solved()
	tr.Summary.Steps = len(tr.Steps)
	tr.Summary.ByTechnique = explain.CountTechniques(tr.Steps)
	tr.Summary.Hardest = hardest(tr.Steps, ts)
	return tr, nil
}

// solutionCount is what fallback.Classify says of a puzzle.
type solutionCount struct {
	verdict fallback.Verdict
	sols    [][]board.Digit
	err     error
}

func countSolutions(ctx context.Context, b *board.Board) solutionCount {
	v, sols, err := fallback.Classify(ctx, b)
	return solutionCount{v, sols, err}
}

// hardest returns the ID of the most difficult technique among the steps.
func hardest(steps []explain.Step, ts []Technique) string {
	diff := map[string]float64{Search.ID: Search.Difficulty}
	for _, t := range ts {
		diff[t.ID] = t.Difficulty
	}
	best, bestD := "", -1.0
	for _, s := range steps {
		if d, ok := diff[s.Technique]; ok && d > bestD {
			best, bestD = s.Technique, d
		}
	}
	return best
}
