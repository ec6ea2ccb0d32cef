package rate_test

import (
	"context"
	"fmt"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques/rate"
)

func ExampleRate() {
	b, err := board.Parse("...7..2...7..2193...1.4...6..9.6.....4.....19..5.8...75..9............8..18.7.4..")
	if err != nil {
		fmt.Println(err)
		return
	}
	r, err := rate.Rate(context.Background(), b, rate.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("ER %.1f EP %.1f ED %.1f: %s, hardest %s\n", r.ER, r.EP, r.ED, r.Level, r.Hardest)
	// Output: ER 4.2 EP 1.2 ED 1.2: hard, hardest xy-wing
}
