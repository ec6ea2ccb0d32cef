package svg_test

import (
	"context"
	"encoding/xml"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/svg"
	"github.com/stepdoku/stepdoku/techniques"
)

var update = flag.Bool("update", false, "rewrite the golden SVG files in testdata/svg")

const (
	goldenDir  = "../../testdata/svg"
	fixtureDir = "../../testdata/techniques"
)

// fixtureCase is the part of a technique fixture case a picture needs.
type fixtureCase struct {
	Name    string   `yaml:"name"`
	Grid    string   `yaml:"grid"`
	Removed []string `yaml:"removed"`
}

// fixtureStep returns the candidate state of a technique fixture's case and the first
// step the technique finds there: real steps, from the finders, on exact states.
func fixtureStep(t *testing.T, id, name string) (*board.Board, explain.Step) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, id+".yaml"))
	require.NoError(t, err)
	var f struct {
		Cases []fixtureCase `yaml:"cases"`
	}
	require.NoError(t, yaml.Unmarshal(data, &f))
	i := slices.IndexFunc(f.Cases, func(c fixtureCase) bool { return c.Name == name })
	require.GreaterOrEqual(t, i, 0, "%s: no case %q", id, name)
	c := f.Cases[i]
	b, err := board.Parse(c.Grid)
	require.NoError(t, err)
	for _, r := range c.Removed {
		cell, d, ok := strings.Cut(r, "<>")
		require.True(t, ok, "removed %q", r)
		cc, err := b.Layout().ParseCell(cell)
		require.NoError(t, err)
		n, err := strconv.Atoi(d)
		require.NoError(t, err)
		b.Eliminate(cc, board.Digit(n))
	}
	tech, ok := techniques.ByID(id)
	require.True(t, ok, "technique %s", id)
	s, _, ok, err := techniques.First(t.Context(), b, []techniques.Technique{tech}, techniques.Knowledge{Unique: true})
	require.NoError(t, err)
	require.True(t, ok, "%s/%s finds no step", id, name)
	return b, s
}

// goldenCases are a few steps of each family, on several layout sizes.
var goldenCases = []struct{ file, technique, fixture string }{
	{"hidden-single", "hidden-single", "box, also the only place in its row, reported once"},
	{"hidden-single-4x4", "hidden-single", "4x4"},
	{"naked-single-6x6", "naked-single", "6x6 with 2x3 boxes"},
	{"naked-pair", "naked-pair", "row"},
	{"pointing", "locked-candidates-pointing", ""},
	{"x-wing", "x-wing", "rows as base"},
	{"x-wing-16x16", "x-wing", "16x16, rows as base"},
	{"x-chain", "x-chain", "top1465 line 43"},
	{"aic", "aic", "top1465 line 9"},
	{"xy-wing", "xy-wing", "sample puzzle 1 after 39 steps"},
	{"unique-rectangle-1", "unique-rectangle-1", "sample puzzle 1 after 51 steps"},
	{"tridagon", "tridagon", "Berthier's resolution state, 3,7,9 in b5,b6,b8,b9, guardian 1 in r7c6"},
	{"sk-loop", "sk-loop", "Easter Monster: the loop round r2c2, r2c8, r8c2, r8c8"},
}

// firstCaseName is the name of a fixture's first case, for cases chosen by position.
func firstCaseName(t *testing.T, id string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(fixtureDir, id+".yaml"))
	require.NoError(t, err)
	var f struct {
		Cases []fixtureCase `yaml:"cases"`
	}
	require.NoError(t, yaml.Unmarshal(data, &f))
	require.NotEmpty(t, f.Cases)
	return f.Cases[0].Name
}

func TestGolden(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.file, func(t *testing.T) {
			name := tc.fixture
			if name == "" {
				name = firstCaseName(t, tc.technique)
			}
			b, s := fixtureStep(t, tc.technique, name)
			got := svg.Render(b, &s, svg.Options{Title: explain.OneLiner(b.Layout(), s)})
			checkMarks(t, b, s, svg.All, got)
			path := filepath.Join(goldenDir, tc.file+".svg")
			if *update {
				require.NoError(t, os.MkdirAll(goldenDir, 0o755))
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./explain/svg -update to write it")
			assert.Equal(t, string(want), got, "%s differs; if the change is right, rewrite with -update", path)
		})
	}
}

