package hint_test

import (
	"context"
	"fmt"
	"os"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques/hint"
)

func ExampleGive() {
	puzzle, _ := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	// The player has put 1 in r1c2 (right) and asks for everything up to the move.
	grid, _ := board.Parse("3165.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	h, err := hint.Give(context.Background(), hint.Request{Puzzle: puzzle, Grid: grid, Level: explain.HintLevels})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Status, h.Technique)
	h.WriteText(os.Stdout)
	// Output:
	// hint hidden-single
	// 1. Look for a pattern of this kind: Hidden Single.
	// 2. Look at box 1, digit 9.
	// 3. In box 1: the 9 in r5c1 rules out r3c1 (column 1). That leaves one cell of box 1 for 9.
	// 4. Place 9 in r2c3. (Hidden Single: r2c3=9 (in b1))
}

func ExampleGive_mistake() {
	puzzle, _ := board.Parse("..7..2..3.9.3..6..6.......5...2..9..4.3.76.......8...15.......4.....1.7....63.1.8")
	grid, _ := board.Parse(".77.62.93.9.3..6.763..9...5...213946413976582...4857315.1.293643....1279...63.158")
	// A mistake is revealed in stages, as a hint is: that it is there, where (its
	// house, then its cell), and the digit that belongs there.
	for level := 1; level <= explain.HintLevels; level++ {
		h, _ := hint.Give(context.Background(), hint.Request{Puzzle: puzzle, Grid: grid, Lang: explain.JA, Level: level})
		for _, m := range h.Mistakes {
			fmt.Println(level, m.Kind, m.Text)
		}
	}
	// Output:
	// 1 repeat この数字は正しくありません
	// 2 repeat 1行目：この数字は正しくありません
	// 3 repeat R1C2：この数字は正しくありません。1行目のR1C3にすでに7があります
	// 4 repeat R1C2には5が入ります
}
