// Package svg draws a board with one step on it: the pattern's houses and cells shaded
// by role, the candidates a step removes struck through in red, the digits it places in
// green, and chain links as arcs (strong solid, weak dashed).
//
// Variants are drawn under the step: a jigsaw's regions in bold lines instead of boxes,
// Sudoku-X diagonals and windoku windows lightly shaded in grey, killer cages as dashed
// outlines inset inside their cells with the sum small at the first cell's top-left
// corner, as killer books print them (variant.go).
//
// Every marked element carries data attributes (data-role, data-cell, data-digit,
// data-house) so that tests and web pages can find what a picture shows without
// reading its geometry. Colours come from the Okabe-Ito palette and each role also has
// its own hatching or outline, so the picture reads without telling colours apart.
package svg

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Detail is how much of a step a picture shows; the zero value shows all of it. The
// lesser details draw hints: where to look, then the pattern, then the move.
type Detail uint8

// The details, from the most to the least.
const (
	// All draws the pattern and the conclusions.
	All Detail = iota
	// Pattern draws the pattern (houses, cells, digits, chains) without conclusions.
	Pattern
	// Where draws the pattern's houses and cells only.
	Where
	// Plain draws the board alone.
	Plain
)

// Options change a picture.
type Options struct {
	// Detail is how much of the step to draw.
	Detail Detail
	// Title is the picture's accessible title, e.g. the step's one-liner.
	Title string
	// IDPrefix is put before the ids of the picture's hatch patterns, so that several
	// pictures can share one HTML page.
	IDPrefix string
	// Cages are groups of cells to outline over a killer's dashed cages: the cages (or
	// virtual cages) a step reasons with, the one it is about first (drawn boldest).
	Cages [][]board.Cell
}

// Roles of marked elements, the values of data-role.
const (
	RoleHouse     = "house"     // the house a single or subset lives in
	RoleBase      = "base"      // a base house of a fish or an intersection
	RoleCover     = "cover"     // a cover house
	RoleCell      = "cell"      // a pattern cell
	RolePivot     = "pivot"     // the pivot of a wing (its first pattern cell)
	RoleFin       = "fin"       // a fin of a fish
	RoleSet       = "set"       // a cell of an almost locked set (data-set numbers it)
	RoleDigit     = "digit"     // a pattern digit in a pattern cell or fin
	RoleNode      = "node"      // a candidate of a chain node (data-chain, data-node)
	RoleLink      = "link"      // a link between chain nodes (data-kind strong or weak)
	RoleEliminate = "eliminate" // a candidate the step removes
	RolePlace     = "place"     // a digit the step places
	RoleBeam      = "beam"      // a digit ruling out cells of a single's house (ビーム)
)

// Okabe-Ito colours, and pale fills made from them.
const (
	colBlue   = "#0072B2"
	colOrange = "#E69F00"
	colSky    = "#56B4E9"
	colGreen  = "#009E73"
	colRed    = "#D00000"
	colPurple = "#CC79A7"
	paleHouse = "#FBF3C0"
	paleBase  = "#D6ECFA"
	paleCover = "#FBE3C0"
	paleCell  = "#BFE3F5"
	palePivot = "#F5D08A"
	paleFin   = "#EBC6DC"
	inkGiven  = "#000000"
	inkSolved = "#1F3F8F"
	inkCand   = "#555555"
	inkGrid   = "#222222"
)

// setFills tell almost locked sets apart; their outlines are dashed, unlike cells'.
var setFills = []string{"#CDEBD9", "#F3D9C4", "#DCD3EE", "#F6E7A8"}

// geometry is where things go in a picture of layout l.
type geometry struct {
	l       *board.Layout
	cell    float64 // side of a cell
	margin  float64 // room for the row and column numbers
	subRows int     // candidate positions per cell, down and across
	subCols int
	// candTop and candPad keep candidates off the top and the other sides of a cell:
	// a killer's cage outlines run inside the cells, with the sums at the top left.
	candTop, candPad float64
}

