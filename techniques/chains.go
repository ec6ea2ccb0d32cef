package techniques

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idXChain                 = "x-chain"
	idXYChain                = "xy-chain"
	idContinuousNiceLoop     = "continuous-nice-loop"
	idDiscontinuousNiceLoop  = "discontinuous-nice-loop"
	idAIC                    = "aic"
	idGroupedContinuousLoop  = "grouped-continuous-nice-loop"
	idGroupedDiscontinuous   = "grouped-discontinuous-nice-loop"
	idGroupedAIC             = "grouped-aic"
	idALSContinuousLoop      = "als-continuous-nice-loop"
	idALSDiscontinuous       = "als-discontinuous-nice-loop"
	idALSAIC                 = "als-aic"
	chainMaxLinks            = 20 // HoDoKu's library has XY-chains of 19 links
	chainDifficultySingle    = 6.6
	chainDifficultyNiceLoop  = 7.0
	chainDifficultyGrouped   = 7.3
	chainDifficultyALS       = 7.4 // Sudoku Explainer has no chain through a set: just above the grouped ones
	chainScoreSingleDigitish = 260
)

// XChain is the chain of one digit: strong links (the digit's only two places in a
// house) joined by weak links; either end holds the digit, so cells seeing both lose it.
var XChain = Technique{
	ID:         idXChain,
	Difficulty: chainDifficultySingle,
	Score:      chainScoreSingleDigitish,
	Codes:      []string{"0701"},
	Doc: `X-Chain

Follow one digit through houses where it has only two places: if it is not in the
first cell of such a pair it is in the second, and then it is not in any cell that
shares a house with that one, and so on. A chain that starts and ends with such a pair
proves that one of its two ends holds the digit, so any cell that sees both ends
cannot hold it.`,
	Find: chainFinder(xChainView),
}

// XYChain is the chain of bivalue cells: each cell's other digit is the next cell's
// digit; when both ends share a digit, cells seeing both ends lose it.
var XYChain = Technique{
	ID:         idXYChain,
	Difficulty: chainDifficultySingle,
	Score:      chainScoreSingleDigitish,
	Codes:      []string{"0702"},
	Doc: `XY-Chain

Walk through cells that have only two candidates. If the first cell is not x it is
its other digit, which the next cell (in the same house) then cannot be, so that cell is
its own other digit, and so on. When the last cell's far digit is x again, either the
first or the last cell is x, so x leaves every cell that sees both.`,
	Find: chainFinder(xyChainView),
}

// ContinuousNiceLoop is an alternating chain that closes on itself: every weak link in
// it becomes strong, so the rest of each such house or cell loses the linked digits.
var ContinuousNiceLoop = Technique{
	ID:         idContinuousNiceLoop,
	Difficulty: chainDifficultyNiceLoop,
	Score:      280,
	Codes:      []string{"0706"},
	Doc: `Continuous Nice Loop

A loop of candidates whose links alternate strong (one of the two is true) and weak (at
most one is true) all the way round. Whichever way the loop is coloured, exactly one end
of every link is true, so each weak link works like a strong one: the digit leaves the
rest of a house that joins two cells, and the other digits leave a cell that joins two
of its digits.`,
	Find: chainFinder(loopView),
}

// DiscontinuousNiceLoop is an alternating loop with one break at its start: a candidate
// that implies its own falsehood goes, one that follows from its own falsehood is placed.
var DiscontinuousNiceLoop = Technique{
	ID:         idDiscontinuousNiceLoop,
	Difficulty: chainDifficultyNiceLoop,
	Score:      280,
	Codes:      []string{"0707"},
	Doc: `Discontinuous Nice Loop

An alternating chain that returns to the cell it started from, with one break there.
If assuming a candidate true leads round the loop to that same candidate being false,
or to another digit of its cell being true, the assumption fails and the candidate goes.
If assuming it false leads round to it being true, it is the cell's digit, and the
cell's other candidates go.`,
	Find: chainFinder(brokenLoopView),
}

// AIC is the alternating inference chain between two different candidates: one of its
// ends is true, so every candidate weakly linked to both ends goes.
var AIC = Technique{
	ID:         idAIC,
	Difficulty: chainDifficultyNiceLoop,
	Score:      280,
	Codes:      []string{"0708"},
	Doc: `AIC

An alternating inference chain: links alternate strong (if one end is false the other is
true) and weak (if one end is true the other is false), starting and ending with a strong
link. If the first candidate is false the last is true, so one of the two ends is true,
and any candidate that sees both ends (the same digit in a shared house, or the other
end's digit in an end's cell) is false.`,
	Find: chainFinder(aicView),
}

// GroupedContinuousNiceLoop is the continuous nice loop that uses at least one group
// node: the places of a digit in one box-line intersection (on a variant, also where a
// diagonal or window meets another house), taken together. It uses no almost locked
// set: a loop that needs one is an ALSContinuousNiceLoop.
var GroupedContinuousNiceLoop = Technique{
	ID:         idGroupedContinuousLoop,
	Difficulty: chainDifficultyGrouped,
	Score:      300,
	Codes:      []string{"0709"},
	Doc: `Grouped Continuous Nice Loop

A continuous nice loop in which some nodes are groups: the places of a digit where a box
meets a row or column (on Sudoku-X and windoku also where a diagonal or a window meets
another house), true when the digit is in one of them. Groups link to the
rest of each house that holds them as single cells do, so loops close that single
candidates cannot.`,
	Find: chainFinder(groupedLoopView),
}

