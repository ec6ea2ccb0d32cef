package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Franken and mutant fish are the fish of fish.go with boxes among their houses.
// The logic is the same for any houses: n base houses that share no place of the
// digit need n different places for it; n cover houses can hold at most one each;
// so when the cover houses hold every place of the base houses, each cover house gets
// its digit from the base, and the digit leaves the rest of the cover houses. A base
// place in two cover houses would fill two covers at once and leave too few for the
// other base houses, so it goes too (HoDoKu calls that cannibalism). Fins are base
// places outside the covers, and places that two base houses share (endo fins: one
// digit there would serve two base houses); with fins, only cells that see every fin
// lose the digit.
//
// HoDoKu's classes, which the IDs follow: a Franken fish takes rows and boxes as base
// and columns and boxes as cover (or columns and rows swapped), with at least one box;
// a mutant fish is any other mix of rows, columns and boxes. A fish of rows against
// columns only is a basic fish, found by fish.go, never here.

const (
	idFrankenXWing           = "franken-x-wing"
	idFrankenSwordfish       = "franken-swordfish"
	idFrankenJellyfish       = "franken-jellyfish"
	idFinnedFrankenXWing     = "finned-franken-x-wing"
	idFinnedFrankenSwordfish = "finned-franken-swordfish"
	idFinnedFrankenJellyfish = "finned-franken-jellyfish"
	idMutantXWing            = "mutant-x-wing"
	idMutantSwordfish        = "mutant-swordfish"
	idMutantJellyfish        = "mutant-jellyfish"
	idFinnedMutantXWing      = "finned-mutant-x-wing"
	idFinnedMutantSwordfish  = "finned-mutant-swordfish"
	idFinnedMutantJellyfish  = "finned-mutant-jellyfish"
)

// The difficulties follow the basic fish of the same size (X-Wing 3.2, Swordfish 3.8,
// Jellyfish 5.2; Sudoku Explainer rates no Franken or mutant fish): a box among the
// houses adds 0.5, a mix of rows and columns 1.0, fins 0.2 more, as the finned fish
// add about 0.2 to the basic ones. The scores are HoDoKu's.

const frankenDoc = `
A fish whose houses include boxes: rows and boxes as base, columns and boxes as cover
(or columns and rows swapped). The base houses share no place of the digit, so they need
as many different places as there are houses; every one of those places lies in the
cover houses, which can take one each. So each cover house gets its digit from the base
houses, and the digit leaves the cover houses outside the base. A base place in two
cover houses would fill two of them at once, leaving too few, so it goes as well.`

const finnedFrankenDoc = `
A Franken fish (rows and boxes against columns and boxes, or the swap) with fins: base
places outside the cover houses, or shared by two base houses. If no fin holds the
digit, the fish stands and the digit leaves the cover houses outside the base; if a fin
holds it, every cell that sees the fin loses it. A cell of a cover house that sees
every fin loses the digit either way.`

const mutantDoc = `
A fish that mixes rows, columns and boxes beyond the Franken fish: rows and columns
together among the base or cover houses, say. The logic is the fish's: the base houses
share no place of the digit and need one each; the cover houses hold all of those
places and can take one each; so the digit leaves the cover houses outside the base,
and a base place in two cover houses goes too.`

const finnedMutantDoc = `
A mutant fish (any mix of rows, columns and boxes) with fins: base places outside the
cover houses, or shared by two base houses. If no fin holds the digit, the fish stands;
if a fin does, every cell that sees it loses the digit. A cell of a cover house that sees
every fin loses the digit either way.`

// FrankenXWing is the X-Wing with a box among its two base or two cover houses.
var FrankenXWing = Technique{
	ID:         idFrankenXWing,
	Difficulty: 3.7,
	Score:      300,
	Codes:      []string{"0330"},
	Doc:        "Franken X-Wing\n" + frankenDoc,
	Find:       complexFish(idFrankenXWing, 2, frankenSets, false),
}

