package svg_test

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/svg"
)

// Variant boards made for these tests (not from the shared sets): a jigsaw whose
// regions are the boxes with r1c4 and r3c3 swapped, a sparse grid for X and windoku,
// and a killer over the wiki puzzle's solution cut into dominoes, L-trominoes and
// column pairs.
const (
	jigsaw9 = "1.....................5.....................................7...................9" +
		" 111122333111222333112222333444555666444555666444555666777888999777888999777888999"
	sparse9 = "1...............2.............3...................4.......................5......"
	killer9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79" +
		" AABBCCDDkEEHHFFGGkJJHIKKLLlMMNNOOPPlQQTTRRSSmVVTUWWXXmYYZZaabbnccffddeenhhfgiijjo" +
		" A=8,B=10,C=15,D=10,E=13,F=14,G=7,H=11,I=3,J=10,K=6,L=11,M=13,N=16,O=7,P=6,Q=6," +
		"R=8,S=16,T=17,U=9,V=8,W=6,X=13,Y=15,Z=6,a=10,b=10,c=10,d=10,e=9,f=16,g=2,h=7,i=14,j=8," +
		"k=10,l=10,m=7,n=9,o=9"
)

func variantBoard(t *testing.T, line string, v board.Variant) *board.Board {
	t.Helper()
	b, err := board.ParseVariantLine(line, v)
	require.NoError(t, err)
	return b
}

// houseOf returns the i-th house (from 0) of kind k.
func houseOf(t *testing.T, l *board.Layout, k board.HouseKind, i int) board.House {
	t.Helper()
	for h := range board.House(l.Houses()) {
		if l.Kind(h) == k && l.Index(h) == i {
			return h
		}
	}
	t.Fatalf("no %s %d", k, i+1)
	return 0
}

// elem is an element of a picture with its attributes and the text right inside it.
type elem struct {
	name     string
	attr     map[string]string
	text     string
	children []*elem
}