// GroupedDiscontinuousNiceLoop is the discontinuous nice loop that uses group nodes.
var GroupedDiscontinuousNiceLoop = Technique{
	ID:         idGroupedDiscontinuous,
	Difficulty: chainDifficultyGrouped,
	Score:      300,
	Codes:      []string{"0710"},
	Doc: `Grouped Discontinuous Nice Loop

A discontinuous nice loop in which some nodes are groups: the places of a digit where a
box meets a row or column (or a diagonal or window meets another house), taken together. The break at the start decides as in the plain
loop: a candidate that disproves itself goes, one that proves itself is placed.`,
	Find: chainFinder(groupedBrokenLoopView),
}

// GroupedAIC is the AIC that uses group nodes.
var GroupedAIC = Technique{
	ID:         idGroupedAIC,
	Difficulty: chainDifficultyGrouped,
	Score:      300,
	Codes:      []string{"0711"},
	Doc: `Grouped AIC

An alternating inference chain in which some nodes are groups: the places of a digit
where a box meets a row or column (or a diagonal or window meets another house), true
when the digit is in one of them. One end of
the chain is true, so whatever sees both ends goes.`,
	Find: chainFinder(groupedAICView),
}

// ALSContinuousNiceLoop is the continuous nice loop that needs an almost locked set as
// a node (and may use groups): its own ID, tried after every chain without a set, so
// that the reader knows to look for the set.
var ALSContinuousNiceLoop = Technique{
	ID:         idALSContinuousLoop,
	Difficulty: chainDifficultyALS,
	Score:      320,
	Codes:      []string{"0709"},
	Doc: `ALS Continuous Nice Loop

A continuous nice loop in which at least one node is an almost locked set: n cells that
hold n+1 digits between them. Without one of its digits the set is locked for the others,
so "the set has no x" strongly implies "the set has its y in these places". The loop
works as any continuous nice loop: every weak link turns strong, and a set on the loop
is locked for the digits it does not pass on.`,
	Find: chainFinder(alsLoopView),
}

// ALSDiscontinuousNiceLoop is the discontinuous nice loop that needs an almost locked
// set as a node.
var ALSDiscontinuousNiceLoop = Technique{
	ID:         idALSDiscontinuous,
	Difficulty: chainDifficultyALS,
	Score:      320,
	Codes:      []string{"0710"},
	Doc: `ALS Discontinuous Nice Loop

A discontinuous nice loop in which at least one node is an almost locked set: n cells
that hold n+1 digits, so that without one digit they hold all the others. The break at
the start decides as in the plain loop: a candidate that disproves itself goes, one that
proves itself is placed.`,
	Find: chainFinder(alsBrokenLoopView),
}

// ALSAIC is the AIC that needs an almost locked set as a node.
var ALSAIC = Technique{
	ID:         idALSAIC,
	Difficulty: chainDifficultyALS,
	Score:      320,
	Codes:      []string{"0711"},
	Doc: `ALS AIC

An alternating inference chain in which at least one node is an almost locked set: n
cells that hold n+1 digits, so that without one digit they hold all the others. One end
of the chain is true, so whatever sees both ends goes.`,
	Find: chainFinder(alsAICView),
}

// The views of the chain techniques, named so that tests can vary them.
var (
	xChainView = chainView{
		id:       idXChain,
		kinds:    chainLinks{houseStrong: true, houseWeak: true},
		ends:     endsOpen,
		sameEnds: true,
	}
	xyChainView = chainView{
		id:       idXYChain,
		kinds:    chainLinks{cellStrong: true, houseWeak: true, bivalueOnly: true},
		ends:     endsOpen,
		sameEnds: true,
	}
	loopView = chainView{
		id:    idContinuousNiceLoop,
		kinds: allChainLinks,
		ends:  endsContinuous,
	}
	brokenLoopView = chainView{
		id:    idDiscontinuousNiceLoop,
		kinds: allChainLinks,
		ends:  endsDiscontinuous,
	}
	aicView = chainView{
		id:    idAIC,
		kinds: allChainLinks,
		ends:  endsOpen,
		open:  true,
	}
	groupedLoopView = chainView{
		id:      idGroupedContinuousLoop,
		kinds:   groupLinks,
		ends:    endsContinuous,
		grouped: true,
		levels:  chainGroupedLevels,
	}
	groupedBrokenLoopView = chainView{
		id:      idGroupedDiscontinuous,
		kinds:   groupLinks,
		ends:    endsDiscontinuous,
		grouped: true,
		levels:  chainGroupedLevels,
	}
	groupedAICView = chainView{
		id:      idGroupedAIC,
		kinds:   groupLinks,
		ends:    endsOpen,
		open:    true,
		grouped: true,
		levels:  chainGroupedLevels,
	}
	alsLoopView = chainView{
		id:      idALSContinuousLoop,
		kinds:   allGroupedLinks,
		ends:    endsContinuous,
		grouped: true,
		levels:  chainGroupedLevels,
	}
	alsBrokenLoopView = chainView{
		id:      idALSDiscontinuous,
		kinds:   allGroupedLinks,
		ends:    endsDiscontinuous,
		grouped: true,
		levels:  chainGroupedLevels,
	}
	alsAICView = chainView{
		id:      idALSAIC,
		kinds:   allGroupedLinks,
		ends:    endsOpen,
		open:    true,
		grouped: true,
		levels:  chainGroupedLevels,
	}
)

