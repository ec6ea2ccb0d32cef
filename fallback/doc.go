// Package fallback is the search of last resort and the oracle that tests check
// steps against: depth-first search that solves, counts solutions up to a limit
// (0, 1 or several) and proves that a candidate leads to no solution.
//
// It knows nothing of techniques. Search works from a board's current candidates,
// not only its givens, so a candidate already removed stays removed and a player's
// pencil marks are respected: a solution gives every cell one of its candidates
// (or its value, when it holds one) and every house every digit once.
//
// The classic 9x9 grid has its own bitboard solver: one 27-bit mask per digit and
// band, with the digit's row, box and column constraints inside a band applied by
// table look-ups, naked singles found by counting candidates across the nine masks,
// and, when search must guess, the two-candidate cell that sees the most cells with
// two or three candidates holding one of its digits. Every other layout (4x4 up
// to 25x25, and every variant) uses a general solver over the layout's houses:
// candidate bitmasks per cell, naked and hidden singles, and the cell with the
// fewest candidates first. A third search, DLX (Knuth's Algorithm X with dancing
// links), solves the exact cover of any layout's houses. It is not the default; a
// Method picks any of the three (DLX.Count, General.Solve ..., or by name with
// ParseMethod).
//
// What each method handles (a method asked for a layout it does not handle returns
// an error that is ErrLayout, never an answer):
//
//	layout                          bitboard  general  dlx  auto
//	classic 9x9                     yes       yes      yes  bitboard
//	classic 4x4 ... 25x25           no        yes      yes  general
//	Sudoku-X, windoku, jigsaw       no        yes      yes  general
//	killer (alone or combined)      no        yes      no   general
//
// The variants' extra houses (diagonals, windows) and jigsaw regions are houses of
// the layout, so the general search and DLX take them as they take rows: singles
// and DLX's columns cover every house; the general search's locked candidates pair
// the boxes or regions with rows and columns. Killer cages are peers in the layout,
// so no digit repeats in a cage; the general search adds their sums: for each cage
// the digits placed and the sum left, the combinations of distinct digits the open
// cells can still make (from a table built once, on grids of up to 9 digits; the
// smallest and largest reachable sums above that), and the sums the rule of 45
// gives (the innies and outies of every house and of every run of adjacent rows or
// columns), a digit a cage must hold taken from the cells that see all its places,
// a house's digit confined to one cage taken from the cage's other cells. When it
// must guess it tries, in turn, the combinations of the cage (or house remainder)
// that has the fewest, when they are fewer than the best cell's candidates; else it
// takes the cell with the fewest candidates for the times the sums holding it could
// not be made so far (dom/wdeg) and tries the smaller half of its digits, then the
// larger. A killer from a killer book, with no givens, is solved and proven unique
// in about a tenth of a millisecond of search, after about a fifth of a millisecond
// to build the rules of its layout (once per layout); the hardest big-cage killers
// (sixteen five-cell cages and no givens) take 0.5 to 10 s (tens to hundreds of
// thousands of guesses). DLX does not take killers: a cage's sum is no
// exact-cover constraint.
//
// Every function takes a context and looks at it every few hundred guesses (every
// few dozen on the general solver, whose nodes cost more; every 256 nodes, forced
// moves included, on DLX), so a caller can bound a search that would run too long,
// such as counting the solutions of a nearly empty 25x25 grid. The functions are
// safe for concurrent use.
package fallback
