package fallback

import (
	"math/bits"
	"sync"

	"github.com/stepdoku/stepdoku/board"
)

// Killer cages in the general search. Cage-mates are peers, so singles already keep
// a digit from repeating in a cage; what the sums add is done here, each time the
// singles stall: for each cage, the digits placed in it and the sum left for its
// open cells. On grids of up to 9 digits the open cells must take one of the
// combinations of that many distinct digits making that sum (from a table built
// once) that avoids the placed digits, uses only their candidates and gives each
// open cell one of its candidates; every candidate outside all such combinations
// goes, and a digit that every such combination holds and only one open cell can
// take is placed there (or, when several can, leaves the cells that see them all).
// On larger grids, where the table would be too large, each candidate d stays only
// while the other open cells can still make the rest of the sum: the smallest and
// the largest sums of that many distinct other digits among their candidates
// bracket it. The same holds for the virtual cages the rule of 45 gives (sumRules);
// those whose cells may repeat a digit (they span houses) are held by the sum of
// their cells' smallest and largest candidates alone.

// maxLoose is the most cells a sum rule that is not distinct may have: its bounds
// rarely bind on more, and on the big-cage killers the larger rules cost a third of
// the search's time for as good as no smaller tree (measured: the same guesses
// within 1%, nodes three times quicker without them; with 5 the trees grow 2-3x).
const maxLoose = 9

// sumRules returns what the cages of l make the search check: each cage, and the
// sums the rule of 45 gives. A house holds 1+2+...+N, and k rows (or columns) side by
// side k times that; take away the cages wholly inside such a group and the other
// cells of the group (the innies) hold what is left; when every cell of the group
// is in some cage, the cells that the cages crossing its edge have outside it (the
// outies) hold those cages' sums less what the group's cells in them hold. The
// groups are every house and every run of 2 to N-1 adjacent rows or columns. A
// rule is distinct when it is a cage or its cells share a house. A set of cells two
// groups give is checked once, a group's innies that are all its cells say nothing
// new, and a rule that is not distinct is kept only up to maxLoose cells.
func sumRules(l *board.Layout, houses [][]int32) []sumRule {
	n := l.N()
	total := n * (n + 1) / 2
	var rules []sumRule
	seen := map[board.CellSet]bool{}
	add := func(set board.CellSet, sum int, cage bool) {
		k := set.Count()
		if k == 0 || !cage && k > max(n, maxLoose) || seen[set] {
			return // more than n cells share no house: a loose rule, too big to keep
		}
		seen[set] = true
		r := sumRule{sum: sum, distinct: cage}
		for h := range board.House(l.Houses()) {
			if r.distinct || k > n {
				break
			}
			r.distinct = set.AndNot(l.HouseSet(h)).Empty()
		}
		if !r.distinct && k > maxLoose {
			return
		}
		r.cells = make([]int32, 0, k)
		for _, c := range set.Cells() {
			r.cells = append(r.cells, int32(c))
		}
		rules = append(rules, r)
	}
	cages := l.Cages()
	for _, cg := range cages {
		add(cg.Set(), cg.Sum, true)
	}
	var groups []board.CellSet
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
	for _, g := range groups {
		k := g.Count() / n
		inner, crossing := total*k, 0
		innies, outies, caged := g, board.CellSet{}, board.CellSet{}
		for _, cg := range cages {
			set := cg.Set()
			switch {
			case set.AndNot(g).Empty():
				inner -= cg.Sum
				innies = innies.AndNot(set)
				caged = caged.Or(set)
			case !set.And(g).Empty():
				crossing += cg.Sum
				outies = outies.Or(set.AndNot(g))
				caged = caged.Or(set)
			}
		}
		if innies != g {
			add(innies, inner, false)
		}
		if g.AndNot(caged).Empty() {
			// The crossing cages hold the innies and the outies.
			add(outies, crossing-inner, false)
		}
	}
	return rules
}

