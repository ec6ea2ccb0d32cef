package techniques

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// The killer techniques reason with cage sums. Cage-mates are peers already (the
// layout makes them so), so the classic techniques and Board.Place keep a cage's digits
// distinct; these add the arithmetic: which digit sets can make a cage's sum, and the
// rule of 45 (a row, column or box holds 1+2+...+9 = 45).

const (
	idCageCombinations  = "cage-combinations"
	idCageRequiredDigit = "cage-required-digit"
	idHouseDigitInCage  = "house-digit-in-cage"
	idInnies            = "innies"
	idOuties            = "outies"
	idCageInteraction   = "cage-interaction"
	idHousePartition    = "house-partition"
)

// hasCages is the Holds of the killer techniques: layouts with cages.
func hasCages(l *board.Layout) bool { return len(l.Cages()) > 0 }

// CageCombinations removes from a cage's cells the digits that no way of making the
// cage's sum can put there, and fills a cage's last open cell.
var CageCombinations = Technique{
	ID:         idCageCombinations,
	Difficulty: 2.0,
	Score:      30,
	Holds:      hasCages,
	Doc: `Cage Combinations

A cage's cells hold different digits that add up to its sum. List the sets of digits
that make the sum with that many cells (a 17 in two cells is only 8+9; a 10 in four
is only 1+2+3+4), keeping those the cells can still take, each cell a digit it has as
a candidate. A digit of a cell that no such way uses goes. Digits already placed in
the cage count towards the sum: the rest of the cage is a smaller cage, and the last
open cell of a cage takes what the sum still lacks.`,
	Find: findCageCombinations,
}

// CageRequiredDigit removes a digit from a house when every way of filling a cage uses
// it and every cell of the cage that can take it lies in that house.
var CageRequiredDigit = Technique{
	ID:         idCageRequiredDigit,
	Difficulty: 2.7,
	Score:      50,
	Holds:      hasCages,
	Doc: `Cage Required Digit

When a digit is in every combination left to a cage, the cage must hold it. If all
the cells of the cage that can take it lie in one row, column or box, that house gets
its copy of the digit from the cage, so no other cell of the house can hold it: the
cage's locked digit clears the rest of the house, as pointing does for a box.`,
	Find: findCageRequiredDigit,
}

// HouseDigitInCage restricts a cage to the combinations that hold a digit when every
// place left for the digit in a house lies in the cage.
var HouseDigitInCage = Technique{
	ID:         idHouseDigitInCage,
	Difficulty: 2.9,
	Score:      60,
	Holds:      hasCages,
	Doc: `House Digit in Cage

When every place left for a digit in a row, column or box lies in one cage, the cage
must hold that digit, and in that house. So the cage's combinations without the digit
go, and so does the digit from the cage's cells outside the house: whatever those
combinations alone allowed is removed.`,
	Find: findHouseDigitInCage,
}

// Innies places or restricts the cells of some houses that no cage wholly inside them
// covers, by the rule of 45.
var Innies = Technique{
	ID:         idInnies,
	Difficulty: 3.1,
	Score:      80,
	Holds:      hasCages,
	Doc: `Innies (Rule of 45)

A row, column or box holds 1 to 9 once each, 45 in all; k adjacent houses hold k x 45.
Take away the sums of the cages wholly inside them: what is left is the sum of the
other cells of the houses, the innies. One innie is placed at once; several form a
virtual cage with that sum, whose combinations remove candidates as a cage's do
(innies that do not see each other may repeat a digit).`,
	Find: findInnies,
}

// Outies places or restricts the cells outside some houses that belong to the cages
// reaching into them, by the rule of 45.
var Outies = Technique{
	ID:         idOuties,
	Difficulty: 3.2,
	Score:      90,
	Holds:      hasCages,
	Doc: `Outies (Rule of 45)

Add up every cage that has a cell in some adjacent houses (k houses hold k x 45). The
total exceeds k x 45 by exactly the cells of those cages that stick out of the houses,
the outies. One outie is placed at once; several form a virtual cage with that sum,
whose combinations remove candidates as a cage's do.`,
	Find: findOuties,
}

