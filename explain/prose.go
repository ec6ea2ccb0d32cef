package explain

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/stepdoku/stepdoku/board"
)

// proseData is what a prose template sees as ".". The pattern fields are the step's,
// unchanged; Placements and Eliminations are sorted by cell then digit.
type proseData struct {
	// ID is the technique ID; Name its display name in the template's language.
	ID, Name string
	// Line is the whole one-liner; Pattern and Conclusion its two parts. HeadPattern
	// is Pattern as the language's heading writes it (houses in words).
	Line, Pattern, Conclusion, HeadPattern string
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
	Cages  CageSums
	// Placements and Eliminations, sorted.
	Placements   []board.Candidate
	Eliminations []board.Candidate
	// layout is the layout of the step, for the methods.
	layout *board.Layout
	// Board is the board the step is taken on, when the caller knows it (a walkthrough
	// does; Prose alone does not): see CandsOf.
	Board *board.Board
	// W are the witnesses of a single, when HasW (a walkthrough knows them).
	W    SingleWitnesses
	HasW bool
	// What a walkthrough says once (all of it when said alone): templates read it
	// through Legend, Caveat ..., which note each flag they read in heard (when set),
	// so that a narrator tries turning off only those.
	say   sayOnce
	heard *sayOnce
	// Compact: write a proof whose facts are all singles, locked candidates and lemmas
	// so written as one chain of links (ProofView.Linked) rather than one fact a line.
	// A walkthrough at the default detail writes them so.
	Compact bool
	// Proof is a forcing chain's or net's written-out branch, shown whole at every
	// detail (see ProofView).
	Proof *Proof
	// Cases are a verity's branches, each a proof ending in the conclusion.
	Cases []Proof
	// HasPivot tells that the technique turns on a pivot, PivotCell (a wing's).
	HasPivot  bool
	PivotCell board.Cell
}

// sayOnce are the things a walkthrough says once, a bit each, set while still to say.
type sayOnce uint8

const (
	sayLegend sayOnce = 1 << iota // what "=" and "-" mean in a chain
	sayCaveat                     // that a uniqueness step relies on one solution
	sayIntro                      // how a written proof is laid out (one fact a line)
	sayLemmas                     // what a lemma and a nested net are
	sayLinks                      // how a chain of links (Compact) reads
	sayALS                        // what an almost locked set is
	sayRCC                        // what a restricted common candidate joining two sets is
	sayAll    = sayLegend | sayCaveat | sayIntro | sayLemmas | sayLinks | sayALS | sayRCC
)

// The said-once flags as templates read them.
func (d proseData) Legend() bool { return d.still(sayLegend) }
func (d proseData) Caveat() bool { return d.still(sayCaveat) }
func (d proseData) Intro() bool  { return d.still(sayIntro) }
func (d proseData) Lemmas() bool { return d.still(sayLemmas) }
func (d proseData) Links() bool  { return d.still(sayLinks) }
func (d proseData) ALS() bool    { return d.still(sayALS) }
func (d proseData) RCC() bool    { return d.still(sayRCC) }

// still tells whether f is still to say, noting that a template asked.
func (d proseData) still(f sayOnce) bool {
	if d.heard != nil {
		*d.heard |= f
	}
	return d.say&f != 0
}

// CaseViews returns a verity's cases grouped for the prose, numbered A, B, ... (each
// case's items carry its letter), nil without them.
func (d proseData) CaseViews() []CaseView {
	var out []CaseView
	for i := range d.Cases {
		v := CaseView{Name: LemmaName(i), ProofView: d.Cases[i].View()}
		for k := range v.Items {
			v.Items[k].Number = v.Name + v.Items[k].Number
		}
		out = append(out, v)
	}
	return out
}

// Linked tells whether every case of a verity can be written as one chain of links
// (ProofView.Linked): the cases are written alike.
func (d proseData) Linked() bool {
	for i := range d.Cases {
		if !d.Cases[i].View().Linked() {
			return false
		}
	}
	return len(d.Cases) > 0
}

// PlainLinks tells whether the step's written proof is said as one chain of links
// without lemmas (a Forcing Net Contradiction of singles at the default detail): its
// links then follow the assumption on the same line, with no summary before them.
func (d proseData) PlainLinks() bool {
	if !d.Compact || d.Proof == nil {
		return false
	}
	v := d.Proof.View()
	return v.Linked() && len(v.Lemmas) == 0
}