// sumRule says that the digits of cells add up to sum; distinct when no digit may
// repeat among them (a cage, or cells of one house).
type sumRule struct {
	cells    []int32
	sum      int
	distinct bool
}

// comboTable lists, for k cells and a sum s, the sets of k distinct digits 1-9
// adding to s, as digit masks: combos[k][s].
type comboTable [10][46][]uint32

// combos returns the table of combinations, built on first use and never changed.
var combos = sync.OnceValue(func() *comboTable {
	t := new(comboTable)
	for m := uint32(0); m < 1<<9; m++ {
		t[bits.OnesCount32(m)][maskSum(m)] = append(t[bits.OnesCount32(m)][maskSum(m)], m)
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
					s.dirty[i] = true
				}
			}
		}
	} else {
		for i := range s.dirty {
			s.dirty[i] = true
		}
		s.fresh = true
	}
	copy(s.snap, cs)
	for i := range s.rules {
		if !s.dirty[i] {
			continue
		}
		s.dirty[i] = false
		r := &s.rules[i]
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
			continue
		}
		if rem < lo || rem > hi {
			return changed, false
		}
		if !r.distinct {
			if hi-rem >= span && rem-lo >= span {
				continue // no cell's range reaches past what the others leave it
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
				keep := digitRange(least, most)
				if v&^keep == 0 {
					continue
				}
				v &= keep
				cs[c] = v
				changed = true
				if v == 0 {
					return changed, false
				}
				if v&(v-1) == 0 {
					*queue = append(*queue, c)
				}
			}
			continue
		}
		var allowed, must uint32
		if s.combos != nil {
			allowed, must = s.cageCombos(cs, r, open, rem, placed, union)
		} else {
			allowed = cageBounds(open, rem, union&^placed)
		}
		if allowed == 0 {
			return changed, false
		}
		for _, c := range r.cells {
			v := cs[c]
			if v&fixedBit != 0 || v&^allowed == 0 {
				continue
			}
			v &= allowed
			cs[c] = v
			changed = true
			if v == 0 {
				return changed, false
			}
			if v&(v-1) == 0 {
				*queue = append(*queue, c)
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
		if open < 2 || rem < 0 || rem >= len(s.combos[open]) {
			continue
		}
		k := 0
	next:
		for _, m := range s.combos[open][rem] {
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
	for _, m := range s.combos[open][rem] {
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
	var owner [32]int32 // by digit: its cage in the house so far, -2 none yet, -1 several
	for _, h := range s.houses {
		for d := range owner[:len(h)] {
			owner[d] = -2
		}
		for _, c := range h {
			v := cs[c]
			if v&fixedBit != 0 {
				continue
			}
			k := s.cageOf[c]
			for ; v != 0; v &= v - 1 {
				d := bits.TrailingZeros32(v)
				switch owner[d] {
				case -2:
					owner[d] = k
				case k:
				default:
					owner[d] = -1
				}
			}
		}
		for d, k := range owner[:len(h)] {
			if k < 0 {
				continue
			}
			bit := uint32(1) << d
			for _, c := range s.cageCells[k] {
				if s.inHouse(c, h) {
					continue
				}
				removed, ok := strip(cs, c, bit, queue)
				changed = changed || removed
				if !ok {
					return changed, false
				}
			}
		}
	}
	return changed, true
}

// inHouse reports whether c is one of h's cells.
func (s *general) inHouse(c int32, h []int32) bool {
	for _, x := range h {
		if x == c {
			return true
		}
	}
	return false
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

// cageCombos returns the union and the intersection of the combinations the open
// cells of cg can still take: open digits adding to rem, none of placed, all
// among union, and each open cell holding a candidate among them.
func (s *general) cageCombos(cs []uint32, cg *sumRule, open, rem int, placed, union uint32) (allowed, must uint32) {
	if rem < 0 || rem >= len(s.combos[open]) {
		return 0, 0
	}
	must = ^uint32(0)
next:
	for _, m := range s.combos[open][rem] {
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