func geometryOf(l *board.Layout) geometry {
	cell := 54.0
	switch {
	case l.N() > 16:
		cell = 40
	case l.N() > 9:
		cell = 46
	}
	g := geometry{l: l, cell: cell, margin: 22, subRows: l.BoxRows(), subCols: l.BoxCols()}
	if !l.Regular() {
		// A jigsaw's regions have no shape to lay candidates out by: take the classic
		// box shape of its size, the nearest to square.
		classic, _ := board.LayoutOf(l.N()) // l exists, so its size has a layout
		g.subRows, g.subCols = classic.BoxRows(), classic.BoxCols()
	}
	if len(l.Cages()) > 0 {
		g.candTop, g.candPad = cell*0.2, cell*0.08
	}
	return g
}

func (g geometry) size() float64 { return 2*g.margin + float64(g.l.N())*g.cell }

// cellXY is the top-left corner of cell c.
func (g geometry) cellXY(c board.Cell) (x, y float64) {
	return g.margin + float64(g.l.ColOf(c))*g.cell, g.margin + float64(g.l.RowOf(c))*g.cell
}

// candXY is the centre of candidate d in cell c: 1 top-left, in reading order.
func (g geometry) candXY(c board.Cell, d board.Digit) (x, y float64) {
	x0, y0 := g.cellXY(c)
	i := int(d) - 1
	w, h := g.candCell()
	return x0 + g.candPad + (float64(i%g.subCols)+0.5)*w, y0 + g.candTop + (float64(i/g.subCols)+0.5)*h
}

// candCell is the width and height of one candidate's place in a cell.
func (g geometry) candCell() (w, h float64) {
	return (g.cell - 2*g.candPad) / float64(g.subCols), (g.cell - g.candTop - g.candPad) / float64(g.subRows)
}

// candSize is the font size of a candidate and the radius of its mark.
func (g geometry) candSize() (font, radius float64) {
	w, h := g.candCell()
	s := math.Min(w, h)
	return s * 0.72, s * 0.46
}

// houseRect is the rectangle a house covers, and false when the house is not one (a
// diagonal, a jigsaw region): then it is drawn cell by cell.
func (g geometry) houseRect(h board.House) (x, y, w, hh float64, ok bool) {
	cs := g.l.HouseCells(h)
	x0, y0 := g.cellXY(cs[0])
	x1, y1 := g.cellXY(cs[len(cs)-1])
	w, hh = x1-x0+g.cell, y1-y0+g.cell
	rows, cols := int(math.Round(hh/g.cell)), int(math.Round(w/g.cell))
	return x0, y0, w, hh, rows*cols == len(cs)
}

// num writes a coordinate with at most one decimal, so pictures are stable text.
func num(f float64) string {
	return strconv.FormatFloat(math.Round(f*10)/10, 'f', -1, 64)
}

