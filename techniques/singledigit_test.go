package techniques

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// singleDigitFamily is every technique of singledigit.go and coloring.go.
func singleDigitFamily() []Technique {
	return []Technique{
		Skyscraper, TwoStringKite, TurbotFish, EmptyRectangle,
		DualTwoStringKite, DualEmptyRectangle,
		SimpleColorsTrap, SimpleColorsWrap, MultiColors1, MultiColors2,
	}
}

// onlyAt returns an empty classic board on which digit d is a candidate only in the
// named cells (every other digit stays everywhere), to build one-digit patterns by hand.
func onlyAt(t *testing.T, d board.Digit, names ...string) *board.Board {
	t.Helper()
	l := board.Classic
	b := board.New(l)
	keep := board.CellSet{}
	for _, n := range names {
		c, err := l.ParseCell(n)
		require.NoError(t, err)
		keep.Add(c)
	}
	for c := range board.Cell(l.Cells()) {
		if !keep.Has(c) {
			b.Eliminate(c, d)
		}
	}
	return b
}

// lines returns the one-liners of every step t finds on b.
func lines(b *board.Board, t Technique) []string {
	var out []string
	findOn(t, b, func(s explain.Step) bool {
		out = append(out, explain.OneLiner(b.Layout(), s))
		return true
	})
	return out
}

// elimSets returns the eliminations of every step t finds on b, as notation.
func elimSets(b *board.Board, t Technique) [][]string {
	var out [][]string
	l := b.Layout()
	findOn(t, b, func(s explain.Step) bool {
		var e []string
		for _, c := range s.Eliminations {
			e = append(e, l.CandidateName(c))
		}
		out = append(out, e)
		return true
	})
	return out
}

