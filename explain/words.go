package explain

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/stepdoku/stepdoku/board"
)

// subst fills the {name} placeholders of a catalogue form in one pass; kv holds names
// and values in turn. Unknown placeholders are left as they are. (strings.NewReplacer
// would build a new trie on every call, which dominated the cost of prose.)
func subst(form string, kv ...string) string {
	var sb strings.Builder
	for {
		i := strings.IndexByte(form, '{')
		if i < 0 {
			sb.WriteString(form)
			return sb.String()
		}
		sb.WriteString(form[:i])
		form = form[i:]
		j := strings.IndexByte(form, '}')
		if j < 0 {
			sb.WriteString(form)
			return sb.String()
		}
		name, found := form[1:j], false
		for k := 0; k+1 < len(kv); k += 2 {
			if kv[k] == name {
				sb.WriteString(kv[k+1])
				found = true
				break
			}
		}
		if !found {
			sb.WriteString(form[:j+1])
		}
		form = form[j+1:]
	}
}

// join writes a list of words the way the language does ("1, 5 and 7", "1・5・7").
func (f listForm) join(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	case 2:
		return subst(f.Two, "a", items[0], "b", items[1])
	}
	n := len(items)
	list := strings.Join(items[:n-1], f.Sep) + f.Last + items[n-1]
	if f.Many != "" {
		list = subst(f.Many, "list", list)
	}
	return list
}

// wordsFor binds a catalogue's words to a layout: everything the template helpers say.
type wordsFor struct {
	w *words
	l *board.Layout
}

func (x wordsFor) number(n int) string {
	if n >= 0 && n < len(x.w.Numbers) {
		return x.w.Numbers[n]
	}
	return strconv.Itoa(n)
}

func (x wordsFor) capitalize(s string) string {
	if !x.w.Capitalize || s == "" {
		return s
	}
	r, size := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[size:]
}

// variantWords are the words for the houses variants add; they live in words.go so the
// variant rules stay together. An empty form falls back to what classic Sudoku says
// (box for region, notation for a diagonal or window), so an older catalogue still reads.
type variantWords struct {
	// Diagonal names d1 (r1c1 down to rNcN) and d2 (r1cN down to rNc1) in full: a
	// diagonal has no number in prose ("the main diagonal", "the anti-diagonal").
	Diagonal []string `yaml:"diagonal"`
	// Window and Windows write one or several windoku windows ("window {n}").
	Window  string `yaml:"window"`
	Windows string `yaml:"windows"`
	// Region and Regions write a jigsaw's boxes ("region {n}").
	Region  string `yaml:"region"`
	Regions string `yaml:"regions"`
}

// isRegion reports whether h is a box that is a jigsaw region.
func (x wordsFor) isRegion(h board.House) bool {
	return x.l.Kind(h) == board.Box && !x.l.Regular()
}

// kindForm is the language's form for one house of h's kind ("row {n}"), empty for a
// diagonal, which is named in full.
func (x wordsFor) kindForm(h board.House) string {
	switch x.l.Kind(h) {
	case board.Row:
		return x.w.Row
	case board.Column:
		return x.w.Column
	case board.Diagonal:
		return ""
	case board.Window:
		return x.w.Window
	}
	if x.isRegion(h) && x.w.Region != "" {
		return x.w.Region
	}
	return x.w.Box
}

// pluralForm is the language's form for several houses of h's kind ("rows {n}"), or
// empty when each is written on its own.
func (x wordsFor) pluralForm(h board.House) string {
	switch x.l.Kind(h) {
	case board.Row:
		return x.w.Rows
	case board.Column:
		return x.w.Columns
	case board.Diagonal:
		return ""
	case board.Window:
		return x.w.Windows
	}
	if x.isRegion(h) {
		return x.w.Regions
	}
	return x.w.Boxes
}

func (x wordsFor) house(h board.House) string {
	if x.l.Kind(h) == board.Diagonal {
		if i := x.l.Index(h); i < len(x.w.Diagonal) {
			return x.w.Diagonal[i]
		}
	}
	form := x.kindForm(h)
	if form == "" {
		return x.l.HouseName(h)
	}
	return subst(form, "n", strconv.Itoa(x.l.Index(h)+1))
}

// spanned says how many houses of each kind hold some of cs, kinds in house order
// ("two rows, two columns, two boxes and one window"): what a rectangle spans.
func (x wordsFor) spanned(cs []board.Cell) string {
	var hs []board.House
	seen := map[board.House]bool{}
	for _, c := range cs {
		for _, h := range x.l.AllHousesOf(c) {
			if !seen[h] {
				seen[h] = true
				hs = append(hs, h)
			}
		}
	}
	slices.Sort(hs)
	var parts []string
	for i := 0; i < len(hs); {
		j := i
		for j < len(hs) && x.l.Kind(hs[j]) == x.l.Kind(hs[i]) {
			j++
		}
		form := x.w.Count
		if form == "" {
			form = "{n} {kinds}"
		}
		parts = append(parts, strings.NewReplacer("{n}", x.number(j-i), "{kinds}", x.kind(hs[i], j-i != 1)).Replace(form))
		i = j
	}
	return x.w.And.join(parts)
}

// kind names the kind of h without a number, singular or plural.
func (x wordsFor) kind(h board.House, plural bool) string {
	k := x.w.Kinds
	if plural {
		k = x.w.KindsPlural
	}
	word := k.Box
	switch {
	case x.l.Kind(h) == board.Row:
		word = k.Row
	case x.l.Kind(h) == board.Column:
		word = k.Column
	case x.l.Kind(h) == board.Diagonal:
		word = k.Diagonal
	case x.l.Kind(h) == board.Window:
		word = k.Window
	case x.isRegion(h):
		word = k.Region
	}
	if word == "" {
		if x.isRegion(h) {
			return k.Box
		}
		return x.l.Kind(h).String()
	}
	return word
}

