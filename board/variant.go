package board

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Variant is the set of rules a layout adds to rows, columns and boxes. The zero value
// is classic Sudoku; the flags combine (a killer-X has both).
type Variant uint8

// The variants.
const (
	// X (Sudoku-X): both main diagonals hold every digit once.
	X Variant = 1 << iota
	// Windoku (hyper): four extra 3x3 windows at r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8.
	Windoku
	// Jigsaw: irregular regions of N cells replace the boxes.
	Jigsaw
	// Killer: cages of cells with a sum; no digit repeats inside a cage.
	Killer
)

var variantNames = []struct {
	v    Variant
	name string
}{{X, "x"}, {Windoku, "windoku"}, {Jigsaw, "jigsaw"}, {Killer, "killer"}}

// String writes the variant as the command line takes it: "classic", "x", "killer",
// or several joined by "+" ("killer+x").
func (v Variant) String() string {
	if v == 0 {
		return "classic"
	}
	var parts []string
	for _, vn := range variantNames {
		if v&vn.v != 0 {
			parts = append(parts, vn.name)
		}
	}
	return strings.Join(parts, "+")
}

// ParseVariant reads a variant name as String writes it ("x", "windoku", "jigsaw",
// "killer", "classic", or several joined by "+"). "sudoku-x", "diagonal" and "hyper"
// are taken as well.
func ParseVariant(s string) (Variant, error) {
	var v Variant
	for part := range strings.SplitSeq(strings.ToLower(strings.TrimSpace(s)), "+") {
		switch part {
		case "classic", "":
			continue
		case "x", "sudoku-x", "diagonal":
			v |= X
		case "windoku", "hyper":
			v |= Windoku
		case "jigsaw":
			v |= Jigsaw
		case "killer":
			v |= Killer
		default:
			return 0, fmt.Errorf("board: no variant %q (variants: classic, x, windoku, jigsaw, killer)", part)
		}
	}
	return v, nil
}

// Cage is a killer cage: cells whose digits add up to Sum, no digit twice.
type Cage struct {
	Cells []Cell // in cell order
	Sum   int
	set   CellSet
}

// Set returns the cells of the cage as a set.
func (c Cage) Set() CellSet {
	if c.set.Empty() {
		return CellsOf(c.Cells...)
	}
	return c.set
}

// Spec describes a layout to build with NewLayout.
type Spec struct {
	N         int   // the side of the grid; 0 means 9
	Diagonals bool  // Sudoku-X
	Windows   bool  // windoku (9x9 only)
	Regions   []int // jigsaw: the region (0..N-1) of every cell, row by row; nil for boxes
	Cages     []Cage
}

// LayoutError lists every reason a Spec does not make a layout, each with its place.
type LayoutError struct{ Problems []string }

func (e *LayoutError) Error() string { return "board: " + strings.Join(e.Problems, "; ") }

// layoutErrors lists what keeps s from making a layout of side n, each with its place.
func (s Spec) layoutErrors(n int) []string {
	var errs []string
	cells := n * n
	if s.Windows && n != 9 {
		errs = append(errs, fmt.Sprintf("windows are defined on 9x9 grids only, not %dx%d", n, n))
	}
	if s.Regions != nil {
		if len(s.Regions) != cells {
			errs = append(errs, fmt.Sprintf("got %d region labels, want %d", len(s.Regions), cells))
		} else {
			size := make([]int, n)
			for c, r := range s.Regions {
				if r < 0 || r >= n {
					errs = append(errs, fmt.Sprintf("%s is in region %d, want 1 to %d", cellName(n, Cell(c)), r+1, n))
					continue
				}
				size[r]++
			}
			for r, k := range size {
				if k != n {
					errs = append(errs, fmt.Sprintf("region %d has %d cells, want %d", r+1, k, n))
				}
			}
		}
	}
	owner := make([]int, cells)
	for i, cg := range s.Cages {
		seen := map[Cell]bool{}
		if len(cg.Cells) == 0 {
			errs = append(errs, fmt.Sprintf("cage %d has no cells", i+1))
		}
		if len(cg.Cells) > n {
			errs = append(errs, fmt.Sprintf("the cage of %d at %s has %d cells, more than the %d digits", cg.Sum, cellName(n, slices.Min(cg.Cells)), len(cg.Cells), n))
		}
		for _, c := range cg.Cells {
			if c < 0 || int(c) >= cells {
				errs = append(errs, fmt.Sprintf("cage %d names cell %d, outside the grid", i+1, c))
				continue
			}
			if seen[c] {
				errs = append(errs, fmt.Sprintf("cage %d names %s twice", i+1, cellName(n, c)))
				continue
			}
			seen[c] = true
			if o := owner[c]; o != 0 {
				errs = append(errs, fmt.Sprintf("%s is in two cages (the cage of %d and the cage of %d)", cellName(n, c), s.Cages[o-1].Sum, cg.Sum))
				continue
			}
			owner[c] = i + 1
		}
		if len(seen) == len(cg.Cells) && len(cg.Cells) > 1 {
			if apart, ok := cagePieces(n, cg.Cells); !ok {
				errs = append(errs, fmt.Sprintf("the cage of %d at %s is not in one piece: no chain of its cells side by side reaches %s", cg.Sum, cellName(n, slices.Min(cg.Cells)), cellName(n, apart)))
			}
		}
	}
	return errs
}