func tree(t *testing.T, pic string) *elem {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(pic))
	root := &elem{}
	stack := []*elem{root}
	for {
		tok, err := dec.Token()
		if err != nil {
			require.ErrorContains(t, err, "EOF", "the picture is not well-formed XML")
			break
		}
		top := stack[len(stack)-1]
		switch e := tok.(type) {
		case xml.StartElement:
			el := &elem{name: e.Name.Local, attr: map[string]string{}}
			for _, a := range e.Attr {
				el.attr[a.Name.Local] = a.Value
			}
			top.children = append(top.children, el)
			stack = append(stack, el)
		case xml.CharData:
			top.text += string(e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
	return root
}

// find returns every element under e whose attribute key is val.
func (e *elem) find(key, val string) []*elem {
	var out []*elem
	for _, c := range e.children {
		if c.attr[key] == val {
			out = append(out, c)
		}
		out = append(out, c.find(key, val)...)
	}
	return out
}

func (e *elem) count(name string) int {
	n := 0
	for _, c := range e.children {
		if c.name == name {
			n++
		}
		n += c.count(name)
	}
	return n
}

func TestVariantShading(t *testing.T) {
	b := variantBoard(t, sparse9, board.X|board.Windoku)
	root := tree(t, svg.Render(b, nil, svg.Options{}))
	for _, tc := range []struct {
		kind  string
		house string
		rects int
	}{
		{"diagonal", "d1", 9}, {"diagonal", "d2", 9},
		{"window", "w1", 1}, {"window", "w2", 1}, {"window", "w3", 1}, {"window", "w4", 1},
	} {
		gs := root.find("data-house", tc.house)
		require.Len(t, gs, 1, tc.house)
		assert.Equal(t, tc.kind, gs[0].attr["data-kind"])
		assert.Equal(t, tc.rects, gs[0].count("rect"), tc.house)
	}
	// Window 4 covers r6-8c6-8: its rectangle starts at r6c6 and is three cells wide.
	w4 := root.find("data-house", "w4")[0].children[0]
	assert.Equal(t, []string{"292", "292", "162", "162"}, []string{w4.attr["x"], w4.attr["y"], w4.attr["width"], w4.attr["height"]})
	assert.Empty(t, tree(t, svg.Render(variantBoard(t, sparse9, 0), nil, svg.Options{})).find("class", "variant"), "classic shades nothing")
}

// TestJigsawLines: one bold piece on every side between cells of two regions, and
// none of the classic box lines.
func TestJigsawLines(t *testing.T) {
	b := variantBoard(t, jigsaw9, 0)
	l := b.Layout()
	pic := svg.Render(b, nil, svg.Options{})
	regions := tree(t, pic).find("class", "regions")
	require.Len(t, regions, 1)
	d := regions[0].attr["d"]
	want := 0
	for r := range 9 {
		for c := range 9 {
			if c < 8 && l.BoxOf(l.CellAt(r, c)) != l.BoxOf(l.CellAt(r, c+1)) {
				want++
			}
			if r < 8 && l.BoxOf(l.CellAt(r, c)) != l.BoxOf(l.CellAt(r+1, c)) {
				want++
			}
		}
	}
	pieces := regexp.MustCompile(`M[0-9.]+ [0-9.]+[VH][0-9.]+`).FindAllString(d, -1)
	assert.Len(t, pieces, want+1, "the sides between regions, and the frame")
	// r1c4 is in region 1: no bold side between r1c3 and r1c4 (x = 22+3*54 = 184), one
	// between r1c4 and r1c5 (x = 238).
	assert.NotContains(t, d, "M184 22V76")
	assert.Contains(t, d, "M238 22V76")
	assert.NotContains(t, pic, `stroke-width="2.4"/>`+"\n<line", "no classic box lines")
}

func TestKillerCages(t *testing.T) {
	b := variantBoard(t, killer9, 0)
	l := b.Layout()
	root := tree(t, svg.Render(b, nil, svg.Options{}))
	cages := root.find("class", "cage")
	require.Len(t, cages, len(l.Cages()))
	for i, g := range cages {
		cg := l.Cages()[i]
		assert.Equal(t, strconv.Itoa(cg.Sum), g.attr["data-sum"])
		names := make([]string, len(cg.Cells))
		for k, c := range cg.Cells {
			names[k] = l.CellName(c)
		}
		assert.Equal(t, strings.Join(names, " "), g.attr["data-cells"])
		var text string
		for _, c := range g.children {
			if c.name == "text" {
				text = c.text
			}
		}
		assert.Equal(t, strconv.Itoa(cg.Sum), text, "the sum is written in cage %d", i)
	}
	assert.Empty(t, root.find("data-role", svg.RoleCage), "no step, no cage drawn bold")
	// The cages a step reasons with are drawn bold, and not on the board alone.
	cells := []board.Cell{l.CellAt(0, 0), l.CellAt(0, 1)}
	opt := svg.Options{Cages: [][]board.Cell{cells}}
	bold := tree(t, svg.Render(b, nil, opt)).find("data-role", svg.RoleCage)
	require.Len(t, bold, 1)
	assert.Equal(t, "r1c1 r1c2", bold[0].attr["data-cells"])
	// The first cage is the one the step is about: drawn bolder than the others.
	opt.Cages = append(opt.Cages, []board.Cell{l.CellAt(0, 2), l.CellAt(0, 3)})
	two := tree(t, svg.Render(b, nil, opt)).find("data-role", svg.RoleCage)
	require.Len(t, two, 2)
	assert.Equal(t, "r1c3 r1c4", two[1].attr["data-cells"])
	assert.Greater(t, two[0].attr["stroke-width"], two[1].attr["stroke-width"])
	opt.Detail = svg.Plain
	assert.Empty(t, tree(t, svg.Render(b, nil, opt)).find("data-role", svg.RoleCage))
}

// TestStepOnVariantHouses: a house that is not a rectangle (a diagonal, a region) is
// shaded cell by cell, a window as one rectangle.
func TestStepOnVariantHouses(t *testing.T) {
	x := variantBoard(t, sparse9, board.X|board.Windoku)
	jig := variantBoard(t, jigsaw9, 0)
	tests := []struct {
		name  string
		b     *board.Board
		house board.House
		cell  board.Cell
		rects int
	}{
		{"anti-diagonal", x, houseOf(t, x.Layout(), board.Diagonal, 1), x.Layout().CellAt(2, 6), 9},
		{"window", x, houseOf(t, x.Layout(), board.Window, 1), x.Layout().CellAt(2, 6), 1},
		{"jigsaw region", jig, jig.Layout().BoxHouse(0), jig.Layout().CellAt(0, 3), 9},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := explain.Step{Technique: "hidden-single", Placements: []board.Candidate{{Cell: tc.cell, Digit: 7}},
				Pattern: explain.Pattern{Digits: board.DigitsOf(7), Houses: []board.House{tc.house}}}
			pic := svg.Render(tc.b, &s, svg.Options{})
			gs := tree(t, pic).find("data-role", svg.RoleHouse)
			require.Len(t, gs, 1)
			assert.Equal(t, tc.b.Layout().HouseName(tc.house), gs[0].attr["data-house"])
			assert.Equal(t, tc.rects, gs[0].count("rect"))
			assert.Len(t, tree(t, pic).find("data-role", svg.RolePlace), 1)
		})
	}
}

