package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idXYWing     = "xy-wing"
	idXYZWing    = "xyz-wing"
	idWXYZWing   = "wxyz-wing"
	idWWing      = "w-wing"
	idRemotePair = "remote-pair"
)

// Difficulties on the Sudoku Explainer scale: XY-Wing 4.2 and XYZ-Wing 4.4 are
// Explainer's own ratings; W-Wing sits with XYZ-Wing (4.4) as HoDoKu scores them
// alike; WXYZ-Wing, one cell more than XYZ-Wing, 4.6. Explainer has no remote pair
// (it rates it as the XY-chain it is); 4.5 puts the shortest, four-cell pair just above
// the three-cell wings, which it resembles. Scores are HoDoKu's (WXYZ-Wing has none
// there; 200 places it above XYZ-Wing's 180). HoDoKu's code list names WXYZ-Wing 0802,
// though its library holds no case of it: fixtures test it.

// XYWing is the three bivalue cells {x,y}, {x,z}, {y,z}: the pivot sees both pincers,
// so one pincer is z and every cell that sees both loses z.
//
// Pattern: Cells are the pivot then the two pincers; Digits are x, y and z.
var XYWing = Technique{
	ID:         idXYWing,
	Difficulty: 4.2,
	Score:      160,
	Codes:      []string{"0800"},
	Doc: `XY-Wing

A pivot cell with two candidates x and y sees two pincer cells, one with x and z,
the other with y and z. Whatever the pivot holds, one pincer is left with z: if the
pivot is x, the xz pincer is z; if it is y, the yz pincer is. So z can go in no cell
that sees both pincers.`,
	Find: bentWings(idXYWing, wingShape{size: 3, maxCands: 2}),
}

// XYZWing is an XY-Wing whose pivot also holds z: {x,y,z} with pincers {x,z} and
// {y,z}; z goes from the cells that see all three.
//
// Pattern: Cells are the pivot then the two pincers; Digits are x, y and z.
var XYZWing = Technique{
	ID:         idXYZWing,
	Difficulty: 4.4,
	Score:      180,
	Codes:      []string{"0801"},
	Doc: `XYZ-Wing

A pivot cell with three candidates x, y and z sees two pincer cells, one with x and
z, the other with y and z. The three cells hold three digits between them, and x and
y can each be used only once (the cells that have them see each other), so z is in
one of the three cells. A cell that sees all three cannot be z.`,
	Find: bentWings(idXYZWing, wingShape{size: 3, maxCands: 3, needFull: true}),
}

// WXYZWing is four cells that hold four digits between them, of which only one, z,
// sits in cells that do not all see each other: z is in one of its wing cells, and
// leaves the cells that see them all.
//
// Pattern: Cells are the pivot (the cell that sees most of the others) then the other
// three in grid order; Digits are the four digits.
var WXYZWing = Technique{
	ID:         idWXYZWing,
	Difficulty: 4.6,
	Score:      200,
	Codes:      []string{"0802"},
	Doc: `WXYZ-Wing

Four cells hold only four digits between them. Every digit but one, z, is restricted:
the cells that have it all see each other, so it can be used at most once in the
four cells. Without z, four cells would need four different digits from only three,
so one of the cells that have z is z, and z can go in no cell that sees all of them.
The usual shape is a pivot with up to four candidates and three pincers, each holding
z and one other digit.`,
	Find:  bentWings(idWXYZWing, wingShape{size: 4, maxCands: 4}),
	alone: true,
}

// wingShape tells the bent-set wings apart: the number of cells, the most candidates
// a cell may have, and whether some cell must have as many candidates as the wing has
// cells (an XYZ-Wing needs its three-candidate pivot; without it, it is an XY-Wing).
type wingShape struct {
	size     int
	maxCands int
	needFull bool
}

