package techniques

import (
	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idSimpleColorsTrap = "simple-colors-trap"
	idSimpleColorsWrap = "simple-colors-wrap"
	idMultiColors1     = "multi-colors-1"
	idMultiColors2     = "multi-colors-2"
)

// SimpleColorsTrap removes a digit from the cells that see both colours of one
// cluster of conjugate pairs.
var SimpleColorsTrap = Technique{
	ID: idSimpleColorsTrap,
	// Sudoku Explainer has no colouring; it rates the same reasoning as an X-cycle (6.5
	// and up). 4.5 keeps colouring after the short single-digit chains it generalises and
	// before the wings, as HoDoKu's order does.
	Difficulty: 4.5,
	Score:      150,
	Codes:      []string{"0500"},
	Doc: `Simple Colors Trap

Colour one digit's conjugate pairs (houses where it has exactly two places): give the
two cells of a pair opposite colours and carry on through every pair that shares a cell.
In the cluster so coloured, one colour holds the digit everywhere and the other
nowhere. A cell outside that sees a cell of each colour sees the digit either way, so
it loses the digit. A cluster of a single pair is left out: it only repeats locked
candidates.`,
	Find: simpleColors(idSimpleColorsTrap, colourTrap),
}

// SimpleColorsWrap removes a digit from every cell of a colour two of whose cells see
// each other.
var SimpleColorsWrap = Technique{
	ID:         idSimpleColorsWrap,
	Difficulty: 4.5,
	Score:      150,
	Codes:      []string{"0501"},
	Doc: `Simple Colors Wrap

Colour one digit's conjugate pairs as for the trap. If two cells of the same colour see
each other, that colour cannot hold the digit (it would stand twice in one house), so
every cell of that colour loses it, and the other colour holds it.`,
	Find: simpleColors(idSimpleColorsWrap, colourWrap),
}

// MultiColors1 removes a digit from the cells that see the opposite colours of two
// clusters one of whose colours see each other.
var MultiColors1 = Technique{
	ID: idMultiColors1,
	// After simple colours, as in HoDoKu, which scores it higher (200 against 150).
	Difficulty: 4.6,
	Score:      200,
	Codes:      []string{"0502"},
	Doc: `Multi Colors 1

Colour one digit's conjugate pairs cluster by cluster, two colours each. When a cell of
colour A (of one cluster) sees a cell of colour B (of another), A and B are not both
true, so the opposite of A or the opposite of B holds the digit: a cell that sees both
opposites loses it.`,
	Find: multiColors(idMultiColors1, multiBridge),
}

// MultiColors2 removes a digit from every cell of a colour that sees both colours of
// another cluster.
var MultiColors2 = Technique{
	ID:         idMultiColors2,
	Difficulty: 4.6,
	Score:      200,
	Codes:      []string{"0503"},
	Doc: `Multi Colors 2

Colour one digit's conjugate pairs cluster by cluster, two colours each. When cells of
one colour see both colours of another cluster, that colour cannot be true, since one
of the two colours it sees holds the digit: every cell of that colour loses it.`,
	Find: multiColors(idMultiColors2, multiSeesBoth),
}

// colourCluster is one connected set of conjugate pairs of a digit, in two colours:
// either every cell of cells[0] holds the digit and none of cells[1], or the other way
// round. seen[i] are the cells that see some cell of colour i.
type colourCluster struct {
	cells [2]board.CellSet
	seen  [2]board.CellSet
}

