package techniques

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// alsFamily are the techniques of als.go and als_sdc.go.
var alsFamily = []Technique{SueDeCoq, ALSXZ, ALSXYWing, ALSChain, DeathBlossom}

// alsLibraryMisses are the library cases (by line) the family does not pass, with why:
// none since the chain search became complete up to seven sets. The test fails when a
// listed case starts to pass, so the list can only shrink.
var alsLibraryMisses = map[int]string{}

// TestALSConformLibrary runs every HoDoKu library case of the family's codes against
// the family's finders alone (so it holds whatever Default() holds) and logs the table.
func TestALSConformLibrary(t *testing.T) {
	runLibrary(t, familyCodes(alsFamily), alsFamily, alsLibraryMisses)
}

// alsPuzzles returns the family's sample puzzles and, unless -short, the first shared
// top1465 puzzles (when the folder is there).
func alsPuzzles(t testing.TB, shared int) []string {
	t.Helper()
	return withShared(t, puzzleLines(t, "../testdata/puzzles/als.txt", 0), shared)
}

// alsStates walks puzzles with the techniques easier than chains and the family itself
// and calls visit at every state where the easier ones are stuck, with the solution.
func alsStates(t testing.TB, puzzles []string, visit func(b *board.Board, sol []board.Digit)) {
	t.Helper()
	basics := basicsBefore()
	for _, line := range puzzles {
		b, sol := solvedPuzzle(t, line)
		walkStuck(t, b, basics, alsFamily, func(b *board.Board) { visit(b, sol) })
	}
}

// TestALSSound checks every step of every technique of the family, at every state of
// real puzzles where the easier techniques stall, against the unique solution, and the
// shape of its pattern: sets that are almost locked, one chain per set pair.
func TestALSSound(t *testing.T) {
	puzzles := alsPuzzles(t, 15)
	if len(puzzles) == 0 {
		t.Skip("no puzzles")
	}
	found := map[string]int{}
	alsStates(t, puzzles, func(b *board.Board, sol []board.Digit) {
		l := b.Layout()
		for _, tech := range alsFamily {
			for _, s := range findAll(tech, b) {
				found[tech.ID]++
				line := explain.OneLiner(l, s)
				require.NotEmpty(t, s.Eliminations, line)
				requireStepShape(t, b, s)
				requireSound(t, tech.ID, b, sol, s)
				for _, g := range s.Pattern.Sets {
					var ds board.DigitSet
					for _, c := range g.Cells {
						ds |= b.Candidates(c)
					}
					require.Equal(t, g.Digits, ds, "%s: a set's digits", line)
					if tech.ID != idSueDeCoq {
						require.Equal(t, len(g.Cells)+1, ds.Count(), "%s: a set that is not almost locked", line)
					}
				}
			}
		}
	})
	t.Logf("steps checked per technique on %d puzzles: %v", len(puzzles), found)
	for _, tech := range alsFamily {
		assert.Positive(t, found[tech.ID], "%s never found a step", tech.ID)
	}
}

// requireIndexDefinition checks the index of b against the definitions, cell by cell:
// each target is the cells outside the set that hold the digit and see every place of it
// in the set, and two sets are joined on d exactly when every place of d in one sees
// every place in the other. The index reads both off the houses (see add and link).
func requireIndexDefinition(t *testing.T, b *board.Board) {
	t.Helper()
	l := b.Layout()
	x := newALSIndex(testScratch(), b, nil)
	places := func(i int32, d board.Digit) []board.Cell {
		var out []board.Cell
		for _, c := range x.sets[i].cells.Cells() {
			if b.Has(c, d) {
				out = append(out, c)
			}
		}
		return out
	}
	seesAll := func(c board.Cell, cs []board.Cell) bool {
		for _, o := range cs {
			if !l.Sees(c, o) {
				return false
			}
		}
		return true
	}
	for i := range int32(len(x.sets)) {
		a := x.sets[i]
		var ds board.DigitSet
		for _, c := range a.cells.Cells() {
			ds |= b.Candidates(c)
		}
		require.Equal(t, a.digits, ds, "set %v", a.cells)
		require.Equal(t, int(a.size)+1, ds.Count(), "set %v", a.cells)
		for r := a.digits; r != 0; r &= r - 1 {
			d := r.First()
			var want board.CellSet
			for c := range board.Cell(l.Cells()) {
				if b.Has(c, d) && !a.cells.Has(c) && seesAll(c, places(i, d)) {
					want.Add(c)
				}
			}
			require.Equal(t, want.Cells(), x.targetOf(i, d).Cells(), "target of %v for %d", a.cells, d)
			e := x.entry(i, d)
			require.ElementsMatch(t, want.Cells(), x.tcells[x.tcellAt[e]:x.tcellAt[e+1]], "target cells of %v for %d", a.cells, d)
			for _, c := range want.Cells() {
				slot := int(c)*l.N() + int(d) - 1
				require.Contains(t, x.petals[x.petalAt[slot]:x.petalAt[slot+1]], i, "petals of %d at %s", d, l.CellName(c))
			}
			require.Equal(t, !want.Empty(), a.zs.Has(d), "possible Z %d of %v", d, a.cells)
		}
	}
	require.Len(t, x.petals, len(x.tcells), "petals filed once per target cell")
	for i := range int32(len(x.sets)) {
		got := map[int32]board.DigitSet{}
		for _, e := range x.edgesOf(i) {
			got[e.to] = e.rcc
		}
		for j := range int32(len(x.sets)) {
			var want board.DigitSet
			for r := x.sets[i].digits & x.sets[j].digits; r != 0 && i != j; r &= r - 1 {
				d := r.First()
				pi, pj := places(i, d), places(j, d)
				ok := true
				for _, c := range pj {
					ok = ok && seesAll(c, pi) && !slices.Contains(pi, c)
				}
				if ok {
					want = want.With(d)
				}
			}
			require.Equal(t, want, got[j], "restricted digits of %v and %v", x.sets[i].cells, x.sets[j].cells)
		}
	}
}

