package techniques

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

func TestColourClusters(t *testing.T) {
	l := board.Classic
	names := func(s board.CellSet) []string {
		var out []string
		for _, c := range s.Cells() {
			out = append(out, l.CellName(c))
		}
		return out
	}
	cases := []struct {
		name  string
		cells []string
		want  [][2][]string
	}{
		{
			name:  "one chain of three pairs",
			cells: []string{"r1c1", "r1c5", "r5c5", "r5c2", "r2c2", "r3c3", "r8c2"},
			want:  [][2][]string{{{"r1c1", "r5c5"}, {"r1c5", "r5c2"}}},
		},
		{
			name: "two clusters, colour 0 holding each one's smallest cell",
			// Column 2's pair is found before column 5's, whose cluster starts in row 1.
			cells: []string{"r1c1", "r1c5", "r7c5", "r3c2", "r7c2", "r7c9", "r2c3"},
			want: [][2][]string{
				{{"r1c1", "r7c5"}, {"r1c5"}},
				{{"r3c2"}, {"r7c2"}},
			},
		},
		{
			name:  "no pair, no cluster",
			cells: []string{"r1c1", "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"},
			want:  nil,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := onlyAt(t, 1, tc.cells...)
			var got [][2][]string
			for _, cl := range colourClusters(nil, b, 1) {
				got = append(got, [2][]string{names(cl.cells[0]), names(cl.cells[1])})
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestColouringByHand(t *testing.T) {
	// The clusters of the cases (digit 1 only):
	// trap: r1c1=r1c5 (row 1), r1c5=r5c5 (column 5), r5c5=r5c2 (row 5); r2c2 sees
	// r1c1 and r5c2, of opposite colours. Box 1 and column 2 get a third place.
	trap := []string{"r1c1", "r1c5", "r5c5", "r5c2", "r2c2", "r3c3", "r8c2"}
	// wrap: r1c1=r1c5=r4c5=r4c2=r2c2 along row 1, column 5, row 4, column 2; r1c1 and
	// r2c2 get the same colour and share box 1, so that colour (with r4c5) is false.
	wrap := []string{"r1c1", "r1c5", "r4c5", "r4c2", "r2c2", "r3c3"}
	// multi: cluster X is r1c1=r1c5 (row 1), r1c5=r7c5 (column 5): colours {r1c1,r7c5}
	// and {r1c5}. Cluster Y is r3c2=r7c2 (column 2). r1c1 sees r3c2 and r7c5 sees r7c2:
	// X's first colour sees both of Y's, so it is false (type 2). Type 1: r1c1 and r3c2
	// are not both true, so r1c5 or r7c2 is, and r7c5 sees both; r7c5 and r7c2 are not
	// both true, so r1c5 or r3c2 is, and r1c1 sees both.
	multi := []string{"r1c1", "r1c5", "r7c5", "r3c2", "r7c2", "r7c9", "r2c3"}
	cases := []struct {
		name  string
		cells []string
		tech  Technique
		want  []string
	}{
		{"trap through three pairs", trap, SimpleColorsTrap,
			[]string{"simple-colors-trap: r2c2<>1"}},
		{"no wrap where the trap is", trap, SimpleColorsWrap, nil},
		{"wrap in box 1", wrap, SimpleColorsWrap,
			[]string{"simple-colors-wrap: r1c1<>1, r2c2<>1, r4c5<>1"}},
		{"the wrap's cells are a trap too", wrap, SimpleColorsTrap,
			[]string{"simple-colors-trap: r1c1<>1, r2c2<>1"}},
		{"type 1 across two clusters", multi, MultiColors1,
			[]string{"multi-colors-1: r1c1<>1, r7c5<>1"}},
		{"type 2 across two clusters", multi, MultiColors2,
			[]string{"multi-colors-2: r1c1<>1, r7c5<>1"}},
		{"a single pair is locked candidates, not a trap",
			[]string{"r1c1", "r1c2", "r2c2", "r3c3", "r5c2"}, SimpleColorsTrap, nil},
		{"one cluster makes no multi colours", trap, MultiColors1, nil},
		{"one cluster makes no type 2 either", wrap, MultiColors2, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b := onlyAt(t, 1, tc.cells...)
			var got []string
			findOn(tc.tech, b, func(s explain.Step) bool {
				got = append(got, s.Technique+": "+strings.Join(candidateNames(b.Layout(), s.Eliminations), ", "))
				// Two colours per cluster: one cluster for simple colours, two for multi.
				wantSets := 2
				if strings.HasPrefix(s.Technique, "multi") {
					wantSets = 4
				}
				require.Len(t, s.Pattern.Sets, wantSets)
				for _, g := range s.Pattern.Sets {
					require.Equal(t, board.DigitsOf(1), g.Digits)
				}
				return true
			})
			assert.Equal(t, tc.want, got)
		})
	}
}

func candidateNames(l *board.Layout, cs []board.Candidate) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = l.CandidateName(c)
	}
	return out
}

// bruteColouring computes what each colouring technique removes on b from the
// definitions, with clusters found by closing "is conjugate with" over all pairs of
// candidates: one entry per step, "digit: eliminations".
func bruteColouring(b *board.Board) map[string][]string {
	l := b.Layout()
	out := map[string][]string{}
	for d := board.Digit(1); int(d) <= l.N(); d++ {
		var cs []board.Cell
		for c := range board.Cell(l.Cells()) {
			if b.Has(c, d) {
				cs = append(cs, c)
			}
		}
		conj := func(x, y board.Cell) bool {
			hx, hy := l.HousesOf(x), l.HousesOf(y)
			for k := range hx {
				if x != y && hx[k] == hy[k] && b.Positions(hx[k], d).Count() == 2 {
					return true
				}
			}
			return false
		}
		colour := map[board.Cell]int{}
		cluster := map[board.Cell]int{}
		nc := 0
		for _, s := range cs {
			if _, ok := cluster[s]; ok {
				continue
			}
			partnered := false
			for _, y := range cs {
				partnered = partnered || conj(s, y)
			}
			if !partnered {
				continue
			}
			cluster[s], colour[s] = nc, 0
			for changed := true; changed; {
				changed = false
				for _, x := range cs {
					if !inCluster(cluster, x) || cluster[x] != nc {
						continue
					}
					for _, y := range cs {
						if conj(x, y) && !inCluster(cluster, y) {
							cluster[y], colour[y] = nc, 1-colour[x]
							changed = true
						}
					}
				}
			}
			nc++
		}
		// class[i][c]: the cells of cluster i with colour c.
		class := make([][2][]board.Cell, nc)
		for _, c := range cs {
			if i, ok := cluster[c]; ok {
				class[i][colour[c]] = append(class[i][colour[c]], c)
			}
		}
		seesAny := func(x board.Cell, set []board.Cell) bool {
			return slices.ContainsFunc(set, func(y board.Cell) bool { return l.Sees(x, y) })
		}
		add := func(id string, removed []board.Cell) {
			if len(removed) == 0 {
				return
			}
			slices.Sort(removed)
			removed = slices.Compact(removed)
			var names []string
			for _, c := range removed {
				names = append(names, l.CellName(c))
			}
			out[id] = append(out[id], fmt.Sprintf("%d: %s", d, strings.Join(names, " ")))
		}
		seeBoth := func(p, q []board.Cell) []board.Cell {
			var r []board.Cell
			for _, e := range cs {
				if seesAny(e, p) && seesAny(e, q) {
					r = append(r, e)
				}
			}
			return r
		}
		for i := range nc {
			if len(class[i][0])+len(class[i][1]) > 2 { // one pair is locked candidates
				add(idSimpleColorsTrap, seeBoth(class[i][0], class[i][1]))
			}
			var wrapped []board.Cell
			for k := range 2 {
				for _, x := range class[i][k] {
					if seesAny(x, class[i][k]) {
						wrapped = append(wrapped, class[i][k]...)
						break
					}
				}
			}
			add(idSimpleColorsWrap, wrapped)
		}
		for i := range nc {
			for j := range nc {
				if i == j {
					continue
				}
				var false2 []board.Cell
				for k := range 2 {
					sees0 := slices.ContainsFunc(class[i][k], func(x board.Cell) bool { return seesAny(x, class[j][0]) })
					sees1 := slices.ContainsFunc(class[i][k], func(x board.Cell) bool { return seesAny(x, class[j][1]) })
					if sees0 && sees1 {
						false2 = append(false2, class[i][k]...)
					}
				}
				add(idMultiColors2, false2)
				if j < i {
					continue
				}
				var removed []board.Cell
				for p := range 2 {
					for q := range 2 {
						if slices.ContainsFunc(class[i][p], func(x board.Cell) bool { return seesAny(x, class[j][q]) }) {
							removed = append(removed, seeBoth(class[i][1-p], class[j][1-q])...)
						}
					}
				}
				add(idMultiColors1, removed)
			}
		}
	}
	return out
}

func inCluster(cluster map[board.Cell]int, c board.Cell) bool {
	_, ok := cluster[c]
	return ok
}

func TestColouringMatchesBruteForce(t *testing.T) {
	techs := []Technique{SimpleColorsTrap, SimpleColorsWrap, MultiColors1, MultiColors2}
	checked := 0
	forEachSampleState(t, 25, func(name string, b, _ *board.Board, _ []board.Digit) {
		want := bruteColouring(b)
		for _, tech := range techs {
			var got []string
			findOn(tech, b, func(s explain.Step) bool {
				var names []string
				for _, e := range s.Eliminations {
					names = append(names, b.Layout().CellName(e.Cell))
				}
				got = append(got, fmt.Sprintf("%d: %s", s.Pattern.Digits.First(), strings.Join(names, " ")))
				return true
			})
			w := slices.Clone(want[tech.ID])
			slices.Sort(got)
			slices.Sort(w)
			require.Equal(t, w, got, "%s: %s", name, tech.ID)
			checked += len(got)
		}
	})
	if checked == 0 {
		t.Fatal("no colouring step in any sample state: the test checked nothing")
	}
}