// colourClusters appends the clusters of d to dst, in the order of their first
// conjugate pair, and returns the extended slice. Colour 0 is the colour of the
// cluster's smallest cell, so the colours do not depend on where the search began.
// A cluster with an odd loop of pairs (only on a board with no solution) keeps the
// first colour each cell got.
func colourClusters(dst []colourCluster, b *board.Board, d board.Digit) []colourCluster {
	l := b.Layout()
	var buf [3 * board.MaxSize]pairLink
	links := pairLinks(buf[:0], b, d)
	var done board.CellSet
	var stackBuf [32]board.Cell // a small start; append grows it for a large cluster
	for _, start := range links {
		if done.Has(start.a) {
			continue
		}
		var cl colourCluster
		cl.cells[0].Add(start.a)
		done.Add(start.a)
		stack := append(stackBuf[:0], start.a)
		least, leastColour := start.a, 0
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			colour := 0
			if cl.cells[1].Has(x) {
				colour = 1
			}
			if x < least {
				least, leastColour = x, colour
			}
			cl.seen[colour] = cl.seen[colour].Or(l.PeerSet(x))
			for _, lk := range links {
				y := lk.a
				switch x {
				case lk.a:
					y = lk.b
				case lk.b:
				default:
					continue
				}
				if !done.Has(y) {
					done.Add(y)
					cl.cells[1-colour].Add(y)
					stack = append(stack, y)
				}
			}
		}
		if leastColour == 1 {
			cl.cells[0], cl.cells[1] = cl.cells[1], cl.cells[0]
			cl.seen[0], cl.seen[1] = cl.seen[1], cl.seen[0]
		}
		dst = append(dst, cl)
	}
	return dst
}

// clustersOf returns the clusters of digit d on the pass's state, made or kept from
// an earlier technique on that state: the four colouring techniques are tried one
// after another on one state, each on the digits its memo does not hold quiet. They
// are shared: read them, never change them.
func clustersOf(p *Pass, d board.Digit) []colourCluster {
	b := p.Board()
	m := &p.st.res.colourings
	if m.built == nil {
		n := b.Layout().N()
		m.built, m.clusters = make([]bool, n), make([][]colourCluster, n)
	}
	if !m.built[d-1] {
		m.clusters[d-1], m.built[d-1] = colourClusters(nil, b, d), true
	}
	return m.clusters[d-1]
}

// colourMemo holds the clusters of the digits built on one state.
type colourMemo struct {
	built    []bool
	clusters [][]colourCluster
}

// digitCells returns the cells that have d as a candidate.
func digitCells(b *board.Board, d board.Digit) board.CellSet {
	l := b.Layout()
	var s board.CellSet
	for r := range l.N() {
		h := l.RowHouse(r)
		cells := l.HouseCells(h)
		for p := b.Positions(h, d); p != 0; p &= p - 1 {
			s.Add(cells[p.First()])
		}
	}
	return s
}

// colourRule says what one cluster removes (among cands, the cells with the digit)
// and which colour the step names first.
type colourRule func(cl *colourCluster, cands board.CellSet) (removed board.CellSet, first int)

// colourTrap removes the digit from every cell that sees both colours. A cluster of
// one pair is skipped: what sees both its cells is the rest of a box or line they
// share, which locked candidates already clear.
func colourTrap(cl *colourCluster, cands board.CellSet) (board.CellSet, int) {
	if cl.cells[0].Count()+cl.cells[1].Count() < 3 {
		return board.CellSet{}, 0
	}
	return cl.seen[0].And(cl.seen[1]).And(cands), 0
}

// colourWrap removes a colour two of whose cells see each other; it comes first.
func colourWrap(cl *colourCluster, cands board.CellSet) (board.CellSet, int) {
	var removed board.CellSet
	first := -1
	for i := range cl.cells {
		if !cl.cells[i].And(cl.seen[i]).Empty() {
			removed = removed.Or(cl.cells[i])
			if first < 0 {
				first = i
			}
		}
	}
	return removed, max(first, 0)
}