// bentWings finds the wings of one shape: size cells with size digits between them,
// exactly one of which (z) is in cells that do not all see each other. Every digit
// must be in two cells at least; a digit in a single cell would mean a smaller wing
// with the same eliminations does the work.
//
// A wing's cells are connected by sight (a wing in two parts holds a smaller one that
// does the same work), so the search grows connected sets only (Wernicke's ESU: each
// set once, from its first cell in grid order), and drops a cell as soon as the set
// would have more digits than the wing has cells, or two digits each in cells that do
// not see each other.
func bentWings(id string, shape wingShape) Finder {
	return func(p *Pass) {
		b := p.Board()
		l := b.Layout()
		// A wing's conditions read only its cells' candidates, and what it removes is
		// there on any earlier state of the solve: a wing that the last state where this
		// shape found nothing lacked has a cell that lost candidates since.
		sc := &p.st.sc
		if m := sc.chainMissOf(id); m != nil && !m.newCellIn(b, 2, shape.maxCands) {
			return
		}
		report, finish := sc.watchMiss(p, id, b, nil)
		defer finish()
		// The pool: cells with 2..maxCands candidates, by index. Sets of pool cells are
		// bitmasks of w words; adj holds, per pool cell, the pool cells that see it.
		ws := &sc.wings
		pool := ws.pool[:0]
		ws.index = roomFor(ws.index, l.Cells())[:l.Cells()]
		index := ws.index
		defer func() { ws.pool = pool }()
		for c := range board.Cell(l.Cells()) {
			index[c] = -1
			if n := b.Candidates(c).Count(); n >= 2 && n <= shape.maxCands {
				index[c] = len(pool)
				pool = append(pool, c)
			}
		}
		if len(pool) < shape.size {
			return
		}
		w := (len(pool) + 63) / 64
		ws.adj = grown(ws.adj, len(pool)*w)
		adj := ws.adj
		for i, c := range pool {
			for _, n := range l.Peers(c) {
				if j := index[n]; j >= 0 {
					adj[i*w+j/64] |= 1 << (j % 64)
				}
			}
		}
		sees := func(i, j int) bool { return adj[i*w+j/64]&(1<<(j%64)) != 0 }
		// has[d] holds the pool cells with candidate d; once a set has all its digits,
		// only cells without any other digit can join it (outside gets those out).
		ws.has = grown(ws.has, (l.N()+1)*w)
		has := ws.has
		for i, c := range pool {
			for s := b.Candidates(c); s != 0; s &= s - 1 {
				has[int(s.First())*w+i/64] |= 1 << (i % 64)
			}
		}
		// Per depth k: ext[k] the extension and near[k] the cells in or next to the set
		// of k cells; above the cells after the set's first. All in the solve's
		// scratch: made anew for each shape on each state, they were a tenth of a
		// 16x16 walk's allocations.
		ws.words = grown(ws.words, (2*(shape.size+1)+2)*w)
		words := ws.words
		outside, above := words[:w], words[w:2*w]
		ws.ext, ws.near = roomFor(ws.ext, shape.size+1)[:shape.size+1], roomFor(ws.near, shape.size+1)[:shape.size+1]
		ext, near := ws.ext, ws.near
		for k := range ext {
			at := (2 + 2*k) * w
			ext[k], near[k] = words[at:at+w:at+w], words[at+w:at+2*w:at+2*w]
		}
		ws.set = roomFor(ws.set, shape.size)
		set := ws.set
		ws.cells = roomFor(ws.cells, shape.size)[:shape.size]
		cells := ws.cells
		var grow func(union, loose board.DigitSet) bool
		grow = func(union, loose board.DigitSet) bool {
			k := len(set)
			if k == shape.size {
				for i, p := range set {
					cells[i] = pool[p]
				}
				return checkWing(b, id, shape, cells, union, report)
			}
			cur, nr := ext[k], near[k]
			for word := 0; word < w; word++ {
				for cur[word] != 0 {
					// Take the lowest cell out of the extension (Wernicke's ESU: every
					// connected set once, grown from its first cell).
					j := word*64 + bits.TrailingZeros64(cur[word])
					cur[word] &= cur[word] - 1
					// The set's digits, and its loose digits (in two cells that do not
					// see each other), only grow: a cell that breaks the limits (no more
					// digits than cells, one loose digit) breaks them for good.
					cj := b.Candidates(pool[j])
					u := union | cj
					if u.Count() > shape.size {
						continue
					}
					lo := loose
					for _, i := range set {
						if !sees(i, j) {
							lo |= b.Candidates(pool[i]) & cj
						}
					}
					if lo.Count() > 1 {
						continue
					}
					nx, nn := ext[k+1], near[k+1]
					for x := range w {
						a := adj[j*w+x]
						nx[x] = cur[x] | a&^nr[x]&above[x]
						nn[x] = nr[x] | a
					}
					if u.Count() == shape.size && k+1 < shape.size {
						clear(outside)
						for rest := l.AllDigits() &^ u; rest != 0; rest &= rest - 1 {
							d := int(rest.First())
							for x := range w {
								outside[x] |= has[d*w+x]
							}
						}
						for x := range w {
							nx[x] &^= outside[x]
						}
					}
					set = append(set, j)
					ok := grow(u, lo)
					set = set[:k]
					if !ok {
						return false
					}
				}
			}
			return true
		}
		for v := range pool {
			for x := range w {
				above[x] = 0
				if x > v/64 {
					above[x] = ^uint64(0)
				}
			}
			above[v/64] = ^uint64(0) << (v % 64) << 1
			for x := range w {
				ext[1][x] = adj[v*w+x] & above[x]
				near[1][x] = adj[v*w+x]
			}
			near[1][v/64] |= 1 << (v % 64)
			set = append(set[:0], v)
			if !grow(b.Candidates(pool[v]), 0) {
				return
			}
		}
	}
}

