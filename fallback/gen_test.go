package fallback

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stretchr/testify/require"
)

// fullGrid returns a solved grid of layout l: the pattern grid (row r, column c holds
// bc*(r mod br) + r/br + c, mod n) with its digits relabelled and its bands, stacks,
// and the rows and columns inside them shuffled.
func fullGrid(l *board.Layout, rng *rand.Rand) []board.Digit {
	n, br, bc := l.N(), l.BoxRows(), l.BoxCols()
	rows := shuffledLines(n, br, rng)
	cols := shuffledLines(n, bc, rng)
	digits := rng.Perm(n)
	out := make([]board.Digit, n*n)
	for r := range n {
		for c := range n {
			rr, cc := rows[r], cols[c]
			out[r*n+c] = board.Digit(digits[(bc*(rr%br)+rr/br+cc)%n] + 1)
		}
	}
	return out
}

// shuffledLines returns 0..n-1 with the groups of size g and the lines inside each
// group shuffled: the moves that keep a grid valid.
func shuffledLines(n, g int, rng *rand.Rand) []int {
	out := make([]int, 0, n)
	for _, grp := range rng.Perm(n / g) {
		for _, i := range rng.Perm(g) {
			out = append(out, grp*g+i)
		}
	}
	return out
}

// carve empties the cells of grid in a random order, keeping a given whenever
// removing it would make the puzzle non-unique, until keep givens are left or
// every cell was tried.
func carve(tb testing.TB, l *board.Layout, grid []board.Digit, keep int, rng *rand.Rand) []board.Digit {
	tb.Helper()
	p := append([]board.Digit(nil), grid...)
	givens := len(p)
	for _, c := range rng.Perm(len(p)) {
		if givens <= keep {
			break
		}
		d := p[c]
		p[c] = 0
		b, err := board.FromDigits(l, p)
		require.NoError(tb, err)
		n, err := Count(context.Background(), b, 2)
		require.NoError(tb, err)
		if n != 1 {
			p[c] = d
			continue
		}
		givens--
	}
	return p
}

// gridString writes values as a grid string (1-9, A-Z, '.' for empty).
func gridString(ds []board.Digit) string {
	var sb strings.Builder
	for _, d := range ds {
		sb.WriteRune(d.Rune())
	}
	return sb.String()
}
