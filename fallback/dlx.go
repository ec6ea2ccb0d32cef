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
// The matrix is laid out as in Knuth's DLX1: one flat slice of nodes linked by
// int32 indices, built per search and dropped after it. Nodes 1..columns are the
// column headers (node 0 is unused); after them come the rows, each row's nodes
// side by side and a spacer before each row, so a row needs no left and right
// links: its next node is the one after it, and a spacer sends a walk back to the
// start (up) or the end (down) of the row beside it. Search takes the column with
// the fewest rows (Knuth's S heuristic), so a column with one row is a forced move,
// the exact-cover form of a naked or hidden single. Instead of a list of open
// columns, a covered column's count is raised by coveredMark, so one pass over the
// counts in memory order finds the smallest open column. Most nodes have a column
// with one row or none, and cover notes them as they happen (a stack of columns
// whose count fell to one, a count of open columns with none), so only a node that
// must guess pays for the pass.

// dlxNode is one node of the matrix. On a row's node, col is its column's header
// and u, d its neighbours in the column. On a header, u and d are the column's last
// and first nodes. On the spacer before row k, col is -k, u the first node of the
// row before it and d the last node of row k.
type dlxNode struct {
	col, u, d int32
}

// dlxRow is the candidate a row stands for.
type dlxRow struct {
	cell  int32
	digit board.Digit
}

// dlxCtxEvery is how many nodes of the search pass between two looks at the context.
const dlxCtxEvery = 256

// coveredMark is added to the count of a covered column: more than any column's rows.
const coveredMark = 1 << 30

// dlx is one search: the matrix and what the search found so far.
type dlx struct {
	q     query
	nodes []dlxNode
	size  []int32 // the rows left in each column, by header, plus coveredMark once covered
	open  int     // the columns not yet covered
	empty int     // the open columns with no row left: none means a dead end
	// single holds the columns whose count fell to one on the current path, newest
	// last; those covered since stay until search backs up past them.
	single []int32
	rows   []dlxRow
	// values are the board's values; each solution fills its empty cells in.
	values []board.Digit
	chosen []int32 // the nodes of the rows taken on the current path
	visits int
	count  int
	guess  int
	sols   [][]board.Digit
	ctx    context.Context
	done   <-chan struct{}
	err    error
}

// exactCover is what DLX needs of a board: the digits 1..n, the houses (each
// holds every digit once), the values (0 for an empty cell) and the digits each
// cell may hold. Tests give it house lists that board has no layout for yet.
type exactCover struct {
	n      int
	houses [][]board.Cell
	values []board.Digit
	sets   []board.DigitSet
}

// searchDLX runs q on b with DLX, over the houses of b's layout.
func searchDLX(ctx context.Context, b *board.Board, q query) (result, error) {
	l := b.Layout()
	houses := make([][]board.Cell, l.Houses())
	for h := range houses {
		houses[h] = l.HouseCells(board.House(h))
	}
	return searchCover(ctx, exactCover{n: l.N(), houses: houses, values: b.Digits(), sets: startSets(b, q)}, q)
}

// searchCover runs q on p with DLX.
func searchCover(ctx context.Context, p exactCover, q query) (result, error) {
	var x dlx
	if !x.build(p, q) {
		return result{}, nil // the placed values clash: no solution
	}
	x.ctx, x.done = ctx, ctx.Done()
	x.run()
	return result{count: x.count, guesses: x.guess, sols: x.sols}, x.err
}

// build sets x up with the matrix of p's exact cover under q. It returns false
// when p's values already break a house, or a cell holding a value may not hold it.
func (x *dlx) build(p exactCover, q query) bool {
	n, cells, houses := p.n, len(p.values), len(p.houses)
	sets, values := p.sets, p.values
	full := board.AllDigits(n)

	// One allocation for the int32 tables and stacks (a search on an easy puzzle is
	// short, so the build counts); there are at most cells + houses*n columns, and
	// the stacks never outgrow one entry per column or per cell.
	memberships := 0
	for _, hc := range p.houses {
		memberships += len(hc)
	}
	maxCols := cells + houses*n + 1
	arena := make([]int32, (cells+1)+memberships+cells+cells+houses*n+3*maxCols+cells)
	cut := func(k int) []int32 {
		s := arena[:k:k]
		arena = arena[k:]
		return s
	}

	// The houses of each cell, flat: cellHouses[start[c]:start[c+1]].
	start := cut(cells + 1)
	for _, hc := range p.houses {
		for _, c := range hc {
			start[c+1]++
		}
	}
	for c := range cells {
		start[c+1] += start[c]
	}
	cellHouses := cut(int(start[cells]))
	fill := cut(cells)
	copy(fill, start)
	for h, hc := range p.houses {
		for _, c := range hc {
			cellHouses[fill[c]] = int32(h)
			fill[c]++
		}
	}

	digitSets := make([]board.DigitSet, houses+cells)
	placed, allowed := digitSets[:houses], digitSets[houses:]
	for c, v := range values {
		if v == 0 {
			continue
		}
		if !sets[c].Has(v) {
			return false
		}
		for _, h := range cellHouses[start[c]:start[c+1]] {
			if placed[h].Has(v) {
				return false
			}
			placed[h] = placed[h].With(v)
		}
	}

	// Columns: each empty cell, then each house and digit left to place.
	cellCol := cut(cells)
	columns := int32(0)
	for c := range cells {
		if values[c] == 0 {
			columns++
			cellCol[c] = columns
		}
	}
	houseCol := cut(memberships) // by h*n + d-1
	for h := range houses {
		for d := range n {
			if !placed[h].Has(board.Digit(d + 1)) {
				columns++
				houseCol[h*n+d] = columns
			}
		}
	}

	// The rows: an empty cell's candidates that no house of the cell has placed.
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
		total += k * (2 + int(start[c+1]-start[c])) // a spacer and the row's nodes
	}
	total++ // the spacer after the last row

	*x = dlx{
		q:      q,
		nodes:  make([]dlxNode, total),
		size:   cut(int(columns) + 1),
		open:   int(columns),
		single: cut(maxCols)[:0],
		chosen: cut(cells)[:0],
		rows:   make([]dlxRow, 0, rows),
		values: values,
	}
	nd := x.nodes
	x.size[0] = coveredMark // node 0 is no column
	// tail[col] is the column's last node so far: the rows are written in order,
	// each node linked up to it; the down links follow in a second pass.
	tail := cut(int(columns) + 1)
	for col := range tail {
		tail[col] = int32(col)
	}
	i, prev := int32(columns)+1, int32(0) // the next node; the first node of the last row
	for c := range cells {
		width := 1 + int32(start[c+1]-start[c])
		for s := allowed[c]; s != 0; s &= s - 1 {
			d := s.First()
			row := int32(len(x.rows))
			x.rows = append(x.rows, dlxRow{cell: int32(c), digit: d})
			nd[i] = dlxNode{col: -row, u: prev, d: i + width}
			i++
			prev = i
			x.link(i, cellCol[c], tail)
			i++
			for _, h := range cellHouses[start[c]:start[c+1]] {
				x.link(i, houseCol[int(h)*n+int(d)-1], tail)
				i++
			}
		}
	}
	nd[i] = dlxNode{col: -int32(rows), u: prev}
	next := tail // tail is done with: reuse it for each column's first node so far
	for col := range next {
		nd[col].u = next[col]
		next[col] = int32(col)
	}
	for j := i - 1; j > int32(columns); j-- {
		if col := nd[j].col; col > 0 {
			nd[j].d = next[col]
			next[col] = j
		}
	}
	for col := range next {
		nd[col].d = next[col]
	}
	for col, k := range x.size {
		switch k {
		case 0:
			x.empty++
		case 1:
			x.single = append(x.single, int32(col))
		}
	}
	return true
}

