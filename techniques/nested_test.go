package techniques

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// proofState is a board being reasoned on by a written proof: the candidates of each
// cell and the digit a cell holds (given, placed, or made true by a line). A line
// that makes a cell's digit true takes the cell's other candidates with it, as the
// prose takes them (it never says them), and nothing out of its peers: those go by
// lines of their own (BySeen), as the proof says them.
type proofState struct {
	l     *board.Layout
	cands []board.DigitSet
	holds []board.Digit
}

func newProofState(b *board.Board) *proofState {
	l := b.Layout()
	st := &proofState{l: l, cands: make([]board.DigitSet, l.Cells()), holds: make([]board.Digit, l.Cells())}
	for c := range board.Cell(l.Cells()) {
		if d := b.Value(c); d != 0 {
			st.cands[c], st.holds[c] = board.DigitsOf(d), d
		} else {
			st.cands[c] = b.Candidates(c)
		}
	}
	return st
}

func (st *proofState) clone() *proofState {
	return &proofState{l: st.l, cands: append([]board.DigitSet(nil), st.cands...), holds: append([]board.Digit(nil), st.holds...)}
}

// places returns the cells of house h that can still hold d.
func (st *proofState) places(h board.House, d board.Digit) []board.Cell {
	var out []board.Cell
	for _, c := range st.l.HouseCells(h) {
		if st.cands[c].Has(d) {
			out = append(out, c)
		}
	}
	return out
}

// checkLines replays a proof's lines on st, each one checked to follow from the board
// and the lines before it, then its contradiction.
func (st *proofState) checkLines(p *explain.Proof, lines []explain.ProofLine, premise board.Candidate, clash explain.Clash) error {
	l := st.l
	for i, ln := range lines {
		c, d := ln.Cand.Cell, ln.Cand.Digit
		at := fmt.Sprintf("line %d (%s%s)", i+1, l.CellName(c), map[bool]string{true: "=", false: "<>"}[ln.True]+d.String())
		if ln.Why != explain.ByTaken && (!st.cands[c].Has(d) || (st.holds[c] != 0 && ln.True)) {
			return fmt.Errorf("%s: not an open candidate here", at)
		}
		switch ln.Why {
		case explain.ByPremise:
			if i != 0 || ln.Cand != premise || !ln.True {
				return fmt.Errorf("%s: the premise must be the first line", at)
			}
		case explain.BySeen:
			if st.holds[ln.Cell] != d || ln.Cell == c {
				return fmt.Errorf("%s: %s does not hold %d", at, l.CellName(ln.Cell), d)
			}
			if ln.House >= 0 && (!l.HouseSet(ln.House).Has(c) || !l.HouseSet(ln.House).Has(ln.Cell)) ||
				ln.House < 0 && !l.PeerSet(c).Has(ln.Cell) {
				return fmt.Errorf("%s: %s does not see it", at, l.CellName(ln.Cell))
			}
		case explain.ByTaken:
			if st.holds[c] == 0 || st.holds[c] != ln.Holds || ln.Holds == d {
				return fmt.Errorf("%s: the cell does not hold another digit", at)
			}
		case explain.ByNakedSingle:
			if st.cands[c] != board.DigitsOf(d) {
				return fmt.Errorf("%s: not the cell's last candidate (%v)", at, st.cands[c])
			}
		case explain.ByHiddenSingle:
			if ps := st.places(ln.House, d); len(ps) != 1 || ps[0] != c {
				return fmt.Errorf("%s: not the last place in %s (%v)", at, l.HouseName(ln.House), ps)
			}
		case explain.ByLocked:
			cover := l.HouseSet(ln.Cover)
			ps := st.places(ln.House, d)
			if len(ps) == 0 || !cover.Has(c) || l.HouseSet(ln.House).Has(c) {
				return fmt.Errorf("%s: not locked", at)
			}
			for _, o := range ps {
				if !cover.Has(o) {
					return fmt.Errorf("%s: %s in %s lies outside %s", at, l.CellName(o), l.HouseName(ln.House), l.HouseName(ln.Cover))
				}
			}
		case explain.ByLemma:
			if ln.Lemma < 0 || ln.Lemma >= len(p.Lemmas) {
				return fmt.Errorf("%s: no lemma %d", at, ln.Lemma)
			}
			lm := p.Lemmas[ln.Lemma]
			if lm.Premise != ln.Cand {
				return fmt.Errorf("%s: lemma %s is about %s", at, explain.LemmaName(ln.Lemma), l.CandidateName(lm.Premise))
			}
			if err := st.clone().checkLines(p, lm.Lines, lm.Premise, lm.Clash); err != nil {
				return fmt.Errorf("%s: lemma %s: %w", at, explain.LemmaName(ln.Lemma), err)
			}
		default:
			return fmt.Errorf("%s: no reason", at)
		}
		if ln.True {
			// A cell that holds a digit holds no other: the prose never says those
			// removals (ByTaken lines may say them, and a proof may rest on them).
			st.holds[c], st.cands[c] = d, board.DigitsOf(d)
		} else {
			st.cands[c] = st.cands[c].Without(d)
		}
	}
	if clash.Cell >= 0 {
		if st.cands[clash.Cell] != 0 {
			return fmt.Errorf("no contradiction: %s keeps %v", l.CellName(clash.Cell), st.cands[clash.Cell])
		}
		return nil
	}
	if ps := st.places(clash.House, clash.Digit); len(ps) != 0 {
		return fmt.Errorf("no contradiction: %d can still go in %v of %s", clash.Digit, ps, l.HouseName(clash.House))
	}
	return nil
}