// FrankenSwordfish is the Swordfish with boxes among its houses.
var FrankenSwordfish = Technique{
	ID:         idFrankenSwordfish,
	Difficulty: 4.3,
	Score:      350,
	Codes:      []string{"0331"},
	Doc:        "Franken Swordfish\n" + frankenDoc,
	Find:       complexFish(idFrankenSwordfish, 3, frankenSets, false),
}

// FrankenJellyfish is the Jellyfish with boxes among its houses.
var FrankenJellyfish = Technique{
	ID:         idFrankenJellyfish,
	Difficulty: 5.7,
	Score:      370,
	Codes:      []string{"0332"},
	Doc:        "Franken Jellyfish\n" + frankenDoc,
	Find:       complexFish(idFrankenJellyfish, 4, frankenSets, false),
}

// FinnedFrankenXWing is the Franken X-Wing with fins.
var FinnedFrankenXWing = Technique{
	ID:         idFinnedFrankenXWing,
	Difficulty: 3.9,
	Score:      390,
	Codes:      []string{"0340"},
	Doc:        "Finned Franken X-Wing\n" + finnedFrankenDoc,
	Find:       complexFish(idFinnedFrankenXWing, 2, frankenSets, true),
}

// FinnedFrankenSwordfish is the Franken Swordfish with fins.
var FinnedFrankenSwordfish = Technique{
	ID:         idFinnedFrankenSwordfish,
	Difficulty: 4.5,
	Score:      410,
	Codes:      []string{"0341"},
	Doc:        "Finned Franken Swordfish\n" + finnedFrankenDoc,
	Find:       complexFish(idFinnedFrankenSwordfish, 3, frankenSets, true),
}

// FinnedFrankenJellyfish is the Franken Jellyfish with fins.
var FinnedFrankenJellyfish = Technique{
	ID:         idFinnedFrankenJellyfish,
	Difficulty: 5.9,
	Score:      430,
	Codes:      []string{"0342"},
	Doc:        "Finned Franken Jellyfish\n" + finnedFrankenDoc,
	Find:       complexFish(idFinnedFrankenJellyfish, 4, frankenSets, true),
}

// MutantXWing is the fish of two houses in any mix that is neither basic nor Franken.
var MutantXWing = Technique{
	ID:         idMutantXWing,
	Difficulty: 4.2,
	Score:      450,
	Codes:      []string{"0350"},
	Doc:        "Mutant X-Wing\n" + mutantDoc,
	Find:       complexFish(idMutantXWing, 2, mutantSets, false),
}

// MutantSwordfish is the mutant fish of three houses.
var MutantSwordfish = Technique{
	ID:         idMutantSwordfish,
	Difficulty: 4.8,
	Score:      450,
	Codes:      []string{"0351"},
	Doc:        "Mutant Swordfish\n" + mutantDoc,
	Find:       complexFish(idMutantSwordfish, 3, mutantSets, false),
}

// MutantJellyfish is the mutant fish of four houses.
var MutantJellyfish = Technique{
	ID:         idMutantJellyfish,
	Difficulty: 6.2,
	Score:      450,
	Codes:      []string{"0352"},
	Doc:        "Mutant Jellyfish\n" + mutantDoc,
	Find:       complexFish(idMutantJellyfish, 4, mutantSets, false),
}

// FinnedMutantXWing is the mutant X-Wing with fins.
var FinnedMutantXWing = Technique{
	ID:         idFinnedMutantXWing,
	Difficulty: 4.4,
	Score:      470,
	Codes:      []string{"0360"},
	Doc:        "Finned Mutant X-Wing\n" + finnedMutantDoc,
	Find:       complexFish(idFinnedMutantXWing, 2, mutantSets, true),
}

// FinnedMutantSwordfish is the mutant Swordfish with fins.
var FinnedMutantSwordfish = Technique{
	ID:         idFinnedMutantSwordfish,
	Difficulty: 5.0,
	Score:      470,
	Codes:      []string{"0361"},
	Doc:        "Finned Mutant Swordfish\n" + finnedMutantDoc,
	Find:       complexFish(idFinnedMutantSwordfish, 3, mutantSets, true),
}