// esc escapes text for XML.
func esc(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Render returns the picture of board b with step s drawn on it (s may be nil: the
// board alone). b is the board the step is taken on.
func Render(b *board.Board, s *explain.Step, opt Options) string {
	var buf bytes.Buffer
	_ = Write(&buf, b, s, opt) // a bytes.Buffer does not fail
	return buf.String()
}

// Write writes the picture of board b with step s drawn on it to w (s may be nil).
func Write(w io.Writer, b *board.Board, s *explain.Step, opt Options) error {
	p := painter{g: geometryOf(b.Layout()), b: b, opt: opt}
	if s != nil && opt.Detail != Plain {
		p.s = s
	}
	p.draw()
	_, err := w.Write(p.out.Bytes())
	return err
}

// painter writes one picture.
type painter struct {
	g   geometry
	b   *board.Board
	s   *explain.Step // nil: nothing to draw on the board
	opt Options
	out bytes.Buffer
}

func (p *painter) printf(format string, a ...any) { fmt.Fprintf(&p.out, format, a...) }

func (p *painter) id(name string) string { return p.opt.IDPrefix + name }

func (p *painter) draw() {
	size := num(p.g.size())
	// data-margin and data-cell-size let a page map a click to a cell.
	p.printf(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" class="stepdoku-board" data-size="%d" data-margin="%s" data-cell-size="%s" role="img"`,
		size, size, size, size, p.g.l.N(), num(p.g.margin), num(p.g.cell))
	if p.s != nil {
		p.printf(` data-technique="%s"`, esc(p.s.Technique))
	}
	p.printf(">\n")
	if p.opt.Title != "" {
		p.printf("<title>%s</title>\n", esc(p.opt.Title))
	}
	p.defs()
	p.printf(`<rect x="0" y="0" width="%s" height="%s" fill="#FFFFFF"/>`+"\n", size, size)
	p.variantHouses()
	if p.s != nil {
		p.houses()
		p.cells()
	}
	p.grid()
	p.cages()
	if p.s != nil && p.opt.Detail <= Pattern {
		p.beams()
	}
	p.digits()
	if p.s != nil && p.opt.Detail <= Pattern {
		p.chains()
	}
	// Last, so that whatever a chain draws over a removed candidate, it stays readable.
	p.eliminations()
	p.printf("</svg>\n")
}

// defs are the hatchings that tell roles apart without colour, and the arrow heads.
func (p *painter) defs() {
	p.printf("<defs>\n")
	hatch := func(name, col string, lines string) {
		p.printf(`<pattern id="%s" width="8" height="8" patternUnits="userSpaceOnUse">%s</pattern>`+"\n",
			p.id(name), strings.ReplaceAll(lines, "COL", col))
	}
	hatch("base", colSky, `<path d="M0 8L8 0M-2 2L2 -2M6 10L10 6" stroke="COL" stroke-width="1.2"/>`)
	hatch("cover", colOrange, `<circle cx="4" cy="4" r="1.3" fill="COL"/>`)
	hatch("fin", colPurple, `<path d="M0 0L8 8M0 8L8 0" stroke="COL" stroke-width="1"/>`)
	hatch("pivot", colOrange, `<path d="M0 4H8" stroke="COL" stroke-width="1.4"/>`)
	for _, k := range []string{"strong", "weak"} {
		p.printf(`<marker id="%s" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="%s"/></marker>`+"\n",
			p.id("arrow-"+k), linkColour(k))
	}
	p.printf("</defs>\n")
}

func linkColour(kind string) string {
	if kind == "strong" {
		return colBlue
	}
	return colPurple
}

// houses shades the houses of the pattern: the house of a single or subset, then the
// base and cover houses.
func (p *painter) houses() {
	pt := p.s.Pattern
	for _, h := range pt.Houses {
		p.house(h, RoleHouse, paleHouse, "")
	}
	for _, h := range pt.Base {
		p.house(h, RoleBase, paleBase, "base")
	}
	for _, h := range pt.Cover {
		p.house(h, RoleCover, paleCover, "cover")
	}
}

func (p *painter) house(h board.House, role, fill, hatch string) {
	p.printf(`<g data-role="%s" data-house="%s">`, role, p.g.l.HouseName(h))
	rect := func(x, y, w, hh float64) {
		p.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" fill-opacity="0.8"/>`,
			num(x), num(y), num(w), num(hh), fill)
		if hatch != "" {
			p.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="url(#%s)" fill-opacity="0.6"/>`,
				num(x), num(y), num(w), num(hh), p.id(hatch))
		}
	}
	if x, y, w, hh, ok := p.g.houseRect(h); ok {
		rect(x, y, w, hh)
	} else {
		for _, c := range p.g.l.HouseCells(h) {
			x, y := p.g.cellXY(c)
			rect(x, y, p.g.cell, p.g.cell)
		}
	}
	p.printf("</g>\n")
}

// cells shades the pattern's cells, fins and sets.
func (p *painter) cells() {
	pt := p.s.Pattern
	pivot, hasPivot := explain.Pivot(*p.s)
	for _, c := range pt.Cells {
		if hasPivot && c == pivot {
			p.cell(c, RolePivot, palePivot, "pivot", "")
			continue
		}
		p.cell(c, RoleCell, paleCell, "", "")
	}
	for _, c := range pt.Fins {
		p.cell(c, RoleFin, paleFin, "fin", "")
	}
	for i, g := range pt.Sets {
		for _, c := range g.Cells {
			p.cell(c, RoleSet, setFills[i%len(setFills)], "", fmt.Sprintf(` data-set="%d"`, i))
		}
	}
}

func (p *painter) cell(c board.Cell, role, fill, hatch, extra string) {
	x, y := p.g.cellXY(c)
	in := 2.0 // inset, so that a cell's own outline shows inside its house
	w := num(p.g.cell - 2*in)
	p.printf(`<g data-role="%s" data-cell="%s"%s><rect x="%s" y="%s" width="%s" height="%s" fill="%s"`,
		role, p.g.l.CellName(c), extra, num(x+in), num(y+in), w, w, fill)
	if role == RoleSet {
		p.printf(` stroke="%s" stroke-width="1.5" stroke-dasharray="4 2"`, colGreen)
	}
	p.printf("/>")
	if hatch != "" {
		p.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="url(#%s)" fill-opacity="0.5"/>`,
			num(x+in), num(y+in), w, w, p.id(hatch))
	}
	p.printf("</g>\n")
}

// grid draws the lines, thick around boxes (a jigsaw's regions), and the row and column
// numbers.
func (p *painter) grid() {
	n, m, c := p.g.l.N(), p.g.margin, p.g.cell
	end := m + float64(n)*c
	p.printf(`<g class="grid" stroke="%s" stroke-linecap="square">`+"\n", inkGrid)
	if !p.g.l.Regular() {
		p.regionLines()
	}
	for i := 0; p.g.l.Regular() && i <= n; i++ {
		w := "0.6"
		if i%p.g.l.BoxCols() == 0 {
			w = "2.4"
		}
		x := num(m + float64(i)*c)
		p.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke-width="%s"/>`+"\n", x, num(m), x, num(end), w)
	}
	for i := 0; p.g.l.Regular() && i <= n; i++ {
		w := "0.6"
		if i%p.g.l.BoxRows() == 0 {
			w = "2.4"
		}
		y := num(m + float64(i)*c)
		p.printf(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke-width="%s"/>`+"\n", num(m), y, num(end), y, w)
	}
	p.printf("</g>\n")
	p.printf(`<g class="labels" font-family="sans-serif" font-size="11" fill="#666666" text-anchor="middle">`)
	for i := range n {
		mid := num(m + (float64(i)+0.5)*c)
		p.printf(`<text x="%s" y="%s">c%d</text><text x="%s" y="%s" dominant-baseline="central">r%d</text>`,
			mid, num(m-7), i+1, num(m/2), mid, i+1)
	}
	p.printf("</g>\n")
}

