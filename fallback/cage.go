package fallback

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/stepdoku/stepdoku/board"
)

// Killer cages in the general search. Cage-mates are peers, so singles already keep
// a digit from repeating in a cage; what the sums add is done here, each time the
// singles stall: for each cage, the digits placed in it and the sum left for its
// open cells. On grids of up to 9 digits each open cell keeps only the digits it
// takes in some filling of the open cells with distinct digits, each one of its
// candidates and none placed in the cage, that makes the sum (cageSupport walks the
// cells over sets of digit sets, so no combination is listed at each node), and a
// digit every such filling holds and only one open cell can take is placed there
// (or, when several can, leaves the cells that see them all). On larger grids,
// where the sets would be too large, each candidate d stays only while the other
// open cells can still make the rest of the sum: the smallest and the largest sums
// of that many distinct other digits among their candidates bracket it. The same
// holds for the virtual cages the rule of 45 gives (sumRules); those whose cells
// may repeat a digit (they span houses, or some of them count down) keep on grids
// of up to 9 digits the digits some filling with repeats makes the sum with
// (looseSupport), on larger ones the digits the smallest and largest candidates of
// the others leave room for.
//
// Each search keeps, per depth, the state its branches narrow, so the first look
// at the sums in a branch takes only the rules of the cells the guess narrowed.
// Once it has guessed, it also remembers the last few thousand answers of
// cageSupport, by rule and the candidates of the rule's cells (cachedSupport): in a
// deep tree the same cage meets the same candidates in branch after branch (on the
// big-cage killers the same tree; killer-hard-dev, old and new side by side on an
// idle machine: 7.85 s to 6.94 s of CPU a puzzle on average, the slowest 34 s to 28 s).

// maxLoose is the most cells a sum rule that is not distinct may have: its bounds
// rarely bind on more, and on the big-cage killers the larger rules cost a third of
// the search's time for as good as no smaller tree (measured: the same guesses
// within 1%, nodes three times quicker without them; with 5 the trees grow 2-3x).
const maxLoose = 9

// maxSigned is the most cells a rule with cells counted down may have: on the
// big-cage killers those of 7 to 9 cells cost a fifth of the looks at the sums for
// 0.4% fewer guesses (and with at most 4 the guesses grow 12%).
const maxSigned = 6

