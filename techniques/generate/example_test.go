package generate_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques/generate"
)

// Puzzle number 0 of the batch of seed 1: the same puzzle on every run.
func ExampleNth() {
	ctx := context.Background()
	p, err := generate.Nth(ctx, 1, 0, generate.Options{Symmetry: generate.Rot180})
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := board.FromDigits(board.Classic, p.Givens)
	n, _ := fallback.Count(ctx, b, 2)
	fmt.Println("solutions:", n)
	again, _ := generate.Nth(ctx, 1, 0, generate.Options{Symmetry: generate.Rot180})
	fmt.Println("same puzzle again:", board.Line(again.Givens) == board.Line(p.Givens))
	// Output:
	// solutions: 1
	// same puzzle again: true
}

// Only puzzles whose walkthrough needs an X-Wing, and nothing harder.
func ExampleOptions_technique() {
	p, err := generate.Nth(context.Background(), 1, 0, generate.Options{
		Techniques: []string{"x-wing"},
		Hardest:    true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("walkthrough solved:", p.Trace.Summary.Solved)
	// Output:
	// walkthrough solved: true
}

// Minimize a puzzle with one solution: no given left can be removed.
func ExampleMinimize() {
	ctx := context.Background()
	grid, _ := generate.Grid(ctx, board.Classic, rand.New(rand.NewPCG(1, 2)))
	p, err := generate.Minimize(ctx, board.Classic, grid, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		fmt.Println(err)
		return
	}
	givens := 0
	for _, d := range p {
		if d != 0 {
			givens++
		}
	}
	fmt.Println("between 17 and 35 givens:", givens >= 17 && givens <= 35)
	// Output:
	// between 17 and 35 givens: true
}
