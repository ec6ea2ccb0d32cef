package explain

import (
	"slices"
	"strconv"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

// Eureka writes a chain in Eureka notation, the forum's (and HoDoKu's) way of writing
// alternating inference chains: each node is its digit in brackets before its cells,
// "=" is a strong link and "-" a weak one, and consecutive nodes of one cell share it:
//
//	(4)r1c2=(4)r1c8-(4=3)r5c8-(3)r5c2
//	(5)r2c1=(5)r2c6-(5=3)r3c4-(3)r13c5=(3)r2c4-(3=5)r2c1
//
// A group node names its row (or column) once and its columns (or rows) after it:
// r13c5 is r1c5 and r3c5. A loop ends where it started, with its closing link.
func Eureka(l *board.Layout, c Chain) string {
	nodes, links := c.Nodes, c.Links
	if c.Loop && len(nodes) > 0 {
		nodes = append(nodes[:len(nodes):len(nodes)], nodes[0])
	}
	var sb strings.Builder
	for i := 0; i < len(nodes); {
		// A run of nodes on the same cells is written once: (4=3)r5c8, (3=2)r37c5.
		j := i + 1
		for j < len(nodes) && sameCells(nodes[j-1], nodes[j]) {
			j++
		}
		if i > 0 {
			sb.WriteString(eurekaSign(links, i-1))
		}
		sb.WriteByte('(')
		for k := i; k < j; k++ {
			if k > i {
				sb.WriteString(eurekaSign(links, k-1))
			}
			sb.WriteString(digitsNotation(l, nodes[k].Digits))
		}
		sb.WriteByte(')')
		sb.WriteString(CompactCells(l, nodes[i].Cells))
		i = j
	}
	return sb.String()
}

// sameCells reports whether two nodes stand on the same cells: two digits of one cell,
// or two digits of one almost locked set.
func sameCells(a, b Node) bool { return slices.Equal(a.Cells, b.Cells) }

func digitsNotation(l *board.Layout, ds board.DigitSet) string {
	var sb strings.Builder
	for i, d := range ds.Digits() {
		if i > 0 && l.N() > 9 {
			sb.WriteByte(',')
		}
		sb.WriteString(d.String())
	}
	return sb.String()
}

// CompactCells writes cells as Eureka does: one cell as r1c2, cells of one row as
// r1c23, cells of one column as r13c2, anything else as its rows joined by "|"
// (r4c5|r5c46). Grids above 9
// separate two-digit numbers with commas (r1c10,12).
func CompactCells(l *board.Layout, cs []board.Cell) string {
	if len(cs) == 0 {
		return ""
	}
	sep := ""
	if l.N() > 9 {
		sep = ","
	}
	nums := func(f func(board.Cell) int) string {
		parts := make([]string, len(cs))
		for i, c := range cs {
			parts[i] = strconv.Itoa(f(c) + 1)
		}
		return strings.Join(parts, sep)
	}
	row, col := true, true
	for _, c := range cs[1:] {
		row = row && l.RowOf(c) == l.RowOf(cs[0])
		col = col && l.ColOf(c) == l.ColOf(cs[0])
	}
	switch {
	case row:
		return "r" + strconv.Itoa(l.RowOf(cs[0])+1) + "c" + nums(l.ColOf)
	case col:
		return "r" + nums(l.RowOf) + "c" + strconv.Itoa(l.ColOf(cs[0])+1)
	}
	// One style for every group: each row's cells as a row group (r5c46), the rows
	// joined by "|": r4c5|r5c46|r6c4.
	sorted := sortCells(cs)
	var parts []string
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && l.RowOf(sorted[j]) == l.RowOf(sorted[i]) {
			j++
		}
		parts = append(parts, CompactCells(l, sorted[i:j]))
		i = j
	}
	return strings.Join(parts, "|")
}

// ChainStep is one node of a chain as a walk through it reads it: what the chain has
// made of the node (true or false), and the link that led there.
type ChainStep struct {
	// Cells of the node (one for a candidate, two or more for a group) and their
	// compact name (r1c2, r1c23).
	Cells []board.Cell
	Where string
	// Digit of the node.
	Digit board.Digit
	// Group is true for a node of two or more cells ("4 is in one of r1c23").
	Group bool
	// True is what the walk has made of the node: the start is assumed, every later
	// node follows from the one before.
	True bool
	// Link led from the previous step to this one; 0 for the start.
	Link LinkKind
	// SameCells is true when the previous step was another digit of these cells.
	SameCells bool
	// Locked is true when a strong link inside two or more cells led here: the cells
	// are an almost locked set (one digit more than cells), so with the previous digit
	// gone they hold each of their other digits. The prose says why.
	Locked bool
	// Forced is true when a strong link from a set to a single cell outside it, on
	// another digit, led here: without From the set (FromCells) holds its other digits,
	// which leaves this cell only this digit.
	Forced    bool
	From      board.Digit
	FromCells []board.Cell
	// PrevCells are the cells of the node before (nil for the start).
	PrevCells []board.Cell
	// Why says why the link that led here holds (the house it runs in, or the cell's
	// only other candidate). WalkChain leaves it empty; a prose template's .Walk fills it.
	Why LinkWhy
}

// WalkChain returns the nodes of a chain in the order a reader follows them, each with
// what the walk makes of it. The start is assumed false when its first link is strong
// (if it is false the next is true) and true when it is weak; after that a strong link
// makes the next node true and a weak one makes it false. A loop returns to its start
// at the end, which is where a discontinuous loop shows its contradiction. Prose
// templates range over it to say "if r1c2 is not 4, r1c8 is 4, so ...".
func WalkChain(l *board.Layout, c Chain) []ChainStep {
	n := len(c.Nodes)
	if n == 0 {
		return nil
	}
	steps := n
	if c.Loop {
		steps++
	}
	out := make([]ChainStep, steps)
	// A chain starts true when its first link is weak (a weak link leaves a true
	// node); a chain of one node is a premise standing alone, such as a case of a
	// verity that is already the result, and is true too.
	on := len(c.Links) == 0 || c.Links[0] == Weak
	for i := range out {
		node := c.Nodes[i%n]
		var link LinkKind
		if i > 0 {
			link = Weak
			if i-1 < len(c.Links) {
				link = c.Links[i-1]
			}
			on = link == Strong
		}
		out[i] = ChainStep{
			Cells: node.Cells, Where: CompactCells(l, node.Cells), Digit: node.Digits.First(),
			Group: len(node.Cells) > 1, True: on, Link: link,
			SameCells: i > 0 && sameCells(c.Nodes[(i-1)%n], node),
		}
		if i > 0 {
			out[i].PrevCells = c.Nodes[(i-1)%n].Cells
		}
		out[i].Locked = out[i].SameCells && link == Strong && out[i].Group
		if prev := c.Nodes[(i+n-1)%n]; i > 0 && link == Strong && len(prev.Cells) > 1 && len(node.Cells) == 1 &&
			prev.Digits != node.Digits && !slices.Contains(prev.Cells, node.Cells[0]) {
			out[i].Forced, out[i].From, out[i].FromCells = true, prev.Digits.First(), prev.Cells
		}
	}
	return out
}

// eurekaSign writes link i of a chain: "=" for strong, "-" for weak (a missing link,
// as the closing link of a loop written without one, reads as weak).
func eurekaSign(links []LinkKind, i int) string {
	if i < len(links) && links[i] == Strong {
		return "="
	}
	return "-"
}
