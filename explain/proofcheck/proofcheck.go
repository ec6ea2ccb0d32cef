// Package proofcheck replays the written proof of a forcing step on the board state
// before the step, reading only what the proof says, and reports every line that does
// not hold. It trusts nothing of the engine that wrote the proof (it imports board and
// explain, not techniques), so it cannot share the engine's mistakes: it is to a
// step's justification what the search fallback is to its conclusion.
//
// The rules it reads by are the ones a reader is told:
//
//   - A placed digit (a given, a placement before the step, or a line that places it)
//     leaves its cell's other candidates and its peers: those removals need no line.
//   - Any other removal counts only from the line that states it, with its reason: the
//     assumption, a peer that holds the digit in the named house, the cell holding
//     another digit, locked candidates in the named houses, or a lemma.
//   - A line that places a digit says why: the assumption, its cell's last candidate,
//     or the digit's last place in the named house; the claim must hold on what the
//     lines before it (and the board) show.
//   - A lemma is checked in its own context (the branch's lines before the line that
//     uses it, then its own lines) and must end in its own contradiction.
//   - The proof ends in the contradiction it names, and the step concludes the
//     premise's opposite.
package proofcheck

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Problem is one thing of a written proof that does not hold.
type Problem struct {
	// Where names the place in the proof's own terms: "line 4", "lemma B, line 2",
	// "the contradiction", "the conclusion".
	Where string
	// What says what does not hold.
	What string
}

func (p Problem) String() string { return p.Where + ": " + p.What }

// Error is the problems of one proof, as an error.
type Error struct {
	Problems []Problem
}

func (e *Error) Error() string {
	parts := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		parts[i] = p.String()
	}
	return "proofcheck: " + strings.Join(parts, "; ")
}

// Step checks the written proof of s on b, the board before the step: nil when every
// line holds and the proof reaches the step's conclusion, an *Error otherwise. A step
// without a proof (Pattern.Proof nil) has nothing to check and passes.
func Step(b *board.Board, s explain.Step) error {
	if len(s.Pattern.Cases) > 0 {
		return cases(b, s)
	}
	p := s.Pattern.Proof
	if p == nil {
		return nil
	}
	probs := Proof(b, p)
	want := []board.Candidate{p.Premise}
	got, other := s.Eliminations, s.Placements
	kind := "remove"
	if p.Not {
		got, other = s.Placements, s.Eliminations
		kind = "place"
	}
	if !sameCandidates(got, want) || len(other) != 0 {
		probs = append(probs, Problem{"the conclusion", fmt.Sprintf("the proof refutes its premise, so the step should %s %s and nothing else",
			kind, b.Layout().CandidateName(p.Premise))})
	}
	if len(probs) == 0 {
		return nil
	}
	return &Error{Problems: probs}
}

// cases checks a verity: every case holds and ends in the step's one conclusion (or
// in a contradiction: that case cannot be), and the cases are all there are (every
// candidate of a cell, every place of a digit in a house, or a candidate and its
// negation).
func cases(b *board.Board, s explain.Step) error {
	l := b.Layout()
	c := &checker{l: l}
	var want fact
	switch {
	case len(s.Placements) == 1 && len(s.Eliminations) == 0:
		want = fact{s.Placements[0], true}
	case len(s.Eliminations) == 1 && len(s.Placements) == 0:
		want = fact{s.Eliminations[0], false}
	default:
		c.add("the conclusion", "a verity concludes one candidate")
		return &Error{Problems: c.probs}
	}
	for i := range s.Pattern.Cases {
		p := &s.Pattern.Cases[i]
		where := fmt.Sprintf("case %d, line ", i+1)
		st := newState(b)
		c.lines(st, where, p.Lines, fact{p.Premise, !p.Not}, nil)
		if !p.Clash.None() {
			c.clash(st, fmt.Sprintf("case %d's contradiction", i+1), p.Clash)
			continue
		}
		if n := len(p.Lines); n == 0 || (fact{p.Lines[n-1].Cand, p.Lines[n-1].True}) != want {
			c.add(fmt.Sprintf("case %d", i+1), "does not end in the step's conclusion")
		}
	}
	if what := exhaustive(b, s.Pattern.Cases); what != "" {
		c.add("the cases", what)
	}
	if len(c.probs) == 0 {
		return nil
	}
	return &Error{Problems: c.probs}
}

