package techniques

import "github.com/stepdoku/stepdoku/board"

// Diagonal fish are the fish of fish_franken.go on Sudoku-X with a diagonal among
// their base or cover houses: the argument never asks what kind a house is, only that
// the base houses share no place of the digit and that the cover houses hold every
// place of the base. Solvers of Sudoku-X use the diagonals so; on x-dev.txt, one in
// nine of the states where the ladder reached for a forcing chain or net held a fish
// of two or three houses with a diagonal among them (most with a fin). The IDs say
// the size and whether fins are allowed, as the basic fish do; Sudoku Explainer rates
// none of them, so they take the mutant fish's difficulties (every diagonal fish mixes
// kinds of house). They hold only on layouts with diagonals, so the pipeline skips
// them on any other, and they are optional for their cost (see Optional).

const (
	idDiagonalXWing           = "diagonal-x-wing"
	idFinnedDiagonalXWing     = "finned-diagonal-x-wing"
	idDiagonalSwordfish       = "diagonal-swordfish"
	idFinnedDiagonalSwordfish = "finned-diagonal-swordfish"
)

const diagonalFishDoc = `
A fish on Sudoku-X with a diagonal among its houses: base houses (rows, columns, boxes
or diagonals) that share no place of the digit, and as many cover houses that hold
every place of the digit in the base. The base houses need as many different places as
there are houses, all in the cover houses, which hold the digit once each; so each
cover house gets its digit from the base, and the digit leaves the cover houses outside
the base. A base place in two cover houses would fill two of them at once, leaving too
few, so it goes as well.`

const finnedDiagonalFishDoc = `
A diagonal fish (a fish on Sudoku-X with a diagonal among its base or cover houses)
with fins: base places outside the cover houses, or shared by two base houses. If no
fin holds the digit, the fish stands and the digit leaves the cover houses outside the
base; if a fin holds it, every cell that sees the fin loses it. A cell of a cover house
that sees every fin loses the digit either way.`

// DiagonalXWing is the X-Wing of Sudoku-X with a diagonal among its two base or two
// cover houses.
var DiagonalXWing = Technique{
	ID:         idDiagonalXWing,
	Difficulty: 4.2,
	Score:      450,
	Doc:        "Diagonal X-Wing\n" + diagonalFishDoc,
	Holds:      hasDiagonals,
	Find:       complexFish(idDiagonalXWing, 2, diagonalSets, false),
}

// FinnedDiagonalXWing is the diagonal X-Wing with fins.
var FinnedDiagonalXWing = Technique{
	ID:         idFinnedDiagonalXWing,
	Difficulty: 4.4,
	Score:      470,
	Doc:        "Finned Diagonal X-Wing\n" + finnedDiagonalFishDoc,
	Holds:      hasDiagonals,
	Find:       complexFish(idFinnedDiagonalXWing, 2, diagonalSets, true),
}

// DiagonalSwordfish is the Swordfish of Sudoku-X with a diagonal among its houses.
var DiagonalSwordfish = Technique{
	ID:         idDiagonalSwordfish,
	Difficulty: 4.8,
	Score:      450,
	Doc:        "Diagonal Swordfish\n" + diagonalFishDoc,
	Holds:      hasDiagonals,
	Find:       complexFish(idDiagonalSwordfish, 3, diagonalSets, false),
}

// FinnedDiagonalSwordfish is the diagonal Swordfish with fins.
var FinnedDiagonalSwordfish = Technique{
	ID:         idFinnedDiagonalSwordfish,
	Difficulty: 5.0,
	Score:      470,
	Doc:        "Finned Diagonal Swordfish\n" + finnedDiagonalFishDoc,
	Holds:      hasDiagonals,
	Find:       complexFish(idFinnedDiagonalSwordfish, 3, diagonalSets, true),
}

// maxDiagonalFins caps the fins of a finned diagonal fish, below the Franken and
// mutant fish's three: with a diagonal among the houses the search spans more houses,
// and its cost grows steeply with each fin allowed.
const maxDiagonalFins = 2

// maxDiagonalEndoFins caps the fins a diagonal fish's base houses share.
const maxDiagonalEndoFins = 0

// hasDiagonals reports whether the layout has the diagonals of Sudoku-X.
func hasDiagonals(l *board.Layout) bool {
	for h := board.House(3 * l.N()); int(h) < l.Houses(); h++ {
		if l.Kind(h) == board.Diagonal {
			return true
		}
	}
	return false
}
