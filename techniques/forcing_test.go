package techniques

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

// forcingTechniques are the forcing chain and net techniques, simplest first.
var forcingTechniques = []Technique{
	ForcingChainContradiction, ForcingChainVerity, ForcingNetContradiction, ForcingNetVerity,
}

// forcingKinds says how each forcing technique propagates and what it concludes, for
// the checks.
var forcingKinds = []struct {
	tech   Technique
	rule   propagation
	verity bool
}{
	{ForcingChainContradiction, alongChains, false},
	{ForcingChainVerity, alongChains, true},
	{ForcingNetContradiction, throughNets, false},
	{ForcingNetVerity, throughNets, true},
}

// lastResorts are this family's techniques in Default(), in its order.
var lastResorts = []Technique{Medusa3D, ForcingChainContradiction, ForcingNetContradiction, ForcingNetVerity}

const (
	forcingSamplePath = "../testdata/puzzles/forcing.txt"
)

// withForcing returns ts followed by whichever of lastResorts it lacks.
func withForcing(ts []Technique) []Technique {
	for _, f := range lastResorts {
		if !slices.ContainsFunc(ts, func(t Technique) bool { return t.ID == f.ID }) {
			ts = append(ts, f)
		}
	}
	return ts
}

// basics are the techniques the soundness walks use to reach states for this family:
// a fixed list rather than Default(), so that chains and wings added to Default() do not
// leave the walks without work for Medusa and the forcing techniques.
var basics = []Technique{
	FullHouse, HiddenSingle, NakedSingle, LockedCandidatesPointing, LockedCandidatesClaiming,
	LockedPair, LockedTriple, NakedPair, XWing, HiddenPair, NakedTriple, Swordfish,
	HiddenTriple, NakedQuad, Jellyfish, HiddenQuad,
}

// nodeValue is a chain node with the truth value the chain gives it.
type nodeValue struct {
	cand board.Candidate
	on   bool
}

// branchKey is a node shown by a chain that starts at premise.
type branchKey struct {
	premise nodeValue
	node    nodeValue
}

// branchValues reads the truth value of every node of a chain from its links: a weak
// link leaves a true node, a strong one a false node. A chain without links is a bare
// premise, whose value the caller gives.
func branchValues(t *testing.T, ch explain.Chain, bare bool) []nodeValue {
	t.Helper()
	require.Len(t, ch.Links, max(len(ch.Nodes)-1, 0), "links do not join the nodes")
	out := make([]nodeValue, len(ch.Nodes))
	on := bare
	if len(ch.Links) > 0 {
		on = ch.Links[0] == explain.Weak
	}
	for i, n := range ch.Nodes {
		require.Len(t, n.Cells, 1, "a forcing node is one candidate")
		d, ok := n.Digits.Single()
		require.True(t, ok, "a forcing node is one candidate")
		out[i] = nodeValue{board.Candidate{Cell: n.Cells[0], Digit: d}, on}
		if i < len(ch.Links) {
			require.Equal(t, on, ch.Links[i] == explain.Weak, "node %d: a weak link must leave a true node, a strong one a false node", i)
		}
		on = !on
	}
	return out
}

