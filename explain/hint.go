package explain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stepdoku/stepdoku/board"
)

// HintLevels is the number of stages a hint is revealed in: 1 the technique to look
// for, 2 where (houses or cells, and digits), 3 the full reason, 4 the move.
const HintLevels = 4

// hintWords are the hint block of a catalogue: the sentences of each stage and what a
// hint says about the player's grid. See the end of messages/en.yaml.
type hintWords struct {
	Look          string `yaml:"look"`
	Where         string `yaml:"where"`
	WhereNoDigits string `yaml:"where_no_digits"`
	// FullHouse, NakedSingle and HiddenSingle are level 3 for the singles: the reason
	// without the digit, which only the move (level 4) gives.
	FullHouse    string `yaml:"full_house"`
	NakedSingle  string `yaml:"naked_single"`
	HiddenSingle string `yaml:"hidden_single"`
	// HiddenSingleWhy is level 3 of a hidden single when the board is known: {house},
	// {digit} and {why}, the witnesses (HiddenSingleHeld, with {digit} {holder}
	// {cells} {house}, and HiddenSingleGone, with {digit} {cells}) joined by
	// HiddenSingleSep. It names what rules out the other cells, not the cell left.
	HiddenSingleWhy  string `yaml:"hidden_single_why"`
	HiddenSingleHeld string `yaml:"hidden_single_held"`
	HiddenSingleGone string `yaml:"hidden_single_gone"`
	HiddenSingleSep  string `yaml:"hidden_single_sep"`
	// NakedSingleWhy is level 3 of a naked single when the board is known: {cell} and
	// {why}, the witnesses (NakedSingleHeld, with {house} {digits} {cells}: the digits
	// a house already holds; NakedSingleGone, with {digits}: those no longer
	// candidates) joined by HiddenSingleSep. It names each digit's witness, not the
	// digit left.
	NakedSingleWhy  string `yaml:"naked_single_why"`
	NakedSingleHeld string `yaml:"naked_single_held"`
	NakedSingleGone string `yaml:"naked_single_gone"`
	MovePlace       string `yaml:"move_place"`
	MoveRemove      string `yaml:"move_remove"`
	MoveBoth        string `yaml:"move_both"`
	// Removal replaces words.removal in the move ("の候補から" reads better there).
	Removal  string `yaml:"removal"`
	Notation string `yaml:"notation"`
	// More ends a level 3 cut to fit a screen (hintScreen): where the rest is.
	More string `yaml:"more"`
	// Messages holds one form per HintKey.
	Messages map[string]string `yaml:"messages"`
}

// HintKey names a message of a hint that is not about a step. The messages about
// mistakes are staged as a step's hint is: that there are mistakes and how many (1),
// the house of each (2), its cell (3), the digit that belongs there (4).
type HintKey string

// The hint messages. None but HintMistakeDigit and HintMarkDigit (the last stage of
// a mistake) names the right digit of a cell.
const (
	// HintInvalid: the puzzle breaks a rule; Detail says which.
	HintInvalid HintKey = "invalid"
	// HintNoSolution: the puzzle has no solution.
	HintNoSolution HintKey = "no_solution"
	// HintNotUnique: the puzzle has several solutions; the step holds in all of them.
	HintNotUnique HintKey = "not_unique"
	// HintStuck: several solutions and no technique applies.
	HintStuck HintKey = "stuck"
	// HintSolved: nothing is left to do.
	HintSolved HintKey = "solved"
	// HintGivenChanged: the player's grid has another digit in a given's Cell (Digit).
	HintGivenChanged HintKey = "given_changed"
	// HintWrongEntry: the entry in Cell is not the solution's.
	HintWrongEntry HintKey = "wrong_entry"
	// HintRepeat: the entry in Cell repeats the Digit at Other in House.
	HintRepeat HintKey = "repeat"
	// HintMarkRemoved: the marks of Cell lack the digit the cell needs.
	HintMarkRemoved HintKey = "mark_removed"
	// HintEntriesNoSolution: the entries, each possible alone, leave no solution together.
	HintEntriesNoSolution HintKey = "entries_no_solution"
	// HintMarksNoSolution: the pencil marks leave no solution.
	HintMarksNoSolution HintKey = "marks_no_solution"
	// HintNoHint: the heading of a reason (Detail) why no hint is given.
	HintNoHint HintKey = "no_hint"
	// HintMistakes: the heading of a list of N mistakes.
	HintMistakes HintKey = "mistakes"
	// HintMistakeIn: a mistake's house (level 2 of a mistake), with Detail what is
	// wrong.
	HintMistakeIn HintKey = "mistake_in"
	// HintMistakeAt: a mistake's Cell (level 3), with Detail what is wrong.
	HintMistakeAt HintKey = "mistake_at"
	// HintMistakeDigit: the Digit that belongs in a mistake's Cell (level 4).
	HintMistakeDigit HintKey = "mistake_digit"
	// HintMarkDigit: the pencil mark Digit that a Cell needs (level 4).
	HintMarkDigit HintKey = "mark_digit"
)

