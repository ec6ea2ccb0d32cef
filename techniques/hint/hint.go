// Package hint gives a stuck player a hint from their own grid: it checks the
// player's entries and pencil marks against the puzzle first, pointing out mistakes
// by place without revealing the solution, and otherwise finds the easiest next step
// and says it in stages (see explain.Hint): the technique, where, the reason, the move.
//
// It is the library behind `stepdoku hint` and the web app's /api/hint; the Hint it
// returns is their JSON answer.
package hint

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
)

// Request is what a hint is asked for.
type Request struct {
	// Puzzle is the original puzzle: its values are the givens. Required.
	Puzzle *board.Board
	// Grid is the player's grid: the givens and their own entries. Optional.
	Grid *board.Board
	// Marks are the player's pencil marks (see board.ParseMarks). Optional; a cell
	// without marks says nothing, and values placed in the marks ("+5") count as entries
	// where Grid has none.
	Marks *board.Marks
	// Level is how much to reveal, 1 to explain.HintLevels; 0 means 1.
	Level int
	// Lang is the language of the texts; "" means English.
	Lang explain.Lang
	// Techniques to look for the step with, in order; nil means techniques.Default().
	Techniques []techniques.Technique
}

// Status says what kind of answer a Hint is.
type Status string

// The statuses of a hint.
const (
	// Found: Hints hold the next step, up to Level.
	Found Status = "hint"
	// Mistakes: the player's grid or marks have mistakes (Mistakes); fix them first.
	Mistakes Status = "mistakes"
	// Invalid: the puzzle itself breaks a rule (Problem).
	Invalid Status = "invalid"
	// NoSolution: the puzzle has no solution.
	NoSolution Status = "no-solution"
	// GivenChanged: the player's grid does not keep a given of the puzzle (Problem).
	GivenChanged Status = "given-changed"
	// Solved: the player's grid is complete and right.
	Solved Status = "solved"
	// Stuck: the puzzle has several solutions and no technique applies, so no step
	// can be proven.
	Stuck Status = "stuck"
)

// MistakeKind says what is wrong in a cell.
type MistakeKind string

// The kinds of mistake.
const (
	// WrongEntry: the player's digit is not the solution's.
	WrongEntry MistakeKind = "wrong-entry"
	// Repeat: the player's digit repeats a digit of its row, column or box, which the
	// player can see (the text names the house and the other cell).
	Repeat MistakeKind = "repeat"
	// MarkRemoved: the cell's pencil marks lack the digit it needs.
	MarkRemoved MistakeKind = "mark-removed"
	// EntriesClash: the entries leave no solution together, though each alone would
	// (a puzzle with several solutions); no one cell is to blame.
	EntriesClash MistakeKind = "entries"
	// MarksClash: the pencil marks leave no solution (several solutions).
	MarksClash MistakeKind = "marks"
)

// Mistake is one mistake on the player's grid, revealed in stages by the request's
// level: 1 only that it is there (the count is the list's length), 2 its house, 3 its
// cell, 4 the digit that belongs there. A mistake of no one cell (the entries or
// marks together) is the same at every level.
type Mistake struct {
	// Cell in notation ("r1c2"), from level 3; empty for a mistake of no one cell.
	Cell string `json:"cell,omitempty"`
	// House in notation ("r1", "b3"), from level 2: where the clash is for a repeat,
	// else the cell's box.
	House string      `json:"house,omitempty"`
	Kind  MistakeKind `json:"kind"`
	// Text says the mistake in the request's language, as much as the level reveals.
	Text string `json:"text"`
	// Digit is the digit that belongs in Cell (a wrong entry's answer, a removed
	// mark), at level 4 when the puzzle has one solution.
	Digit int `json:"digit,omitempty"`

	// What the stages reveal: the cell, the house, the right digit (0 when not
	// known), and the texts without a place (detail1) and with it (detail3).
	c                board.Cell
	h                board.House
	right            board.Digit
	detail1, detail3 string
}

