package techniques

import (
	"context"
	"maps"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// chainTechniques are the techniques of this family, by HoDoKu code (HoDoKu's grouped
// codes also name the chains through sets: ALSContinuousNiceLoop and the others answer
// them too, in chainFamily).
var chainTechniques = map[string]Technique{
	"0701": XChain,
	"0702": XYChain,
	"0706": ContinuousNiceLoop,
	"0707": DiscontinuousNiceLoop,
	"0708": AIC,
	"0709": GroupedContinuousNiceLoop,
	"0710": GroupedDiscontinuousNiceLoop,
	"0711": GroupedAIC,
}

// chainLibMisses are the library cases (by line) known not to pass, with why.
var chainLibMisses = map[int]string{}

// TestChainConformance runs every HoDoKu library case of the chain codes through
// Conform: some step of the technique must make exactly the case's eliminations or
// placements. It logs the table of passes per code.
func TestChainConformance(t *testing.T) {
	codes := slices.Sorted(maps.Keys(chainTechniques))
	runLibrary(t, codes, chainFamily, chainLibMisses)
}

// chainFamily lists the chain techniques in the order Default() tries them.
var chainFamily = []Technique{
	XChain, XYChain, ContinuousNiceLoop, DiscontinuousNiceLoop, AIC,
	GroupedContinuousNiceLoop, GroupedDiscontinuousNiceLoop, GroupedAIC,
	ALSContinuousNiceLoop, ALSDiscontinuousNiceLoop, ALSAIC,
}

// chainPuzzles returns the puzzles of testdata/puzzles/chains.txt and, unless -short,
// the first puzzles of the shared top1465 set (when it is there).
func chainPuzzles(t *testing.T, shared int) []string {
	t.Helper()
	return withShared(t, puzzleLines(t, "../testdata/puzzles/chains.txt", 0), shared)
}

// basicsBelow returns the default techniques easier than limit that do not need
// uniqueness.
func basicsBelow(limit float64) []Technique {
	var out []Technique
	for _, t := range Default() {
		if t.Difficulty < limit && !t.NeedsUnique {
			out = append(out, t)
		}
	}
	return out
}

// basicsBefore returns the default techniques easier than the chains, to advance a
// puzzle to the states where chains matter.
func basicsBefore() []Technique {
	var out []Technique
	for _, t := range Default() {
		if t.Difficulty < chainDifficultySingle && !t.NeedsUnique {
			out = append(out, t)
		}
	}
	return out
}

// firstStep returns the first step of the first technique of ts that finds one.
func firstStep(b *board.Board, ts []Technique) (explain.Step, bool) {
	for _, t := range ts {
		var got explain.Step
		found := false
		findOn(t, b, func(s explain.Step) bool { got, found = s, true; return false })
		if found {
			return got, true
		}
	}
	return explain.Step{}, false
}

// TestChainsSound walks real puzzles: at every state where the easier techniques are
// stuck, every step of every chain technique must be true of the unique solution (no
// solution digit removed, no wrong placement), change something, and list its
// eliminations in order; then the first one is applied (or, when no chain applies, one
// wrong candidate is removed) and the walk goes on.
func TestChainsSound(t *testing.T) {
	puzzles := chainPuzzles(t, 12)
	if len(puzzles) == 0 {
		t.Skip("no puzzles")
	}
	// Skyscrapers, kites and the other single-digit patterns (4.0 and up) are short
	// X-Chains: walking with them would leave the X-Chain nothing to find.
	basics := basicsBelow(4.0)
	found := map[string]int{}
	for _, line := range puzzles {
		b, sol := solvedPuzzle(t, line)
		for range 400 {
			if s, ok := firstStep(b, basics); ok {
				mustApply(t, b, s)
				continue
			}
			var next []explain.Step
			for _, tech := range chainFamily {
				steps := findAll(tech, b)
				found[tech.ID] += len(steps)
				for _, s := range steps {
					checkChainStep(t, b, sol, s)
				}
				if len(next) == 0 {
					next = steps
				}
			}
			if len(next) == 0 {
				// Stuck: remove one wrong candidate, as the search step would, to reach
				// more states.
				wrong, ok := wrongCandidate(b, sol)
				if !ok {
					break
				}
				b.Eliminate(wrong.Cell, wrong.Digit)
				continue
			}
			mustApply(t, b, next[0])
		}
	}
	t.Logf("%d puzzles; steps checked per technique: %v", len(puzzles), found)
	for _, tech := range chainFamily {
		assert.Positive(t, found[tech.ID], "%s never found a step on %d puzzles", tech.ID, len(puzzles))
	}
}

// wrongCandidate returns the first candidate that is not the solution's digit.
func wrongCandidate(b *board.Board, sol []board.Digit) (board.Candidate, bool) {
	for c := range board.Cell(b.Layout().Cells()) {
		if d := b.Candidates(c).Without(sol[c]).First(); d != 0 {
			return board.Candidate{Cell: c, Digit: d}, true
		}
	}
	return board.Candidate{}, false
}

func checkChainStep(t *testing.T, b *board.Board, sol []board.Digit, s explain.Step) {
	t.Helper()
	line := explain.OneLiner(b.Layout(), s)
	requireStepShape(t, b, s)
	requireSound(t, "chain", b, sol, s)
	require.Len(t, s.Pattern.Chains, 1, line)
	ch := s.Pattern.Chains[0]
	want := len(ch.Nodes) - 1
	if ch.Loop {
		want++
	}
	require.Len(t, ch.Links, want, "%s: links", line)
}

// chainStates walks puzzles with the easier techniques and the chains themselves and
// returns a copy of every state where the easier techniques are stuck.
func chainStates(tb testing.TB, puzzles []string) []*board.Board {
	basics := basicsBefore()
	var out []*board.Board
	for _, line := range puzzles {
		b, err := board.Parse(line)
		require.NoError(tb, err, line)
		walkStuck(tb, b, basics, chainFamily, func(b *board.Board) { out = append(out, b.Clone()) })
	}
	return out
}

// BenchmarkChains measures each chain technique as the pipeline calls it (up to the
// first step) on the states of the chain puzzles where the easier techniques are stuck.
func BenchmarkChains(b *testing.B) {
	states := chainStates(b, readPuzzleLines(b, top1465Path, 20))
	for _, tech := range chainFamily {
		b.Run(tech.ID, func(b *testing.B) {
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				for _, s := range states {
					findOn(tech, s, func(explain.Step) bool { return false })
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(states))/1e3, "µs/state")
			// CPU time counts only this process's work, not waiting for a shared core.
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/float64(b.N*len(states))/1e3, "cpu-µs/state")
			}
		})
	}
}