// CaseView is one case of a verity as the prose says it: its letter and its proof.
type CaseView struct {
	Name string
	ProofView
}

// ProofView returns the step's proof grouped for the prose (nil without one).
func (d proseData) ProofView() *ProofView {
	if d.Proof == nil {
		return nil
	}
	v := d.Proof.View()
	return &v
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
		// isRow: whether a house is a row (the boxes along it are a band, along a
		// column a stack).
		"isRow": func(h board.House) bool { return l.Kind(h) == board.Row },
		// houseCells: the cells of a house, in position order.
		"houseCells": func(h board.House) []board.Cell { return l.HouseCells(h) },
		// cell: a cell in notation ("r1c2"); cells / cellsOr: a sorted list joined.
		"cell":    x.cell,
		"cells":   func(cs []board.Cell) string { return x.w.And.join(x.cellList(sortCells(cs))) },
		"cellsOr": func(cs []board.Cell) string { return x.w.Or.join(x.cellList(sortCells(cs))) },
		// compact: cells as one cell group (r3c246, r57c1, r4c5|r5c46), as the glossary
		// writes them: the lists of a written proof, one fact a line.
		"compact": x.compact,
		// link: one cell as a chain link writes it (r3c4, R3C4); tag: a house as a link
		// names it, in notation where the language writes cells so (r4, c8, b6), else in
		// words (4行).
		"link": func(c board.Cell) string { return x.compact([]board.Cell{c}) },
		"tag": func(h board.House) string {
			if x.w.Cell == "" {
				return l.HouseName(h)
			}
			return x.house(h)
		},
		// nb: a space that a line never breaks at (inside one link of a chain).
		"nb": func() string { return "\u00a0" },
		// leaves: the cells a fact removes a digit from, one cell group a house joined
		// ("r3c124, r125c9 and r1c8"), a cage's followed by cage (its words).
		"leaves": func(hs []HouseCells, cage string) string {
			parts := make([]string, len(hs))
			for i, h := range hs {
				parts[i] = x.compact(h.Cells)
				if h.House < 0 {
					parts[i] += " " + cage
				}
			}
			return x.w.And.join(parts)
		},
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
		// set: cells with digits in notation, as group writes a Group ("r1c2,r1c3 {1,5,7}").
		"set": func(cs []board.Cell, ds board.DigitSet) string {
			return x.group(Group{Cells: sortCells(cs), Digits: ds})
		},
		// spanned: how many houses of each kind hold some of the cells ("two rows, two
		// columns and two boxes"), as a rectangle's corners span them.
		"spanned": x.spanned,
		// sharedHouses: the houses that hold every cell of a list, rows first.
		"sharedHouses": func(cs []board.Cell) []board.House { return SharedHouses(l, cs) },
		// seenBy: the cells of cs that see cell c (share a house with it).
		"seenBy": func(c board.Cell, cs []board.Cell) []board.Cell {
			var out []board.Cell
			for _, x := range cs {
				if x != c && l.Sees(x, c) {
					out = append(out, x)
				}
			}
			return out
		},
		// union: cells and lists of cells as one sorted list without repeats.
		"union": union,
		// cellsOf: the cells of some candidates (eliminations), sorted, each once.
		"cellsOf": func(cands []board.Candidate) []board.Cell {
			var out []board.Cell
			for _, cd := range byCell(cands) {
				out = append(out, cd.Cell)
			}
			return out
		},
		// seesPair: a cell of a that sees a cell of b, and the house they share (the
		// witness of "a cell of colour A sees a cell of colour C"); OK false if none.
		"seesPair": func(a, b []board.Cell) SeenPair {
			for _, x := range sortCells(a) {
				for _, y := range sortCells(b) {
					if hs := SharedHouses(l, []board.Cell{x, y}); x != y && len(hs) > 0 {
						return SeenPair{A: x, B: y, House: hs[0], OK: true}
					}
				}
			}
			return SeenPair{}
		},
		// setDigits: the digits of the set of sets whose cells are cs, or none.
		"setDigits": setDigits,
		// eureka: a chain in Eureka notation, as the one-liner writes it (eureka.go).
		"eureka": func(c Chain) string { return Eureka(l, c) },
		// walk: the nodes of a chain in reading order, each true or false (eureka.go).
		"walk": func(c Chain) []ChainStep { return WalkChain(l, c) },
		// br: a line break the text keeps (a proof's lines), where prose is otherwise
		// one paragraph.
		"br": func() string { return lineBreak },
	}
}

