package board_test

import (
	"fmt"

	"github.com/stepdoku/stepdoku/board"
)

// The example puzzle of the stepdoku command, as an 81-character line.
const puzzle = "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."

func ExampleParse() {
	b, err := board.Parse(puzzle)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Layout().N(), "x", b.Layout().N(), "with", b.Layout().Cells()-b.EmptyCells(), "givens")
	fmt.Print(b.Pretty())

	_, err = board.Parse("3.65.84..52....?...87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	fmt.Println(err)
	// Output:
	// 9 x 9 with 32 givens
	// 3 . 6 | 5 . 8 | 4 . .
	// 5 2 . | . . . | . . .
	// . 8 7 | . . . | . 3 1
	// ------+-------+------
	// . . 3 | . 1 . | . 8 .
	// 9 . . | 8 6 3 | . . 5
	// . 5 . | . 9 . | 6 . .
	// ------+-------+------
	// 1 3 . | . . . | 2 5 .
	// . . . | . . . | . 7 4
	// . . 5 | 2 . 6 | 3 . .
	// board: column 16: '?' is not a digit
}

func ExampleBoard_Candidates() {
	b, _ := board.Parse(puzzle)
	l := b.Layout()
	for _, name := range []string{"r1c2", "r1c9", "r2c3"} {
		c, _ := l.ParseCell(name)
		fmt.Printf("%s: %v\n", name, b.Candidates(c))
	}
	// Output:
	// r1c2: 1,9
	// r1c9: 2,7,9
	// r2c3: 1,4,9
}

func ExampleBoard_Problems() {
	// A 3 put in r1c9 repeats the 3s of row 1 and box 3, and leaves 3 no place in
	// row 6 and box 6.
	b, _ := board.Parse("3.65.84.352........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	for _, p := range b.Problems() {
		fmt.Println(p.Describe(b.Layout()))
	}
	// Output:
	// 3 twice in row 1: r1c1, r1c9
	// 3 twice in box 3: r1c9, r3c8
	// 3 has no place left in row 6
	// 3 has no place left in box 6
}

func ExampleParseMarks() {
	// A player's pencil marks as a candidate line: r1c1 is unmarked (nine '.'),
	// r1c2 has the single mark 9, which stays a mark.
	b, _ := board.Parse(puzzle)
	line := b.CandidateLine()
	line = "........." + "........9" + line[18:]
	m, _ := board.ParseMarks(line)
	for _, name := range []string{"r1c1", "r1c2", "r1c8"} {
		c, _ := m.Layout().ParseCell(name)
		marks, marked := m.Of(c)
		fmt.Printf("%s: marked %v, marks {%v}\n", name, marked, marks)
	}
	// Output:
	// r1c1: marked false, marks {}
	// r1c2: marked true, marks {9}
	// r1c8: marked true, marks {2,9}
}

// Rotate a puzzle a quarter-turn and relabel its digits: an equivalent puzzle.
func ExampleTransform() {
	b, _ := board.Parse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	rot, _ := board.Rotate(board.Classic, 1)
	swap, _ := board.Relabel(board.Classic, []board.Digit{2, 1, 3, 4, 5, 6, 7, 8, 9})
	out, err := rot.Then(swap).Board(b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(out)
	// Output:
	// 25......4.....1.3.4.........16...7.....28......3..........4...8..7..6...........5
}