// TestChainsOtherSizes runs the chain techniques on puzzles of other sizes (6x6 boxes
// are 2x3, so box-line groups differ in shape): every step must hold there too.
func TestChainsOtherSizes(t *testing.T) {
	forOtherSizes(t, func(t *testing.T, name string, b *board.Board, sol []board.Digit) {
		found := 0
		for _, tech := range chainFamily {
			for _, s := range findAll(tech, b) {
				checkChainStep(t, b, sol, s)
				require.NotEmpty(t, explain.OneLiner(b.Layout(), s))
				found++
			}
		}
		require.Positive(t, found, "no chain on the %s puzzle", name)
	})
}

// TestChainRefutable checks the filter of the discontinuous loop's search: every
// candidate that the search from it made true refutes must be marked refutable, and
// on some states some candidates are not (else the filter would save nothing).
func TestChainRefutable(t *testing.T) {
	states := chainStates(t, chainPuzzles(t, 3))
	require.NotEmpty(t, states)
	refuted, pruned := 0, 0
	for _, b := range states {
		for _, kinds := range []chainLinks{allChainLinks, allGroupedLinks} {
			g := buildChainGraph(testScratch(), b, kinds)
			may, _ := g.refutable()
			s := newChainSearch(g)
			for start := range g.ncand {
				nd := g.nodes[start]
				refutes := func(st int32) bool { return g.refutes(start, st) }
				q := s.runUntil(start, true, chainMaxLinks, refutes)
				found := len(q) > 1 && refutes(q[len(q)-1])
				if found {
					refuted++
					require.True(t, may[start], "%s: %s refuted by the search but not marked", b, b.Layout().CandidateName(board.Candidate{Cell: nd.cell, Digit: nd.digit}))
				}
				if !may[start] {
					pruned++
				}
			}
		}
	}
	assert.Positive(t, refuted, "no refutation on any state")
	assert.Positive(t, pruned, "the filter kept every candidate")
}

