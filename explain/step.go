// Package explain holds the step record, the trace of a whole solve, and every way of
// saying a step: the canonical one-line notation, prose in English and Japanese, and
// JSON/YAML for programs.
//
// A Step is data, not prose: finders in package techniques fill it, and only this
// package turns it into words.
package explain

import "github.com/stepdoku/stepdoku/board"

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
