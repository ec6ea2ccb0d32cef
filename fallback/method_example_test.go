package fallback_test

import (
	"context"
	"fmt"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
)

func ExampleMethod() {
	ctx := context.Background()
	b, _ := board.Parse("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
	for _, m := range []fallback.Method{fallback.Bitboard, fallback.General, fallback.DLX} {
		n, _ := m.Count(ctx, b, 2)
		fmt.Printf("%s: %d\n", m, n)
	}

	// A search picked by name, as a --search flag would; the bitboard is 9x9 only.
	m, _ := fallback.ParseMethod("bitboard")
	small, _ := board.LayoutOf(4)
	_, err := m.Count(ctx, board.New(small), 2)
	fmt.Println(err)
	// Output:
	// bitboard: 1
	// general: 1
	// dlx: 1
	// fallback: the bitboard search solves 9x9 grids only, not 4x4
}
