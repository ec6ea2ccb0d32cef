package techniques

import (
	"cmp"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const idHouseCageCover = "house-cage-cover"

// HouseCageCover shares a house's digits out among the pieces of the cages that reach
// into it, as House Partition does with the cages wholly inside, and carries what is
// left to each cage's cells outside the house.
var HouseCageCover = Technique{
	ID:         idHouseCageCover,
	Difficulty: 3.9,
	Score:      140,
	Holds:      hasCages,
	Doc: `House Covered by Cages

Cut a row, column or box along its cages: each cage that reaches into it leaves a piece
there, which takes the digits some way of filling the whole cage puts in those cells
(a 4-cell cage of 28 with two cells in the row puts two of its digits there). The
pieces take different digits and together every digit the house lacks, once. A way of
filling a cage whose piece fits with no choice of the other pieces cannot be: what
only such ways put in the cage's cells goes, inside the house and out of it.`,
	Find: findHouseCageCover,
}

// maxCoverFillings bounds the fillings of one cage enumerated for its pieces.
const maxCoverFillings = 20_000

// eachFilling calls fn with every way of giving the cells (all peers, as a cage's
// are) distinct digits from cands adding up to sum, the digits in cells' order. It
// returns false when there were more than maxCoverFillings nodes to visit.
func eachFilling(cells []board.Cell, cands []board.DigitSet, sum int, fn func([]board.Digit)) bool {
	n := len(cells)
	lo, hi := make([]int, n+1), make([]int, n+1)
	for k := n - 1; k >= 0; k-- {
		if cands[k] == 0 {
			return true
		}
		lo[k] = lo[k+1] + int(cands[k].First())
		hi[k] = hi[k+1] + int(highest(cands[k]))
	}
	val := make([]board.Digit, n)
	nodes := 0
	var walk func(k, left int, used board.DigitSet) bool
	walk = func(k, left int, used board.DigitSet) bool {
		if nodes++; nodes > maxCoverFillings {
			return false
		}
		if k == n {
			if left == 0 {
				fn(val)
			}
			return true
		}
		if left < lo[k] || left > hi[k] {
			return true
		}
		for c := cands[k] &^ used; c != 0; c &= c - 1 {
			d := c.First()
			if int(d) > left {
				break
			}
			val[k] = d
			if !walk(k+1, left-int(d), used.With(d)) {
				return false
			}
		}
		return true
	}
	return walk(0, sum, 0)
}

// coverPiece is the piece a cage (or a cell in no cage) leaves in a house.
type coverPiece struct {
	cage    int // the layout's cage, -1 for a cell in no cage
	st      cageState
	in      []bool           // in[i]: st.open[i] lies in the house
	options []board.DigitSet // the digit sets the piece can take, each once
	keep    []bool           // keep[j]: options[j] fits with the other pieces
}

func findHouseCageCover(p *Pass) {
	b := p.Board()
	l := b.Layout()
	if !hasCages(l) {
		return
	}
	cages := l.Cages()
	said := map[string]bool{}
	for h := range board.House(l.Houses()) {
		if p.done() {
			return
		}
		hs := l.HouseSet(h)
		need := l.AllDigits() &^ b.PlacedIn(h)
		if need == 0 {
			continue
		}
		var pieces []*coverPiece
		byCage := map[int]*coverPiece{}
		whole := 0 // pieces that are whole cages, House Partition's
		ok := true
		for _, c := range l.HouseCells(h) {
			if b.Value(c) != 0 {
				continue
			}
			ci, in := l.CageOf(c)
			if !in {
				pc := &coverPiece{cage: -1, st: cageState{open: []board.Cell{c}, cands: []board.DigitSet{b.Candidates(c)}}, in: []bool{true}}
				for ds := b.Candidates(c); ds != 0; ds &= ds - 1 {
					pc.options = append(pc.options, board.DigitsOf(ds.First()))
				}
				pieces = append(pieces, pc)
				continue
			}
			if byCage[ci] != nil {
				continue
			}
			cg := cages[ci]
			pc := &coverPiece{cage: ci, st: stateOf(b, cg.Cells, cg.Sum)}
			if cg.Set().AndNot(hs).Empty() {
				whole++
			}
			pc.in = make([]bool, len(pc.st.open))
			seen := map[board.DigitSet]bool{}
			for i, x := range pc.st.open {
				pc.in[i] = hs.Has(x)
			}
			ok = ok && eachFilling(pc.st.open, pc.st.cands, pc.st.sum.Left(), func(v []board.Digit) {
				var s board.DigitSet
				for i, d := range v {
					if pc.in[i] {
						s = s.With(d)
					}
				}
				if !seen[s] {
					seen[s] = true
					pc.options = append(pc.options, s)
				}
			})
			byCage[ci] = pc
			pieces = append(pieces, pc)
		}
		if !ok || whole == len(pieces) || len(pieces) < 2 {
			continue // cut short, or only whole cages: House Partition's case
		}
		if !coverHouse(pieces, need) {
			continue
		}
		for _, pc := range pieces {
			if pc.cage < 0 || !slices.Contains(pc.keep, false) || !slices.Contains(pc.keep, true) {
				continue
			}
			kept := map[board.DigitSet]bool{}
			for j, o := range pc.options {
				if pc.keep[j] {
					kept[o] = true
				}
			}
			allowed := make([]board.DigitSet, len(pc.st.open))
			combos := map[board.DigitSet]bool{}
			eachFilling(pc.st.open, pc.st.cands, pc.st.sum.Left(), func(v []board.Digit) {
				var s, all board.DigitSet
				for i, d := range v {
					all = all.With(d)
					if pc.in[i] {
						s = s.With(d)
					}
				}
				if kept[s] {
					combos[all] = true
					for i, d := range v {
						allowed[i] = allowed[i].With(d)
					}
				}
			})
			elims := pc.st.eliminations(allowed)
			key := cellsKey(pc.st.open) + fmtCands(elims)
			if len(elims) == 0 || said[key] {
				continue
			}
			said[key] = true
			first := pc.st.sum
			for cb := range combos {
				first.Combos = append(first.Combos, cb)
			}
			slices.SortFunc(first.Combos, func(a, b board.DigitSet) int { return slices.Compare(a.Digits(), b.Digits()) })
			pat := explain.Pattern{
				Digits: union(allowed),
				Cells:  pc.st.open,
				Houses: []board.House{h},
				Cages:  []explain.CageSum{first},
			}
			for _, o := range pieces {
				if o != pc && o.cage >= 0 {
					pat.Cages = append(pat.Cages, o.st.sum)
				}
			}
			if !p.Report(explain.Step{Technique: idHouseCageCover, Eliminations: elims, Pattern: pat}) {
				return
			}
		}
	}
}

// coverHouse marks, for each piece, the options that belong to a choice of one option
// per piece, no two sharing a digit, together need. It returns false when the search
// was cut short.
func coverHouse(pieces []*coverPiece, need board.DigitSet) bool {
	order := make([]*coverPiece, len(pieces))
	copy(order, pieces)
	slices.SortStableFunc(order, func(a, b *coverPiece) int { return cmp.Compare(len(a.options), len(b.options)) })
	for _, pc := range pieces {
		pc.keep = make([]bool, len(pc.options))
	}
	chosen := make([]int, len(order))
	nodes := 0
	var walk func(i int, used board.DigitSet) bool
	walk = func(i int, used board.DigitSet) bool {
		if nodes++; nodes > maxCageNodes {
			return false
		}
		if i == len(order) {
			if used == need {
				for k, pc := range order {
					pc.keep[chosen[k]] = true
				}
			}
			return true
		}
		for j, o := range order[i].options {
			if o&used != 0 || o&^need != 0 {
				continue
			}
			chosen[i] = j
			if !walk(i+1, used|o) {
				return false
			}
		}
		return true
	}
	return walk(0, 0)
}

// fmtCands writes candidates as a key.
func fmtCands(cs []board.Candidate) string {
	b := make([]byte, 0, 3*len(cs))
	for _, c := range cs {
		b = append(b, byte(c.Cell), byte(c.Cell>>8), byte(c.Digit))
	}
	return string(b)
}