// hintKeys are the messages every catalogue must have.
var hintKeys = []HintKey{HintInvalid, HintNoSolution, HintNotUnique, HintStuck, HintSolved,
	HintGivenChanged, HintWrongEntry, HintRepeat, HintMarkRemoved, HintEntriesNoSolution,
	HintMarksNoSolution, HintNoHint, HintMistakes, HintMistakeIn, HintMistakeAt, HintMistakeDigit, HintMarkDigit}

// check reports a missing form or message, and a message no HintKey names. A
// catalogue without a hint block borrows the English one (see hintWordsOf);
// TestHintCatalogues holds the shipped catalogues to a complete block.
func (h hintWords) check(add func(format string, args ...any)) {
	if h.Look == "" && len(h.Messages) == 0 {
		return
	}
	for key, v := range map[string]string{"look": h.Look, "where": h.Where, "where_no_digits": h.WhereNoDigits,
		"full_house": h.FullHouse, "naked_single": h.NakedSingle, "hidden_single": h.HiddenSingle,
		"hidden_single_why": h.HiddenSingleWhy, "hidden_single_held": h.HiddenSingleHeld,
		"hidden_single_gone": h.HiddenSingleGone, "hidden_single_sep": h.HiddenSingleSep,
		"naked_single_why": h.NakedSingleWhy, "naked_single_held": h.NakedSingleHeld, "naked_single_gone": h.NakedSingleGone,
		"move_place": h.MovePlace, "move_remove": h.MoveRemove, "move_both": h.MoveBoth,
		"removal": h.Removal, "notation": h.Notation, "more": h.More} {
		if v == "" {
			add("hint.%s is empty", key)
		}
	}
	for _, k := range hintKeys {
		if h.Messages[string(k)] == "" {
			add("hint.messages.%s is empty", k)
		}
	}
	for k := range h.Messages {
		if !slices.Contains(hintKeys, HintKey(k)) {
			add("hint.messages.%s: no such message", k)
		}
	}
}

// HintNote is a sentence of a hint about the puzzle or the player's grid rather than
// about a step: a mistake, or why no hint is given. Key picks the message; the other
// fields fill the ones it needs.
type HintNote struct {
	Key HintKey
	// Cell is the cell the note is about; Other the cell it clashes with.
	Cell, Other board.Cell
	// House is where the clash is; Digit the digit that repeats (or the given's).
	House board.House
	Digit board.Digit
	// N is a count; Detail a sentence to include (a problem, a reason).
	N      int
	Detail string
}

// Say writes the note in lang, on layout l.
func (n HintNote) Say(l *board.Layout, lang Lang) (string, error) {
	c, err := catalogueOf(lang)
	if err != nil {
		return "", err
	}
	form, ok := hintWordsOf(c).Messages[string(n.Key)]
	if !ok {
		return "", fmt.Errorf("explain: no hint message %q", n.Key)
	}
	x := wordsFor{w: &c.file.Words, l: l}
	return subst(form,
		"cell", x.cell(n.Cell), "other", x.cell(n.Other),
		"house", x.house(n.House), "digit", n.Digit.String(),
		"n", strconv.Itoa(n.N), "detail", n.Detail), nil
}

// Hint says step s to a stuck player in stages: the result holds one text per level,
// up to level (1 to HintLevels), so an app can reveal them one by one. It is HintOn
// without the board, whose level 3 cannot name a single's witnesses.
func Hint(l *board.Layout, s Step, level int, lang Lang) ([]string, error) {
	return HintOn(l, nil, s, level, lang)
}