// checkForcingStep checks that every branch of a forcing step is sound on b: each link
// is an implication of b's state under the premise (a single through a net must have
// every other candidate of its cell, or place of its house, shown false by an earlier
// chain of the same premise), and the branches end as the technique says.
func checkForcingStep(t *testing.T, b *board.Board, s explain.Step, rule propagation, verity bool) {
	t.Helper()
	l := b.Layout()
	line := explain.OneLiner(l, s)
	require.NotEmpty(t, s.Pattern.Chains, line)
	require.Equal(t, 1, len(s.Placements)+len(s.Eliminations), "%s: one conclusion", line)
	var concl nodeValue
	if len(s.Placements) == 1 {
		concl = nodeValue{s.Placements[0], true}
	} else {
		concl = nodeValue{s.Eliminations[0], false}
	}
	type key = branchKey
	shown := map[key]bool{}
	var ends []key
	for i, ch := range s.Pattern.Chains {
		// A bare premise only occurs in a contradiction, where the conclusion negates it.
		vals := branchValues(t, ch, !concl.on)
		premise := vals[0]
		for j, v := range vals {
			if j > 0 {
				prev := vals[j-1]
				a, c := prev.cand, v.cand
				if prev.on {
					sameCell := a.Cell == c.Cell && a.Digit != c.Digit
					sameDigit := a.Digit == c.Digit && l.Sees(a.Cell, c.Cell)
					require.True(t, sameCell || sameDigit, "%s: chain %d: weak link %v-%v", line, i, a, c)
				} else {
					require.True(t, b.Has(c.Cell, c.Digit), "%s: chain %d: %v is no candidate", line, i, c)
					forced := lastLeft(l, b, c, a, func(o board.Candidate) bool {
						if rule == alongChains {
							return false // a chain may only use a strong link of b
						}
						return shown[key{premise, nodeValue{o, false}}]
					})
					require.True(t, forced, "%s: chain %d: %v false does not force %v", line, i, a, c)
				}
			}
			shown[key{premise, v}] = true
		}
		ends = append(ends, key{premise, vals[len(vals)-1]})
	}
	if verity {
		premises := map[nodeValue]bool{}
		for _, k := range ends {
			premises[k.premise] = true
		}
		for _, k := range ends {
			if k.node == concl {
				continue
			}
			// A supporting chain ends in a false node a later chain rests on.
			require.False(t, k.node.on, "%s: a branch ends in %v, not in the conclusion", line, k.node)
		}
		checkPremiseGroup(t, b, s, premises)
		return
	}
	// Contradiction: every chain starts at the premise the conclusion negates, and the
	// clash is named.
	require.Len(t, s.Pattern.Sets, 1, "%s: where the branches clash", line)
	for _, k := range ends {
		require.Equal(t, nodeValue{concl.cand, !concl.on}, k.premise, "%s: a branch starts elsewhere", line)
	}
	require.True(t, contradicts(l, b, ends[len(ends)-1].premise, shown), "%s: the branches end in no contradiction", line)
}

// lastLeft reports whether c is forced true once a is false: c is the other candidate
// of a cell or the other place of a digit in a house that had two, or every other
// candidate (place) is known false by known.
func lastLeft(l *board.Layout, b *board.Board, c, a board.Candidate, known func(board.Candidate) bool) bool {
	others := func(cands []board.Candidate) bool {
		for _, o := range cands {
			if o != a && o != c && !known(o) {
				return false
			}
		}
		return true
	}
	var inCell []board.Candidate
	for _, d := range b.Candidates(c.Cell).Digits() {
		inCell = append(inCell, board.Candidate{Cell: c.Cell, Digit: d})
	}
	if slices.Contains(inCell, a) && others(inCell) {
		return true
	}
	for _, h := range l.AllHousesOf(c.Cell) {
		var inHouse []board.Candidate
		for _, o := range l.CellsIn(h, b.Positions(h, c.Digit)) {
			inHouse = append(inHouse, board.Candidate{Cell: o, Digit: c.Digit})
		}
		if slices.Contains(inHouse, a) && others(inHouse) {
			return true
		}
	}
	return false
}

// contradicts reports whether the nodes shown under premise contain a contradiction.
func contradicts(l *board.Layout, b *board.Board, premise nodeValue, shown map[branchKey]bool) bool {
	type key = branchKey
	isFalse := func(c board.Cell, d board.Digit) bool {
		return shown[key{premise, nodeValue{board.Candidate{Cell: c, Digit: d}, false}}]
	}
	for k := range shown {
		if k.premise == premise && shown[key{premise, nodeValue{k.node.cand, !k.node.on}}] {
			return true
		}
	}
	for c := range board.Cell(l.Cells()) {
		if b.Value(c) != 0 {
			continue
		}
		if !slices.ContainsFunc(b.Candidates(c).Digits(), func(d board.Digit) bool { return !isFalse(c, d) }) {
			return true
		}
	}
	for h := range board.House(l.Houses()) {
		for d := board.Digit(1); int(d) <= l.N(); d++ {
			p := b.Positions(h, d)
			if p == 0 {
				continue
			}
			if !slices.ContainsFunc(l.CellsIn(h, p), func(c board.Cell) bool { return !isFalse(c, d) }) {
				return true
			}
		}
	}
	return false
}

