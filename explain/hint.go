package explain

import (
	"fmt"
	"slices"
	"strconv"

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
	MovePlace    string `yaml:"move_place"`
	MoveRemove   string `yaml:"move_remove"`
	MoveBoth     string `yaml:"move_both"`
	// Removal replaces words.removal in the move ("の候補から" reads better there).
	Removal  string `yaml:"removal"`
	Notation string `yaml:"notation"`
	// Messages holds one form per HintKey.
	Messages map[string]string `yaml:"messages"`
}

// HintKey names a message of a hint that is not about a step.
type HintKey string

// The hint messages. None of them names the right digit of a cell.
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
)

// hintKeys are the messages every catalogue must have.
var hintKeys = []HintKey{HintInvalid, HintNoSolution, HintNotUnique, HintStuck, HintSolved,
	HintGivenChanged, HintWrongEntry, HintRepeat, HintMarkRemoved, HintEntriesNoSolution,
	HintMarksNoSolution, HintNoHint, HintMistakes}

// check reports a missing form or message, and a message no HintKey names. A
// catalogue without a hint block borrows the English one (see hintWordsOf);
// TestHintCatalogues holds the shipped catalogues to a complete block.
func (h hintWords) check(add func(format string, args ...any)) {
	if h.Look == "" && len(h.Messages) == 0 {
		return
	}
	for key, v := range map[string]string{"look": h.Look, "where": h.Where, "where_no_digits": h.WhereNoDigits,
		"full_house": h.FullHouse, "naked_single": h.NakedSingle, "hidden_single": h.HiddenSingle,
		"move_place": h.MovePlace, "move_remove": h.MoveRemove, "move_both": h.MoveBoth,
		"removal": h.Removal, "notation": h.Notation} {
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
		"cell", l.CellName(n.Cell), "other", l.CellName(n.Other),
		"house", x.house(n.House), "digit", n.Digit.String(),
		"n", strconv.Itoa(n.N), "detail", n.Detail), nil
}

// Hint says step s to a stuck player in stages: the result holds one text per level,
// up to level (1 to HintLevels), so an app can reveal them one by one.
//
//  1. the technique to look for;
//  2. where its conclusion lands: the cells that lose candidates and the digits they
//     lose, or the house a hidden single is in and its digit, or the cell a digit goes
//     in (never the digit: that is the move);
//  3. the reason: the step's prose, or for a single a sentence without its digit;
//  4. the move, as a sentence with a verb, and the one-liner.
func Hint(l *board.Layout, s Step, level int, lang Lang) ([]string, error) {
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
		where, digits := hintWhere(x, s)
		if digits != 0 {
			out = append(out, subst(hw.Where, "where", where, "digits", x.w.Or.join(digitList(digits))))
		} else {
			out = append(out, subst(hw.WhereNoDigits, "where", where))
		}
	}
	if level >= 3 {
		p, ok := singleReason(x, hw, s)
		if !ok {
			if p, err = Prose(l, s, lang); err != nil {
				return nil, err
			}
		}
		out = append(out, p)
	}
	if level >= 4 {
		out = append(out, hintMove(x, hw, s)+c.file.Words.LineJoin+subst(hw.Notation, "line", OneLiner(l, s)))
	}
	return out, nil
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

// hintWhere names where a step's conclusion lands, and the digits to look for there
// (none when naming them would give the move away).
func hintWhere(x wordsFor, s Step) (string, board.DigitSet) {
	p := s.Pattern
	if len(s.Placements) > 0 {
		// A hidden single is found by scanning its house for its digit; naming both
		// still leaves the cell to find. Any other placement is named by its cell alone.
		if s.Technique == "hidden-single" && len(p.Houses) > 0 {
			return x.houses(p.Houses[:1]), p.Digits
		}
		if s.Technique == "full-house" && len(p.Houses) > 0 {
			return x.houses(p.Houses[:1]), 0
		}
		var cells []board.Cell
		for _, pl := range s.Placements {
			if !slices.Contains(cells, pl.Cell) {
				cells = append(cells, pl.Cell)
			}
		}
		return x.w.And.join(x.cellList(sortCells(cells))), 0
	}
	var cells []board.Cell
	var digits board.DigitSet
	for _, e := range s.Eliminations {
		if !slices.Contains(cells, e.Cell) {
			cells = append(cells, e.Cell)
		}
		digits = digits.With(e.Digit)
	}
	return x.w.And.join(x.cellList(sortCells(cells))), digits
}

// singleReason is level 3 for the singles: why the cell is determined, without the
// digit. Other techniques (ok false) use their prose.
func singleReason(x wordsFor, hw hintWords, s Step) (string, bool) {
	if len(s.Placements) != 1 {
		return "", false
	}
	cell := x.l.CellName(s.Placements[0].Cell)
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
