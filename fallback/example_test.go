package fallback_test

import (
	"context"
	"fmt"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
)

func ExampleSolve() {
	b, _ := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	sol, err := fallback.Solve(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(board.Line(sol))
	// Output:
	// 316578492529134768487629531263415987974863125851792643138947256692351874745286319
}

func ExampleCount() {
	ctx := context.Background()
	for _, p := range []string{
		"3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..", // one solution
		"3..5.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..", // r1c3 removed
		"3.65.842.52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..", // r1c8=2 added
	} {
		b, _ := board.Parse(p)
		n, _ := fallback.Count(ctx, b, 2) // 0, 1, or 2 for "two or more"
		fmt.Println(n)
	}
	// Output:
	// 1
	// 2
	// 0
}

func ExampleSolutions() {
	b, _ := board.Parse("3..5.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	sols, _ := fallback.Solutions(context.Background(), b, 2)
	for _, s := range sols {
		fmt.Println(board.Line(s))
	}
	// Output:
	// 316578492529134768487629531263415987974863125851792643138947256692351874745286319
	// 319578462526134798487629531263415987974863125851792643138947256692351874745286319
}
