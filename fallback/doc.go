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
// and a two-candidate cell chosen when search must guess. Every other layout (4x4 up
// to 25x25) uses a general solver over the layout's houses: candidate bitmasks per
// cell, naked and hidden singles, and the cell with the fewest candidates first.
// A third search, DLX (Knuth's Algorithm X with dancing links), solves the exact
// cover of any layout's houses. It is not the default; a Method picks any of the
// three (DLX.Count, General.Solve ..., or by name with ParseMethod).
//
// Every function takes a context and looks at it every few hundred guesses (every
// few dozen on the general solver, whose nodes cost more; every 256 nodes, forced
// moves included, on DLX), so a caller can bound a search that would run too long,
// such as counting the solutions of a nearly empty 25x25 grid. The functions are
// safe for concurrent use.
package fallback