var (
	allChainLinks = chainLinks{cellStrong: true, cellWeak: true, houseStrong: true, houseWeak: true}
	// groupLinks are the links of the grouped chains: groups, no sets.
	groupLinks      = chainLinks{cellStrong: true, cellWeak: true, houseStrong: true, houseWeak: true, groups: true}
	allGroupedLinks = chainLinks{cellStrong: true, cellWeak: true, houseStrong: true, houseWeak: true, groups: true, als: true}
)

// chainEnds says what a chain technique concludes from and how.
type chainEnds uint8

const (
	// endsOpen: a chain from a false start to a true end; what sees both ends goes.
	endsOpen chainEnds = iota + 1
	// endsContinuous: an open chain whose ends are weakly linked closes into a loop.
	endsContinuous
	// endsDiscontinuous: a chain back to its start's cell, one break there.
	endsDiscontinuous
)

// chainView is one chain technique as a view of the engine: the nodes and links it
// may use and the conclusions it draws.
type chainView struct {
	id       string
	kinds    chainLinks
	ends     chainEnds
	sameEnds bool // both ends hold the same digit (X- and XY-chains)
	open     bool // the ends must not be weakly linked (else it is a loop)
	grouped  bool // the chain must use a group node (or, for a view with set links, a set)
	maxLinks int  // 0: chainMaxLinks
	levels   []int
	// exhaustive searches from every start, without the filters of chains_reach.go:
	// the tests compare the two.
	exhaustive bool
}

// chainFound is one conclusion of the engine before it becomes a step.
type chainFound struct {
	nodes  []int32
	links  []explain.LinkKind
	loop   bool
	elims  []board.Candidate
	places []board.Candidate
	order  int
	// forced: a continuous loop through a set's forcing of a cell (forcedLoops). Of
	// two loops as long with the same conclusion, the one without is reported.
	forced bool
}

// chainGroupedLevels are the chain lengths (in links) at which the grouped finders
// report in turn: every conclusion up to 7 links is reported (shortest first) before
// any longer one. The search runs once to the longest; the levels only order.
var chainGroupedLevels = []int{7, 13, chainMaxLinks}

// chainGroupedMaxN is the largest grid on which the grouped chains and the chains
// through sets are tried. Their graphs grow steeply with the grid (a node for every
// digit of every box-line intersection and for every digit of every set, each linked
// through its houses), and a walkthrough builds and searches them on every state that
// reaches them: on the 16x16 of large_test.go some 150 states, and a third of its
// time. The forcing chains and nets after them find what they would: they cannot pay.
const chainGroupedMaxN = 9

// tried reports whether the view is tried on a grid of size n (chainGroupedMaxN).
func (v chainView) tried(n int) bool { return n <= chainGroupedMaxN || !v.kinds.groups && !v.kinds.als }

func chainFinder(view chainView) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		// A copy: the view is shared by every call of the technique, on any goroutine.
		v := view
		if v.maxLinks == 0 {
			v.maxLinks = chainMaxLinks
		}
		if !v.tried(b.Layout().N()) {
			return
		}
		// A view of one digit's links searches only from the digits whose places
		// changed since it last found nothing on them (digitQuiet): digits says which
		// (nil: every one), and a miss makes them quiet too.
		var digits []bool
		var q *digitQuiet
		if v.keepsMisses() { // every view of one digit's links is one
			sc := &p.st.sc
			if m := sc.chainMissOf(v.id); m != nil && m.covers(b) {
				return
			}
			var finish func()
			report, finish = sc.watchMiss(p, v.id, b, func() {
				for d, searched := range digits {
					if searched {
						q.done(b, board.Digit(d), false)
					}
				}
			})
			defer finish()
		}
		if v.oneDigit() {
			q = p.st.sc.digitQuietOf(v.id, b)
			digits = make([]bool, b.Layout().N()+1)
			any := false
			for d := board.Digit(1); int(d) <= b.Layout().N(); d++ {
				digits[d] = !q.skip(b, d)
				any = any || digits[d]
			}
			if !any {
				return
			}
		}
		g := p.st.chainGraph(b, v.kinds)
		if p.done() {
			return
		}
		seen := map[string]bool{}
		lo, levels := 0, v.levels
		if levels == nil {
			levels = []int{v.maxLinks}
		}
		var refuted, placed []chainRefute
		var runs *chainRuns
		switch v.ends {
		case endsDiscontinuous:
			// The candidates worth a search, made true and made false (nil: all).
			var mayRefute, mayPlace []bool
			if !v.exhaustive {
				mayRefute, mayPlace = g.refutable()
				f, ok := v.firstBrokenLoop(g, levels, mayRefute, mayPlace)
				if !ok {
					return // it searched as far as the full search: there is none
				}
				seen[chainKey(f)] = true
				if !report(g.step(v.id, f)) {
					return
				}
			}
			refuted, placed = v.refutations(g, mayRefute, mayPlace)
		case endsContinuous:
			runs = v.loopSearches(g)
		case endsOpen:
			runs = v.openSearches(g, digits)
		}
		if runs != nil {
			defer g.sc.runs.put(runs)
		}
		for _, hi := range levels {
			if p.done() {
				return
			}
			hi = min(hi, v.maxLinks)
			if hi <= lo {
				break
			}
			found := v.collect(g, runs, refuted, placed, lo, hi)
			slices.SortStableFunc(found, func(x, y chainFound) int {
				return cmp.Or(cmp.Compare(len(x.links), len(y.links)), compareBool(x.forced, y.forced), cmp.Compare(x.order, y.order))
			})
			for _, f := range found {
				key := chainKey(f)
				if seen[key] {
					continue
				}
				seen[key] = true
				if !report(g.step(v.id, f)) {
					return
				}
			}
			lo = hi
		}
	}
}

