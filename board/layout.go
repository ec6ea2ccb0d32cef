package board

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Layout is the geometry and the rules of one grid: N digits, N*N cells, a row, a
// column and a box (or jigsaw region) for every cell, and for variants the extra
// houses (diagonals, windows) and the killer cages. Build a classic one with LayoutOf
// (or use Classic) and a variant with NewLayout; the tables are built once and never
// change, so one Layout is shared by every board and goroutine that uses it.
type Layout struct {
	n, boxRows, boxCols int
	variant             Variant

	houses     [][]Cell // the cells of each house, in position order
	kinds      []HouseKind
	index      []int      // the number of each house among the houses of its kind
	cellHouses [][3]House // row, column and box of each cell
	cellPos    [][3]uint8 // the position of each cell inside its row, column and box
	// extra[c]: the diagonals and windows that hold c, with c's position in each (nil
	// on a layout without such houses, so the classic paths pay one length check).
	extra     [][]extraHouse
	peers     [][]Cell  // the cells that share a house or a cage with each cell
	peerSets  []CellSet // the same, as sets
	houseSets []CellSet // the cells of each house, as a set
	regions   []int     // the box or region of each cell, as given (nil for rectangles)
	cages     []Cage
	cageOf    []int // the cage of each cell, -1 for none (nil without cages)
}

// extraHouse is a variant house of one cell and the cell's position in it.
type extraHouse struct {
	h   House
	pos uint8
}

// sizes maps each grid side that has a layout to its box shape (rows x columns).
var sizes = map[int][2]int{
	4: {2, 2}, 6: {2, 3}, 8: {2, 4}, 9: {3, 3}, 12: {3, 4}, 16: {4, 4}, 25: {5, 5},
}

var (
	layoutsMu sync.Mutex
	layouts   = map[int]*Layout{}
)

// Classic is the 9x9 layout with 3x3 boxes.
var Classic = mustLayout(9)

func mustLayout(n int) *Layout {
	l, err := LayoutOf(n)
	if err != nil {
		panic(err) // only called with a size from the table above
	}
	return l
}

// Sizes returns the grid sides that have a layout, smallest first.
func Sizes() []int { return []int{4, 6, 8, 9, 12, 16, 25} }

// LayoutOf returns the layout of an n x n grid: 4, 6 (2x3 boxes), 8 (2x4), 9, 12 (3x4),
// 16 or 25. The same *Layout is returned for the same n.
func LayoutOf(n int) (*Layout, error) {
	shape, ok := sizes[n]
	if !ok {
		return nil, fmt.Errorf("board: no layout for a %dx%d grid (sizes: 4, 6, 8, 9, 12, 16, 25)", n, n)
	}
	layoutsMu.Lock()
	defer layoutsMu.Unlock()
	if l := layouts[n]; l != nil {
		return l, nil
	}
	l := buildLayout(n, shape[0], shape[1])
	layouts[n] = l
	return l, nil
}

func buildLayout(n, br, bc int) *Layout {
	l := &Layout{n: n, boxRows: br, boxCols: bc}
	boxes := make([]int, n*n)
	for c := range boxes {
		r, col := c/n, c%n
		boxes[c] = (r/br)*(n/bc) + col/bc
	}
	l.build(boxes, nil)
	return l
}

// extraSpec is a variant house to build: its kind and its N cells in position order.
type extraSpec struct {
	kind  HouseKind
	cells []Cell
}

// build fills the tables from the box (or region) of every cell and the extra houses;
// boxes list their cells row by row. Cages, when any, are set before.
func (l *Layout) build(boxes []int, extra []extraSpec) {
	n := l.n
	cells := n * n
	l.houses = make([][]Cell, 3*n, 3*n+len(extra))
	l.kinds = make([]HouseKind, 3*n, 3*n+len(extra))
	l.index = make([]int, 3*n, 3*n+len(extra))
	for h := range 3 * n {
		l.houses[h] = make([]Cell, 0, n)
		l.kinds[h], l.index[h] = HouseKind(h/n), h%n
	}
	l.cellHouses = make([][3]House, cells)
	l.cellPos = make([][3]uint8, cells)
	for c := range cells {
		r, col := c/n, c%n
		hs := [3]House{House(r), House(n + col), House(2*n + boxes[c])}
		l.cellHouses[c] = hs
		for k, h := range hs {
			l.cellPos[c][k] = uint8(len(l.houses[h]))
			l.houses[h] = append(l.houses[h], Cell(c))
		}
	}
	if len(extra) > 0 {
		l.extra = make([][]extraHouse, cells)
		count := map[HouseKind]int{}
		for _, e := range extra {
			h, hc := House(len(l.houses)), e.cells
			l.houses = append(l.houses, hc)
			l.kinds = append(l.kinds, e.kind)
			l.index = append(l.index, count[e.kind])
			count[e.kind]++
			for i, c := range hc {
				l.extra[c] = append(l.extra[c], extraHouse{h: h, pos: uint8(i)})
			}
		}
	}
	l.houseSets = make([]CellSet, len(l.houses))
	for h, hc := range l.houses {
		l.houseSets[h] = CellsOf(hc...)
	}
	l.peers = make([][]Cell, cells)
	l.peerSets = make([]CellSet, cells)
	for c := range cells {
		var s CellSet
		for _, h := range l.AllHousesOf(Cell(c)) {
			s = s.Or(l.houseSets[h])
		}
		if l.cageOf != nil && l.cageOf[c] >= 0 {
			s = s.Or(l.cages[l.cageOf[c]].set)
		}
		s.Remove(Cell(c))
		l.peerSets[c] = s
		l.peers[c] = s.Cells()
	}
}

