package explain

import (
	"slices"
	"strconv"

	"github.com/stepdoku/stepdoku/board"
)

// Witness says why a digit is not (or no longer) a candidate of a cell: a peer holds
// it, or an earlier step removed it. It is what a teacher points at for a single,
// and what `candidates --why` prints.
type Witness struct {
	// Cell lacks Digit.
	Cell  board.Cell
	Digit board.Digit
	// Held tells that Holder, a peer of Cell, holds Digit; House is the house they
	// share (the row first, then the column, then the box).
	Held   bool
	Holder board.Cell
	House  board.House
	// Step is the number (counted from 1) of the earlier step that removed the
	// candidate when no peer holds the digit; 0 when no step of the trace did (the
	// pencil marks given lacked it).
	Step int
	// Cage tells that the killer cage of Cell cannot make its sum with Digit there:
	// CageSum is that cage, its Combos the digit sets of the whole cage still possible
	// (placed digits included); none of them holds Digit unless InCombos.
	Cage     bool
	CageSum  CageSum
	InCombos bool
}

// Removals records which step (counted from 1) removed each candidate. A walkthrough
// builds it while it replays the trace (see Narrate); it is nil-safe.
type Removals map[board.Candidate]int

// Record notes the eliminations of step s (number n, counted from 1) that b, the board
// before s, still has as candidates. Call it before applying s.
func (r Removals) Record(b *board.Board, s Step, n int) {
	for _, e := range s.Eliminations {
		if b.Value(e.Cell) == 0 && b.Has(e.Cell, e.Digit) {
			r[e] = n
		}
	}
}

// WhyNot says why d is not a candidate of the empty cell c on b: the first peer holding
// d (through the row, then the column, then the box), else the step of removed that took
// it away.
func WhyNot(b *board.Board, c board.Cell, d board.Digit, removed Removals) Witness {
	w := Witness{Cell: c, Digit: d}
	for _, h := range b.Layout().HousesOf(c) {
		if placedIn(b, h, d) {
			w.Held, w.Holder, w.House = true, holderIn(b, h, d), h
			return w
		}
	}
	w.Step = removed[board.Candidate{Cell: c, Digit: d}]
	if w.Step == 0 {
		if cw, ok := CageWhyNot(b, c, d); ok {
			return cw
		}
	}
	return w
}

// CageWhyNot says whether cage arithmetic rules out d in the empty cell c of b, even
// where d is still a candidate (Board keeps no sums): no way of giving the open cells of
// c's killer cage different digits from their candidates, d in c, makes the cage's sum.
// ok is false when c is in no cage, or d fits.
func CageWhyNot(b *board.Board, c board.Cell, d board.Digit) (Witness, bool) {
	l := b.Layout()
	i, inCage := l.CageOf(c)
	if !inCage || b.Value(c) != 0 {
		return Witness{}, false
	}
	cg := l.Cages()[i]
	cs := CageSum{Cells: cg.Cells, Sum: cg.Sum}
	var open []board.Cell
	var cands []board.DigitSet
	var known board.DigitSet
	for _, x := range cg.Cells {
		if v := b.Value(x); v != 0 {
			cs.Known = append(cs.Known, board.Candidate{Cell: x, Digit: v})
			known = known.With(v)
			continue
		}
		open = append(open, x)
		cand := b.Candidates(x)
		if x == c {
			cand = cand.With(d) // asked about d even where it is gone
		}
		cands = append(cands, cand)
	}
	combos, fits := cageCombos(open, cands, cs.Left(), c, d)
	if fits {
		return Witness{}, false
	}
	for _, ds := range combos {
		cs.Combos = append(cs.Combos, ds|known)
	}
	w := Witness{Cell: c, Digit: d, Cage: true, CageSum: cs}
	for _, ds := range cs.Combos {
		w.InCombos = w.InCombos || ds.Has(d)
	}
	return w, true
}

// cageCombos returns the digit sets (in reading order) that the cells of a cage, all
// peers, can take from their candidates to make sum, and whether one way puts d in c.
func cageCombos(cells []board.Cell, cands []board.DigitSet, sum int, c board.Cell, d board.Digit) (combos []board.DigitSet, fits bool) {
	seen := map[board.DigitSet]bool{}
	var walk func(k, left int, used board.DigitSet, withD bool)
	walk = func(k, left int, used board.DigitSet, withD bool) {
		if k == len(cells) {
			if left == 0 {
				fits = fits || withD
				if !seen[used] {
					seen[used] = true
					combos = append(combos, used)
				}
			}
			return
		}
		for ds := cands[k] &^ used; ds != 0; ds &= ds - 1 {
			x := ds.First()
			if int(x) > left {
				break
			}
			walk(k+1, left-int(x), used.With(x), withD || cells[k] == c && x == d)
		}
	}
	walk(0, sum, 0, false)
	slices.SortFunc(combos, func(a, b board.DigitSet) int { return slices.Compare(a.Digits(), b.Digits()) })
	return combos, fits
}