// sumRules returns what the cages of l make the search check: each cage, and the
// sums the rule of 45 gives. A house holds 1+2+...+N, and k rows (or columns) side by
// side k times that; take away the cages wholly inside such a group and the other
// cells of the group (the innies) hold what is left; when every cell of the group
// is in some cage, the cells that the cages crossing its edge have outside it (the
// outies) hold those cages' sums less what the group's cells in them hold. The
// groups are every house and every run of 2 to N-1 adjacent rows or columns.
// Between the two, on grids of up to 9 digits: take away too the crossing cages
// that have more cells inside the group than outside; their sums less their cells
// outside stand for them, so the innies left less those outies make the group's
// total less all those cages' sums (kept up to maxSigned cells: "r1c9 is r2c1 +
// r2c6 - 4"). A rule is distinct when it is a cage or its cells share a house. A
// set of cells two groups give is checked once, a group's innies that are all its
// cells say nothing new, and a rule that is not distinct is kept only up to
// maxLoose cells. A virtual rule on more than half of a house is kept as the
// house's other cells, which hold the house's total less its sum (the same rule
// on fewer cells: a cage's walk costs most on 8 or 9 cells and 9 digits), and
// one on a whole house says nothing.
func sumRules(l *board.Layout, houses, cellHouses [][]int32) []sumRule {
	n := l.N()
	total := n * (n + 1) / 2
	cages := l.Cages()
	groups := make([]board.CellSet, 0, len(houses)+(n-1)*(n-2))
	// Each group gives up to three rules.
	rules := make([]sumRule, 0, len(cages)+3*cap(groups))
	seen := make(map[board.CellSet]bool, len(cages)+2*cap(groups))
	var add func(set board.CellSet, sum int, cage int32)
	add = func(set board.CellSet, sum int, cage int32) {
		k := set.Count()
		if k == 0 || cage < 0 && k > max(n, maxLoose) || seen[set] {
			return // more than n cells share no house: a loose rule, too big to keep
		}
		seen[set] = true
		r := sumRule{sum: sum, distinct: cage >= 0, cage: cage, npos: k}
		r.cells = appendCells(make([]int32, 0, k), set)
		if !r.distinct && k <= n {
			// The cells share a house when one of the first cell's houses holds
			// them all.
			for _, h := range cellHouses[r.cells[0]] {
				all := true
				for _, c := range r.cells[1:] {
					if l.PosIn(board.Cell(c), board.House(h)) < 0 {
						all = false
						break
					}
				}
				if all {
					r.distinct = true
					if 2*k > n {
						// The house's other cells say the same in fewer cells; a
						// whole house says nothing (unless its sum is wrong).
						if rest := l.HouseSet(board.House(h)).AndNot(set); !rest.Empty() {
							add(rest, total-sum, -1)
							return
						} else if sum == total {
							return
						}
					}
					break
				}
			}
		}
		if !r.distinct && k > maxLoose {
			return
		}
		rules = append(rules, r)
	}
	// addSigned adds the rule that pos less neg make sum, on grids of up to 9
	// digits (looseSupport's sums fit its sets there), when it has at most
	// maxLoose cells.
	signed := make(map[[2]board.CellSet]bool, cap(groups))
	addSigned := func(pos, neg board.CellSet, sum int) {
		k := pos.Count() + neg.Count()
		if n > 9 || k > maxSigned || pos.Empty() || neg.Empty() || signed[[2]board.CellSet{pos, neg}] {
			return
		}
		signed[[2]board.CellSet{pos, neg}] = true
		r := sumRule{sum: sum, cage: -1, npos: pos.Count()}
		r.cells = appendCells(appendCells(make([]int32, 0, k), pos), neg)
		rules = append(rules, r)
	}
	for i, cg := range cages {
		add(cg.Set(), cg.Sum, int32(i))
	}
	for h := range houses {
		groups = append(groups, l.HouseSet(board.House(h)))
	}
	for k := 2; k < n; k++ {
		for first := 0; first+k <= n; first++ {
			var rows, cols board.CellSet
			for i := first; i < first+k; i++ {
				rows = rows.Or(l.HouseSet(l.RowHouse(i)))
				cols = cols.Or(l.HouseSet(l.ColHouse(i)))
			}
			groups = append(groups, rows, cols)
		}
	}
	// The cages' cells are looked at one by one: a group meets only a few cages,
	// and whole-set operations on the largest layout's sets cost more than that.
	inside := make([]int, len(cages))
	for _, g := range groups {
		gCount := g.Count()
		k := gCount / n
		inner, crossing, cagedCount := total*k, 0, 0
		innies, outies := g, board.CellSet{}
		for i, cg := range cages {
			in := 0
			for _, c := range cg.Cells {
				if g.Has(c) {
					in++
				}
			}
			inside[i] = in
			switch {
			case in == len(cg.Cells):
				inner -= cg.Sum
				for _, c := range cg.Cells {
					innies.Remove(c)
				}
				cagedCount += in
			case in > 0:
				crossing += cg.Sum
				for _, c := range cg.Cells {
					if !g.Has(c) {
						outies.Add(c)
					}
				}
				cagedCount += in
			}
		}
		if innies != g {
			add(innies, inner, -1)
		}
		if cagedCount == gCount {
			// The crossing cages hold the innies and the outies.
			add(outies, crossing-inner, -1)
		}
		// Between the two: count the crossing cages that have more cells inside
		// than outside. Their cells inside leave the innies; their sums less their
		// cells outside (the outies, counted down) stand for them.
		pos, neg, sum := innies, board.CellSet{}, inner
		for i, cg := range cages {
			if in := inside[i]; in > 0 && in < len(cg.Cells) && in > len(cg.Cells)-in {
				for _, c := range cg.Cells {
					if g.Has(c) {
						pos.Remove(c)
					} else {
						neg.Add(c)
					}
				}
				sum -= cg.Sum
			}
		}
		addSigned(pos, neg, sum)
	}
	return rules
}

// appendCells appends the cells of set to out in increasing order.
func appendCells(out []int32, set board.CellSet) []int32 {
	for _, c := range set.Cells() {
		out = append(out, int32(c))
	}
	return out
}

