package board

import (
	"fmt"
	"strings"
)

// ProblemKind says what is wrong with a grid.
type ProblemKind uint8

// The problems a grid can have.
const (
	// Duplicate: a digit stands twice or more in one house.
	Duplicate ProblemKind = iota + 1
	// NoCandidate: an empty cell has no candidate left.
	NoCandidate
	// NoPlace: a digit that is not yet in a house has no place left in it.
	NoPlace
	// CageDuplicate: a digit stands twice or more in one killer cage.
	CageDuplicate
	// CageSum: no different digits in a cage's empty cells make its sum, given the
	// digits it already holds (a 2-cell cage of 18; a full cage adding up to another sum).
	CageSum
	// Uncovered: cells of a full killer (one without givens) are in no cage.
	Uncovered
	// CageTotal: the cages cover the grid, but their sums do not add up to what the
	// grid holds (405 on 9x9).
	CageTotal
)

// Problem is one reason a grid cannot be solved, with its place.
type Problem struct {
	Kind  ProblemKind
	Digit Digit // the digit concerned (Duplicate, NoPlace, CageDuplicate)
	House House // the house concerned (Duplicate, NoPlace)
	Cage  int   // the index in Layout.Cages of the cage concerned (CageDuplicate, CageSum)
	Total int   // the sum of every cage (CageTotal)
	// Cells: the cells that hold the duplicate, the cell with no candidate, the cells in
	// no cage, or the cells of the cage that hold a value (CageSum, with their Values).
	Cells  []Cell
	Values []Digit
}

// Describe says the problem in English with its place, e.g. "7 twice in row 3: r3c2, r3c8".
func (p Problem) Describe(l *Layout) string {
	switch p.Kind {
	case Duplicate:
		names := make([]string, len(p.Cells))
		for i, c := range p.Cells {
			names[i] = l.CellName(c)
		}
		times := "twice"
		if len(p.Cells) > 2 {
			times = fmt.Sprintf("%d times", len(p.Cells))
		}
		return fmt.Sprintf("%d %s in %s: %s", p.Digit, times, houseWords(l, p.House), strings.Join(names, ", "))
	case NoCandidate:
		return fmt.Sprintf("%s has no candidate left", l.CellName(p.Cells[0]))
	case CageDuplicate:
		times := "twice"
		if len(p.Cells) > 2 {
			times = fmt.Sprintf("%d times", len(p.Cells))
		}
		return fmt.Sprintf("%d %s in %s: %s", p.Digit, times, cageWords(l, p.Cage), cellNames(l, p.Cells))
	case CageSum:
		return cageSumWords(l, p.Cage, p.Values)
	case Uncovered:
		return fmt.Sprintf("%s in no cage, and a killer without givens needs every cell in one: %s", plural(len(p.Cells), "cell"), cellNames(l, p.Cells))
	case CageTotal:
		return fmt.Sprintf("the cage sums add up to %d, not %d, and the cages cover the whole grid", p.Total, l.n*l.n*(l.n+1)/2)
	default:
		return fmt.Sprintf("%d has no place left in %s", p.Digit, houseWords(l, p.House))
	}
}

// houseWords names a house for a sentence: "row 3", "diagonal 1", "region 4" (a box
// of a jigsaw).
func houseWords(l *Layout, h House) string {
	kind := l.Kind(h).String()
	if l.Kind(h) == Box && !l.Regular() {
		kind = "region"
	}
	return fmt.Sprintf("%s %d", kind, l.Index(h)+1)
}

// cageWords names a cage for a sentence: "the 3-cell cage of 15 at r1c1".
func cageWords(l *Layout, k int) string {
	cg := l.cages[k]
	return fmt.Sprintf("the %d-cell cage of %d at %s", len(cg.Cells), cg.Sum, l.CellName(cg.Cells[0]))
}

func cellNames(l *Layout, cells []Cell) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = l.CellName(c)
	}
	return strings.Join(names, ", ")
}

// countWords writes a small count as a word, for "two different digits".
func countWords(k int) string {
	words := []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
	if k < len(words) {
		return words[k]
	}
	return fmt.Sprint(k)
}

// cageSumWords says why cage k cannot make its sum; held are the values it holds.
func cageSumWords(l *Layout, k int, held []Digit) string {
	cg := l.cages[k]
	free := len(cg.Cells) - len(held)
	if len(held) == 0 {
		lo, hi := sumRange(free, l.AllDigits())
		if free == 1 {
			return fmt.Sprintf("%s: one digit makes %d to %d", cageWords(l, k), lo, hi)
		}
		return fmt.Sprintf("%s: %s different digits make %d to %d", cageWords(l, k), countWords(free), lo, hi)
	}
	var parts []string
	got := 0
	for _, d := range held {
		parts = append(parts, fmt.Sprint(d))
		got += int(d)
	}
	if free == 0 {
		return fmt.Sprintf("%s holds %s = %d", cageWords(l, k), strings.Join(parts, "+"), got)
	}
	if free == 1 {
		return fmt.Sprintf("%s holds %s, which leaves %d for its empty cell, and no digit the cage does not hold yet is %d",
			cageWords(l, k), strings.Join(parts, "+"), cg.Sum-got, cg.Sum-got)
	}
	return fmt.Sprintf("%s holds %s, which leaves %d for %s, and no %s different digits the cage does not hold yet make it",
		cageWords(l, k), strings.Join(parts, "+"), cg.Sum-got, plural(free, "empty cell"), countWords(free))
}