// oneDigit reports whether the view's links are those of one digit (houses, no cells,
// no groups or sets): what it finds on a digit depends on that digit's places alone.
func (v chainView) oneDigit() bool {
	k := v.kinds
	return !k.cellStrong && !k.cellWeak && !k.groups && !k.als && !v.exhaustive
}

// keepsMisses reports whether the view remembers the last state on which it found
// nothing (chainMiss): the views whose links are those of single candidates.
func (v chainView) keepsMisses() bool {
	return !v.kinds.groups && !v.kinds.als && !v.exhaustive
}

// chainMiss is the last state (its candidates, and the places of each digit in each
// house) on which a chain view of single candidates found nothing. A later state of
// the solve has only some of those candidates; its weak links (two candidates of a
// cell, or of a digit in a house) were all there then, and so were the candidates its
// conclusions remove. So a chain it has that the other had not uses a strong link the
// other had not: a cell left with two candidates, or a digit left with two places in a
// house. Without one the view finds nothing again, and the walkthrough of a large grid
// meets such a state about every other time the chains are reached (a forcing net took
// one candidate from a cell of four). Medusa keeps one too (medusaMissed), and so do
// the bent wings, which need only the candidates (newCellIn).
type chainMiss struct {
	id    string
	l     *board.Layout
	cands []board.DigitSet
	pos   []board.PosSet // house*N + digit-1
}

// chainMissOf returns the miss the view id keeps, or nil.
func (sc *scratch) chainMissOf(id string) *chainMiss {
	for i := range sc.chainMisses {
		if sc.chainMisses[i].id == id {
			return &sc.chainMisses[i]
		}
	}
	return nil
}

// watchMiss returns p.Report wrapped to see whether the finder of id reports, and the
// func it defers: that keeps b as id's miss, and calls onMiss (when not nil), when
// nothing was reported and the pass was not cancelled (a cancelled finder may have
// missed what it would have found).
func (sc *scratch) watchMiss(p *Pass, id string, b *board.Board, onMiss func()) (report func(explain.Step) bool, finish func()) {
	found := false
	report = func(s explain.Step) bool {
		found = true
		return p.Report(s)
	}
	finish = func() {
		if !found && !p.done() {
			sc.keepChainMiss(id, b)
			if onMiss != nil {
				onMiss()
			}
		}
	}
	return report, finish
}

// keepChainMiss records that view id (or Medusa) found nothing on b.
func (sc *scratch) keepChainMiss(id string, b *board.Board) {
	m := sc.chainMissOf(id)
	if m == nil {
		sc.chainMisses = append(sc.chainMisses, chainMiss{id: id})
		m = &sc.chainMisses[len(sc.chainMisses)-1]
	}
	l := b.Layout()
	n := l.N()
	m.l = l
	m.cands = roomFor(m.cands, l.Cells())[:l.Cells()]
	for c := range m.cands {
		m.cands[c] = b.Candidates(board.Cell(c))
	}
	m.pos = roomFor(m.pos, l.Houses()*n)[:l.Houses()*n]
	for h := range board.House(l.Houses()) {
		for d := 1; d <= n; d++ {
			m.pos[int(h)*n+d-1] = b.Positions(h, board.Digit(d))
		}
	}
}

// covers reports whether b has only candidates of the missed state and no strong link
// that state had not: then the view finds nothing on b either.
func (m *chainMiss) covers(b *board.Board) bool {
	return m.within(b) && !m.newLinks(b, nil)
}

// within reports whether b has only candidates of the missed state.
func (m *chainMiss) within(b *board.Board) bool {
	if m.l != b.Layout() {
		return false
	}
	for c, was := range m.cands {
		if b.Candidates(board.Cell(c))&^was != 0 {
			return false
		}
	}
	return true
}

// newLinkEnds marks, per candidate index (cell*N + digit-1), the ends of the strong
// links of b that the missed state had not, or returns nil when there is none. b must
// be within the missed state.
func (m *chainMiss) newLinkEnds(b *board.Board) []bool {
	if !m.newLinks(b, nil) {
		return nil
	}
	ends := make([]bool, b.Layout().Cells()*b.Layout().N())
	m.newLinks(b, ends)
	return ends
}

// newLinks reports whether b has a strong link the missed state had not: a cell now
// of two candidates that had more, or a digit now in two places of a house that had
// more. With ends nil it stops at the first; otherwise it marks the ends of them all
// there, per candidate index.
func (m *chainMiss) newLinks(b *board.Board, ends []bool) bool {
	l := b.Layout()
	n := l.N()
	found := false
	for c, was := range m.cands {
		if s := b.Candidates(board.Cell(c)); s.Count() == 2 && was.Count() != 2 {
			if ends == nil {
				return true
			}
			found = true
			for t := s; t != 0; t &= t - 1 {
				ends[c*n+int(t.First())-1] = true
			}
		}
	}
	for h := range board.House(l.Houses()) {
		for d := board.Digit(1); int(d) <= n; d++ {
			if p := b.Positions(h, d); p.Count() == 2 && m.pos[int(h)*n+int(d)-1].Count() != 2 {
				if ends == nil {
					return true
				}
				found = true
				for _, c := range l.CellsIn(h, p) {
					ends[int(c)*n+int(d)-1] = true
				}
			}
		}
	}
	return found
}