// sumRule says that the digits of cells add up to sum; distinct when no digit may
// repeat among them (a cage, or cells of one house).
type sumRule struct {
	cells    []int32
	sum      int
	distinct bool
	cage     int32 // the cage the rule is, -1 for a virtual one
	// npos is how many of cells count up: the others (never on a distinct rule)
	// count down, so that the rule says cells[:npos] less cells[npos:] make sum.
	npos int
}

// tier orders the rules for cageSums: the cages, then the distinct virtual rules,
// then those whose digits may repeat. A looser rule is looked at only once the
// tighter ones take nothing more, so it looks at fewer states on the way.
func (r *sumRule) tier() int {
	switch {
	case !r.distinct:
		return 2
	case r.cage < 0:
		return 1
	}
	return 0
}

// ruleTiers is how many tiers there are.
const ruleTiers = 3

// comboTable lists, for k cells and a sum s, the sets of k distinct digits 1-9
// adding to s, as digit masks: byCount[k][s].
type comboTable struct {
	byCount [10][46][]uint32
}

// combos returns the table of combinations, built on first use and never changed.
var combos = sync.OnceValue(func() *comboTable {
	t := new(comboTable)
	for m := uint32(0); m < 1<<9; m++ {
		k, sum := bits.OnesCount32(m), maskSum(m)
		t.byCount[k][sum] = append(t.byCount[k][sum], m)
	}
	return t
})

// maskSum is the sum of the digits of a digit mask (bit d-1 for digit d).
func maskSum(m uint32) int {
	s := 0
	for ; m != 0; m &= m - 1 {
		s += bits.TrailingZeros32(m) + 1
	}
	return s
}

// cageSums narrows the open cells of every sum rule to what its sum allows, as the
// comments above say. Cells left with one candidate join queue. It reports whether
// it removed anything, and false on a contradiction (a sum no digits can make).
// It is called when queue is empty, so every cell with one candidate is fixed.
func (s *general) cageSums(cs []uint32, queue *[]int32) (changed, ok bool) {
	if s.fresh {
		for c, v := range cs {
			if v != s.snap[c] {
				for _, i := range s.cellRules[c] {
					s.ruleDirty[i>>6] |= 1 << (i & 63)
				}
			}
		}
	} else {
		for w := range s.ruleDirty {
			s.ruleDirty[w] = ^uint64(0)
		}
		s.fresh = true
	}
	copy(s.snap, cs)
	for tier := range ruleTiers {
		if changed {
			// The looser rules wait until the tighter ones take nothing more.
			return changed, true
		}
		// The dirty rules of the tier in the order of rules, a word of flags at a
		// time (most rules are clean: a scan of the flags one by one cost 6% of
		// the big-cage killers' search).
		for w, in := range s.tierRules[tier] {
			for {
				dirty := in & s.ruleDirty[w]
				if dirty == 0 {
					break
				}
				k := bits.TrailingZeros64(dirty)
				s.ruleDirty[w] &^= 1 << k
				i := w<<6 + k
				more, ok := s.narrow(cs, i, queue)
				changed = changed || more
				if !ok {
					s.bump(s.rules[i].cells)
					return changed, false
				}
			}
		}
	}
	return changed, true
}

