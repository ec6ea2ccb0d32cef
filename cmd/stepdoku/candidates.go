package main

import (
	"fmt"
	"io"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

func candidatesCommand() command {
	c := command{
		name:  "candidates",
		usage: "[--why CELL] [PUZZLE|FILE|-]",
		short: "the pencil-mark grid, and why a digit is or is not a candidate",
		long: `Prints the pencil-mark grid: every empty cell with the digits that no peer
(a cell sharing its row, column or box, or a diagonal, window, region or cage of a
variant) holds. Given a pencil-mark grid, the marks are kept as given.

--why r3c4 lists, for each digit, whether it is a candidate of that cell and, when
it is not, which cell rules it out and through which house.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		why := fs.String("why", "", "explain each digit of this cell, e.g. r3c4")
		variantFlag(fs, e)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		ps, err := readPuzzles(e, pos)
		if err != nil {
			return inputExit(e, err)
		}
		switch len(ps) {
		case 0:
			return fail(e, "candidates takes one puzzle; the input has none")
		case 1:
		default: // readPuzzles stops reading at the second
			return fail(e, "candidates takes one puzzle; the input has more than one")
		}
		p := ps[0]
		if p.err != nil {
			return fail(e, "%s: %v", p.where, p.err)
		}
		if *why == "" {
			fmt.Fprint(e.stdout, p.b.PencilMarks())
			return exitOK
		}
		cell, err := p.b.Layout().ParseCell(*why)
		if err != nil {
			return fail(e, "--why: %v", err)
		}
		writeWhy(e.stdout, p.b, cell)
		return exitOK
	}
	return c
}

// writeWhy says for each digit whether it is a candidate of c, and if not, why not:
// the first peer holding it (row, then column, then box), or the pencil marks.
func writeWhy(w io.Writer, b *board.Board, c board.Cell) {
	l := b.Layout()
	name := l.CellName(c)
	if v := b.Value(c); v != 0 {
		kind := "placed"
		if b.Given(c) {
			kind = "a given"
		}
		fmt.Fprintf(w, "%s holds %d (%s): it has no candidates.\n", name, v, kind)
		return
	}
	fmt.Fprintf(w, "Candidates of %s: %s\n", name, b.Candidates(c))
	for d := board.Digit(1); int(d) <= l.N(); d++ {
		if b.Has(c, d) {
			// The board keeps no sums: a killer cage's arithmetic may still rule d out.
			if why, ok := explain.CageWhyNot(b, c, d); ok {
				if text, err := why.Say(l, explain.EN); err == nil {
					fmt.Fprintf(w, "%s: no — %s\n", d, text)
					continue
				}
			}
			fmt.Fprintf(w, "%s: yes\n", d)
			continue
		}
		fmt.Fprintf(w, "%s: no — %s\n", d, whyNot(b, c, d))
	}
}

// whyNot says why d is not a candidate of c, in the words of the explain catalogue.
func whyNot(b *board.Board, c board.Cell, d board.Digit) string {
	why, err := explain.WhyNot(b, c, d, nil).Say(b.Layout(), explain.EN)
	if err != nil {
		return err.Error()
	}
	return why
}