// newCellIn reports whether b may hold a pattern of cells with lo to hi candidates
// that the missed state had not: when b is not a part of that state, or some cell has
// fewer candidates than there and now lo to hi of them.
func (m *chainMiss) newCellIn(b *board.Board, lo, hi int) bool {
	if m.l != b.Layout() {
		return true
	}
	for c, was := range m.cands {
		s := b.Candidates(board.Cell(c))
		if s&^was != 0 {
			return true
		}
		if s != was {
			if k := s.Count(); k >= lo && k <= hi {
				return true
			}
		}
	}
	return false
}

// loopSearches runs the searches of a continuous loop: from every candidate made
// false whose component holds more than that state (a loop back to the start is a
// cycle), kept to that component. Unless exhaustive.
func (v chainView) loopSearches(g *chainGraph) *chainRuns {
	start := make([]bool, len(g.nodes))
	var within *chainComps
	if !v.exhaustive {
		within = g.components()
	}
	for x := range g.ncand {
		start[x] = within == nil || within.size(within.comp[chainState(x, false)]) > 1
	}
	return g.searchFrom(start, v.maxLinks, within)
}

// openSearches runs the searches of an open chain: from the candidates and groups
// made false that g.openStarts leaves. A group is a start only where some cell sees
// all of it and holds its digit, for only such a cell can go. Without groups and sets
// the searches cost less than the filter: then (and if exhaustive) every start is
// searched.
func (v chainView) openSearches(g *chainGraph, digits []bool) *chainRuns {
	var start []bool
	if v.exhaustive || !v.kinds.groups && !v.kinds.als {
		start = make([]bool, len(g.nodes))
		for x := range start {
			start[x] = true
		}
	} else {
		start = g.openStarts()
	}
	for x := range int32(len(g.nodes)) {
		if k := g.nodes[x].kind; k == chainALSNode || k == chainGroup && !g.mayConclude(x) {
			// A chain through a set is found from its candidates; sets as ends would
			// only add the same conclusions at a higher cost.
			start[x] = false
		}
		if digits != nil && !digits[g.nodes[x].digit] {
			start[x] = false // a chain of one digit whose places did not change
		}
	}
	return g.searchFrom(start, v.maxLinks, nil)
}

// compareBool orders false before true.
func compareBool(x, y bool) int {
	switch {
	case x == y:
		return 0
	case x:
		return 1
	}
	return -1
}

// chainRefute is the first state, in order of distance, at which the search from a
// candidate made true contradicts it (the candidate false, or another digit of its
// cell true), or the search from it made false reaches it true: the discontinuous
// loop that removes or places it. path is nil when there is none.
type chainRefute struct {
	path  []int32
	depth int
}

// refutations searches from every candidate made true and made false, up to the
// view's length, and returns for each candidate node its first contradiction and its
// first placement. Only the candidates that mayRefute and mayPlace (g.refutable) leave
// are searched; nil leaves all.
func (v chainView) refutations(g *chainGraph, mayRefute, mayPlace []bool) (refuted, placed []chainRefute) {
	refuted, placed = make([]chainRefute, g.ncand), make([]chainRefute, g.ncand) // only candidates
	s := borrowChainSearch(g)
	defer returnChainSearch(s)
	for start := range g.ncand {
		if g.sc.done() {
			break
		}
		if mayRefute == nil || mayRefute[start] {
			refuted[start] = g.refutation(s, start, v.maxLinks)
		}
		if mayPlace == nil || mayPlace[start] {
			placed[start] = g.placement(s, start, v.maxLinks)
		}
	}
	return refuted, placed
}

// refutation returns the first contradiction of candidate node start made true within
// maxLinks, if any.
func (g *chainGraph) refutation(s *chainSearch, start int32, maxLinks int) chainRefute {
	refutes := func(st int32) bool { return g.refutes(start, st) }
	q := s.runUntil(start, true, maxLinks, refutes)
	st := q[len(q)-1]
	if len(q) == 1 || !refutes(st) {
		return chainRefute{}
	}
	path := s.path(st)
	if st == chainState(start, false) {
		path = path[:len(path)-1]
	}
	return chainRefute{path: path, depth: int(s.depth[st])}
}

// placement returns the first walk from candidate node start made false to it true
// within maxLinks, if any.
func (g *chainGraph) placement(s *chainSearch, start int32, maxLinks int) chainRefute {
	on := chainState(start, true)
	if q := s.runUntil(start, false, maxLinks, func(st int32) bool { return st == on }); q[len(q)-1] != on {
		return chainRefute{}
	}
	path := s.path(on)
	return chainRefute{path: path[:len(path)-1], depth: int(s.depth[on])}
}

// placedLoop is the conclusion of a placement of candidate node start, unless its cell
// has no other digit (a naked single: the loop changes nothing). HoDoKu states the
// placement as the removal of the cell's other digits; so do we, so that both say the
// same thing in the same words.
func (g *chainGraph) placedLoop(start int32, p chainRefute) (chainFound, bool) {
	nd := g.nodes[start]
	var others []board.Candidate
	for o := g.b.Candidates(nd.cell).Without(nd.digit); o != 0; o &= o - 1 {
		others = append(others, board.Candidate{Cell: nd.cell, Digit: o.First()})
	}
	return chainFound{nodes: p.path, links: chainAlternating(len(p.path), explain.Strong, explain.Weak), loop: true, elims: others}, len(others) > 0
}

