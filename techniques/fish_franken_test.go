package techniques

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// complexFamily is every Franken and mutant fish, smallest first.
func complexFamily() []Technique {
	return []Technique{
		FrankenXWing, FinnedFrankenXWing, MutantXWing, FinnedMutantXWing,
		FrankenSwordfish, FinnedFrankenSwordfish, MutantSwordfish, FinnedMutantSwordfish,
		FrankenJellyfish, FinnedFrankenJellyfish, MutantJellyfish, FinnedMutantJellyfish,
	}
}

// complexCodesWithCases are the codes of the family that HoDoKu's library has cases
// for; every case of every code of the family must pass. The library's other
// complex fish cases are Siamese fish (03411, 03421, 03621: two fish of one base
// reported as one step) and fish of five and six houses (0363, 0364), which no
// technique answers.
var complexCodesWithCases = []string{"0331", "0332", "0340", "0341", "0342"}

func TestComplexFishConformance(t *testing.T) {
	got := runLibrary(t, familyCodes(complexFamily()), complexFamily(), nil)
	for _, code := range complexCodesWithCases {
		assert.Positive(t, got.passed[code], "no case of %s passed: is the library complete?", code)
	}
}

func TestFishSetsHold(t *testing.T) {
	tests := []struct {
		name            string
		base, cover     uint8
		franken, mutant bool
	}{
		{"rows against columns: basic", rowBit, colBit, false, false},
		{"columns against rows: basic", colBit, rowBit, false, false},
		{"rows and a box against columns", rowBit | boxBit, colBit, true, false},
		{"rows against columns and a box", rowBit, colBit | boxBit, true, false},
		{"columns and a box against rows and a box", colBit | boxBit, rowBit | boxBit, true, false},
		{"boxes against rows", boxBit, rowBit, true, false},
		{"rows and columns against boxes", rowBit | colBit, boxBit, false, true},
		{"rows against rows and columns", rowBit, rowBit | colBit, false, true},
		{"a row and a box against a box and a row", rowBit | boxBit, rowBit | boxBit, false, true},
		{"everything against everything", allKinds, allKinds, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.franken, frankenSets.holds(tc.base, tc.cover), "franken")
			assert.Equal(t, tc.mutant, mutantSets.holds(tc.base, tc.cover), "mutant")
		})
	}
}

// TestComplexFishByHand builds one-digit boards by hand. Such sparse boards hold more
// fish than the one drawn, so each case names a step that must be found, or the start
// of steps that must not be.
func TestComplexFishByHand(t *testing.T) {
	// Row 1 and box 5 keep 5 only in columns 4 and 5; rows 4 and 6 have places
	// elsewhere, so no row X-Wing stands.
	franken := []string{"r1c4", "r1c5", "r4c4", "r4c8", "r6c5", "r6c1", "r8c4", "r9c5", "r8c8", "r9c1"}
	runFishCases(t, []fishCase{
		{
			name:  "franken x-wing, a row and a box on two columns",
			d:     5,
			cells: franken,
			tech:  FrankenXWing,
			want:  "Franken X-Wing: 5 r1,b5 c4,c5 => r8c4<>5, r9c5<>5",
		},
		{
			name:   "a franken fish is no mutant fish",
			d:      5,
			cells:  franken,
			tech:   MutantXWing,
			absent: "Mutant X-Wing: 5 r1,b5 c4,c5 ",
		},
		{
			name:   "an unfinned fish is no finned one",
			d:      5,
			cells:  franken,
			tech:   FinnedFrankenXWing,
			absent: "Finned Franken X-Wing: 5 r1,b5 c4,c5 ",
		},
		{
			// Row 1 and box 5 on columns 4 and 5, with a fin at r1c6 that sees r2c5;
			// row 1 and row 6 on column 1 and box 2 (fin r6c5) remove the same.
			name:    "finned franken x-wing, a fin in row 1 sees r2c5",
			d:       5,
			cells:   append([]string{"r1c6", "r2c5"}, franken...),
			tech:    FinnedFrankenXWing,
			removes: "r2c5<>5",
		},
		{
			name:   "a basic x-wing is left to the basic fish",
			d:      7,
			cells:  []string{"r2c3", "r2c7", "r6c3", "r6c7", "r4c3", "r8c7"},
			tech:   FrankenXWing,
			absent: "Franken X-Wing: 7 r2,r6 c3,c7 ",
		},
		{
			// Rows 5 and 7 put 5 in columns 4 and 8; a 5 at r1c4 would fill column 4
			// and box 2 at once, leaving column 8 for both rows.
			name:  "cannibalism: a base cell in two covers goes",
			d:     5,
			cells: []string{"r1c4", "r1c6", "r5c4", "r5c8", "r7c4", "r7c8", "r3c5", "r9c9"},
			tech:  FrankenSwordfish,
			want:  "Franken Swordfish: 5 r1,r5,r7 c4,c8,b2 => r1c4<>5, r3c5<>5",
		},
	})
}

