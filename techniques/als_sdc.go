package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idSueDeCoq = "sue-de-coq"
	// sdcMaxCells bounds the cells taken from the rest of the line or the box: all of them
	// on a 9x9 grid (six). Larger grids take fewer (sdcMaxCellsFor).
	sdcMaxCells = 6
	// sdcMaxCellsLarge is the bound above 9x9, where the rest of a line has 12 cells or
	// more and subsets of six of them run to the tens of thousands per line and box:
	// they cost most of a 25x25 walkthrough and the pairs that make a Sue de Coq there
	// are small.
	sdcMaxCellsLarge = 3
	// sdcExcessOff offsets a subset's excess (its digits outside the intersection's
	// less its cells, -sdcMaxCells at least) to index the files of sueDeCoqFinder.
	sdcExcessOff = sdcMaxCells
)

// SueDeCoq is two or three cells where a box meets a line, holding at least two digits
// more than they have cells, with a set of cells in the rest of the line and one in the
// rest of the box whose digits are disjoint: together the cells hold as many digits as
// they have cells, so each digit is there once, and the rest of the line and box lose
// them as far as they reach.
//
// Pattern: Sets are the intersection cells, the line cells and the box cells, each with
// its digits; Houses are the line and the box; Digits are all the digits of the pattern.
var SueDeCoq = Technique{
	ID:         idSueDeCoq,
	Difficulty: 7.4,
	Score:      250,
	Codes:      []string{"1101"},
	Doc: `Sue de Coq

Take two or three cells where a box meets a row or column, holding at least two digits
more than they have cells. Add cells from the rest of the line whose digits, and cells
from the rest of the box whose digits, share none with each other, so that all the cells
together hold exactly as many digits as they have cells. A digit of the line cells can
only be in the line part (the intersection and the line cells), so at most once; the
same holds in the box, and the intersection's other digits are in it at most once. So
each digit is there exactly once: the line cells' digits leave the rest of the line,
the box cells' digits the rest of the box, and the intersection's digits that neither
side has leave both.`,
	Find:  sueDeCoqFinder,
	alone: true,
}

// sdcSubset is a subset of the rest of a line or box: its cells and digits.
type sdcSubset struct {
	cells  []board.Cell
	digits board.DigitSet
}

// sdcMemo keeps, per line and box of a layout (at line*N + box), the cells' candidates
// the last time the finder found nothing there, for a solve (in its scratch): what a
// line and box give depends on their cells only (the subsets, the intersection, and
// what leaves the rest of both), so where no step touched them since, the finder
// skips them. On a large grid most states differ from the one before in a few cells.
type sdcMemo struct {
	l     *board.Layout
	quiet [][]board.DigitSet
	key   []board.DigitSet
	// The finder's buffers, kept from call to call: a 16x16 walk allocated 1.4 MB
	// in them, a call at a time.
	walk             sdcWalk
	ls, bs           []sdcSubset
	lsCells, bsCells []board.Cell
	masks            []sdcMask
	bm               [][]int32
}

// sdcPlaced marks a cell with a value in a key: above every digit of a 25x25 grid.
const sdcPlaced board.DigitSet = 1 << 31

// sdcKey appends what the cells of line and box hold: candidates, or that a value.
func sdcKey(key []board.DigitSet, b *board.Board, line, box board.House) []board.DigitSet {
	l := b.Layout()
	for _, h := range [2]board.House{line, box} {
		for _, c := range l.HouseCells(h) {
			k := b.Candidates(c)
			if b.Value(c) != 0 {
				k |= sdcPlaced
			}
			key = append(key, k)
		}
	}
	return key
}

// sdcMask is a part of an intersection that may be a Sue de Coq's: the cells picked
// (bits of the intersection's cells), how many, and their digits.
type sdcMask struct {
	m, nc int
	v     board.DigitSet
}

// sdcMaxCellsFor returns the bound on a subset's cells on a grid of size n.
func sdcMaxCellsFor(n int) int {
	if n <= 9 {
		return sdcMaxCells
	}
	return sdcMaxCellsLarge
}

