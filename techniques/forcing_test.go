package techniques

import (
	"bufio"
	"context"
	"os"
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

// lastResorts are this family's techniques in Default(), in its order.
var lastResorts = []Technique{Medusa3D, ForcingChainContradiction, ForcingNetContradiction, ForcingNetVerity}

const (
	top1465Path       = "../../shared/puzzles/top1465.txt"
	forcingSamplePath = "../testdata/puzzles/forcing.txt"
)

// readPuzzleLines returns up to max puzzle lines of a file (all when max <= 0), skipping
// comments and blank lines; the test skips when the file is absent.
func readPuzzleLines(tb testing.TB, path string, max int) []string {
	tb.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		tb.Skipf("%s is absent", path)
	}
	require.NoError(tb, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && (max <= 0 || len(out) < max) {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Fields(line)[0])
	}
	require.NoError(tb, sc.Err())
	return out
}

// withForcing returns ts followed by whichever of lastResorts it lacks.
func withForcing(ts []Technique) []Technique {
	for _, f := range lastResorts {
		if !slices.ContainsFunc(ts, func(t Technique) bool { return t.ID == f.ID }) {
			ts = append(ts, f)
		}
	}
	return ts
}

// withoutForcing returns ts without this family's techniques, so a test can reach the
// states where nothing simpler applies.
func withoutForcing(ts []Technique) []Technique {
	return slices.DeleteFunc(slices.Clone(ts), func(t Technique) bool {
		return t.ID == Medusa3D.ID || slices.ContainsFunc(forcingTechniques, func(f Technique) bool { return f.ID == t.ID })
	})
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
	for _, h := range l.HousesOf(c.Cell) {
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
		s, _, ok := First(b, ts, Knowledge{Unique: true})
		if !ok {
			return
		}
		requireTrue(t, b, s, sol)
		require.NoError(t, Apply(b, s))
	}
}

// requireTrue checks a step against the solution.
func requireTrue(t *testing.T, b *board.Board, s explain.Step, sol []board.Digit) {
	t.Helper()
	l := b.Layout()
	line := explain.OneLiner(l, s)
	for _, p := range s.Placements {
		require.Equal(t, sol[p.Cell], p.Digit, "%s places a wrong digit", line)
	}
	for _, e := range s.Eliminations {
		require.NotEqual(t, sol[e.Cell], e.Digit, "%s removes the solution", line)
	}
}

// TestForcingSound walks puzzles of the sample (and of top1465 when present, a few under
// -short) with the simpler techniques; each time they are stuck, every step of every
// forcing technique must be sound on the state and true to the solution, and the first
// one found is applied.
func TestForcingSound(t *testing.T) {
	lines := readPuzzleLines(t, forcingSamplePath, 0)
	if testing.Short() {
		lines = lines[:8]
	}
	simple := withoutForcing(Default())
	all := withForcing(Default())
	for i, line := range lines {
		b, err := parseGrid(line)
		require.NoError(t, err)
		sol, err := fallback.Unique(context.Background(), b)
		require.NoError(t, err, "puzzle %d", i+1)
		for rounds := 0; !b.Solved(); rounds++ {
			advance(t, b, simple, sol)
			if b.Solved() {
				break
			}
			steps := 0
			for _, tech := range forcingTechniques {
				verity := strings.HasSuffix(tech.ID, "verity")
				rule := alongChains
				if strings.Contains(tech.ID, "net") {
					rule = throughNets
				}
				tech.Find(b, func(s explain.Step) bool {
					require.Equal(t, tech.ID, s.Technique)
					requireTrue(t, b, s, sol)
					checkForcingStep(t, b, s, rule, verity)
					steps++
					return steps < 60 // enough to check, without following every premise
				})
			}
			s, _, ok := First(b, all, Knowledge{Unique: true})
			if !ok {
				break // beyond single-level nets: the fallback's job
			}
			require.NoError(t, Apply(b, s))
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
		s, _, ok := First(b, ts, k)
		if !ok {
			var err error
			s, err = SearchStep(context.Background(), b, k)
			require.NoError(tb, err)
			fallbacks++
		}
		require.NoError(tb, Apply(b, s))
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
}
