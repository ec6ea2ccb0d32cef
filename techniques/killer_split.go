package techniques

import (
	"slices"
	"strconv"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const idCageSplitting = "cage-splitting"

// maxUnionHouses bounds the houses of a group the rule of 45 is tried on.
const maxUnionHouses = 4

// maxSplitCells bounds the cells (placed or not) of a split kept in a layout's table
// (and twice it the virtual cages cut): a larger one rarely comes down to
// maxVirtualCells open cells.
const maxSplitCells = 9

// CageSplitting cuts the virtual cage the rule of 45 makes of some houses (their
// innies or outies) in two where the rule of 45 on other houses gives the sum of one
// part, and searches the other part's combinations.
var CageSplitting = Technique{
	ID:         idCageSplitting,
	Difficulty: 3.3,
	Score:      95,
	Holds:      hasCages,
	Doc: `Cage Splitting

The rule of 45 gives the sum of a group of cells: the innies or the outies of 1 to 4
adjacent houses that share no cell (rows, columns, boxes, in any such union). When
the rule on other houses gives the sum of some of those cells, the group splits in
two: those cells, and the rest, whose sum is the group's less theirs. The rest is a
new virtual cage, whose combinations remove candidates as a cage's do (cells that do
not see each other may repeat a digit). (A cage cut by the innies of some houses is
the outies' case, which Outies says.)`,
	Find: findCageSplitting,
}

// killerTable is what the rule of 45 says on a layout, whatever the state: the groups
// of houses it is tried on with their innies and outies, and the virtual cages it
// splits. It is made once per layout (killerTableOf), the splits on first use.
type killerTable struct {
	l *board.Layout
	// groups are ruleGroups, then the other unions of up to maxUnionHouses adjacent
	// houses with no cell in common (unionGroups).
	groups []houseBlock
	nRule  int  // the groups of ruleGroups, which innies and outies take
	split  bool // addSplits has run
	// innies[i], outies[i] are rule45's virtual cage of groups[i] and the cages it
	// rests on (ok false when there is none).
	innies, outies []ruleSum
	splits         []cageSplit
	// quiet[i] is the state of splits[i]'s cells on which it last found nothing.
	quiet []splitQuiet
}

// ruleSum is a virtual cage the rule of 45 makes of a group of houses.
type ruleSum struct {
	virt explain.CageSum
	rest []explain.CageSum
	set  board.CellSet
	ok   bool
}

// cageSplit is a virtual cage made by cutting a known sum out of a larger one: the
// innies or outies of some houses less the innies or outies of others inside them.
type cageSplit struct {
	part  explain.CageSum // what is left, Virtual
	whole splitSide       // the virtual cage cut
	cut   splitSide       // the virtual cage cut out of it
}

// splitSide names a virtual cage of the table: the innies or outies of a group.
type splitSide struct {
	group  int
	outies bool
}

type splitQuiet struct {
	known bool
	vals  []board.Digit
	cands []board.DigitSet
}

// killerTableOf returns the table of b's layout, made on first use and kept in the
// solve's scratch.
func killerTableOf(p *Pass) *killerTable {
	l := p.Board().Layout()
	t := &p.st.sc.killer
	if t.l != l {
		*t = makeKillerTable(l)
	}
	return t
}

// makeKillerTable makes the table of l's ruleGroups, which innies and outies take;
// the union groups and splits come with addSplits, when cage splitting first runs.
func makeKillerTable(l *board.Layout) killerTable {
	t := killerTable{l: l}
	t.addGroups(ruleGroups(l))
	t.nRule = len(t.groups)
	return t
}

// addGroups adds groups to the table with their innies and outies.
func (t *killerTable) addGroups(gs []houseBlock) {
	l := t.l
	t.groups = append(t.groups, gs...)
	for _, g := range gs {
		var in, out ruleSum
		in.virt, in.rest, in.ok = rule45(l, g, idInnies)
		out.virt, out.rest, out.ok = rule45(l, g, idOuties)
		in.ok = in.ok && len(in.virt.Cells) > 0
		out.ok = out.ok && len(out.virt.Cells) > 0
		in.set, out.set = board.CellsOf(in.virt.Cells...), board.CellsOf(out.virt.Cells...)
		t.innies = append(t.innies, in)
		t.outies = append(t.outies, out)
	}
}

// addSplits adds the union groups (unionGroups) and the splits of every group.
func (t *killerTable) addSplits() {
	if t.split {
		return
	}
	t.split = true
	l := t.l
	t.addGroups(unionGroups(l))
	// The virtual cages the rule of 45 makes already, which splitting need not repeat.
	made := map[board.CellSet]bool{}
	for i := range t.groups {
		for _, r := range []ruleSum{t.innies[i], t.outies[i]} {
			if r.ok {
				made[r.set] = true
			}
		}
	}
	for _, cg := range l.Cages() {
		made[cg.Set()] = true
	}
	// The virtual cages to cut, each set once (the first group that makes it has the
	// fewest houses), with their sizes and first cells to rule most pairs out cheaply.
	type entry struct {
		side  splitSide
		set   board.CellSet
		sum   int
		size  int
		first board.Cell
	}
	var pool []entry
	inPool := map[board.CellSet]bool{}
	for gi := range t.groups {
		for k, r := range []ruleSum{t.innies[gi], t.outies[gi]} {
			if n := len(r.virt.Cells); r.ok && n <= 2*maxSplitCells && !inPool[r.set] {
				inPool[r.set] = true
				pool = append(pool, entry{splitSide{group: gi, outies: k == 1}, r.set, r.virt.Sum, n, r.virt.Cells[0]})
			}
		}
	}
	for _, a := range pool {
		for _, c := range pool {
			if c.size >= a.size || a.size-c.size > maxSplitCells || !a.set.Has(c.first) || !c.set.AndNot(a.set).Empty() {
				continue
			}
			part := a.set.AndNot(c.set)
			if made[part] {
				continue
			}
			made[part] = true
			t.splits = append(t.splits, cageSplit{
				part:  explain.CageSum{Cells: part.Cells(), Sum: a.sum - c.sum, Virtual: true},
				whole: a.side,
				cut:   c.side,
			})
		}
	}
	t.quiet = make([]splitQuiet, len(t.splits))
}

// unionGroups lists the groups of 2 to maxUnionHouses houses with no cell in common
// whose cells make one connected piece (adjacent houses, as the rule of 45 takes
// them), leaving out those of ruleGroups and any group with the cells of another.
func unionGroups(l *board.Layout) []houseBlock {
	seen := map[board.CellSet]bool{}
	for _, g := range ruleGroups(l) {
		seen[g.cells] = true
	}
	nh := l.Houses()
	// touch[h]: the cells beside house h (sharing a side with one of its cells).
	touch := make([]board.CellSet, nh)
	n := l.N()
	for h := range nh {
		var t board.CellSet
		for _, c := range l.HouseCells(board.House(h)) {
			r, k := l.RowOf(c), l.ColOf(c)
			for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				if rr, kk := r+d[0], k+d[1]; rr >= 0 && rr < n && kk >= 0 && kk < n {
					t = t.Or(board.CellsOf(l.CellAt(rr, kk)))
				}
			}
		}
		touch[h] = t
	}
	var out []houseBlock
	var hs []board.House
	// joined reports whether the houses of hs make one piece.
	joined := func() bool {
		cells := l.HouseSet(hs[0])
		for grew := true; grew; {
			grew = false
			for k := 1; k < len(hs); k++ {
				s := l.HouseSet(hs[k])
				if !s.AndNot(cells).Empty() && !touch[hs[k]].And(cells).Empty() {
					cells = cells.Or(s)
					grew = true
				}
			}
		}
		for _, h := range hs {
			if !l.HouseSet(h).AndNot(cells).Empty() {
				return false
			}
		}
		return true
	}
	var walk func(from int, cells board.CellSet)
	walk = func(from int, cells board.CellSet) {
		if len(hs) >= 2 && !seen[cells] {
			seen[cells] = true
			if joined() {
				out = append(out, houseBlock{houses: slices.Clone(hs), cells: cells})
			}
		}
		if len(hs) == maxUnionHouses {
			return
		}
		for h := from; h < nh; h++ {
			s := l.HouseSet(board.House(h))
			if !s.And(cells).Empty() {
				continue
			}
			hs = append(hs, board.House(h))
			walk(h+1, cells.Or(s))
			hs = hs[:len(hs)-1]
		}
	}
	walk(0, board.CellSet{})
	return out
}

