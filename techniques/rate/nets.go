package rate

import (
	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// NetLevel is the level of Sudoku Explainer's chaining that a forcing step needs, read
// from the rules its written proof uses. SE rates its dynamic chains by what a branch
// may take: singles only (dynamic, 8.5), also locked candidates and the like ("(+)",
// 9.0), and, nested, a second assumption inside the branch that a chain of its own
// refutes (a lemma): from 9.5 for static chains inside, to 10.5 and up for dynamic
// ones. The base rating of each level is data (scale.yaml, nets).
type NetLevel string

// The levels a step's proof can show.
const (
	// NetDynamic: a branch of singles only.
	NetDynamic NetLevel = "dynamic"
	// NetPlus: a branch that also takes locked candidates.
	NetPlus NetLevel = "plus"
	// NetNestedChains: lemmas, each refuted by one chain of singles (every fact rests
	// on at most one fact of the lemma, besides what the branch already holds): SE's
	// first nested level.
	NetNestedChains NetLevel = "nested-chains"
	// NetNestedNets: a lemma refuted by a net (a fact resting on two facts of the
	// lemma, or on locked candidates).
	NetNestedNets NetLevel = "nested-nets"
)

var netLevels = []NetLevel{NetDynamic, NetPlus, NetNestedChains, NetNestedNets}

// MeasureNet returns the level of chaining that forcing step st (taken on layout l)
// needs and its written size, the n of SE's length rule: the facts of its written
// proof, its lemmas' included (explain.Proof.Size, the measure the nets also choose
// their shortest proof by), as SE counts a nested chain's nodes with those of the
// chains nested in it; for a step written as chains (no proof), the candidates of its
// chains, each once. It is the one place where the rating reads a net's shape, so a
// net rates by what its record says, whichever form the record takes, and a shorter
// proof rates lower, as a shorter chain does in SE.
func MeasureNet(l *board.Layout, st explain.Step) (NetLevel, int) {
	p := st.Pattern.Proof
	if p == nil {
		return NetDynamic, chainSize(st)
	}
	n := p.Size()
	if len(p.Lemmas) > 0 {
		for _, lm := range p.Lemmas {
			if !isChain(l, lm.Lines, lm.Clash) {
				return NetNestedNets, n
			}
		}
		return NetNestedChains, n
	}
	for _, ln := range p.Lines {
		if ln.Why == explain.ByLocked {
			return NetPlus, n
		}
	}
	return NetDynamic, n
}

// isChain reports whether lines (a lemma's proof, ending in clash) form one chain:
// no locked candidates or lemmas, every fact resting on at most one fact of these
// lines, and the contradiction on at most two (SE's chain from an assumption to the
// negation of one of its consequences ends in two nodes of one candidate, on and
// off). What the facts rest on outside these lines (the board, the branch the lemma is
// in) is the grid SE's nested chain runs on.
func isChain(l *board.Layout, lines []explain.ProofLine, clash explain.Clash) bool {
	type cand struct {
		c board.Cell
		d board.Digit
	}
	removed := make(map[cand]bool, len(lines))
	placed := make(map[board.Cell]bool)
	for _, ln := range lines {
		if ln.True {
			placed[ln.Cand.Cell] = true
		} else {
			removed[cand{ln.Cand.Cell, ln.Cand.Digit}] = true
		}
	}
	// own counts the removals among lines of digit d from cells, but for skip.
	own := func(cells []board.Cell, d board.Digit, skip func(board.Cell) bool) int {
		k := 0
		for _, o := range cells {
			if !skip(o) && removed[cand{o, d}] {
				k++
			}
		}
		return k
	}
	never := func(board.Cell) bool { return false }
	for _, ln := range lines {
		parents := 0
		c, d := ln.Cand.Cell, ln.Cand.Digit
		switch ln.Why {
		case explain.ByPremise:
		case explain.BySeen:
			if placed[ln.Cell] {
				parents = 1
			}
		case explain.ByTaken:
			if placed[c] {
				parents = 1
			}
		case explain.ByNakedSingle:
			for o := board.Digit(1); int(o) <= l.N(); o++ {
				if o != d && removed[cand{c, o}] {
					parents++
				}
			}
		case explain.ByHiddenSingle:
			parents = own(l.HouseCells(ln.House), d, func(o board.Cell) bool { return o == c })
		default: // locked candidates, a lemma: a net's rules, not a chain's
			return false
		}
		if parents > 1 {
			return false
		}
	}
	var at int
	if clash.Cell >= 0 {
		// A placed cell's other digits leave it with its placement: one node.
		if placed[clash.Cell] {
			at++
		}
		for _, ln := range lines {
			if !ln.True && ln.Cand.Cell == clash.Cell && ln.Why != explain.ByTaken {
				at++
			}
		}
	} else if clash.House >= 0 {
		at = own(l.HouseCells(clash.House), clash.Digit, never)
	}
	return at <= 2
}
