package fallback

import (
	"context"

	"github.com/stepdoku/stepdoku/board"
)

// The DLX search is Knuth's Algorithm X with dancing links over the exact cover
// the layout defines: one column per empty cell (it holds one digit) and one per
// house and digit not yet placed there (the house holds it once), one row per
// candidate that no placed value rules out. The houses come from the layout's
// house list alone, so a layout with more or other houses (diagonals, windows,
// jigsaw regions) needs no change here.
//
// The matrix lives in one flat slice of nodes linked by int32 indices, built per
// search and dropped after it: node 0 is the root, nodes 1..columns the column
// headers, the rest the rows' nodes. Search takes the column with the fewest rows
// (Knuth's S heuristic), so a column with one row is a forced move, the exact-cover
// form of a naked or hidden single.

// dlxNode is one node of the matrix: its neighbours in its row (l, r) and column
// (u, d), its column's header and, on a row's nodes, the row.
type dlxNode struct {
	l, r, u, d int32
	col, row   int32
}

// dlxRow is the candidate a row stands for.
type dlxRow struct {
	cell  int32
	digit board.Digit
}

// dlxCtxEvery is how many nodes of the search pass between two looks at the context.
const dlxCtxEvery = 256

// dlx is one search: the matrix and what the search found so far.
type dlx struct {
	q     query
	nodes []dlxNode
	size  []int32 // the rows left in each column, by header index
	rows  []dlxRow
	// values are the board's values; each solution fills its empty cells in.
	values []board.Digit
	chosen []int32 // the rows taken on the current path
	visits int
	count  int
	guess  int
	sols   [][]board.Digit
	ctx    context.Context
	done   <-chan struct{}
	err    error
}

func searchDLX(ctx context.Context, b *board.Board, q query) (result, error) {
	x, ok := buildDLX(b, q)
	if !ok {
		return result{}, nil // the placed values clash: no solution
	}
	x.ctx, x.done = ctx, ctx.Done()
	x.run()
	return result{count: x.count, guesses: x.guess, sols: x.sols}, x.err
}

// buildDLX builds the matrix of b's exact cover under q. It returns false when
// the board's values already break a house, or a cell holding a value cannot
// keep it under q.
func buildDLX(b *board.Board, q query) (*dlx, bool) {
	l := b.Layout()
	n, cells, houses := l.N(), l.Cells(), l.Houses()
	sets := startSets(b, q)
	full := l.AllDigits()

	// The houses of each cell, flat: cellHouses[start[c]:start[c+1]].
	start := make([]int32, cells+1)
	for h := range board.House(houses) {
		for _, c := range l.HouseCells(h) {
			start[c+1]++
		}
	}
	for c := range cells {
		start[c+1] += start[c]
	}
	cellHouses := make([]int32, start[cells])
	fill := append([]int32(nil), start[:cells]...)
	for h := range board.House(houses) {
		for _, c := range l.HouseCells(h) {
			cellHouses[fill[c]] = int32(h)
			fill[c]++
		}
	}

	values := make([]board.Digit, cells)
	placed := make([]board.DigitSet, houses)
	for c := range board.Cell(cells) {
		v := b.Value(c)
		if v == 0 {
			continue
		}
		if !sets[c].Has(v) {
			return nil, false
		}
		values[c] = v
		for _, h := range cellHouses[start[c]:start[c+1]] {
			if placed[h].Has(v) {
				return nil, false
			}
			placed[h] = placed[h].With(v)
		}
	}

	// Columns: each empty cell, then each house and digit left to place.
	cellCol := make([]int32, cells)
	columns := int32(0)
	for c := range cells {
		if values[c] == 0 {
			columns++
			cellCol[c] = columns
		}
	}
	houseCol := make([]int32, houses*n) // by h*n + d-1
	for h := range houses {
		for d := range n {
			if !placed[h].Has(board.Digit(d + 1)) {
				columns++
				houseCol[h*n+d] = columns
			}
		}
	}

	// The rows: an empty cell's candidates that no house of the cell has placed.
	allowed := make([]board.DigitSet, cells)
	rows, total := 0, int(columns)+1
	for c := range cells {
		if values[c] != 0 {
			continue
		}
		s := sets[c] & full
		for _, h := range cellHouses[start[c]:start[c+1]] {
			s &^= placed[h]
		}
		allowed[c] = s
		k := s.Count()
		rows += k
		total += k * (1 + int(start[c+1]-start[c]))
	}

	x := &dlx{
		q:      q,
		nodes:  make([]dlxNode, columns+1, total),
		size:   make([]int32, columns+1),
		rows:   make([]dlxRow, 0, rows),
		values: values,
	}
	nd := x.nodes
	for i := range nd {
		j := int32(i)
		nd[i] = dlxNode{l: j - 1, r: j + 1, u: j, d: j, col: j, row: -1}
	}
	nd[0].l, nd[columns].r = columns, 0
	for c := range cells {
		for s := allowed[c]; s != 0; s &= s - 1 {
			d := s.First()
			row := int32(len(x.rows))
			x.rows = append(x.rows, dlxRow{cell: int32(c), digit: d})
			first := int32(len(x.nodes))
			x.add(cellCol[c], row)
			for _, h := range cellHouses[start[c]:start[c+1]] {
				x.add(houseCol[int(h)*n+int(d)-1], row)
			}
			last := int32(len(x.nodes)) - 1
			x.nodes[first].l, x.nodes[last].r = last, first
		}
	}
	return x, true
}

