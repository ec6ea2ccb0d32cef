package techniques

import (
	"cmp"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// A cage forcing net is a forcing net contradiction whose propagation also does the
// killer arithmetic: after a premise (a candidate taken as true), besides the naked and
// hidden singles of every house, each cage (and each virtual cage of the rule of 45)
// keeps only the digits some filling of its sum still puts in its cells, and a cage
// that no filling can make any more is a contradiction. The classic forcing chains and
// nets (forcing.go) follow houses and cage-mates but never a cage's sum; this is their
// killer-aware sibling, tried after them.

const idCageForcingNet = "cage-forcing-net"

// maxNetSpace bounds the fillings of a unit the net searches: the product of its open
// cells' candidate counts. A cage of five cells with most digits left costs thousands
// of search nodes and seldom removes anything; it is searched once its cells have
// fewer candidates.
const maxNetSpace = 5000

// space returns the product of the counts of cands, up to most+1.
func space(cands []board.DigitSet, most int) int {
	p := 1
	for _, c := range cands {
		if p *= c.Count(); p > most {
			return most + 1
		}
	}
	return p
}

// shortEnough is the size of a refutation (placements forced and cages used) that
// ends the finder's scan: the scan looks for the shortest refutation, but one this
// short reads as well as any, and the scan of every premise costs far more.
const shortEnough = 4

// cageNetBudget bounds the search nodes of the cages' fillings that one call of the
// finder spends on its premises (about a sixth of a second): on a killer with almost every
// candidate left (a few cages of five cells and more) a full pass finds nothing in
// several seconds, so the finder reports what it refuted within the budget (cells with
// fewest candidates are tried first), or nothing.
const cageNetBudget = 8_000_000

// CageForcingNet refutes a candidate whose consequences, followed through singles and
// the cages' sums, leave a cell, a house or a cage with no way to be filled.
var CageForcingNet = Technique{
	ID:         idCageForcingNet,
	Difficulty: 8.6,
	Score:      700,
	Holds:      hasCages,
	Doc: `Cage Forcing Net

Assume a candidate is true and follow what it forces, as a forcing net does (a cell's
last candidate, a digit's last place in a house), and also what the cages' sums force:
every cage, and every virtual cage the rule of 45 gives, keeps only the digits that
some way of making its sum with its cells' candidates still uses. If a cell is left
with no candidate, a digit with no place in a house, or a cage with no way to make its
sum, the assumption was wrong: the candidate goes.`,
	Find: findCageForcingNet,
}

// netUnit is a cage, or a virtual cage of the rule of 45, as the net propagates it.
type netUnit struct {
	cage explain.CageSum // cells and sum; Virtual for the rule of 45
}

// cageNet is the state of one premise's propagation: values and candidates of every
// cell, and what the propagation did, for the step.
type cageNet struct {
	l     *board.Layout
	units []netUnit
	of    [][]int // of[c]: the units cell c is in
	dirty []bool  // dirty[u]: a cell of unit u lost candidates since u was last searched
	nodes int     // the fillings' search nodes visited so far, for the budget
	// maxSpace and budget are the bounds (maxNetSpace and cageNetBudget for the
	// technique; a test lifts them to show what an unbounded net would do).
	maxSpace, budget int
	vals             []board.Digit
	cands            []board.DigitSet
	forced           []board.Candidate // placements forced, in order (the premise first)
	used             []int             // the units whose arithmetic removed candidates, in order
	// clash is where the premise broke: clashUnit >= 0 a unit; else clashHouse >= 0 a
	// house with no place for clashDigit; else clashCell a cell with no candidate.
	clashUnit  int
	clashHouse board.House
	clashDigit board.Digit
	clashCell  board.Cell
}

// netUnits lists the cages of l, then the virtual cages of the rule of 45 of at most
// maxVirtualCells cells (innies and outies of the groups of ruleGroups), each once.
func netUnits(l *board.Layout) []netUnit {
	var out []netUnit
	seen := map[string]bool{}
	for _, cg := range l.Cages() {
		out = append(out, netUnit{cage: explain.CageSum{Cells: cg.Cells, Sum: cg.Sum}})
		seen[cellsKey(cg.Cells)] = true
	}
	for _, g := range ruleGroups(l) {
		for _, id := range []string{idInnies, idOuties} {
			virt, _, ok := rule45(l, g, id)
			if !ok || len(virt.Cells) == 0 || len(virt.Cells) > maxVirtualCells {
				continue
			}
			if k := cellsKey(virt.Cells); !seen[k] {
				seen[k] = true
				virt.Virtual = true
				out = append(out, netUnit{cage: virt})
			}
		}
	}
	return out
}

func cellsKey(cs []board.Cell) string {
	b := make([]byte, len(cs))
	for i, c := range cs {
		b[i] = byte(c)
	}
	return string(b)
}

// reset loads the board's state.
func (n *cageNet) reset(b *board.Board) {
	cells := n.l.Cells()
	n.vals = grown(n.vals, cells)
	n.cands = grown(n.cands, cells)
	for c := range board.Cell(cells) {
		n.vals[c] = b.Value(c)
		n.cands[c] = b.Candidates(c)
		if n.vals[c] != 0 {
			n.cands[c] = board.DigitsOf(n.vals[c])
		}
	}
	n.dirty = grown(n.dirty, len(n.units))
	n.forced = n.forced[:0]
	n.used = n.used[:0]
	n.clashUnit, n.clashHouse, n.clashDigit, n.clashCell = -1, -1, 0, -1
}

// place sets c to d and clears d from its peers; false on a contradiction.
func (n *cageNet) place(c board.Cell, d board.Digit) bool {
	if !n.cands[c].Has(d) {
		n.clashCell = c
		return false
	}
	n.vals[c] = d
	n.restrict(c, board.DigitsOf(d))
	n.forced = append(n.forced, board.Candidate{Cell: c, Digit: d})
	for _, p := range n.l.Peers(c) {
		if n.vals[p] == d {
			n.clashCell = p
			return false
		}
		n.restrict(p, n.cands[p].Without(d))
		if n.vals[p] == 0 && n.cands[p] == 0 {
			n.clashCell = p
			return false
		}
	}
	return true
}

// restrict keeps only the candidates k of cell c, marking its units to search again
// when that removes some.
func (n *cageNet) restrict(c board.Cell, k board.DigitSet) {
	k &= n.cands[c]
	if k == n.cands[c] {
		return
	}
	n.cands[c] = k
	for _, u := range n.of[c] {
		n.dirty[u] = true
	}
}

// propagate takes premise as true and follows singles and the units' arithmetic to a
// fixed point; false when it meets a contradiction (recorded in the clash fields).
func (n *cageNet) propagate(p *Pass, premise board.Candidate) bool {
	if !n.place(premise.Cell, premise.Digit) {
		return false
	}
	l := n.l
	all := l.AllDigits()
	for {
		if p.done() {
			return true
		}
		changed := false
		// Naked singles.
		for c := range board.Cell(l.Cells()) {
			if n.vals[c] != 0 {
				continue
			}
			if d, ok := n.cands[c].Single(); ok {
				if !n.place(c, d) {
					return false
				}
				changed = true
			}
		}
		// Hidden singles, and digits with no place in a house.
		for h := range board.House(l.Houses()) {
			var placed, once, twice board.DigitSet
			for _, c := range l.HouseCells(h) {
				if v := n.vals[c]; v != 0 {
					placed = placed.With(v)
					continue
				}
				twice |= once & n.cands[c]
				once |= n.cands[c]
			}
			if miss := all &^ placed &^ once; miss != 0 {
				n.clashHouse, n.clashDigit = h, miss.First()
				return false
			}
			for hidden := once &^ twice &^ placed; hidden != 0; hidden &= hidden - 1 {
				d := hidden.First()
				for _, c := range l.HouseCells(h) {
					if n.vals[c] == 0 && n.cands[c].Has(d) {
						if !n.place(c, d) {
							return false
						}
						break
					}
				}
				changed = true
			}
		}
		if changed {
			continue
		}
		// The cages' and virtual cages' sums.
		for ui, u := range n.units {
			if !n.dirty[ui] {
				continue
			}
			n.dirty[ui] = false
			var open []board.Cell
			var cands []board.DigitSet
			left := u.cage.Sum
			for _, c := range u.cage.Cells {
				if v := n.vals[c]; v != 0 {
					left -= int(v)
				} else {
					open = append(open, c)
					cands = append(cands, n.cands[c])
				}
			}
			if len(open) == 0 {
				if left != 0 {
					n.clashUnit = ui
					return false
				}
				continue
			}
			if space(cands, n.maxSpace) > n.maxSpace {
				continue // searched again once its cells have lost more candidates
			}
			f := fillings(l, open, cands, left, 0)
			n.nodes += f.nodes
			if f.cut {
				continue
			}
			if !f.ok {
				n.clashUnit = ui
				return false
			}
			cut := false
			for i, c := range open {
				if k := n.cands[c] & f.allowed[i]; k != n.cands[c] {
					n.restrict(c, k)
					cut = true
				}
			}
			n.dirty[ui] = false // its own cuts leave it at its fixed point
			if cut {
				changed = true
				if !slices.Contains(n.used, ui) {
					n.used = append(n.used, ui)
				}
			}
		}
		if !changed {
			return true
		}
	}
}

// findCageForcingNet tries every candidate of the open cells, cells with fewest
// candidates first, and reports the premises refuted by the shortest propagation (the
// fewest placements forced and cages used before the contradiction), which are the
// easiest to follow; it stops at the first one of at most shortEnough.
func findCageForcingNet(p *Pass) {
	if !hasCages(p.Board().Layout()) {
		return
	}
	best, _ := scanCageNet(p, maxNetSpace, cageNetBudget)
	if p.done() {
		return
	}
	for _, s := range best {
		if !p.Report(s) {
			return
		}
	}
}

// scanCageNet is findCageForcingNet's scan within the bounds given: the steps of the
// shortest refutations found, and whether every premise was followed (neither the
// budget nor an early stop at shortEnough cut the scan short; units over maxSpace are
// still skipped).
func scanCageNet(p *Pass, maxSpace, budget int) (best []explain.Step, complete bool) {
	b := p.Board()
	l := b.Layout()
	n := &cageNet{l: l, units: netUnits(l), maxSpace: maxSpace, budget: budget}
	n.of = make([][]int, l.Cells())
	for ui, u := range n.units {
		for _, c := range u.cage.Cells {
			n.of[c] = append(n.of[c], ui)
		}
	}
	var cells []board.Cell
	for c := range board.Cell(l.Cells()) {
		if b.Value(c) == 0 {
			cells = append(cells, c)
		}
	}
	slices.SortStableFunc(cells, func(a, c board.Cell) int {
		return cmp.Compare(b.Candidates(a).Count(), b.Candidates(c).Count())
	})
	shortest := 0
	for _, c := range cells {
		for _, d := range b.Candidates(c).Digits() {
			if p.done() || n.nodes > n.budget {
				return best, false
			}
			n.reset(b)
			premise := board.Candidate{Cell: c, Digit: d}
			if n.propagate(p, premise) || p.done() {
				continue
			}
			switch k := len(n.forced) + len(n.used); {
			case best == nil || k < shortest:
				best, shortest = []explain.Step{n.step(b, premise)}, k
			case k == shortest:
				best = append(best, n.step(b, premise))
			}
			if shortest <= shortEnough {
				return best, false
			}
		}
	}
	return best, true
}

// step is the step of a refuted premise. Its pattern: the premise (Cells[0], Digits);
// Sets[0] where it broke, as the forcing nets say it (a cell with its candidates, or
// the places of a digit in Houses[0]), or, for a cage that can no longer make its sum,
// that cage's cells with no digit, the cage being Cages[0]; Sets[1:] the placements
// forced after the premise, in order; Cages the cages and virtual cages whose
// arithmetic the propagation used (the broken one first).
func (n *cageNet) step(b *board.Board, premise board.Candidate) explain.Step {
	l := n.l
	pat := explain.Pattern{
		Digits: board.DigitsOf(premise.Digit),
		Cells:  []board.Cell{premise.Cell},
	}
	cageSum := func(ui int) explain.CageSum {
		u := n.units[ui].cage
		st := stateOf(b, u.Cells, u.Sum)
		st.sum.Virtual = u.Virtual
		return st.sum
	}
	switch {
	case n.clashUnit >= 0:
		u := n.units[n.clashUnit].cage
		pat.Sets = []explain.Group{{Cells: u.Cells}}
		pat.Cages = []explain.CageSum{cageSum(n.clashUnit)}
	case n.clashHouse >= 0:
		var at []board.Cell
		for _, c := range l.HouseCells(n.clashHouse) {
			if b.Value(c) == 0 && b.Has(c, n.clashDigit) {
				at = append(at, c)
			}
		}
		pat.Sets = []explain.Group{{Cells: at, Digits: board.DigitsOf(n.clashDigit)}}
		pat.Houses = []board.House{n.clashHouse}
	default:
		pat.Sets = []explain.Group{{Cells: []board.Cell{n.clashCell}, Digits: b.Candidates(n.clashCell)}}
	}
	for _, f := range n.forced[1:] {
		pat.Sets = append(pat.Sets, explain.Group{Cells: []board.Cell{f.Cell}, Digits: board.DigitsOf(f.Digit)})
	}
	for _, ui := range n.used {
		if ui != n.clashUnit {
			pat.Cages = append(pat.Cages, cageSum(ui))
		}
	}
	return explain.Step{
		Technique:    idCageForcingNet,
		Eliminations: []board.Candidate{premise},
		Pattern:      pat,
	}
}
