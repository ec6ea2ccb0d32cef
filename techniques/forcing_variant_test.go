package techniques

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// variantStuck is a state of a shared variant puzzle where the basics are stuck, with
// the puzzle's solution.
type variantStuck struct {
	b   *board.Board
	sol []board.Digit
}

// variantStuckStates walks per puzzles spread over each shared variant set with the
// basics (each step checked against the solution) and keeps up to max states per set
// where they are stuck, taking the first step of the basics and the forcing techniques
// from there. It skips a set that is absent.
func variantStuckStates(t *testing.T, per, max int) map[string][]variantStuck {
	t.Helper()
	out := map[string][]variantStuck{}
	all := withForcing(slices.Clone(basics))
	for _, set := range variantSets {
		path := filepath.Join(variantsDir, set.name+".txt")
		ps := readVariantSetIfPresent(t, path, set.v)
		if ps == nil {
			t.Logf("%s is absent", path)
			continue
		}
		for _, p := range spreadVariant(ps, per) {
			b := p.b.Clone()
			for !b.Solved() && len(out[set.name]) < max {
				advance(t, b, basics, p.sol)
				if b.Solved() {
					break
				}
				out[set.name] = append(out[set.name], variantStuck{b.Clone(), p.sol})
				s, _, ok := firstOn(b, all, Knowledge{Unique: true})
				if !ok {
					break
				}
				requireSound(t, set.name, b, p.sol, s)
				mustApply(t, b, s)
			}
		}
	}
	return out
}

// readVariantSetIfPresent is readVariantSet, or nil when path is absent.
func readVariantSetIfPresent(t *testing.T, path string, v board.Variant) []variantPuzzle {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		return nil
	}
	return readVariantSet(t, path, v)
}

// TestForcingVariants checks the forcing techniques on states of the shared variant
// sets where the basics are stuck: the first steps of each are sound link by link (a
// weak link joins peers, a diagonal's, a window's or a cage's included; a strong link
// is the last place of a digit in some house, a diagonal or window included) and true
// to the solution. And on Sudoku-X and windoku some branch must go through a diagonal
// or a window (a link between cells that share no row, column or box): the engine
// propagates in every house.
func TestForcingVariants(t *testing.T) {
	skipUnderRace(t)
	per, max := 3, 4
	if testing.Short() {
		per, max = 2, 2
	}
	states := variantStuckStates(t, per, max)
	if len(states) == 0 {
		t.Skip("no shared variant set")
	}
	variantLinks := map[string]int{}
	for name, ss := range states {
		for _, st := range ss {
			b, l := st.b, st.b.Layout()
			for _, k := range forcingKinds {
				steps := 0
				findOn(k.tech, b, func(s explain.Step) bool {
					requireSound(t, name, b, st.sol, s)
					checkForcingStep(t, b, s, k.rule, k.verity)
					for _, ch := range s.Pattern.Chains {
						for i := range ch.Links {
							x, y := ch.Nodes[i].Cells[0], ch.Nodes[i+1].Cells[0]
							if x != y && !sharesClassicHouse(l, x, y) {
								variantLinks[name]++
							}
						}
					}
					steps++
					return steps < 8
				})
			}
		}
	}
	for _, name := range []string{"x-dev", "windoku-dev"} {
		if states[name] != nil {
			require.Positive(t, variantLinks[name], "%s: no forcing branch goes through a diagonal or window", name)
		}
	}
}

// sharesClassicHouse reports whether cells a and b share a row, a column or a box.
func sharesClassicHouse(l *board.Layout, a, b board.Cell) bool {
	ha, hb := l.HousesOf(a), l.HousesOf(b)
	return ha[0] == hb[0] || ha[1] == hb[1] || ha[2] == hb[2]
}

// TestForcingTrueClearsPeers checks the first consequences of a true premise on
// variant states: its cell's other candidates and its digit in every peer that holds
// it (through a diagonal, a window, a jigsaw region or a killer cage), and nothing
// else.
func TestForcingTrueClearsPeers(t *testing.T) {
	states := variantStuckStates(t, 1, 1)
	if len(states) == 0 {
		t.Skip("no shared variant set")
	}
	for name, ss := range states {
		b := ss[0].b
		l := b.Layout()
		st := newSolveState()
		for _, rule := range []propagation{alongChains, throughNets} {
			e := loadEngine(&st.sc, b, rule)
			for c := range board.Cell(l.Cells()) {
				for _, d := range b.Candidates(c).Digits() {
					if b.Value(c) != 0 {
						continue
					}
					e.propagate(e.node(c, d, true), 1)
					var got, want []int32
					for _, x := range e.queue[1:] {
						if e.depth(x) == 1 {
							got = append(got, x)
						}
					}
					for _, o := range b.Candidates(c).Without(d).Digits() {
						want = append(want, e.node(c, o, false))
					}
					for _, p := range l.Peers(c) {
						if b.Has(p, d) {
							want = append(want, e.node(p, d, false))
						}
					}
					slices.Sort(got)
					slices.Sort(want)
					require.Equal(t, want, got, "%s: %s=%d on %s", name, l.CellName(c), d, b)
				}
			}
			e.release(&st.sc)
		}
	}
}

// TestForcingVariantPremiseFilter checks skipUncontradictable on variant states: no
// premise it marks done runs into a contradiction along chains (the chain graph has
// every link the propagation follows: in diagonals, windows and killer cages too).
func TestForcingVariantPremiseFilter(t *testing.T) {
	states := variantStuckStates(t, 2, 2)
	if len(states) == 0 {
		t.Skip("no shared variant set")
	}
	for name, ss := range states {
		for _, vs := range ss {
			b := vs.b
			st := newSolveState()
			e := loadEngine(&st.sc, b, alongChains)
			premises := e.premises()
			done := make([]bool, len(premises))
			skipUncontradictable(st, b, e, premises, done)
			for i, p := range premises {
				if done[i] {
					require.False(t, e.propagate(p, depthCaps[len(depthCaps)-1]), "%s: %s: premise %d skipped but refuted", name, b, p)
				}
			}
			e.release(&st.sc)
		}
	}
}