// FinnedMutantJellyfish is the mutant Jellyfish with fins.
var FinnedMutantJellyfish = Technique{
	ID:         idFinnedMutantJellyfish,
	Difficulty: 6.4,
	Score:      470,
	Codes:      []string{"0362"},
	Doc:        "Finned Mutant Jellyfish\n" + finnedMutantDoc,
	Find:       complexFish(idFinnedMutantJellyfish, 4, mutantSets, true),
}

// fishSets says which mixes of houses a complex fish finder reports.
type fishSets uint8

const (
	// frankenSets: rows and boxes against columns and boxes (or the swap), a box among them.
	frankenSets fishSets = iota + 1
	// mutantSets: every mix that is neither basic nor Franken.
	mutantSets
	// diagonalSets: any mix of rows, columns, boxes and the diagonals of Sudoku-X, with
	// a diagonal among the base or cover houses (fish_diagonal.go).
	diagonalSets
)

// House kinds as bits, to tell the classes of fish apart.
const (
	rowBit   = 1 << board.Row
	colBit   = 1 << board.Column
	boxBit   = 1 << board.Box
	diagBit  = 1 << board.Diagonal
	allKinds = rowBit | colBit | boxBit
)

// orientations returns the kinds of houses each search may take as base and as cover.
func (s fishSets) orientations() [][2]uint8 {
	switch s {
	case frankenSets:
		return [][2]uint8{{rowBit | boxBit, colBit | boxBit}, {colBit | boxBit, rowBit | boxBit}}
	case diagonalSets:
		return [][2]uint8{{allKinds | diagBit, allKinds | diagBit}}
	}
	return [][2]uint8{{allKinds, allKinds}}
}

// maxFins is the most fins a finned fish of the class may have.
func (s fishSets) maxFins() int {
	if s == diagonalSets {
		return maxDiagonalFins
	}
	return maxComplexFins
}

// maxEndoFins is the most fins shared by two base houses a finned fish of the class
// may have.
func (s fishSets) maxEndoFins() int {
	if s == diagonalSets {
		return maxDiagonalEndoFins
	}
	return maxComplexFins
}

// holds reports whether a fish with houses of these kinds as base and cover is of the
// class: basic (rows against columns) fish are neither class.
func (s fishSets) holds(base, cover uint8) bool {
	if s == diagonalSets {
		return (base|cover)&diagBit != 0
	}
	basic := base == rowBit && cover == colBit || base == colBit && cover == rowBit
	franken := base&^(rowBit|boxBit) == 0 && cover&^(colBit|boxBit) == 0 ||
		base&^(colBit|boxBit) == 0 && cover&^(rowBit|boxBit) == 0
	if s == frankenSets {
		return franken && !basic
	}
	return !franken && !basic
}

const (
	// maxComplexPlaces caps the places of a digit a complex fish search handles: a
	// 9x9 grid never has more; on larger grids a digit with more places is skipped,
	// as the search would not be cheap there anyway.
	maxComplexPlaces = 128
	// maxComplexFins caps the fins (outside the covers and shared by base houses):
	// every fin must see the cells that lose the digit, so more fins rarely remove
	// anything, and each one widens the search.
	maxComplexFins = 3
	// maxComplexSize is the largest fish the finder takes (the Jellyfish).
	maxComplexSize = 4
)

// placeSet is a set of the places of one digit, by their index in complexScan.cells.
type placeSet [2]uint64

func (p *placeSet) add(i int)     { p[i>>6] |= 1 << (i & 63) }
func (p placeSet) has(i int) bool { return p[i>>6]&(1<<(i&63)) != 0 }
func (p placeSet) and(q placeSet) placeSet {
	return placeSet{p[0] & q[0], p[1] & q[1]}
}
func (p placeSet) or(q placeSet) placeSet { return placeSet{p[0] | q[0], p[1] | q[1]} }
func (p placeSet) andNot(q placeSet) placeSet {
	return placeSet{p[0] &^ q[0], p[1] &^ q[1]}
}
func (p placeSet) empty() bool { return p[0]|p[1] == 0 }
func (p placeSet) count() int  { return bits.OnesCount64(p[0]) + bits.OnesCount64(p[1]) }