// checkProof checks that a net's proof is a proof: every line follows from the board
// and the lines before it (a lemma's from its own lines too), and it ends in its
// contradiction, so the premise it eliminates is false.
func checkProof(b *board.Board, s explain.Step) error {
	p := s.Pattern.Proof
	if p == nil {
		return fmt.Errorf("%s step without a proof", s.Technique)
	}
	if len(s.Eliminations) != 1 || s.Eliminations[0] != p.Premise || len(s.Placements) != 0 {
		return fmt.Errorf("the step must eliminate its premise alone")
	}
	return newProofState(b).checkLines(p, p.Lines, p.Premise, p.Clash)
}

// netSteps walks a puzzle with the whole pipeline and calls check on every step of the
// nets, with the board it is taken on; it returns the walk.
func netSteps(t *testing.T, line string, check func(b *board.Board, s explain.Step)) explain.Trace {
	b := mustParse(t, line)
	tr, err := Solve(context.Background(), b, Options{})
	require.NoError(t, err)
	cur := b.Clone()
	for _, s := range tr.Steps {
		if s.Technique == idNestedForcingNet || s.Technique == idForcingNetPlus {
			check(cur, s)
		}
		mustApply(t, cur, s)
	}
	return tr
}

// TestNetProofs checks the written proof of every Forcing Net (+) and Nested Forcing
// Net step of walkthroughs of the forum's hardest puzzles, line by line, and that the
// nets take those walks to the end without a search step: the project's own hardest
// samples always, a spread of the shared list unless -short (all 1,015 of its every
// 48th line with STEPDOKU_FULL=1).
func TestNetProofs(t *testing.T) {
	puzzles := []string{hard9}
	n := 6
	if os.Getenv("STEPDOKU_FULL") != "" {
		n = 1015
	}
	if !testing.Short() {
		path := filepath.Join("../../shared/puzzles", "forum-hardest-11plus.txt")
		if _, err := os.Stat(path); err == nil {
			all := puzzleLines(t, path, 0)
			var every48 []string
			for i := 47; i < len(all); i += 48 {
				every48 = append(every48, all[i])
			}
			puzzles = append(puzzles, spreadLines(every48, n)...)
		}
	}
	steps, lemmas := 0, 0
	for i, p := range puzzles {
		tr := netSteps(t, p, func(b *board.Board, s explain.Step) {
			steps++
			lemmas += len(s.Pattern.Proof.Lemmas)
			if err := checkProof(b, s); err != nil {
				t.Errorf("puzzle %d %s: %s: %v", i+1, p, explain.OneLiner(b.Layout(), s), err)
			}
		})
		assert.False(t, tr.Summary.UsedFallback, "puzzle %d %s needs a search step", i+1, p)
	}
	require.NotZero(t, steps, "no net step on the hardest puzzles")
	t.Logf("%d puzzles: %d net steps checked, %d lemmas", len(puzzles), steps, lemmas)
}

func mustParse(t *testing.T, line string) *board.Board {
	t.Helper()
	b, err := board.Parse(line)
	require.NoError(t, err)
	return b
}

// TestNetProofCheckerFails makes sure the checker above can fail: a proof with a line
// taken out, or with its contradiction moved, is refused.
func TestNetProofCheckerFails(t *testing.T) {
	b := mustParse(t, hard9)
	st := newSolveState()
	var got explain.Step
	found := false
	NestedForcingNet.Find(st.pass(context.Background(), b, NestedForcingNet, func(s explain.Step) bool {
		got, found = s, true
		return false
	}))
	require.True(t, found, "no nested net on %s", hard9)
	require.NoError(t, checkProof(b, got))
	p := *got.Pattern.Proof
	// A placed cell's other candidates (ByTaken) go with its placement: any other line
	// left out breaks the proof.
	var said []int
	for i, ln := range p.Lines {
		if i > 0 && ln.Why != explain.ByTaken {
			said = append(said, i)
		}
	}
	for _, drop := range []int{said[0], said[len(said)/2], said[len(said)-1]} {
		cut := p
		cut.Lines = append(append([]explain.ProofLine(nil), p.Lines[:drop]...), p.Lines[drop+1:]...)
		s := got
		s.Pattern.Proof = &cut
		assert.Error(t, checkProof(b, s), "line %d left out", drop+1)
	}
	moved := p
	moved.Clash = explain.Clash{Cell: p.Premise.Cell, House: -1}
	s := got
	s.Pattern.Proof = &moved
	assert.Error(t, checkProof(b, s), "contradiction moved to the premise's cell")
}
