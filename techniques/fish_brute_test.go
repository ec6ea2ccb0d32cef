package techniques

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// bruteFish enumerates every fish of the given size on b by definition, without the
// finders' shortcuts: for each digit, each set of size base lines (rows, then
// columns) and each set of size cover lines of the other direction, where every base
// line has a place of the digit in a cover line and every cover line holds such a
// place, the fins are the base lines' places outside the cover lines. With no fins
// it is a basic fish removing the cover lines' other places; with fins all in one box
// it is a finned fish removing the cover lines' places in that box off the base lines,
// sashimi when some base line has a single place in the cover lines (HoDoKu's test:
// without the fins it would be a single), finned otherwise. Only fish that
// remove something are returned, keyed as fishKey keys a step.
func bruteFish(b *board.Board, size int) (basic, finned, sashimis []string) {
	l := b.Layout()
	n := l.N()
	for _, kind := range [2]board.HouseKind{board.Row, board.Column} {
		other := board.Column
		if kind == board.Column {
			other = board.Row
		}
		for d := board.Digit(1); int(d) <= n; d++ {
			forSubsets(n, size, func(base []int) {
				var places []board.Cell
				for _, i := range base {
					h := lineHouse(l, kind, i)
					places = append(places, l.CellsIn(h, b.Positions(h, d))...)
				}
				forSubsets(n, size, func(cover []int) {
					inCover := func(c board.Cell) bool {
						pos := l.ColOf(c)
						if kind == board.Column {
							pos = l.RowOf(c)
						}
						return slices.Contains(cover, pos)
					}
					onBase := func(c board.Cell) bool {
						line := l.RowOf(c)
						if kind == board.Column {
							line = l.ColOf(c)
						}
						return slices.Contains(base, line)
					}
					var fins []board.Cell
					lineHit := make(map[int]int)
					coverHit := make(map[int]bool)
					for _, c := range places {
						line, pos := l.RowOf(c), l.ColOf(c)
						if kind == board.Column {
							line, pos = pos, line
						}
						if inCover(c) {
							lineHit[line]++
							coverHit[pos] = true
						} else {
							fins = append(fins, c)
						}
					}
					if len(lineHit) < size || len(coverHit) < size {
						return
					}
					var elims []board.Candidate
					box := -1
					if len(fins) > 0 {
						box = l.BoxOf(fins[0])
						for _, f := range fins {
							if l.BoxOf(f) != box {
								return
							}
						}
					}
					sashimi := false
					for _, k := range lineHit {
						sashimi = sashimi || k == 1
					}
					for _, ci := range cover {
						h := lineHouse(l, other, ci)
						for _, c := range l.CellsIn(h, b.Positions(h, d)) {
							if box >= 0 && l.BoxOf(c) != box {
								continue
							}
							if onBase(c) {
								continue
							}
							elims = append(elims, board.Candidate{Cell: c, Digit: d})
						}
					}
					if len(elims) == 0 {
						return
					}
					key := bruteKey(l, kind, other, d, base, cover, elims)
					switch {
					case box < 0:
						basic = append(basic, key)
					case sashimi:
						sashimis = append(sashimis, key)
					default:
						finned = append(finned, key)
					}
				})
			})
		}
	}
	slices.Sort(basic)
	slices.Sort(finned)
	slices.Sort(sashimis)
	return basic, finned, sashimis
}

// forSubsets calls visit with every k-subset of 0..n-1, in increasing order.
func forSubsets(n, k int, visit func([]int)) {
	idx := make([]int, k)
	var rec func(start, depth int)
	rec = func(start, depth int) {
		if depth == k {
			visit(idx)
			return
		}
		for i := start; i <= n-(k-depth); i++ {
			idx[depth] = i
			rec(i+1, depth+1)
		}
	}
	rec(0, 0)
}