// mark is one marked element of a picture, as its data attributes say.
type mark struct {
	role, cell, house string
	digit             int
	chain, node, set  string
	kind              string
}

// marksOf parses a picture with encoding/xml and returns its marked elements.
func marksOf(t *testing.T, pic string) []mark {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(pic))
	var out []mark
	var chains []string // data-chain of the enclosing groups
	for {
		tok, err := dec.Token()
		if err != nil {
			require.ErrorContains(t, err, "EOF", "the picture is not well-formed XML")
			break
		}
		switch e := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range e.Attr {
				attr[a.Name.Local] = a.Value
			}
			chains = append(chains, attr["data-chain"])
			if attr["data-role"] == "" {
				continue
			}
			m := mark{role: attr["data-role"], cell: attr["data-cell"], house: attr["data-house"],
				node: attr["data-node"], set: attr["data-set"], kind: attr["data-kind"]}
			for i := len(chains) - 1; i >= 0; i-- {
				if chains[i] != "" {
					m.chain = chains[i]
					break
				}
			}
			if d := attr["data-digit"]; d != "" {
				n, err := strconv.Atoi(d)
				require.NoError(t, err)
				m.digit = n
			}
			if m.role == svg.RoleLink {
				m.node = attr["data-from"] + ">" + attr["data-to"]
			}
			out = append(out, m)
		case xml.EndElement:
			chains = chains[:len(chains)-1]
		}
	}
	return out
}

// wantMarks computes, from the step record alone, what a picture at detail d must mark.
func wantMarks(b *board.Board, s explain.Step, d svg.Detail) []mark {
	l := b.Layout()
	var out []mark
	if d == svg.Plain {
		return nil
	}
	p := s.Pattern
	for range p.Cages {
		out = append(out, mark{role: svg.RoleCage})
	}
	for _, hs := range []struct {
		role string
		hs   []board.House
	}{{svg.RoleHouse, p.Houses}, {svg.RoleBase, p.Base}, {svg.RoleCover, p.Cover}} {
		for _, h := range hs.hs {
			out = append(out, mark{role: hs.role, house: l.HouseName(h)})
		}
	}
	for i, c := range p.Cells {
		role := svg.RoleCell
		if i == 0 && slices.Contains([]string{"xy-wing", "xyz-wing", "wxyz-wing"}, s.Technique) {
			role = svg.RolePivot
		}
		out = append(out, mark{role: role, cell: l.CellName(c)})
	}
	for _, c := range p.Fins {
		out = append(out, mark{role: svg.RoleFin, cell: l.CellName(c)})
	}
	for i, g := range p.Sets {
		for _, c := range g.Cells {
			out = append(out, mark{role: svg.RoleSet, cell: l.CellName(c), set: strconv.Itoa(i)})
		}
	}
	if d == svg.Where {
		return out
	}
	if w, ok := explain.Witnesses(b, s, nil); ok {
		for _, bm := range w.Beams {
			out = append(out, mark{role: svg.RoleBeam, cell: l.CellName(bm.Holder), house: l.HouseName(bm.House), digit: int(bm.Digit)})
		}
	}
	placed := map[board.Cell]bool{}
	if d == svg.All {
		for _, pl := range s.Placements {
			placed[pl.Cell] = true
			out = append(out, mark{role: svg.RolePlace, cell: l.CellName(pl.Cell), digit: int(pl.Digit)})
		}
		for _, e := range s.Eliminations {
			out = append(out, mark{role: svg.RoleEliminate, cell: l.CellName(e.Cell), digit: int(e.Digit)})
		}
	}
	for _, c := range slices.Concat(p.Cells, p.Fins) {
		for _, dg := range p.Digits.Digits() {
			if b.Has(c, dg) && !placed[c] {
				out = append(out, mark{role: svg.RoleDigit, cell: l.CellName(c), digit: int(dg)})
			}
		}
	}
	for ci, ch := range p.Chains {
		chain := strconv.Itoa(ci)
		for ni, n := range ch.Nodes {
			for _, c := range n.Cells {
				for _, dg := range n.Digits.Digits() {
					if b.Has(c, dg) {
						out = append(out, mark{role: svg.RoleNode, cell: l.CellName(c), digit: int(dg), chain: chain, node: strconv.Itoa(ni)})
					}
				}
			}
		}
		for li, k := range ch.Links {
			to := li + 1
			if to == len(ch.Nodes) {
				if !ch.Loop {
					break
				}
				to = 0
			}
			kind := "weak"
			if k == explain.Strong {
				kind = "strong"
			}
			out = append(out, mark{role: svg.RoleLink, chain: chain, node: fmt.Sprintf("%d>%d", li, to), kind: kind})
		}
	}
	return out
}