// digits draws values and candidates, with the step's conclusions and pattern digits.
func (p *painter) digits() {
	l := p.g.l
	var places, elims map[board.Candidate]bool
	marked := map[board.Candidate]bool{}
	if p.s != nil && p.opt.Detail == All {
		places, elims = candSet(p.s.Placements), candSet(p.s.Eliminations)
	}
	if p.s != nil && p.opt.Detail <= Pattern {
		pt := p.s.Pattern
		for _, c := range slices.Concat(pt.Cells, pt.Fins) {
			for _, d := range pt.Digits.Digits() {
				if p.b.Has(c, d) {
					marked[board.Candidate{Cell: c, Digit: d}] = true
				}
			}
		}
	}
	font, radius := p.g.candSize()
	big := p.g.cell * 0.62
	p.printf(`<g font-family="sans-serif" text-anchor="middle" dominant-baseline="central">` + "\n")
	for c := range board.Cell(l.Cells()) {
		x, y := p.g.cellXY(c)
		cx, cy := num(x+p.g.cell/2), num(y+p.g.cell/2)
		if v := p.b.Value(c); v != 0 {
			class, ink, weight := "solved", inkSolved, "normal"
			if p.b.Given(c) {
				class, ink, weight = "given", inkGiven, "bold"
			}
			p.printf(`<text class="%s" data-cell="%s" data-value="%d" x="%s" y="%s" font-size="%s" font-weight="%s" fill="%s">%c</text>`+"\n",
				class, l.CellName(c), v, cx, cy, num(big), weight, ink, v.Rune())
			continue
		}
		if d, ok := placedIn(places, c); ok {
			name := l.CellName(c)
			p.printf(`<g data-role="%s" data-cell="%s" data-digit="%d"><circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="2.5"/><text x="%s" y="%s" font-size="%s" font-weight="bold" fill="%s">%c</text></g>`+"\n",
				RolePlace, name, d, cx, cy, num(p.g.cell*0.4), colGreen, cx, cy, num(big), colGreen, d.Rune())
			continue
		}
		for _, d := range p.b.Candidates(c).Digits() {
			k := board.Candidate{Cell: c, Digit: d}
			dx, dy := p.g.candXY(c, d)
			sx, sy := num(dx), num(dy)
			name := l.CellName(c)
			if marked[k] {
				p.printf(`<circle data-role="%s" data-cell="%s" data-digit="%d" cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="0.45"/>`+"\n",
					RoleDigit, name, d, sx, sy, num(radius), colSky)
			}
			if elims[k] {
				continue // drawn on top by eliminations
			}
			p.printf(`<text class="cand" data-cell="%s" data-digit="%d" x="%s" y="%s" font-size="%s" fill="%s">%c</text>`+"\n",
				name, d, sx, sy, num(font), inkCand, d.Rune())
		}
	}
	p.printf("</g>\n")
}