func TestPairLinks(t *testing.T) {
	l := board.Classic
	type link struct {
		a, b  string
		kinds []board.HouseKind
	}
	cases := []struct {
		name  string
		cells []string
		want  []link
	}{
		{
			name:  "a zigzag of a row, a column and a row",
			cells: []string{"r1c1", "r1c5", "r5c5", "r5c9"},
			want: []link{
				{"r1c1", "r1c5", []board.HouseKind{board.Row}},
				{"r5c5", "r5c9", []board.HouseKind{board.Row}},
				{"r1c5", "r5c5", []board.HouseKind{board.Column}},
			},
		},
		{
			name:  "two cells alone in their row and their box make one link of both kinds",
			cells: []string{"r1c1", "r1c2", "r5c5", "r6c6", "r9c9", "r8c8"},
			want: []link{
				{"r1c1", "r1c2", []board.HouseKind{board.Row, board.Box}},
				{"r5c5", "r6c6", []board.HouseKind{board.Box}},
				{"r8c8", "r9c9", []board.HouseKind{board.Box}},
			},
		},
		{
			name:  "three places in every house make no link",
			cells: []string{"r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"},
			want:  nil,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := onlyAt(t, 1, tc.cells...)
			var got []link
			for _, p := range pairLinks(nil, b, 1) {
				var ks []board.HouseKind
				for _, k := range []board.HouseKind{board.Row, board.Column, board.Box} {
					if p.kinds.has(k) {
						ks = append(ks, k)
					}
				}
				got = append(got, link{l.CellName(p.a), l.CellName(p.b), ks})
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestLinkChainsByHand(t *testing.T) {
	cases := []struct {
		name  string
		cells []string // the only places of 1
		tech  Technique
		want  [][]string
	}{
		{
			name: "skyscraper on rows 1 and 3 based in column 1",
			// Rows 1 and 3 hold 1 twice each; the bases r1c1 and r3c1 share column 1,
			// the tops r1c5 and r3c6 lie in box 2, whose row 2 sees both. Columns 5 and
			// 6 get a third place so that they make no pairs of their own.
			cells: []string{"r1c1", "r1c5", "r3c1", "r3c6", "r2c4", "r2c5", "r2c6", "r2c9", "r5c1", "r6c5", "r8c6"},
			tech:  Skyscraper,
			want:  [][]string{{"r2c4<>1", "r2c5<>1", "r2c6<>1"}},
		},
		{
			name: "tops in one column make an X-Wing, not a skyscraper",
			// Read as skyscrapers, rows 1 and 3 would remove r2c5 and rows 2 and 6 would
			// remove r1c5 and r3c5; both are X-Wings and left to the fish.
			cells: []string{"r1c1", "r1c5", "r3c1", "r3c5", "r2c5", "r2c9", "r6c5", "r6c9"},
			tech:  Skyscraper,
			want:  nil,
		},
		{
			name: "2-string kite through box 1",
			// Row 1: r1c2, r1c7; column 1: r2c1, r8c1; r1c2 and r2c1 share box 1, so
			// r1c7 or r8c1 holds 1 and r8c7 loses it.
			cells: []string{"r1c2", "r1c7", "r2c1", "r8c1", "r8c7", "r8c8", "r9c7", "r3c3", "r3c9", "r9c8"},
			tech:  TwoStringKite,
			want:  [][]string{{"r8c7<>1"}},
		},
		{
			name: "turbot fish through a box pair",
			// Box 1 holds 1 only at r1c1 and r3c3, a box pair off any line pair. r3c3
			// sees r3c5 and r3c8 in row 3, the tops of the column pairs of columns 5 and
			// 8. Either way r1c1 or the bottom of the column holds 1, and r7c1 sees
			// both: two chains, one elimination each.
			cells: []string{"r1c1", "r3c3", "r3c5", "r3c8", "r7c1", "r7c5", "r7c8", "r5c1"},
			tech:  TurbotFish,
			want:  [][]string{{"r7c1<>1"}, {"r7c1<>1"}},
		},
		{
			name:  "the same cells hold no kite",
			cells: []string{"r1c1", "r3c3", "r3c5", "r3c8", "r7c1", "r7c5", "r7c8", "r5c1"},
			tech:  TwoStringKite,
			want:  nil,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := onlyAt(t, 1, tc.cells...)
			got := elimSets(b, tc.tech)
			assert.Equal(t, tc.want, got, "steps: %q", lines(b, tc.tech))
		})
	}
}

// linkChainKey names a chain A=B-C=D on d independently of its direction.
func linkChainKey(l *board.Layout, d board.Digit, cs [4]board.Cell) string {
	if cs[3] < cs[0] {
		cs = [4]board.Cell{cs[3], cs[2], cs[1], cs[0]}
	}
	return fmt.Sprintf("%d:%s=%s-%s=%s", d, l.CellName(cs[0]), l.CellName(cs[1]), l.CellName(cs[2]), l.CellName(cs[3]))
}

// bruteChains lists, by brute force over every four candidates of a digit, the chains
// A=B-C=D (two conjugate pairs in any houses, a weak link, four different cells) that
// eliminate something and do not read as an X-Wing.
func bruteChains(b *board.Board) map[string]bool {
	l := b.Layout()
	out := map[string]bool{}
	conj := func(x, y board.Cell, d board.Digit) bool {
		hx, hy := l.HousesOf(x), l.HousesOf(y)
		for k := range hx {
			if hx[k] == hy[k] && b.Positions(hx[k], d).Count() == 2 {
				return true
			}
		}
		return false
	}
	for d := board.Digit(1); int(d) <= l.N(); d++ {
		var cs []board.Cell
		for c := range board.Cell(l.Cells()) {
			if b.Has(c, d) {
				cs = append(cs, c)
			}
		}
		for _, a := range cs {
			for _, bb := range cs {
				if a == bb || !conj(a, bb, d) {
					continue
				}
				for _, c := range cs {
					if c == a || c == bb || !l.Sees(bb, c) {
						continue
					}
					for _, dd := range cs {
						if dd == a || dd == bb || dd == c || !conj(c, dd, d) || xWing(b, d, a, bb, c, dd) {
							continue
						}
						removes := false
						for _, e := range cs {
							if l.Sees(e, a) && l.Sees(e, dd) {
								removes = true
							}
						}
						if removes {
							out[linkChainKey(l, d, [4]board.Cell{a, bb, c, dd})] = true
						}
					}
				}
			}
		}
	}
	return out
}

// xWing reports whether the chain a=b-c=d of places of d reads as an X-Wing: a,b the
// pair of a row (column), c,d the pair of another, b,c in one column (row) and a,d in
// another.
func xWing(bd *board.Board, d board.Digit, a, b, c, dd board.Cell) bool {
	l := bd.Layout()
	for _, line := range []board.HouseKind{board.Row, board.Column} {
		cross := otherLine(line)
		h := func(x board.Cell, k board.HouseKind) board.House { return l.HousesOf(x)[k] }
		if h(a, line) == h(b, line) && bd.Positions(h(a, line), d).Count() == 2 &&
			h(c, line) == h(dd, line) && bd.Positions(h(c, line), d).Count() == 2 &&
			h(b, cross) == h(c, cross) && h(a, cross) == h(dd, cross) {
			return true
		}
	}
	return false
}

func TestLinkChainsMatchBruteForce(t *testing.T) {
	shapes := []Technique{Skyscraper, TwoStringKite, TurbotFish}
	checked := 0
	forEachSampleState(t, 40, func(name string, b, _ *board.Board, _ []board.Digit) {
		l := b.Layout()
		got := map[string]string{}
		for _, tech := range shapes {
			findOn(tech, b, func(s explain.Step) bool {
				ch := s.Pattern.Chains[0]
				var cs [4]board.Cell
				for i, n := range ch.Nodes {
					cs[i] = n.Cells[0]
				}
				key := linkChainKey(l, s.Pattern.Digits.First(), cs)
				if prev, ok := got[key]; ok {
					t.Fatalf("%s: chain %s reported by %s and %s", name, key, prev, tech.ID)
				}
				got[key] = tech.ID
				return true
			})
		}
		want := bruteChains(b)
		for k := range want {
			_, ok := got[k]
			require.True(t, ok, "%s: chain %s not found", name, k)
		}
		require.Len(t, got, len(want), "%s: extra chains", name)
		checked += len(want)
	})
	if checked == 0 {
		t.Fatal("no chain in any sample state: the test checked nothing")
	}
}

// samplePuzzles returns the family's sample puzzles and, unless -short, the first max
// of top1465 (when present).
func samplePuzzles(t testing.TB, max int) []string {
	t.Helper()
	out := puzzleLines(t, "../testdata/puzzles/singledigit.txt", 1000)
	require.NotEmpty(t, out, "testdata/puzzles/singledigit.txt")
	return withShared(t, out, max)
}

// basicTechniques are the techniques before single-digit patterns, a fixed list so
// that the tests do not change as Default grows.
func basicTechniques() []Technique {
	return []Technique{
		FullHouse, HiddenSingle, NakedSingle, LockedCandidatesPointing, LockedCandidatesClaiming,
		NakedPair, XWing, HiddenPair, NakedTriple, Swordfish, HiddenTriple,
	}
}

// walkTechniques advance the sample puzzles: the basics, then this family, so the
// walk reaches the states where single-digit patterns matter.
func walkTechniques() []Technique {
	return append(basicTechniques(),
		Skyscraper, TwoStringKite, TurbotFish, EmptyRectangle,
		SimpleColorsTrap, SimpleColorsWrap, MultiColors1, MultiColors2)
}

// forEachSampleState walks each sample puzzle with walkTechniques and calls fn on every
// state on the way (b; the puzzle; its solution), until no technique applies.
func forEachSampleState(t *testing.T, maxShared int, fn func(name string, b, puzzle *board.Board, sol []board.Digit)) {
	t.Helper()
	ts := walkTechniques()
	for i, line := range samplePuzzles(t, maxShared) {
		puzzle, sol := solvedPuzzle(t, line)
		b := puzzle.Clone()
		for step := 0; !b.Solved(); step++ {
			fn(fmt.Sprintf("puzzle %d (%s) step %d", i, line, step), b, puzzle, sol)
			s, _, ok := firstOn(b, ts, Knowledge{Unique: true})
			if !ok {
				break
			}
			mustApply(t, b, s)
		}
	}
}

func TestSingleDigitSound(t *testing.T) {
	fired := map[string]int{}
	forEachSampleState(t, 300, func(name string, b, _ *board.Board, sol []board.Digit) {
		before := b.Clone()
		for _, tech := range singleDigitFamily() {
			findOn(tech, b, func(s explain.Step) bool {
				checkStep(t, tech, before, s)
				requireSound(t, name, before, sol, s)
				fired[tech.ID]++
				return true
			})
		}
		requireSameBoard(t, before, b)
	})
	t.Logf("steps checked: %v", fired)
	for _, tech := range singleDigitFamily() {
		assert.Positive(t, fired[tech.ID], "%s never fired on the sample: the test checked nothing of it", tech.ID)
	}
}

func TestDualsJoinTheirHalves(t *testing.T) {
	// Every dual's eliminations are the union of two steps of its base technique.
	pairs := []struct{ dual, base Technique }{
		{DualTwoStringKite, TwoStringKite},
		{DualEmptyRectangle, EmptyRectangle},
	}
	for _, p := range pairs {
		t.Run(p.dual.ID, func(t *testing.T) {
			seen := 0
			forEachSampleState(t, 300, func(name string, b, _ *board.Board, _ []board.Digit) {
				bases := elimSets(b, p.base)
				for _, dual := range elimSets(b, p.dual) {
					found := false
					for i := range bases {
						for j := range bases {
							u := slices.Concat(bases[i], bases[j])
							slices.SortFunc(u, func(x, y string) int { return strings.Compare(x, y) })
							u = slices.Compact(u)
							d := slices.Clone(dual)
							slices.Sort(d)
							if i != j && slices.Equal(u, d) {
								found = true
							}
						}
					}
					require.True(t, found, "%s: dual %v joins no two %s steps %v", name, dual, p.base.ID, bases)
					seen++
				}
			})
			if seen == 0 {
				t.Skip("no dual in the sample states")
			}
		})
	}
}

// singleDigitCodes are HoDoKu's codes of this family, each case of which must pass.
var singleDigitCodes = []string{"0400", "0401", "0402", "0403", "0404", "0405", "0500", "0501", "0502", "0503"}

func TestSingleDigitConformance(t *testing.T) {
	got := runLibrary(t, singleDigitCodes, singleDigitFamily(), nil)
	for _, code := range singleDigitCodes {
		assert.Positive(t, got.passed[code], "no case of %s passed: is the library complete?", code)
	}
}

// BenchmarkSingleDigit times each finder on the states where the basics stop, on the
// sample puzzles (and the first 200 of top1465 when present):
//
//	go test ./techniques -run '^$' -bench SingleDigit -benchtime 2s
func BenchmarkSingleDigit(b *testing.B) {
	var states []*board.Board
	for _, line := range samplePuzzles(b, 200) {
		p, err := parseGrid(line)
		if err != nil {
			b.Fatal(err)
		}
		for {
			s, _, ok := firstOn(p, basicTechniques(), Knowledge{})
			if !ok {
				break
			}
			mustApply(b, p, s)
		}
		if !p.Solved() {
			states = append(states, p)
		}
	}
	for _, tech := range singleDigitFamily() {
		b.Run(tech.ID, func(b *testing.B) {
			steps := 0
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				for _, s := range states {
					findOn(tech, s, func(explain.Step) bool { steps++; return true })
				}
			}
			per := float64(b.N * len(states))
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/state")
			// CPU time, which unlike the wall clock does not count waiting for a core.
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Nanoseconds())/per, "cpu-ns/state")
			}
			b.ReportMetric(float64(steps)/per, "steps/state")
		})
	}
}

