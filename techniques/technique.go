// Package techniques holds the human solving techniques, one declared value each, and
// the pipeline that applies them in the teaching order of Default.
//
// A technique's finder runs on a Pass (pass.go), as an analyzer of go/analysis does:
// the pass carries the board, the context, the technique and Report, and reaches what
// the techniques of one solve share on a board state (chain graphs per link kind, the
// almost locked sets, the rectangles, colour clusters, finned fish). Those are built on
// first use and dropped when the pipeline applies a step, as cmd/compile's ssa keeps
// its analyses until a pass changes the function; the finders' scratch buffers live on
// the solve (a Solver keeps them across solves). Nothing in the package is shared
// between solves: solves may run on any number of goroutines at once.
//
// A solve given Options.Cores may use a second goroutine (lend.go): on a state that
// reaches the costly end of the ladder it lends the forcing nets to a helper with its
// own solve state and copy of the board while it tries the techniques before them,
// and keeps the step that one goroutine trying them in order would keep.
//
// Solve walks a puzzle to its end; First finds the next step; Technique.Steps runs one
// technique on a board. All take a context, and the costly finders check it in their
// loops, so a cancelled solve returns at once.
package techniques

import (
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Technique is one solving technique: a declared value with a stable ID and a finder.
type Technique struct {
	// ID is stable and kebab-case ("x-wing"); steps and fixtures use it. The display
	// name comes from explain's catalogue (Name).
	ID string
	// Difficulty is on the Sudoku Explainer scale (hidden single 1.2, X-Wing 3.2, ...).
	Difficulty float64
	// Score is HoDoKu's score for one use of the technique; a puzzle's score adds them up.
	Score int
	// Codes are the HoDoKu library codes the technique answers ("0300" for X-Wing), so
	// conformance cases find the finder to run; empty when HoDoKu has no such code.
	Codes []string
	// Doc is a title line, a blank line, then how the technique works.
	Doc string
	// NeedsUnique marks techniques that are only sound on a puzzle known to have one
	// solution (uniqueness techniques); the pipeline skips them otherwise.
	NeedsUnique bool
	// Holds says whether the technique is sound on a layout (its reasoning may need
	// rectangular boxes, or no cages); nil means on every layout. The pipeline and
	// Steps skip the technique where it does not hold.
	Holds func(*board.Layout) bool
	// Find reports every step of the technique on the pass's board, in a stable
	// order, until p.Report returns false. It only reads the board.
	Find Finder

	// alone tells that the finder builds nothing on a state that other techniques
	// share (chain graphs, the ALS index, rectangles, colour clusters), so a helper
	// may run it out of turn at no extra cost: a solve that lends the costliest
	// techniques lends these too when the caller has not reached them (firstLent).
	// Set on some of the costlier ones, to share a state's work evenly between the
	// two: on the 16x16 of BenchmarkWalkthroughLarge the caller took 1.07 ms a
	// forcing-net state before the nets' 0.77 ms.
	alone bool
}

// Finder looks for steps of one technique on p.Board(). It calls p.Report for each
// step found and stops as soon as that returns false, or the context is done.
type Finder func(p *Pass)

// Finders that run on every board state reuse their buffers from state to state (in
// the solve's scratch); these two size one for its next use.

// grown returns s with n zeros, reusing its array when it is large enough.
func grown[T any](s []T, n int) []T {
	s = slices.Grow(s[:0], n)[:n]
	clear(s)
	return s
}

// roomFor returns s emptied with room for n elements.
func roomFor[T any](s []T, n int) []T { return slices.Grow(s[:0], n) }

// HoldsOn reports whether t is sound on layout l (see Holds).
func (t Technique) HoldsOn(l *board.Layout) bool { return t.Holds == nil || t.Holds(l) }

// Name returns the English display name ("X-Wing"), from explain's catalogue: the one
// place the names live.
func (t Technique) Name() string { return explain.Name(t.ID) }