// exhaustive says what is wrong with cases as the cases of a verity ("" when one of
// them must hold).
func exhaustive(b *board.Board, cs []explain.Proof) string {
	l := b.Layout()
	if len(cs) == 2 && cs[0].Premise == cs[1].Premise && cs[0].Not != cs[1].Not {
		return ""
	}
	for _, p := range cs {
		if p.Not {
			return "a case that a candidate is false goes only with the case that it is true"
		}
	}
	var cells board.CellSet
	var digits board.DigitSet
	for _, p := range cs {
		cells.Add(p.Premise.Cell)
		digits = digits.With(p.Premise.Digit)
	}
	first := cs[0].Premise
	if cells.Count() == 1 && len(cs) == digits.Count() {
		if b.Value(first.Cell) == 0 && digits == b.Candidates(first.Cell) {
			return ""
		}
		return fmt.Sprintf("the cases are not every candidate of %s", l.CellName(first.Cell))
	}
	if digits.Count() == 1 && len(cs) == cells.Count() {
		for _, h := range l.AllHousesOf(first.Cell) {
			places := b.Positions(h, first.Digit)
			if !b.PlacedIn(h).Has(first.Digit) && l.CellsIn(h, places) != nil && sameCells(l.CellsIn(h, places), cells) {
				return ""
			}
		}
	}
	return "the cases are not all the places of a digit in a house, nor all the candidates of a cell"
}

func sameCells(cs []board.Cell, set board.CellSet) bool {
	if len(cs) != set.Count() {
		return false
	}
	for _, c := range cs {
		if !set.Has(c) {
			return false
		}
	}
	return true
}

func sameCandidates(a, b []board.Candidate) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Proof checks p on b and returns what does not hold (nil when all of it does).
func Proof(b *board.Board, p *explain.Proof) []Problem { return check(b, p, false) }

// Explicit checks p as Proof does, but takes no removal as said unless a line says
// it: a placement removes its digit from no peer but those its lines name. A proof
// that passes it shows the reader every removal it uses, so Prune keeps to it, and
// tests hold the engines' proofs to it.
func Explicit(b *board.Board, p *explain.Proof) []Problem { return check(b, p, true) }

func check(b *board.Board, p *explain.Proof, explicit bool) []Problem {
	c := &checker{l: b.Layout()}
	st := newState(b)
	st.explicit = explicit
	premise := fact{p.Premise, !p.Not}
	used := make([]int, len(p.Lemmas))
	c.lines(st, "line ", p.Lines, premise, func(i int, ln explain.ProofLine, st *state) string {
		if ln.Lemma < 0 || ln.Lemma >= len(p.Lemmas) {
			return fmt.Sprintf("cites lemma %d, which the proof does not have", ln.Lemma)
		}
		used[ln.Lemma]++
		lm := p.Lemmas[ln.Lemma]
		name := explain.LemmaName(ln.Lemma)
		if lm.Premise != ln.Cand {
			return fmt.Sprintf("lemma %s is about %s, not %s", name, c.l.PlacementName(lm.Premise), c.l.PlacementName(ln.Cand))
		}
		inner := st.clone()
		before := len(c.probs)
		c.lines(inner, "lemma "+name+", line ", lm.Lines, fact{lm.Premise, true}, nil)
		c.clash(inner, "lemma "+name+"'s contradiction", lm.Clash)
		if len(c.probs) > before {
			return fmt.Sprintf("lemma %s does not hold where it is used", name)
		}
		return ""
	})
	c.clash(st, "the contradiction", p.Clash)
	for i, n := range used {
		if n == 0 {
			c.add("lemma "+explain.LemmaName(i), "no line uses it")
		}
	}
	return c.probs
}

type checker struct {
	l     *board.Layout
	probs []Problem
}

func (c *checker) add(where, what string) { c.probs = append(c.probs, Problem{where, what}) }

// fact is a candidate said true (placed) or false (removed).
type fact struct {
	cand board.Candidate
	on   bool
}

// state is what the board and the lines read so far show: each cell's digit (0 when
// open) and the candidates it has left.
type state struct {
	l     *board.Layout
	value []board.Digit
	cands []board.DigitSet
	// explicit: a placement takes its digit from no peer by itself (Explicit).
	explicit bool
}