// narrow narrows the open cells of rule i to what its sum allows (see cageSums).
func (s *general) narrow(cs []uint32, i int, queue *[]int32) (changed, ok bool) {
	r := &s.rules[i]
	if r.npos < len(r.cells) && s.cheap {
		return false, true // held by the walk alone, which the first look leaves out
	}
	if !r.distinct && s.combos != nil && !s.cheap {
		return s.looseSupport(cs, r, queue)
	}
	var placed, union uint32
	rem, open, lo, hi, span := r.sum, 0, 0, 0, 0
	for _, c := range r.cells {
		v := cs[c]
		if v&fixedBit != 0 {
			v &^= fixedBit
			placed |= v
			rem -= bits.TrailingZeros32(v) + 1
			continue
		}
		union |= v
		open++
		l, h := bits.TrailingZeros32(v)+1, 32-bits.LeadingZeros32(v)
		lo, hi, span = lo+l, hi+h, max(span, h-l)
	}
	if open == 0 {
		if rem != 0 {
			return changed, false
		}
		return changed, true
	}
	if rem < lo || rem > hi {
		return changed, false
	}
	if !r.distinct {
		if hi-rem >= span && rem-lo >= span {
			return changed, true // no cell's range reaches past what the others leave it
		}
		// Each open cell holds at least rem less the most the others can hold, and
		// at most rem less the least they can.
		for _, c := range r.cells {
			v := cs[c]
			if v&fixedBit != 0 {
				continue
			}
			least := rem - (hi - (32 - bits.LeadingZeros32(v)))
			most := rem - (lo - (bits.TrailingZeros32(v) + 1))
			removed, ok := strip(cs, c, ^digitRange(least, most), queue)
			changed = changed || removed
			if !ok {
				return changed, false
			}
		}
		return changed, true
	}
	var allowed, must uint32
	switch {
	case s.combos == nil:
		allowed = cageBounds(open, rem, union&^placed)
	case s.cheap:
		allowed, must = s.cageCombos(cs, r, open, rem, placed, union)
	default:
		var more bool
		must, more, ok = s.cachedSupport(cs, i, r, rem, placed, queue)
		changed = changed || more
		if !ok {
			return changed, false
		}
		allowed = s.full
	}
	if allowed == 0 {
		return changed, false
	}
	for _, c := range r.cells {
		removed, ok := strip(cs, c, ^allowed, queue)
		changed = changed || removed
		if !ok {
			return changed, false
		}
	}
	// A digit every combination holds must go in the cells: if only one open
	// cell can take it, it goes there; else it leaves every cell outside the
	// rule that sees all the open cells that can take it.
	for ; must != 0; must &= must - 1 {
		d := must & -must
		at, k := int32(-1), 0
		for _, c := range r.cells {
			if v := cs[c]; v&fixedBit == 0 && v&d != 0 {
				at, k = c, k+1
			}
		}
		switch {
		case k == 0:
			return changed, false
		case k == 1:
			if cs[at] != d {
				cs[at] = d
				changed = true
				*queue = append(*queue, at)
			}
		default:
			more, ok := s.pointing(cs, r, d, queue)
			changed = changed || more
			if !ok {
				return changed, false
			}
		}
	}
	return changed, true
}

// comboGuess returns the distinct sum rule whose open cells can take the fewest
// combinations, at least two and fewer than n, and those combinations (kept for
// depth); nil when no rule has so few.
func (s *general) comboGuess(cs []uint32, depth, n int) (*sumRule, []uint32) {
	for len(s.comboStack) <= depth {
		s.comboStack = append(s.comboStack, nil)
	}
	var best *sumRule
	bestK := n
	for i := range s.rules {
		r := &s.rules[i]
		if !r.distinct {
			continue
		}
		var placed, union uint32
		rem, open := r.sum, 0
		for _, c := range r.cells {
			v := cs[c]
			if v&fixedBit != 0 {
				placed |= v &^ fixedBit
				rem -= bits.TrailingZeros32(v&^fixedBit) + 1
				continue
			}
			union |= v
			open++
		}
		if open < 2 || rem < 0 || rem >= len(s.combos.byCount[open]) {
			continue
		}
		k := 0
	next:
		for _, m := range s.combos.byCount[open][rem] {
			if m&^union != 0 || m&placed != 0 {
				continue
			}
			for _, c := range r.cells {
				if v := cs[c]; v&fixedBit == 0 && v&m == 0 {
					continue next
				}
			}
			if k++; k >= bestK {
				break
			}
		}
		if k >= 2 && k < bestK {
			best, bestK = r, k
		}
	}
	if best == nil {
		return nil, nil
	}
	ms := s.comboStack[depth][:0]
	var placed, union uint32
	for _, c := range best.cells {
		if v := cs[c]; v&fixedBit != 0 {
			placed |= v &^ fixedBit
		} else {
			union |= v
		}
	}
	open, rem := 0, best.sum
	for _, c := range best.cells {
		if v := cs[c]; v&fixedBit != 0 {
			rem -= bits.TrailingZeros32(v&^fixedBit) + 1
		} else {
			open++
		}
	}
outer:
	for _, m := range s.combos.byCount[open][rem] {
		if m&^union != 0 || m&placed != 0 {
			continue
		}
		for _, c := range best.cells {
			if v := cs[c]; v&fixedBit == 0 && v&m == 0 {
				continue outer
			}
		}
		ms = append(ms, m)
	}
	s.comboStack[depth] = ms
	return best, ms
}