// HintOn says step s, taken on board b (nil when not known), in stages:
//
//  1. the technique to look for;
//  2. the one place to look at (see hintWhere), with the digits: a single's house, a
//     pivot, a base, the pattern's houses, or at most six cells. Never a cell that
//     changes;
//  3. why: the step's reason without its conclusion (the clauses that say what to
//     remove or place are left out), cut to fit a screen (HintReason is all of it);
//     for a single on a known board, the witnesses: what rules out each other cell of
//     a hidden single's house, or each other digit of a naked single's cell;
//  4. the move, as a sentence with a verb, and the heading (the one-liner in English).
func HintOn(l *board.Layout, b *board.Board, s Step, level int, lang Lang) ([]string, error) {
	if level < 1 || level > HintLevels {
		return nil, fmt.Errorf("explain: hint level %d: want 1 to %d", level, HintLevels)
	}
	c, err := catalogueOf(lang)
	if err != nil {
		return nil, err
	}
	hw := hintWordsOf(c)
	x := wordsFor{w: &c.file.Words, l: l}
	out := []string{subst(hw.Look, "name", TechniqueName(s.Technique, lang))}
	if level >= 2 {
		where, digits := hintWhere(x, hw, s)
		if digits != 0 {
			out = append(out, subst(hw.Where, "where", where, "digits", x.w.Or.join(digitList(digits))))
		} else {
			out = append(out, subst(hw.WhereNoDigits, "where", where))
		}
	}
	if level >= 3 {
		p, err := hintReason(c, x, hw, l, b, s)
		if err != nil {
			return nil, err
		}
		out = append(out, fitScreen(p, hw.More))
	}
	if level >= 4 {
		// The notation in brackets: the one-liner in English, the heading (the
		// technique's name and cells in the language) elsewhere.
		out = append(out, hintMove(x, hw, s)+c.file.Words.LineJoin+subst(hw.Notation, "line", c.heading(l, s)))
	}
	return out, nil
}

// hintReason is the full level 3 of a hint: the reason without its conclusion.
func hintReason(c *catalogue, x wordsFor, hw hintWords, l *board.Layout, b *board.Board, s Step) (string, error) {
	if p, ok := singleReason(x, hw, b, s); ok {
		return p, nil
	}
	return c.reason(l, b, s)
}

// HintReason is level 3 of HintOn in full: a hint's level 3 is cut to fit a phone's
// screen (hintScreen), and an app that offers the rest one press away asks for this.
func HintReason(l *board.Layout, b *board.Board, s Step, lang Lang) (string, error) {
	c, err := catalogueOf(lang)
	if err != nil {
		return "", err
	}
	return hintReason(c, wordsFor{w: &c.file.Words, l: l}, hintWordsOf(c), l, b, s)
}

// hintScreen is how many columns of text level 3 of a hint may take (a Japanese
// character two): about what a phone shows without scrolling, 15 lines of 40.
const hintScreen = 600

// fitScreen cuts a reason longer than hintScreen after its last whole sentence (or
// line) that fits, and ends it with more, which says where the rest is.
func fitScreen(p, more string) string {
	room := hintScreen - textWidth(more) - 1 // and a space before more
	if textWidth(p) <= hintScreen {
		return p
	}
	cut, word, cols := 0, 0, 0
	for i, r := range p {
		if cols += textWidth(string(r)); cols > room {
			if cut == 0 {
				// No sentence end fits: cut between words (or characters).
				cut = i
				if word > 0 {
					cut = word
				}
			}
			break
		}
		switch {
		case r == '。' || r == '\n':
			cut = i + utf8.RuneLen(r)
		case r == '.' && (i+1 == len(p) || p[i+1] == ' '):
			cut = i + 1
		case r == ' ':
			word = i
		}
	}
	head := strings.TrimSpace(p[:cut])
	sep := " "
	if strings.HasSuffix(head, "。") {
		sep = ""
	}
	return head + sep + more
}

// Markers around what removals and placements write in a reason (see reason).
const (
	conclusionStart = "\x00"
	conclusionEnd   = "\x01"
)

// reason renders the prose of s (on board b, when known) without its conclusion: the
// helpers that write removals and placements mark what they write, and each clause or
// sentence holding a mark is dropped ("...: remove 5 from r1c2." keeps "...").
func (c *catalogue) reason(l *board.Layout, b *board.Board, s Step) (string, error) {
	t, err := c.bind(l)
	if err != nil {
		return "", err
	}
	if _, ok := c.file.Techniques[s.Technique]; ok {
		if err := c.need(t, s.Technique); err != nil {
			return "", err
		}
	}
	mt, err := t.Clone()
	if err != nil {
		return "", err
	}
	x := wordsFor{w: &c.file.Words, l: l}
	mt.Funcs(map[string]any{
		"removals":   func(cs []board.Candidate) string { return conclusionStart + x.removals(cs) + conclusionEnd },
		"placements": func(cs []board.Candidate) string { return conclusionStart + x.placements(cs) + conclusionEnd },
	})
	data := c.data(l, s)
	data.Board = b
	out, err := c.render(mt, data)
	if err != nil {
		return "", err
	}
	return dropConclusions(out), nil
}