// sdcSubsets appends every subset of cells of one to sdcMaxCellsFor(N) cells that may
// take part in a Sue de Coq beside an intersection of up to nInter cells holding
// digits inter (or fewer): its digits no more than its cells and nInter, and those
// outside inter no more than its cells and that bound less two. (The pattern's
// intersection part has digits v, two more than its nc cells at least, and with the
// other side's cells and digits bc and B, disjoint from this side's: |v| + |this \ v| +
// |B \ v| = nc + cells + bc, so |this \ v| <= cells + bc - 2.) A cell with more
// candidates than the bound + nInter is in none, and a subset of more digits is in
// none either (more cells bring at most one more each): both are left out, the others
// listed in the same order.
// It returns ok false, with what it has, when p's context is done.
//
// The subsets' cells share one array, buf's, reused from call to call: a step keeps a
// copy (sdcConclude).
func sdcSubsets(w *sdcWalk, out []sdcSubset, buf *[]board.Cell, cells []board.Cell, nInter int, inter board.DigitSet) ([]sdcSubset, bool) {
	w.nInter, w.maxCells, w.inter = nInter, sdcMaxCellsFor(w.b.Layout().N()), inter
	w.buf, w.out, w.pick = (*buf)[:0], out, w.pick[:0]
	// The cells that can be in a subset, with their candidates, read once: not those
	// with more candidates, or more outside inter, than any subset may hold.
	w.cells, w.cands = w.cells[:0], w.cands[:0]
	for _, c := range cells {
		cands := w.b.Candidates(c)
		if cands.Count() <= w.maxCells+w.nInter && (cands&^inter).Count() <= 2*w.maxCells-2 {
			w.cells, w.cands = append(w.cells, c), append(w.cands, cands)
		}
	}
	ok := w.walk(0, 0)
	*buf = w.buf
	return w.out, ok
}

// sdcWalk is the state of sdcSubsets' walk over the subsets, kept by a finder from
// call to call: a method rather than a recursive closure, which the compiler puts on
// the heap at every call.
type sdcWalk struct {
	p                *Pass
	b                *board.Board
	cells            []board.Cell
	nInter, maxCells int
	inter            board.DigitSet
	pick, buf        []board.Cell
	out              []sdcSubset
	cands            []board.DigitSet // per cell of cells
}

// walk extends the cells picked (holding ds) by the cells from the from-th on.
func (w *sdcWalk) walk(from int, ds board.DigitSet) bool {
	for i := from; i < len(w.cells); i++ {
		// The context, once per first cell: the subsets under one are at most a few
		// thousand, and a cancellable context's Err takes a lock.
		if len(w.pick) == 0 && w.p.done() {
			return false
		}
		w.pick = append(w.pick, w.cells[i])
		nds := ds | w.cands[i]
		if nds.Count() <= len(w.pick)+w.nInter && (nds&^w.inter).Count() <= len(w.pick)+w.maxCells-2 {
			at := len(w.buf)
			w.buf = append(w.buf, w.pick...)
			w.out = append(w.out, sdcSubset{cells: w.buf[at:len(w.buf):len(w.buf)], digits: nds})
		}
		// Digits only grow: past the bounds of the largest subset, no more cells help.
		if len(w.pick) < w.maxCells && nds.Count() <= w.maxCells+w.nInter && (nds&^w.inter).Count() <= 2*w.maxCells-2 {
			if !w.walk(i+1, nds) {
				return false
			}
		}
		w.pick = w.pick[:len(w.pick)-1]
	}
	return true
}

