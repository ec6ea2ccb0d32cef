package svg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

// RoleCage marks a cage (or a virtual cage: innies, outies) a step reasons with.
const RoleCage = "cage"

// Light shades for the extra houses of Sudoku-X and windoku: grey, so that they stay
// under every colour a step uses, and darker where a diagonal crosses a window.
const (
	shadeDiagonal = "0.08"
	shadeWindow   = "0.11"
	inkCage       = "#333333"
)

// variantHouses shades the diagonals and windows of the layout, under everything else.
func (p *painter) variantHouses() {
	l := p.g.l
	for _, h := range l.ExtraHouses() {
		opacity := shadeDiagonal
		if l.Kind(h) == board.Window {
			opacity = shadeWindow
		}
		p.printf(`<g class="variant" data-kind="%s" data-house="%s" fill="#000000" fill-opacity="%s">`, l.Kind(h), l.HouseName(h), opacity)
		if x, y, w, hh, ok := p.g.houseRect(h); ok {
			p.printf(`<rect x="%s" y="%s" width="%s" height="%s"/>`, num(x), num(y), num(w), num(hh))
		} else {
			for _, c := range l.HouseCells(h) {
				x, y := p.g.cellXY(c)
				p.printf(`<rect x="%s" y="%s" width="%s" height="%s"/>`, num(x), num(y), num(p.g.cell), num(p.g.cell))
			}
		}
		p.printf("</g>\n")
	}
}

// regionLines draws a jigsaw's grid: thin lines between all cells, bold ones where the
// region changes and around the grid.
func (p *painter) regionLines() {
	l, m, c := p.g.l, p.g.margin, p.g.cell
	n := l.N()
	end := m + float64(n)*c
	var thin, bold strings.Builder
	for i := 1; i < n; i++ {
		at := num(m + float64(i)*c)
		fmt.Fprintf(&thin, "M%s %sV%sM%s %sH%s", at, num(m), num(end), num(m), at, num(end))
	}
	fmt.Fprintf(&bold, "M%s %sH%sV%sH%sZ", num(m), num(m), num(end), num(end), num(m))
	for r := range n {
		for col := range n {
			x, y := p.g.cellXY(l.CellAt(r, col))
			if col+1 < n && l.BoxOf(l.CellAt(r, col)) != l.BoxOf(l.CellAt(r, col+1)) {
				fmt.Fprintf(&bold, "M%s %sV%s", num(x+c), num(y), num(y+c))
			}
			if r+1 < n && l.BoxOf(l.CellAt(r, col)) != l.BoxOf(l.CellAt(r+1, col)) {
				fmt.Fprintf(&bold, "M%s %sH%s", num(x), num(y+c), num(x+c))
			}
		}
	}
	p.printf(`<path d="%s" fill="none" stroke-width="0.6"/>`+"\n", thin.String())
	p.printf(`<path class="regions" d="%s" fill="none" stroke-width="2.4"/>`+"\n", bold.String())
}

// cages draws a killer's cages as killer books do: a dashed outline inset inside the
// cells, and the sum small at the top-left corner of the cage's first cell. The cages
// a step reasons with (Options.Cages) are drawn again: the first, the one the step is
// about, bold in green; the others (the cages of the rule of 45) thinner in blue.
func (p *painter) cages() {
	l := p.g.l
	in := p.g.cell * 0.09
	font := p.g.cell * 0.2
	for i, cg := range l.Cages() {
		p.printf(`<g class="cage" data-cage="%d" data-sum="%d" data-cells="%s">`, i, cg.Sum, p.names(cg.Cells))
		p.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="1" stroke-dasharray="3 2"/>`, p.g.outline(cg.Cells, in), inkCage)
		x, y := p.g.cellXY(cg.Cells[0])
		sum := strconv.Itoa(cg.Sum)
		// A white ground under the sum breaks the dashed line there, as in print.
		p.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="#FFFFFF"/>`,
			num(x+1.5), num(y+1.5), num(float64(len(sum))*font*0.6+2), num(font+1))
		p.printf(`<text x="%s" y="%s" font-family="sans-serif" font-size="%s" dominant-baseline="hanging" fill="%s">%s</text>`,
			num(x+2.5), num(y+2.5), num(font), inkCage, sum)
		p.printf("</g>\n")
	}
	for i, cells := range p.stepCages() {
		ink, width := colGreen, "2.4"
		if i > 0 {
			ink, width = colSky, "1.8"
		}
		p.printf(`<path data-role="%s" data-cage="%d" data-cells="%s" d="%s" fill="none" stroke="%s" stroke-width="%s" stroke-linejoin="round"/>`+"\n",
			RoleCage, i, p.names(cells), p.g.outline(cells, in*0.6), ink, width)
	}
}

// stepCages are the cages to draw bold: Options.Cages, unless the board is drawn alone.
func (p *painter) stepCages() [][]board.Cell {
	if p.opt.Detail == Plain {
		return nil
	}
	out := p.opt.Cages
	if p.s != nil {
		for _, cg := range p.s.Pattern.Cages {
			out = append(out, cg.Cells)
		}
	}
	return out
}

// names writes cells in notation, space-separated, for data attributes.
func (p *painter) names(cs []board.Cell) string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = p.g.l.CellName(c)
	}
	return strings.Join(out, " ")
}

// outline is the path of the border of a group of cells, inset by in inside them: each
// cell draws its sides that face a cell outside the group (reaching to the cell's edge
// where the group goes on, so sides join), and the short turns of inner corners.
func (g geometry) outline(cells []board.Cell, in float64) string {
	n := g.l.N()
	has := func(r, c int) bool {
		return r >= 0 && r < n && c >= 0 && c < n && slices.Contains(cells, g.l.CellAt(r, c))
	}
	inset := func(inside bool) float64 {
		if inside {
			return 0
		}
		return in
	}
	var b strings.Builder
	line := func(pts ...float64) {
		for i := 0; i+1 < len(pts); i += 2 {
			cmd := "L"
			if i == 0 {
				cmd = "M"
			}
			fmt.Fprintf(&b, "%s%s %s", cmd, num(pts[i]), num(pts[i+1]))
		}
	}
	sorted := slices.Clone(cells)
	slices.Sort(sorted)
	for _, cell := range sorted {
		r, c := g.l.RowOf(cell), g.l.ColOf(cell)
		x0, y0 := g.cellXY(cell)
		x1, y1 := x0+g.cell, y0+g.cell
		up, down, left, right := has(r-1, c), has(r+1, c), has(r, c-1), has(r, c+1)
		if !up {
			line(x0+inset(left), y0+in, x1-inset(right), y0+in)
		}
		if !down {
			line(x0+inset(left), y1-in, x1-inset(right), y1-in)
		}
		if !left {
			line(x0+in, y0+inset(up), x0+in, y1-inset(down))
		}
		if !right {
			line(x1-in, y0+inset(up), x1-in, y1-inset(down))
		}
		if up && left && !has(r-1, c-1) {
			line(x0, y0+in, x0+in, y0+in, x0+in, y0)
		}
		if up && right && !has(r-1, c+1) {
			line(x1, y0+in, x1-in, y0+in, x1-in, y0)
		}
		if down && left && !has(r+1, c-1) {
			line(x0, y1-in, x0+in, y1-in, x0+in, y1)
		}
		if down && right && !has(r+1, c+1) {
			line(x1, y1-in, x1-in, y1-in, x1-in, y1)
		}
	}
	return b.String()
}