// dropConclusions removes each clause that holds a marked conclusion: from the colon
// or sentence start before it to the end of its sentence. A colon clause keeps the
// sentence's full stop.
func dropConclusions(s string) string {
	for {
		i := strings.Index(s, conclusionStart)
		if i < 0 {
			break
		}
		j := strings.Index(s[i:], conclusionEnd)
		if j < 0 {
			break
		}
		j += i + len(conclusionEnd)
		// The sentence end after the mark.
		end := len(s)
		if k := strings.IndexAny(s[j:], ".。"); k >= 0 {
			_, size := utf8.DecodeRuneInString(s[j+k:])
			end = j + k + size
		}
		// The clause start before it: after a sentence end, or at a colon.
		start, stop := 0, ""
		for k := i - 1; k >= 0; k-- {
			if s[k] == ':' {
				start, stop = k, "."
				break
			}
			if s[k] == '.' && k+1 < len(s) && s[k+1] == ' ' {
				start = k + 2
				break
			}
			if strings.HasSuffix(s[:k+1], "。") || strings.HasSuffix(s[:k+1], "：") {
				start = k + 1
				if strings.HasSuffix(s[:k+1], "：") {
					start, stop = k+1-len("："), "。"
				}
				break
			}
		}
		if stop != "" && strings.HasSuffix(s[:end], "。") {
			stop = "。"
		}
		s = strings.TrimRight(s[:start], " ") + stop + s[end:]
	}
	return strings.TrimSpace(strings.ReplaceAll(strings.ReplaceAll(s, "  ", " "), ". .", "."))
}

// hintWordsOf returns the hint block of c, or the English one when c has none.
func hintWordsOf(c *catalogue) hintWords {
	if c.file.Hint.Look != "" {
		return c.file.Hint
	}
	if en, err := loadCatalogue(EN); err == nil {
		return en.file.Hint
	}
	return c.file.Hint
}

// hintCells is the most cells level 2 of a hint names: more would show the pattern.
const hintCells = 6