func (x wordsFor) houseList(hs []board.House) []string {
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = x.house(h)
	}
	return out
}

// sameKind returns the numbers of hs when they are all of one kind (a region and a
// box never meet: a layout has one or the other).
func (x wordsFor) sameKind(hs []board.House) ([]string, bool) {
	kind := x.l.Kind(hs[0])
	nums := make([]string, len(hs))
	for i, h := range hs {
		if x.l.Kind(h) != kind {
			return nil, false
		}
		nums[i] = strconv.Itoa(x.l.Index(h) + 1)
	}
	return nums, true
}

// houses writes several houses joined by "and", as "rows 2 and 6" when they are of one
// kind and the language has a plural form.
func (x wordsFor) houses(hs []board.House) string {
	if len(hs) > 1 {
		if nums, same := x.sameKind(hs); same {
			if form := x.pluralForm(hs[0]); form != "" {
				return subst(form, "n", x.w.And.join(nums))
			}
		}
	}
	return x.w.And.join(x.houseList(hs))
}

// housesOr writes several houses joined by "or", as "column 6 or 9" when they are of
// one kind and the language writes several houses of a kind together.
func (x wordsFor) housesOr(hs []board.House) string {
	if len(hs) > 1 && x.w.Rows != "" {
		if nums, same := x.sameKind(hs); same {
			if form := x.kindForm(hs[0]); form != "" {
				return subst(form, "n", x.w.Or.join(nums))
			}
		}
	}
	return x.w.Or.join(x.houseList(hs))
}

// article puts "a" or "an" before a number as English says it: "an 8", "an 11", "a 7".
func article(d board.Digit) string {
	switch d {
	case 8, 11, 18:
		return "an " + d.String()
	}
	return "a " + d.String()
}

func (x wordsFor) cellList(cs []board.Cell) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = x.cell(c)
	}
	return out
}

// compact writes cells as one cell group (CompactCells), upper-cased where the language
// writes cells in capitals (R1C2).
func (x wordsFor) compact(cs []board.Cell) string {
	g := CompactCells(x.l, sortCells(cs))
	if strings.HasPrefix(x.w.Cell, "R") {
		g = strings.ToUpper(g)
	}
	return g
}

// cell writes one cell the language's way (words.cell), or in notation.
func (x wordsFor) cell(c board.Cell) string {
	if x.w.Cell == "" {
		return x.l.CellName(c)
	}
	return subst(x.w.Cell, "r", strconv.Itoa(x.l.RowOf(c)+1), "c", strconv.Itoa(x.l.ColOf(c)+1))
}

func digitList(ds board.DigitSet) []string {
	out := make([]string, 0, ds.Count())
	for _, d := range ds.Digits() {
		out = append(out, d.String())
	}
	return out
}

// CellDigits is one cell with some of its digits: what the byCell template helper
// gives for each cell a step removes candidates from.
type CellDigits struct {
	Cell   board.Cell
	Digits board.DigitSet
}

// byCell groups candidates by cell, in cell order.
func byCell(cands []board.Candidate) []CellDigits {
	var out []CellDigits
	for _, c := range sortedCandidates(cands) {
		if n := len(out); n > 0 && out[n-1].Cell == c.Cell {
			out[n-1].Digits = out[n-1].Digits.With(c.Digit)
			continue
		}
		out = append(out, CellDigits{Cell: c.Cell, Digits: board.DigitsOf(c.Digit)})
	}
	return out
}

// removals words a list of eliminations, grouping the cells that lose the same digits:
// "1 from r1c4 and r1c9, 1 and 5 from r1c6". Groups come in the order of their first cell.
func (x wordsFor) removals(cands []board.Candidate) string {
	type group struct {
		digits board.DigitSet
		cells  []board.Cell
	}
	var groups []group
	for _, cd := range byCell(cands) {
		i := slices.IndexFunc(groups, func(g group) bool { return g.digits == cd.Digits })
		if i < 0 {
			groups = append(groups, group{digits: cd.Digits})
			i = len(groups) - 1
		}
		groups[i].cells = append(groups[i].cells, cd.Cell)
	}
	join := x.w.Removals
	parts := make([]string, len(groups))
	for i, g := range groups {
		if g.digits.Count() > 1 && len(groups) > 1 && x.w.RemovalsMulti.Two != "" {
			join = x.w.RemovalsMulti
		}
		parts[i] = subst(x.w.Removal,
			"digits", x.w.And.join(digitList(g.digits)),
			"cells", x.w.And.join(x.cellList(g.cells)))
	}
	return join.join(parts)
}

// placements words a list of placements: "4 in r3c7 and 2 in r5c5".
func (x wordsFor) placements(cands []board.Candidate) string {
	parts := make([]string, 0, len(cands))
	for _, c := range sortedCandidates(cands) {
		parts = append(parts, subst(x.w.Placement, "digit", c.Digit.String(), "cell", x.cell(c.Cell)))
	}
	return x.w.And.join(parts)
}

// group writes a cell group with its digits, e.g. an almost locked set: r1c2,r1c3 {1,5,7}.
func (x wordsFor) group(g Group) string {
	return strings.Join(x.cellList(g.Cells), ",") + " {" + g.Digits.String() + "}"
}

// sortCells returns the cells in increasing order, so lists read left to right, top
// to bottom whatever order a finder reported them in.
func sortCells(cs []board.Cell) []board.Cell {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b board.Cell) int { return cmp.Compare(a, b) })
	return out
}