// pointing takes digit d from every open cell outside r that sees all of r's open
// cells that can hold d (d, which must go in one of them, cannot go there).
func (s *general) pointing(cs []uint32, r *sumRule, d uint32, queue *[]int32) (changed, ok bool) {
	seen := s.seen
	first := true
	for _, c := range r.cells {
		if v := cs[c]; v&fixedBit != 0 || v&d == 0 {
			continue
		}
		if first {
			copy(seen, s.peerBits[c])
			first = false
			continue
		}
		any := uint64(0)
		for i, w := range s.peerBits[c] {
			seen[i] &= w
			any |= seen[i]
		}
		if any == 0 {
			return false, true
		}
	}
	for i, w := range seen {
		for ; w != 0; w &= w - 1 {
			c := int32(i*64 + bits.TrailingZeros64(w))
			removed, ok := strip(cs, c, d, queue)
			changed = changed || removed
			if !ok {
				return changed, false
			}
		}
	}
	return changed, true
}

// cageLocked looks in each house for a digit whose open cells all lie in one cage:
// the digit goes in that cage inside the house, so it leaves the cage's cells
// outside the house.
func (s *general) cageLocked(cs []uint32, queue *[]int32) (changed, ok bool) {
	var union [32]uint32 // by part of the house: the candidates of its open cells
	for _, parts := range s.houseParts {
		var once, twice uint32
		for i, p := range parts {
			var u uint32
			for _, c := range p.in {
				if v := cs[c]; v&fixedBit == 0 {
					u |= v
				}
			}
			union[i] = u
			twice |= once & u
			once |= u
		}
		only := once &^ twice
		if only == 0 {
			continue
		}
		for i, p := range parts {
			m := union[i] & only
			if m == 0 || p.cage < 0 {
				continue
			}
			for _, c := range p.out {
				removed, ok := strip(cs, c, m, queue)
				changed = changed || removed
				if !ok {
					return changed, false
				}
			}
		}
	}
	return changed, true
}

// housePart is where a house meets a cage (or the house's cells in no cage, cage
// -1): in are those cells, out the cage's cells outside the house.
type housePart struct {
	cage    int32
	in, out []int32
}

// houseParts returns, for each house, where it meets each cage. The lists are
// cut from a few arrays: a killer's layout is built per puzzle.
func houseParts(houses [][]int32, cageOf []int32, cageCells [][]int32) [][]housePart {
	total := 0
	for _, cells := range houses {
		total += len(cells)
	}
	out := make([][]housePart, len(houses))
	parts := make([]housePart, 0, total)
	ins := make([]int32, 0, total)
	inHouse := make([]bool, len(cageOf))
	outs := 0
	for h, cells := range houses {
		first := len(parts)
		for i, c := range cells {
			k := cageOf[c]
			if slices.ContainsFunc(cells[:i], func(x int32) bool { return cageOf[x] == k }) {
				continue // its part is made
			}
			from := len(ins)
			for _, x := range cells[i:] {
				if cageOf[x] == k {
					ins = append(ins, x)
				}
			}
			p := housePart{cage: k, in: ins[from:len(ins):len(ins)]}
			if k >= 0 {
				outs += len(cageCells[k]) - len(p.in)
			}
			parts = append(parts, p)
		}
		out[h] = parts[first:len(parts):len(parts)]
	}
	outBuf := make([]int32, 0, outs)
	for h, cells := range houses {
		for _, c := range cells {
			inHouse[c] = true
		}
		for i := range out[h] {
			p := &out[h][i]
			if p.cage < 0 {
				continue
			}
			from := len(outBuf)
			for _, c := range cageCells[p.cage] {
				if !inHouse[c] {
					outBuf = append(outBuf, c)
				}
			}
			p.out = outBuf[from:len(outBuf):len(outBuf)]
		}
		for _, c := range cells {
			inHouse[c] = false
		}
	}
	return out
}

// digitRange is the mask of the digits from least to most (none when most < least).
func digitRange(least, most int) uint32 {
	least = max(least, 1)
	most = min(most, 32)
	if most < least {
		return 0
	}
	return (uint32(1)<<most - 1) &^ (uint32(1)<<(least-1) - 1)
}

// cageBounds returns the digits of ds that k open cells can hold when they must add
// to rem with distinct digits of ds: d stays while the smallest and the largest sums
// of k-1 other digits of ds bracket rem-d.
func cageBounds(k, rem int, ds uint32) uint32 {
	var allowed uint32
	for rest := ds; rest != 0; rest &= rest - 1 {
		d := rest & -rest
		left := rem - (bits.TrailingZeros32(d) + 1)
		lo, hi, ok := sumRange(ds&^d, k-1)
		if ok && lo <= left && left <= hi {
			allowed |= d
		}
	}
	return allowed
}

