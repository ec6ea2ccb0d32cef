package techniques

import (
	"cmp"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/proofcheck"
)

// The dynamic "(+)" and nested forcing nets, Sudoku Explainer's last two levels of
// chaining, for the puzzles no forcing net of the levels before refutes anything in.
// Both assume a candidate true and follow the branch (nested_engine.go) until it runs
// into a contradiction; the candidate is then false.
//
//   - Forcing Net (+): the branch follows singles and locked candidates.
//   - Nested Forcing Net: inside the branch, any further assumption that a Forcing Net
//     (+) of its own refutes is false there: a lemma. The branch goes on with it, and
//     the lemmas it needs are written out once each, by name.
//
// Premises are tried cheapest first: the cells with fewest candidates first, where a
// branch forces most. The first refuted premise is the step. Each step has a work
// budget (netBudget propagations); past it the finder gives up and the pipeline takes
// its search step, as it did before these levels.

const (
	idForcingNetPlus   = "forcing-net-plus"
	idNestedForcingNet = "nested-forcing-net"
)

// netBudget bounds the propagations of one finder call: about half a second of one
// core on 9x9 for the nested net.
const netBudget = 400_000

// ForcingNetPlus refutes a candidate whose branch, followed through singles and locked
// candidates, ends in a contradiction.
var ForcingNetPlus = Technique{
	ID:         idForcingNetPlus,
	Difficulty: 9.0,
	Score:      900,
	Doc: `Forcing Net (+)

Assume a candidate is true and follow what it forces on a copy of the grid: a placed
digit leaves its peers, a cell's last candidate and a digit's last place in a house are
placed, and a digit whose places in a house all lie in a second house leaves the rest
of the second (locked candidates). If the grid runs into a contradiction (a cell with
no candidate, a digit with no place in a house), the candidate is false. Sudoku
Explainer's "dynamic forcing chains (+)".`,
	Holds: netsHold,
	Find:  func(p *Pass) { findNets(p, idForcingNetPlus, false) },
}

// NestedForcingNet refutes a candidate whose branch ends in a contradiction once the
// branch also uses lemmas: assumptions inside it that a Forcing Net (+) refutes.
var NestedForcingNet = Technique{
	ID:         idNestedForcingNet,
	Difficulty: 10.5,
	Score:      1200,
	Doc: `Nested Forcing Net

Assume a candidate is true and follow its branch as a Forcing Net (+) does. When it
stalls, look inside the branch: a second assumption that, added to the first, runs into
a contradiction by a Forcing Net (+) of its own is false in the branch (a lemma). Take
the lemma's conclusion and follow the branch on. If the branch runs into a
contradiction, the first candidate is false. Sudoku Explainer's "nested forcing
chains", whose ratings grow with the level of the nets inside.`,
	Holds: netsHold,
	Find:  func(p *Pass) { findNets(p, idNestedForcingNet, true) },
}

// netsHold keeps the nets to grids of 9x9 and less. They are sound on every layout,
// but a branch of a 16x16 has thrice the cells and facts and a nested net squares
// that; there the pipeline's search step stays the last resort, as fast as before.
func netsHold(l *board.Layout) bool { return l.N() <= 9 }

// netPremise is a candidate to assume.
type netPremise struct {
	cell  board.Cell
	digit board.Digit
}

// netPremises returns the candidates of b's open cells, those of the cells with fewest
// candidates first.
func netPremises(b *board.Board, out []netPremise) []netPremise {
	out = out[:0]
	for k := 2; k <= b.Layout().N(); k++ {
		for c := range board.Cell(b.Layout().Cells()) {
			s := b.Candidates(c)
			if s.Count() != k {
				continue
			}
			for ; s != 0; s &= s - 1 {
				out = append(out, netPremise{c, s.First()})
			}
		}
	}
	return out
}

// netChoice is how many refuted premises the nested net writes up before it reports
// the one with the shortest proof: each costs a search of its branch. Measured on 100
// hardest puzzles (their longest step at the median / 90th percentile, CPU a puzzle):
// 6 gave 153 / 394 lines at 0.21 s, 20 gave 105 / 240 at 0.27 s, 60 gives 77 / 176
// at 0.64 s; 1,000 (the budget decides) gave 45 / 102 on 40 of them at seven times
// the time of 60.
const netChoice = 60