func bruteKey(l *board.Layout, kind, other board.HouseKind, d board.Digit, base, cover []int, elims []board.Candidate) string {
	var bs, cs []board.House
	for _, i := range base {
		bs = append(bs, lineHouse(l, kind, i))
	}
	for _, i := range cover {
		cs = append(cs, lineHouse(l, other, i))
	}
	return fishKeyOf(d, bs, cs, elims)
}

// fishKey keys a fish step by digit, base, cover and eliminations.
func fishKey(s explain.Step) string {
	return fishKeyOf(s.Pattern.Digits.First(), s.Pattern.Base, s.Pattern.Cover, s.Eliminations)
}

func fishKeyOf(d board.Digit, base, cover []board.House, elims []board.Candidate) string {
	bs, cs := slices.Clone(base), slices.Clone(cover)
	slices.Sort(bs)
	slices.Sort(cs)
	es := slices.Clone(elims)
	slices.SortFunc(es, func(x, y board.Candidate) int { return int(x.Cell) - int(y.Cell) })
	return fmt.Sprintf("%d %v %v %v", d, bs, cs, es)
}

// fishStates returns candidate states of real puzzles: each walked part way with the
// default techniques below the chains, then with random wrong candidates removed, so
// that the states hold fish the walks do not.
func fishStates(t *testing.T, n int) []*board.Board {
	t.Helper()
	lines := withShared(t, puzzleLines(t, "../testdata/puzzles/chains.txt", 0), 30)
	lines = append(lines, puzzleLines(t, "../testdata/puzzles/sample.txt", 0)...)
	require.NotEmpty(t, lines)
	rng := rand.New(rand.NewPCG(7, 11))
	basics := basicsBelow(6.0)
	var out []*board.Board
	for len(out) < n {
		b, sol := solvedPuzzle(t, lines[rng.IntN(len(lines))])
		for range rng.IntN(30) {
			s, ok := firstStep(b, basics)
			if !ok {
				break
			}
			mustApply(t, b, s)
		}
		if b.Solved() {
			continue
		}
		keep := 0.4 + 0.6*rng.Float64() // the share of wrong candidates kept
		for c := range board.Cell(b.Layout().Cells()) {
			for ds := b.Candidates(c); ds != 0; ds &= ds - 1 {
				if d := ds.First(); d != sol[c] && rng.Float64() > keep {
					b.Eliminate(c, d)
				}
			}
		}
		out = append(out, b)
	}
	return out
}

// TestFishBruteForce compares every fish finder (basic, finned and sashimi; sizes 2 to
// 4; rows and columns as base) with bruteFish on random candidate states: each must
// report exactly the fish the enumeration finds, no more, no fewer.
func TestFishBruteForce(t *testing.T) {
	n := map[bool]int{true: 60, false: 300}[testing.Short()]
	if os.Getenv("STEPDOKU_FULL") != "" {
		n = 1200 // the long sweep
	}
	states := fishStates(t, n)
	techs := map[int][3]Technique{
		2: {XWing, FinnedXWing, SashimiXWing},
		3: {Swordfish, FinnedSwordfish, SashimiSwordfish},
		4: {Jellyfish, FinnedJellyfish, SashimiJellyfish},
	}
	counts := map[string]int{}
	for i, b := range states {
		for size := 2; size <= 4; size++ {
			basic, finned, sashimi := bruteFish(b, size)
			for k, want := range [][]string{basic, finned, sashimi} {
				tech := techs[size][k]
				var got []string
				for _, s := range findAll(tech, b) {
					got = append(got, fishKey(s))
				}
				slices.Sort(got)
				counts[tech.ID] += len(want)
				require.Equal(t, want, got, "state %d, %s on\n%s", i, tech.ID, strings.TrimSpace(b.CandidateLine()))
			}
		}
	}
	for _, tech := range []Technique{XWing, FinnedXWing, SashimiXWing, Swordfish, FinnedSwordfish, SashimiSwordfish, Jellyfish, FinnedJellyfish, SashimiJellyfish} {
		require.Positive(t, counts[tech.ID], "no %s in any state: the states are too easy", tech.ID)
	}
	t.Logf("fish per technique over %d states: %v", len(states), counts)
}