func sortMarks(ms []mark) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = fmt.Sprintf("%+v", m)
	}
	slices.Sort(out)
	return out
}

// checkMarks fails unless picture pic marks exactly what step s on b holds at detail d.
func checkMarks(t *testing.T, b *board.Board, s explain.Step, d svg.Detail, pic string) {
	t.Helper()
	got := sortMarks(marksOf(t, pic))
	want := sortMarks(wantMarks(b, s, d))
	assert.Equal(t, want, got, "marks of %s at detail %d", explain.OneLiner(b.Layout(), s), d)
}

// TestMarksEveryStep draws every step of real walkthroughs and checks that each
// picture marks exactly the cells and candidates of its record, at every detail.
func TestMarksEveryStep(t *testing.T) {
	puzzles := []struct{ name, grid string }{
		{"example", "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."},
		{"wings", "7..9...6..5...7....41......18...4.7......8..9..72..1..9...3....4..6...8.......2.1"},
		{"search", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"},
		{"tridagon", "..34.6....5....1.27.92..........851........28......4.65.86....46.28.4.51..1..5..."},
		{"4x4", ".2....1..1..4..1"},
		{"6x6", "..3......1.32..56.5.....312..5.4..1."},
	}
	if testing.Short() {
		puzzles = puzzles[:1]
	}
	for _, pz := range puzzles {
		t.Run(pz.name, func(t *testing.T) {
			b, err := board.Parse(pz.grid)
			require.NoError(t, err)
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			tr, err := techniques.Solve(ctx, b, techniques.Options{})
			require.NoError(t, err)
			require.NotEmpty(t, tr.Steps)
			states, err := tr.States(b.Layout())
			require.NoError(t, err)
			require.Len(t, states, len(tr.Steps)+1)
			for i, s := range tr.Steps {
				for _, d := range []svg.Detail{svg.All, svg.Pattern, svg.Where, svg.Plain} {
					checkMarks(t, states[i], s, d, svg.Render(states[i], &s, svg.Options{Detail: d}))
				}
			}
		})
	}
}

// TestBoardAlone checks the plain board: givens and solved digits told apart, one
// candidate text per candidate, nothing marked.
func TestBoardAlone(t *testing.T) {
	for _, n := range board.Sizes() {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			l, err := board.LayoutOf(n)
			require.NoError(t, err)
			b := board.New(l)
			require.NoError(t, b.Give(0, 1))
			require.NoError(t, b.Place(board.Cell(l.Cells()-1), board.Digit(n)))
			pic := svg.Render(b, nil, svg.Options{})
			assert.Empty(t, marksOf(t, pic))
			assert.Equal(t, 1, strings.Count(pic, `class="given"`))
			assert.Equal(t, 1, strings.Count(pic, `class="solved"`))
			want := 0
			for c := range board.Cell(l.Cells()) {
				want += b.Candidates(c).Count()
			}
			assert.Equal(t, want, strings.Count(pic, `class="cand"`))
			assert.Contains(t, pic, fmt.Sprintf(`data-size="%d"`, n))
		})
	}
}