// same reports whether the cells of a split are as they were when it last found
// nothing.
func (q *splitQuiet) same(b *board.Board, cells []board.Cell) bool {
	if !q.known {
		return false
	}
	for j, c := range cells {
		if b.Value(c) != q.vals[j] || b.Candidates(c) != q.cands[j] {
			return false
		}
	}
	return true
}

func (q *splitQuiet) keep(b *board.Board, cells []board.Cell) {
	q.vals, q.cands = grown(q.vals, len(cells)), grown(q.cands, len(cells))
	for j, c := range cells {
		q.vals[j], q.cands[j] = b.Value(c), b.Candidates(c)
	}
	q.known = true
}

// findCageSplitting reports, for each split of the layout's table, its placement when
// one cell of it is open and its combinations' eliminations when a few are. Cells:
// the open cells of the split; Houses: the houses of the rule of 45; Cages: [the
// split, the larger of the cage and the virtual cage, the smaller, then the cages
// the rule of 45 rests on].
func findCageSplitting(p *Pass) {
	b := p.Board()
	l := b.Layout()
	if !hasCages(l) {
		return
	}
	t := killerTableOf(p)
	t.addSplits()
	said := map[string]bool{} // splits with the same open cells and sum say the same
	for i, sp := range t.splits {
		if p.done() {
			return
		}
		q := &t.quiet[i]
		if q.same(b, sp.part.Cells) {
			continue
		}
		st := stateOf(b, sp.part.Cells, sp.part.Sum)
		st.sum.Virtual = true
		if key := cellsKey(st.open) + "|" + strconv.Itoa(st.sum.Left()); said[key] {
			continue
		} else {
			said[key] = true
		}
		var s explain.Step
		switch {
		case len(st.open) == 0:
			q.keep(b, sp.part.Cells)
			continue
		case len(st.open) == 1:
			// A cell down to one candidate is a naked single's, not this split's.
			d := st.sum.Left()
			if d < 1 || d > l.N() || !b.Has(st.open[0], board.Digit(d)) || b.Candidates(st.open[0]).Count() == 1 {
				q.keep(b, sp.part.Cells)
				continue
			}
			st.sum.Combos = []board.DigitSet{board.DigitsOf(board.Digit(d))}
			s = explain.Step{Technique: idCageSplitting, Placements: []board.Candidate{{Cell: st.open[0], Digit: board.Digit(d)}},
				Pattern: explain.Pattern{Digits: board.DigitsOf(board.Digit(d))}}
		case len(st.open) <= maxVirtualCells:
			f := fillings(l, st.open, st.cands, st.sum.Left(), 0)
			var elims []board.Candidate
			if f.ok {
				elims = st.eliminations(f.allowed)
			}
			if len(elims) == 0 {
				if !f.cut {
					q.keep(b, sp.part.Cells)
				}
				continue
			}
			st.sum.Combos = f.combos
			s = explain.Step{Technique: idCageSplitting, Eliminations: elims, Pattern: explain.Pattern{Digits: union(f.allowed)}}
		default:
			continue
		}
		whole, cut := t.side(sp.whole), t.side(sp.cut)
		s.Pattern.Cells = st.open
		s.Pattern.Houses = t.groups[sp.whole.group].houses
		if sp.cut.group != sp.whole.group {
			s.Pattern.Cover = t.groups[sp.cut.group].houses
		}
		s.Pattern.Cages = []explain.CageSum{st.sum, whole.virt, cut.virt}
		if !p.Report(s) {
			return
		}
	}
}

// side returns the virtual cage s names.
func (t *killerTable) side(s splitSide) ruleSum {
	if s.outies {
		return t.outies[s.group]
	}
	return t.innies[s.group]
}