func newState(b *board.Board) *state {
	l := b.Layout()
	st := &state{l: l, value: make([]board.Digit, l.Cells()), cands: make([]board.DigitSet, l.Cells())}
	for c := range board.Cell(l.Cells()) {
		st.value[c] = b.Value(c)
		st.cands[c] = b.Candidates(c)
		if st.value[c] != 0 {
			st.cands[c] = board.DigitsOf(st.value[c])
		}
	}
	return st
}

func (st *state) clone() *state {
	return &state{l: st.l, value: append([]board.Digit(nil), st.value...), cands: append([]board.DigitSet(nil), st.cands...), explicit: st.explicit}
}

// place puts d in cell x with what the rules say follows: x keeps no other candidate,
// and d leaves x's peers (a placement already made is made again harmlessly).
func (st *state) place(x board.Cell, d board.Digit) {
	st.value[x] = d
	st.cands[x] &= board.DigitsOf(d)
	if st.explicit {
		return
	}
	for _, p := range st.l.Peers(x) {
		st.cands[p] = st.cands[p].Without(d)
	}
}

// can says whether d may still go in x: x holds d, or is open with d a candidate.
func (st *state) can(x board.Cell, d board.Digit) bool {
	return st.cands[x].Has(d) && (st.value[x] == 0 || st.value[x] == d)
}

// lines replays lines on st. premise is the assumption of this context; lemma checks
// a line that cites a lemma (nil: none may), returning what is wrong or "".
func (c *checker) lines(st *state, prefix string, lines []explain.ProofLine, premise fact,
	lemma func(int, explain.ProofLine, *state) string) {
	l := c.l
	// The line's place and name are written only for a problem: Prune checks a proof
	// once for each line it tries without, and nearly every line holds.
	for i, ln := range lines {
		x, d := ln.Cand.Cell, ln.Cand.Digit
		if int(x) < 0 || int(x) >= l.Cells() || d < 1 || int(d) > l.N() {
			c.add(prefix+strconv.Itoa(i+1), "names no candidate of the grid")
			return
		}
		if bad := c.line(st, ln, premise, i, lemma); bad != "" {
			name := l.CandidateName(ln.Cand)
			if ln.True {
				name = l.PlacementName(ln.Cand)
			}
			c.add(prefix+strconv.Itoa(i+1), name+": "+bad)
		}
		// A line that does not hold is taken as said, so one mistake is reported once
		// and the lines after it are read as the reader would read them.
		if ln.True {
			st.place(x, d)
		} else {
			st.cands[x] = st.cands[x].Without(d)
		}
	}
}