// first returns the lowest index in the set, or -1 when it is empty.
func (p placeSet) first() int {
	if p[0] != 0 {
		return bits.TrailingZeros64(p[0])
	}
	if p[1] != 0 {
		return 64 + bits.TrailingZeros64(p[1])
	}
	return -1
}

// houseSet is a set of houses (at most 77: three kinds of 25 and two diagonals).
type houseSet = placeSet

// complexFish is the finder of Franken or mutant fish (by sets) of the given size,
// with fins when finned is set and without otherwise. A fish it reports has every
// base house holding a place that is covered and no fin, every cover house holding a
// base place that no other cover holds (else fewer covers would do), and at most
// maxComplexFins fins; it reports one step per digit and set of eliminations, the
// first fish found that makes them.
//
// For each digit and each choice of size base houses, it picks the cover houses place
// by place: the first base place not yet covered is covered by one of its houses or,
// in the finned search, left as a fin; a house passed over for a place is not taken
// later, so each set of covers comes once.
func complexFish(id string, size int, sets fishSets, finned bool) Finder {
	return func(p *Pass) {
		b := p.Board()
		s := complexScan{b: b, l: b.Layout(), id: id, size: size, sets: sets, finned: finned,
			maxFins: sets.maxFins(), maxEndo: sets.maxEndoFins()}
		// A fish is made of one digit's places: a digit whose places are as they were
		// when the search last found nothing on it is skipped.
		q := p.st.sc.digitQuietOf(id, b)
		found := false
		s.report = func(st explain.Step) bool {
			found = true
			return p.Report(st)
		}
		n := s.l.N()
		for d := board.Digit(1); int(d) <= n; d++ {
			if p.done() {
				return
			}
			if q.skip(b, d) {
				continue
			}
			found = false
			if s.prepare(d) && !s.walk() {
				return
			}
			q.done(b, d, found)
		}
	}
}

// walk searches the fish of the prepared digit in every orientation of the class; it
// reports false when report asked to stop.
func (s *complexScan) walk() bool {
	for _, o := range s.sets.orientations() {
		s.baseKinds, s.coverKinds = o[0], o[1]
		s.notCover = houseSet{}
		for h := range board.House(s.l.Houses()) {
			if s.coverKinds&s.kindBit(h) == 0 {
				s.notCover.add(int(h))
			}
		}
		if !s.walkBase(0, 0, placeSet{}, placeSet{}) {
			return false
		}
	}
	return true
}

// complexScan is the state of one complexFish call, so the walks need no closures.
type complexScan struct {
	b       *board.Board
	l       *board.Layout
	report  func(explain.Step) bool
	id      string
	size    int
	sets    fishSets
	finned  bool
	maxFins int // at most this many fins (exo and endo)
	maxEndo int // of which at most this many shared by two base houses

	// Per digit: its places, the places in each house, the houses and peers of each
	// place, and the eliminations reported so far (one step per set of them).
	d        board.Digit
	cells    []board.Cell
	index    []int16 // cell -> place index, -1 where the digit is not a candidate
	house    []placeSet
	houseBuf []board.House // the houses of each place: houseBuf[houseAt[i]:houseAt[i+1]]
	houseAt  []int
	extra    []board.House // the layout's diagonals and windows
	onDiag   placeSet      // the places on a diagonal
	peers    []placeSet
	reported []placeSet
	cands    []board.House // houses holding the digit

	// The current search.
	baseKinds, coverKinds uint8
	base                  [maxComplexSize]board.House
	cover                 [maxComplexSize]board.House
	baseSet               houseSet
	notCover              houseSet // houses of the kinds that may not cover
	baseKindSet           uint8    // the kinds of the base houses, as bits
	union, endo, body     placeSet // base places; shared by two base houses; to cover
}