// SeenPair is a cell A that sees a cell B through House (the seesPair helper).
type SeenPair struct {
	A, B  board.Cell
	House board.House
	OK    bool
}

// union gathers cells and lists of cells into one sorted list, each cell once.
func union(xs ...any) []board.Cell {
	var out []board.Cell
	add := func(c board.Cell) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, x := range xs {
		switch v := x.(type) {
		case board.Cell:
			add(v)
		case []board.Cell:
			for _, c := range v {
				add(c)
			}
		}
	}
	return sortCells(out)
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
	if c.lazy {
		// Known as lazy before any other goroutine may get it from bound.
		c.parsed.Store(t, &lazyParsed{ids: map[string]bool{}})
	}
	actual, loaded := c.bound.LoadOrStore(l, t)
	if loaded {
		c.parsed.Delete(t)
	}
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
	out := c.notation(strings.Join(kept, c.file.Words.LineJoin))
	if strings.Contains(out, lineBreak) {
		out = strings.ReplaceAll(strings.ReplaceAll(out, " "+lineBreak, lineBreak), lineBreak, "\n")
	}
	return out, nil
}

// notationCell finds a cell or a group of cells in notation: r1c2, r13c5, r1c10,12.
var notationCell = regexp.MustCompile(`r([0-9]+(?:,[0-9]+)*)c([0-9]+(?:,[0-9]+)*)`)

// notation writes the cells of s in the catalogue's style of notation (NotationUpper).
func (c *catalogue) notation(s string) string {
	if !c.file.Words.NotationUpper || !strings.Contains(s, "c") {
		return s
	}
	return notationCell.ReplaceAllString(s, "R${1}C${2}")
}

// lineBreak marks, in a template's output, where the prose breaks its line (br):
// a private-use character, so that trimming the template's lines keeps it.
const lineBreak = "\ue000"

// Prose says a step in words in lang: what to look at, and why the conclusion follows.
// A technique the catalogue has no template for gets a generic sentence built from its
// one-liner. The error is for an unknown language, or a step whose pattern lacks a
// field its template needs.
func Prose(l *board.Layout, s Step, lang Lang) (string, error) {
	return ProseAt(l, s, lang, DetailFull)
}

// ProseAt is Prose at a walkthrough's detail: at DetailNew, the default, a written
// proof of singles, locked candidates and lemmas is one chain of links
// (ProofView.Linked), with the legend that says how it reads; at any other detail it
// is what Prose writes, one fact a line.
func ProseAt(l *board.Layout, s Step, lang Lang, d Detail) (string, error) {
	c, err := catalogueOf(lang)
	if err != nil {
		return "", err
	}
	t, err := c.bind(l)
	if err != nil {
		return "", err
	}
	data := c.data(l, s)
	data.Compact = d == DetailNew
	return c.render(t, data)
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
		HeadPattern:  c.headPattern(l, s, false),
		Digit:        p.Digits.First(),
		Digits:       p.Digits,
		Cells:        p.Cells,
		Houses:       p.Houses,
		Base:         p.Base,
		Cover:        p.Cover,
		Fins:         p.Fins,
		Chains:       p.Chains,
		Sets:         p.Sets,
		Cages:        p.Cages,
		Placements:   sortedCandidates(s.Placements),
		Eliminations: sortedCandidates(s.Eliminations),
		say:          sayAll,
		Proof:        p.Proof,
		Cases:        p.Cases,
		layout:       l,
	}
	data.PivotCell, data.HasPivot = Pivot(s)
	return data
}