// TestChainFiltersExact checks the filters of chains_reach.go and the discontinuous
// loop's shortcut to its first step: every chain technique finds the same steps, in
// the same order, as when it searches from every start without bounds, and the same
// first step for a caller that takes only that one. It also checks that the filters
// leave some searches out.
func TestChainFiltersExact(t *testing.T) {
	states := chainStates(t, chainPuzzles(t, 4))
	require.NotEmpty(t, states)
	views := []chainView{xChainView, xyChainView, loopView, brokenLoopView, aicView, groupedLoopView, groupedBrokenLoopView, groupedAICView,
		alsLoopView, alsBrokenLoopView, alsAICView}
	found, spared := 0, 0
	for _, b := range states {
		for _, v := range views {
			all := v
			all.exhaustive = true
			want := findAll(Technique{Find: chainFinder(all)}, b)
			got := findAll(Technique{Find: chainFinder(v)}, b)
			require.Equal(t, want, got, "%s on %s", v.id, b)
			found += len(got)
			if len(want) > 0 { // a caller that stops at the first step gets the same one
				var first []explain.Step
				findOn(Technique{Find: chainFinder(v)}, b, func(s explain.Step) bool { first = append(first, s); return false })
				require.Equal(t, want[:1], first, "%s first step on %s", v.id, b)
			}
		}
		g := buildChainGraph(testScratch(), b, allGroupedLinks)
		for _, ok := range g.openStarts() {
			if !ok {
				spared++
			}
		}
	}
	assert.Positive(t, found, "no chain step on any state")
	assert.Positive(t, spared, "the open chains' filter kept every start")
}

// TestFiltersStandAside checks what the filters do where their bitsets would be too
// large (reachMaxWords, reached only on the largest grids, so lowered here): they let
// everything through, and the finders find what they find without them.
func TestFiltersStandAside(t *testing.T) {
	states := chainStates(t, chainPuzzles(t, 1))
	require.NotEmpty(t, states)
	views := []chainView{loopView, brokenLoopView, groupedLoopView, groupedBrokenLoopView, groupedAICView, alsLoopView, alsBrokenLoopView, alsAICView}
	// findAside is findAll in a solve whose filters stand aside.
	findAside := func(tech Technique, b *board.Board) []explain.Step {
		st := newSolveState()
		st.sc.reachMaxWords = 0
		var steps []explain.Step
		st.pass(context.Background(), b, tech, func(s explain.Step) bool { steps = append(steps, s); return true }).run()
		return steps
	}
	for _, b := range states[:min(len(states), 6)] {
		var want [][]explain.Step
		for _, v := range views {
			want = append(want, findAll(Technique{Find: chainFinder(v)}, b))
		}
		wantForcing := findAll(ForcingChainContradiction, b)
		for i, v := range views {
			assert.Equal(t, want[i], findAside(Technique{Find: chainFinder(v)}, b), "%s on %s", v.id, b)
		}
		assert.Equal(t, wantForcing, findAside(ForcingChainContradiction, b), "forcing chains on %s", b)
		aside := testScratch()
		aside.reachMaxWords = 0
		g := buildChainGraph(aside, b, allGroupedLinks)
		for _, ok := range g.openStarts() {
			require.True(t, ok)
		}
		for _, ok := range buildChainGraph(aside, b, allChainLinks).contradictable() {
			require.True(t, ok)
		}
		x := newALSIndex(aside, b, nil)
		require.True(t, newALSChainSearch(x, 3, alsChainMaxSets).mayConclude(b))
	}
}

// TestChainLinksDefinition checks the graph's move table against the definition of
// each link, pair by pair (checkChainLinks).
func TestChainLinksDefinition(t *testing.T) {
	states := chainStates(t, chainPuzzles(t, 1))
	require.NotEmpty(t, states)
	for _, b := range states[:min(len(states), 6)] {
		checkChainLinks(t, b)
	}
}

