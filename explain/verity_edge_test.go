package explain

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// TestVerityBranchOfItsPremise: a verity case whose premise is already the result
// (a one-node branch) says so, instead of an empty "then ." sentence.
func TestVerityBranchOfItsPremise(t *testing.T) {
	c := func(s string) board.Cell {
		cell, err := board.Classic.ParseCell(s)
		require.NoError(t, err)
		return cell
	}
	node := func(cell string) Node {
		return Node{Cells: []board.Cell{c(cell)}, Digits: board.DigitsOf(4)}
	}
	s := Step{
		Technique:    "forcing-chain-verity",
		Eliminations: []board.Candidate{{Cell: c("r6c6"), Digit: 4}},
		Pattern: Pattern{
			Digits: board.DigitsOf(4),
			Houses: []board.House{board.Classic.RowHouse(1)},
			Chains: []Chain{
				{Nodes: []Node{node("r2c6")}},
				{Nodes: []Node{node("r2c9"), node("r6c9")}, Links: []LinkKind{Weak}},
			},
		},
	}
	for _, lang := range []Lang{EN, JA} {
		got, err := Prose(board.Classic, s, lang)
		require.NoError(t, err)
		assert.NotContains(t, got, ": .", "%s: %s", lang, got)
		assert.NotContains(t, got, "：。", "%s: %s", lang, got)
		assert.Contains(t, got, map[Lang]string{EN: "Case 1: r2c6 is 4. Branch 1, (4)r2c6: this case is the result itself.",
			JA: "場合1：R2C6が4とします。枝1「(4)R2C6」：この場合がそのまま結論です。"}[lang])
	}
}
