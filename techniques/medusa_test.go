package techniques

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// medusaColours reads the colouring of a Medusa step from its chains: the first node
// of the first chain is colour 0; a later chain starts at a node already coloured; every
// link must be a strong link of b and flips the colour.
func medusaColours(t *testing.T, b *board.Board, s explain.Step) map[board.Candidate]int {
	t.Helper()
	l := b.Layout()
	line := explain.OneLiner(l, s)
	colours := map[board.Candidate]int{}
	for i, ch := range s.Pattern.Chains {
		require.Len(t, ch.Links, len(ch.Nodes)-1, line)
		var prev board.Candidate
		for j, n := range ch.Nodes {
			require.Len(t, n.Cells, 1, line)
			d, ok := n.Digits.Single()
			require.True(t, ok, line)
			cand := board.Candidate{Cell: n.Cells[0], Digit: d}
			require.True(t, b.Has(cand.Cell, cand.Digit), "%s: %v is no candidate", line, cand)
			if j == 0 {
				col, ok := colours[cand]
				require.True(t, ok || i == 0, "%s: chain %d starts at an uncoloured node", line, i)
				colours[cand] = col
			} else {
				require.Equal(t, explain.Strong, ch.Links[j-1], line)
				require.True(t, strongLink(l, b, prev, cand), "%s: %v=%v is no strong link", line, prev, cand)
				col, ok := colours[cand]
				require.True(t, !ok || col == 1-colours[prev], "%s: %v coloured twice", line, cand)
				colours[cand] = 1 - colours[prev]
			}
			prev = cand
		}
	}
	return colours
}

// strongLink reports whether exactly one of a and c is true on b: the two candidates
// of a cell with two, or the two places of a digit in a house with two.
func strongLink(l *board.Layout, b *board.Board, a, c board.Candidate) bool {
	if a.Cell == c.Cell {
		return a.Digit != c.Digit && b.Candidates(a.Cell) == board.DigitsOf(a.Digit, c.Digit)
	}
	if a.Digit != c.Digit {
		return false
	}
	for _, h := range l.HousesOf(a.Cell) {
		p := b.Positions(h, a.Digit)
		if p.Count() == 2 && l.PosIn(c.Cell, h) >= 0 && p.Has(l.PosIn(c.Cell, h)) {
			return true
		}
	}
	return false
}

// checkMedusaStep checks a Medusa step by its rules: either it removes exactly one
// colour, which two of its candidates or an emptied cell prove false, or it removes
// uncoloured candidates that each see both colours.
func checkMedusaStep(t *testing.T, b *board.Board, s explain.Step) {
	t.Helper()
	l := b.Layout()
	line := explain.OneLiner(l, s)
	colours := medusaColours(t, b, s)
	sees := func(c board.Candidate, col int) bool {
		for o, oc := range colours {
			if oc == col && (o.Cell == c.Cell || o.Digit == c.Digit && l.Sees(o.Cell, c.Cell)) {
				return true
			}
		}
		return false
	}
	if col, ok := colours[s.Eliminations[0]]; ok {
		var want []board.Candidate
		for c, oc := range colours {
			if oc == col {
				want = append(want, c)
			}
		}
		require.ElementsMatch(t, want, s.Eliminations, "%s: removes part of a colour", line)
		require.Len(t, s.Pattern.Sets, 1, "%s: where the colour clashes", line)
		clash := false
		for _, a := range want {
			for _, c := range want {
				if a != c && (a.Cell == c.Cell || a.Digit == c.Digit && l.Sees(a.Cell, c.Cell)) {
					clash = true
				}
			}
		}
		for c := range board.Cell(l.Cells()) {
			cands := b.Candidates(c).Digits()
			if len(cands) == 0 {
				continue
			}
			if !slices.ContainsFunc(cands, func(d board.Digit) bool {
				cand := board.Candidate{Cell: c, Digit: d}
				oc, coloured := colours[cand]
				return coloured && oc == col || !coloured && !sees(cand, col)
			}) {
				clash = true // colour col true would empty c
			}
		}
		require.True(t, clash, "%s: nothing proves the colour false", line)
		return
	}
	require.Empty(t, s.Pattern.Sets, "%s: a clash, but no colour removed", line)
	for _, e := range s.Eliminations {
		_, coloured := colours[e]
		require.False(t, coloured, "%s: removes a coloured candidate %v", line, e)
		require.True(t, sees(e, 0) && sees(e, 1), "%s: %v does not see both colours", line, e)
	}
}

// TestMedusaSound walks the sample puzzles with the basics; whenever they are stuck,
// every Medusa step must follow its rules on the state and be true to the solution;
// then the walk goes on with this family's first step.
func TestMedusaSound(t *testing.T) {
	lines := readPuzzleLines(t, forcingSamplePath, 0)
	found := 0
	forcingWalk(t, lines, func(b *board.Board, sol []board.Digit) {
		findOn(Medusa3D, b, func(s explain.Step) bool {
			require.Equal(t, Medusa3D.ID, s.Technique)
			requireSound(t, "medusa", b, sol, s)
			checkMedusaStep(t, b, s)
			found++
			return true
		})
	})
	require.Positive(t, found, "no Medusa step on any stuck state of the sample")
}