// eliminations draws the candidates the step removes, struck through in red on a white
// disc, above everything else.
func (p *painter) eliminations() {
	if p.s == nil || p.opt.Detail != All {
		return
	}
	font, radius := p.g.candSize()
	h := radius * 0.9
	for _, k := range p.s.Eliminations {
		if p.b.Value(k.Cell) != 0 || !p.b.Has(k.Cell, k.Digit) {
			continue
		}
		dx, dy := p.g.candXY(k.Cell, k.Digit)
		sx, sy := num(dx), num(dy)
		p.printf(`<g data-role="%s" data-cell="%s" data-digit="%d" font-family="sans-serif" text-anchor="middle" dominant-baseline="central"><circle cx="%s" cy="%s" r="%s" fill="#FFFFFF" fill-opacity="0.85"/><text class="cand" x="%s" y="%s" font-size="%s" font-weight="bold" fill="%s">%c</text><line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="1.8"/></g>`+"\n",
			RoleEliminate, p.g.l.CellName(k.Cell), k.Digit, sx, sy, num(radius*0.95), sx, sy, num(font), colRed, k.Digit.Rune(),
			num(dx-h), num(dy+h), num(dx+h), num(dy-h), colRed)
	}
}

// beams draws the witnesses of a single: from each digit that rules cells out, a broad
// line along the house it shines through, to the farthest cell it rules out.
func (p *painter) beams() {
	w, ok := explain.Witnesses(p.b, *p.s, nil)
	if !ok {
		return
	}
	for _, bm := range w.Beams {
		hx, hy := p.g.cellXY(bm.Holder)
		ax, ay := hx+p.g.cell/2, hy+p.g.cell/2
		far, best := bm.Holder, -1.0
		for _, c := range bm.Cells {
			x, y := p.g.cellXY(c)
			if d := math.Hypot(x-hx, y-hy); d > best {
				far, best = c, d
			}
		}
		fx, fy := p.g.cellXY(far)
		bx, by := fx+p.g.cell/2, fy+p.g.cell/2
		cells := make([]string, len(bm.Cells))
		for i, c := range bm.Cells {
			cells[i] = p.g.l.CellName(c)
		}
		p.printf(`<g data-role="%s" data-cell="%s" data-digit="%d" data-house="%s" data-cells="%s"><line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s" stroke-opacity="0.35" stroke-linecap="round"/><circle cx="%s" cy="%s" r="%s" fill="none" stroke="%s" stroke-width="2"/></g>`+"\n",
			RoleBeam, p.g.l.CellName(bm.Holder), bm.Digit, p.g.l.HouseName(bm.House), strings.Join(cells, " "),
			num(ax), num(ay), num(bx), num(by), colOrange, num(p.g.cell*0.22),
			num(ax), num(ay), num(p.g.cell*0.4), colOrange)
	}
}