// render runs the full template of the step's technique (or the generic one).
func (c *catalogue) render(t *template.Template, data proseData) (string, error) {
	tmpl := data.ID
	if _, ok := c.file.Techniques[tmpl]; !ok {
		tmpl = genericTemplate
	} else if err := c.need(t, tmpl); err != nil {
		return "", err
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

// Places returns the cells of cs that have d as a candidate on the board the step is
// taken on: where a group node or an almost locked set can hold d. Without a board it
// returns cs.
func (d proseData) Places(cs []board.Cell, dg board.Digit) []board.Cell {
	if d.Board == nil {
		return cs
	}
	var out []board.Cell
	for _, c := range cs {
		if d.Board.Value(c) == 0 && d.Board.Has(c, dg) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return cs
	}
	return out
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

// Digits are the pivot's digits, one per case.
func (ws WingCases) Digits() board.DigitSet {
	var ds board.DigitSet
	for _, w := range ws {
		ds = ds.With(w.Digit)
	}
	return ds
}

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

// Branch is one chain of a forcing chain or net, walked, with why each link holds.
type Branch struct {
	// Number counts the branches from 1; Case counts the cases of a verity from 1 on
	// the first branch of each case (a net may follow one case along several
	// branches), and is 0 on the others.
	Number, Case int
	Chain        Chain
	Steps        []ChainStep
	// Why[i] says why Steps[i] follows from Steps[i-1]; Why[0] is empty.
	Why []LinkWhy
	// A net's branches often share their start: From is the earlier branch this one
	// follows up to At (0 when it shares nothing worth skipping); Tail is the chain
	// from At on; Shown and ShownWhy are the steps after At, to be said.
	From     int
	At       ChainStep
	Tail     Chain
	Shown    []ChainStep
	ShownWhy []LinkWhy
}

// LinkWhy is why one link of a branch holds, for the reader of a forcing chain.
type LinkWhy struct {
	Digit board.Digit
	// Place: the node is the only other place for Digit in House. Cand: the node is
	// the only other candidate of its cell. Sees: the node shares House with the one
	// before, on the same digit.
	Place, Cand, Sees bool
	House             board.House
	// Rest are the places (Place) or RestDigits the candidates (Cand) that the board
	// still has but earlier branches (From, by number) removed: a net rests on them.
	Rest       []board.Cell
	RestDigits board.DigitSet
	From       []string
}

// Branches walks the chains of a forcing chain or net and says why each link holds,
// using the board the step is taken on (without it, links say nothing more).
func (d proseData) Branches() []Branch {
	out := make([]Branch, 0, len(d.Chains))
	lastStart := ""
	cases := 0
	for i, ch := range d.Chains {
		if len(ch.Nodes) == 0 {
			continue
		}
		b := Branch{Number: i + 1, Chain: ch, Steps: WalkChain(d.layout, ch)}
		if start := fmt.Sprint(ch.Nodes[0]); start != lastStart {
			cases++
			b.Case = cases
			lastStart = start
		}
		b.Why = make([]LinkWhy, len(b.Steps))
		for k := 1; k < len(b.Steps); k++ {
			b.Why[k] = d.linkWhy(out, b.Steps[k-1], b.Steps[k])
		}
		shared := 1
		if len(b.Steps) == len(ch.Nodes) {
			for _, e := range out {
				if k := sharedPrefix(e.Chain, ch); k > shared && k < len(ch.Nodes) && k >= 3 {
					shared, b.From = k, e.Number
				}
			}
		}
		b.At = b.Steps[0]
		if len(b.Steps) >= shared {
			b.At = b.Steps[shared-1]
			b.Shown, b.ShownWhy = b.Steps[shared:], b.Why[shared:]
		}
		b.Tail = Chain{Nodes: ch.Nodes[shared-1:], Links: ch.Links[min(shared-1, len(ch.Links)):]}
		out = append(out, b)
	}
	return out
}

// Walk is WalkChain with the reason of each link filled in (ChainStep.Why): the house
// of a link between two places of one digit (for a strong link, with a board, the
// house where they are the only places), or a cell's only other candidate. Chain
// templates say it after each node, as the forcing chains do, so a reader never has
// to find which row, column or box a link runs in.
func (d proseData) Walk(c Chain) []ChainStep {
	w := WalkChain(d.layout, c)
	for k := 1; k < len(w); k++ {
		w[k].Why = d.chainLinkWhy(w[k-1], w[k])
	}
	return w
}

// LoopLinks is a loop written as a chain of links (proseData.LoopLinks): its start,
// the nodes the walk makes true after it, in order, and its last node.
type LoopLinks struct {
	Start ChainStep
	Links []ChainStep
	Last  ChainStep
}

// LoopLinks returns the walk of loop c as a chain of links, or nil when the step is
// not said at the default detail (Compact) or some link cannot be one: every node past
// the start must be one candidate, the walk must alternate, each node made true must
// be its cell's last candidate or its digit's last place in a house (Why), each node
// made false must lose its digit to the cell or a peer of the node before, and the
// last node must be the start's candidate with the opposite truth.
func (d proseData) LoopLinks(c Chain) *LoopLinks {
	if !d.Compact {
		return nil
	}
	w := d.Walk(c)
	if len(w) < 3 || len(w[0].Cells) != 1 || !d.Returns(w) {
		return nil
	}
	out := &LoopLinks{Start: w[0], Last: w[len(w)-1]}
	for k := 1; k < len(w); k++ {
		s := w[k]
		switch {
		case s.Group || s.Locked || s.Forced || len(s.Cells) != 1 || s.True == w[k-1].True:
			return nil
		case s.True && !s.Why.Place && !s.Why.Cand:
			return nil
		case !s.True && !s.SameCells && !s.Why.Sees:
			return nil
		}
		if s.True {
			out.Links = append(out.Links, s)
		}
	}
	return out
}

// Returns tells whether walk w comes back to undo its start: its last node is the
// start's candidate with the opposite truth, so the walk's last words say it.
func (d proseData) Returns(w []ChainStep) bool {
	if len(w) < 2 {
		return false
	}
	a, l := w[0], w[len(w)-1]
	return l.True != a.True && !a.Group && !l.Group && slices.Equal(l.Cells, a.Cells) && l.Digit == a.Digit
}

func (d proseData) chainLinkWhy(prev, s ChainStep) LinkWhy {
	w := LinkWhy{Digit: s.Digit}
	if d.layout == nil || s.Locked || s.Forced || len(prev.Cells) == 0 || len(s.Cells) == 0 {
		return w
	}
	l := d.layout
	switch {
	case s.SameCells && !s.Group && prev.Digit != s.Digit:
		if s.Link == Strong {
			w.Cand = true
		}
	case prev.Digit == s.Digit && !slices.ContainsFunc(s.Cells, func(c board.Cell) bool { return slices.Contains(prev.Cells, c) }):
		// A set's link runs through its places of the digit, not all its cells.
		both := append(slices.Clone(d.Places(prev.Cells, s.Digit)), d.Places(s.Cells, s.Digit)...)
		hs := SharedHouses(l, both)
		if len(hs) == 0 {
			return w
		}
		w.Sees, w.House = true, hs[0]
		if s.Link != Strong || d.Board == nil {
			return w
		}
		for _, h := range hs {
			only := true
			for _, x := range l.HouseCells(h) {
				if !slices.Contains(both, x) && d.Board.Value(x) == 0 && d.Board.Has(x, s.Digit) {
					only = false
					break
				}
			}
			if only {
				w.Sees, w.Place, w.House = false, true, h
				break
			}
		}
	}
	return w
}

// sharedPrefix counts the leading nodes two chains share, with the same links
// between them.
func sharedPrefix(a, b Chain) int {
	k := 0
	for k < len(a.Nodes) && k < len(b.Nodes) {
		if !slices.Equal(a.Nodes[k].Cells, b.Nodes[k].Cells) || a.Nodes[k].Digits != b.Nodes[k].Digits {
			break
		}
		if k > 0 && (k-1 >= len(a.Links) || k-1 >= len(b.Links) || a.Links[k-1] != b.Links[k-1]) {
			break
		}
		k++
	}
	return k
}

func (d proseData) linkWhy(before []Branch, prev, s ChainStep) LinkWhy {
	w := LinkWhy{Digit: s.Digit}
	if d.Board == nil || d.layout == nil || prev.Group || s.Group || s.Locked || s.Forced || len(prev.Cells) != 1 || len(s.Cells) != 1 {
		return w
	}
	l, b := d.layout, d.Board
	p, c := prev.Cells[0], s.Cells[0]
	switch {
	case s.Link == Strong && p == c && prev.Digit != s.Digit:
		w.Cand = true
		w.RestDigits = b.Candidates(c).Without(prev.Digit).Without(s.Digit)
		for _, dg := range w.RestDigits.Digits() {
			w.From = appendFrom(w.From, before, c, dg)
		}
	case s.Link == Strong && p != c && prev.Digit == s.Digit:
		best := -1
		for _, h := range l.AllHousesOf(c) {
			if !slices.Contains(l.HouseCells(h), p) {
				continue
			}
			var rest []board.Cell
			for _, x := range l.HouseCells(h) {
				if x != p && x != c && b.Value(x) == 0 && b.Has(x, s.Digit) {
					rest = append(rest, x)
				}
			}
			if best < 0 || len(rest) < best {
				best, w.House, w.Rest = len(rest), h, rest
			}
		}
		if best < 0 {
			return LinkWhy{Digit: s.Digit}
		}
		w.Place = true
		for _, x := range w.Rest {
			w.From = appendFrom(w.From, before, x, s.Digit)
		}
	case s.Link == Weak && p != c && prev.Digit == s.Digit:
		for _, h := range l.AllHousesOf(c) {
			if slices.Contains(l.HouseCells(h), p) {
				w.Sees, w.House = true, h
				break
			}
		}
	}
	return w
}

// appendFrom adds the number of the first earlier branch that makes candidate (c, dg)
// false, if any and not listed yet.
func appendFrom(from []string, before []Branch, c board.Cell, dg board.Digit) []string {
	for _, b := range before {
		for _, s := range b.Steps {
			if !s.True && !s.Group && s.Digit == dg && len(s.Cells) == 1 && s.Cells[0] == c {
				n := strconv.Itoa(b.Number)
				if !slices.Contains(from, n) {
					from = append(from, n)
				}
				return from
			}
		}
	}
	return from
}

// SharedHouses returns the houses that contain every cell of cs, rows first, then
// columns, boxes and the houses of variants (diagonals, windows).
func SharedHouses(l *board.Layout, cs []board.Cell) []board.House {
	if len(cs) == 0 {
		return nil
	}
	var out []board.House
	for _, h := range l.AllHousesOf(cs[0]) {
		all := true
		for _, c := range cs[1:] {
			all = all && slices.Contains(l.HouseCells(h), c)
		}
		if all {
			out = append(out, h)
		}
	}
	return out
}

// Petal is one almost locked set of a Death Blossom with the stem digits it answers.
type Petal struct {
	Cells  []board.Cell
	Digits board.DigitSet
	For    board.DigitSet
}

// Blossom is a Death Blossom gathered for prose: each petal once with its digits and
// the stem digits it answers; whether the stem itself may hold the removed digit; and
// whether petals share cells.
type Blossom struct {
	Petals  []Petal
	Stem    board.DigitSet
	StemZ   bool
	Overlap bool
}

// Blossom gathers the petals of a Death Blossom from its chains (stem digit, set,
// removed digit) and sets.
func (d proseData) Blossom() Blossom {
	var bl Blossom
	for _, ch := range d.Chains {
		switch len(ch.Nodes) {
		case 1:
			bl.StemZ = true
			bl.Stem |= ch.Nodes[0].Digits
		case 3:
			dg := ch.Nodes[0].Digits
			bl.Stem |= dg
			cells := sortCells(ch.Nodes[1].Cells)
			i := slices.IndexFunc(bl.Petals, func(p Petal) bool { return slices.Equal(p.Cells, cells) })
			if i < 0 {
				bl.Petals = append(bl.Petals, Petal{Cells: cells, Digits: setDigits(d.Sets, cells)})
				i = len(bl.Petals) - 1
			}
			bl.Petals[i].For |= dg
		}
	}
	seen := map[board.Cell]bool{}
	for _, p := range bl.Petals {
		for _, c := range p.Cells {
			bl.Overlap = bl.Overlap || seen[c]
			seen[c] = true
		}
	}
	return bl
}

// LoopEffect ties eliminations of a continuous nice loop to the link that causes them.
type LoopEffect struct {
	// Cell: a weak link inside one cell (Cells[0]) between Digits turned strong, so the
	// cell holds one of them. House: a weak link on Digits between two nodes (Cells, in
	// House) turned strong, so one of them holds it. Set: an almost locked set (Cells)
	// that holds exactly one of its two loop digits, so it is locked for Digits.
	Cell, House, Set bool
	Cells            []board.Cell
	Digits           board.DigitSet
	// LoopDigits are a set's two digits in the loop.
	LoopDigits   board.DigitSet
	Where        board.House
	Eliminations []board.Candidate
}

// LoopEffects sorts the eliminations of a continuous loop by the link (or set) that
// causes them; the last entry, with no kind set, holds any left over.
func (d proseData) LoopEffects() []LoopEffect {
	if len(d.Chains) == 0 || d.layout == nil {
		return nil
	}
	l := d.layout
	ch := d.Chains[0]
	n := len(ch.Nodes)
	var effects []LoopEffect
	for i, k := range ch.Links {
		a, b := ch.Nodes[i], ch.Nodes[(i+1)%n]
		if k == Strong {
			// A strong link inside an almost locked set: the set is locked for the rest.
			if ds := setDigits(d.Sets, a.Cells); ds != 0 && len(a.Cells) > 1 && slices.Equal(sortCells(a.Cells), sortCells(b.Cells)) {
				effects = append(effects, LoopEffect{Set: true, Cells: sortCells(a.Cells), Digits: ds &^ (a.Digits | b.Digits), LoopDigits: a.Digits | b.Digits})
			}
			continue
		}
		switch {
		case len(a.Cells) == 1 && len(b.Cells) == 1 && a.Cells[0] == b.Cells[0] && a.Digits != b.Digits:
			effects = append(effects, LoopEffect{Cell: true, Cells: a.Cells, Digits: a.Digits | b.Digits})
		case a.Digits == b.Digits:
			// A group or a set links through its places of the digit only.
			dg := a.Digits.First()
			cells := sortCells(slices.Concat(d.Places(a.Cells, dg), d.Places(b.Cells, dg)))
			if hs := SharedHouses(l, cells); len(hs) > 0 {
				effects = append(effects, LoopEffect{House: true, Cells: cells, Digits: a.Digits, Where: hs[0]})
			}
		}
	}
	var rest []board.Candidate
	for _, e := range d.Eliminations {
		placed := false
		for i := range effects {
			if effects[i].causes(d, l, e) {
				effects[i].Eliminations = append(effects[i].Eliminations, e)
				placed = true
				break
			}
		}
		if !placed {
			rest = append(rest, e)
		}
	}
	out := slices.DeleteFunc(effects, func(f LoopEffect) bool { return len(f.Eliminations) == 0 })
	if len(rest) > 0 {
		out = append(out, LoopEffect{Eliminations: rest})
	}
	return out
}

func (f LoopEffect) causes(d proseData, l *board.Layout, e board.Candidate) bool {
	switch {
	case f.Cell:
		return e.Cell == f.Cells[0] && !f.Digits.Has(e.Digit)
	case f.House:
		return f.Digits.Has(e.Digit) && !slices.Contains(f.Cells, e.Cell) && slices.Contains(l.HouseCells(f.Where), e.Cell)
	case f.Set:
		if !f.Digits.Has(e.Digit) || slices.Contains(f.Cells, e.Cell) {
			return false
		}
		for _, c := range d.Places(f.Cells, e.Digit) {
			if !l.Sees(c, e.Cell) {
				return false
			}
		}
		return true
	}
	return false
}

// MedusaColours colours the candidates of a 3D Medusa's chains: along each chain the
// colour alternates, and a chain that starts on a coloured candidate takes its colour.
// It returns the two colour classes, each sorted.
func (d proseData) MedusaColours() [2][]board.Candidate {
	colour := map[board.Candidate]int{}
	var out [2][]board.Candidate
	for _, ch := range d.Chains {
		c := 0
		for i, nd := range ch.Nodes {
			if len(nd.Cells) != 1 || nd.Digits.Count() != 1 {
				continue
			}
			k := board.Candidate{Cell: nd.Cells[0], Digit: nd.Digits.First()}
			if i == 0 {
				if had, ok := colour[k]; ok {
					c = had
				}
			} else {
				c = 1 - c
			}
			if _, ok := colour[k]; !ok {
				colour[k] = c
				out[c] = append(out[c], k)
			}
		}
	}
	out[0], out[1] = sortedCandidates(out[0]), sortedCandidates(out[1])
	return out
}

// ERLines returns the two lines of an empty rectangle's box that hold its places: the
// line through the outside cell Cells[0] (its chain's third node), then the crossing
// one (the fourth node); nil when the pattern is not that shape.
func (d proseData) ERLines() []board.House {
	if d.layout == nil || len(d.Cells) != 2 || len(d.Chains) != 1 || len(d.Chains[0].Nodes) != 4 {
		return nil
	}
	l := d.layout
	n := d.Chains[0].Nodes
	first := SharedHouses(l, append(slices.Clone(n[2].Cells), d.Cells[0]))
	if len(first) == 0 || l.Kind(first[0]) == board.Box {
		return nil
	}
	for _, h := range SharedHouses(l, n[3].Cells) {
		if k := l.Kind(h); k != board.Box && k != l.Kind(first[0]) {
			return []board.House{first[0], h}
		}
	}
	return nil
}

// MedusaTrap is why one colour of a 3D Medusa is false (MedusaFalse): the colour
// (0 for A, 1 for B), the rule it breaks and the coloured candidates that break it.
type MedusaTrap struct {
	Colour int
	// Cell: two candidates of the colour in one cell; House: one digit twice in
	// House; Empty: every candidate of the cell (Cells[0] of the pattern's set) seen
	// by the colour, so the cell would be left without a candidate.
	Cell, House, Empty bool
	Where              board.House
	// Witnesses are the candidates of the colour that break the rule.
	Witnesses []board.Candidate
	OK        bool
}

// Name is the colour's letter.
func (m MedusaTrap) Name() string { return string(rune('A' + m.Colour)) }

// MedusaFalse finds which colour of a 3D Medusa breaks a rule at the pattern's set
// (Sets[0]) and how; OK is false when the colours do not show it.
func (d proseData) MedusaFalse() MedusaTrap {
	if d.layout == nil || len(d.Sets) == 0 || len(d.Eliminations) == 0 {
		return MedusaTrap{}
	}
	l, g, mc := d.layout, d.Sets[0], d.MedusaColours()
	colour := 0
	if slices.Contains(mc[1], d.Eliminations[0]) {
		colour = 1
	}
	mine := mc[colour]
	t := MedusaTrap{Colour: colour}
	// Two candidates of the colour in one of the set's cells.
	for _, c := range g.Cells {
		var in []board.Candidate
		for _, k := range mine {
			if k.Cell == c {
				in = append(in, k)
			}
		}
		if len(in) >= 2 {
			t.Cell, t.Witnesses, t.OK = true, in[:2], true
			return t
		}
	}
	if len(g.Cells) == 1 {
		// A cell whose every candidate the colour sees.
		c := g.Cells[0]
		for _, dg := range g.Digits.Digits() {
			i := slices.IndexFunc(mine, func(k board.Candidate) bool { return k.Digit == dg && k.Cell != c && l.Sees(k.Cell, c) })
			if i < 0 {
				return MedusaTrap{}
			}
			t.Witnesses = append(t.Witnesses, mine[i])
		}
		t.Empty, t.OK = true, true
		return t
	}
	// One digit twice in a house, among the set's cells.
	for i, a := range mine {
		for _, b := range mine[i+1:] {
			if a.Digit != b.Digit || !slices.Contains(g.Cells, a.Cell) || !slices.Contains(g.Cells, b.Cell) {
				continue
			}
			if hs := SharedHouses(l, []board.Cell{a.Cell, b.Cell}); len(hs) > 0 {
				t.House, t.Where, t.Witnesses, t.OK = true, hs[0], []board.Candidate{a, b}, true
				return t
			}
		}
	}
	return MedusaTrap{}
}

// MedusaSight is a candidate a 3D Medusa removes, with a candidate of each colour it
// sees (in its own cell, or the same digit in a house they share).
type MedusaSight struct {
	Removed board.Candidate
	A, B    board.Candidate
}

// MedusaSights returns, for each candidate a 3D Medusa removes by seeing both
// colours, one candidate of each colour that it sees.
func (d proseData) MedusaSights() []MedusaSight {
	if d.layout == nil {
		return nil
	}
	l, mc := d.layout, d.MedusaColours()
	sees := func(e, k board.Candidate) bool {
		if e.Cell == k.Cell {
			return e.Digit != k.Digit
		}
		return e.Digit == k.Digit && l.Sees(e.Cell, k.Cell)
	}
	var out []MedusaSight
	for _, e := range d.Eliminations {
		s := MedusaSight{Removed: e}
		a := slices.IndexFunc(mc[0], func(k board.Candidate) bool { return sees(e, k) })
		b := slices.IndexFunc(mc[1], func(k board.Candidate) bool { return sees(e, k) })
		if a < 0 || b < 0 {
			return nil
		}
		s.A, s.B = mc[0][a], mc[1][b]
		out = append(out, s)
	}
	return out
}