// refutedLoop is the conclusion of a refutation of candidate node start: it goes.
func (g *chainGraph) refutedLoop(start int32, r chainRefute) chainFound {
	nd := g.nodes[start]
	return chainFound{nodes: r.path, links: chainAlternating(len(r.path), explain.Weak, explain.Strong), loop: true, elims: []board.Candidate{{Cell: nd.cell, Digit: nd.digit}}}
}

// firstBrokenLoop returns the discontinuous loop the view reports first (levels as in
// chainFinder; the candidates searched as in refutations, whose filters it needs),
// without finding every other: most callers want only that one. Loops come by level,
// then by length, then by start (a placement before a removal), so once one is found,
// a later start can come first only by a shorter loop, and its searches stop one link
// short of it. Every earlier level's loop is shorter too.
func (v chainView) firstBrokenLoop(g *chainGraph, levels []int, mayRefute, mayPlace []bool) (chainFound, bool) {
	s := borrowChainSearch(g)
	defer returnChainSearch(s)
	var best chainFound
	bestLevel, bound := len(levels), v.maxLinks
	consider := func(f chainFound, depth int) {
		if !v.uses(g, f.nodes) {
			return
		}
		level := 0
		for level < len(levels) && depth > min(levels[level], v.maxLinks) {
			level++
		}
		if level < bestLevel || level == bestLevel && len(f.links) < len(best.links) {
			best, bestLevel, bound = f, level, len(f.links)-1
		}
	}
	for start := range g.ncand {
		if g.sc.done() {
			break
		}
		if mayPlace[start] {
			if p := g.placement(s, start, bound); p.path != nil {
				if f, ok := g.placedLoop(start, p); ok {
					consider(f, p.depth)
				}
			}
		}
		if mayRefute[start] {
			if r := g.refutation(s, start, bound); r.path != nil {
				consider(g.refutedLoop(start, r), r.depth)
			}
		}
	}
	return best, bestLevel < len(levels)
}

// collect gathers the conclusions of the view over chains of lo+1 to hi links (as the
// search counts them: a loop's closing link is not counted), unsorted, from the stored
// searches runs or, for a discontinuous loop, the refutations and placements found
// beforehand.
func (v chainView) collect(g *chainGraph, runs *chainRuns, refuted, placed []chainRefute, lo, hi int) []chainFound {
	var found []chainFound
	add := func(f chainFound) {
		if !v.uses(g, f.nodes) {
			return
		}
		f.order = len(found)
		found = append(found, f)
	}
	var buf []board.Candidate
	skip := make([]uint64, g.nw)
	var pathBuf []int32
	var forces []uint64 // the set nodes that force a cell, for continuous loops
	if v.ends == endsContinuous {
		g.forceOnce.Do(g.alsForcings)
		forces = g.forces
	}
	for start := range int32(len(g.nodes)) {
		if g.sc.done() {
			break
		}
		if k := g.nodes[start].kind; k == chainALSNode || k == chainGroup && v.ends == endsContinuous {
			// A chain through a set is found from its candidates; sets as ends would
			// only add the same conclusions at a higher cost. So would groups as the
			// start of a loop, which passes through candidates too.
			continue
		}
		if v.ends == endsDiscontinuous && g.nodes[start].kind != chainCandidate {
			continue // a loop's break is at a candidate
		}
		var run, vs []chainVisit
		var base int32
		if runs != nil {
			run, base, vs = runs.run(start)
		}
		switch v.ends {
		case endsOpen, endsContinuous:
			for k, vis := range run {
				st, i := vis.state, base+int32(k)
				end := st >> 1
				if int(vis.depth) > hi {
					break
				}
				if st&1 == 0 || end == start || int(vis.depth) <= lo {
					// A set made false may force a cell that closes the loop.
					if st&1 == 0 && int(vis.depth) >= lo && int(vis.depth) < hi && forces != nil && forces[end>>6]&(1<<(uint(end)&63)) != 0 {
						g.forcedLoops(start, vs, i, &pathBuf, &buf, skip, add)
					}
					continue
				}
				// Not a copy of the two nodes: this runs for every state reached.
				if v.sameEnds && g.nodes[start].digit != g.nodes[end].digit {
					continue
				}
				if v.ends == endsContinuous {
					if !g.weakLinked(start, end) || !v.visitsAsNeeded(g, vs, i) {
						continue
					}
					path := chainVisitPath(vs, i)
					buf = g.loopEliminations(buf[:0], path, skip, false)
					if len(buf) > 0 {
						add(chainFound{nodes: path, links: chainAlternating(len(path), explain.Strong, explain.Weak), loop: true, elims: slices.Clone(buf)})
					}
					continue
				}
				// An open chain and its reverse conclude the same: keep one. The
				// cheap tests first: most ends remove nothing.
				if end < start {
					continue
				}
				buf = g.endEliminations(buf[:0], start, end)
				if len(buf) == 0 || v.open && g.weakLinked(start, end) || !v.visitsAsNeeded(g, vs, i) {
					continue
				}
				path := chainVisitPath(vs, i)
				add(chainFound{nodes: path, links: chainAlternating(len(path)-1, explain.Strong, explain.Weak), elims: slices.Clone(buf)})
			}
		case endsDiscontinuous:
			// False implies true: place it.
			if p := placed[start]; p.path != nil && p.depth > lo && p.depth <= hi {
				if f, ok := g.placedLoop(start, p); ok {
					add(f)
				}
			}
			// True implies false, or another digit of the cell true: it goes.
			if r := refuted[start]; r.path != nil && r.depth > lo && r.depth <= hi {
				add(g.refutedLoop(start, r))
			}
		}
	}
	return found
}

