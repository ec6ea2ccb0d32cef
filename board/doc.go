// Package board holds the vocabulary of stepdoku and the candidate board.
//
// The words, used the same way everywhere in the project:
//
//   - A Digit is a value 1..N that a cell can hold (N = 9 on the classic grid;
//     grid strings write 10 and up as A, B, ...; notation writes them as numbers).
//   - A DigitSet is a set of digits, a bitmask: bit d-1 stands for digit d.
//   - A Cell is one square of the grid, numbered row by row from 0. It is printed
//     r1c2 (row 1, column 2, both counted from 1).
//   - A House is a row, a column or a box: N cells that must hold every digit once.
//     Houses are numbered rows first, then columns, then boxes, and printed r1, c2, b3.
//     Variants add houses after those: the diagonals of Sudoku-X (d1, d2) and the
//     windows of windoku (w1..w4); a jigsaw's irregular regions take the boxes' place.
//   - A PosSet is a set of positions inside one house (bit i = the house's i-th cell),
//     so "where can 5 still go in row 3" is one small mask.
//   - A CellSet is a set of cells of the whole grid.
//   - A Layout is the geometry of one grid size: its houses, the houses of each cell
//     and the peers of each cell (the cells that share a house with it), built once.
//     A variant's Layout (NewLayout from a Spec) carries its rules too: a Variant (X,
//     Windoku, Jigsaw, Killer), the extra houses and regions, and killer Cages.
//   - A Cage is a group of cells of a killer whose digits add up to its sum, no digit
//     twice. Cage-mates are peers, but a cage is not a house: it need not hold every digit.
//   - A Candidate is a digit that a cell may still hold; a placement puts a digit in
//     a cell (r1c2=5), an elimination removes a candidate (r1c2<>5).
//   - A Board is the state of a solve: givens, placed values and the candidates of
//     every empty cell, with the positions of every digit in every house kept up to date.
//
// Placing a digit removes it from the candidates of the cell's peers. Techniques only
// read a Board; the pipeline applies steps to it.
package board