// wingScratch holds bentWings' tables, kept by the solve from call to call.
type wingScratch struct {
	pool       []board.Cell
	index, set []int
	adj, has   []uint64
	words      []uint64 // outside, above, then ext and near per depth
	ext, near  [][]uint64
	cells      []board.Cell
}

// checkWing reports the wing on cells if it is one; it returns false when report
// asked to stop.
func checkWing(b *board.Board, id string, shape wingShape, cells []board.Cell, union board.DigitSet, report func(explain.Step) bool) bool {
	if union.Count() != shape.size {
		return true
	}
	l := b.Layout()
	if shape.needFull {
		full := false
		for _, c := range cells {
			if b.Candidates(c).Count() == shape.size {
				full = true
			}
		}
		if !full {
			return true
		}
	}
	var z board.Digit
	for s := union; s != 0; s &= s - 1 {
		d := s.First()
		n, restricted := 0, true
		for i, c := range cells {
			if !b.Has(c, d) {
				continue
			}
			n++
			for _, o := range cells[i+1:] {
				if b.Has(o, d) && !l.Sees(c, o) {
					restricted = false
				}
			}
		}
		if n < 2 {
			return true
		}
		if !restricted {
			if z != 0 {
				return true // two unrestricted digits: no wing
			}
			z = d
		}
	}
	if z == 0 {
		return true // a locked set, not a wing
	}
	var seeAll board.CellSet
	first := true
	for _, c := range cells {
		if !b.Has(c, z) {
			continue
		}
		if first {
			seeAll, first = l.PeerSet(c), false
		} else {
			seeAll = seeAll.And(l.PeerSet(c))
		}
	}
	elims := digitElims(b, seeAll, z)
	if len(elims) == 0 {
		return true
	}
	return report(explain.Step{
		Technique:    id,
		Eliminations: elims,
		Pattern:      explain.Pattern{Digits: union, Cells: pivotFirst(l, b, cells)},
	})
}

// pivotFirst orders wing cells for the reader: the pivot (the cell that sees most of
// the others, then the one with most candidates) first, the rest in grid order.
func pivotFirst(l *board.Layout, b *board.Board, cells []board.Cell) []board.Cell {
	cells = slices.Clone(cells)
	slices.Sort(cells)
	best, bestSees, bestN := 0, -1, 0
	for i, c := range cells {
		sees := 0
		for _, o := range cells {
			if l.Sees(c, o) {
				sees++
			}
		}
		n := b.Candidates(c).Count()
		if sees > bestSees || sees == bestSees && n > bestN {
			best, bestSees, bestN = i, sees, n
		}
	}
	out := make([]board.Cell, 0, len(cells))
	out = append(out, cells[best])
	for i, c := range cells {
		if i != best {
			out = append(out, c)
		}
	}
	return out
}