// checkChainLinks checks the move table of every kind of graph on b against the
// definition of each link, pair by pair: a weak link joins two digits of one cell, or
// one digit in disjoint nodes that a house holds all of (or two candidates of one
// killer cage); a strong link joins the two digits of a bivalue cell, one digit in
// disjoint nodes that are its only places in a house they share, or two digits of a
// set that both have weak links. The houses come from the layout, every house of a
// variant included. Rows are sorted.
func checkChainLinks(t *testing.T, b *board.Board) {
	t.Helper()
	l := b.Layout()
	kinds := []chainLinks{xChainView.kinds, xyChainView.kinds, allChainLinks, allGroupedLinks}
	for _, k := range kinds {
		g := buildChainGraph(testScratch(), b, k)
		// in[x]: the houses that hold every cell of node x, a bit each.
		in := make([][2]uint64, len(g.nodes))
		for x := range in {
			for h := range board.House(l.Houses()) {
				all := true
				for _, c := range g.cellList(int32(x)) {
					all = all && l.HouseSet(h).Has(c)
				}
				if all {
					in[x][h/64] |= 1 << (h % 64)
				}
			}
		}
		shared := func(x, y int32) []board.House {
			var out []board.House
			for w := range 2 {
				for m := in[x][w] & in[y][w]; m != 0; m &= m - 1 {
					out = append(out, board.House(w*64+bits.TrailingZeros64(m)))
				}
			}
			return out
		}
		disjoint := func(x, y int32) bool {
			cx, cy := g.nodeCells(x), g.nodeCells(y)
			for w := range cx {
				if cx[w]&cy[w] != 0 {
					return false
				}
			}
			return true
		}
		sameCell := func(x, y int32) bool {
			nx, ny := g.nodes[x], g.nodes[y]
			return nx.kind == chainCandidate && ny.kind == chainCandidate && nx.cell == ny.cell
		}
		sameCage := func(x, y int32) bool {
			nx, ny := g.nodes[x], g.nodes[y]
			cx, okx := l.CageOf(nx.cell)
			cy, oky := l.CageOf(ny.cell)
			return nx.kind == chainCandidate && ny.kind == chainCandidate && okx && oky && cx == cy
		}
		weak := func(x, y int32) bool {
			nx, ny := g.nodes[x], g.nodes[y]
			if nx.digit != ny.digit {
				return k.cellWeak && sameCell(x, y)
			}
			return k.houseWeak && disjoint(x, y) && (len(shared(x, y)) > 0 || sameCage(x, y))
		}
		hasWeak := func(x int32) bool { return len(g.weakOf(x)) > 0 }
		strong := func(x, y int32) bool {
			nx, ny := g.nodes[x], g.nodes[y]
			if nx.digit != ny.digit {
				if nx.kind == chainALSNode && ny.kind == chainALSNode && nx.als == ny.als {
					return hasWeak(x) && hasWeak(y)
				}
				return k.cellStrong && sameCell(x, y) && b.Candidates(nx.cell).Count() == 2
			}
			if !k.houseStrong || !disjoint(x, y) {
				return false
			}
			for _, h := range shared(x, y) {
				if b.Positions(h, nx.digit).Count() == int(nx.size+ny.size) {
					return true
				}
			}
			return false
		}
		for x := range int32(len(g.nodes)) {
			var wantS, wantW []int32
			for y := range int32(len(g.nodes)) {
				if y == x {
					continue
				}
				if strong(x, y) {
					wantS = append(wantS, chainState(y, true))
				}
				if weak(x, y) {
					wantW = append(wantW, chainState(y, false))
				}
			}
			require.Equal(t, wantS, nilIfEmpty(g.strongOf(x)), "%+v strong links of node %d on %s", k, x, b)
			require.Equal(t, wantW, nilIfEmpty(g.weakOf(x)), "%+v weak links of node %d on %s", k, x, b)
		}
	}
}

func nilIfEmpty(s []int32) []int32 {
	if len(s) == 0 {
		return nil
	}
	return s
}

// TestChainGraphFollowsState checks that a solve's shared graphs answer for the board
// state after each step: once the solve drops them (invalidate, as the pipeline does
// after Apply), the finders on the changed board find what a fresh solve finds, and
// the buffers recycled from the old graphs carry nothing over.
func TestChainGraphFollowsState(t *testing.T) {
	states := chainStates(t, chainPuzzles(t, 0))
	require.NotEmpty(t, states)
	checked := 0
	for _, b := range states[:min(len(states), 8)] {
		for _, tech := range chainFamily {
			want := findAll(tech, b)
			if len(want) == 0 {
				continue
			}
			st := newSolveState()
			work := b.Clone()
			var got []explain.Step
			collect := func(s explain.Step) bool { got = append(got, s); return true }
			st.pass(context.Background(), work, tech, collect).run()
			require.Equal(t, want, got, "%s on %s", tech.ID, b)
			mustApply(t, work, want[0])
			st.invalidate()
			got = nil
			st.pass(context.Background(), work, tech, collect).run()
			assert.Equal(t, findAll(tech, work), got, "%s after a step on %s", tech.ID, b)
			checked++
		}
	}
	require.Positive(t, checked)
}

