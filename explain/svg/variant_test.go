package svg

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// segments splits an outline path into its straight pieces, each as "x1 y1-x2 y2".
func segments(t *testing.T, d string) []string {
	t.Helper()
	var out []string
	cmd := regexp.MustCompile(`([ML])([-0-9.]+) ([-0-9.]+)`)
	var last string
	for _, m := range cmd.FindAllStringSubmatch(d, -1) {
		pt := m[2] + " " + m[3]
		if m[1] == "L" {
			require.NotEmpty(t, last, "a line before any move in %q", d)
			out = append(out, last+"-"+pt)
		}
		last = pt
	}
	require.Equal(t, strings.Count(d, "M")+strings.Count(d, "L"), len(cmd.FindAllString(d, -1)), "path %q", d)
	return out
}

// TestOutlineCloses checks that the outline of any group of cells is made of closed
// loops: every end of a piece meets the end of another (an even count at every point).
func TestOutlineCloses(t *testing.T) {
	g := geometryOf(board.Classic)
	rng := rand.New(rand.NewPCG(12, 1))
	for i := range 200 {
		var cells []board.Cell
		for c := range board.Cell(81) {
			if rng.IntN(4) == 0 {
				cells = append(cells, c)
			}
		}
		if len(cells) == 0 {
			continue
		}
		ends := map[string]int{}
		for _, s := range segments(t, g.outline(cells, 5)) {
			a, b, _ := strings.Cut(s, "-")
			ends[a]++
			ends[b]++
		}
		for pt, k := range ends {
			require.Zero(t, k%2, "case %d: %d ends at %s for cells %v", i, k, pt, cells)
		}
	}
}

func TestOutlineShapes(t *testing.T) {
	g := geometryOf(board.Classic)
	l := board.Classic
	tests := []struct {
		name   string
		cells  []board.Cell
		pieces int
	}{
		{"one cell: four sides", []board.Cell{l.CellAt(0, 0)}, 4},
		{"a domino: six pieces", []board.Cell{l.CellAt(0, 0), l.CellAt(0, 1)}, 6},
		// An L of three: the outer five sides, the two short sides at the open ends, and
		// the inner corner's two short turns.
		{"an L of three", []board.Cell{l.CellAt(0, 0), l.CellAt(0, 1), l.CellAt(1, 0)}, 10},
		{"a 2x2 square", []board.Cell{l.CellAt(0, 0), l.CellAt(0, 1), l.CellAt(1, 0), l.CellAt(1, 1)}, 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Len(t, segments(t, g.outline(tc.cells, 5)), tc.pieces)
		})
	}
	// The single cell's outline is the cell inset by 5 on every side.
	x, y := g.cellXY(0)
	d := g.outline([]board.Cell{0}, 5)
	for _, pt := range []string{fmt.Sprintf("%s %s", num(x+5), num(y+5)), fmt.Sprintf("%s %s", num(x+g.cell-5), num(y+g.cell-5))} {
		assert.Contains(t, d, pt)
	}
}