// findNets reports the premises the nets refute (with nested, through lemmas),
// shortest written proof first (the items a reader checks, the lemmas' included),
// then fewest lemmas. The (+) net looks at every premise; the nested one at the
// first netChoice it refutes, within its budget.
func findNets(p *Pass, id string, nested bool) {
	b := p.Board()
	e := loadNets(&p.st.sc, b)
	defer e.release(&p.st.sc)
	premises := netPremises(b, nil)
	root, branch, inner := &e.stack[0], &e.stack[1], &e.stack[2]
	var found []explain.Step
	for _, pr := range premises {
		if p.done() || e.work > netBudget || nested && len(found) >= netChoice {
			break
		}
		branch.copyFrom(root)
		var lemmas []netPremise
		refuted := e.assume(branch, pr.cell, pr.digit, true)
		if !refuted && !nested {
			continue
		}
		if nested {
			if refuted {
				continue // a Forcing Net (+): that technique's step
			}
			lemmas, refuted = e.lemmas(p, branch, inner)
		}
		if !refuted {
			continue
		}
		if s, ok := e.writeUp(root, id, pr, lemmas); ok {
			found = append(found, s)
		}
	}
	if p.done() {
		return
	}
	// Each proof's size once: the sort compares it again and again.
	type sized struct{ written, lemmas, at int }
	order := make([]sized, len(found))
	for i, s := range found {
		order[i] = sized{s.Pattern.Proof.Written(), len(s.Pattern.Proof.Lemmas), i}
	}
	slices.SortStableFunc(order, func(a, b sized) int {
		return cmp.Or(cmp.Compare(a.written, b.written), cmp.Compare(a.lemmas, b.lemmas))
	})
	for i, o := range order {
		s := found[o.at]
		if i == 0 {
			// The one a walkthrough takes: pruning costs a replay of the proof a line,
			// so the others keep the lines their record gave them (they check as well).
			s = pruned(b, s)
		}
		if !p.Report(s) {
			return
		}
	}
}

// pruned leaves out of s's proof the lines its contradiction does not need (the
// engine keeps the first reason it found for a removal, and a placement the proof
// needs anyway may make it by the rules), with the lemmas they cite.
func pruned(b *board.Board, s explain.Step) explain.Step {
	p := proofcheck.Prune(b, s.Pattern.Proof)
	if len(p.Lemmas) != len(s.Pattern.Proof.Lemmas) {
		sets := s.Pattern.Sets[:1:1]
		for _, lm := range p.Lemmas {
			sets = append(sets, explain.Group{Cells: []board.Cell{lm.Premise.Cell}, Digits: board.DigitsOf(lm.Premise.Digit)})
		}
		s.Pattern.Sets = sets
	}
	s.Pattern.Proof = p
	return s
}

// lemmas looks inside branch for assumptions that a Forcing Net (+) refutes, takes
// each as false and propagates, until the branch runs into a contradiction or no
// assumption is refuted. It returns the lemmas in the order taken. It tries the cells
// with the fewest candidates first: a lemma there leaves its cell nearer a single, and
// the proofs come out shorter and sooner (on 41 hardest walkthroughs, every 25th of the
// 1,015, cell order gave a longest step of 51 / 104 / 169 lines at the median / 90th
// percentile / most; fewest candidates first 39 / 70 / 116, in no more CPU).
func (e *netEngine) lemmas(p *Pass, branch, inner *netState) ([]netPremise, bool) {
	var out []netPremise
	for progress := true; progress; {
		progress = false
		for want := 2; want <= e.n; want++ {
			for c := range branch.cands {
				if branch.settled[c] || branch.cands[c].Count() != want {
					continue
				}
				had := len(out)
				var clash, stop bool
				if out, clash, stop = e.cellLemmas(p, branch, inner, board.Cell(c), out); stop {
					return nil, false
				} else if clash {
					return out, true
				}
				progress = progress || len(out) > had
			}
		}
	}
	return out, false
}

// cellLemmas assumes each candidate of cell c inside branch in turn; each that a
// Forcing Net (+) refutes (in inner, a scratch copy) is appended to out as a lemma and
// taken out of branch. It stops at the cell's last candidate, or when branch runs into
// a contradiction (clash); stop says the budget or the pass ran out.
func (e *netEngine) cellLemmas(p *Pass, branch, inner *netState, c board.Cell, out []netPremise) (_ []netPremise, clash, stop bool) {
	for s := branch.cands[c]; s != 0; s &= s - 1 {
		if e.work > netBudget || p.done() {
			return out, false, true
		}
		d := s.First()
		if !branch.cands[c].Has(d) {
			continue
		}
		inner.copyFrom(branch)
		if !e.assume(inner, c, d, true) {
			continue
		}
		out = append(out, netPremise{c, d})
		if e.remove(branch, c, d, true, int32(len(out)-1)) {
			return out, true, false
		}
		if branch.settled[c] {
			break
		}
	}
	return out, false, false
}

