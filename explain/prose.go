package explain

import (
	"fmt"
	"slices"
	"strings"
	"text/template"

	"github.com/stepdoku/stepdoku/board"
)

// proseData is what a prose template sees as ".". The pattern fields are the step's,
// unchanged; Placements and Eliminations are sorted by cell then digit.
type proseData struct {
	// ID is the technique ID; Name its display name in the template's language.
	ID, Name string
	// Line is the whole one-liner; Pattern and Conclusion its two parts.
	Line, Pattern, Conclusion string
	// Digit is the smallest digit of Digits: the digit of a single or a fish.
	Digit  board.Digit
	Digits board.DigitSet
	Cells  []board.Cell
	Houses []board.House
	Base   []board.House
	Cover  []board.House
	Fins   []board.Cell
	Chains []Chain
	Sets   []Group
	// Placements and Eliminations, sorted.
	Placements   []board.Candidate
	Eliminations []board.Candidate
	// Board is the board the step is taken on, when the caller knows it (a walkthrough
	// does; Prose alone does not): see CandsOf.
	Board *board.Board
	// W are the witnesses of a single, when HasW (a walkthrough knows them).
	W    SingleWitnesses
	HasW bool
	// Legend: say what "=" and "-" mean in a chain; Caveat: say that a uniqueness step
	// relies on the puzzle having one solution. A walkthrough says each once.
	Legend, Caveat bool
}

// CandsOf returns the candidates of c on the board the step is taken on, or the empty
// set when the board is not known (templates then fall back to words that need none).
func (d proseData) CandsOf(c board.Cell) board.DigitSet {
	if d.Board == nil {
		return 0
	}
	return d.Board.Candidates(c)
}

// funcs returns the template helpers of c, bound to layout l. With a nil layout they
// only serve to declare the names at parse time.
func (c *catalogue) funcs(l *board.Layout) template.FuncMap {
	x := wordsFor{w: &c.file.Words, l: l}
	return template.FuncMap{
		// house: one house in words ("row 3", "3行", "ブロック2").
		"house": x.house,
		// houses / housesOr: several houses joined ("rows 2 and 6"; "row 1 or box 1").
		"houses":   x.houses,
		"housesOr": x.housesOr,
		// kind / kinds: the kind of a house in words, without its number ("row"/"rows").
		"kind":  func(h board.House) string { return x.kind(h, false) },
		"kinds": func(h board.House) string { return x.kind(h, true) },
		// houseCells: the cells of a house, in position order.
		"houseCells": func(h board.House) []board.Cell { return l.HouseCells(h) },
		// cell: a cell in notation ("r1c2"); cells / cellsOr: a sorted list joined.
		"cell":    l.CellName,
		"cells":   func(cs []board.Cell) string { return x.w.And.join(x.cellList(sortCells(cs))) },
		"cellsOr": func(cs []board.Cell) string { return x.w.Or.join(x.cellList(sortCells(cs))) },
		// digits / digitsOr: a digit set joined ("1, 5 and 7"; "1 or 5").
		"digits":   func(ds board.DigitSet) string { return x.w.And.join(digitList(ds)) },
		"digitsOr": func(ds board.DigitSet) string { return x.w.Or.join(digitList(ds)) },
		// removals: eliminations grouped by the digits each cell loses.
		"removals": x.removals,
		// a: a digit with its English article ("an 8", "a 7").
		"a": article,
		// placements: placements in words ("4 in r3c7").
		"placements": x.placements,
		// byCell: eliminations (or any candidates) grouped by cell, as CellDigits.
		"byCell": byCell,
		// number: a number in words where the language has them ("two").
		"number": x.number,
		// cap: the first letter upper-cased, for a sentence that starts with a helper.
		"cap": x.capitalize,
		// pair: the first word for two, the second for any other count ("either"/"one";
		// 「どちらか」/「どれか」).
		"pair": func(n int, two, other string) string {
			if n == 2 {
				return two
			}
			return other
		},
		// plural: the first word for one, the second for any other count.
		"plural": func(n int, one, many string) string {
			if n == 1 {
				return one
			}
			return many
		},
		// andList / orList: any list of words joined the language's way.
		"andList": x.w.And.join,
		"orList":  x.w.Or.join,
		// group: a cell group with its digits (an almost locked set) in notation.
		"group": x.group,
		// setDigits: the digits of the set of sets whose cells are cs, or none.
		"setDigits": setDigits,
		// eureka: a chain in Eureka notation, as the one-liner writes it (eureka.go).
		"eureka": func(c Chain) string { return Eureka(l, c) },
		// walk: the nodes of a chain in reading order, each true or false (eureka.go).
		"walk": func(c Chain) []ChainStep { return WalkChain(l, c) },
	}
}

// bind returns the catalogue's templates with helpers that speak of layout l. Each
// layout gets its own copy once (layouts are built once per size); after that the copy
// is only executed, which is safe from many goroutines (batch solving on every core).
func (c *catalogue) bind(l *board.Layout) (*template.Template, error) {
	if t, ok := c.bound.Load(l); ok {
		return t.(*template.Template), nil
	}
	t, err := c.tmpl.Clone()
	if err != nil {
		return nil, err
	}
	t.Funcs(c.funcs(l))
	actual, _ := c.bound.LoadOrStore(l, t)
	return actual.(*template.Template), nil
}

