package rate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Hand-made proof lines on a 9x9 grid: r1c1 is cell 0, r1c2 cell 1, r1c3 cell 2, r2c1
// cell 9. Rows are houses 0-8, columns 9-17, boxes 18-26.
func premise(c board.Cell, d board.Digit) explain.ProofLine {
	return explain.ProofLine{Cand: board.Candidate{Cell: c, Digit: d}, True: true, Why: explain.ByPremise, Cell: -1, House: -1, Cover: -1}
}

func seen(c board.Cell, d board.Digit, by board.Cell, h board.House) explain.ProofLine {
	return explain.ProofLine{Cand: board.Candidate{Cell: c, Digit: d}, Why: explain.BySeen, Cell: by, House: h, Cover: -1}
}

func naked(c board.Cell, d board.Digit) explain.ProofLine {
	return explain.ProofLine{Cand: board.Candidate{Cell: c, Digit: d}, True: true, Why: explain.ByNakedSingle, Cell: -1, House: -1, Cover: -1}
}

func taken(c board.Cell, d, holds board.Digit) explain.ProofLine {
	return explain.ProofLine{Cand: board.Candidate{Cell: c, Digit: d}, Why: explain.ByTaken, Cell: -1, House: -1, Cover: -1, Holds: holds}
}

func locked(c board.Cell, d board.Digit, h, cover board.House) explain.ProofLine {
	return explain.ProofLine{Cand: board.Candidate{Cell: c, Digit: d}, Why: explain.ByLocked, Cell: -1, House: h, Cover: cover}
}

func emptyCell(c board.Cell) explain.Clash { return explain.Clash{Cell: c, House: -1} }

// chainLemma: r1c1=1 removes 1 from r2c1, which leaves it 3; 3 leaves r1c2, which
// leaves it 5; 5 leaves r1c3, which has nothing left. Every fact rests on the one
// before.
func chainLemma() explain.Lemma {
	return explain.Lemma{
		Premise: board.Candidate{Cell: 0, Digit: 1},
		Lines: []explain.ProofLine{
			premise(0, 1), seen(9, 1, 0, 9), naked(9, 3), seen(1, 3, 9, 18), naked(1, 5), seen(2, 5, 1, 0),
		},
		Clash: emptyCell(2),
	}
}

func nestedStep(lemmas ...explain.Lemma) explain.Step {
	main := []explain.ProofLine{premise(40, 7), seen(41, 7, 40, 4)}
	for i, lm := range lemmas {
		main = append(main, explain.ProofLine{Cand: lm.Premise, Why: explain.ByLemma, Lemma: i, Cell: -1, House: -1, Cover: -1})
	}
	return explain.Step{Technique: "nested-forcing-net", Pattern: explain.Pattern{Proof: &explain.Proof{
		Premise: board.Candidate{Cell: 40, Digit: 7}, Lines: main, Lemmas: lemmas, Clash: emptyCell(42),
	}}}
}