// requireComplexShape checks what every Franken and mutant fish step must be: of its
// class (never a basic fish of rows against columns), as many cover houses as base
// houses, and fins exactly when the technique is finned.
func requireComplexShape(tb testing.TB, b *board.Board, tech Technique, s explain.Step) {
	tb.Helper()
	l := b.Layout()
	line := explain.OneLiner(l, s)
	kinds := func(hs []board.House) uint8 {
		var k uint8
		for _, h := range hs {
			k |= 1 << l.Kind(h)
		}
		return k
	}
	sets := mutantSets
	if strings.Contains(tech.ID, "franken") {
		sets = frankenSets
	}
	require.True(tb, sets.holds(kinds(s.Pattern.Base), kinds(s.Pattern.Cover)), "%s: houses not of the class", line)
	require.Len(tb, s.Pattern.Cover, len(s.Pattern.Base), line)
	require.Equal(tb, strings.HasPrefix(tech.ID, "finned-"), len(s.Pattern.Fins) > 0, "%s: fins", line)
	require.Equal(tb, board.DigitsOf(s.Pattern.Digits.First()), s.Pattern.Digits, line)
}

// TestComplexFishSound walks top1465 puzzles with the default techniques below the
// chains and, at the first few states of each where they are stuck (and at every
// tenth step, where the fish of two houses show up), checks every step of every
// Franken and mutant fish against the unique solution. Where stuck, the walk places
// the solution's digit in the first empty cell (cheap, and it reaches late states).
// The family costs tens of ms a state, so the walk checks at most maxStates states.
func TestComplexFishSound(t *testing.T) {
	maxStates, perPuzzle := 48, 5
	if testing.Short() {
		maxStates = 8
	}
	var ts []Technique
	for _, tech := range Default() {
		if tech.Difficulty < 6 {
			ts = append(ts, tech)
		}
	}
	fired := map[string]int{}
	states := 0
	for i, line := range readPuzzleLines(t, top1465Path, 0) {
		if states >= maxStates {
			break
		}
		puzzle, sol := solvedPuzzle(t, line)
		b := puzzle.Clone()
		for step, here := 0, 0; !b.Solved() && here < perPuzzle && states < maxStates; step++ {
			s, _, ok := firstOn(b, ts, Knowledge{Unique: true})
			if ok && step%10 != 5 {
				mustApply(t, b, s)
				continue
			}
			states++
			here++
			before := b.Clone()
			for _, tech := range complexFamily() {
				findOn(tech, b, func(s explain.Step) bool {
					checkStep(t, tech, before, s)
					requireComplexShape(t, before, tech, s)
					requireSound(t, fmt.Sprintf("top1465 line %d step %d", i+1, step), before, sol, s)
					fired[tech.ID]++
					return true
				})
			}
			requireSameBoard(t, before, b)
			stepOrPlace(t, b, sol, s, ok)
		}
	}
	t.Logf("%d states, steps checked: %v", states, fired)
	for _, tech := range complexFamily() {
		if !testing.Short() {
			assert.Positive(t, fired[tech.ID], "%s never fired: the test checked nothing of it", tech.ID)
		}
	}
}