// simpleColors is the finder of the simple-colours techniques: rule applied to each
// cluster of each digit.
func simpleColors(id string, rule colourRule) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		q := p.st.sc.digitQuietOf(id, b)
		for d := board.Digit(1); int(d) <= b.Layout().N(); d++ {
			if q.skip(b, d) {
				continue
			}
			clusters := clustersOf(p, d)
			found := false
			cands := digitCells(b, d)
			for i := range clusters {
				cl := &clusters[i]
				removed, first := rule(cl, cands)
				if removed.Empty() {
					continue
				}
				found = true
				s := colourStep(id, d, removed, cl.cells[first], cl.cells[1-first])
				if !report(s) {
					return
				}
			}
			q.done(b, d, found)
		}
	}
}

// colourStep returns a colouring step on digit d removing it from removed, with the
// colour classes as the pattern's sets, in the given order.
func colourStep(id string, d board.Digit, removed board.CellSet, colours ...board.CellSet) explain.Step {
	ds := board.DigitsOf(d)
	s := explain.Step{Technique: id, Pattern: explain.Pattern{Digits: ds}}
	for _, c := range removed.Cells() {
		s.Eliminations = append(s.Eliminations, board.Candidate{Cell: c, Digit: d})
	}
	for _, cs := range colours {
		s.Pattern.Sets = append(s.Pattern.Sets, explain.Group{Cells: cs.Cells(), Digits: ds})
	}
	return s
}

// multiRule says what two clusters x and y remove together (among cands), and which
// colour of each the step names first (the colours that make the step).
type multiRule struct {
	removes func(x, y *colourCluster, cands board.CellSet) (removed board.CellSet, xFirst, yFirst int)
	// symmetric rules remove the same for (x, y) as for (y, x): each pair is asked once.
	symmetric bool
}

var (
	multiBridge   = multiRule{removes: bridgeRemoves, symmetric: true}
	multiSeesBoth = multiRule{removes: seesBothRemoves}
)

// bridgeRemoves: when colour i of x sees colour j of y, one of the two opposite colours
// holds the digit, and a cell that sees both opposites loses it.
func bridgeRemoves(x, y *colourCluster, cands board.CellSet) (board.CellSet, int, int) {
	var removed board.CellSet
	xFirst, yFirst := -1, -1
	for i := range 2 {
		for j := range 2 {
			if x.cells[i].And(y.seen[j]).Empty() {
				continue
			}
			removed = removed.Or(x.seen[1-i].And(y.seen[1-j]).And(cands))
			if xFirst < 0 {
				xFirst, yFirst = i, j
			}
		}
	}
	return removed, max(xFirst, 0), max(yFirst, 0)
}

// seesBothRemoves: when colour i of x has cells that see both colours of y, colour i
// is false everywhere.
func seesBothRemoves(x, y *colourCluster, _ board.CellSet) (board.CellSet, int, int) {
	var removed board.CellSet
	first := -1
	for i := range 2 {
		if !x.cells[i].And(y.seen[0]).Empty() && !x.cells[i].And(y.seen[1]).Empty() {
			removed = removed.Or(x.cells[i])
			if first < 0 {
				first = i
			}
		}
	}
	return removed, max(first, 0), 0
}

// multiColors is the finder of the multi-colours techniques: rule applied to each pair
// of clusters of each digit.
func multiColors(id string, rule multiRule) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		q := p.st.sc.digitQuietOf(id, b)
		for d := board.Digit(1); int(d) <= b.Layout().N(); d++ {
			if q.skip(b, d) {
				continue
			}
			clusters := clustersOf(p, d)
			found := false
			cands := digitCells(b, d)
			for i := range clusters {
				for j := range clusters {
					if i == j || rule.symmetric && j < i {
						continue
					}
					x, y := &clusters[i], &clusters[j]
					removed, xf, yf := rule.removes(x, y, cands)
					if removed.Empty() {
						continue
					}
					found = true
					s := colourStep(id, d, removed, x.cells[xf], x.cells[1-xf], y.cells[yf], y.cells[1-yf])
					if !report(s) {
						return
					}
				}
			}
			q.done(b, d, found)
		}
	}
}