// checkPremiseGroup checks that the premises of a verity cover every case of its group.
func checkPremiseGroup(t *testing.T, b *board.Board, s explain.Step, premises map[nodeValue]bool) {
	t.Helper()
	l := b.Layout()
	line := explain.OneLiner(l, s)
	var want []nodeValue
	p := s.Pattern
	switch {
	case len(p.Houses) == 1:
		d, ok := p.Digits.Single()
		require.True(t, ok, line)
		for _, c := range l.CellsIn(p.Houses[0], b.Positions(p.Houses[0], d)) {
			want = append(want, nodeValue{board.Candidate{Cell: c, Digit: d}, true})
		}
	case len(p.Cells) == 1 && p.Digits.Count() == 1:
		cand := board.Candidate{Cell: p.Cells[0], Digit: p.Digits.First()}
		want = []nodeValue{{cand, true}, {cand, false}}
	default:
		require.Len(t, p.Cells, 1, line)
		require.Equal(t, b.Candidates(p.Cells[0]), p.Digits, line)
		for _, d := range p.Digits.Digits() {
			want = append(want, nodeValue{board.Candidate{Cell: p.Cells[0], Digit: d}, true})
		}
	}
	got := make([]nodeValue, 0, len(premises))
	for k := range premises {
		got = append(got, k)
	}
	require.ElementsMatch(t, want, got, "%s: the branches do not cover the group", line)
}

// advance applies the first step of ts until none applies or the board is solved,
// checking each step against the solution.
func advance(t *testing.T, b *board.Board, ts []Technique, sol []board.Digit) {
	t.Helper()
	for !b.Solved() {
		s, _, ok := firstOn(b, ts, Knowledge{Unique: true})
		if !ok {
			return
		}
		requireSound(t, "forcing", b, sol, s)
		mustApply(t, b, s)
	}
}

// TestForcingSound walks the sample puzzles (the first 8 under -short) with the basics;
// each time they are stuck, the first 20 steps of every forcing technique must be sound
// on the state, link by link, and true to the solution; then the first step of this
// family is applied.
func TestForcingSound(t *testing.T) {
	lines := readPuzzleLines(t, forcingSamplePath, 0)
	if testing.Short() {
		lines = lines[:8]
	}
	forcingWalk(t, lines, func(b *board.Board, sol []board.Digit) {
		for _, k := range forcingKinds {
			steps := 0
			findOn(k.tech, b, func(s explain.Step) bool {
				require.Equal(t, k.tech.ID, s.Technique)
				requireSound(t, "forcing", b, sol, s)
				checkForcingStep(t, b, s, k.rule, k.verity)
				steps++
				return steps < 20 // enough to check, without following every premise
			})
		}
	})
}

// TestForcingChainPremiseFilter checks skipUncontradictable: no premise it marks done
// runs into a contradiction when propagated along chains to the end, and it marks
// some (else it would save nothing).
func TestForcingChainPremiseFilter(t *testing.T) {
	lines := readPuzzleLines(t, forcingSamplePath, 0)
	if testing.Short() {
		lines = lines[:4]
	}
	skipped, refuted := 0, 0
	forcingWalk(t, lines, func(b *board.Board, _ []board.Digit) {
		st := newSolveState()
		e := loadEngine(&st.sc, b, alongChains)
		defer e.release(&st.sc)
		premises := e.premises()
		done := make([]bool, len(premises))
		skipUncontradictable(st, b, e, premises, done)
		for i, p := range premises {
			hit := e.propagate(p, depthCaps[len(depthCaps)-1])
			if done[i] {
				skipped++
				require.False(t, hit, "%s: premise %d skipped but refuted", b, p)
			} else if hit {
				refuted++
			}
		}
	})
	require.Positive(t, skipped, "no premise skipped")
	require.Positive(t, refuted, "no premise refuted")
}

// forcingWalk walks each puzzle with the basics (each of their steps checked against
// the solution) and calls stuck at every state where they are stuck; then the first
// step of the basics and this family is applied, until none applies (beyond
// single-level nets: the fallback's job).
func forcingWalk(t *testing.T, lines []string, stuck func(b *board.Board, sol []board.Digit)) {
	t.Helper()
	all := withForcing(slices.Clone(basics))
	for _, line := range lines {
		b, sol := solvedPuzzle(t, line)
		for !b.Solved() {
			advance(t, b, basics, sol)
			if b.Solved() {
				break
			}
			stuck(b, sol)
			s, _, ok := firstOn(b, all, Knowledge{Unique: true})
			if !ok {
				break
			}
			mustApply(t, b, s)
		}
	}
}

