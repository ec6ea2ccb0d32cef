package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques/generate"
)

func minimizeCommand() command {
	c := command{
		name:  "minimize",
		usage: "[flags] [PUZZLE|FILE|-]",
		short: "remove givens while the puzzle stays unique",
		long: `Removes the givens of a puzzle with one solution, in random order, each one whose
removal leaves the puzzle unique, and prints the result: a minimal puzzle, where no
given can be removed. Different orders give different minimal puzzles; --seed makes
the order reproducible (a puzzle of a file depends only on the seed and its line).

On a file it works on every core (--jobs) and prints one line per puzzle, in input
order; a puzzle that is invalid, has no solution or several is reported on standard
error, and the exit code is then 1.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		seedFlag := fs.String("seed", "", "random seed, a number: the same seed removes givens in the same order")
		var bf batchFlags
		bf.register(fs)
		variantFlag(fs, e)
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		seed, err := seedOf(*seedFlag)
		if err != nil {
			return fail(e, "%v", err)
		}
		src, err := openSource(e, pos)
		if err != nil {
			return inputExit(e, err)
		}
		defer src.Close()
		type result struct {
			p   []board.Digit
			err error
		}
		exit := exitOK
		err = runBatch(e.ctx, e, src, bf, func(ctx context.Context, p puzzle) result {
			if p.err != nil {
				return result{err: p.err}
			}
			rng := rand.New(rand.NewPCG(seed, uint64(p.line)))
			out, err := generate.Minimize(ctx, p.b.Layout(), givensOf(p.b), rng)
			return result{out, err}
		}, func(o *batchOut, p puzzle, r result) error {
			if r.err != nil {
				o.warn("%s", p.describe(r.err))
				exit = exitNegative
				return nil
			}
			line := board.Line(r.p)
			if p.b.Layout().Variant() != 0 {
				// The regions or cages go with the givens, so the line reads back.
				b, err := board.FromDigits(p.b.Layout(), r.p)
				if err != nil {
					return err
				}
				line = b.VariantLine()
			}
			_, err := fmt.Fprintln(o.w, line)
			return err
		})
		return batchExit(e, err, exit)
	}
	return c
}

// givensOf returns the givens of b, row by row, 0 for every other cell.
func givensOf(b *board.Board) []board.Digit {
	l := b.Layout()
	out := make([]board.Digit, l.Cells())
	for c := range out {
		if b.Given(board.Cell(c)) {
			out[c] = b.Value(board.Cell(c))
		}
	}
	return out
}

// seedOf parses --seed; empty means a random seed.
func seedOf(s string) (uint64, error) {
	if s == "" {
		return rand.Uint64(), nil
	}
	seed, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("--seed %q: want a number from 0 to %d", s, uint64(1<<64-1))
	}
	return seed, nil
}