// TestVariantGolden keeps one picture of each variant as reviewed (converted to PNG
// and looked at once); -update rewrites them.
func TestVariantGolden(t *testing.T) {
	x := variantBoard(t, sparse9, board.X)
	win := variantBoard(t, sparse9, board.Windoku)
	jig := variantBoard(t, jigsaw9, 0)
	kil := variantBoard(t, killer9, 0)
	c := func(b *board.Board, r, col int) board.Cell { return b.Layout().CellAt(r-1, col-1) }
	tests := []struct {
		file string
		b    *board.Board
		s    *explain.Step
		opt  svg.Options
	}{
		{"variant-x", x, &explain.Step{Technique: "hidden-single", Placements: []board.Candidate{{Cell: c(x, 3, 7), Digit: 7}},
			Pattern: explain.Pattern{Digits: board.DigitsOf(7), Houses: []board.House{houseOf(t, x.Layout(), board.Diagonal, 1)}}}, svg.Options{}},
		{"variant-windoku", win, &explain.Step{Technique: "naked-pair",
			Eliminations: []board.Candidate{{Cell: c(win, 3, 7), Digit: 6}, {Cell: c(win, 4, 8), Digit: 8}},
			Pattern: explain.Pattern{Digits: board.DigitsOf(6, 8), Cells: []board.Cell{c(win, 2, 6), c(win, 4, 6)},
				Houses: []board.House{houseOf(t, win.Layout(), board.Window, 1)}}}, svg.Options{}},
		{"variant-jigsaw", jig, &explain.Step{Technique: "locked-candidates-pointing",
			Eliminations: []board.Candidate{{Cell: c(jig, 1, 8), Digit: 4}},
			Pattern: explain.Pattern{Digits: board.DigitsOf(4), Cells: []board.Cell{c(jig, 1, 2), c(jig, 1, 4)},
				Base: []board.House{jig.Layout().BoxHouse(0)}, Cover: []board.House{jig.Layout().RowHouse(0)}}}, svg.Options{}},
		{"variant-killer", kil, nil, svg.Options{Cages: [][]board.Cell{{c(kil, 2, 3), c(kil, 2, 4), c(kil, 3, 3)}}}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			got := svg.Render(tc.b, tc.s, tc.opt)
			path := filepath.Join(goldenDir, tc.file+".svg")
			if *update {
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./explain/svg -update to write it")
			assert.Equal(t, string(want), got, "%s differs; if the change is right, rewrite with -update", path)
		})
	}
}

// TestJigsawEverySize draws an empty jigsaw of every size (regions that happen to be
// the boxes): every candidate drawn, inside its own cell.
func TestJigsawEverySize(t *testing.T) {
	for _, n := range board.Sizes() {
		t.Run(strconv.Itoa(n), func(t *testing.T) {
			classic, err := board.LayoutOf(n)
			require.NoError(t, err)
			regions := make([]int, n*n)
			for c := range regions {
				regions[c] = classic.BoxOf(board.Cell(c))
			}
			l, err := board.NewLayout(board.Spec{N: n, Regions: regions})
			require.NoError(t, err)
			root := tree(t, svg.Render(board.New(l), nil, svg.Options{}))
			require.Len(t, root.find("class", "regions"), 1)
			cands := root.find("class", "cand")
			assert.Len(t, cands, n*n*n)
			size, err := strconv.ParseFloat(root.children[0].attr["data-cell-size"], 64)
			require.NoError(t, err)
			margin, err := strconv.ParseFloat(root.children[0].attr["data-margin"], 64)
			require.NoError(t, err)
			for _, c := range cands {
				cell, err := l.ParseCell(c.attr["data-cell"])
				require.NoError(t, err)
				x, _ := strconv.ParseFloat(c.attr["x"], 64)
				y, _ := strconv.ParseFloat(c.attr["y"], 64)
				x0, y0 := margin+float64(l.ColOf(cell))*size, margin+float64(l.RowOf(cell))*size
				require.True(t, x > x0 && x < x0+size && y > y0 && y < y0+size, "candidate %s of %s at %v,%v", c.attr["data-digit"], c.attr["data-cell"], x, y)
			}
		})
	}
}