// link makes node i a node of column col, below the column's tail.
func (x *dlx) link(i, col int32, tail []int32) {
	x.nodes[i] = dlxNode{col: col, u: tail[col]}
	tail[col] = i
	x.size[col]++
}

// cover marks column c covered and takes every row that meets c out of the other
// columns.
func (x *dlx) cover(c int32) {
	nd, size := x.nodes, x.size
	if size[c] == 0 {
		x.empty--
	}
	size[c] += coveredMark
	x.open--
	for p := nd[c].d; p != c; p = nd[p].d {
		// hide p's row: unlink every other node of it from its column.
		for q := p + 1; q != p; {
			n := nd[q]
			if n.col <= 0 { // the spacer after the row: back to its start
				q = n.u
				continue
			}
			nd[n.u].d = n.d
			nd[n.d].u = n.u
			k := size[n.col] - 1
			size[n.col] = k
			if k <= 1 {
				if k == 0 {
					x.empty++
				} else {
					x.single = append(x.single, n.col)
				}
			}
			q++
		}
	}
}

// uncover undoes cover(c), in the opposite order.
func (x *dlx) uncover(c int32) {
	nd, size := x.nodes, x.size
	for p := nd[c].u; p != c; p = nd[p].u {
		for q := p - 1; q != p; {
			n := nd[q]
			if n.col <= 0 { // the spacer before the row: on to its end
				q = n.d
				continue
			}
			nd[n.u].d = q
			nd[n.d].u = q
			if size[n.col] == 0 {
				x.empty--
			}
			size[n.col]++
			q--
		}
	}
	size[c] -= coveredMark
	if size[c] == 0 {
		x.empty++
	}
	x.open++
}

// run searches the matrix as it stands. It returns as soon as the limit is reached
// or the context ends, leaving the matrix half covered: it is not used again.
func (x *dlx) run() {
	if x.empty > 0 {
		return
	}
	if x.open == 0 {
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
	// No open column is empty: take the newest with one row, else the smallest.
	best, fewest := int32(0), int32(coveredMark)
	for k := len(x.single) - 1; k >= 0; k-- {
		if c := x.single[k]; x.size[c] == 1 {
			best = c
			break
		}
	}
	if best == 0 {
		// Every column with one row is on the stack, so two is the least to find.
		for c, s := range x.size {
			if s < fewest {
				best, fewest = int32(c), s
				if s == 2 {
					break
				}
			}
		}
		x.guess++
	}
	nd := x.nodes
	entry := len(x.single)
	x.cover(best)
	mark := len(x.single)
	for r := nd[best].d; r != best; r = nd[r].d {
		x.chosen = append(x.chosen, r)
		for p := r + 1; p != r; {
			if col := nd[p].col; col > 0 {
				x.cover(col)
				p++
			} else {
				p = nd[p].u
			}
		}
		x.run()
		if x.count >= x.q.limit || x.err != nil {
			return
		}
		for p := r - 1; p != r; {
			if col := nd[p].col; col > 0 {
				x.uncover(col)
				p--
			} else {
				p = nd[p].d
			}
		}
		x.chosen = x.chosen[:len(x.chosen)-1]
		x.single = x.single[:mark]
	}
	x.uncover(best)
	x.single = x.single[:entry]
}

func (x *dlx) found() {
	x.count++
	if len(x.sols) < x.q.keep {
		out := append([]board.Digit(nil), x.values...)
		for _, p := range x.chosen {
			for x.nodes[p].col > 0 {
				p--
			}
			r := x.rows[-x.nodes[p].col] // the spacer before the row names it
			out[r.cell] = r.digit
		}
		x.sols = append(x.sols, out)
	}
}