func sueDeCoqFinder(p *Pass) {
	b, report := p.Board(), p.Report
	l := b.Layout()
	var found []alsFound
	var inter, lineRest, boxRest []board.Cell
	memo := &p.st.sc.sdc
	if memo.l != l {
		*memo = sdcMemo{l: l, quiet: make([][]board.DigitSet, l.Houses()*l.N())}
	}
	ls, bs := memo.ls, memo.bs
	bm := memo.bm // the box subsets that may go with the intersection tried, by excess
	lsCells, bsCells := memo.lsCells, memo.bsCells
	masks := memo.masks
	walk := &memo.walk
	walk.p, walk.b = p, b
	defer func() {
		memo.ls, memo.bs, memo.bm = ls[:0], bs[:0], bm
		memo.lsCells, memo.bsCells, memo.masks = lsCells[:0], bsCells[:0], masks[:0]
		walk.p, walk.b = nil, nil
	}()
	for bi := range l.N() {
		box := l.BoxHouse(bi)
		for _, kind := range [2]board.HouseKind{board.Row, board.Column} {
			var lines [board.MaxSize]bool
			for _, c0 := range l.HouseCells(box) {
				line := l.HousesOf(c0)[kind]
				if lines[l.Index(line)] {
					continue
				}
				lines[l.Index(line)] = true
				// A line and box whose cells are as they were when they last gave
				// nothing give nothing again.
				slot := int(line)*l.N() + bi
				memo.key = sdcKey(memo.key[:0], b, line, box)
				if q := memo.quiet[slot]; q != nil && slices.Equal(q, memo.key) {
					continue
				}
				before := len(found)
				inter, lineRest, boxRest = inter[:0], lineRest[:0], boxRest[:0]
				for _, c := range l.HouseCells(line) {
					if b.Value(c) != 0 {
						continue
					}
					if l.PosIn(c, box) >= 0 {
						inter = append(inter, c)
					} else {
						lineRest = append(lineRest, c)
					}
				}
				for _, c := range l.HouseCells(box) {
					if b.Value(c) == 0 && l.PosIn(c, line) < 0 {
						boxRest = append(boxRest, c)
					}
				}
				if len(inter) < 2 || len(lineRest) == 0 || len(boxRest) == 0 {
					continue
				}
				// The parts of the intersection that can be one (two cells or more,
				// two digits more than cells): none, and the line costs no subsets;
				// the subsets need only fit beside the largest.
				masks = masks[:0]
				maxNc := 0
				var vs board.DigitSet // the digits of every such part
				for m := 1; m < 1<<len(inter); m++ {
					nc := bits.OnesCount(uint(m))
					var v board.DigitSet
					for i, c := range inter {
						if m&(1<<i) != 0 {
							v |= b.Candidates(c)
						}
					}
					if nc >= 2 && v.Count() >= nc+2 {
						masks = append(masks, sdcMask{m: m, nc: nc, v: v})
						maxNc = max(maxNc, nc)
						vs |= v
					}
				}
				if len(masks) == 0 {
					continue
				}
				var ok bool
				if ls, ok = sdcSubsets(walk, ls[:0], &lsCells, lineRest, maxNc, vs); !ok {
					return
				}
				if bs, ok = sdcSubsets(walk, bs[:0], &bsCells, boxRest, maxNc, vs); !ok {
					return
				}
				for _, mk := range masks {
					if p.done() {
						return
					}
					m, nc, v := mk.m, mk.nc, mk.v
					// The box subsets that may go with this intersection, in order:
					// tested once here rather than once per line subset, and filed by
					// their digits outside v less their cells. With the line subset's
					// digits disjoint from the box subset's, the pattern's digits are
					// v's, the line subset's outside v and the box subset's outside v:
					// as many as the cells only when those two excesses add up to
					// nc - |v|, so a line subset looks at one file.
					for i := range bm {
						bm[i] = bm[i][:0]
					}
					filed := false
					for k := range bs {
						if bx := &bs[k]; bx.digits&v != 0 && bx.digits.Count() <= len(bx.cells)+nc {
							ex := (bx.digits &^ v).Count() - len(bx.cells) + sdcExcessOff
							for len(bm) <= ex {
								bm = append(bm, nil)
							}
							bm[ex] = append(bm[ex], int32(k))
							filed = true
						}
					}
					if !filed {
						continue
					}
					for _, ln := range ls {
						if ln.digits&v == 0 || ln.digits.Count() > len(ln.cells)+nc {
							continue
						}
						ex := nc - v.Count() - ((ln.digits &^ v).Count() - len(ln.cells)) + sdcExcessOff
						if ex < 0 || ex >= len(bm) {
							continue
						}
						for _, k := range bm[ex] {
							bx := &bs[k]
							if bx.digits&ln.digits != 0 {
								continue
							}
							all := v | ln.digits | bx.digits
							if all.Count() != nc+len(ln.cells)+len(bx.cells) {
								continue
							}
							found = sdcConclude(found, b, line, box, inter, m, v, ln, *bx)
						}
					}
				}
				if len(found) == before {
					memo.quiet[slot] = append(memo.quiet[slot][:0], memo.key...)
				}
			}
		}
	}
	reportFound(found, map[string]bool{}, report)
}

// sdcConclude records what one Sue de Coq removes, if anything.
func sdcConclude(found []alsFound, b *board.Board, line, box board.House, inter []board.Cell, m int, v board.DigitSet, ln, bx sdcSubset) []alsFound {
	l := b.Layout()
	var pattern board.CellSet
	var cs []board.Cell
	for i, c := range inter {
		if m&(1<<i) != 0 {
			cs = append(cs, c)
			pattern.Add(c)
		}
	}
	for _, c := range ln.cells {
		pattern.Add(c)
	}
	for _, c := range bx.cells {
		pattern.Add(c)
	}
	// The line part holds the line cells' digits and the intersection's digits the box
	// cells lack; the box part the other way round.
	lineLose := ln.digits | v&^bx.digits
	boxLose := bx.digits | v&^ln.digits
	var elims []board.Candidate
	for c := range board.Cell(l.Cells()) {
		if pattern.Has(c) || b.Value(c) != 0 {
			continue
		}
		var lose board.DigitSet
		if l.PosIn(c, line) >= 0 {
			lose |= lineLose
		}
		if l.PosIn(c, box) >= 0 {
			lose |= boxLose
		}
		for s := lose & b.Candidates(c); s != 0; s &= s - 1 {
			elims = append(elims, board.Candidate{Cell: c, Digit: s.First()})
		}
	}
	if len(elims) == 0 {
		return found
	}
	return append(found, alsFound{
		step: explain.Step{Technique: idSueDeCoq, Eliminations: elims, Pattern: explain.Pattern{
			Digits: v | ln.digits | bx.digits,
			Houses: []board.House{line, box},
			Sets: []explain.Group{
				{Cells: cs, Digits: v},
				{Cells: slices.Clone(ln.cells), Digits: ln.digits},
				{Cells: slices.Clone(bx.cells), Digits: bx.digits},
			},
		}},
		cells: len(cs) + len(ln.cells) + len(bx.cells),
		order: len(found),
	})
}
