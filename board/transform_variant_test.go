package board_test

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
)

// variantPuzzle is a puzzle of a shared variant set with its solution.
type variantPuzzle struct {
	name string
	b    *board.Board
	sol  []board.Digit
}

// variantPuzzles reads the first k puzzles of each shared variant set (none when the
// sets are absent) and the packed SudokuWiki example, a killer kept in the repository.
func variantPuzzles(t *testing.T, k int) []variantPuzzle {
	t.Helper()
	var out []variantPuzzle
	for _, set := range []struct {
		file string
		v    board.Variant
	}{{"x-dev.txt", board.X}, {"windoku-dev.txt", board.Windoku}, {"jigsaw-dev.txt", 0}, {"killer-dev.txt", 0}} {
		f, err := os.Open(filepath.Join("..", "..", "shared", "variants", set.file))
		if err != nil {
			continue
		}
		sc := bufio.NewScanner(f)
		for i := 0; i < k && sc.Scan(); i++ {
			b, err := board.ParseVariantLine(sc.Text(), set.v)
			require.NoError(t, err)
			fields := strings.Fields(sc.Text())
			sol, err := board.Parse(fields[len(fields)-1])
			require.NoError(t, err)
			out = append(out, variantPuzzle{set.file + ":" + string(rune('1'+i)), b, sol.Digits()})
		}
		f.Close()
	}
	b, err := board.Parse(wikiPackedForm)
	require.NoError(t, err)
	puzzle, err := board.FromDigits(b.Layout(), make([]board.Digit, 81))
	require.NoError(t, err)
	sol, err := fallback.Unique(context.Background(), puzzle)
	require.NoError(t, err)
	return append(out, variantPuzzle{"wiki killer", puzzle, sol})
}

// checkMoved checks that u, the transform t of p, is the same variant with exactly one
// solution, p's solution moved by t.
func checkMoved(t *testing.T, p variantPuzzle, tr board.Transform, u *board.Board) {
	t.Helper()
	require.Equal(t, p.b.Layout().Variant(), u.Layout().Variant())
	require.Len(t, u.Layout().Cages(), len(p.b.Layout().Cages()))
	want, err := tr.Apply(p.sol)
	require.NoError(t, err)
	got, err := fallback.Unique(context.Background(), u)
	require.NoError(t, err, "exactly one solution:\n%s", u.Pretty())
	assert.Equal(t, board.Line(want), board.Line(got))
}

// TestTransformVariants moves variant puzzles by every symmetry of the grid, with the
// digits relabelled: each result is the same variant, its regions and cages moved with
// the cells, and its one solution is the original solution moved the same way.
func TestTransformVariants(t *testing.T) {
	for _, p := range variantPuzzles(t, 2) {
		l := p.b.Layout()
		// Any relabelling for a variant of houses; a killer's sums hold under the
		// complement, each cage's sum of k cells becoming 10k minus it.
		relabel := []board.Digit{9, 1, 2, 3, 4, 5, 6, 7, 8}
		if l.Variant()&board.Killer != 0 {
			relabel = []board.Digit{9, 8, 7, 6, 5, 4, 3, 2, 1}
		}
		moves := map[string]func() (board.Transform, error){
			"rot90":         func() (board.Transform, error) { return board.Rotate(l, 1) },
			"rot180":        func() (board.Transform, error) { return board.Rotate(l, 2) },
			"rot270":        func() (board.Transform, error) { return board.Rotate(l, 3) },
			"mirror":        func() (board.Transform, error) { return board.Reflect(l, board.Vertical) },
			"flip":          func() (board.Transform, error) { return board.Reflect(l, board.Horizontal) },
			"transpose":     func() (board.Transform, error) { return board.Reflect(l, board.Transpose) },
			"antitranspose": func() (board.Transform, error) { return board.Reflect(l, board.AntiTranspose) },
		}
		for name, move := range moves {
			t.Run(p.name+"/"+name, func(t *testing.T) {
				m, err := move()
				require.NoError(t, err)
				r, err := board.Relabel(l, relabel)
				require.NoError(t, err)
				tr := m.Then(r)
				u, err := tr.Board(p.b)
				require.NoError(t, err)
				checkMoved(t, p, tr, u)
			})
		}
	}
}