// Say words a witness in lang: "r1c1 holds 3 (row 1)", "removed at step 12", or
// "removed in the pencil marks given".
func (w Witness) Say(l *board.Layout, lang Lang) (string, error) {
	c, err := catalogueOf(lang)
	if err != nil {
		return "", err
	}
	ws := c.file.Words.Why
	x := wordsFor{w: &c.file.Words, l: l}
	switch {
	case w.Held:
		return subst(ws.Held, "holder", x.cell(w.Holder), "digit", w.Digit.String(), "house", x.house(w.House)), nil
	case w.Step > 0:
		return subst(ws.Step, "step", strconv.Itoa(w.Step), "digit", w.Digit.String()), nil
	case w.Cage:
		form := ws.Cage
		if w.InCombos {
			form = ws.CageCell
		}
		return subst(form, "size", strconv.Itoa(w.CageSum.Size()), "sum", strconv.Itoa(w.CageSum.Sum),
			"combos", x.w.Or.join(w.CageSum.Sums()), "digit", w.Digit.String(), "cell", x.cell(w.Cell)), nil
	}
	return subst(ws.Given, "digit", w.Digit.String()), nil
}

// placedIn reports whether d is placed in house h.
func placedIn(b *board.Board, h board.House, d board.Digit) bool {
	return b.PlacedIn(h).Has(d)
}

// Beam is one digit in a cell ruling out a digit in several cells at once through one
// house: what Japanese sites draw as a beam (ビーム) for a single.
type Beam struct {
	Holder board.Cell
	Digit  board.Digit
	House  board.House
	// Cells are the cells of the single's house that the holder rules out, in order.
	Cells []board.Cell
}

// StepRemoval is a set of candidates an earlier step removed: Cells lost Digits at Step.
type StepRemoval struct {
	Step   int
	Cells  []board.Cell
	Digits board.DigitSet
}

// Singles' witnesses, gathered for prose and pictures.
type SingleWitnesses struct {
	// Beams rule out the other empty cells of a hidden single's house, or the other
	// digits of a naked single's cell (one beam per holder, Cells just the single's cell).
	Beams []Beam
	// Steps are the candidates that earlier steps removed, by step.
	Steps []StepRemoval
	// Given lists the cells (hidden single) or digits (naked single) that lacked the
	// candidate in the pencil marks given, with no step to name.
	GivenCells  []board.Cell
	GivenDigits board.DigitSet
}

// Witnesses gathers why step s, a hidden single, naked single or full house taken on
// board b, holds: for a hidden single, what rules each other empty cell of its house out
// (peers holding the digit grouped by holder, each holder covering as many cells as it
// can, then the steps that removed it); for a naked single, which peer holds each other
// digit (or which step removed it). Any other step has no witnesses (ok false).
func Witnesses(b *board.Board, s Step, removed Removals) (w SingleWitnesses, ok bool) {
	if len(s.Placements) != 1 {
		return w, false
	}
	p := s.Placements[0]
	switch s.Technique {
	case "hidden-single":
		if len(s.Pattern.Houses) == 0 {
			return w, false
		}
		return hiddenWitnesses(b, p, s.Pattern.Houses[0], removed), true
	case "naked-single":
		return nakedWitnesses(b, p, removed), true
	}
	return w, false
}