// TestMedusaLooksNearItsCluster checks the tables a loaded cluster keeps so that the
// rules look only near it, on the stuck states of the sample and of the 16x16 grid:
// cells are the cells with a colour, near those and their peers, both in order, and
// seesBoth finds what a scan of the whole grid finds.
func TestMedusaLooksNearItsCluster(t *testing.T) {
	lines := readPuzzleLines(t, forcingSamplePath, 0)
	if testing.Short() {
		lines = lines[:min(len(lines), 6)]
	}
	clusters := 0
	check := func(b *board.Board, _ []board.Digit) {
		l := b.Layout()
		n := l.N()
		st := medusaState{colour: make([]int8, l.Cells()*n), cellMask: make([]uint8, l.Cells()), stamp: make([]uint32, l.Cells())}
		for i := range st.colour {
			st.colour[i] = -1
		}
		for k := range st.seen {
			st.seen[k] = make([]int8, l.Cells()*n)
		}
		for _, cl := range medusaClusters(b) {
			st.load(l, cl)
			clusters++
			var cells, near []board.Cell
			var want []board.Candidate
			for c := range board.Cell(l.Cells()) {
				coloured := st.cellMask[c] != 0
				if coloured {
					cells = append(cells, c)
				}
				for _, p := range l.Peers(c) {
					coloured = coloured || st.cellMask[p] != 0
				}
				if coloured {
					near = append(near, c)
				}
				for s := b.Candidates(c); s != 0; s &= s - 1 {
					d := s.First()
					if st.colour[int(c)*n+int(d)-1] < 0 && st.sees(l, c, d, 0) && st.sees(l, c, d, 1) {
						want = append(want, board.Candidate{Cell: c, Digit: d})
					}
				}
			}
			require.Equal(t, cells, st.cells)
			require.Equal(t, near, st.near)
			got := st.seesBoth(b)
			slices.SortFunc(got, func(x, y board.Candidate) int {
				if x.Cell != y.Cell {
					return int(x.Cell) - int(y.Cell)
				}
				return int(x.Digit) - int(y.Digit)
			})
			require.Equal(t, want, got)
			st.unload(l, cl)
			for c := range board.Cell(l.Cells()) {
				require.Zero(t, st.cellMask[c])
			}
		}
	}
	forcingWalk(t, lines, check)
	// The 16x16 grid's first stuck states: larger houses, and cells of two colours.
	b, sol := solvedPuzzle(t, grid16)
	for range 3 {
		advance(t, b, basics, sol)
		check(b, nil)
		s, _, ok := firstOn(b, withForcing(slices.Clone(basics)), Knowledge{Unique: true})
		require.True(t, ok)
		mustApply(t, b, s)
	}
	require.Positive(t, clusters)
}

// TestMissRestricted checks Medusa and the bent wings on a state that holds all but
// one candidate of a state where they found nothing: Medusa then looks only at the cell
// that lost the candidate when no strong link is new (medusaMissed), a wing looks
// nowhere unless that cell has few enough candidates to be in one (newCellIn); each
// must find what a fresh search finds. Some of those states must have a step, or the
// test checks nothing.
func TestMissRestricted(t *testing.T) {
	max, every := 20, 1
	if testing.Short() {
		max, every = 10, 3 // every third candidate
	}
	lines := readPuzzleLines(t, top1465Path, max)
	states := stuckStates(t, lines)
	for _, tech := range []Technique{Medusa3D, XYWing, XYZWing, WXYZWing} {
		t.Run(tech.ID, func(t *testing.T) {
			checked, found := 0, 0
			for _, s0 := range states {
				if _, _, ok := firstWith(newSolveState(), s0, tech); ok {
					continue
				}
				l := s0.Layout()
				k := 0
				for c := range board.Cell(l.Cells()) {
					for ds := s0.Candidates(c); ds != 0; ds &= ds - 1 {
						if k++; k%every != 0 {
							continue
						}
						b := s0.Clone()
						b.Eliminate(c, ds.First())
						st := newSolveState()
						st.sc.keepChainMiss(tech.ID, s0)
						got, _, gotOK := firstWith(st, b, tech)
						want, _, wantOK := firstWith(newSolveState(), b, tech)
						require.Equal(t, wantOK, gotOK, "%s without %s<>%d", s0.String(), l.CellName(c), ds.First())
						require.Equal(t, want, got, "%s without %s<>%d", s0.String(), l.CellName(c), ds.First())
						checked++
						if wantOK {
							found++
						}
					}
				}
			}
			require.Positive(t, checked)
			require.Positive(t, found, "no state after a miss had a step")
		})
	}
}

// TestMedusaMissAcrossStates compares, on every state of the quiet-memo walks, every
// Medusa step found with its miss kept from state to state with the steps of a fresh
// state. It counts the states where some strong link is new since the miss (the
// clusters without one are looked at only near the cells that lost candidates,
// medusaMissed): there must be some.
func TestMedusaMissAcrossStates(t *testing.T) {
	quietAcrossStates(t, []string{idMedusa3D}, nil, func(st *solveState, id string, b *board.Board) int {
		if m := st.sc.chainMissOf(id); m != nil && m.within(b) && m.newLinkEnds(b) != nil {
			return 1
		}
		return 0
	})
}