// prepare indexes the places of d; it reports false when the digit has too few or too
// many places for a search.
func (s *complexScan) prepare(d board.Digit) bool {
	l := s.l
	s.d = d
	s.cells = s.cells[:0]
	if s.index == nil {
		s.index = make([]int16, l.Cells())
		s.house = make([]placeSet, l.Houses())
		s.extra = l.ExtraHouses()
	}
	for c := range board.Cell(l.Cells()) {
		s.index[c] = -1
		if s.b.Has(c, d) {
			if len(s.cells) == maxComplexPlaces {
				return false
			}
			s.index[c] = int16(len(s.cells))
			s.cells = append(s.cells, c)
		}
	}
	if len(s.cells) <= s.size {
		return false // no room for a fish and a place to remove
	}
	s.cands = s.cands[:0]
	for h := range board.House(l.Houses()) {
		var p placeSet
		for _, c := range l.HouseCells(h) {
			if i := s.index[c]; i >= 0 {
				p.add(int(i))
			}
		}
		s.house[h] = p
		if !p.empty() {
			s.cands = append(s.cands, h)
		}
	}
	s.onDiag = placeSet{}
	for _, h := range s.extra {
		if l.Kind(h) == board.Diagonal {
			s.onDiag = s.onDiag.or(s.house[h])
		}
	}
	s.houseBuf = s.houseBuf[:0]
	s.houseAt = append(s.houseAt[:0], 0)
	s.peers = s.peers[:0]
	for i, c := range s.cells {
		hs := l.HousesOf(c)
		s.houseBuf = append(s.houseBuf, hs[:]...)
		p := s.house[hs[0]].or(s.house[hs[1]]).or(s.house[hs[2]])
		// A diagonal or window is a house like the others: a place in it may cover,
		// and the places it shares see each other.
		for _, h := range s.extra {
			if l.PosIn(c, h) >= 0 {
				s.houseBuf = append(s.houseBuf, h)
				p = p.or(s.house[h])
			}
		}
		s.houseAt = append(s.houseAt, len(s.houseBuf))
		p[i>>6] &^= 1 << (i & 63)
		s.peers = append(s.peers, p)
	}
	s.reported = s.reported[:0]
	return true
}

// finsLeft is how many fins a fish with these endo fins may still have.
func (s *complexScan) finsLeft(endo placeSet) int {
	if !s.finned {
		return 0
	}
	return s.maxFins - endo.count()
}

// housesOf returns the houses of place i.
func (s *complexScan) housesOf(i int) []board.House {
	return s.houseBuf[s.houseAt[i]:s.houseAt[i+1]]
}

// kindBit returns the bit of h's kind.
func (s *complexScan) kindBit(h board.House) uint8 { return 1 << s.l.Kind(h) }

// walkBase chooses base houses from s.cands[start:], depth of them so far with places
// union (endo: places in two of them); it reports false when report asked to stop.
func (s *complexScan) walkBase(start, depth int, union, endo placeSet) bool {
	if depth == s.size {
		return s.startCovers(union, endo)
	}
	for i := start; i <= len(s.cands)-(s.size-depth); i++ {
		h := s.cands[i]
		if s.baseKinds&s.kindBit(h) == 0 {
			continue
		}
		p := s.house[h]
		e := endo.or(union.and(p))
		if !e.empty() && (!s.finned || e.count() > s.maxEndo) {
			continue // only a finned fish lets base houses share places
		}
		// Places no two of which share a house that may cover need a cover or a
		// fin each: more than the fish has, and no house added can help.
		if depth+1 < s.size && s.needsMore(union.or(p).andNot(e), s.notCover, s.size+s.finsLeft(e)) {
			continue
		}
		s.base[depth] = h
		if !s.walkBase(i+1, depth+1, union.or(p), e) {
			return false
		}
	}
	return true
}