func hiddenWitnesses(b *board.Board, p board.Candidate, h board.House, removed Removals) SingleWitnesses {
	l := b.Layout()
	d := p.Digit
	var open []board.Cell
	for _, c := range l.HouseCells(h) {
		if c != p.Cell && b.Value(c) == 0 {
			open = append(open, c)
		}
	}
	// Holders of d outside h, and which open cells each sees (through which house).
	type reach struct {
		holder board.Cell
		house  board.House
		cells  []board.Cell
	}
	var reaches []reach
	for _, c := range open {
		for _, hh := range l.HousesOf(c) {
			if hh == h || !placedIn(b, hh, d) {
				continue
			}
			holder := holderIn(b, hh, d)
			i := slices.IndexFunc(reaches, func(r reach) bool { return r.holder == holder && r.house == hh })
			if i < 0 {
				reaches = append(reaches, reach{holder: holder, house: hh})
				i = len(reaches) - 1
			}
			reaches[i].cells = append(reaches[i].cells, c)
		}
	}
	var w SingleWitnesses
	left := slices.Clone(open)
	// Greedy cover: the holder that sees the most cells still to explain goes first.
	for len(left) > 0 {
		best, bestN := -1, 0
		for i, r := range reaches {
			n := 0
			for _, c := range r.cells {
				if slices.Contains(left, c) {
					n++
				}
			}
			if n > bestN || n == bestN && n > 0 && r.holder < reaches[best].holder {
				best, bestN = i, n
			}
		}
		if best < 0 {
			break
		}
		r := reaches[best]
		beam := Beam{Holder: r.holder, Digit: d, House: r.house}
		for _, c := range r.cells {
			if i := slices.Index(left, c); i >= 0 {
				beam.Cells = append(beam.Cells, c)
				left = slices.Delete(left, i, i+1)
			}
		}
		w.Beams = append(w.Beams, beam)
	}
	slices.SortFunc(w.Beams, func(a, b Beam) int { return int(a.Holder) - int(b.Holder) })
	for _, c := range left {
		n := removed[board.Candidate{Cell: c, Digit: d}]
		if n == 0 {
			w.GivenCells = append(w.GivenCells, c)
			continue
		}
		w.addStep(n, c, d)
	}
	w.sortSteps()
	return w
}

func nakedWitnesses(b *board.Board, p board.Candidate, removed Removals) SingleWitnesses {
	l := b.Layout()
	var w SingleWitnesses
	for d := board.Digit(1); int(d) <= l.N(); d++ {
		if d == p.Digit {
			continue
		}
		why := WhyNot(b, p.Cell, d, removed)
		switch {
		case why.Held:
			w.Beams = append(w.Beams, Beam{Holder: why.Holder, Digit: d, House: why.House, Cells: []board.Cell{p.Cell}})
		case why.Step > 0:
			w.addStep(why.Step, p.Cell, d)
		default:
			w.GivenDigits = w.GivenDigits.With(d)
		}
	}
	w.sortSteps()
	return w
}

func (w *SingleWitnesses) addStep(n int, c board.Cell, d board.Digit) {
	i := slices.IndexFunc(w.Steps, func(s StepRemoval) bool { return s.Step == n })
	if i < 0 {
		w.Steps = append(w.Steps, StepRemoval{Step: n})
		i = len(w.Steps) - 1
	}
	sr := &w.Steps[i]
	if !slices.Contains(sr.Cells, c) {
		sr.Cells = append(sr.Cells, c)
	}
	sr.Digits = sr.Digits.With(d)
}

func (w *SingleWitnesses) sortSteps() {
	slices.SortFunc(w.Steps, func(a, b StepRemoval) int { return a.Step - b.Step })
}

// holderIn returns the cell of house h that holds d (d must be placed in h).
func holderIn(b *board.Board, h board.House, d board.Digit) board.Cell {
	for _, c := range b.Layout().HouseCells(h) {
		if b.Value(c) == d {
			return c
		}
	}
	return -1
}

// HouseDigits are digits that one house holds: the digits a naked single's row,
// column or box rules out.
type HouseDigits struct {
	House  board.House
	Digits board.DigitSet
	Cells  []board.Cell
	// Held pairs each digit with the cell that holds it.
	Held []board.Candidate
}

// ByHouse groups the beams by the house they shine through, in the order row, column,
// box of the first beam of each: for a naked single, "row 7 has 1, 2 and 7".
func (w SingleWitnesses) ByHouse() []HouseDigits {
	var out []HouseDigits
	for _, b := range w.Beams {
		i := slices.IndexFunc(out, func(g HouseDigits) bool { return g.House == b.House })
		if i < 0 {
			out = append(out, HouseDigits{House: b.House})
			i = len(out) - 1
		}
		out[i].Digits = out[i].Digits.With(b.Digit)
		out[i].Cells = append(out[i].Cells, b.Holder)
		out[i].Held = append(out[i].Held, board.Candidate{Cell: b.Holder, Digit: b.Digit})
	}
	slices.SortFunc(out, func(a, b HouseDigits) int { return int(a.House) - int(b.House) })
	return out
}

// Holders are the cells the beams start from, in order.
func (w SingleWitnesses) Holders() []board.Cell {
	out := make([]board.Cell, 0, len(w.Beams))
	for _, b := range w.Beams {
		if !slices.Contains(out, b.Holder) {
			out = append(out, b.Holder)
		}
	}
	return out
}