// line checks one line on st (the state before it) and returns what is wrong, or "".
func (c *checker) line(st *state, ln explain.ProofLine, premise fact, i int,
	lemma func(int, explain.ProofLine, *state) string) string {
	l := c.l
	x, d := ln.Cand.Cell, ln.Cand.Digit
	if ln.True {
		if st.value[x] != 0 && st.value[x] != d {
			return fmt.Sprintf("%s already holds %s", l.CellName(x), st.value[x])
		}
		if !st.cands[x].Has(d) {
			return fmt.Sprintf("%s is no longer a candidate there", d)
		}
	}
	switch ln.Why {
	case explain.ByPremise:
		if (fact{ln.Cand, ln.True}) != premise {
			return "is called the assumption, but the assumption is another"
		}
		if i != 0 {
			return "the assumption comes first"
		}
		return ""
	case explain.BySeen:
		if ln.True {
			return "a peer's digit removes a candidate, it places none"
		}
		if int(ln.Cell) < 0 || int(ln.Cell) >= l.Cells() {
			return "names no cell it is seen from"
		}
		if ln.Cell == x {
			return "a cell does not see itself"
		}
		if st.value[ln.Cell] != d {
			return fmt.Sprintf("rests on %s holding %s, which no line before it shows", l.CellName(ln.Cell), d)
		}
		if ln.House < 0 {
			if !l.Sees(x, ln.Cell) || sharesHouse(l, x, ln.Cell) {
				return fmt.Sprintf("%s and %s are not cage-mates", l.CellName(x), l.CellName(ln.Cell))
			}
			return ""
		}
		if !c.houseOK(ln.House) || !l.HouseSet(ln.House).Has(x) || !l.HouseSet(ln.House).Has(ln.Cell) {
			return fmt.Sprintf("%s and %s are not both in %s", l.CellName(x), l.CellName(ln.Cell), c.houseName(ln.House))
		}
		return ""
	case explain.ByTaken:
		if ln.True {
			return "a cell's other digit removes a candidate, it places none"
		}
		if st.value[x] == 0 || st.value[x] == d {
			return fmt.Sprintf("rests on %s holding another digit, which no line before it shows", l.CellName(x))
		}
		if ln.Holds != 0 && ln.Holds != st.value[x] {
			return fmt.Sprintf("says %s holds %s, but it holds %s", l.CellName(x), ln.Holds, st.value[x])
		}
		return ""
	case explain.ByNakedSingle:
		if !ln.True {
			return "a last candidate places a digit, it removes none"
		}
		if other := st.cands[x].Without(d); other != 0 && st.value[x] == 0 {
			return fmt.Sprintf("is called the last candidate of %s, but %s still has %s", l.CellName(x), l.CellName(x), digitList(other))
		}
		return ""
	case explain.ByHiddenSingle:
		if !ln.True {
			return "a last place places a digit, it removes none"
		}
		if !c.houseOK(ln.House) || !l.HouseSet(ln.House).Has(x) {
			return fmt.Sprintf("%s is not in %s", l.CellName(x), c.houseName(ln.House))
		}
		var others []string
		for _, o := range l.HouseCells(ln.House) {
			if o != x && st.can(o, d) {
				others = append(others, l.CellName(o))
			}
		}
		if len(others) > 0 {
			return fmt.Sprintf("is called the last place for %s in %s, but %s can still hold it", d, l.HouseName(ln.House), strings.Join(others, ", "))
		}
		return ""
	case explain.ByLocked:
		if ln.True {
			return "locked candidates remove a candidate, they place none"
		}
		if !c.houseOK(ln.House) || !c.houseOK(ln.Cover) {
			return "names a house the grid does not have"
		}
		cover := l.HouseSet(ln.Cover)
		if !cover.Has(x) || l.HouseSet(ln.House).Has(x) {
			return fmt.Sprintf("%s is not in the rest of %s outside %s", l.CellName(x), l.HouseName(ln.Cover), l.HouseName(ln.House))
		}
		for _, o := range l.HouseCells(ln.House) {
			if st.can(o, d) && !cover.Has(o) {
				return fmt.Sprintf("%s can still go in %s, outside %s", d, l.CellName(o), l.HouseName(ln.Cover))
			}
		}
		return ""
	case explain.ByLemma:
		if ln.True {
			return "a lemma removes a candidate here, it places none"
		}
		if lemma == nil {
			return "cites a lemma inside a lemma"
		}
		return lemma(i, ln, st)
	}
	return fmt.Sprintf("has no reason the checker knows (%d)", ln.Why)
}

// clash checks that st ends in k: a cell with no candidate, or a digit with no place
// in a house.
func (c *checker) clash(st *state, where string, k explain.Clash) {
	l := c.l
	if int(k.Cell) >= 0 {
		if int(k.Cell) >= l.Cells() {
			c.add(where, "names no cell of the grid")
			return
		}
		if st.cands[k.Cell] != 0 {
			c.add(where, fmt.Sprintf("%s is said to have no candidate left, but it has %s", l.CellName(k.Cell), digitList(st.cands[k.Cell])))
		}
		return
	}
	if !c.houseOK(k.House) || k.Digit < 1 || int(k.Digit) > l.N() {
		c.add(where, "names no house and digit of the grid")
		return
	}
	var left []string
	for _, o := range l.HouseCells(k.House) {
		if st.can(o, k.Digit) {
			left = append(left, l.CellName(o))
		}
	}
	if len(left) > 0 {
		c.add(where, fmt.Sprintf("%s is said to have no place left for %s, but %s can still hold it", l.HouseName(k.House), k.Digit, strings.Join(left, ", ")))
	}
}

func (c *checker) houseOK(h board.House) bool { return h >= 0 && int(h) < c.l.Houses() }

func (c *checker) houseName(h board.House) string {
	if !c.houseOK(h) {
		return "a house the grid does not have"
	}
	return c.l.HouseName(h)
}

func sharesHouse(l *board.Layout, a, b board.Cell) bool {
	for _, h := range l.AllHousesOf(a) {
		if l.HouseSet(h).Has(b) {
			return true
		}
	}
	return false
}

func digitList(s board.DigitSet) string {
	var parts []string
	for _, d := range s.Digits() {
		parts = append(parts, d.String())
	}
	return strings.Join(parts, ", ")
}
