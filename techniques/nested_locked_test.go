package techniques

import (
	"math/bits"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/require"
)

// lockedByPlaces is the locked-candidates rule of the nets' engine written the
// plain way, from a table of every house's places of every digit: the reference
// that locked, which works from unions of candidates, must match.
func lockedByPlaces(e *netEngine, st *netState) (changed, hit bool) {
	n := e.n
	pos := make([]board.PosSet, len(e.houses)*n)
	for h, cells := range e.houses {
		for i, c := range cells {
			if st.settled[c] {
				continue
			}
			for m := uint32(st.cands[c]); m != 0; m &= m - 1 {
				pos[h*n+bits.TrailingZeros32(m)] |= 1 << i
			}
		}
	}
	posIn := func(h int32, c board.Cell) int { return slices.Index(e.houses[h], c) }
	for _, p := range e.lockPairs {
		var inA, inB board.PosSet
		sp := e.pieces[p.in]
		for _, c := range e.lockCells[sp.from:sp.to] {
			inA |= 1 << posIn(p.a, c)
			inB |= 1 << posIn(p.b, c)
		}
		pa, pb := pos[int(p.a)*n:int(p.a)*n+n], pos[int(p.b)*n:int(p.b)*n+n]
		for di := range n {
			if pa[di] == 0 || pa[di]&^inA != 0 {
				continue
			}
			out := pb[di] &^ inB
			if out == 0 {
				continue
			}
			bit := board.DigitSet(1) << di
			for ; out != 0; out &= out - 1 {
				c := e.houses[p.b][bits.TrailingZeros32(uint32(out))]
				m := st.cands[c] &^ bit
				st.cands[c] = m
				if m == 0 {
					e.clash = netClash{cell: int32(c), house: -1}
					return true, true
				}
				if m&(m-1) == 0 {
					e.queue = append(e.queue, int32(c))
				}
			}
			return true, false
		}
	}
	return false, false
}

// TestNetsLocked checks the engine's locked-candidates rule against lockedByPlaces
// on the branches of real stalls: from each candidate of puzzles where the nets
// work (classic, killer, jigsaw, X, windoku), the branch is propagated with singles
// and then, call by call, both rules must take the same candidates out, queue the
// same cells and meet the same contradiction.
func TestNetsLocked(t *testing.T) {
	var boards []*board.Board
	for _, line := range puzzleLines(t, "../testdata/puzzles/forcing.txt", 3) {
		boards = append(boards, parsed(line)(t))
	}
	for _, name := range []string{"cage-forcing-net", "nested-forcing-net", "forcing-net-plus", "diagonal-x-wing", "house-partition"} {
		for _, c := range readFixture(t, filepath.Join(fixtureDir, name+".yaml")).Cases {
			boards = append(boards, caseBoard(t, c))
		}
	}
	calls, hits := 0, 0
	for i, b := range boards {
		sc := newScratch()
		e := loadNets(&sc, b)
		base := &e.stack[0]
		ref := netState{cands: make([]board.DigitSet, len(base.cands)), settled: make([]bool, len(base.cands))}
		for c := range board.Cell(len(base.cands)) {
			for s := base.cands[c]; s != 0 && !base.settled[c]; s &= s - 1 {
				st := &e.stack[1]
				st.copyFrom(base)
				if e.assume(st, c, s.First(), false) {
					continue
				}
				for {
					ref.copyFrom(st)
					refQueue := slices.Clone(e.queue)
					refChanged, refHit := lockedByPlaces(e, &ref)
					refClash := e.clash
					refQueue, e.queue = e.queue, refQueue
					changed, hit := e.locked(st)
					calls++
					where := "puzzle %d, branch %s=%d, call %d"
					require.Equal(t, refChanged, changed, where, i, b.Layout().CellName(c), s.First(), calls)
					require.Equal(t, refHit, hit, where, i, b.Layout().CellName(c), s.First(), calls)
					require.Equal(t, ref.cands, st.cands, where, i, b.Layout().CellName(c), s.First(), calls)
					require.Equal(t, refQueue, e.queue, where, i, b.Layout().CellName(c), s.First(), calls)
					if hit {
						require.Equal(t, refClash, e.clash, where, i, b.Layout().CellName(c), s.First(), calls)
					}
					if !changed || hit {
						break
					}
					hits++
					if e.settle(st) {
						break
					}
					if _, hit := e.hiddenSingles(st); hit {
						break
					}
					e.queue = e.queue[:0]
				}
			}
		}
		e.release(&sc)
	}
	t.Logf("%d calls, %d took candidates out", calls, hits)
	require.Positive(t, hits, "no branch where locked candidates take anything out: the test compares nothing")
}