func TestMeasureNet(t *testing.T) {
	l := mustParse(t, seCases[0].puzzle).Layout()
	// The net forms of chainLemma: r1c2 loses 1 to r1c1 as well (its single rests on
	// two facts); a locked candidates line; a contradiction reached three ways.
	fork := chainLemma()
	fork.Lines = append(fork.Lines[:4:4], seen(1, 1, 0, 0), naked(1, 5), seen(2, 5, 1, 0))
	withLocked := chainLemma()
	withLocked.Lines = append(withLocked.Lines, locked(20, 4, 18, 0))
	threeWays := chainLemma()
	threeWays.Lines = append(threeWays.Lines, seen(2, 3, 9, 18), seen(2, 1, 0, 0))
	// A contradiction on the assumption's own cell: r1c1=1 leaves r2c1 3, and r2c2
	// then 1, which sees r1c1: one chain from the assumption to its negation (SE's
	// contradiction of two nodes of one candidate).
	onItself := explain.Lemma{
		Premise: board.Candidate{Cell: 0, Digit: 1},
		Lines: []explain.ProofLine{
			premise(0, 1), taken(0, 2, 1), taken(0, 3, 1), seen(9, 1, 0, 9), naked(9, 3), seen(10, 3, 9, 1), naked(10, 1), seen(0, 1, 10, 18),
		},
		Clash: emptyCell(0),
	}

	plain := explain.Step{Technique: "forcing-net-plus", Pattern: explain.Pattern{Proof: &explain.Proof{
		Premise: board.Candidate{Cell: 0, Digit: 1}, Lines: chainLemma().Lines, Clash: emptyCell(2),
	}}}
	plus := plain
	plus.Pattern.Proof = &explain.Proof{Premise: plain.Pattern.Proof.Premise, Lines: withLocked.Lines, Clash: emptyCell(2)}
	chains := explain.Step{Technique: "forcing-net-contradiction", Pattern: explain.Pattern{Chains: []explain.Chain{
		{Nodes: []explain.Node{{Cells: []board.Cell{0}, Digits: board.DigitsOf(1)}, {Cells: []board.Cell{9}, Digits: board.DigitsOf(1)}}},
		{Nodes: []explain.Node{{Cells: []board.Cell{0}, Digits: board.DigitsOf(1)}, {Cells: []board.Cell{1, 2}, Digits: board.DigitsOf(1)}}},
	}}}

	tests := []struct {
		name  string
		step  explain.Step
		level NetLevel
		size  int
	}{
		{"a net written as chains", chains, NetDynamic, 4},
		{"singles only", plain, NetDynamic, 6},
		{"locked candidates", plus, NetPlus, 7},
		{"a lemma refuted by a chain", nestedStep(chainLemma()), NetNestedChains, 3 + 6},
		{"a lemma refuted on its own premise", nestedStep(onItself), NetNestedChains, 3 + 8},
		{"two chain lemmas", nestedStep(chainLemma(), onItself), NetNestedChains, 4 + 6 + 8},
		{"a lemma whose single rests on two of its facts", nestedStep(fork), NetNestedNets, 3 + 7},
		{"a lemma with locked candidates", nestedStep(withLocked), NetNestedNets, 3 + 7},
		{"a lemma's contradiction reached three ways", nestedStep(threeWays), NetNestedNets, 3 + 8},
		{"a net lemma beside a chain lemma", nestedStep(chainLemma(), fork), NetNestedNets, 4 + 6 + 7},
	}
	sc := DefaultScale()
	b := mustParse(t, seCases[0].puzzle)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			level, size := MeasureNet(l, tc.step)
			assert.Equal(t, tc.level, level)
			assert.Equal(t, tc.size, size)
			got, err := sc.Step(b, tc.step)
			require.NoError(t, err)
			assert.InDelta(t, sc.Nets[tc.level]+LengthBonus(tc.size), got, 0.05, "rating")
		})
	}
}

// TestNetRatingFollowsSE checks the rating of nets against Sudoku Explainer's ladder:
// each level above the one before, and within a level, a longer proof never lower and
// one past a threshold of the length rule higher.
func TestNetRatingFollowsSE(t *testing.T) {
	sc := DefaultScale()
	b := mustParse(t, seCases[0].puzzle)
	rate := func(st explain.Step) float64 {
		t.Helper()
		r, err := sc.Step(b, st)
		require.NoError(t, err)
		return r
	}
	assert.InDelta(t, 8.5, sc.Nets[NetDynamic], 1e-9, "SE's dynamic forcing chains")
	assert.InDelta(t, 9.0, sc.Nets[NetPlus], 1e-9, "SE's dynamic forcing chains (+)")
	assert.InDelta(t, 9.5, sc.Nets[NetNestedChains], 1e-9, "SE's first nested level")
	assert.Greater(t, sc.Nets[NetNestedNets], sc.Nets[NetNestedChains])

	short, long := nestedStep(chainLemma()), nestedStep(chainLemma(), chainLemma(), chainLemma())
	assert.Greater(t, rate(long), rate(short), "three lemmas of 6 facts against one")
	net := chainLemma()
	net.Lines = append(net.Lines, locked(20, 4, 18, 0))
	assert.Greater(t, rate(nestedStep(net)), rate(nestedStep(chainLemma())), "a net inside rates above a chain inside")
	// The same net rated as chains and as a proof of as many facts: the same rating, so
	// moving a net to the proof model keeps its rating.
	asProof := explain.Step{Technique: "forcing-net-contradiction", Pattern: explain.Pattern{Proof: &explain.Proof{
		Premise: board.Candidate{Cell: 0, Digit: 1}, Lines: chainLemma().Lines, Clash: emptyCell(2),
	}}}
	var ch explain.Chain
	for _, ln := range chainLemma().Lines {
		ch.Nodes = append(ch.Nodes, explain.Node{Cells: []board.Cell{ln.Cand.Cell}, Digits: board.DigitsOf(ln.Cand.Digit)})
	}
	asChains := explain.Step{Technique: "forcing-net-contradiction", Pattern: explain.Pattern{Chains: []explain.Chain{ch}}}
	assert.InDelta(t, rate(asChains), rate(asProof), 1e-9)
}