// Problems returns every problem of the board at once: digits twice in a house, empty
// cells with no candidate, digits with no place left in a house; on a killer, digits
// twice in a cage, cages whose sum no different digits can make (given the digits they
// hold), sums that do not add up over cages covering the grid, and cells in no cage
// when the killer has no givens (then it must be a full killer). A board without
// problems may still have no solution; that takes search (package fallback).
func (b *Board) Problems() []Problem {
	var out []Problem
	l := b.l
	for h := range House(l.Houses()) {
		var where [MaxSize + 1][]Cell
		for _, c := range l.houses[h] {
			if d := b.values[c]; d != 0 {
				where[d] = append(where[d], c)
			}
		}
		for d := Digit(1); int(d) <= l.n; d++ {
			if len(where[d]) > 1 {
				out = append(out, Problem{Kind: Duplicate, Digit: d, House: h, Cells: where[d]})
			}
		}
	}
	for c := range Cell(l.Cells()) {
		if b.values[c] == 0 && b.cands[c] == 0 {
			out = append(out, Problem{Kind: NoCandidate, Cells: []Cell{c}})
		}
	}
	for h := range House(l.Houses()) {
		for d := Digit(1); int(d) <= l.n; d++ {
			if !b.placed[h].Has(d) && b.Positions(h, d) == 0 {
				out = append(out, Problem{Kind: NoPlace, Digit: d, House: h})
			}
		}
	}
	if len(l.cages) > 0 {
		out = append(out, b.cageProblems()...)
	}
	return out
}

// cageProblems lists what is wrong with the killer cages: digits twice in a cage, sums
// no different digits can make, cells of a full killer left out, and sums that do not
// add up over a full cover.
func (b *Board) cageProblems() []Problem {
	var out []Problem
	l := b.l
	total, covered := 0, 0
	for k, cg := range l.cages {
		total += cg.Sum
		covered += len(cg.Cells)
		var where [MaxSize + 1][]Cell
		var held []Cell
		var values []Digit
		var have DigitSet
		got := 0
		for _, c := range cg.Cells {
			if d := b.values[c]; d != 0 {
				where[d] = append(where[d], c)
				held = append(held, c)
				values = append(values, d)
				have = have.With(d)
				got += int(d)
			}
		}
		dup := false
		for d := Digit(1); int(d) <= l.n; d++ {
			if len(where[d]) > 1 {
				dup = true
				out = append(out, Problem{Kind: CageDuplicate, Digit: d, Cage: k, Cells: where[d]})
			}
		}
		if !dup && !canMake(len(cg.Cells)-len(held), cg.Sum-got, l.AllDigits()&^have) {
			out = append(out, Problem{Kind: CageSum, Cage: k, Cells: held, Values: values})
		}
	}
	full := l.n * l.n * (l.n + 1) / 2
	switch {
	case covered == l.Cells() && total != full:
		out = append(out, Problem{Kind: CageTotal, Total: total})
	case covered < l.Cells() && b.given.Empty():
		var left []Cell
		for c := range Cell(l.Cells()) {
			if _, ok := l.CageOf(c); !ok {
				left = append(left, c)
			}
		}
		out = append(out, Problem{Kind: Uncovered, Cells: left})
	}
	return out
}

// sumRange returns the smallest and largest sums of k different digits of avail.
func sumRange(k int, avail DigitSet) (lo, hi int) {
	ds := avail.Digits()
	if k > len(ds) {
		return 0, -1
	}
	for i := range k {
		lo += int(ds[i])
		hi += int(ds[len(ds)-1-i])
	}
	return lo, hi
}

// canMake reports whether k different digits of avail add up to sum.
func canMake(k, sum int, avail DigitSet) bool {
	if k == 0 {
		return sum == 0
	}
	lo, hi := sumRange(k, avail)
	if sum < lo || sum > hi {
		return false
	}
	if avail.Count() == int(avail.Digits()[avail.Count()-1]-avail.Digits()[0])+1 {
		return true // every sum between the bounds is made from a run of digits
	}
	// reach[j] holds the sums j different digits make, as a set of bits.
	reach := make([][]bool, k+1)
	for j := range reach {
		reach[j] = make([]bool, sum+1)
	}
	reach[0][0] = true
	for _, d := range avail.Digits() {
		for j := k; j >= 1; j-- {
			for s := sum; s >= int(d); s-- {
				if reach[j-1][s-int(d)] {
					reach[j][s] = true
				}
			}
		}
	}
	return reach[k][sum]
}