// startCovers sets up the cover search for the chosen base houses.
func (s *complexScan) startCovers(union, endo placeSet) bool {
	s.union, s.endo, s.body = union, endo, union.andNot(endo)
	s.baseSet = houseSet{}
	s.baseKindSet = 0
	for _, h := range s.base[:s.size] {
		if s.house[h].andNot(endo).empty() {
			return true // a base house of shared places only
		}
		s.baseSet.add(int(h))
		s.baseKindSet |= s.kindBit(h)
	}
	// The places that could lose the digit: outside the base in a house that can
	// cover, or a base place in two such houses; each endo fin must see them.
	blocked := s.notCover.or(s.baseSet)
	var reach, once, twice placeSet
	var kinds uint8
	for _, h := range s.cands {
		p := s.house[h]
		if blocked.has(int(h)) || p.and(s.body).empty() {
			continue
		}
		kinds |= s.kindBit(h)
		reach = reach.or(p)
		twice = twice.or(once.and(p))
		once = once.or(p)
	}
	if !s.anyClass(kinds) {
		return true // no mix of the houses that can cover is of the class
	}
	sees := reach.andNot(union).or(twice.and(s.body))
	for q := endo; !q.empty(); {
		i := q.first()
		q[i>>6] &^= 1 << (i & 63)
		sees = sees.and(s.peers[i])
	}
	if sees.empty() {
		return true
	}
	return s.walkCover(0, placeSet{}, placeSet{}, blocked, sees)
}

// anyClass reports whether some covers of the given kinds make, with the base, a
// fish of the wanted class.
func (s *complexScan) anyClass(kinds uint8) bool {
	for k := kinds; k != 0; k = (k - 1) & kinds {
		if s.sets.holds(s.baseKindSet, k) {
			return true
		}
	}
	return false
}

// walkCover chooses cover houses for the first base place not yet covered (nor a
// fin), depth of them so far covering places covered; fins are the base places left
// uncovered, sees the places that could still lose the digit (they see every fin);
// blocked are the houses that may not cover: base houses, houses of the other kind,
// and the houses passed over.
func (s *complexScan) walkCover(depth int, covered, fins placeSet, blocked houseSet, sees placeSet) bool {
	open := s.body.andNot(covered).andNot(fins)
	i := open.first()
	if i < 0 {
		if depth < s.size {
			return true // fewer covers than base houses: not a fish
		}
		return s.leaf(fins, sees)
	}
	if depth == s.size {
		if !s.finned {
			return true
		}
		// The rest of the base places are fins.
		fins = fins.or(open)
		if fins.count()+s.endo.count() > s.maxFins {
			return true
		}
		for q := open; !q.empty(); {
			j := q.first()
			q[j>>6] &^= 1 << (j & 63)
			sees = sees.and(s.peers[j])
		}
		return s.leaf(fins, sees)
	}
	finsLeft := 0
	if s.finned {
		finsLeft = s.maxFins - fins.count() - s.endo.count()
	}
	if s.needsMore(open, blocked, s.size-depth+finsLeft) {
		return true
	}
	// A diagonal fish whose base has no diagonal needs one among its covers, and a
	// cover is only ever taken for a place still open: none open on a diagonal, no
	// fish; one cover left, it must be a diagonal.
	onlyDiag := false
	if s.sets == diagonalSets && s.baseKindSet&diagBit == 0 && !s.coversDiagonal(depth) {
		if open.and(s.onDiag).empty() {
			return true
		}
		onlyDiag = depth == s.size-1
	}
	hs := s.housesOf(i)
	passed := blocked
	for _, h := range hs {
		if blocked.has(int(h)) || onlyDiag && s.l.Kind(h) != board.Diagonal {
			continue
		}
		s.cover[depth] = h
		if !s.walkCover(depth+1, covered.or(s.house[h]), fins, passed, sees) {
			return false
		}
		passed.add(int(h))
	}
	if finsLeft <= 0 {
		return true
	}
	// Leave place i as a fin: its houses can no longer cover, its base houses must
	// keep a place that is no fin, and something must still see every fin.
	f := fins
	f.add(i)
	for _, h := range hs {
		passed.add(int(h))
		if s.baseSet.has(int(h)) && s.house[h].and(s.body).andNot(f).empty() {
			return true
		}
	}
	next := sees.and(s.peers[i])
	if !s.reachable(next, covered, open, passed) {
		return true
	}
	return s.walkCover(depth, covered, f, passed, next)
}