// Hint is the answer to a Request; its JSON form is what `stepdoku hint --format json`
// prints and /api/hint answers.
type Hint struct {
	Status Status `json:"status"`
	// Problem says why no hint can be given (Invalid, NoSolution, GivenChanged, Solved,
	// Stuck).
	Problem string `json:"problem,omitempty"`
	// Mistakes on the player's grid, by place, without the solution.
	Mistakes []Mistake `json:"mistakes,omitempty"`
	// Unique is true when the puzzle has exactly one solution. When it has several,
	// the step holds in every one of them (no uniqueness technique, no search) and Note
	// says so.
	Unique bool   `json:"unique"`
	Note   string `json:"note,omitempty"`
	// Technique is the ID of the step's technique; Level how much is revealed.
	Technique string `json:"technique,omitempty"`
	Level     int    `json:"level,omitempty"`
	// Hints holds one text per level up to Level. Level 3 fits a phone's screen;
	// Reason, when level 3 was cut to fit, is the whole of it (one press away).
	Hints  []string `json:"hints,omitempty"`
	Reason string   `json:"reason,omitempty"`
	// Step is the step itself, given only at the last level (it holds the answer).
	Step *explain.StepDoc `json:"step,omitempty"`
	// Board is the state the step was found on: the puzzle, the player's entries and
	// marks (to draw the hint on). Nil when no step was found.
	Board *board.Board `json:"-"`

	// heading is the first line of the text form (WriteText).
	heading string
}

// Give answers a hint request. The error is for a request that cannot be answered
// (no puzzle, a grid of another size, a level out of range, an unknown language) or a
// search that ctx stopped; what is wrong with the puzzle or the player's grid is in
// the Hint.
func Give(ctx context.Context, req Request) (Hint, error) {
	var h Hint
	if err := req.check(); err != nil {
		return h, err
	}
	level, lang := max(req.Level, 1), req.Lang
	if lang == "" {
		lang = explain.EN
	}
	if langs := explain.Languages(); !slices.Contains(langs, lang) {
		return h, fmt.Errorf("hint: unknown language %q (languages: %v; explain.ParseLang reads a code)", lang, langs)
	}
	g := giver{req: req, l: req.Puzzle.Layout(), lang: lang}
	h, err := g.give(ctx, level)
	if err != nil {
		return Hint{}, err
	}
	switch {
	case len(h.Mistakes) > 0:
		h.Status, h.Level = Mistakes, level
		for i := range h.Mistakes {
			g.stage(&h.Mistakes[i], level)
		}
		h.heading, err = g.say(explain.HintNote{Key: explain.HintMistakes, N: len(h.Mistakes)})
	case h.Problem != "":
		h.heading, err = g.say(explain.HintNote{Key: explain.HintNoHint, Detail: h.Problem})
	}
	return h, err
}

func (req Request) check() error {
	if req.Puzzle == nil {
		return errors.New("hint: no puzzle")
	}
	if req.Level < 0 || req.Level > explain.HintLevels {
		return fmt.Errorf("hint: level %d: want 1 to %d", req.Level, explain.HintLevels)
	}
	l := req.Puzzle.Layout()
	if req.Grid != nil && req.Grid.Layout() != l {
		return fmt.Errorf("hint: the grid is %dx%d, the puzzle %dx%d", req.Grid.Layout().N(), req.Grid.Layout().N(), l.N(), l.N())
	}
	if req.Marks != nil && req.Marks.Layout() != l {
		return fmt.Errorf("hint: the marks are %dx%d, the puzzle %dx%d", req.Marks.Layout().N(), req.Marks.Layout().N(), l.N(), l.N())
	}
	return nil
}

// giver holds one request while it is answered.
type giver struct {
	req  Request
	l    *board.Layout
	lang explain.Lang
}

func (g giver) say(n explain.HintNote) (string, error) { return n.Say(g.l, g.lang) }

// must says a note in a language Give has checked, with a key explain defines: it
// cannot fail but for a broken catalogue, which explain's tests catch.
func (g giver) must(n explain.HintNote) string {
	s, err := g.say(n)
	if err != nil {
		return string(n.Key)
	}
	return s
}