// hintWhere names the one place to look at for a step, and the digits to look for
// there (none when naming them would give the move away), without giving the pattern
// away: a single's house (and digit, for a hidden single; a naked single's box); a
// wing's pivot; the first set of a pattern that says so (a junior exocet's base); the
// pattern's houses (a fish's base lines, a pointing pair's box) without its cells;
// else its cells, its first set's or its chain's first node, at most hintCells of them.
// The cells that gain or lose a candidate are never named: finding them is the move.
func hintWhere(x wordsFor, hw hintWords, s Step) (string, board.DigitSet) {
	p := s.Pattern
	if len(s.Placements) == 1 && len(s.Eliminations) == 0 {
		// A hidden single is found by scanning its house for its digit; naming both
		// still leaves the cell to find.
		switch {
		case s.Technique == "hidden-single" && len(p.Houses) > 0:
			return x.houses(p.Houses[:1]), p.Digits
		case s.Technique == "full-house" && len(p.Houses) > 0:
			return x.houses(p.Houses[:1]), 0
		case s.Technique == "naked-single":
			// The cell is the move: its box is where to look for a cell with one
			// candidate left.
			return x.house(x.l.HousesOf(s.Placements[0].Cell)[2]), 0
		}
	}
	changed := map[board.Cell]bool{}
	for _, c := range append(slices.Clone(s.Placements), s.Eliminations...) {
		changed[c.Cell] = true
	}
	keep := func(cs []board.Cell) []board.Cell {
		var out []board.Cell
		for _, c := range cs {
			if !changed[c] && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
		return sortCells(out)
	}
	digits := p.Digits
	if digits == 0 {
		for _, ch := range p.Chains {
			for _, n := range ch.Nodes {
				digits |= n.Digits
			}
		}
	}
	cellsAt := func(cs []board.Cell) string { return x.w.And.join(x.cellList(cs)) }
	if c, ok := Pivot(s); ok && !changed[c] {
		return cellsAt([]board.Cell{c}), digits
	}
	if en, err := loadCatalogue(EN); err == nil && en.file.Techniques[s.Technique].HintAt == "set" && len(p.Sets) > 0 {
		set := p.Sets[0].Cells
		if cs := keep(set); len(cs) == len(set) && len(cs) <= hintCells {
			return cellsAt(cs), digits
		}
		// The set changes: the box (or line) that holds it.
		if hs := SharedHouses(x.l, set); len(hs) > 0 {
			return x.house(hs[len(hs)-1]), digits
		}
	}
	houses := p.Houses
	if len(p.Base) > 0 {
		houses = p.Base
	}
	if len(houses) > 0 {
		return x.houses(houses), digits
	}
	var tries [][]board.Cell
	tries = append(tries, append(slices.Clone(p.Cells), p.Fins...))
	if len(p.Sets) > 0 {
		tries = append(tries, p.Sets[0].Cells)
	}
	if len(p.Chains) > 0 && len(p.Chains[0].Nodes) > 0 {
		tries = append(tries, p.Chains[0].Nodes[0].Cells)
	}
	for _, t := range tries {
		if cs := keep(t); len(cs) > 0 && len(cs) <= hintCells {
			return cellsAt(cs), digits
		}
	}
	// Nothing small that does not change: the houses the changed cells share, or
	// the first of them.
	var cs []board.Cell
	for c := range changed {
		cs = append(cs, c)
	}
	cs = sortCells(cs)
	if hs := SharedHouses(x.l, cs); len(hs) > 0 {
		return x.houses(hs[:1]), digits
	}
	hs := x.l.HousesOf(cs[0])
	return x.house(hs[0]), digits
}

// singleReason is level 3 for the singles: why the cell is determined, without the
// digit. Other techniques (ok false) use their prose.
func singleReason(x wordsFor, hw hintWords, b *board.Board, s Step) (string, bool) {
	if len(s.Placements) != 1 {
		return "", false
	}
	if b != nil && s.Technique == "hidden-single" && hw.HiddenSingleWhy != "" {
		if w, ok := Witnesses(b, s, Removals{}); ok && len(s.Pattern.Houses) > 0 {
			h := s.Pattern.Houses[0]
			d := s.Placements[0].Digit.String()
			var why []string
			for _, bm := range w.Beams {
				why = append(why, subst(hw.HiddenSingleHeld, "digit", d, "holder", x.cell(bm.Holder),
					"cells", x.w.And.join(x.cellList(bm.Cells)), "house", x.house(bm.House)))
			}
			var gone []board.Cell
			for _, st := range w.Steps {
				gone = append(gone, st.Cells...)
			}
			if gone = append(gone, w.GivenCells...); len(gone) > 0 {
				why = append(why, subst(hw.HiddenSingleGone, "digit", d, "cells", x.w.And.join(x.cellList(sortCells(gone)))))
			}
			if len(why) > 0 {
				return x.capitalize(subst(hw.HiddenSingleWhy, "house", x.house(h), "digit", d,
					"why", strings.Join(why, hw.HiddenSingleSep))), true
			}
		}
	}
	if b != nil && s.Technique == "naked-single" && hw.NakedSingleWhy != "" {
		if w, ok := Witnesses(b, s, Removals{}); ok {
			var why []string
			for _, g := range w.ByHouse() {
				why = append(why, subst(hw.NakedSingleHeld, "house", x.house(g.House),
					"digits", x.w.And.join(digitList(g.Digits)), "cells", x.w.And.join(x.cellList(g.Cells))))
			}
			gone := w.GivenDigits
			for _, st := range w.Steps {
				gone |= st.Digits
			}
			if gone != 0 {
				why = append(why, subst(hw.NakedSingleGone, "digits", x.w.And.join(digitList(gone))))
			}
			if len(why) > 0 {
				return x.capitalize(subst(hw.NakedSingleWhy, "cell", x.cell(s.Placements[0].Cell),
					"why", strings.Join(why, hw.HiddenSingleSep))), true
			}
		}
	}
	cell := x.cell(s.Placements[0].Cell)
	var house string
	if len(s.Pattern.Houses) > 0 {
		house = x.house(s.Pattern.Houses[0])
	}
	var form string
	switch {
	case s.Technique == "naked-single":
		form = hw.NakedSingle
	case s.Technique == "hidden-single" && house != "":
		form = hw.HiddenSingle
	case s.Technique == "full-house" && house != "":
		form = hw.FullHouse
	default:
		return "", false
	}
	return x.capitalize(subst(form, "cell", cell, "house", house)), true
}

// hintMove says the move of a step as a sentence: "Remove 8 from r1c4 and r3c4.",
// "Place 5 in r3c7."
func hintMove(x wordsFor, hw hintWords, s Step) string {
	w := *x.w
	w.Removal = hw.Removal
	xr := wordsFor{w: &w, l: x.l}
	switch {
	case len(s.Placements) > 0 && len(s.Eliminations) > 0:
		return subst(hw.MoveBoth, "placements", x.placements(s.Placements), "removals", xr.removals(s.Eliminations))
	case len(s.Placements) > 0:
		return subst(hw.MovePlace, "placements", x.placements(s.Placements))
	}
	return subst(hw.MoveRemove, "removals", xr.removals(s.Eliminations))
}