// N is the side of the grid: the number of digits, and of cells in a house.
func (l *Layout) N() int { return l.n }

// BoxRows and BoxCols give the shape of a box (2x3 boxes on a 6x6 grid).
func (l *Layout) BoxRows() int { return l.boxRows }

// BoxCols is the number of columns of a box.
func (l *Layout) BoxCols() int { return l.boxCols }

// Cells is the number of cells, N*N.
func (l *Layout) Cells() int { return l.n * l.n }

// Houses is the number of houses: 3N, and the diagonals and windows of a variant after
// them.
func (l *Layout) Houses() int { return len(l.houses) }

// AllDigits is the set of every digit 1..N.
func (l *Layout) AllDigits() DigitSet { return AllDigits(l.n) }

// CellAt returns the cell at row r and column c, both counted from 0.
func (l *Layout) CellAt(r, c int) Cell { return Cell(r*l.n + c) }

// RowOf returns the row of c, counted from 0.
func (l *Layout) RowOf(c Cell) int { return int(c) / l.n }

// ColOf returns the column of c, counted from 0.
func (l *Layout) ColOf(c Cell) int { return int(c) % l.n }

// BoxOf returns the box (jigsaw region) of c, counted from 0.
func (l *Layout) BoxOf(c Cell) int { return int(l.cellHouses[c][2]) - 2*l.n }

// HousesOf returns the row, column and box of c, in that order: the houses every cell
// has. A variant's diagonals and windows come only in AllHousesOf.
func (l *Layout) HousesOf(c Cell) [3]House { return l.cellHouses[c] }

// AllHousesOf returns every house that holds c: its row, column and box, then the
// diagonals and windows of a variant. The slice is new.
func (l *Layout) AllHousesOf(c Cell) []House {
	hs := l.cellHouses[c]
	out := append(make([]House, 0, 3+len(l.extraOf(c))), hs[:]...)
	for _, e := range l.extraOf(c) {
		out = append(out, e.h)
	}
	return out
}

func (l *Layout) extraOf(c Cell) []extraHouse {
	if l.extra == nil {
		return nil
	}
	return l.extra[c]
}

// PosIn returns the position of c inside house h, or -1 when c is not in h.
func (l *Layout) PosIn(c Cell, h House) int {
	for k, hh := range l.cellHouses[c] {
		if hh == h {
			return int(l.cellPos[c][k])
		}
	}
	for _, e := range l.extraOf(c) {
		if e.h == h {
			return int(e.pos)
		}
	}
	return -1
}

// HouseCells returns the cells of h in position order. The slice is shared: do not change it.
func (l *Layout) HouseCells(h House) []Cell { return l.houses[h] }

// HouseSet returns the cells of h as a set.
func (l *Layout) HouseSet(h House) CellSet { return l.houseSets[h] }

// Peers returns the cells that share a house with c. The slice is shared: do not change it.
func (l *Layout) Peers(c Cell) []Cell { return l.peers[c] }

// PeerSet returns the peers of c as a set.
func (l *Layout) PeerSet(c Cell) CellSet { return l.peerSets[c] }

// Sees reports whether a and b are different cells that share a house.
func (l *Layout) Sees(a, b Cell) bool { return l.peerSets[a].Has(b) }

// Kind returns whether h is a row, a column, a box, a diagonal or a window.
func (l *Layout) Kind(h House) HouseKind { return l.kinds[h] }

// Index returns the number of h among the houses of its kind, counted from 0.
func (l *Layout) Index(h House) int { return l.index[h] }

// RowHouse, ColHouse and BoxHouse return the house of a row, column or box counted from 0.
func (l *Layout) RowHouse(i int) House { return House(i) }

// ColHouse returns the house of column i, counted from 0.
func (l *Layout) ColHouse(i int) House { return House(l.n + i) }

// BoxHouse returns the house of box i, counted from 0.
func (l *Layout) BoxHouse(i int) House { return House(2*l.n + i) }

// CellsIn returns the cells of h at the positions of p.
func (l *Layout) CellsIn(h House, p PosSet) []Cell {
	out := make([]Cell, 0, p.Count())
	for ; p != 0; p &= p - 1 {
		out = append(out, l.houses[h][p.First()])
	}
	return out
}

// CellName writes c as notation does: r1c2 (r10c12 on larger grids).
func (l *Layout) CellName(c Cell) string {
	return "r" + strconv.Itoa(l.RowOf(c)+1) + "c" + strconv.Itoa(l.ColOf(c)+1)
}

// HouseName writes h as notation does: r1, c2 or b3.
func (l *Layout) HouseName(h House) string {
	return l.Kind(h).Letter() + strconv.Itoa(l.Index(h)+1)
}

// CandidateName writes a candidate as notation does for an elimination: r1c2<>5.
func (l *Layout) CandidateName(c Candidate) string {
	return l.CellName(c.Cell) + "<>" + c.Digit.String()
}

// PlacementName writes a candidate as notation does for a placement: r1c2=5.
func (l *Layout) PlacementName(c Candidate) string {
	return l.CellName(c.Cell) + "=" + c.Digit.String()
}

// ParseCell reads a cell name such as r1c2 or R10C12.
func (l *Layout) ParseCell(s string) (Cell, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	var r, c int
	if _, err := fmt.Sscanf(t, "r%dc%d", &r, &c); err != nil || fmt.Sprintf("r%dc%d", r, c) != t {
		return 0, fmt.Errorf("board: %q is not a cell name like r3c4", s)
	}
	if r < 1 || r > l.n || c < 1 || c > l.n {
		return 0, fmt.Errorf("board: %q is outside the %dx%d grid", s, l.n, l.n)
	}
	return l.CellAt(r-1, c-1), nil
}