// TestComplexFishOtherSizes: the finders work on houses, so on 4x4, 6x6 (2x3 boxes)
// and 8x8 grids every step must hold as on 9x9.
func TestComplexFishOtherSizes(t *testing.T) {
	forOtherSizes(t, func(t *testing.T, name string, puzzle *board.Board, sol []board.Digit) {
		b := puzzle.Clone()
		for step := 0; !b.Solved(); step++ {
			before := b.Clone()
			for _, tech := range complexFamily() {
				findOn(tech, b, func(s explain.Step) bool {
					requireStepShape(t, before, s)
					requireComplexShape(t, before, tech, s)
					requireSound(t, fmt.Sprintf("%s step %d", name, step), before, sol, s)
					return true
				})
			}
			s, _, ok := firstOn(b, Default()[:8], Knowledge{Unique: true})
			stepOrPlace(t, b, sol, s, ok)
		}
	})
}

// BenchmarkComplexFish measures each Franken and mutant fish finder, run to the end,
// on the states where the default techniques below the chains are stuck, from the
// first puzzles of testdata/puzzles: ms/board is the cost of one call, the figure that
// decides whether a technique can join the default set.
func BenchmarkComplexFish(b *testing.B) {
	states := fishWalkStates(b, 30, 0, true)
	require.NotEmpty(b, states)
	for _, tech := range slices.Concat(complexFamily(), []Technique{FinnedJellyfish}) {
		b.Run(tech.ID, func(b *testing.B) {
			steps := 0
			start := time.Now()
			for b.Loop() {
				for _, s := range states {
					steps += len(findAll(tech, s))
				}
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N*len(states)), "ms/board")
			b.ReportMetric(float64(steps)/float64(b.N*len(states)), "steps/board")
			b.ReportMetric(0, "ns/op")
		})
	}
}

// fishWalkStates returns states of walks with the default techniques below the chains,
// from the first puzzles of each testdata/puzzles file (and the first shared ones of
// top1465 unless -short): every state where those techniques are stuck, when stuck is
// set, or else every state; up to max of them. Where it is stuck, a walk places the
// solution's digit in the first empty cell, and goes on.
func fishWalkStates(tb testing.TB, max, shared int, stuck bool) []*board.Board {
	tb.Helper()
	var ts []Technique
	for _, tech := range Default() {
		if tech.Difficulty < 6 {
			ts = append(ts, tech)
		}
	}
	var states []*board.Board
	for _, line := range finnedPuzzles(tb, 10, shared) {
		puzzle, sol := solvedPuzzle(tb, line)
		p := puzzle.Clone()
		for !p.Solved() && len(states) < max {
			s, _, ok := firstOn(p, ts, Knowledge{Unique: true})
			if !ok || !stuck {
				states = append(states, p.Clone())
			}
			stepOrPlace(tb, p, sol, s, ok)
		}
	}
	return states
}