func (g giver) give(ctx context.Context, level int) (Hint, error) {
	var h Hint
	pz, l := g.req.Puzzle, g.l
	if ps := pz.Problems(); len(ps) > 0 {
		h.Status, h.Problem = Invalid, g.must(explain.HintNote{Key: explain.HintInvalid, Detail: ps[0].Describe(l)})
		return h, nil
	}
	sols, err := fallback.Solutions(ctx, pz, 2)
	if err != nil {
		return h, err
	}
	if len(sols) == 0 {
		h.Status, h.Problem = NoSolution, g.must(explain.HintNote{Key: explain.HintNoSolution})
		return h, nil
	}
	h.Unique = len(sols) == 1
	entries, changed, ok := g.entries()
	if !ok {
		h.Status = GivenChanged
		h.Problem = g.must(explain.HintNote{Key: explain.HintGivenChanged, Cell: changed, Digit: pz.Value(changed)})
		return h, nil
	}
	st := pz.Clone()
	if h.Mistakes, err = g.checkEntries(ctx, st, entries, sols, h.Unique); err != nil || len(h.Mistakes) > 0 {
		return h, err
	}
	if h.Mistakes, err = g.checkMarks(ctx, st, entries, sols, h.Unique); err != nil || len(h.Mistakes) > 0 {
		return h, err
	}
	if st.Solved() {
		h.Status, h.Problem = Solved, g.must(explain.HintNote{Key: explain.HintSolved})
		return h, nil
	}
	ts := g.req.Techniques
	if ts == nil {
		ts = techniques.Default()
	}
	k := techniques.Knowledge{Unique: h.Unique}
	step, _, found, err := techniques.First(ctx, st, ts, k)
	if err != nil {
		return h, err
	}
	if !found {
		if !h.Unique {
			h.Status, h.Problem = Stuck, g.must(explain.HintNote{Key: explain.HintStuck})
			return h, nil
		}
		if step, err = techniques.SearchStep(ctx, st, k); err != nil {
			return h, err
		}
	}
	h.Status, h.Technique, h.Level, h.Board = Found, step.Technique, level, st
	if !h.Unique {
		h.Note = g.must(explain.HintNote{Key: explain.HintNotUnique})
	}
	if h.Hints, err = explain.HintOn(l, st, step, level, g.lang); err != nil {
		return h, err
	}
	if level >= 3 {
		full, err := explain.HintReason(l, st, step, g.lang)
		if err != nil {
			return h, err
		}
		if full != h.Hints[2] {
			h.Reason = full
		}
	}
	if level == explain.HintLevels {
		doc, err := explain.NewStepDoc(l, step, g.lang)
		if err != nil {
			return h, err
		}
		h.Step = &doc
	}
	return h, nil
}

// entries returns the player's entries, per cell (0 where none): the digits of Grid
// in cells the puzzle leaves empty, else values placed in Marks. ok is false when Grid
// changes a given (changed).
func (g giver) entries() (entries []board.Digit, changed board.Cell, ok bool) {
	pz, grid, marks := g.req.Puzzle, g.req.Grid, g.req.Marks
	entries = make([]board.Digit, g.l.Cells())
	for c := range board.Cell(g.l.Cells()) {
		given := pz.Value(c)
		if grid != nil && given != 0 && grid.Value(c) != given {
			return nil, c, false
		}
		if given != 0 {
			continue
		}
		if grid != nil {
			entries[c] = grid.Value(c)
		}
		if entries[c] == 0 && marks != nil {
			entries[c] = marks.Value(c)
		}
	}
	return entries, 0, true
}

// checkEntries places the right entries on st and returns the wrong ones. With one
// solution an entry is wrong when it is not the solution's digit; with several, when
// no solution has it (and, last, when the entries leave none together).
func (g giver) checkEntries(ctx context.Context, st *board.Board, entries []board.Digit, sols [][]board.Digit, unique bool) ([]Mistake, error) {
	var out []Mistake
	pz := g.req.Puzzle
	for c, d := range entries {
		c := board.Cell(c)
		if d == 0 {
			continue
		}
		wrong := unique && d != sols[0][c]
		if !unique {
			// Placed alone on the puzzle, does the entry leave a solution?
			alone := pz.Clone()
			if !alone.Has(c, d) {
				wrong = true
			} else {
				_ = alone.Place(c, d) // an empty cell and a digit of the layout
				n, err := fallback.Count(ctx, alone, 1)
				if err != nil {
					return nil, err
				}
				wrong = n == 0
			}
		}
		if !wrong {
			_ = st.Place(c, d) // an empty cell and a digit of the layout
			continue
		}
		m := g.wrongEntry(c, d, entries)
		if unique {
			m.right = sols[0][c]
		}
		out = append(out, m)
	}
	if len(out) == 0 && !unique {
		n, err := fallback.Count(ctx, st, 1)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			out = append(out, Mistake{Kind: EntriesClash, Text: g.must(explain.HintNote{Key: explain.HintEntriesNoSolution})})
		}
	}
	return out, nil
}