// coversDiagonal reports whether a diagonal is among the first depth covers.
func (s *complexScan) coversDiagonal(depth int) bool {
	for _, h := range s.cover[:depth] {
		if s.l.Kind(h) == board.Diagonal {
			return true
		}
	}
	return false
}

// reachable reports whether some place of targets is covered or in a house that can
// still cover a place of open.
func (s *complexScan) reachable(targets, covered, open placeSet, blocked houseSet) bool {
	if targets.empty() {
		return false
	}
	if !targets.and(covered).empty() {
		return true
	}
	for !open.empty() {
		i := open.first()
		open[i>>6] &^= 1 << (i & 63)
		for _, h := range s.housesOf(i) {
			if !blocked.has(int(h)) && !targets.and(s.house[h]).empty() {
				return true
			}
		}
	}
	return false
}

// needsMore reports whether open needs more than max covers and fins: places of
// open that no one house can cover two of need one each.
func (s *complexScan) needsMore(open placeSet, blocked houseSet, max int) bool {
	n := 0
	for !open.empty() {
		if n++; n > max {
			return true
		}
		i := open.first()
		open[i>>6] &^= 1 << (i & 63)
		for _, h := range s.housesOf(i) {
			if !blocked.has(int(h)) {
				open = open.andNot(s.house[h])
			}
		}
	}
	return false
}

// leaf checks the fish of the chosen base and cover houses with exo fins fins (sees:
// the places that see every fin), and reports its step when it removes something, is
// of the class and finned as wanted.
func (s *complexScan) leaf(fins, sees placeSet) bool {
	allFins := fins.or(s.endo)
	if allFins.empty() == s.finned {
		return true
	}
	var covered, twice placeSet
	var coverKinds uint8
	for _, h := range s.cover[:s.size] {
		coverKinds |= s.kindBit(h)
		twice = twice.or(covered.and(s.house[h]))
		covered = covered.or(s.house[h])
	}
	targets := covered.andNot(s.union).or(twice.and(s.union)).andNot(allFins).and(sees)
	if targets.empty() || !s.sets.holds(s.baseKindSet, coverKinds) {
		return true
	}
	body := s.body.and(covered)
	for _, h := range s.base[:s.size] {
		if s.house[h].and(body).empty() {
			return true // a base house of fins only
		}
	}
	once := body.andNot(twice)
	for _, h := range s.cover[:s.size] {
		if s.house[h].and(once).empty() {
			return true // the other covers hold all its base places: fewer would do
		}
	}
	if slices.Contains(s.reported, targets) {
		return true // the same eliminations as a fish already reported
	}
	s.reported = append(s.reported, targets)
	return s.report(s.step(body, allFins, targets))
}

// step builds the step of the current fish.
func (s *complexScan) step(body, fins, targets placeSet) explain.Step {
	st := explain.Step{Technique: s.id, Pattern: explain.Pattern{
		Digits: board.DigitsOf(s.d),
		Base:   slices.Clone(s.base[:s.size]),
		Cover:  slices.Clone(s.cover[:s.size]),
		Cells:  s.cellsOf(body),
		Fins:   s.cellsOf(fins),
	}}
	for _, c := range s.cellsOf(targets) {
		st.Eliminations = append(st.Eliminations, board.Candidate{Cell: c, Digit: s.d})
	}
	slices.Sort(st.Pattern.Base)
	slices.Sort(st.Pattern.Cover)
	if len(st.Pattern.Fins) == 0 {
		st.Pattern.Fins = nil
	}
	return st
}

// cellsOf returns the cells of a set of places, sorted.
func (s *complexScan) cellsOf(p placeSet) []board.Cell {
	out := make([]board.Cell, 0, p.count())
	for !p.empty() {
		i := p.first()
		p[i>>6] &^= 1 << (i & 63)
		out = append(out, s.cells[i])
	}
	slices.Sort(out)
	return out
}