// Why a fact of a branch holds (netRecord).
const (
	whyPremise uint8 = iota + 1
	whySeen          // a: the placed cell that sees it
	whyTaken         // a: its cell, placed with another digit
	whyNaked         // a: its cell
	whyHidden        // a: the house
	whyLocked        // a: the house confining the digit, b: the house it leaves
	whyLemma         // a: the lemma's index
)

// netFact is one fact of a branch: a candidate placed (on) or removed, and why.
type netFact struct {
	cell  board.Cell
	digit board.Digit
	on    bool
	why   uint8
	a, b  int32
}

// netRecord is the facts of one branch in the order found, indexed by candidate, for
// writing up the branch that is reported. A lemma's record looks up what it does not
// hold in its outer record (the branch the lemma is in).
type netRecord struct {
	n       int
	facts   []netFact
	elimAt  []int32 // per cell*N+digit-1: the fact's index + 1
	placeAt []int32 // per cell: the fact's index + 1
	outer   *netRecord
	// states are the branch's candidates before each lemma was taken (the main
	// record's): a lemma's proof is followed again on it.
	states [][]board.DigitSet
}

func newNetRecord(l *board.Layout, outer *netRecord) *netRecord {
	return &netRecord{n: l.N(), elimAt: make([]int32, l.Cells()*l.N()), placeAt: make([]int32, l.Cells()), outer: outer}
}

func (r *netRecord) place(c board.Cell, d board.Digit, why uint8, a, b int32) {
	if r.placeAt[c] != 0 {
		return
	}
	r.facts = append(r.facts, netFact{cell: c, digit: d, on: true, why: why, a: a, b: b})
	r.placeAt[c] = int32(len(r.facts))
}

func (r *netRecord) elim(c board.Cell, d board.Digit, why uint8, a, b int32) {
	k := int(c)*r.n + int(d) - 1
	if r.elimAt[k] != 0 {
		return
	}
	r.facts = append(r.facts, netFact{cell: c, digit: d, why: why, a: a, b: b})
	r.elimAt[k] = int32(len(r.facts))
}

// netNeed marks what a fact rests on: in r (own) or in its outer record.
type netNeed struct {
	own, outer []bool
}

// removal marks the fact that removed (c, d), wherever it is; a candidate the board
// never had needs none.
func (r *netRecord) removal(c board.Cell, d board.Digit, need netNeed) {
	k := int(c)*r.n + int(d) - 1
	if i := r.elimAt[k]; i != 0 {
		need.own[i-1] = true
	} else if r.outer != nil {
		if i := r.outer.elimAt[k]; i != 0 {
			need.outer[i-1] = true
		}
	}
}

func (r *netRecord) placement(c board.Cell, need netNeed) {
	if i := r.placeAt[c]; i != 0 {
		need.own[i-1] = true
	} else if r.outer != nil {
		if i := r.outer.placeAt[c]; i != 0 {
			need.outer[i-1] = true
		}
	}
}

// parents marks what fact f rests on.
func (r *netRecord) parents(l *board.Layout, f netFact, need netNeed) {
	switch f.why {
	case whySeen, whyTaken:
		r.placement(board.Cell(f.a), need)
	case whyNaked:
		for d := board.Digit(1); int(d) <= r.n; d++ {
			if d != f.digit {
				r.removal(f.cell, d, need)
			}
		}
	case whyHidden:
		for _, o := range l.HouseCells(board.House(f.a)) {
			if o != f.cell {
				r.removal(o, f.digit, need)
			}
		}
	case whyLocked:
		cover := l.HouseSet(board.House(f.b))
		for _, o := range l.HouseCells(board.House(f.a)) {
			if !cover.Has(o) {
				r.removal(o, f.digit, need)
			}
		}
	}
}

// clashParents marks what contradiction k rests on.
func (r *netRecord) clashParents(l *board.Layout, k netClash, need netNeed) {
	if k.cell >= 0 {
		for d := board.Digit(1); int(d) <= r.n; d++ {
			r.removal(board.Cell(k.cell), d, need)
		}
		return
	}
	for _, o := range l.HouseCells(board.House(k.house)) {
		r.removal(o, k.digit, need)
	}
}