// walkthrough solves b with ts, taking a fallback step only when none applies, and
// returns how many fallback steps it took.
func walkthrough(tb testing.TB, b *board.Board, ts []Technique) int {
	tb.Helper()
	k := Knowledge{Unique: true}
	fallbacks := 0
	for !b.Solved() {
		s, _, ok := firstOn(b, ts, k)
		if !ok {
			var err error
			s, err = SearchStep(context.Background(), b, k)
			require.NoError(tb, err)
			fallbacks++
		}
		mustApply(tb, b, s)
	}
	return fallbacks
}

// BenchmarkTop1465Walkthrough runs Default() plus the forcing techniques on every puzzle
// of top1465 (the first 20 under -short) and reports how many need no fallback step and
// the mean time of a full walkthrough:
//
//	go test ./techniques -run '^$' -bench Top1465Walkthrough -benchtime 1x
func BenchmarkTop1465Walkthrough(b *testing.B) {
	max := 0
	if testing.Short() {
		max = 20
	}
	lines := readPuzzleLines(b, top1465Path, max)
	puzzles := make([]*board.Board, len(lines))
	for i, line := range lines {
		p, err := parseGrid(line)
		require.NoError(b, err)
		puzzles[i] = p
	}
	ts := withForcing(Default())
	var solved, total int
	var spent time.Duration
	cpu0, cpuOK := cpuTime()
	for b.Loop() {
		for _, p := range puzzles {
			board := p.Clone()
			start := time.Now()
			if walkthrough(b, board, ts) == 0 {
				solved++
			}
			spent += time.Since(start)
			total++
		}
	}
	b.ReportMetric(float64(solved)/float64(b.N), "no-fallback")
	b.ReportMetric(float64(len(puzzles)), "puzzles")
	b.ReportMetric(spent.Seconds()*1000/float64(total), "ms/puzzle")
	// On a shared machine the wall clock includes waiting for a core; CPU time does not
	// (it does include the garbage collector's work, which is ours).
	if cpu1, ok := cpuTime(); ok && cpuOK {
		b.ReportMetric((cpu1-cpu0).Seconds()*1000/float64(total), "cpu-ms/puzzle")
	}
}

// stuckStates walks puzzles with the basics and returns a copy of every state where they
// are stuck, moving on with this family's first step.
func stuckStates(tb testing.TB, lines []string) []*board.Board {
	tb.Helper()
	simple := basics
	all := withForcing(slices.Clone(basics))
	var out []*board.Board
	for _, line := range lines {
		b, err := parseGrid(line)
		require.NoError(tb, err)
		for !b.Solved() {
			s, _, ok := firstOn(b, simple, Knowledge{Unique: true})
			if !ok {
				out = append(out, b.Clone())
				if s, _, ok = firstOn(b, all, Knowledge{Unique: true}); !ok {
					break
				}
			}
			mustApply(tb, b, s)
		}
	}
	return out
}

// BenchmarkLastResortFinders times each technique of this family on the top1465 states
// (of the first 100 puzzles; 10 under -short) where the basics are stuck, up to its
// first step, as the pipeline calls it:
//
//	go test ./techniques -run '^$' -bench LastResortFinders
func BenchmarkLastResortFinders(b *testing.B) {
	max := 100
	if testing.Short() {
		max = 10
	}
	states := stuckStates(b, readPuzzleLines(b, top1465Path, max))
	for _, tech := range append([]Technique{Medusa3D}, forcingTechniques...) {
		b.Run(tech.ID, func(b *testing.B) {
			found := 0
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				found = 0
				for _, s := range states {
					findOn(tech, s, func(explain.Step) bool { found++; return false })
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(states)), "µs/state")
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(b.N*len(states)), "cpu-µs/state")
			}
			b.ReportMetric(float64(found)/float64(len(states)), "found/state")
		})
	}
}

// removedList splits a space-separated list of eliminations.
func removedList(s string) []string { return strings.Fields(s) }

