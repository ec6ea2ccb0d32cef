package board

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Layout is the geometry of one grid size: N digits, N*N cells, 3N houses. Build it
// with LayoutOf (or use Classic); the tables are built once and never change.
type Layout struct {
	n, boxRows, boxCols int

	houses     [][]Cell   // the cells of each house, in position order
	cellHouses [][3]House // row, column and box of each cell
	cellPos    [][3]uint8 // the position of each cell inside its row, column and box
	peers      [][]Cell   // the cells that share a house with each cell
	peerSets   []CellSet  // the same, as sets
	houseSets  []CellSet  // the cells of each house, as a set
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
	cells := n * n
	l.houses = make([][]Cell, 3*n)
	l.cellHouses = make([][3]House, cells)
	l.cellPos = make([][3]uint8, cells)
	for c := range cells {
		r, col := c/n, c%n
		b := (r/br)*(n/bc) + col/bc
		posInBox := (r%br)*bc + col%bc
		hs := [3]House{House(r), House(n + col), House(2*n + b)}
		l.cellHouses[c] = hs
		l.cellPos[c] = [3]uint8{uint8(col), uint8(r), uint8(posInBox)}
	}
	for h := range l.houses {
		l.houses[h] = make([]Cell, n)
	}
	for c := range cells {
		for k, h := range l.cellHouses[c] {
			l.houses[h][l.cellPos[c][k]] = Cell(c)
		}
	}
	l.houseSets = make([]CellSet, 3*n)
	for h, hc := range l.houses {
		l.houseSets[h] = CellsOf(hc...)
	}
	l.peers = make([][]Cell, cells)
	l.peerSets = make([]CellSet, cells)
	for c := range cells {
		var s CellSet
		for _, h := range l.cellHouses[c] {
			s = s.Or(l.houseSets[h])
		}
		s.Remove(Cell(c))
		l.peerSets[c] = s
		l.peers[c] = s.Cells()
	}
	return l
}

// N is the side of the grid: the number of digits, and of cells in a house.
func (l *Layout) N() int { return l.n }

// BoxRows and BoxCols give the shape of a box (2x3 boxes on a 6x6 grid).
func (l *Layout) BoxRows() int { return l.boxRows }

// BoxCols is the number of columns of a box.
func (l *Layout) BoxCols() int { return l.boxCols }

// Cells is the number of cells, N*N.
func (l *Layout) Cells() int { return l.n * l.n }

// Houses is the number of houses, 3N.
func (l *Layout) Houses() int { return 3 * l.n }

// AllDigits is the set of every digit 1..N.
func (l *Layout) AllDigits() DigitSet { return AllDigits(l.n) }

// CellAt returns the cell at row r and column c, both counted from 0.
func (l *Layout) CellAt(r, c int) Cell { return Cell(r*l.n + c) }

// RowOf returns the row of c, counted from 0.
func (l *Layout) RowOf(c Cell) int { return int(c) / l.n }

// ColOf returns the column of c, counted from 0.
func (l *Layout) ColOf(c Cell) int { return int(c) % l.n }

// BoxOf returns the box of c, counted from 0.
func (l *Layout) BoxOf(c Cell) int { return int(l.cellHouses[c][2]) - 2*l.n }

// HousesOf returns the row, column and box of c, in that order.
func (l *Layout) HousesOf(c Cell) [3]House { return l.cellHouses[c] }

// PosIn returns the position of c inside house h, or -1 when c is not in h.
func (l *Layout) PosIn(c Cell, h House) int {
	for k, hh := range l.cellHouses[c] {
		if hh == h {
			return int(l.cellPos[c][k])
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

// Kind returns whether h is a row, a column or a box.
func (l *Layout) Kind(h House) HouseKind { return HouseKind(int(h) / l.n) }

// Index returns the number of h among the houses of its kind, counted from 0.
func (l *Layout) Index(h House) int { return int(h) % l.n }

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