// add appends a node of row at the foot of column col, linked to the row's node
// before it.
func (x *dlx) add(col, row int32) {
	i := int32(len(x.nodes))
	up := x.nodes[col].u
	x.nodes = append(x.nodes, dlxNode{l: i - 1, r: i + 1, u: up, d: col, col: col, row: row})
	x.nodes[up].d = i
	x.nodes[col].u = i
	x.size[col]++
}

// cover takes column c out of the header list and every row that meets c out of
// the other columns.
func (x *dlx) cover(c int32) {
	nd, size := x.nodes, x.size
	nd[nd[c].r].l = nd[c].l
	nd[nd[c].l].r = nd[c].r
	for i := nd[c].d; i != c; i = nd[i].d {
		for j := nd[i].r; j != i; j = nd[j].r {
			u, d := nd[j].u, nd[j].d
			nd[d].u = u
			nd[u].d = d
			size[nd[j].col]--
		}
	}
}

// uncover undoes cover(c), in the opposite order.
func (x *dlx) uncover(c int32) {
	nd, size := x.nodes, x.size
	for i := nd[c].u; i != c; i = nd[i].u {
		for j := nd[i].l; j != i; j = nd[j].l {
			u, d := nd[j].u, nd[j].d
			nd[d].u = j
			nd[u].d = j
			size[nd[j].col]++
		}
	}
	nd[nd[c].r].l = c
	nd[nd[c].l].r = c
}

// run searches the matrix as it stands. It returns as soon as the limit is reached
// or the context ends, leaving the matrix half covered: it is not used again.
func (x *dlx) run() {
	nd := x.nodes
	if nd[0].r == 0 {
		x.found()
		return
	}
	x.visits++
	if x.done != nil && x.visits%dlxCtxEvery == 0 {
		select {
		case <-x.done:
			x.err = x.ctx.Err()
			return
		default:
		}
	}
	best, fewest := int32(0), int32(1<<30)
	for c := nd[0].r; c != 0; c = nd[c].r {
		if s := x.size[c]; s < fewest {
			best, fewest = c, s
			if s <= 1 {
				break
			}
		}
	}
	if fewest == 0 {
		return
	}
	if fewest > 1 {
		x.guess++
	}
	x.cover(best)
	for i := nd[best].d; i != best; i = nd[i].d {
		x.chosen = append(x.chosen, nd[i].row)
		for j := nd[i].r; j != i; j = nd[j].r {
			x.cover(nd[j].col)
		}
		x.run()
		if x.count >= x.q.limit || x.err != nil {
			return
		}
		for j := nd[i].l; j != i; j = nd[j].l {
			x.uncover(nd[j].col)
		}
		x.chosen = x.chosen[:len(x.chosen)-1]
	}
	x.uncover(best)
}

func (x *dlx) found() {
	x.count++
	if len(x.sols) < x.q.keep {
		out := append([]board.Digit(nil), x.values...)
		for _, r := range x.chosen {
			out[x.rows[r].cell] = x.rows[r].digit
		}
		x.sols = append(x.sols, out)
	}
}