// forcedLoops adds the continuous loops that close through a set's forcing of a cell
// (chainGraph.forcedBy): the chain to visit i of vs ends with the set node made false,
// the set then forces a cell's digit true, and that digit is weakly linked to the
// start. The shared searches leave those links out, so such a loop uses one, as its
// last strong link. path, elims and skip are scratch space.
func (g *chainGraph) forcedLoops(start int32, vs []chainVisit, i int32, path *[]int32, elims *[]board.Candidate, skip []uint64, add func(chainFound)) {
	x := vs[i].state >> 1
	made := false
	for _, y := range g.forced[g.forcedAt[x]:g.forcedAt[x+1]] {
		if !g.weakLinked(start, y) {
			continue
		}
		if !made {
			*path = chainVisitPathTo((*path)[:0], vs, i)
			made = true
		}
		p := *path
		if g.crosses(p[1:], g.nodes[y].cell) {
			continue
		}
		loop := append(p, y)
		*elims = g.loopEliminations((*elims)[:0], loop, skip, true)
		if len(*elims) > 0 {
			add(chainFound{nodes: slices.Clone(loop), links: chainAlternating(len(loop), explain.Strong, explain.Weak), loop: true, elims: slices.Clone(*elims), forced: true})
		}
		*path = loop[:len(p)]
	}
}

// crosses reports whether cell c is in any of the nodes.
func (g *chainGraph) crosses(nodes []int32, c board.Cell) bool {
	for _, x := range nodes {
		if cbHas(g.nodeCells(x), c) {
			return true
		}
	}
	return false
}

// chainAlternating returns n links starting with first and alternating with second.
func chainAlternating(n int, first, second explain.LinkKind) []explain.LinkKind {
	out := make([]explain.LinkKind, n)
	for i := range out {
		out[i] = first
		if i%2 == 1 {
			out[i] = second
		}
	}
	return out
}

func (g *chainGraph) hasGroup(path []int32) bool {
	for _, x := range path {
		if g.isGroup(x) {
			return true
		}
	}
	return false
}

// hasALS reports whether the path goes through an almost locked set node.
func (g *chainGraph) hasALS(path []int32) bool {
	for _, x := range path {
		if g.nodes[x].kind == chainALSNode {
			return true
		}
	}
	return false
}

// needsALS reports whether a chain of v must pass through an almost locked set: the
// views that may use set links are the ALS chains, tried after every chain without one.
func (v chainView) needsALS() bool { return v.kinds.als }

// uses reports whether a chain through path has the nodes the view needs: a group or
// set for a grouped view, a set for an ALS view.
func (v chainView) uses(g *chainGraph, path []int32) bool {
	switch {
	case v.needsALS():
		return g.hasALS(path)
	case v.grouped:
		return g.hasGroup(path)
	}
	return true
}

// visitsAsNeeded is uses for the path to visit i of vs, without building it.
func (v chainView) visitsAsNeeded(g *chainGraph, vs []chainVisit, i int32) bool {
	switch {
	case v.needsALS():
		for ; i >= 0; i = vs[i].parent {
			if g.nodes[vs[i].state>>1].kind == chainALSNode {
				return true
			}
		}
		return false
	case v.grouped:
		return g.visitsThroughGroup(vs, i)
	}
	return true
}

// endEliminations appends the candidates weakly linked to both ends of an open chain:
// one end is true, so none of them can be.
func (g *chainGraph) endEliminations(out []board.Candidate, a, z int32) []board.Candidate {
	na, nz := &g.nodes[a], &g.nodes[z]
	if na.digit == nz.digit {
		return g.appendSeenByBoth(out, a, z, nil)
	}
	// Different digits: the other end's digit in an end's own cell, when that cell
	// sees the other end.
	if nz.size == 1 && cbHas(g.nodeSee(a), nz.cell) && g.b.Has(nz.cell, na.digit) {
		out = append(out, board.Candidate{Cell: nz.cell, Digit: na.digit})
	}
	if na.size == 1 && cbHas(g.nodeSee(z), na.cell) && g.b.Has(na.cell, nz.digit) {
		out = append(out, board.Candidate{Cell: na.cell, Digit: nz.digit})
	}
	sortChainCands(out)
	return out
}

// appendSeenByBoth appends the digit of x and y (the same) in every cell that sees
// both, leaving out the cells in skip.
func (g *chainGraph) appendSeenByBoth(out []board.Candidate, x, y int32, skip []uint64) []board.Candidate {
	d := g.nodes[x].digit
	sx, sy, hold := g.nodeSee(x), g.nodeSee(y), g.holders(d)
	for w := range sx {
		m := sx[w] & sy[w] & hold[w]
		if skip != nil {
			m &^= skip[w]
		}
		for ; m != 0; m &= m - 1 {
			out = append(out, board.Candidate{Cell: board.Cell(w*64 + bits.TrailingZeros64(m)), Digit: d})
		}
	}
	return out
}