// digitElims returns the eliminations of d from the cells of s that have it, in cell order.
func digitElims(b *board.Board, s board.CellSet, d board.Digit) []board.Candidate {
	var out []board.Candidate
	for _, c := range s.Cells() {
		if b.Has(c, d) {
			out = append(out, board.Candidate{Cell: c, Digit: d})
		}
	}
	return out
}

// WWing is two cells with the same two candidates x and y that do not see each other,
// joined by a strong link on x (a house where x has only two places, one seeing each
// cell): one of the two cells is y.
//
// Pattern: Cells are the two wing cells; Digits are x and y; Chains holds the strong
// link on x as one chain of two nodes (the end that sees the first wing cell first);
// Houses is the house of the strong link.
var WWing = Technique{
	ID:         idWWing,
	Difficulty: 4.4,
	Score:      150,
	Codes:      []string{"0803"},
	Doc: `W-Wing

Two cells that do not see each other both hold only x and y. Somewhere a house has
just two places for x, one seeing the first cell and the other seeing the second. If
the first cell is not y it is x, so x is not at the place it sees, so x is at the
other place, and the second cell, which sees it, is y. Either way one of the two cells
is y, and a cell that sees both cannot be y.`,
	Find: findWWings,
}

func findWWings(p *Pass) {
	b, report := p.Board(), p.Report
	l := b.Layout()
	var bivalue []board.Cell
	for c := range board.Cell(l.Cells()) {
		if b.Candidates(c).Count() == 2 {
			bivalue = append(bivalue, c)
		}
	}
	for i, c1 := range bivalue {
		pair := b.Candidates(c1)
		for _, c2 := range bivalue[i+1:] {
			if b.Candidates(c2) != pair || l.Sees(c1, c2) {
				continue
			}
			both := l.PeerSet(c1).And(l.PeerSet(c2))
			for _, x := range pair.Digits() {
				y := pair.Without(x).First()
				elims := digitElims(b, both, y)
				if len(elims) == 0 {
					continue
				}
				h, p, q, ok := strongLinkBetween(b, x, c1, c2)
				if !ok {
					continue
				}
				step := explain.Step{
					Technique:    idWWing,
					Eliminations: elims,
					Pattern: explain.Pattern{
						Digits: pair,
						Cells:  []board.Cell{c1, c2},
						Houses: []board.House{h},
						Chains: []explain.Chain{{
							Nodes: []explain.Node{
								{Cells: []board.Cell{p}, Digits: board.DigitsOf(x)},
								{Cells: []board.Cell{q}, Digits: board.DigitsOf(x)},
							},
							Links: []explain.LinkKind{explain.Strong},
						}},
					},
				}
				if !report(step) {
					return
				}
			}
		}
	}
}

// strongLinkBetween finds the first house (in house order) where x has exactly two
// places, p seeing c1 and q seeing c2. One link is enough: others would justify the
// same eliminations.
func strongLinkBetween(b *board.Board, x board.Digit, c1, c2 board.Cell) (board.House, board.Cell, board.Cell, bool) {
	l := b.Layout()
	for h := range board.House(l.Houses()) {
		pos := b.Positions(h, x)
		if pos.Count() != 2 {
			continue
		}
		hc := l.HouseCells(h)
		p := hc[pos.First()]
		q := hc[(pos & (pos - 1)).First()]
		switch {
		case l.Sees(p, c1) && l.Sees(q, c2):
			return h, p, q, true
		case l.Sees(q, c1) && l.Sees(p, c2):
			return h, q, p, true
		}
	}
	return 0, 0, 0, false
}