// sumRange returns the smallest and the largest sums of k distinct digits of ds,
// and false when ds has fewer than k.
func sumRange(ds uint32, k int) (lo, hi int, ok bool) {
	if bits.OnesCount32(ds) < k {
		return 0, 0, false
	}
	low, high := ds, ds
	for range k {
		d := low & -low
		lo += bits.TrailingZeros32(d) + 1
		low &^= d
		top := 31 - bits.LeadingZeros32(high)
		hi += top + 1
		high &^= 1 << top
	}
	return lo, hi, true
}

// maskSet is a set of digit masks of up to 9 digits: bit m of the 512 is set when
// mask m is in the set. The search for a cage's digits walks its open cells one by
// one over such sets, one word operation per 64 masks; the digits are those the
// open cells can still take, renumbered from 0, so with u of them only the first
// 2^u bits (nw words) are in use.
type maskSet [8]uint64

// lacks[d] holds, within one word, the masks without digit bit d (d < 6); for
// d >= 6 the word index says it (word w lacks bit d when w has no bit d-6).
var lacks = [6]uint64{
	0x5555555555555555, 0x3333333333333333, 0x0f0f0f0f0f0f0f0f,
	0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x00000000ffffffff,
}

func (x *maskSet) add(m uint32) { x[m>>6] |= 1 << (m & 63) }

func (x *maskSet) empty(nw int) bool {
	var any uint64
	for _, w := range x[:nw] {
		any |= w
	}
	return any == 0
}

// orWith sets x to x or, for each mask m of y without digit bit d, m with d.
func (x *maskSet) orWith(y *maskSet, d, nw int) {
	if d < 6 {
		sh, keep := uint(1)<<d, lacks[d]
		for w := range nw {
			x[w] |= (y[w] & keep) << sh
		}
		return
	}
	ws := 1 << (d - 6)
	for w := range nw {
		if w&ws != 0 {
			x[w] |= y[w-ws]
		}
	}
}

// orWithoutIn sets x to x or, for each mask m of z with digit bit d whose m
// without d is in y, m without d, and reports whether there was any such m.
func (x *maskSet) orWithoutIn(z, y *maskSet, d, nw int) bool {
	var any uint64
	if d < 6 {
		sh, keep := uint(1)<<d, lacks[d]
		for w := range nw {
			t := z[w] >> sh & keep & y[w]
			x[w] |= t
			any |= t
		}
		return any != 0
	}
	ws := 1 << (d - 6)
	for w := range nw {
		if w&ws == 0 {
			t := z[w+ws] & y[w]
			x[w] |= t
			any |= t
		}
	}
	return any != 0
}

// hasAll reports whether every mask of x holds digit bit d (x not empty).
func (x *maskSet) hasAll(d, nw int) bool {
	var any uint64
	if d < 6 {
		keep := lacks[d]
		for w := range nw {
			any |= x[w] & keep
		}
		return any == 0
	}
	ws := 1 << (d - 6)
	for w := range nw {
		if w&ws == 0 {
			any |= x[w]
		}
	}
	return any == 0
}

// squeeze renumbers the digits of m, all among union, by their rank in union.
// It closes the gaps the digits missing from union leave below its largest, from
// the top down: a cage's open cells miss few digits, so there are few gaps.
func squeeze(m, union uint32) uint32 {
	gaps := ^union & (1<<(32-bits.LeadingZeros32(union)) - 1)
	for gaps != 0 {
		g := uint32(1) << (31 - bits.LeadingZeros32(gaps))
		gaps &^= g
		m = m&(g-1) | m>>1&^(g-1)
	}
	return m
}