// TestForcingChainVerity runs the chain verity, which has no fixture file because it is
// not in Default(), on named states the way the fixture runner does: every step wanted,
// none more, each true to the solution.
func TestForcingChainVerity(t *testing.T) {
	const (
		top1 = "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4...."
		top2 = "7.8...3.....2.1...5.........4.....263...8.......1...93.9.6....4....7.5..........."
		rm1  = "r1c2<>1 r1c2<>2 r1c3<>5 r1c3<>9 r2c2<>1 r2c2<>2 r2c3<>5 r2c3<>9 r3c2<>2 r3c3<>5 r3c3<>9 " +
			"r4c2<>1 r4c2<>2 r4c4<>4 r4c6<>4 r4c7<>1 r4c7<>4 r4c9<>4 r5c3<>1 r5c3<>2 r5c3<>4 r6c3<>1 " +
			"r6c3<>4 r6c3<>6 r6c7<>1 r7c8<>6 r7c8<>8 r7c9<>6 r7c9<>8 r8c2<>6 r8c9<>6 r8c9<>8 r9c2<>6 " +
			"r9c4<>8 r9c6<>6 r9c6<>8 r9c7<>3 r9c7<>5 r9c8<>1 r9c8<>2 r9c8<>3 r9c8<>5 r9c9<>2 r9c9<>3 r9c9<>5"
		rm2 = "r2c7<>8 r3c4<>3 r3c4<>4 r3c4<>9 r3c6<>3 r3c6<>4 r3c6<>6 r3c6<>9 r3c7<>7 r3c7<>8 r3c8<>7 " +
			"r3c8<>8 r3c9<>7 r3c9<>8 r4c5<>3 r5c2<>5 r5c3<>5 r5c4<>5 r5c6<>5 r7c5<>3 r7c7<>8 r9c5<>3 r9c7<>8"
	)
	cases := []fixtureCase{
		{
			Name: "4 in row 2, two conclusions", Source: "top1465:1, walkthrough state", Grid: top1,
			Removed: removedList(rm1),
			Want: []string{
				"Forcing Chain Verity: 4 in r2 => r5c9<>4",
				"Forcing Chain Verity: 4 in r2 => r6c6<>4",
			},
		},
		{
			Name: "nothing once they are made", Source: "top1465:1, the state above after its two steps", Grid: top1,
			Removed: removedList(rm1 + " r5c9<>4 r6c6<>4"),
			Want:    []string{},
		},
		{
			Name: "5 in row 2", Source: "top1465:2, walkthrough state", Grid: top2,
			Removed: removedList(rm2),
			Want:    []string{"Forcing Chain Verity: 5 in r2 => r2c9<>9"},
		},
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) { runCase(t, "TestForcingChainVerity", ForcingChainVerity, c) })
	}
}

// TestChainVerityIsChainContradiction checks why Default() leaves the chain verity out:
// on every stuck state of the sample, whatever it concludes, a chain contradiction
// concludes too (a placement in a cell of two may come as the other candidate removed).
func TestChainVerityIsChainContradiction(t *testing.T) {
	// Every step of both to the end is slow: a few puzzles make the point.
	lines := readPuzzleLines(t, forcingSamplePath, 10)
	if testing.Short() {
		lines = lines[:3]
	}
	checked := 0
	for _, b := range stuckStates(t, lines) {
		l := b.Layout()
		contra := map[string]bool{}
		for _, s := range findAll(ForcingChainContradiction, b) {
			for _, p := range s.Placements {
				contra[l.PlacementName(p)] = true
			}
			for _, e := range s.Eliminations {
				contra[l.CandidateName(e)] = true
			}
		}
		for _, s := range findAll(ForcingChainVerity, b) {
			for _, p := range s.Placements {
				other := b.Candidates(p.Cell).Without(p.Digit)
				viaOther := other.Count() == 1 && contra[l.CandidateName(board.Candidate{Cell: p.Cell, Digit: other.First()})]
				require.True(t, contra[l.PlacementName(p)] || viaOther, "%s has no contradiction", explain.OneLiner(l, s))
			}
			for _, e := range s.Eliminations {
				require.True(t, contra[l.CandidateName(e)], "%s has no contradiction", explain.OneLiner(l, s))
			}
			checked++
		}
	}
	require.Positive(t, checked, "no chain verity on the sample")
}