// forcingCase reads the fixture state of library line 952, where a set forces a cell.
func forcingCase(t *testing.T) *board.Board {
	t.Helper()
	f := readFixture(t, fixtureDir+"/grouped-continuous-nice-loop.yaml")
	for _, c := range f.Cases {
		if strings.HasPrefix(c.Name, "library 0709-2, line 952") {
			return caseBoard(t, c)
		}
	}
	t.Fatal("no fixture case for library line 952")
	return nil
}

// setNode returns the node of digit d of the almost locked set on exactly the given
// cells, or fails.
func setNode(t *testing.T, g *chainGraph, cells []string, d board.Digit) int32 {
	t.Helper()
	var want []board.Cell
	for _, name := range cells {
		c, err := g.l.ParseCell(name)
		require.NoError(t, err)
		want = append(want, c)
	}
	for _, a := range g.als {
		if slices.Equal(a.cells, want) {
			require.True(t, a.digits.Has(d), "set %v has no %d", cells, d)
			return a.firstNode + alsDigitIndex(a.digits, d)
		}
	}
	t.Fatalf("no set on %v", cells)
	return -1
}

// TestChainALSForcings checks the links of a set to the cells it forces on the state of
// library line 952: a set without digit j holds its other digits, so a cell that sees
// all of their places but for one digit k of its own is k.
func TestChainALSForcings(t *testing.T) {
	b := forcingCase(t)
	g := buildChainGraph(testScratch(), b, allGroupedLinks)
	col9 := []string{"r1c9", "r7c9", "r8c9", "r9c9"}
	box9 := []string{"r7c8", "r7c9", "r8c9", "r9c9"}
	for _, tc := range []struct {
		name  string
		set   []string
		digit board.Digit // the digit the set loses
		cell  string
		to    board.Digit
		want  bool
	}{
		{"column set without 3 makes r7c8 5", col9, 3, "r7c8", 5, true},
		{"column set without 6 makes r7c8 5 too", col9, 6, "r7c8", 5, true},
		{"box set without 5 makes r1c9 3", box9, 5, "r1c9", 3, true},
		{"losing a digit the cell sees all of forces nothing", col9, 2, "r7c8", 5, false},
		{"a cell the set covers wholly is forced to the digit lost", col9, 3, "r4c9", 3, true},
		{"nor to another digit", col9, 3, "r4c9", 2, false},
		{"a cell the set covers too little of is not forced", col9, 3, "r9c7", 5, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			x := setNode(t, g, tc.set, tc.digit)
			c, err := g.l.ParseCell(tc.cell)
			require.NoError(t, err)
			y := g.candNode(c, tc.to)
			require.GreaterOrEqual(t, y, int32(0), "%s has no %d", tc.cell, tc.to)
			assert.Equal(t, tc.want, slices.Contains(g.forcedBy(x), y))
		})
	}
	// What the loop removes through the box set's forcing of r1c9: the set lacks 5 or
	// one of r1c9's 1 and 6, so 6 (only in r9c9 there) is in r9c9 or r1c9.
	x := setNode(t, g, box9, 5)
	r1c9, err := g.l.ParseCell("r1c9")
	require.NoError(t, err)
	got := g.forcingEliminations(nil, x, g.candNode(r1c9, 3), make([]uint64, g.nw))
	var names []string
	for _, c := range got {
		names = append(names, g.l.CandidateName(c))
	}
	assert.Equal(t, []string{"r4c9<>6"}, names)
}