// wrongEntry words a wrong entry d in c: when the same digit stands in one of its
// houses, the player can see the clash, so the mistake names it (a given first, else
// another entry); otherwise only the place is named.
func (g giver) wrongEntry(c board.Cell, d board.Digit, entries []board.Digit) Mistake {
	pz, l := g.req.Puzzle, g.l
	other, house, found := board.Cell(-1), board.House(0), false
	for _, givenOnly := range []bool{true, false} {
		for _, h := range l.HousesOf(c) {
			for _, o := range l.HouseCells(h) {
				if o == c {
					continue
				}
				if pz.Value(o) == d || !givenOnly && entries[o] == d {
					other, house, found = o, h, true
					break
				}
			}
			if found {
				break
			}
		}
		if found {
			break
		}
	}
	m := Mistake{Kind: WrongEntry, c: c, h: l.HousesOf(c)[2]}
	m.detail1 = g.must(explain.HintNote{Key: explain.HintWrongEntry, Cell: c})
	m.detail3 = m.detail1
	if found {
		m.Kind, m.h = Repeat, house
		m.detail3 = g.must(explain.HintNote{Key: explain.HintRepeat, Cell: c, Other: other, House: house, Digit: d})
	}
	return m
}

// stage fills what m reveals at level: the text alone, then the house, the cell,
// the digit that belongs there.
func (g giver) stage(m *Mistake, level int) {
	if m.detail1 == "" {
		return // a mistake of no one cell: its text is all there is
	}
	l := g.l
	switch {
	case level <= 1:
		m.Text = m.detail1
	case level == 2:
		m.House = l.HouseName(m.h)
		m.Text = g.must(explain.HintNote{Key: explain.HintMistakeIn, House: m.h, Detail: m.detail1})
	case level == 3 || m.right == 0:
		m.House, m.Cell = l.HouseName(m.h), l.CellName(m.c)
		m.Text = g.must(explain.HintNote{Key: explain.HintMistakeAt, Cell: m.c, Detail: m.detail3})
	default:
		m.House, m.Cell, m.Digit = l.HouseName(m.h), l.CellName(m.c), int(m.right)
		key := explain.HintMistakeDigit
		if m.Kind == MarkRemoved {
			key = explain.HintMarkDigit
		}
		m.Text = g.must(explain.HintNote{Key: key, Cell: m.c, Digit: m.right})
	}
}

// checkMarks narrows st's candidates to the player's marks and returns the cells whose
// marks lack the digit they need. Cells with a value or an entry (even a wrong one) are
// judged by it, not by their marks; cells without marks say nothing.
func (g giver) checkMarks(ctx context.Context, st *board.Board, entries []board.Digit, sols [][]board.Digit, unique bool) ([]Mistake, error) {
	marks := g.req.Marks
	if marks == nil {
		return nil, nil
	}
	var out []Mistake
	for c := range board.Cell(g.l.Cells()) {
		marked, ok := marks.Of(c)
		if !ok || st.Value(c) != 0 || entries[c] != 0 {
			continue
		}
		if unique && !marked.Has(sols[0][c]) || !unique && st.Candidates(c)&marked == 0 {
			m := Mistake{Kind: MarkRemoved, c: c, h: g.l.HousesOf(c)[2]}
			m.detail1 = g.must(explain.HintNote{Key: explain.HintMarkRemoved, Cell: c})
			m.detail3 = m.detail1
			if unique {
				m.right = sols[0][c]
			}
			out = append(out, m)
			continue
		}
		st.SetCandidates(c, st.Candidates(c)&marked)
	}
	if len(out) == 0 && !unique {
		n, err := fallback.Count(ctx, st, 1)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			out = append(out, Mistake{Kind: MarksClash, Text: g.must(explain.HintNote{Key: explain.HintMarksNoSolution})})
		}
	}
	return out, nil
}

// WriteText writes the hint as `stepdoku hint` prints it: one numbered line per level
// (and the note on a puzzle with several solutions), or the mistakes, or why there is
// no hint.
func (h Hint) WriteText(w io.Writer) error {
	var err error
	p := func(format string, args ...any) {
		if err == nil {
			_, err = fmt.Fprintf(w, format, args...)
		}
	}
	switch {
	case len(h.Mistakes) > 0:
		p("%s\n", h.heading)
		for _, m := range h.Mistakes {
			p("  - %s\n", m.Text)
		}
	case h.Problem != "":
		p("%s\n", h.heading)
	default:
		if h.Note != "" {
			p("%s\n", h.Note)
		}
		for i, t := range h.Hints {
			p("%d. %s\n", i+1, t)
		}
	}
	return err
}