// cageSupport narrows the open cells of a distinct rule to the digits each can
// take in some filling of all of them: distinct digits, none of placed, each a
// candidate of its cell, adding to rem. It walks the cells in turn, keeping the
// sets of digits the cells so far can take (reach), then back from the fillings
// that make rem, keeping of each cell the digits that lead to one. It returns
// false when no filling exists, and else the digits every filling holds (must).
// Cells left with one candidate join queue.
func (s *general) cageSupport(cs []uint32, r *sumRule, rem int, placed uint32, queue *[]int32) (must uint32, changed, ok bool) {
	var open [9]int32
	var union uint32
	k := 0
	for _, c := range r.cells {
		v := cs[c]
		if v&fixedBit != 0 {
			continue
		}
		if k == len(open) {
			return 0, false, false // more open cells than digits
		}
		open[k] = c
		union |= v &^ placed
		k++
	}
	u := bits.OnesCount32(union)
	if rem < 0 || rem >= len(s.combos.byCount[k]) || u < k {
		return 0, false, false
	}
	// The walk numbers the digits of union 0 to u-1: digit[j] is the j-th.
	var digit [9]uint32
	for j, ds := 0, union; ds != 0; j, ds = j+1, ds&(ds-1) {
		digit[j] = ds & -ds
	}
	nw := 1 << max(u-6, 0)
	var reach [10]maskSet
	var cand [9]uint32
	reach[0][0] = 1
	for i := range k {
		cand[i] = squeeze(cs[open[i]]&^placed, union)
		next := &reach[i+1]
		for ds := cand[i]; ds != 0; ds &= ds - 1 {
			next.orWith(&reach[i], bits.TrailingZeros32(ds), nw)
		}
		if next.empty(nw) {
			return 0, false, false
		}
	}
	var good maskSet
	for _, m := range s.combos.byCount[k][rem] {
		if m&^union == 0 {
			good.add(squeeze(m, union))
		}
	}
	for w := range nw {
		good[w] &= reach[k][w]
	}
	if good.empty(nw) {
		return 0, false, false
	}
	for j := range u {
		if good.hasAll(j, nw) {
			must |= digit[j]
		}
	}
	for i := k - 1; i >= 0; i-- {
		c := open[i]
		var keep uint32
		var back maskSet
		for ds := cand[i]; ds != 0; ds &= ds - 1 {
			j := bits.TrailingZeros32(ds)
			if back.orWithoutIn(&good, &reach[i], j, nw) {
				keep |= digit[j]
			}
		}
		if v := cs[c]; keep != v {
			cs[c] = keep
			changed = true
			if keep&(keep-1) == 0 {
				*queue = append(*queue, c)
			}
		}
		good = back
	}
	return must, changed, true
}

// sumSet is a set of partial sums 0-127 of a rule's open cells, offset so that
// those counted down stay at or above 0.
type sumSet [2]uint64

// shifted returns x with each sum moved up by d (down when d < 0).
func (x sumSet) shifted(d int) sumSet {
	switch {
	case d > 0:
		return sumSet{x[0] << d, x[1]<<d | x[0]>>(64-d)}
	case d < 0:
		return sumSet{x[0]>>-d | x[1]<<(64+d), x[1] >> -d}
	}
	return x
}

// looseSupport narrows the open cells of a rule whose digits may repeat (its
// cells span houses, or some count down) to the digits each can take in some
// filling that makes the sum, repeats allowed: it walks the cells keeping the
// partial sums the cells so far can make, then back from the sum, keeping of each
// cell the digits that lead to it. It returns false when no filling makes the sum.
// Cells left with one candidate join queue.
func (s *general) looseSupport(cs []uint32, r *sumRule, queue *[]int32) (changed, ok bool) {
	var open [maxLoose]int32
	var sign [maxLoose]int
	var reach [maxLoose + 1]sumSet
	rem, k, offset := r.sum, 0, 0
	lo, hi, span := 0, 0, 0 // the least and the most the open cells make
	for i, c := range r.cells {
		v := cs[c]
		sg := 1
		if i >= r.npos {
			sg = -1
		}
		if v&fixedBit != 0 {
			rem -= sg * (bits.TrailingZeros32(v&^fixedBit) + 1)
			continue
		}
		least, most := bits.TrailingZeros32(v)+1, 32-bits.LeadingZeros32(v)
		if sg < 0 {
			offset += most
			least, most = -most, -least
		}
		lo, hi, span = lo+least, hi+most, max(span, most-least)
		open[k], sign[k] = c, sg
		k++
	}
	target := rem + offset
	if k == 0 || rem < lo || rem > hi {
		return false, k == 0 && rem == 0
	}
	if hi-rem >= span && rem-lo >= span {
		// Each cell's range fits in what the others leave it: mostly nothing to
		// take, and not worth the walk to find the rare gap.
		return false, true
	}
	reach[0] = sumSet{}.set(offset)
	for i := range k {
		var next sumSet
		for ds := cs[open[i]]; ds != 0; ds &= ds - 1 {
			next = next.or(reach[i].shifted(sign[i] * (bits.TrailingZeros32(ds) + 1)))
		}
		reach[i+1] = next
	}
	good := sumSet{}.set(target).and(reach[k])
	if good == (sumSet{}) {
		return false, false
	}
	for i := k - 1; i >= 0; i-- {
		c := open[i]
		v := cs[c]
		var keep uint32
		var back sumSet
		for ds := v; ds != 0; ds &= ds - 1 {
			d := sign[i] * (bits.TrailingZeros32(ds) + 1)
			if reach[i].shifted(d).and(good) != (sumSet{}) {
				keep |= ds & -ds
				back = back.or(good.shifted(-d))
			}
		}
		if keep != v {
			cs[c] = keep
			changed = true
			if keep&(keep-1) == 0 {
				*queue = append(*queue, c)
			}
		}
		good = back.and(reach[i])
	}
	return changed, true
}