// TestChainALSForcingsHold checks every forcing link on the states of real puzzles
// against the solution: the set holds the digit it would lose, or the forced cell
// holds its digit. Bivalue cells are never the forced ones.
func TestChainALSForcingsHold(t *testing.T) {
	checked := 0
	for _, line := range chainPuzzles(t, 3) {
		p, err := board.Parse(line)
		require.NoError(t, err)
		_, sol := solvedPuzzle(t, line)
		walkStuck(t, p, basicsBefore(), chainFamily, func(b *board.Board) {
			g := buildChainGraph(testScratch(), b, allGroupedLinks)
			for x := range int32(len(g.nodes)) {
				nx := g.nodes[x]
				if nx.kind != chainALSNode {
					require.Empty(t, g.forcedBy(x))
					continue
				}
				held := slices.ContainsFunc(g.als[nx.als].cells, func(c board.Cell) bool { return sol[c] == nx.digit })
				for _, y := range g.forcedBy(x) {
					ny := g.nodes[y]
					require.Equal(t, chainCandidate, ny.kind)
					require.GreaterOrEqual(t, b.Candidates(ny.cell).Count(), 3)
					require.True(t, held || sol[ny.cell] == ny.digit, "%s: set %v without %d does not force %s",
						b, g.als[nx.als].cells, nx.digit, g.l.CandidateName(board.Candidate{Cell: ny.cell, Digit: ny.digit}))
					checked++
				}
			}
		})
	}
	require.Positive(t, checked, "no forcing link on any state")
}

// TestChainViewsTriedBySize pins which chain techniques run above 9x9: the plain ones
// everywhere, the grouped ones and those through sets only up to chainGroupedMaxN.
func TestChainViewsTriedBySize(t *testing.T) {
	views := map[string]chainView{
		idXChain: xChainView, idXYChain: xyChainView, idContinuousNiceLoop: loopView,
		idDiscontinuousNiceLoop: brokenLoopView, idAIC: aicView,
		idGroupedContinuousLoop: groupedLoopView, idGroupedDiscontinuous: groupedBrokenLoopView, idGroupedAIC: groupedAICView,
		idALSContinuousLoop: alsLoopView, idALSDiscontinuous: alsBrokenLoopView, idALSAIC: alsAICView,
	}
	plain := map[string]bool{idXChain: true, idXYChain: true, idContinuousNiceLoop: true, idDiscontinuousNiceLoop: true, idAIC: true}
	for id, v := range views {
		for _, n := range []int{4, 6, 9, 12, 16, 25} {
			assert.Equal(t, plain[id] || n <= 9, v.tried(n), "%s on %dx%d", id, n, n)
		}
	}
}

// TestChainMissAcrossStates walks the 16x16 of the large-grid benchmark with one
// solve's state, as the pipeline does, and on every state where the chains are reached
// compares the first step of each chain view, of Medusa and of the bent wings with the
// one a fresh solve finds: a finder that skips a state, or looks at less of it,
// because it found nothing on an earlier one (chainMiss) must miss nothing. The skip
// must also happen, or the test checks nothing.
func TestChainMissAcrossStates(t *testing.T) {
	b := parsed(grid16)(t).Clone()
	st := newSolveState()
	chainTechs := []Technique{XYWing, XYZWing, WXYZWing, XChain, XYChain, ContinuousNiceLoop, DiscontinuousNiceLoop, AIC, Medusa3D}
	skipped, compared := 0, 0
	for steps := 0; !b.Solved() && steps < 400; steps++ {
		s, tech, ok, err := st.first(t.Context(), b, Default(), Knowledge{Unique: true})
		require.NoError(t, err)
		if !ok {
			s, err = SearchStep(t.Context(), b, Knowledge{Unique: true})
			require.NoError(t, err)
		}
		if ok && tech.Difficulty >= XChain.Difficulty && (!testing.Short() || compared < 300) {
			for _, ct := range chainTechs {
				if m := st.sc.chainMissOf(ct.ID); m != nil && m.covers(b) {
					skipped++
				}
				got, _, gotOK := firstWith(st, b, ct)
				want, _, wantOK := firstWith(newSolveState(), b, ct)
				require.Equal(t, wantOK, gotOK, "%s after %d steps", ct.ID, steps)
				require.Equal(t, want, got, "%s after %d steps", ct.ID, steps)
				compared++
			}
		}
		mustApply(t, b, s)
		st.invalidate()
	}
	require.True(t, b.Solved())
	require.Positive(t, compared, "no state reached the chains")
	require.Positive(t, skipped, "no chain view skipped a state")
}