// RemotePair is a chain of four or more bivalue cells with the same two digits, each
// seeing the next: the cells alternate between the two digits, so two cells an odd
// number of steps apart hold one each.
//
// Pattern: Cells are the chain in order; Digits are the pair.
var RemotePair = Technique{
	ID:         idRemotePair,
	Difficulty: 4.5,
	Score:      110,
	Codes:      []string{"0703"},
	Doc: `Remote Pair

Cells that all hold only the same two digits x and y form a chain, each seeing the
next. Neighbours in the chain cannot be equal, so the values alternate along it:
cells an odd number of steps apart hold x and y between them. Any other cell that
sees two such cells, three or more steps apart, can hold neither digit. (One step
apart is a naked pair.)`,
	Find: findRemotePairs,
}

// remotePairBudget caps the chain extensions tried per group of same-pair cells: big,
// densely connected groups are rare, and their longer chains add nothing the shorter
// ones found first have not.
const remotePairBudget = 1 << 14

func findRemotePairs(p *Pass) {
	b, report := p.Board(), p.Report
	l := b.Layout()
	groups := map[board.DigitSet][]board.Cell{}
	var order []board.DigitSet
	for c := range board.Cell(l.Cells()) {
		s := b.Candidates(c)
		if s.Count() != 2 {
			continue
		}
		if _, ok := groups[s]; !ok {
			order = append(order, s)
		}
		groups[s] = append(groups[s], c)
	}
	for _, pair := range order {
		cells := groups[pair]
		if len(cells) < 4 {
			continue
		}
		if !remotePairsOf(b, pair, cells, report) {
			return
		}
	}
}

// remotePairsOf reports the remote pairs among cells (all bivalue with pair), shortest
// chains first; a chain whose eliminations an earlier chain already made is skipped.
func remotePairsOf(b *board.Board, pair board.DigitSet, cells []board.Cell, report func(explain.Step) bool) bool {
	l := b.Layout()
	seen := map[string]bool{}
	path := make([]board.Cell, 0, len(cells))
	var on board.CellSet
	budget := remotePairBudget
	stop := false
	var extend func(length int)
	extend = func(length int) {
		if stop || budget <= 0 {
			return
		}
		budget--
		if len(path) == length {
			elims := remotePairEliminations(b, pair, path, on)
			if len(elims) == 0 {
				return
			}
			key := elimKey(elims)
			if seen[key] {
				return
			}
			seen[key] = true
			step := explain.Step{
				Technique:    idRemotePair,
				Eliminations: elims,
				Pattern:      explain.Pattern{Digits: pair, Cells: append([]board.Cell(nil), path...)},
			}
			if !report(step) {
				stop = true
			}
			return
		}
		last := path[len(path)-1]
		for _, c := range cells {
			if on.Has(c) || !l.Sees(last, c) {
				continue
			}
			path = append(path, c)
			on.Add(c)
			extend(length)
			on.Remove(c)
			path = path[:len(path)-1]
			if stop {
				return
			}
		}
	}
	for length := 4; length <= len(cells); length += 2 {
		for _, start := range cells {
			path = append(path[:0], start)
			on = board.CellsOf(start)
			extend(length)
			if stop {
				return false
			}
		}
	}
	return true
}

// remotePairEliminations returns what a chain eliminates: both digits from every other
// cell that sees two chain cells an odd number (three or more) of steps apart.
func remotePairEliminations(b *board.Board, pair board.DigitSet, path []board.Cell, on board.CellSet) []board.Candidate {
	l := b.Layout()
	var hit board.CellSet
	for i := range path {
		for j := i + 3; j < len(path); j += 2 {
			hit = hit.Or(l.PeerSet(path[i]).And(l.PeerSet(path[j])))
		}
	}
	hit = hit.AndNot(on)
	var out []board.Candidate
	for _, c := range hit.Cells() {
		for s := b.Candidates(c) & pair; s != 0; s &= s - 1 {
			out = append(out, board.Candidate{Cell: c, Digit: s.First()})
		}
	}
	return out
}

// elimKey is a map key for a sorted list of candidates.
func elimKey(cs []board.Candidate) string {
	k := make([]byte, 0, 3*len(cs))
	for _, c := range cs {
		k = append(k, byte(c.Cell>>8), byte(c.Cell), byte(c.Digit))
	}
	return string(k)
}