func candSet(cs []board.Candidate) map[board.Candidate]bool {
	m := make(map[board.Candidate]bool, len(cs))
	for _, c := range cs {
		m[c] = true
	}
	return m
}

func placedIn(places map[board.Candidate]bool, c board.Cell) (board.Digit, bool) {
	for k := range places {
		if k.Cell == c {
			return k.Digit, true
		}
	}
	return 0, false
}

// chains draws every chain: its nodes' candidates ringed (one colour filled, the next
// hollow, alternately, as colouring does) and its links as arcs with arrow heads.
func (p *painter) chains() {
	_, radius := p.g.candSize()
	for ci, ch := range p.s.Pattern.Chains {
		p.printf(`<g class="chain" data-chain="%d">`+"\n", ci)
		points := make([][][2]float64, len(ch.Nodes))
		for ni, nd := range ch.Nodes {
			for _, c := range nd.Cells {
				for _, d := range nd.Digits.Digits() {
					x, y := p.g.candXY(c, d)
					points[ni] = append(points[ni], [2]float64{x, y})
					if !p.b.Has(c, d) {
						continue
					}
					fill, dash := colGreen, ""
					if ni%2 == 1 {
						fill, dash = "none", ` stroke-dasharray="2 1.5"`
					}
					p.printf(`<circle data-role="%s" data-cell="%s" data-digit="%d" data-node="%d" cx="%s" cy="%s" r="%s" fill="%s" fill-opacity="0.35" stroke="%s" stroke-width="1.5"%s/>`+"\n",
						RoleNode, p.g.l.CellName(c), d, ni, num(x), num(y), num(radius), fill, colGreen, dash)
				}
			}
		}
		for li, kind := range ch.Links {
			from, to := li, li+1
			if to == len(ch.Nodes) {
				if !ch.Loop {
					break
				}
				to = 0
			}
			a, b := nearest(points[from], points[to])
			p.link(a, b, kind, from, to, radius)
		}
		p.printf("</g>\n")
	}
}

// nearest returns the closest pair of points of two nodes: a link between groups
// joins the members that face each other.
func nearest(as, bs [][2]float64) (a, b [2]float64) {
	best := math.Inf(1)
	for _, p := range as {
		for _, q := range bs {
			if d := math.Hypot(p[0]-q[0], p[1]-q[1]); d < best {
				best, a, b = d, p, q
			}
		}
	}
	return a, b
}

// link draws one arc from a to b, bent to the side so that links along one line stay
// apart and a link inside one cell is visible.
func (p *painter) link(a, b [2]float64, kind explain.LinkKind, from, to int, radius float64) {
	name, dash := "weak", ` stroke-dasharray="5 3"`
	if kind == explain.Strong {
		name, dash = "strong", ""
	}
	dx, dy := b[0]-a[0], b[1]-a[1]
	dist := math.Hypot(dx, dy)
	if dist < radius {
		// Both ends on one candidate (nodes that share it): a small loop beside it.
		dx, dy, dist = radius, -radius, math.Sqrt2*radius
		b = [2]float64{a[0] + 3*radius, a[1] - 3*radius}
	}
	ux, uy := dx/dist, dy/dist
	// Start and end on the rings, not in their centres.
	ax, ay := a[0]+ux*radius, a[1]+uy*radius
	bx, by := b[0]-ux*radius, b[1]-uy*radius
	bend := math.Min(dist*0.2, p.g.cell*0.8)
	mx, my := (ax+bx)/2-uy*bend, (ay+by)/2+ux*bend
	p.printf(`<path data-role="%s" data-kind="%s" data-from="%d" data-to="%d" d="M%s %sQ%s %s %s %s" fill="none" stroke="%s" stroke-width="2"%s marker-end="url(#%s)"/>`+"\n",
		RoleLink, name, from, to, num(ax), num(ay), num(mx), num(my), num(bx), num(by), linkColour(name), dash, p.id("arrow-"+name))
}