// writeUp follows premise pr again from root, taking lemmas in the order found, with
// every fact recorded, and returns the step with its proof cut to what the
// contradiction needs. It reports false if the branch does not end as it did (it
// cannot: the engine is deterministic, but a wrong step is worse than none).
func (e *netEngine) writeUp(root *netState, id string, pr netPremise, lemmas []netPremise) (explain.Step, bool) {
	l := e.l
	main := newNetRecord(l, nil)
	branch := &e.stack[1]
	branch.copyFrom(root)
	e.rec = main
	defer func() { e.rec = nil }()
	refuted := e.assume(branch, pr.cell, pr.digit, true)
	for i, lm := range lemmas {
		if refuted {
			break
		}
		main.states = append(main.states, slices.Clone(branch.cands))
		refuted = e.remove(branch, lm.cell, lm.digit, true, int32(i))
	}
	if !refuted {
		return explain.Step{}, false
	}
	clash := e.clash
	need := netNeed{own: make([]bool, len(main.facts))}
	main.clashParents(l, clash, need)
	// Every fact rests on facts before it: one sweep down marks all that is needed.
	// A lemma's proof is followed again when its line is found needed; what it needs
	// of the branch comes before it too.
	type lemmaProof struct {
		at    int // the index of its line in main
		lemma explain.Lemma
	}
	var proved []lemmaProof
	for i := len(main.facts) - 1; i >= 0; i-- {
		if !need.own[i] {
			continue
		}
		f := main.facts[i]
		if f.why != whyLemma {
			main.parents(l, f, need)
			continue
		}
		lm, ok := e.lemmaProof(main, int(f.a), lemmas[f.a], need.own)
		if !ok {
			return explain.Step{}, false
		}
		proved = append(proved, lemmaProof{at: i, lemma: lm})
	}
	slices.SortFunc(proved, func(a, b lemmaProof) int { return cmp.Compare(a.at, b.at) })
	lemmaOf := make(map[int]int, len(proved))
	proof := &explain.Proof{Premise: board.Candidate{Cell: pr.cell, Digit: pr.digit}, Clash: clashOf(clash)}
	for k, lp := range proved {
		lemmaOf[lp.at] = k
		proof.Lemmas = append(proof.Lemmas, lp.lemma)
	}
	for i, f := range main.facts {
		if need.own[i] {
			proof.Lines = append(proof.Lines, proofLine(l, main, f, lemmaOf[i]))
		}
	}
	s := explain.Step{
		Technique:    id,
		Eliminations: []board.Candidate{proof.Premise},
		Pattern: explain.Pattern{
			Digits: board.DigitsOf(pr.digit),
			Cells:  []board.Cell{pr.cell},
			Sets:   []explain.Group{clashGroup(l, root, clash)},
			Proof:  proof,
		},
	}
	for _, lm := range proof.Lemmas {
		s.Pattern.Sets = append(s.Pattern.Sets, explain.Group{Cells: []board.Cell{lm.Premise.Cell}, Digits: board.DigitsOf(lm.Premise.Digit)})
	}
	if ch, ok := main.spine(l, clash); ok {
		s.Pattern.Chains = []explain.Chain{ch}
	}
	return s, true
}

// spine is the branch's last run of links into the contradiction, for the picture:
// from the clash back through the latest fact each fact rests on, as long as the link
// is one a chain draws (a true fact removes a candidate: weak; a candidate's removal
// leaves a single: strong). It starts at the premise, or where a lemma or locked
// candidates broke the run. It reports false for a run of one node.
func (r *netRecord) spine(l *board.Layout, k netClash) (explain.Chain, bool) {
	latest := func(mark func(netNeed)) int {
		need := netNeed{own: make([]bool, len(r.facts))}
		mark(need)
		for i := len(need.own) - 1; i >= 0; i-- {
			if need.own[i] {
				return i
			}
		}
		return -1
	}
	var path []int
	for i := latest(func(n netNeed) { r.clashParents(l, k, n) }); i >= 0; {
		path = append(path, i)
		f := r.facts[i]
		if f.why != whySeen && f.why != whyTaken && f.why != whyNaked && f.why != whyHidden {
			break
		}
		i = latest(func(n netNeed) { r.parents(l, f, n) })
	}
	if len(path) < 2 {
		return explain.Chain{}, false
	}
	slices.Reverse(path)
	var ch explain.Chain
	for j, i := range path {
		f := r.facts[i]
		ch.Nodes = append(ch.Nodes, explain.Node{Cells: []board.Cell{f.cell}, Digits: board.DigitsOf(f.digit)})
		if j > 0 {
			if f.on {
				ch.Links = append(ch.Links, explain.Strong)
			} else {
				ch.Links = append(ch.Links, explain.Weak)
			}
		}
	}
	return ch, true
}