func (x sumSet) set(i int) sumSet    { x[i>>6] |= 1 << (i & 63); return x }
func (x sumSet) or(y sumSet) sumSet  { return sumSet{x[0] | y[0], x[1] | y[1]} }
func (x sumSet) and(y sumSet) sumSet { return sumSet{x[0] & y[0], x[1] & y[1]} }

// cageCombos returns the union and the intersection of the combinations the open
// cells of cg can still take: open digits adding to rem, none of placed, all
// among union, and each open cell holding a candidate among them.
func (s *general) cageCombos(cs []uint32, cg *sumRule, open, rem int, placed, union uint32) (allowed, must uint32) {
	if rem < 0 || rem >= len(s.combos.byCount[open]) {
		return 0, 0
	}
	must = ^uint32(0)
next:
	for _, m := range s.combos.byCount[open][rem] {
		if m&^union != 0 || m&placed != 0 {
			continue
		}
		for _, c := range cg.cells {
			if v := cs[c]; v&fixedBit == 0 && v&m == 0 {
				continue next
			}
		}
		allowed |= m
		must &= m
	}
	if allowed == 0 {
		return 0, 0
	}
	return allowed, must
}

// supportEntry is one remembered answer of cageSupport: for rule rule whose cells
// held key, they held out after it (or ok was false), and must were the digits
// every filling holds.
type supportEntry struct {
	rule     int32
	ok, used bool
	must     uint32
	key, out [9]uint32
}

// supportCacheSize is how many answers of cageSupport a search remembers (a power
// of two): the same cells of a cage meet the same candidates in many branches.
const supportCacheSize = 1 << 12

// cachedSupport is cageSupport for rule i, answered from the search's cache when
// the rule's cells hold what they held at an earlier call.
func (s *general) cachedSupport(cs []uint32, i int, r *sumRule, rem int, placed uint32, queue *[]int32) (must uint32, changed, ok bool) {
	if len(r.cells) > 9 || s.guesses == 0 || s.q.noCache {
		// Before the first guess no cells come back: the cache would cost more
		// than it saves.
		return s.cageSupport(cs, r, rem, placed, queue)
	}
	if s.supports == nil {
		s.supports = make([]supportEntry, supportCacheSize)
	}
	var key [9]uint32
	h := uint64(i)*0x9e3779b97f4a7c15 + 1
	for j, c := range r.cells {
		key[j] = cs[c]
		h = (h ^ uint64(key[j])) * 0x100000001b3
	}
	e := &s.supports[(h^h>>29)&(supportCacheSize-1)]
	if e.used && e.rule == int32(i) && e.key == key {
		if !e.ok {
			return 0, false, false
		}
		for j, c := range r.cells {
			if v := e.out[j]; v != cs[c] {
				cs[c] = v
				changed = true
				if v&(v-1) == 0 {
					*queue = append(*queue, c)
				}
			}
		}
		return e.must, changed, true
	}
	must, changed, ok = s.cageSupport(cs, r, rem, placed, queue)
	e.used, e.rule, e.key, e.ok, e.must = true, int32(i), key, ok, must
	for j, c := range r.cells {
		e.out[j] = cs[c]
	}
	return must, changed, ok
}