// execute runs the named template and joins its lines the language's way, so that
// templates can be wrapped freely in the YAML file.
func (c *catalogue) execute(t *template.Template, name string, data any) (string, error) {
	var sb strings.Builder
	if err := t.ExecuteTemplate(&sb, name, data); err != nil {
		return "", err
	}
	lines := strings.Split(sb.String(), "\n")
	kept := lines[:0]
	for _, line := range lines {
		if line = strings.TrimSpace(line); line != "" {
			kept = append(kept, line)
		}
	}
	return strings.Join(kept, c.file.Words.LineJoin), nil
}

// Prose says a step in words in lang: what to look at, and why the conclusion follows.
// A technique the catalogue has no template for gets a generic sentence built from its
// one-liner. The error is for an unknown language, or a step whose pattern lacks a
// field its template needs.
func Prose(l *board.Layout, s Step, lang Lang) (string, error) {
	c, err := catalogueOf(lang)
	if err != nil {
		return "", err
	}
	t, err := c.bind(l)
	if err != nil {
		return "", err
	}
	return c.render(t, c.data(l, s))
}

// data is what the templates see of step s, without the board: Prose's view.
func (c *catalogue) data(l *board.Layout, s Step) proseData {
	name, pattern, conclusions := lineParts(l, s)
	p := s.Pattern
	data := proseData{
		ID:           s.Technique,
		Name:         TechniqueName(s.Technique, c.lang),
		Line:         joinLine(name, pattern, conclusions),
		Pattern:      pattern,
		Conclusion:   strings.Join(conclusions, ", "),
		Digit:        p.Digits.First(),
		Digits:       p.Digits,
		Cells:        p.Cells,
		Houses:       p.Houses,
		Base:         p.Base,
		Cover:        p.Cover,
		Fins:         p.Fins,
		Chains:       p.Chains,
		Sets:         p.Sets,
		Placements:   sortedCandidates(s.Placements),
		Eliminations: sortedCandidates(s.Eliminations),
		Legend:       true,
		Caveat:       true,
	}
	return data
}

// render runs the full template of the step's technique (or the generic one).
func (c *catalogue) render(t *template.Template, data proseData) (string, error) {
	tmpl := data.ID
	if _, ok := c.file.Techniques[tmpl]; !ok {
		tmpl = genericTemplate
	}
	out, err := c.execute(t, tmpl, data)
	if err != nil {
		return "", fmt.Errorf("explain: %s step %q in %s: %w", data.ID, data.Line, c.lang, err)
	}
	return out, nil
}

// setDigits returns the digits of the group among sets that has exactly the cells cs
// (in any order), or the empty set: a chain node that shows an almost locked set has
// its cells, and the pattern lists the set with its digits.
func setDigits(sets []Group, cs []board.Cell) board.DigitSet {
	want := sortCells(cs)
	for _, g := range sets {
		if slices.Equal(sortCells(g.Cells), want) {
			return g.Digits
		}
	}
	return 0
}

// WingCase is one case of a wing's pivot: if the pivot is Digit, then Cells (the
// pincers that share Digit with it, each left with the wing's free digit) hold the free
// digit, or the pivot itself does (Self).
type WingCase struct {
	Digit board.Digit
	Self  bool
	Cells []board.Cell
}

// WingCases are the cases of a wing's pivot, in digit order.
type WingCases []WingCase

// Holders are the cells that hold the free digit in some case, in order.
func (ws WingCases) Holders() []board.Cell {
	var out []board.Cell
	for _, w := range ws {
		for _, c := range w.Cells {
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	return sortCells(out)
}

// WingCases proves a bent wing (Cells: the pivot, then the pincers; one digit removed)
// by cases on the pivot's candidates: for each, the pivot is the free digit itself or a
// pincer that sees the pivot and holds only that digit and the free one is forced to
// the free digit. It returns nil when the board is not known or some case does not go
// that way (a WXYZ-Wing whose pincers hold more), so the template says it otherwise.
func (d proseData) WingCases() WingCases {
	if d.Board == nil || len(d.Cells) < 3 || len(d.Eliminations) == 0 {
		return nil
	}
	l := d.Board.Layout()
	pivot, z := d.Cells[0], d.Eliminations[0].Digit
	var out WingCases
	for _, v := range d.Board.Candidates(pivot).Digits() {
		if v == z {
			out = append(out, WingCase{Digit: v, Self: true, Cells: []board.Cell{pivot}})
			continue
		}
		wc := WingCase{Digit: v}
		for _, c := range d.Cells[1:] {
			if l.Sees(c, pivot) && d.Board.Candidates(c) == board.DigitsOf(v, z) {
				wc.Cells = append(wc.Cells, c)
			}
		}
		if len(wc.Cells) == 0 {
			return nil
		}
		out = append(out, wc)
	}
	return out
}