// TestCandidatePositions checks that 1 sits top-left and the last digit bottom-right of
// its cell, in reading order, on every layout size.
func TestCandidatePositions(t *testing.T) {
	for _, n := range board.Sizes() {
		t.Run(fmt.Sprintf("%dx%d", n, n), func(t *testing.T) {
			l, err := board.LayoutOf(n)
			require.NoError(t, err)
			pic := svg.Render(board.New(l), nil, svg.Options{})
			type pos struct{ x, y float64 }
			at := map[int]pos{}
			dec := xml.NewDecoder(strings.NewReader(pic))
			for {
				tok, err := dec.Token()
				if err != nil {
					break
				}
				e, ok := tok.(xml.StartElement)
				if !ok {
					continue
				}
				attr := map[string]string{}
				for _, a := range e.Attr {
					attr[a.Name.Local] = a.Value
				}
				if attr["class"] != "cand" || attr["data-cell"] != "r1c1" {
					continue
				}
				d, _ := strconv.Atoi(attr["data-digit"])
				x, _ := strconv.ParseFloat(attr["x"], 64)
				y, _ := strconv.ParseFloat(attr["y"], 64)
				at[d] = pos{x, y}
			}
			require.Len(t, at, n)
			for d := 2; d <= n; d++ {
				prev, cur := at[d-1], at[d]
				assert.True(t, cur.y > prev.y || cur.y == prev.y && cur.x > prev.x, "digit %d at %v after %d at %v", d, cur, d-1, prev)
			}
			assert.True(t, at[1].x < at[n].x && at[1].y < at[n].y, "1 at %v, %d at %v", at[1], n, at[n])
		})
	}
}

// TestIssuePictures checks two pictures of top1465's third puzzle: the first step, a
// hidden single, draws its beams (the 7s of r6c2 and r7c7 ruling out the rest of box
// 7); the first forcing net that starts from the candidate it removes draws that
// candidate last, above the chain nodes drawn on it.
func TestIssuePictures(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a hard puzzle")
	}
	b, err := board.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tr, err := techniques.Solve(ctx, b, techniques.Options{})
	require.NoError(t, err)
	states, err := tr.States(b.Layout())
	require.NoError(t, err)

	first := svg.Render(states[0], &tr.Steps[0], svg.Options{})
	assert.Contains(t, first, `data-role="beam" data-cell="r6c2" data-digit="7" data-house="c2" data-cells="r7c2 r8c2 r9c2"`)
	assert.Contains(t, first, `data-role="beam" data-cell="r7c7" data-digit="7" data-house="r7" data-cells="r7c1 r7c3"`)
	assert.NotContains(t, svg.Render(states[0], &tr.Steps[0], svg.Options{Detail: svg.Where}), `data-role="beam"`)

	// The first forcing net that starts from the candidate it removes.
	selfRefuting := regexp.MustCompile(`^Forcing Net Contradiction: ([0-9]) in (r[0-9]c[0-9]) => (r[0-9]c[0-9])<>([0-9])$`)
	at := -1
	var cell, digit string
	for i, st := range tr.Steps {
		m := selfRefuting.FindStringSubmatch(explain.OneLiner(b.Layout(), st))
		if m != nil && m[1] == m[4] && m[2] == m[3] {
			at, cell, digit = i, m[2], m[1]
			break
		}
	}
	require.GreaterOrEqual(t, at, 0, "no forcing net removes its own start")
	s := tr.Steps[at]
	pic := svg.Render(states[at], &s, svg.Options{})
	removed := strings.LastIndex(pic, `data-role="eliminate" data-cell="`+cell+`" data-digit="`+digit+`"`)
	node := strings.LastIndex(pic, `data-role="node" data-cell="`+cell+`" data-digit="`+digit+`"`)
	require.GreaterOrEqual(t, node, 0, "the start node is drawn")
	assert.Greater(t, removed, node, "the removed candidate is drawn after (above) the nodes on it")
}
