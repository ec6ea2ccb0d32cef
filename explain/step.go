// Package explain holds the step record, the trace of a whole solve, and every way of
// saying a step: the canonical one-line notation, prose in English and Japanese, and
// JSON/YAML for programs.
//
// A Step is data, not prose: finders in package techniques fill it, and only this
// package turns it into words.
package explain

import (
	"fmt"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

// Step is one deduction: what it changes and the pattern that justifies it.
// Nothing that can be derived from these fields is stored.
type Step struct {
	// Technique is the stable kebab-case ID of the technique, e.g. "hidden-single".
	Technique string
	// Placements are the digits the step puts in cells.
	Placements []board.Candidate
	// Eliminations are the candidates the step removes.
	Eliminations []board.Candidate
	// Pattern is why the conclusions follow.
	Pattern Pattern
}

// Pattern is the structure that justifies a step. A technique fills the fields it
// needs and leaves the others empty; the field comments say who uses what.
type Pattern struct {
	// Digits the pattern is about: the digit of a single or a fish, the digits of a subset.
	Digits board.DigitSet
	// Cells of the pattern: the cell of a naked single, the cells of a subset, the body
	// cells of a fish, the pivot and pincers of a wing.
	Cells []board.Cell
	// Houses the pattern lives in: the house a single is hidden in (or the house a full
	// house completes), the house(s) of a subset.
	Houses []board.House
	// Base and Cover houses of a fish, or of locked candidates (pointing: base is the
	// box, cover the line; claiming: the other way round).
	Base, Cover []board.House
	// Fins of a finned or sashimi fish.
	Fins []board.Cell
	// Chains of a chain technique (one), or the branches of a forcing chain (several,
	// each starting from the premise it assumes).
	Chains []Chain
	// Sets are the almost locked sets (or other cell groups with their digits) a step uses.
	Sets []Group
	// Cages are the killer cages a step reasons with, each with the sum of its cells:
	// a cage of the layout, or a virtual one (a cage less its placed cells, the innies or
	// outies of some houses). The first is the one the step is about; for innies and
	// outies the rest are the cages of the rule of 45 (the cages wholly inside the
	// houses, or every cage that reaches into them). Pictures outline the first.
	Cages CageSums
	// Proof is the written-out branch of a forcing chain or net that refutes its
	// premise: its facts in order, each with its reason, the lemmas it uses, and its
	// contradiction.
	Proof *Proof
	// Cases are the branches of a verity, one proof a premise of its group (every
	// candidate of a cell, every place of a digit in a house, or a candidate true and
	// false), each ending in the step's conclusion, its last line.
	Cases []Proof
}

// Node is a chain node: one candidate, or a group of cells that hold a digit together
// (grouped chains), or a whole almost locked set. Digits usually holds one digit.
type Node struct {
	Cells  []board.Cell
	Digits board.DigitSet
}

// LinkKind is the inference between two chain nodes.
type LinkKind uint8

// The kinds of link.
const (
	// Strong: if the first node is false, the second is true.
	Strong LinkKind = iota + 1
	// Weak: if the first node is true, the second is false.
	Weak
)

// Chain is a sequence of nodes joined by links: Links[i] joins Nodes[i] and Nodes[i+1].
// A loop also joins its last node to its first, with one more link.
type Chain struct {
	Nodes []Node
	Links []LinkKind
	Loop  bool
}

// Group is a set of cells with digits, e.g. an almost locked set.
type Group struct {
	Cells  []board.Cell
	Digits board.DigitSet
}

// CageSum is a group of cells whose digits add up to Sum: a killer cage, or a virtual
// one found by arithmetic. Known are its cells already placed, with their digits, so
// the open cells make Sum less those digits (Left). Combos are the digit sets the open
// cells can still take, when they are all peers (a real cage); nil otherwise.
type CageSum struct {
	Cells  []board.Cell
	Sum    int
	Known  []board.Candidate
	Combos []board.DigitSet
	// Virtual marks a group found by arithmetic (the innies of houses, a house less
	// its cages) rather than a cage of the layout.
	Virtual bool
}

// Open returns the cells of the cage not yet placed (not among Known).
func (c CageSum) Open() []board.Cell {
	out := make([]board.Cell, 0, len(c.Cells))
	for _, x := range c.Cells {
		known := false
		for _, k := range c.Known {
			known = known || k.Cell == x
		}
		if !known {
			out = append(out, x)
		}
	}
	return out
}

// KnownSum is what the placed cells of the cage add up to.
func (c CageSum) KnownSum() int {
	t := 0
	for _, k := range c.Known {
		t += int(k.Digit)
	}
	return t
}

// Left is what the open cells must add up to: Sum less the placed digits.
func (c CageSum) Left() int { return c.Sum - c.KnownSum() }

// Size is the number of cells of the cage.
func (c CageSum) Size() int { return len(c.Cells) }

// Sums writes each combination as an addition, "1+2+3+4", in increasing order.
func (c CageSum) Sums() []string {
	out := make([]string, len(c.Combos))
	for i, ds := range c.Combos {
		out[i] = addition(ds.Digits())
	}
	return out
}

// Addition writes the known digits as an addition ("4+7").
func (c CageSum) Addition() string {
	ds := make([]board.Digit, len(c.Known))
	for i, k := range c.Known {
		ds[i] = k.Digit
	}
	return addition(ds)
}

func addition(ds []board.Digit) string {
	b := make([]byte, 0, 3*len(ds))
	for i, d := range ds {
		if i > 0 {
			b = append(b, '+')
		}
		b = append(b, d.String()...)
	}
	return string(b)
}

// CageSums are the cages of a pattern; the methods do the arithmetic of the rule of 45
// for the prose templates.
type CageSums []CageSum

// Rest returns the cages after the first: for innies and outies, those of the rule of 45.
func (cs CageSums) Rest() []CageSum {
	if len(cs) < 2 {
		return nil
	}
	return cs[1:]
}

// RestSum is what the cages after the first add up to.
func (cs CageSums) RestSum() int {
	t := 0
	for _, c := range cs.Rest() {
		t += c.Sum
	}
	return t
}

// RestAddition writes the sums of the cages after the first as an addition
// ("22 + 14 + 6"), the arithmetic of the rule of 45.
func (cs CageSums) RestAddition() string {
	var b []byte
	for i, c := range cs.Rest() {
		if i > 0 {
			b = append(b, " + "...)
		}
		b = append(b, fmt.Sprint(c.Sum)...)
	}
	return string(b)
}

// RestPlus writes the same addition without spaces ("22+14+6"), for languages that
// set arithmetic tight.
func (cs CageSums) RestPlus() string {
	var b []byte
	for i, c := range cs.Rest() {
		if i > 0 {
			b = append(b, '+')
		}
		b = append(b, fmt.Sprint(c.Sum)...)
	}
	return string(b)
}

// InnieTotal is what the houses of an innies step hold: the innies' sum plus the cages
// wholly inside.
func (cs CageSums) InnieTotal() int {
	if len(cs) == 0 {
		return 0
	}
	return cs[0].Sum + cs.RestSum()
}

// OutieTotal is what the houses of an outies step hold: the cages that reach into them
// less the outies' sum.
func (cs CageSums) OutieTotal() int {
	if len(cs) == 0 {
		return 0
	}
	return cs.RestSum() - cs[0].Sum
}

// cageLine writes the first cage as killer notation does: its sum, its size in
// brackets, its cells, and the digits already placed in it: "17(2) r1c1,r1c2",
// "9(2) r5c1,r5c2 (r5c2=1)". The rest of a cage is never written as a cage of its
// own: "8(1) r5c1" would read as a cage of 8. A virtual cage (innies, outies) is
// what arithmetic leaves open: its open cells and their sum.
func cageLine(l *board.Layout, cs []CageSum) string {
	if len(cs) == 0 {
		return ""
	}
	c := cs[0]
	if c.Virtual {
		// Cells found by arithmetic (innies, outies) are named by what is left open.
		open := c.Open()
		return fmt.Sprintf("%d(%d) %s", c.Left(), len(open), cellNames(l, open))
	}
	line := fmt.Sprintf("%d(%d) %s", c.Sum, len(c.Cells), cellNames(l, c.Cells))
	if len(c.Known) > 0 {
		known := make([]string, len(c.Known))
		for i, k := range sortedCandidates(c.Known) {
			known[i] = l.PlacementName(k)
		}
		line += " (" + strings.Join(known, ",") + ")"
	}
	return line
}

// cageHead writes the first cage as cageLine does, with cells and placements in the
// words of a catalogue: "9(2) R5C1・R5C2（R5C2=1）".
func (c *catalogue) cageHead(x wordsFor, cs []CageSum) string {
	if len(cs) == 0 {
		return ""
	}
	cg := cs[0]
	if cg.Virtual {
		open := cg.Open()
		return fmt.Sprintf("%d(%d) %s", cg.Left(), len(open), x.w.And.join(x.cellList(open)))
	}
	line := fmt.Sprintf("%d(%d) %s", cg.Sum, len(cg.Cells), x.w.And.join(x.cellList(cg.Cells)))
	if len(cg.Known) > 0 {
		var known []string
		for _, k := range sortedCandidates(cg.Known) {
			known = append(known, subst(c.file.Words.HeadPlaced, "cell", x.cell(k.Cell), "digit", k.Digit.String()))
		}
		line += subst(c.file.Words.HeadKnown, "known", x.w.And.join(known))
	}
	return line
}

// CageDoc is the JSON/YAML form of a CageSum: cells as r1c2, the placed cells as
// r1c2=5, each combination as its digits.
type CageDoc struct {
	Cells   []string `json:"cells" yaml:"cells,flow"`
	Sum     int      `json:"sum" yaml:"sum"`
	Known   []string `json:"known,omitempty" yaml:"known,flow,omitempty"`
	Combos  [][]int  `json:"combos,omitempty" yaml:"combos,flow,omitempty"`
	Virtual bool     `json:"virtual,omitempty" yaml:"virtual,omitempty"`
}

func cageDocs(l *board.Layout, cs []CageSum) []CageDoc {
	var out []CageDoc
	for _, c := range cs {
		d := CageDoc{Cells: cellStrings(l, c.Cells), Sum: c.Sum, Virtual: c.Virtual}
		for _, k := range c.Known {
			d.Known = append(d.Known, l.PlacementName(k))
		}
		for _, ds := range c.Combos {
			d.Combos = append(d.Combos, digitInts(ds))
		}
		out = append(out, d)
	}
	return out
}

func parseCageDocs(l *board.Layout, ds []CageDoc) (CageSums, error) {
	var out CageSums
	for i, d := range ds {
		cells, err := parseCells(l, d.Cells)
		if err != nil {
			return nil, fmt.Errorf("cage %d: %w", i+1, err)
		}
		known, err := parseCandidates(l, d.Known, "=")
		if err != nil {
			return nil, fmt.Errorf("cage %d: %w", i+1, err)
		}
		c := CageSum{Cells: cells, Sum: d.Sum, Known: known, Virtual: d.Virtual}
		for _, combo := range d.Combos {
			ds, err := parseDigits(l, combo)
			if err != nil {
				return nil, fmt.Errorf("cage %d: %w", i+1, err)
			}
			c.Combos = append(c.Combos, ds)
		}
		out = append(out, c)
	}
	return out, nil
}