// TestALSIndexDefinition holds the index to the definitions on stuck states of the
// sample and on the other sizes' puzzles, whose boxes have other shapes.
func TestALSIndexDefinition(t *testing.T) {
	n := 0
	alsStates(t, alsPuzzles(t, 0), func(b *board.Board, _ []board.Digit) {
		if n < 12 {
			requireIndexDefinition(t, b)
		}
		n++
	})
	require.Positive(t, n, "no stuck state in the sample")
	forOtherSizes(t, func(t *testing.T, _ string, b *board.Board, _ []board.Digit) {
		requireIndexDefinition(t, b)
	})
}

// TestALSSearchWithinBudget checks that alsSearchBudget, the chain and blossom
// searches' safety net for large grids, is never what ends them on 9x9 states where
// the easier techniques stall: there they are complete.
func TestALSSearchWithinBudget(t *testing.T) {
	n := 0
	alsStates(t, alsPuzzles(t, 5), func(b *board.Board, _ []board.Digit) {
		n++
		x := newALSIndex(testScratch(), b, nil)
		s := newALSChainSearch(x, 3, alsChainMaxSets)
		s.run()
		require.Positive(t, s.budget, "chain search cut short")
		_, all := x.blossoms(b)
		require.True(t, all, "blossom search cut short")
	})
	require.Positive(t, n, "no stuck state")
}

// TestALSChainFilter checks mayConclude, the chain search's filter: on every state
// where it says no chain can remove anything, the search finds none; it says so on
// some states, and lets through some where the search finds chains. Where it lets the
// search through, the search from the starts it keeps finds what the search from
// every start finds.
func TestALSChainFilter(t *testing.T) {
	spared, through := 0, 0
	alsStates(t, alsPuzzles(t, 5), func(b *board.Board, _ []board.Digit) {
		x := newALSIndex(testScratch(), b, nil)
		s := newALSChainSearch(x, 3, alsChainMaxSets)
		may := s.mayConclude(b)
		s.run()
		found := 0
		for _, f := range s.found {
			found += len(f)
		}
		all := newALSChainSearch(x, 3, alsChainMaxSets)
		all.run()
		if may {
			require.Equal(t, all.found, s.found, "%s: the starts left out change what the search finds", b)
		}
		if !may {
			spared++
			require.Zero(t, found, "%s: filtered out, yet the search finds chains", b)
		} else if found > 0 {
			through++
		}
	})
	require.Positive(t, spared, "the filter spared no search")
	require.Positive(t, through, "no state with chains of sets")
}

// BenchmarkALS times each finder of the family run to the end on the states of the
// sample where the easier techniques stall.
func BenchmarkALS(b *testing.B) {
	var states []*board.Board
	alsStates(b, alsPuzzles(b, 0), func(s *board.Board, _ []board.Digit) { states = append(states, s.Clone()) })
	for _, tech := range alsFamily {
		b.Run(tech.ID, func(b *testing.B) {
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				for _, s := range states {
					findOn(tech, s, func(explain.Step) bool { return true })
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(states)), "us/state")
			// CPU time is steadier than the wall clock when other processes share the cores.
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N*len(states)), "cpu-us/state")
			}
		})
	}
}