// loopEliminations appends what a continuous loop removes: every weak link of the loop
// (path[1]-path[2], path[3]-path[4], ..., and the closing link from the last node to the
// first) works as a strong one. Cells of the loop keep their candidates (HoDoKu's rule:
// no cannibalism), except the other digits of a cell joined by a weak link inside it.
// forced says the last strong link is a set's forcing of a cell (forcedLoops).
func (g *chainGraph) loopEliminations(out []board.Candidate, path []int32, skip []uint64, forced bool) []board.Candidate {
	clear(skip)
	for _, x := range path {
		for w, m := range g.nodeCells(x) {
			skip[w] |= m
		}
	}
	n := len(path)
	for i := 1; i < n; i += 2 {
		x, y := path[i], path[(i+1)%n]
		nx, ny := g.nodes[x], g.nodes[y]
		if nx.digit == ny.digit {
			out = g.appendSeenByBoth(out, x, y, skip)
			continue
		}
		for s := g.b.Candidates(nx.cell).Without(nx.digit).Without(ny.digit); s != 0; s &= s - 1 {
			out = append(out, board.Candidate{Cell: nx.cell, Digit: s.First()})
		}
	}
	// An almost locked set whose two digits in the loop are now exactly one true is
	// locked for its other digits: each leaves the cells that see all its places.
	for i := 0; i < n; i += 2 {
		x, y := g.nodes[path[i]], g.nodes[path[(i+1)%n]]
		if x.kind != chainALSNode || y.kind != chainALSNode || x.als != y.als {
			continue
		}
		a := g.als[x.als]
		for k := range int32(a.digits.Count()) {
			z := a.firstNode + k
			if d := g.nodes[z].digit; d != x.digit && d != y.digit {
				out = g.appendSeenByBoth(out, z, z, skip)
			}
		}
	}
	if forced {
		out = g.forcingEliminations(out, path[n-2], path[n-1], skip)
	}
	sortChainCands(out)
	return slices.Compact(out)
}

// forcingEliminations appends what a continuous loop removes through set node x's
// forcing of candidate y (forcedBy). In the loop the link holds both ways: the set
// lacks x's digit or y's cell is y's digit, not both. If the cell is not y's digit it
// is one of its others, each a digit of the set whose places it all sees, so the set
// lacks that one. Either way the set lacks x's digit or one of the cell's others: it
// holds each of its remaining digits, which leave the cells that see all their places;
// and each of the cell's other digits is in the set or in the cell, so it leaves the
// cells that see both.
func (g *chainGraph) forcingEliminations(out []board.Candidate, x, y int32, skip []uint64) []board.Candidate {
	nx, ny := g.nodes[x], g.nodes[y]
	a := g.als[nx.als]
	rest := g.b.Candidates(ny.cell).Without(ny.digit)
	for s := a.digits.Without(nx.digit); s != 0; s &= s - 1 {
		d := s.First()
		z := a.firstNode + alsDigitIndex(a.digits, d)
		if !rest.Has(d) {
			out = g.appendSeenByBoth(out, z, z, skip)
		} else if c := g.candNode(ny.cell, d); c >= 0 {
			out = g.appendSeenByBoth(out, z, c, skip)
		}
	}
	return out
}

func sortChainCands(cs []board.Candidate) {
	slices.SortFunc(cs, func(a, b board.Candidate) int {
		return cmp.Or(cmp.Compare(a.Cell, b.Cell), cmp.Compare(a.Digit, b.Digit))
	})
}

// chainKey identifies what a step changes, so the same conclusion reached by a
// longer chain (or the same loop from another start) is reported once.
func chainKey(f chainFound) string {
	key := make([]byte, 0, 4*(len(f.elims)+len(f.places))+1)
	for _, c := range f.places {
		key = append(key, 'p', byte(c.Cell), byte(c.Cell>>8), byte(c.Digit))
	}
	for _, c := range f.elims {
		key = append(key, 'e', byte(c.Cell), byte(c.Cell>>8), byte(c.Digit))
	}
	return string(key)
}

// step turns a conclusion into the step record, with the whole chain in the pattern.
func (g *chainGraph) step(id string, f chainFound) explain.Step {
	ch := explain.Chain{Nodes: make([]explain.Node, len(f.nodes)), Links: f.links, Loop: f.loop}
	var digits board.DigitSet
	var sets []explain.Group
	for i, x := range f.nodes {
		nd := g.nodes[x]
		cells := g.cellList(x)
		if nd.kind == chainALSNode {
			// The node shows the whole set, so the reader sees what is locked; the set
			// is also listed once among the pattern's sets.
			a := g.als[nd.als]
			cells = slices.Clone(a.cells)
			if !slices.ContainsFunc(sets, func(s explain.Group) bool { return slices.Equal(s.Cells, a.cells) }) {
				sets = append(sets, explain.Group{Cells: cells, Digits: a.digits})
			}
		}
		ch.Nodes[i] = explain.Node{Cells: cells, Digits: board.DigitsOf(nd.digit)}
		digits = digits.With(nd.digit)
	}
	return explain.Step{
		Technique:    id,
		Placements:   f.places,
		Eliminations: f.elims,
		Pattern:      explain.Pattern{Digits: digits, Chains: []explain.Chain{ch}, Sets: sets},
	}
}
