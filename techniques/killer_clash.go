package techniques

import (
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const idCageComboClash = "cage-combination-clash"

// maxClashCombos bounds the combinations of a cage tried one by one: a cage with more
// is left to the other techniques (a reader does not try twenty ways of a cage).
const maxClashCombos = 40

// CageComboClash removes a combination of a cage that would leave another cage, a
// house or a cell with nothing.
var CageComboClash = Technique{
	ID:         idCageComboClash,
	Difficulty: 3.8,
	Score:      130,
	Holds:      hasCages,
	Doc: `Cage Combination Clash

Take one combination of a cage and suppose the cage is made that way: each of its
cells keeps only the digits that way puts there, and each digit of the combination,
which the cage must hold, leaves every cell outside the cage that sees all the places
the cage has for it. If that leaves another cage no way to make its sum, a house no
place for a digit, or a cell no candidate, the combination cannot be: it goes, and
with it the digits only it put in the cage's cells.`,
	Find: findCageComboClash,
}

// comboClash is why a combination cannot be: the cage it leaves without a filling, or the
// house it leaves without a place for a digit, or the cell it leaves empty.
type comboClash struct {
	cage  int // the layout's cage, or -1
	house board.House
	digit board.Digit // the digit of house with no place left (0 for none)
	cell  board.Cell  // the cell with no candidate left (-1 for none)
}

// findCageComboClash reports, for each cage with a few combinations, each combination
// that clashes and the candidates that go with it. Cells: the cage's open cells;
// Digits: the combination that goes; Cages: [the cage with the combinations left,
// the cage it empties (when it is a cage)]; Houses: [the house it leaves without a
// place for a digit (when it is a house)]; Sets: [the cells the combination's digits
// leave, with those digits].
func findCageComboClash(p *Pass) {
	b := p.Board()
	l := b.Layout()
	if !hasCages(l) {
		return
	}
	cages := l.Cages()
	nc := l.Cells()
	cands := make([]board.DigitSet, nc)
	for ai, cg := range cages {
		if p.done() {
			return
		}
		st := stateOf(b, cg.Cells, cg.Sum)
		if len(st.open) < 2 {
			continue
		}
		f := fillings(l, st.open, st.cands, st.sum.Left(), 0)
		if !f.ok || len(f.combos) < 2 || len(f.combos) > maxClashCombos {
			continue
		}
		var keep []board.DigitSet
		type blocked struct {
			combo board.DigitSet
			why   comboClash
			hit   []board.Candidate
		}
		var gone []blocked
		for _, cb := range f.combos {
			fc := fillingsIf(l, st.open, st.cands, st.sum.Left(), func(used board.DigitSet) bool { return used == cb })
			if !fc.ok {
				continue
			}
			for c := range board.Cell(nc) {
				cands[c] = b.Candidates(c)
			}
			var hit []board.Candidate
			for i, c := range st.open {
				cands[c] = fc.allowed[i]
			}
			open := board.CellsOf(st.open...)
			for _, d := range cb.Digits() {
				var at []board.Cell
				for i, c := range st.open {
					if fc.allowed[i].Has(d) {
						at = append(at, c)
					}
				}
				seen := l.PeerSet(at[0])
				for _, c := range at[1:] {
					seen = seen.And(l.PeerSet(c))
				}
				for _, c := range seen.AndNot(open).Cells() {
					if b.Value(c) == 0 && cands[c].Has(d) {
						cands[c] = cands[c].Without(d)
						hit = append(hit, board.Candidate{Cell: c, Digit: d})
					}
				}
			}
			if why, bad := comboClashOf(b, l, cands, ai, hit); bad {
				gone = append(gone, blocked{cb, why, hit})
			} else {
				keep = append(keep, cb)
			}
		}
		if len(gone) == 0 || len(keep) == 0 {
			continue
		}
		for _, g := range gone {
			// What this combination alone put in the cage's cells, with the others kept.
			others := append(slices.Clone(keep), func() []board.DigitSet {
				var o []board.DigitSet
				for _, h := range gone {
					if h.combo != g.combo {
						o = append(o, h.combo)
					}
				}
				return o
			}()...)
			fo := fillingsIf(l, st.open, st.cands, st.sum.Left(), func(used board.DigitSet) bool { return slices.Contains(others, used) })
			if !fo.ok {
				continue
			}
			elims := cageState{open: st.open, cands: f.allowed}.eliminations(fo.allowed)
			if len(elims) == 0 {
				continue
			}
			first := st.sum
			first.Combos = fo.combos
			pat := explain.Pattern{
				Digits: g.combo,
				Cells:  st.open,
				Cages:  []explain.CageSum{first},
			}
			if g.why.cage >= 0 {
				o := stateOf(b, cages[g.why.cage].Cells, cages[g.why.cage].Sum)
				pat.Cages = append(pat.Cages, o.sum)
			}
			if g.why.digit != 0 {
				pat.Houses = []board.House{g.why.house}
				pat.Sets = []explain.Group{{Cells: l.HouseCells(g.why.house), Digits: board.DigitsOf(g.why.digit)}}
			}
			if g.why.cell >= 0 {
				pat.Sets = []explain.Group{{Cells: []board.Cell{g.why.cell}}}
			}
			s := explain.Step{Technique: idCageComboClash, Eliminations: elims, Pattern: pat}
			if !p.Report(s) {
				return
			}
		}
	}
}

// comboClashOf says whether candidates cands (b's, less what a combination of cage ai
// removes: hit, and the cage's own cells narrowed) leave a cell empty, a house
// without a place for a digit, or another cage no filling.
func comboClashOf(b *board.Board, l *board.Layout, cands []board.DigitSet, ai int, hit []board.Candidate) (comboClash, bool) {
	none := comboClash{cage: -1, cell: -1}
	for _, h := range hit {
		if cands[h.Cell] == 0 {
			why := none
			why.cell = h.Cell
			return why, true
		}
	}
	for h := range board.House(l.Houses()) {
		var has board.DigitSet
		for _, c := range l.HouseCells(h) {
			if v := b.Value(c); v != 0 {
				has = has.With(v)
			} else {
				has |= cands[c]
			}
		}
		if miss := l.AllDigits() &^ has; miss != 0 {
			why := none
			why.house, why.digit = h, miss.First()
			return why, true
		}
	}
	cages := l.Cages()
	for ci, cg := range cages {
		if ci == ai {
			continue
		}
		touched := false
		for _, h := range hit {
			touched = touched || cg.Set().Has(h.Cell)
		}
		if !touched {
			continue
		}
		st := stateOf(b, cg.Cells, cg.Sum)
		for i, c := range st.open {
			st.cands[i] = cands[c]
		}
		if f := fillings(l, st.open, st.cands, st.sum.Left(), 0); !f.ok && !f.cut {
			why := none
			why.cage = ci
			return why, true
		}
	}
	return none, false
}