// sizedPuzzle makes a puzzle of an n x n layout with one solution: a pattern solution,
// then givens taken away in a fixed shuffled order while the solution stays unique,
// until keep of them are left or none can go.
func sizedPuzzle(t *testing.T, n, keep int) *board.Board {
	t.Helper()
	l, err := board.LayoutOf(n)
	require.NoError(t, err)
	br, bc := l.BoxRows(), l.BoxCols()
	values := make([]board.Digit, l.Cells())
	for r := range n {
		for c := range n {
			values[r*n+c] = board.Digit((r%br*bc+r/br+c)%n + 1)
		}
	}
	order := make([]int, len(values))
	for i := range order {
		order[i] = (i*7919 + 13) % len(values) // a fixed permutation: 7919 is prime to every size
	}
	left := len(values)
	for _, i := range order {
		if left <= keep {
			break
		}
		v := values[i]
		values[i] = 0
		b, err := board.FromDigits(l, values)
		require.NoError(t, err)
		if count, err := fallback.Count(context.Background(), b, 2); err != nil || count != 1 {
			values[i] = v
			continue
		}
		left--
	}
	b, err := board.FromDigits(l, values)
	require.NoError(t, err)
	return b
}

// TestForcingOtherSizes runs every technique of this family on puzzles of other sizes:
// the engine works on houses, so each step must be as sound there as on 9x9.
func TestForcingOtherSizes(t *testing.T) {
	forOtherSizes(t, func(t *testing.T, name string, b *board.Board, sol []board.Digit) {
		found := 0
		for _, k := range forcingKinds {
			steps := 0
			findOn(k.tech, b, func(s explain.Step) bool {
				requireSound(t, "forcing", b, sol, s)
				checkForcingStep(t, b, s, k.rule, k.verity)
				steps++
				return steps < 10
			})
			found += steps
		}
		findOn(Medusa3D, b, func(s explain.Step) bool {
			requireSound(t, "forcing", b, sol, s)
			checkMedusaStep(t, b, s)
			found++
			return true
		})
		require.Positive(t, found, "nothing found on the %s puzzle", name)
		// The whole family finishes the puzzle with the singles, no search needed.
		require.Zero(t, walkthrough(t, b.Clone(), withForcing([]Technique{FullHouse, HiddenSingle, NakedSingle})))
	})
}

// allRefuted is the contradiction finder's order written plainly: each round follows
// every premise not done to the round's depth, then reports the refuted ones by the
// size of their written proof, then the depth of their contradiction, in premise
// order among equals. The finder finds each
// round's first step alone first (firstRefuted); both must give the same steps.
func allRefuted(b *board.Board, id string, rule propagation) []explain.Step {
	st := newSolveState()
	e := loadEngine(&st.sc, b, rule)
	premises := e.premises()
	done := make([]bool, len(premises))
	if rule == alongChains {
		skipUncontradictable(st, b, e, premises, done)
	}
	var out []explain.Step
	for _, maxDepth := range depthCaps {
		type hit struct {
			premise, depth int32
			written        int
		}
		var hits []hit
		for i, pr := range premises {
			if done[i] {
				continue
			}
			if e.propagate(pr, maxDepth) {
				// The written size counted the long way: the finder's count must agree.
				w := math.MaxInt
				if p := e.proof(pr); p != nil {
					w = p.Written()
				}
				hits = append(hits, hit{pr, e.conf.depth, w})
				done[i] = true
			}
		}
		slices.SortStableFunc(hits, func(a, b hit) int {
			if a.written != b.written {
				return a.written - b.written
			}
			return int(a.depth - b.depth)
		})
		for _, h := range hits {
			reportRefuted(b, e, id, h.premise, maxDepth, func(s explain.Step) bool {
				out = append(out, s)
				return true
			})
		}
	}
	return out
}