// TestSingleDigitEveryLayout walks puzzles of every other grid size (a pattern solution
// with cells blanked, kept when search finds one solution) and checks every step of the
// family against the solution at every state: the finders read houses and the layout,
// never a 9x9 table.
func TestSingleDigitEveryLayout(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	fired := 0
	for _, n := range board.Sizes() {
		if n == 9 || n > 16 {
			continue // 9x9 is walked above; 25x25 puzzles with one solution are slow to make
		}
		l, err := board.LayoutOf(n)
		require.NoError(t, err)
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			sol := patternSolution(l)
			walked := 0
			for try := 0; try < 30 && walked < 3; try++ {
				b, ok := blankedUnique(t, l, sol, rng, 0.5)
				if !ok {
					continue
				}
				walked++
				for !b.Solved() {
					for _, tech := range singleDigitFamily() {
						findOn(tech, b, func(s explain.Step) bool {
							checkStep(t, tech, b, s)
							requireSound(t, fmt.Sprintf("%dx%d", n, n), b, sol, s)
							fired++
							return true
						})
					}
					s, _, ok := firstOn(b, walkTechniques(), Knowledge{Unique: true})
					if !ok {
						break
					}
					mustApply(t, b, s)
				}
			}
			if walked == 0 {
				t.Skip("no puzzle with one solution in 30 tries")
			}
		})
	}
	t.Logf("steps checked on other layouts: %d", fired)
	assert.Positive(t, fired, "no step on any other layout: the test checked nothing")
}