// maxCageNodes bounds the search of one cage's fillings: a virtual cage of many cells
// with many candidates is skipped rather than searched at length.
const maxCageNodes = 200_000

// cageFill is what the fillings of a group of cells with a sum allow.
type cageFill struct {
	// allowed[i] are the digits some filling puts in cells[i].
	allowed []board.DigitSet
	// combos are the digit sets of the fillings, in increasing order, when the cells
	// are all peers (the digits are distinct); nil otherwise.
	combos []board.DigitSet
	// ok is false when no filling exists or the search was cut short.
	ok bool
	// cut is true when the search was cut short (it says nothing then).
	cut bool
	// nodes is how many nodes the search visited.
	nodes int
}

// fillings searches every way to give the cells digits from their candidates (cands[i]
// for cells[i]) that add up to sum, cells that see each other taking different digits,
// and the set of digits used holding every digit of require.
func fillings(l *board.Layout, cells []board.Cell, cands []board.DigitSet, sum int, require board.DigitSet) cageFill {
	return fillingsIf(l, cells, cands, sum, func(used board.DigitSet) bool { return used&require == require })
}

// fillingsIf is fillings keeping only the ways whose set of digits used accept takes.
func fillingsIf(l *board.Layout, cells []board.Cell, cands []board.DigitSet, sum int, accept func(board.DigitSet) bool) cageFill {
	n := len(cells)
	f := cageFill{allowed: make([]board.DigitSet, n)}
	if n == 0 {
		return f
	}
	// Search the cells with the fewest candidates first.
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(cands[a].Count(), cands[b].Count()) })
	// sees[k] are the earlier cells (in search order) that cell order[k] sees.
	allPeers := true
	sees := make([][]int, n)
	for k := range n {
		for j := range k {
			if l.Sees(cells[order[k]], cells[order[j]]) {
				sees[k] = append(sees[k], j)
			} else {
				allPeers = false
			}
		}
	}
	// lo[k], hi[k]: the least and most the cells from k on can add up to.
	lo, hi := make([]int, n+1), make([]int, n+1)
	for k := n - 1; k >= 0; k-- {
		c := cands[order[k]]
		if c == 0 {
			return f
		}
		lo[k] = lo[k+1] + int(c.First())
		hi[k] = hi[k+1] + int(highest(c))
	}
	val := make([]board.Digit, n)
	seen := map[board.DigitSet]bool{}
	nodes := 0
	var walk func(k, left int, used board.DigitSet) bool
	walk = func(k, left int, used board.DigitSet) bool {
		if nodes++; nodes > maxCageNodes {
			return false
		}
		if k == n {
			if left != 0 || !accept(used) {
				return true
			}
			f.ok = true
			for j, i := range order {
				f.allowed[i] = f.allowed[i].With(val[j])
			}
			if allPeers && !seen[used] {
				seen[used] = true
				f.combos = append(f.combos, used)
			}
			return true
		}
		if left < lo[k] || left > hi[k] {
			return true
		}
		c := cands[order[k]]
		for _, j := range sees[k] {
			c = c.Without(val[j])
		}
		for ; c != 0; c &= c - 1 {
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
	if !walk(0, sum, 0) {
		return cageFill{cut: true, nodes: nodes}
	}
	f.nodes = nodes
	// As a reader lists them: 1+2+6 before 1+3+5.
	slices.SortFunc(f.combos, func(a, b board.DigitSet) int { return slices.Compare(a.Digits(), b.Digits()) })
	return f
}

// highest returns the largest digit of a non-empty set.
func highest(s board.DigitSet) board.Digit {
	var d board.Digit
	for ; s != 0; s &= s - 1 {
		d = s.First()
	}
	return d
}

// cageState is a cage (or virtual cage) on the board: its placed cells with their
// digits, and the open cells with their candidates.
type cageState struct {
	sum   explain.CageSum
	open  []board.Cell
	cands []board.DigitSet
}

// stateOf reads the cells of a cage of the given sum on b.
func stateOf(b *board.Board, cells []board.Cell, sum int) cageState {
	st := cageState{sum: explain.CageSum{Cells: cells, Sum: sum}}
	for _, c := range cells {
		if v := b.Value(c); v != 0 {
			st.sum.Known = append(st.sum.Known, board.Candidate{Cell: c, Digit: v})
		} else {
			st.open = append(st.open, c)
			st.cands = append(st.cands, b.Candidates(c))
		}
	}
	return st
}

// eliminations lists the candidates of the open cells that allowed does not keep,
// sorted by cell then digit.
func (st cageState) eliminations(allowed []board.DigitSet) []board.Candidate {
	var out []board.Candidate
	for i, c := range st.open {
		for _, d := range (st.cands[i] &^ allowed[i]).Digits() {
			out = append(out, board.Candidate{Cell: c, Digit: d})
		}
	}
	slices.SortFunc(out, func(a, b board.Candidate) int {
		return cmp.Or(cmp.Compare(a.Cell, b.Cell), cmp.Compare(a.Digit, b.Digit))
	})
	return out
}

// union returns the digits of every set.
func union(sets []board.DigitSet) board.DigitSet {
	var u board.DigitSet
	for _, s := range sets {
		u |= s
	}
	return u
}

// findCageCombinations reports the tightest cages first, as a teacher starts with the
// cages that have one combination (a 17 in two cells, a 3 in two): fewest combinations,
// then most eliminations, then in the layout's order of cages. A cage with one open cell places
// what its sum still lacks, first of all.
func findCageCombinations(p *Pass) {
	var steps []explain.Step
	eachCageCombination(p, func(s explain.Step) bool { steps = append(steps, s); return true })
	if p.done() {
		return
	}
	combos := func(s explain.Step) int {
		if n := len(s.Pattern.Cages[0].Combos); n > 0 {
			return n
		}
		return 1 << 20
	}
	slices.SortStableFunc(steps, func(a, b explain.Step) int {
		return cmp.Or(cmp.Compare(len(b.Placements), len(a.Placements)), cmp.Compare(combos(a), combos(b)),
			cmp.Compare(len(b.Eliminations), len(a.Eliminations)))
	})
	for _, s := range steps {
		if !p.Report(s) {
			return
		}
	}
}

// cageQuiet remembers, for each cage, the state of its cells (values and candidates)
// on which cage combinations last found nothing in it: the fillings read only the
// cage's cells, so the same state finds nothing again. Cage combinations runs right
// after the singles, on almost every state of a killer's walkthrough, and most cages
// have not changed since the last.
type cageQuiet struct {
	l     *board.Layout
	at    []int // at[i]: where cage i's cells start in vals and cands
	known []bool
	vals  []board.Digit
	cands []board.DigitSet
}

// load makes q the memo of l's cages, emptied when it was another layout's.
func (q *cageQuiet) load(l *board.Layout) {
	if q.l == l {
		return
	}
	q.l = l
	q.at = q.at[:0]
	k := 0
	for _, cg := range l.Cages() {
		q.at = append(q.at, k)
		k += len(cg.Cells)
	}
	q.known = grown(q.known, len(l.Cages()))
	clear(q.known)
	q.vals = grown(q.vals, k)
	q.cands = grown(q.cands, k)
}

// same reports whether cage i's cells are as they were when it last found nothing.
func (q *cageQuiet) same(b *board.Board, i int) bool {
	if !q.known[i] {
		return false
	}
	for j, c := range q.l.Cages()[i].Cells {
		if b.Value(c) != q.vals[q.at[i]+j] || b.Candidates(c) != q.cands[q.at[i]+j] {
			return false
		}
	}
	return true
}

// keep records cage i's cells as the state on which it found nothing.
func (q *cageQuiet) keep(b *board.Board, i int) {
	for j, c := range q.l.Cages()[i].Cells {
		q.vals[q.at[i]+j], q.cands[q.at[i]+j] = b.Value(c), b.Candidates(c)
	}
	q.known[i] = true
}

func eachCageCombination(p *Pass, report func(explain.Step) bool) {
	b := p.Board()
	l := b.Layout()
	quiet := &p.st.sc.cageQuiet
	quiet.load(l)
	for i, cg := range l.Cages() {
		if p.done() {
			return
		}
		if quiet.same(b, i) {
			continue
		}
		st := stateOf(b, cg.Cells, cg.Sum)
		if len(st.open) == 0 {
			continue
		}
		if len(st.open) == 1 {
			// The cage's last cell takes what its sum still lacks.
			d := st.sum.Left()
			if d < 1 || d > l.N() || !b.Has(st.open[0], board.Digit(d)) {
				continue
			}
			st.sum.Combos = []board.DigitSet{board.DigitsOf(board.Digit(d))}
			s := explain.Step{
				Technique:  idCageCombinations,
				Placements: []board.Candidate{{Cell: st.open[0], Digit: board.Digit(d)}},
				Pattern:    explain.Pattern{Digits: board.DigitsOf(board.Digit(d)), Cells: st.open, Cages: []explain.CageSum{st.sum}},
			}
			if !report(s) {
				return
			}
			continue
		}
		f := fillings(l, st.open, st.cands, st.sum.Left(), 0)
		var elims []board.Candidate
		if f.ok {
			elims = st.eliminations(f.allowed)
		}
		if len(elims) == 0 {
			if !f.cut {
				quiet.keep(b, i)
			}
			continue
		}
		st.sum.Combos = f.combos
		s := explain.Step{
			Technique:    idCageCombinations,
			Eliminations: elims,
			Pattern: explain.Pattern{
				Digits: union(f.allowed),
				Cells:  st.open,
				Cages:  []explain.CageSum{st.sum},
			},
		}
		if !report(s) {
			return
		}
	}
}

func findCageRequiredDigit(p *Pass) {
	b := p.Board()
	l := b.Layout()
	for _, cg := range l.Cages() {
		if p.done() {
			return
		}
		st := stateOf(b, cg.Cells, cg.Sum)
		if len(st.open) < 2 {
			continue
		}
		f := fillings(l, st.open, st.cands, st.sum.Left(), 0)
		if !f.ok || f.combos == nil {
			continue
		}
		required := l.AllDigits()
		for _, cb := range f.combos {
			required &= cb
		}
		st.sum.Combos = f.combos
		for _, d := range required.Digits() {
			var done []board.Candidate // what this digit's earlier houses removed
			var at []board.Cell
			for i, c := range st.open {
				if f.allowed[i].Has(d) {
					at = append(at, c)
				}
			}
			if len(at) < 2 {
				continue // one place: the cage's combinations leave d alone there
			}
			for _, h := range housesHolding(l, at) {
				var elims []board.Candidate
				for _, c := range l.HouseCells(h) {
					if b.Value(c) == 0 && b.Has(c, d) && !cg.Set().Has(c) {
						elims = append(elims, board.Candidate{Cell: c, Digit: d})
					}
				}
				if len(elims) == 0 || subset(elims, done) {
					continue
				}
				done = append(done, elims...)
				if !p.Report(lockedStep(idCageRequiredDigit, elims, d, at, h, st.sum)) {
					return
				}
			}
		}
	}
}

// housesHolding returns every house (extra houses included) that holds all of cs.
func housesHolding(l *board.Layout, cs []board.Cell) []board.House {
	var out []board.House
	for _, h := range l.AllHousesOf(cs[0]) {
		all := true
		for _, c := range cs[1:] {
			all = all && l.HouseSet(h).Has(c)
		}
		if all {
			out = append(out, h)
		}
	}
	return out
}

func findHouseDigitInCage(p *Pass) {
	b := p.Board()
	l := b.Layout()
	cages := l.Cages()
	seen := map[int][]board.Candidate{} // the eliminations last reported for a cage
	for h := range board.House(l.Houses()) {
		if p.done() {
			return
		}
		for ds := l.AllDigits() &^ b.PlacedIn(h); ds != 0; ds &= ds - 1 {
			d := ds.First()
			pos := b.Positions(h, d)
			if pos.Count() < 2 {
				continue
			}
			at := l.CellsIn(h, pos)
			ci, ok := l.CageOf(at[0])
			if !ok {
				continue
			}
			inOne := true
			for _, c := range at[1:] {
				k, ok := l.CageOf(c)
				inOne = inOne && ok && k == ci
			}
			if !inOne {
				continue
			}
			cg := cages[ci]
			st := stateOf(b, cg.Cells, cg.Sum)
			// The cage's d is in h: its cells outside h cannot take it.
			cands := slices.Clone(st.cands)
			for i, c := range st.open {
				if !l.HouseSet(h).Has(c) {
					cands[i] = cands[i].Without(d)
				}
			}
			f := fillings(l, st.open, cands, st.sum.Left(), board.DigitsOf(d))
			plain := fillings(l, st.open, st.cands, st.sum.Left(), 0)
			if !f.ok || !plain.ok {
				continue
			}
			// Only what the digit adds: what the cage's combinations alone remove is
			// Cage Combinations' to say.
			elims := cageState{open: st.open, cands: plain.allowed}.eliminations(f.allowed)
			if len(elims) == 0 || seen[ci] != nil && slices.Equal(seen[ci], elims) {
				continue
			}
			seen[ci] = elims
			st.sum.Combos = f.combos
			if !p.Report(lockedStep(idHouseDigitInCage, elims, d, at, h, st.sum)) {
				return
			}
		}
	}
}

// maxVirtualCells bounds the open cells of a virtual cage (innies, outies) whose
// combinations are searched: more is rarely worth a reader's time, or the search's.
const maxVirtualCells = 6

// houseBlock is a set of adjacent houses with no cell in common, which hold
// k x (1+...+N) together.
type houseBlock struct {
	houses []board.House
	cells  board.CellSet
}

// ruleGroups lists the groups of houses the rule of 45 is tried on, fewest houses
// first: each row, column and box (region), and each diagonal or window of a killer-X
// or windoku killer; then runs of adjacent rows or columns up
// to half the grid (the innies of more rows are the outies of the others), and on
// regular layouts two boxes side by side.
func ruleGroups(l *board.Layout) []houseBlock {
	n := l.N()
	mk := func(hs ...board.House) houseBlock {
		g := houseBlock{houses: hs}
		for _, h := range hs {
			g.cells = g.cells.Or(l.HouseSet(h))
		}
		return g
	}
	var out []houseBlock
	for h := range board.House(l.Houses()) { // the diagonals and windows hold 1..N too
		out = append(out, mk(h))
	}
	for k := 2; k <= n/2; k++ {
		for _, line := range []func(int) board.House{l.RowHouse, l.ColHouse} {
			for i := 0; i+k <= n; i++ {
				hs := make([]board.House, k)
				for j := range k {
					hs[j] = line(i + j)
				}
				out = append(out, mk(hs...))
			}
		}
		if k == 2 && l.Regular() {
			across, down := n/l.BoxCols(), n/l.BoxRows() // boxes in a band, in a stack
			for i := range n {
				if i%across+1 < across {
					out = append(out, mk(l.BoxHouse(i), l.BoxHouse(i+1)))
				}
				if i+across < n && i/across+1 < down {
					out = append(out, mk(l.BoxHouse(i), l.BoxHouse(i+across)))
				}
			}
		}
	}
	return out
}

// houseTotal is what k houses of an n x n grid hold: k x (1+...+n).
func houseTotal(n, k int) int { return k * n * (n + 1) / 2 }

func findInnies(p *Pass) { findRule45(p, idInnies) }

func findOuties(p *Pass) { findRule45(p, idOuties) }

// findRule45 is the finder of innies and outies: for each group of houses, the
// virtual cage the rule of 45 gives, placed when it has one open cell and searched for
// its combinations when it has a few. Single-cell steps come first.
func findRule45(p *Pass, id string) {
	b := p.Board()
	l := b.Layout()
	if !hasCages(l) {
		return // a house alone is no cage: without cages the rule says nothing new
	}
	var multi []explain.Step
	seen := map[string]bool{} // virtual cages already tried, by open cells and sum
	t := killerTableOf(p)
	for gi, g := range t.groups[:t.nRule] {
		if p.done() {
			return
		}
		r := t.innies[gi]
		if id == idOuties {
			r = t.outies[gi]
		}
		if !r.ok {
			continue
		}
		virt, rest := r.virt, r.rest
		st := stateOf(b, virt.Cells, virt.Sum)
		st.sum.Virtual = true
		// More houses can leave the same cells with the same sum: the fewest say it.
		key := fmt.Sprint(st.open, st.sum.Left())
		if seen[key] {
			continue
		}
		seen[key] = true
		pat := explain.Pattern{Houses: g.houses, Cells: st.open}
		switch {
		case len(st.open) == 0:
			continue
		case len(st.open) == 1:
			d := st.sum.Left()
			if d < 1 || d > l.N() || !b.Has(st.open[0], board.Digit(d)) {
				continue
			}
			pat.Digits = board.DigitsOf(board.Digit(d))
			pat.Cages = append([]explain.CageSum{st.sum}, rest...)
			s := explain.Step{Technique: id, Placements: []board.Candidate{{Cell: st.open[0], Digit: board.Digit(d)}}, Pattern: pat}
			if !p.Report(s) {
				return
			}
		case len(st.open) <= maxVirtualCells:
			f := fillings(l, st.open, st.cands, st.sum.Left(), 0)
			if !f.ok {
				continue
			}
			elims := st.eliminations(f.allowed)
			if len(elims) == 0 {
				continue
			}
			st.sum.Combos = f.combos
			pat.Digits = union(f.allowed)
			pat.Cages = append([]explain.CageSum{st.sum}, rest...)
			multi = append(multi, explain.Step{Technique: id, Eliminations: elims, Pattern: pat})
		}
	}
	for _, s := range multi {
		if !p.Report(s) {
			return
		}
	}
}

// rule45 returns the virtual cage the rule of 45 makes of group g (its cells, placed
// or not, and their sum) and the cages it rests on: for innies, the cells of g outside
// the cages wholly inside it, and those cages; for outies, the cells outside g of the
// cages reaching into it, and those cages. ok is false for outies when a cell of g is
// in no cage.
func rule45(l *board.Layout, g houseBlock, id string) (virt explain.CageSum, rest []explain.CageSum, ok bool) {
	total := houseTotal(l.N(), len(g.houses))
	cages := l.Cages()
	var virtCells board.CellSet
	sum := 0
	if id == idInnies {
		virtCells = g.cells
		for _, cg := range cages {
			if cg.Set().AndNot(g.cells).Empty() {
				virtCells = virtCells.AndNot(cg.Set())
				rest = append(rest, explain.CageSum{Cells: cg.Cells, Sum: cg.Sum})
				sum += cg.Sum
			}
		}
		return explain.CageSum{Cells: virtCells.Cells(), Sum: total - sum}, rest, true
	}
	covered := board.CellSet{}
	for _, cg := range cages {
		if cg.Set().And(g.cells).Empty() {
			continue
		}
		covered = covered.Or(cg.Set())
		virtCells = virtCells.Or(cg.Set().AndNot(g.cells))
		rest = append(rest, explain.CageSum{Cells: cg.Cells, Sum: cg.Sum})
		sum += cg.Sum
	}
	if !g.cells.AndNot(covered).Empty() {
		return explain.CageSum{}, nil, false
	}
	return explain.CageSum{Cells: virtCells.Cells(), Sum: sum - total}, rest, true
}

// subset reports whether every candidate of a is in b.
func subset(a, b []board.Candidate) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// CageInteraction removes a cage's combinations that leave no combination to another
// cage whose cells all see its own: the two share no digit.
var CageInteraction = Technique{
	ID:         idCageInteraction,
	Difficulty: 3.4,
	Score:      100,
	Holds:      hasCages,
	Doc: `Cage Interaction

When every cell of one cage sees every cell of another (both lie in one row, column
or box, say), the two cages share no digit. A combination of the first cage that
overlaps every combination left to the second cannot be: it goes, and with it the
digits that only it put in the first cage's cells.`,
	Find: findCageInteraction,
}

// cageView is a cage's state on the board with its fillings, for the techniques that
// compare cages.
type cageView struct {
	st     cageState
	fill   cageFill
	peers  board.CellSet // the cells that see every open cell of the cage
	openOf board.CellSet
}

func findCageInteraction(p *Pass) {
	b := p.Board()
	l := b.Layout()
	var views []cageView
	for _, cg := range l.Cages() {
		st := stateOf(b, cg.Cells, cg.Sum)
		if len(st.open) < 2 {
			views = append(views, cageView{})
			continue
		}
		v := cageView{st: st, fill: fillings(l, st.open, st.cands, st.sum.Left(), 0)}
		v.peers = l.PeerSet(st.open[0])
		for _, c := range st.open[1:] {
			v.peers = v.peers.And(l.PeerSet(c))
		}
		v.openOf = board.CellsOf(st.open...)
		views = append(views, v)
	}
	for i, a := range views {
		if p.done() {
			return
		}
		if !a.fill.ok || a.fill.combos == nil {
			continue
		}
		var last []board.Candidate // another cage may clash the same way: say it once
		for j, o := range views {
			if i == j || !o.fill.ok || o.fill.combos == nil || !o.openOf.AndNot(a.peers).Empty() {
				continue
			}
			var keep []board.DigitSet
			for _, ca := range a.fill.combos {
				if slices.ContainsFunc(o.fill.combos, func(co board.DigitSet) bool { return ca&co == 0 }) {
					keep = append(keep, ca)
				}
			}
			if len(keep) == len(a.fill.combos) || len(keep) == 0 {
				continue
			}
			f := fillingsIf(l, a.st.open, a.st.cands, a.st.sum.Left(), func(used board.DigitSet) bool { return slices.Contains(keep, used) })
			if !f.ok {
				continue
			}
			elims := cageState{open: a.st.open, cands: a.fill.allowed}.eliminations(f.allowed)
			if len(elims) == 0 || slices.Equal(elims, last) {
				continue
			}
			last = elims
			first, other := a.st.sum, o.st.sum
			first.Combos, other.Combos = f.combos, o.fill.combos
			s := explain.Step{
				Technique:    idCageInteraction,
				Eliminations: elims,
				Pattern: explain.Pattern{
					Digits: union(f.allowed),
					Cells:  a.st.open,
					Houses: housesHolding(l, append(slices.Clone(a.st.open), o.st.open...)),
					Cages:  []explain.CageSum{first, other},
				},
			}
			if !p.Report(s) {
				return
			}
		}
	}
}

// HousePartition removes the combinations of a house's cages that leave no way to share
// the house's digits out among its cages and the cells outside them.
var HousePartition = Technique{
	ID:         idHousePartition,
	Difficulty: 3.6,
	Score:      110,
	Holds:      hasCages,
	Doc: `House Partition

A row, column or box is made of the cages wholly inside it and the cells outside them,
which add up to 45 less those cages (a hidden cage). Each part takes different digits
and together they take every digit the house lacks once. A combination of one part that
leaves the others no combinations sharing no digit with it and with each other cannot
be: it goes, and with it the digits only it put in the part's cells.`,
	Find: findHousePartition,
}

func findHousePartition(p *Pass) {
	b := p.Board()
	l := b.Layout()
	if !hasCages(l) {
		return
	}
	total := houseTotal(l.N(), 1)
	said := map[string]bool{} // a part in two houses (a row and a box) may lose the same way in both
	for h := range board.House(l.Houses()) {
		if p.done() {
			return
		}
		hs := l.HouseSet(h)
		var parts []cageState
		rest, sum := hs, 0
		for _, cg := range l.Cages() {
			if !cg.Set().AndNot(hs).Empty() {
				continue
			}
			rest = rest.AndNot(cg.Set())
			sum += cg.Sum
			if st := stateOf(b, cg.Cells, cg.Sum); len(st.open) > 0 {
				parts = append(parts, st)
			}
		}
		if !rest.Empty() {
			st := stateOf(b, rest.Cells(), total-sum)
			st.sum.Virtual = true
			if len(st.open) > maxVirtualCells {
				continue
			}
			if len(st.open) > 0 {
				parts = append(parts, st)
			}
		}
		if len(parts) < 3 {
			continue // two parts: each is what the other leaves, which fillings already see
		}
		fills := make([]cageFill, len(parts))
		ok := true
		for i, st := range parts {
			fills[i] = fillings(l, st.open, st.cands, st.sum.Left(), 0)
			ok = ok && fills[i].ok
		}
		if !ok {
			continue
		}
		keep := partitionCombos(fills)
		for i, st := range parts {
			if len(keep[i]) == len(fills[i].combos) || len(keep[i]) == 0 {
				continue
			}
			k := keep[i]
			f := fillingsIf(l, st.open, st.cands, st.sum.Left(), func(used board.DigitSet) bool { return slices.Contains(k, used) })
			elims := cageState{open: st.open, cands: fills[i].allowed}.eliminations(f.allowed)
			if key := fmt.Sprint(elims); !f.ok || len(elims) == 0 || said[key] {
				continue
			} else {
				said[key] = true
			}
			first := st.sum
			first.Combos = f.combos
			cages := []explain.CageSum{first}
			for j, o := range parts {
				if j != i {
					o.sum.Combos = fills[j].combos
					cages = append(cages, o.sum)
				}
			}
			s := explain.Step{
				Technique:    idHousePartition,
				Eliminations: elims,
				Pattern: explain.Pattern{
					Digits: union(f.allowed),
					Cells:  st.open,
					Houses: []board.House{h},
					Cages:  cages,
				},
			}
			if !p.Report(s) {
				return
			}
		}
	}
}

// partitionCombos returns, for each part, the combinations that belong to a choice of
// one combination per part, no two sharing a digit.
func partitionCombos(fills []cageFill) [][]board.DigitSet {
	keep := make([][]board.DigitSet, len(fills))
	chosen := make([]board.DigitSet, len(fills))
	nodes := 0
	var walk func(i int, used board.DigitSet)
	walk = func(i int, used board.DigitSet) {
		if nodes++; nodes > maxCageNodes {
			return
		}
		if i == len(fills) {
			for j, c := range chosen {
				if !slices.Contains(keep[j], c) {
					keep[j] = append(keep[j], c)
				}
			}
			return
		}
		for _, c := range fills[i].combos {
			if c&used == 0 {
				chosen[i] = c
				walk(i+1, used|c)
			}
		}
	}
	walk(0, 0)
	if nodes > maxCageNodes {
		return make([][]board.DigitSet, len(fills)) // cut short: claim nothing
	}
	return keep
}

// lockedStep is the step of a digit locked between a cage and a house: the places at
// of digit d in house h, all in cage sum, and what that removes.
func lockedStep(id string, elims []board.Candidate, d board.Digit, at []board.Cell, h board.House, sum explain.CageSum) explain.Step {
	return explain.Step{
		Technique:    id,
		Eliminations: elims,
		Pattern: explain.Pattern{
			Digits: board.DigitsOf(d),
			Cells:  at,
			Houses: []board.House{h},
			Cages:  []explain.CageSum{sum},
		},
	}
}