// TestRandomTransformVariants: a random transform of a variant always keeps its rules.
func TestRandomTransformVariants(t *testing.T) {
	for _, p := range variantPuzzles(t, 1) {
		t.Run(p.name, func(t *testing.T) {
			for seed := range uint64(6) {
				tr := board.RandomTransform(p.b.Layout(), rand.New(rand.NewPCG(seed, 7)))
				u, err := tr.Board(p.b)
				require.NoError(t, err, "seed %d", seed)
				checkMoved(t, p, tr, u)
			}
		})
	}
}

// TestTransformVariantRefusals: a move that breaks a variant's rule is refused, saying
// which; one that keeps it is taken.
func TestTransformVariantRefusals(t *testing.T) {
	x, err := board.ParseAs(strings.Repeat(".", 81), board.X)
	require.NoError(t, err)
	windoku, err := board.ParseAs(strings.Repeat(".", 81), board.Windoku)
	require.NoError(t, err)
	killer, err := board.Parse(wikiPackedForm)
	require.NoError(t, err)
	jigsaw, err := board.Parse(strings.Repeat(".", 81) + " 111122333111222333112222333444555666444555666444555666777888999777888999777888999")
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		b    *board.Board
		move func(l *board.Layout) (board.Transform, error)
		want string
	}{
		{"x band swap", x, func(l *board.Layout) (board.Transform, error) { return board.SwapBands(l, 0, 1) },
			"moves the diagonal r1c1-r9c9 of a Sudoku-X off the diagonals (r1c1 lands on r4c1)"},
		{"windoku row swap", windoku, func(l *board.Layout) (board.Transform, error) { return board.SwapRows(l, 0, 1) },
			"moves the windoku window at r2c2 off the windows"},
		{"killer row swap", killer, func(l *board.Layout) (board.Transform, error) { return board.SwapRows(l, 0, 2) },
			"tears the cage of 22 at r2c7 apart"},
		{"killer relabel", killer, func(l *board.Layout) (board.Transform, error) {
			return board.Relabel(l, []board.Digit{2, 1, 3, 4, 5, 6, 7, 8, 9})
		}, "relabelling digits changes what a killer's cages add up to"},
		{"jigsaw band swap", jigsaw, func(l *board.Layout) (board.Transform, error) { return board.SwapBands(l, 0, 1) },
			"a jigsaw has no bands"},
		{"jigsaw column swap", jigsaw, func(l *board.Layout) (board.Transform, error) { return board.SwapCols(l, 0, 1) },
			"a jigsaw has no stacks"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr, err := tc.move(tc.b.Layout())
			if err == nil {
				_, err = tr.Board(tc.b)
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
	// Swapping bands 1 and 3 with stacks 1 and 3 keeps both diagonals of a Sudoku-X.
	l := x.Layout()
	bands, err := board.SwapBands(l, 0, 2)
	require.NoError(t, err)
	stacks, err := board.SwapStacks(l, 0, 2)
	require.NoError(t, err)
	_, err = bands.Then(stacks).Board(x)
	require.NoError(t, err)
	// A killer whose cages lie inside rows 1-3 survives a swap of bands 1 and 2, its
	// cages moved down three rows.
	kl, err := board.NewLayout(board.Spec{Cages: []board.Cage{{Cells: []board.Cell{0, 1}, Sum: 3}, {Cells: []board.Cell{20}, Sum: 4}}})
	require.NoError(t, err)
	kb, err := board.FromDigits(kl, make([]board.Digit, 81))
	require.NoError(t, err)
	swap, err := board.SwapBands(kl, 0, 1)
	require.NoError(t, err)
	moved, err := swap.Board(kb)
	require.NoError(t, err)
	assert.Equal(t, []board.Cage{{Cells: []board.Cell{27, 28}, Sum: 3}, {Cells: []board.Cell{47}, Sum: 4}}, moved.Layout().Spec().Cages)
}
