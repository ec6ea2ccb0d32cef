package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idXWing     = "x-wing"
	idSwordfish = "swordfish"
	idJellyfish = "jellyfish"
)

// XWing removes a digit from two columns when in two rows it can only go in those
// columns (or the same with rows and columns swapped).
var XWing = Technique{
	ID:         idXWing,
	Name:       "X-Wing",
	Difficulty: 3.2,
	Score:      140,
	Codes:      []string{"0300"},
	Doc: `X-Wing

When a digit can go in only two cells of each of two rows, and those cells lie in the
same two columns, the two rows put the digit in those columns, once each, at opposite
corners of the rectangle. Either way both columns are served, so the digit leaves every
other cell of the two columns. The same holds with rows and columns swapped.`,
	Find: fish(idXWing, 2),
}

// Swordfish is the X-Wing over three rows and three columns.
var Swordfish = Technique{
	ID:         idSwordfish,
	Name:       "Swordfish",
	Difficulty: 3.8,
	Score:      150,
	Codes:      []string{"0301"},
	Doc: `Swordfish

When the places left for a digit in three rows all lie in the same three columns (each
row using two or three of them), the three rows take the digit in those three columns,
one each. The columns get their copy from those rows, so the digit leaves the rest of
the three columns. Rows and columns may swap roles.`,
	Find: fish(idSwordfish, 3),
}

// Jellyfish is the X-Wing over four rows and four columns.
var Jellyfish = Technique{
	ID:         idJellyfish,
	Name:       "Jellyfish",
	Difficulty: 5.2,
	Score:      160,
	Codes:      []string{"0302"},
	Doc: `Jellyfish

The fish of size four: a digit whose places in four rows all fall in the same four
columns fills those columns from those rows, so it leaves the rest of the four columns.
Rows and columns may swap roles.`,
	Find: fish(idJellyfish, 4),
}

// fish is the finder of basic fish of the given size: size base lines (rows, then
// columns) in which a digit's places all fall in size cover lines of the other
// direction; the digit leaves the cover lines outside the base lines.
func fish(id string, size int) Finder {
	return func(b *board.Board, report func(explain.Step) bool) {
		l := b.Layout()
		n := l.N()
		var masks [board.MaxSize]uint32
		var lines [board.MaxSize]int
		for _, kind := range [2]board.HouseKind{board.Row, board.Column} {
			for d := board.Digit(1); int(d) <= n; d++ {
				m := 0
				for i := range n {
					h := lineHouse(l, kind, i)
					if p := b.Positions(h, d); p != 0 && p.Count() <= size {
						masks[m], lines[m] = uint32(p), i
						m++
					}
				}
				if m < size {
					continue
				}
				ok := combos(masks[:m], size, func(items, union uint32) bool {
					var base board.PosSet // the base lines, as positions in a cover line
					for ; items != 0; items &= items - 1 {
						base |= 1 << lines[bits.TrailingZeros32(items)]
					}
					s, found := fishStep(b, kind, d, base, board.PosSet(union))
					if !found {
						return true
					}
					s.Technique = id
					return report(s)
				})
				if !ok {
					return
				}
			}
		}
	}
}

// lineHouse returns row i or column i.
func lineHouse(l *board.Layout, kind board.HouseKind, i int) board.House {
	if kind == board.Row {
		return l.RowHouse(i)
	}
	return l.ColHouse(i)
}

// fishStep builds the step of the fish on digit d with base lines of kind at indices
// base and cover lines (of the other kind) at indices cover, or reports false when it
// removes nothing.
func fishStep(b *board.Board, kind board.HouseKind, d board.Digit, base, cover board.PosSet) (explain.Step, bool) {
	l := b.Layout()
	other := board.Column
	if kind == board.Column {
		other = board.Row
	}
	removes := false
	for q := cover; q != 0; q &= q - 1 {
		if b.Positions(lineHouse(l, other, q.First()), d)&^base != 0 {
			removes = true
			break
		}
	}
	if !removes {
		return explain.Step{}, false
	}
	s := explain.Step{Pattern: explain.Pattern{
		Digits: board.DigitsOf(d),
		Base:   make([]board.House, 0, base.Count()),
		Cover:  make([]board.House, 0, cover.Count()),
		Cells:  make([]board.Cell, 0, 2*base.Count()),
	}}
	for q := base; q != 0; q &= q - 1 {
		h := lineHouse(l, kind, q.First())
		s.Pattern.Base = append(s.Pattern.Base, h)
		s.Pattern.Cells = append(s.Pattern.Cells, l.CellsIn(h, b.Positions(h, d))...)
	}
	for q := cover; q != 0; q &= q - 1 {
		h := lineHouse(l, other, q.First())
		s.Pattern.Cover = append(s.Pattern.Cover, h)
		s.Eliminations = append(s.Eliminations, candidatesAt(l, h, b.Positions(h, d)&^base, d)...)
	}
	slices.Sort(s.Pattern.Cells)
	slices.SortFunc(s.Eliminations, func(x, y board.Candidate) int { return int(x.Cell) - int(y.Cell) })
	return s, true
}
