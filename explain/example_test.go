package explain_test

import (
	"fmt"
	"os"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

func ExampleOneLiner() {
	l := board.Classic
	cell := func(name string) board.Cell { c, _ := l.ParseCell(name); return c }
	// A naked pair: 1 and 5 can only go in r1c2 and r1c8, so no other cell of row 1
	// can hold them.
	s := explain.Step{
		Technique: "naked-pair",
		Eliminations: []board.Candidate{
			{Cell: cell("r1c4"), Digit: 1}, {Cell: cell("r1c6"), Digit: 1}, {Cell: cell("r1c6"), Digit: 5},
		},
		Pattern: explain.Pattern{
			Digits: board.DigitsOf(1, 5),
			Cells:  []board.Cell{cell("r1c2"), cell("r1c8")},
			Houses: []board.House{l.RowHouse(0)},
		},
	}
	fmt.Println(explain.OneLiner(l, s))
	// Output:
	// Naked Pair: 1,5 in r1c2,r1c8 => r1c4<>1, r1c6<>1, r1c6<>5
}

func ExampleWriteText() {
	// The example puzzle solved but for r1c2, r1c5 and r1c8: three full houses finish it.
	b, _ := board.Parse("3.65.84.2529134768487629531263415987974863125851792643138947256692351874745286319")
	l := b.Layout()
	tr := explain.NewTrace(b)
	for _, p := range []struct {
		cell  string
		digit board.Digit
		house board.House
	}{{"r1c2", 1, l.ColHouse(1)}, {"r1c5", 7, l.ColHouse(4)}, {"r1c8", 9, l.RowHouse(0)}} {
		c, _ := l.ParseCell(p.cell)
		tr.Steps = append(tr.Steps, explain.Step{
			Technique:  "full-house",
			Placements: []board.Candidate{{Cell: c, Digit: p.digit}},
			Pattern:    explain.Pattern{Digits: board.DigitsOf(p.digit), Houses: []board.House{p.house}},
		})
	}
	tr.Solution = "316578492529134768487629531263415987974863125851792643138947256692351874745286319"
	tr.Summary = explain.Summary{Solved: true, Steps: 3, Hardest: "full-house", ByTechnique: explain.CountTechniques(tr.Steps)}
	if err := explain.WriteText(os.Stdout, l, tr, explain.TextOptions{Brief: true}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// Puzzle
	//
	// 3 . 6 | 5 . 8 | 4 . 2
	// 5 2 9 | 1 3 4 | 7 6 8
	// 4 8 7 | 6 2 9 | 5 3 1
	// ------+-------+------
	// 2 6 3 | 4 1 5 | 9 8 7
	// 9 7 4 | 8 6 3 | 1 2 5
	// 8 5 1 | 7 9 2 | 6 4 3
	// ------+-------+------
	// 1 3 8 | 9 4 7 | 2 5 6
	// 6 9 2 | 3 5 1 | 8 7 4
	// 7 4 5 | 2 8 6 | 3 1 9
	//
	// Steps
	//
	// 1. Full House: r1c2=1 (in c2)
	// 2. Full House: r1c5=7 (in c5)
	// 3. Full House: r1c8=9 (in r1)
	//
	// Solution
	//
	// 3 1 6 | 5 7 8 | 4 9 2
	// 5 2 9 | 1 3 4 | 7 6 8
	// 4 8 7 | 6 2 9 | 5 3 1
	// ------+-------+------
	// 2 6 3 | 4 1 5 | 9 8 7
	// 9 7 4 | 8 6 3 | 1 2 5
	// 8 5 1 | 7 9 2 | 6 4 3
	// ------+-------+------
	// 1 3 8 | 9 4 7 | 2 5 6
	// 6 9 2 | 3 5 1 | 8 7 4
	// 7 4 5 | 2 8 6 | 3 1 9
	//
	// Summary
	//
	// Result: solved
	// Steps: 3
	// Hardest technique: Full House
	// Search (trial) used: no
	// Techniques used:
	//     3  Full House
}