func TestForcingContradictionFirstStep(t *testing.T) {
	lines := readPuzzleLines(t, forcingSamplePath, 6)
	if testing.Short() {
		lines = lines[:3]
	}
	checked := 0
	// One solve's state for all the states, as a walkthrough has: the engine and its
	// buffers go from one state to the next.
	st := newSolveState()
	for _, b := range stuckStates(t, lines) {
		l := b.Layout()
		st.invalidate()
		for _, c := range []struct {
			tech Technique
			rule propagation
		}{{ForcingChainContradiction, alongChains}, {ForcingNetContradiction, throughNets}} {
			want := allRefuted(b, c.tech.ID, c.rule)
			var got []explain.Step
			st.pass(t.Context(), b, c.tech, func(s explain.Step) bool {
				got = append(got, s)
				return true
			}).run()
			require.Equal(t, len(want), len(got), "%s on %s", c.tech.ID, b)
			for i := range want {
				require.Equal(t, explain.OneLiner(l, want[i]), explain.OneLiner(l, got[i]), "%s step %d on %s", c.tech.ID, i, b)
			}
			if len(want) > 0 {
				first, err := c.tech.Steps(t.Context(), b, 1)
				require.NoError(t, err)
				require.Len(t, first, 1)
				require.Equal(t, want[0], first[0], "%s first step on %s", c.tech.ID, b)
				checked++
			}
		}
	}
	require.Positive(t, checked, "no forcing contradiction on the sample")
}

// TestForcingRestore checks that the engine puts back every candidate and place a
// propagation took out, whether it ended in a contradiction, at its depth cap or ran
// out of consequences: the next premise starts from the given state.
func TestForcingRestore(t *testing.T) {
	lines := readPuzzleLines(t, forcingSamplePath, 2)
	checked := 0
	for _, b := range stuckStates(t, lines) {
		for _, rule := range []propagation{alongChains, throughNets} {
			e := loadEngine(testScratch(), b, rule)
			for i, pr := range e.premises() {
				e.propagate(pr, depthCaps[i%len(depthCaps)])
				e.restore()
				require.Equal(t, e.orig, e.cands, "candidates after premise %d", i)
				require.Equal(t, e.origPos, e.pos, "places after premise %d", i)
				checked++
			}
		}
	}
	require.Positive(t, checked)
}

// TestForcingMemoAcrossStates walks the 16x16 of the large-grid benchmark with one
// solve's state, as the pipeline does, and on every state where the forcing
// contradictions are reached compares their first step with the one a fresh solve
// finds: the premises remembered from earlier states (premiseMemo) must change
// nothing. The memo must also be used, or the test checks nothing.
func TestForcingMemoAcrossStates(t *testing.T) {
	b := parsed(grid16)(t).Clone()
	st := newSolveState()
	kept, compared := 0, 0
	for steps := 0; !b.Solved() && steps < 400; steps++ {
		s, _, ok, err := st.first(t.Context(), b, Default(), Knowledge{Unique: true})
		require.NoError(t, err)
		if !ok {
			s, err = SearchStep(t.Context(), b, Knowledge{Unique: true})
			require.NoError(t, err)
		}
		if strings.HasPrefix(s.Technique, "forcing-") && (!testing.Short() || compared < 80) {
			for _, tech := range []Technique{ForcingChainContradiction, ForcingNetContradiction} {
				got, _, gotOK := firstWith(st, b, tech)
				want, _, wantOK := firstWith(newSolveState(), b, tech)
				require.Equal(t, wantOK, gotOK, "%s after %d steps", tech.ID, steps)
				require.Equal(t, want, got, "%s after %d steps", tech.ID, steps)
				compared++
			}
			for _, e := range st.sc.forcing.free {
				kept += len(e.memo[throughNets].nodes)
			}
		}
		mustApply(t, b, s)
		st.invalidate()
	}
	require.True(t, b.Solved())
	require.Positive(t, compared, "no forcing contradiction on the walk")
	require.Positive(t, kept, "the memo kept no premise across states")
}

// firstWith runs tech alone on b within st and returns its first step.
func firstWith(st *solveState, b *board.Board, tech Technique) (explain.Step, Technique, bool) {
	s, t, ok, err := st.first(context.Background(), b, []Technique{tech}, Knowledge{Unique: true})
	if err != nil {
		panic(err)
	}
	return s, t, ok
}

// TestCellDigit checks the engine's division by multiplication against the division,
// for every grid size and every node index of the grid.
func TestCellDigit(t *testing.T) {
	for n := 1; n <= board.MaxSize; n++ {
		e := forcingEngine{n: n, recip: recipOf(n)}
		for k := range int32(n * n * n * n) {
			c, di := e.cellDigit(k)
			if c != k/int32(n) || di != k%int32(n) {
				t.Fatalf("n %d, k %d: got %d, %d; want %d, %d", n, k, c, di, k/int32(n), k%int32(n))
			}
		}
	}
}
