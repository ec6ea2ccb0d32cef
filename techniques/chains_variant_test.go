package techniques

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// TestChainLinksVariants checks the links of every kind of chain graph, pair by pair,
// on states of the shared variant sets (checkChainLinks): strong and weak links in the
// diagonals, windows and jigsaw regions, weak links between killer cage-mates.
func TestChainLinksVariants(t *testing.T) {
	skipUnderRace(t)
	states := variantChainStates(t)
	if len(states) == 0 {
		t.Skip("no shared variant set")
	}
	for name, ss := range states {
		t.Run(name, func(t *testing.T) {
			for _, st := range ss {
				checkChainLinks(t, st.b)
			}
		})
	}
}

// TestChainGroupsVariants checks the group nodes of the grouped graph on states of the
// shared variant sets: one for every digit with two or more places where two houses
// meet (a box and a line; a jigsaw region and a line; a diagonal and a box; a window
// and a row, a column or a box), each set of places once, and no other.
func TestChainGroupsVariants(t *testing.T) {
	skipUnderRace(t)
	states := variantChainStates(t)
	if len(states) == 0 {
		t.Skip("no shared variant set")
	}
	type group struct {
		cells board.CellSet
		d     board.Digit
	}
	checked := map[board.HouseKind]int{}
	for name, ss := range states {
		for _, st := range ss {
			b := st.b
			l := b.Layout()
			want := map[group]bool{}
			for h1 := range board.House(l.Houses()) {
				for h2 := h1 + 1; int(h2) < l.Houses(); h2++ {
					meet := l.HouseSet(h1).And(l.HouseSet(h2))
					for d := board.Digit(1); int(d) <= l.N(); d++ {
						var places board.CellSet
						for _, c := range meet.Cells() {
							if b.Has(c, d) {
								places.Add(c)
							}
						}
						if places.Count() >= 2 {
							want[group{places, d}] = true
							checked[l.Kind(h2)]++
						}
					}
				}
			}
			g := buildChainGraph(testScratch(), b, groupLinks)
			got := map[group]bool{}
			for x := g.ncand; x < int32(len(g.nodes)); x++ {
				require.Equal(t, chainGroup, g.nodes[x].kind)
				k := group{board.CellsOf(g.cellList(x)...), g.nodes[x].digit}
				require.False(t, got[k], "%s: group %v of %d twice on %s", name, k.cells, k.d, b)
				got[k] = true
			}
			require.Equal(t, want, got, "%s: the groups of %s", name, b)
		}
	}
	if len(states["x-dev"]) > 0 {
		require.Positive(t, checked[board.Diagonal], "no group on a diagonal")
	}
	if len(states["windoku-dev"]) > 0 {
		require.Positive(t, checked[board.Window], "no group in a window")
	}
}

// variantChainStates returns, per shared variant set, the states of variantStuckStates
// and the set's first puzzle after its singles (or, when they solve it, as given): the
// basics solve the first jigsaws without getting stuck, and that start still has links
// in every region.
func variantChainStates(t *testing.T) map[string][]variantStuck {
	t.Helper()
	states := variantStuckStates(t, 1, 2)
	singles := []Technique{FullHouse, HiddenSingle, NakedSingle}
	for _, set := range variantSets {
		ps := readVariantSetIfPresent(t, filepath.Join(variantsDir, set.name+".txt"), set.v)
		if len(ps) == 0 {
			continue
		}
		b := ps[0].b.Clone()
		advance(t, b, singles, ps[0].sol)
		if b.Solved() {
			b = ps[0].b.Clone() // the singles solve it: take its givens alone
		}
		states[set.name] = append(states[set.name], variantStuck{b, ps[0].sol})
	}
	return states
}