// cagePieces reports whether cells (each once, in the grid) join up side by side,
// as a killer cage's do; when they do not, it returns the first cell the piece of
// the smallest cell does not reach.
func cagePieces(n int, cells []Cell) (apart Cell, ok bool) {
	in := make(map[Cell]bool, len(cells))
	for _, c := range cells {
		in[c] = true
	}
	first := slices.Min(cells)
	reached := map[Cell]bool{first: true}
	todo := []Cell{first}
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		r, col := int(c)/n, int(c)%n
		for _, nb := range [4][2]int{{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}} {
			if nb[0] < 0 || nb[0] >= n || nb[1] < 0 || nb[1] >= n {
				continue
			}
			x := Cell(nb[0]*n + nb[1])
			if in[x] && !reached[x] {
				reached[x] = true
				todo = append(todo, x)
			}
		}
	}
	sorted := slices.Sorted(maps.Keys(in))
	for _, c := range sorted {
		if !reached[c] {
			return c, false
		}
	}
	return 0, true
}

// NewLayout builds the layout of a variant. Without extra rules it returns the shared
// layout of LayoutOf. It fails, naming every place at fault, when a region does not
// hold N cells, a cage names a cell outside the grid or twice, two cages share a cell,
// a cage is not in one piece (its cells joined side by side),
// or a cage has more cells than there are digits. A cage whose sum no digits can make,
// cells left out of every cage, and sums that do not add up over a full cover are
// left to Board.Problems, so the grid can still be shown.
func NewLayout(s Spec) (*Layout, error) {
	n := s.N
	if n == 0 {
		n = 9
	}
	base, err := LayoutOf(n)
	if err != nil {
		return nil, err
	}
	if !s.Diagonals && !s.Windows && s.Regions == nil && len(s.Cages) == 0 {
		return base, nil
	}
	if errs := s.layoutErrors(n); len(errs) > 0 {
		return nil, &LayoutError{Problems: errs}
	}
	l := &Layout{n: n, boxRows: base.boxRows, boxCols: base.boxCols}
	boxes := make([]int, n*n)
	if s.Regions != nil {
		l.variant |= Jigsaw
		l.boxRows, l.boxCols = 0, 0
		copy(boxes, s.Regions)
		l.regions = slices.Clone(s.Regions)
	} else {
		for c := range boxes {
			boxes[c] = base.BoxOf(Cell(c))
		}
	}
	var extra []extraSpec
	if s.Diagonals {
		l.variant |= X
		main, anti := make([]Cell, n), make([]Cell, n)
		for i := range n {
			main[i], anti[i] = Cell(i*n+i), Cell(i*n+n-1-i)
		}
		extra = append(extra, extraSpec{Diagonal, main}, extraSpec{Diagonal, anti})
	}
	if s.Windows {
		l.variant |= Windoku
		for _, top := range [][2]int{{1, 1}, {1, 5}, {5, 1}, {5, 5}} {
			w := make([]Cell, 0, n)
			for r := range 3 {
				for c := range 3 {
					w = append(w, Cell((top[0]+r)*n+top[1]+c))
				}
			}
			extra = append(extra, extraSpec{Window, w})
		}
	}
	if len(s.Cages) > 0 {
		l.variant |= Killer
		l.cageOf = make([]int, n*n)
		for c := range l.cageOf {
			l.cageOf[c] = -1
		}
		l.cages = make([]Cage, len(s.Cages))
		for i, cg := range s.Cages {
			cells := slices.Clone(cg.Cells)
			slices.Sort(cells)
			l.cages[i] = Cage{Cells: cells, Sum: cg.Sum, set: CellsOf(cells...)}
			for _, c := range cells {
				l.cageOf[c] = i
			}
		}
	}
	l.build(boxes, extra)
	return l, nil
}

// cellName writes a cell of an n x n grid as notation does, before a Layout exists.
func cellName(n int, c Cell) string {
	return fmt.Sprintf("r%dc%d", int(c)/n+1, int(c)%n+1)
}

// Variant returns the rules this layout adds to classic Sudoku (0 for classic).
func (l *Layout) Variant() Variant { return l.variant }

// Regular reports whether the boxes are BoxRows x BoxCols rectangles (false on a
// jigsaw, where BoxRows and BoxCols are 0 and code that needs box geometry must not run).
func (l *Layout) Regular() bool { return l.variant&Jigsaw == 0 }

// Cages returns the killer cages (nil without). The slice is shared: do not change it.
func (l *Layout) Cages() []Cage { return l.cages }

// CageOf returns the index in Cages of the cage that holds c, and false when c is in none.
func (l *Layout) CageOf(c Cell) (int, bool) {
	if l.cageOf == nil || l.cageOf[c] < 0 {
		return 0, false
	}
	return l.cageOf[c], true
}

// Spec returns the description this layout was built from (N always set).
func (l *Layout) Spec() Spec {
	s := Spec{N: l.n, Diagonals: l.variant&X != 0, Windows: l.variant&Windoku != 0}
	if l.regions != nil {
		s.Regions = slices.Clone(l.regions)
	}
	for _, cg := range l.cages {
		s.Cages = append(s.Cages, Cage{Cells: slices.Clone(cg.Cells), Sum: cg.Sum})
	}
	return s
}

// ExtraHouses returns the houses a variant adds (diagonals, then windows), in order.
func (l *Layout) ExtraHouses() []House {
	out := make([]House, 0, len(l.houses)-3*l.n)
	for h := 3 * l.n; h < len(l.houses); h++ {
		out = append(out, House(h))
	}
	return out
}