// bruteComplexFish lists, by brute force over every choice of base houses and of as
// many cover houses, the distinct eliminations (as "digit: cells") of the fish of a
// class and size on b, by the rules the finder documents: base houses that share
// places only when finned (the shared places are fins), each base house with a place
// that is covered and no fin, each cover house with a base place no other cover
// holds, at most maxComplexFins fins, and a removed place in a cover off the base
// (or a base place in two covers) that sees every fin. It shares no code with the
// finder, so the two agree only if both are right or both wrong the same way.
func bruteComplexFish(b *board.Board, size int, sets fishSets, finned bool) []string {
	l := b.Layout()
	seen := map[string]bool{}
	var out []string
	for d := board.Digit(1); int(d) <= l.N(); d++ {
		var houses []board.House
		places := map[board.House]board.CellSet{}
		for h := range board.House(l.Houses()) {
			var p board.CellSet
			for _, c := range l.HouseCells(h) {
				if b.Has(c, d) {
					p.Add(c)
				}
			}
			if !p.Empty() {
				houses = append(houses, h)
				places[h] = p
			}
		}
		kinds := func(hs []board.House) uint8 {
			var k uint8
			for _, h := range hs {
				k |= 1 << l.Kind(h)
			}
			return k
		}
		// pick returns the houses hs[idx], the places they hold, and those held twice.
		pick := func(hs []board.House, idx []int) (picked []board.House, union, twice board.CellSet) {
			picked = make([]board.House, len(idx))
			for i, j := range idx {
				picked[i] = hs[j]
				twice = twice.Or(union.And(places[hs[j]]))
				union = union.Or(places[hs[j]])
			}
			return picked, union, twice
		}
		forCombos(len(houses), size, func(bi []int) {
			base, union, endo := pick(houses, bi)
			body := union.AndNot(endo)
			var cands []board.House
			for _, h := range houses {
				if !slices.Contains(base, h) && !places[h].And(body).Empty() {
					cands = append(cands, h)
				}
			}
			forCombos(len(cands), size, func(ci []int) {
				cover, covered, twice := pick(cands, ci)
				if !sets.holds(kinds(base), kinds(cover)) {
					return
				}
				fins := body.AndNot(covered).Or(endo)
				if fins.Empty() == finned || fins.Count() > maxComplexFins {
					return
				}
				for _, h := range base {
					if places[h].And(body).And(covered).Empty() {
						return
					}
				}
				once := body.And(covered).AndNot(twice)
				for _, h := range cover {
					if places[h].And(once).Empty() {
						return
					}
				}
				var removed []string
				for _, c := range covered.AndNot(union).Or(twice.And(union)).AndNot(fins).Cells() {
					if !slices.ContainsFunc(fins.Cells(), func(f board.Cell) bool { return !l.Sees(c, f) }) {
						removed = append(removed, l.CellName(c))
					}
				}
				if key := fmt.Sprintf("%d: %s", d, strings.Join(removed, ",")); len(removed) > 0 && !seen[key] {
					seen[key] = true
					out = append(out, key)
				}
			})
		})
	}
	slices.Sort(out)
	return out
}

// forCombos calls f with every increasing choice of k indices below n.
func forCombos(n, k int, f func([]int)) {
	idx := make([]int, k)
	var walk func(start, depth int)
	walk = func(start, depth int) {
		if depth == k {
			f(idx)
			return
		}
		for i := start; i <= n-(k-depth); i++ {
			idx[depth] = i
			walk(i+1, depth+1)
		}
	}
	walk(0, 0)
}

// TestComplexFishBruteForce compares what each finder of X-Wing and Swordfish size
// removes with bruteComplexFish on states of the first walks (the Swordfish sizes on
// two of them, none with -short; the Jellyfish sizes are too slow to brute-force, and
// share the finder's code).
func TestComplexFishBruteForce(t *testing.T) {
	total := 0
	// Every state of the first walks: the fish of two and three houses show up early,
	// where a basic technique would also do.
	var states []*board.Board
	for i, b := range fishWalkStates(t, 40, 0, false) {
		if i%5 == 0 {
			states = append(states, b)
		}
	}
	for _, tc := range []struct {
		tech   Technique
		size   int
		sets   fishSets
		finned bool
	}{
		{FrankenXWing, 2, frankenSets, false},
		{FinnedFrankenXWing, 2, frankenSets, true},
		{MutantXWing, 2, mutantSets, false},
		{FinnedMutantXWing, 2, mutantSets, true},
		{FrankenSwordfish, 3, frankenSets, false},
		{FinnedFrankenSwordfish, 3, frankenSets, true},
		{MutantSwordfish, 3, mutantSets, false},
		{FinnedMutantSwordfish, 3, mutantSets, true},
	} {
		t.Run(tc.tech.ID, func(t *testing.T) {
			found := 0
			for i, b := range states {
				if tc.size == 3 && (i >= 2 || testing.Short()) {
					break // a second or so a state
				}
				l := b.Layout()
				var got []string
				for _, s := range findAll(tc.tech, b) {
					var cells []string
					for _, e := range s.Eliminations {
						cells = append(cells, l.CellName(e.Cell))
					}
					got = append(got, fmt.Sprintf("%d: %s", s.Pattern.Digits.First(), strings.Join(cells, ",")))
				}
				slices.Sort(got)
				want := bruteComplexFish(b, tc.size, tc.sets, tc.finned)
				assert.Equal(t, want, got, "state %d: %s", i, b.CandidateLine())
				found += len(got)
			}
			t.Logf("%d distinct eliminations", found)
			total += found
		})
	}
	assert.Positive(t, total, "no fish on any state: the test compared nothing")
}
