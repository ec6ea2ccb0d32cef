package techniques

import (
	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const idInnieOutieDifference = "innie-outie-difference"

// maxSignedCells bounds the innies and outies of one difference: a reader weighs a few
// cells against a few, and the search of their digits stays small.
const maxSignedCells = 5

// InnieOutieDifference weighs the innies of some houses against outies: the cages
// wholly inside the houses and some of those reaching out of them cover every cell of
// the houses but the innies, and stick out at the outies, so the innies add up to the
// outies plus a known difference.
var InnieOutieDifference = Technique{
	ID:         idInnieOutieDifference,
	Difficulty: 3.7,
	Score:      120,
	Holds:      hasCages,
	Doc: `Innie-Outie Difference

Some adjacent houses hold k x 45. Take the cages wholly inside them and some of the
cages that reach out of them: together they cover every cell of the houses but a few,
the innies, and cover a few cells outside, the outies. Their sums less k x 45 is
what the outies add up to beyond the innies, so innies - outies is a known number
(one innie and one outie with a difference of 6: the innie is 7, 8 or 9, the outie
1, 2 or 3). A digit of an innie or an outie that no way of keeping the difference
uses goes.`,
	Find: findInnieOutieDifference,
}

// signedUnit is what the rule of 45 says of a group of houses when some of the cages
// reaching out of it count whole: sum(in) - sum(out) = k.
type signedUnit struct {
	in, out []board.Cell
	k       int
	houses  []board.House
	cages   []int // the cages counted whole: those wholly inside, then those reaching out
}

// signedUnits lists, for each group of ruleGroups, every choice of the cages reaching
// out of it that leaves at least one innie and one outie and at most max cells in all.
func signedUnits(l *board.Layout, max int) []signedUnit {
	var out []signedUnit
	cages := l.Cages()
	seen := map[string]bool{}
	for _, g := range ruleGroups(l) {
		total := houseTotal(l.N(), len(g.houses))
		rest := g.cells
		var inside, crossing []int
		for i, cg := range cages {
			s := cg.Set()
			switch {
			case s.AndNot(g.cells).Empty():
				inside = append(inside, i)
				rest = rest.AndNot(s)
				total -= cg.Sum
			case !s.And(g.cells).Empty():
				crossing = append(crossing, i)
			}
		}
		// Choose the cages that count whole, each adding at least one outie.
		var used []int
		var walk func(from int, in, outs board.CellSet, k int)
		walk = func(from int, in, outs board.CellSet, k int) {
			ni, no := in.Count(), outs.Count()
			if no > 0 && ni > 0 && ni+no <= max {
				u := signedUnit{in: in.Cells(), out: outs.Cells(), k: k, houses: g.houses}
				u.cages = append(append(u.cages, inside...), used...)
				if key := cellsKey(u.in) + "|" + cellsKey(u.out); !seen[key] {
					seen[key] = true
					out = append(out, u)
				}
			}
			for j := from; j < len(crossing); j++ {
				s := cages[crossing[j]].Set()
				o := outs.Or(s.AndNot(g.cells))
				if o.Count() >= max {
					continue // no room left for an innie
				}
				used = append(used, crossing[j])
				walk(j+1, in.AndNot(s), o, k-cages[crossing[j]].Sum)
				used = used[:len(used)-1]
			}
		}
		walk(0, rest, board.CellSet{}, total)
	}
	return out
}

// signedFill returns, for each of cells (the first nIn innies, then outies), the
// digits some assignment from cands with sum(innies) - sum(outies) = k puts there,
// cells that see each other taking different digits.
func signedFill(l *board.Layout, cells []board.Cell, nIn int, cands []board.DigitSet, k int) []board.DigitSet {
	n := len(cells)
	allowed := make([]board.DigitSet, n)
	val := make([]board.Digit, n)
	var walk func(i, acc int)
	walk = func(i, acc int) {
		if i == n {
			if acc == k {
				for j, d := range val {
					allowed[j] = allowed[j].With(d)
				}
			}
			return
		}
	next:
		for c := cands[i]; c != 0; c &= c - 1 {
			d := c.First()
			for j := range i {
				if val[j] == d && l.Sees(cells[i], cells[j]) {
					continue next
				}
			}
			val[i] = d
			if i < nIn {
				walk(i+1, acc+int(d))
			} else {
				walk(i+1, acc-int(d))
			}
		}
	}
	walk(0, 0)
	return allowed
}

// findInnieOutieDifference reports, for each difference whose innies and outies are
// all open, the candidates no way of keeping it uses. Houses: the group; Cells: the
// innies then the outies; Sets: [the innies, the outies]; Cages: [the side that adds
// up to more, as a virtual cage whose Sum is the difference (the innies when it is
// 0), then the cages counted whole].
func findInnieOutieDifference(p *Pass) {
	b := p.Board()
	l := b.Layout()
	if !hasCages(l) {
		return
	}
	cages := l.Cages()
	var said [][]board.Candidate
	for _, u := range signedUnits(l, maxSignedCells) {
		if p.done() {
			return
		}
		cells := append(append([]board.Cell{}, u.in...), u.out...)
		cands := make([]board.DigitSet, len(cells))
		open := true
		for i, c := range cells {
			open = open && b.Value(c) == 0
			cands[i] = b.Candidates(c)
		}
		if !open {
			continue
		}
		allowed := signedFill(l, cells, len(u.in), cands, u.k)
		elims := cageState{open: cells, cands: cands}.eliminations(allowed)
		if len(elims) == 0 || slicesContainCands(said, elims) {
			continue
		}
		said = append(said, elims)
		more := explain.CageSum{Cells: u.in, Sum: u.k, Virtual: true}
		if u.k < 0 {
			more = explain.CageSum{Cells: u.out, Sum: -u.k, Virtual: true}
		}
		pat := explain.Pattern{
			Digits: union(allowed),
			Cells:  cells,
			Houses: u.houses,
			Sets:   []explain.Group{{Cells: u.in, Digits: union(allowed[:len(u.in)])}, {Cells: u.out, Digits: union(allowed[len(u.in):])}},
			Cages:  []explain.CageSum{more},
		}
		for _, ci := range u.cages {
			pat.Cages = append(pat.Cages, explain.CageSum{Cells: cages[ci].Cells, Sum: cages[ci].Sum})
		}
		if !p.Report(explain.Step{Technique: idInnieOutieDifference, Eliminations: elims, Pattern: pat}) {
			return
		}
	}
}

// slicesContainCands reports whether some list of said equals elims.
func slicesContainCands(said [][]board.Candidate, elims []board.Candidate) bool {
	for _, s := range said {
		if len(s) == len(elims) && subset(s, elims) {
			return true
		}
	}
	return false
}