// lemmaProof follows lemma k again on the branch as it was when the lemma was taken,
// recording, and marks in outerNeed what it needs of the branch.
func (e *netEngine) lemmaProof(main *netRecord, k int, lm netPremise, outerNeed []bool) (explain.Lemma, bool) {
	l := e.l
	rec := newNetRecord(l, main)
	inner := &e.stack[2]
	copy(inner.cands, main.states[k])
	for c, s := range inner.cands {
		inner.settled[c] = s&(s-1) == 0
	}
	e.rec = rec
	hit := e.assume(inner, lm.cell, lm.digit, true)
	e.rec = main
	if !hit {
		return explain.Lemma{}, false
	}
	need := netNeed{own: make([]bool, len(rec.facts)), outer: outerNeed}
	rec.clashParents(l, e.clash, need)
	for i := len(rec.facts) - 1; i >= 0; i-- {
		if need.own[i] {
			rec.parents(l, rec.facts[i], need)
		}
	}
	out := explain.Lemma{Premise: board.Candidate{Cell: lm.cell, Digit: lm.digit}, Clash: clashOf(e.clash)}
	for i, f := range rec.facts {
		if need.own[i] {
			out.Lines = append(out.Lines, proofLine(l, rec, f, 0))
		}
	}
	return out, true
}

// proofLine turns a recorded fact into a proof line; lemma is the lemma's number in
// the proof, for a fact a lemma proves.
func proofLine(l *board.Layout, r *netRecord, f netFact, lemma int) explain.ProofLine {
	pl := explain.ProofLine{Cand: board.Candidate{Cell: f.cell, Digit: f.digit}, True: f.on, House: -1, Cover: -1, Cell: -1}
	switch f.why {
	case whyPremise:
		pl.Why = explain.ByPremise
	case whySeen:
		pl.Why, pl.Cell = explain.BySeen, board.Cell(f.a)
		pl.House = sharedHouse(l, f.cell, board.Cell(f.a))
	case whyTaken:
		pl.Why = explain.ByTaken
		if i := r.placeAt[f.a]; i != 0 {
			pl.Holds = r.facts[i-1].digit
		} else if r.outer != nil && r.outer.placeAt[f.a] != 0 {
			pl.Holds = r.outer.facts[r.outer.placeAt[f.a]-1].digit
		}
	case whyNaked:
		pl.Why = explain.ByNakedSingle
	case whyHidden:
		pl.Why, pl.House = explain.ByHiddenSingle, board.House(f.a)
	case whyLocked:
		pl.Why, pl.House, pl.Cover = explain.ByLocked, board.House(f.a), board.House(f.b)
	case whyLemma:
		pl.Why, pl.Lemma = explain.ByLemma, lemma
	}
	return pl
}

// sharedHouse returns a house of a and b (rows, columns, boxes, then a variant's
// other houses), or -1 for killer cage-mates that share none.
func sharedHouse(l *board.Layout, a, b board.Cell) board.House {
	for _, h := range l.AllHousesOf(a) {
		if l.HouseSet(h).Has(b) {
			return h
		}
	}
	return -1
}

func clashOf(k netClash) explain.Clash {
	return explain.Clash{Cell: board.Cell(k.cell), House: board.House(k.house), Digit: k.digit}
}

// clashGroup is the contradiction as a group of the pattern, with the candidates root
// had there: the cell that lost them all, or the places of the digit in the house.
func clashGroup(l *board.Layout, root *netState, k netClash) explain.Group {
	if k.cell >= 0 {
		return explain.Group{Cells: []board.Cell{board.Cell(k.cell)}, Digits: root.cands[k.cell]}
	}
	var cells []board.Cell
	for _, c := range l.HouseCells(board.House(k.house)) {
		if root.cands[c].Has(k.digit) && !root.settled[c] {
			cells = append(cells, c)
		}
	}
	return explain.Group{Cells: cells, Digits: board.DigitsOf(k.digit)}
}
