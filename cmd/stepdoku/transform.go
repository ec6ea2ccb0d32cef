package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

func transformCommand() command {
	c := command{
		name:  "transform",
		usage: "[flags] [PUZZLE|FILE|-]",
		short: "an equivalent puzzle: digits relabelled, grid rotated, reflected, lines swapped",
		long: `Prints an equivalent of each puzzle: the same puzzle to a solver, another to the
eye. Its solution is the original solution moved the same way; a unique puzzle
stays unique.

--ops applies moves in order, a comma-separated list of:
  rot90, rot180, rot270   rotate clockwise (quarter-turns need square boxes)
  mirror, flip            reflect left to right, top to bottom
  transpose, antitranspose  reflect in a diagonal (square boxes)
  band:I-J, stack:I-J     swap two bands (rows of boxes) or stacks, from 1
  row:I-J, col:I-J        swap two rows of one band, two columns of one stack
  relabel:DIGITS          digit d becomes the d-th of DIGITS (e.g. 912345678)
--seed S instead applies a random equivalent (digits relabelled, bands, stacks,
rows and columns shuffled, a transpose half of the time), drawn from S and the
puzzle's line, so the same seed gives the same output.

Variants: a jigsaw's regions and a killer's cages move with the cells, and the
line printed carries them. A move that breaks a rule is refused, saying which:
the diagonals of Sudoku-X and the windows of windoku must land on their like
(rotations and reflections keep them), a cage or region must stay in one piece,
a jigsaw has no bands or stacks to swap lines in, and a killer's sums follow its
digits (relabel:987654321, the complement, turns each sum of k cells into 10k
minus it; other relabellings are refused). --seed on a variant relabels (a
killer: keeps or complements) and applies one of the grid's symmetries.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		ops := fs.String("ops", "", "moves to apply, a comma-separated `LIST` (see above)")
		seedFlag := fs.String("seed", "", "random equivalent from this seed, a number")
		variantFlag(fs, e)
		var bf batchFlags
		bf.register(fs)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if (*ops == "") == (*seedFlag == "") {
			return fail(e, "give --ops or --seed (one of them)")
		}
		var moves []move
		if *ops != "" {
			var err error
			if moves, err = parseMoves(*ops); err != nil {
				return fail(e, "--ops: %v", err)
			}
		}
		var seed uint64
		if *seedFlag != "" {
			var err error
			if seed, err = seedOf(*seedFlag); err != nil {
				return fail(e, "%v", err)
			}
		}
		src, err := openSource(e, pos)
		if err != nil {
			return inputExit(e, err)
		}
		defer src.Close()
		type result struct {
			b   *board.Board
			err error
		}
		exit := exitOK
		err = runBatch(e.ctx, e, src, bf, func(_ context.Context, p puzzle) result {
			if p.err != nil {
				return result{err: p.err}
			}
			l := p.b.Layout()
			t := board.Identity(l)
			if moves == nil {
				t = board.RandomTransform(l, rand.New(rand.NewPCG(seed, uint64(p.line))))
			}
			for _, m := range moves {
				u, err := m(l)
				if err != nil {
					return result{err: err}
				}
				t = t.Then(u)
			}
			b, err := t.Board(p.b)
			return result{b, err}
		}, func(o *batchOut, p puzzle, r result) error {
			if r.err != nil {
				o.warn("%s", p.describe(r.err))
				exit = exitUsage
				return nil
			}
			// A jigsaw's regions and a killer's cages moved with the cells; X and
			// windoku read back under the same --variant.
			_, err := fmt.Fprintln(o.w, r.b.VariantLine())
			return err
		})
		return batchExit(e, err, exit)
	}
	return c
}

// move makes one transform of --ops for a layout.
type move func(l *board.Layout) (board.Transform, error)

// parseMoves reads the --ops list.
func parseMoves(spec string) ([]move, error) {
	var out []move
	for op := range strings.SplitSeq(spec, ",") {
		op = strings.TrimSpace(op)
		name, arg, hasArg := strings.Cut(op, ":")
		simple := map[string]move{
			"rot90":         func(l *board.Layout) (board.Transform, error) { return board.Rotate(l, 1) },
			"rot180":        func(l *board.Layout) (board.Transform, error) { return board.Rotate(l, 2) },
			"rot270":        func(l *board.Layout) (board.Transform, error) { return board.Rotate(l, 3) },
			"mirror":        func(l *board.Layout) (board.Transform, error) { return board.Reflect(l, board.Vertical) },
			"flip":          func(l *board.Layout) (board.Transform, error) { return board.Reflect(l, board.Horizontal) },
			"transpose":     func(l *board.Layout) (board.Transform, error) { return board.Reflect(l, board.Transpose) },
			"antitranspose": func(l *board.Layout) (board.Transform, error) { return board.Reflect(l, board.AntiTranspose) },
		}
		pairs := map[string]func(*board.Layout, int, int) (board.Transform, error){
			"band": board.SwapBands, "stack": board.SwapStacks, "row": board.SwapRows, "col": board.SwapCols,
		}
		switch m, ok := simple[name]; {
		case ok && !hasArg:
			out = append(out, m)
			continue
		case ok:
			return nil, fmt.Errorf("%q takes no argument", name)
		}
		if swap, ok := pairs[name]; ok {
			a, b, ok := strings.Cut(arg, "-")
			i, err1 := strconv.Atoi(a)
			j, err2 := strconv.Atoi(b)
			if !hasArg || !ok || err1 != nil || err2 != nil {
				return nil, fmt.Errorf("%q: want %s:I-J, two numbers from 1", op, name)
			}
			out = append(out, func(l *board.Layout) (board.Transform, error) { return swap(l, i-1, j-1) })
			continue
		}
		if name == "relabel" && hasArg {
			var to []board.Digit
			for _, r := range arg {
				d, ok := board.DigitFromRune(r)
				if !ok || d == 0 {
					return nil, fmt.Errorf("%q: %q is not a digit", op, r)
				}
				to = append(to, d)
			}
			out = append(out, func(l *board.Layout) (board.Transform, error) { return board.Relabel(l, to) })
			continue
		}
		return nil, fmt.Errorf("unknown move %q (known: rot90, rot180, rot270, mirror, flip, transpose, antitranspose, band:I-J, stack:I-J, row:I-J, col:I-J, relabel:DIGITS)", op)
	}
	return out, nil
}
