package board

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// String writes the values of the board as one line of N*N characters (81 for 9x9):
// digits 1-9 then A-Z, '.' for an empty cell. Givens and placed values look alike and
// candidates are left out; PencilMarks, CandidateLine and MarshalJSON keep them.
func (b *Board) String() string { return Line(b.values) }

// Line writes values row by row as a grid line: digits 1-9 then A-Z, '.' for 0.
func Line(values []Digit) string {
	out := make([]byte, len(values))
	for c, d := range values {
		out[c] = byte(d.Rune())
	}
	return string(out)
}

// Pretty writes the values as a grid, one line per row, '.' for an empty cell, boxes
// separated by '|' and bands by a dashed line:
//
//	3 1 6 | 5 7 8 | 4 9 2
//	5 2 9 | 1 3 4 | 7 6 8
//	4 8 7 | 6 2 9 | 5 3 1
//	------+-------+------
//
// Parse reads it back. Variants draw their rules as well:
//
//   - a jigsaw draws its regions instead of boxes: '|' between two cells of a row and
//     '-' under a cell where the region changes, '+' where borders meet, cells three
//     columns apart so the borders have room;
//   - a killer draws a framed grid with two kinds of line, as killer books do: the
//     boxes (a jigsaw's regions) solid, '|' and '-' joined by '+', and the cages dotted
//     inside them, ':' and '.'; where a cage crosses a box line the line is broken, '!'
//     and " - ". Each cage's sum is written into the line above its first cell (the
//     top-left one), which always borders the cage. Parse reads it back whole: values,
//     cages, sums, and a jigsaw's regions if the solid lines are not the boxes;
//   - Sudoku-X and windoku draw the classic grid and say their extra houses on a last
//     line starting with '#', so Parse reads the values back (a killer-X adds the
//     line under its frame).
//
// The top of a killer: r1c1-r1c2 a cage of 8 in box 1, r1c3-r1c4 a cage of 10 across
// the line between boxes 1 and 2, r2c1-r2c2 a cage of 13 under them:
//
//	+8-------10-+----15-----+
//	| 5   3 : . ! . : 7   . |
//	|13......11.|....14.....|
func (b *Board) Pretty() string {
	words := make([]string, len(b.values))
	for c, d := range b.values {
		words[c] = string(d.Rune())
	}
	var text string
	switch l := b.l; {
	case l.cages != nil:
		text = b.killerFrameOf(words).draw()
	case !l.Regular():
		text = borderGrid(l.n, words, l.regions)
	default:
		text = b.grid(words)
	}
	return text + b.l.variantNote()
}

// variantNote is the line that says the houses of X and windoku, which the grid does not draw.
func (l *Layout) variantNote() string {
	var notes []string
	if l.variant&X != 0 {
		notes = append(notes, "# Sudoku-X: the diagonals r1c1-r"+strconv.Itoa(l.n)+"c"+strconv.Itoa(l.n)+
			" and r1c"+strconv.Itoa(l.n)+"-r"+strconv.Itoa(l.n)+"c1 hold every digit once\n")
	}
	if l.variant&Windoku != 0 {
		notes = append(notes, "# windoku: the windows r2-4c2-4, r2-4c6-8, r6-8c2-4 and r6-8c6-8 hold every digit once\n")
	}
	return strings.Join(notes, "")
}

// borderGrid lays out one word per cell with borders where owner changes (a region, a
// cage): " | " between cells of a row that differ, "   " between those that do not; a
// line between rows with '-' under each cell whose lower neighbour differs and '+', '|'
// or '-' where borders meet, left out when no cell has one. No trailing spaces.
func borderGrid(n int, words []string, owner []int) string {
	width := make([]int, n)
	for c, w := range words {
		width[c%n] = max(width[c%n], len(w))
	}
	at := func(r, c int) int { return owner[r*n+c] }
	var lines []string
	for r := range n {
		if r > 0 {
			var sb strings.Builder
			for c := range n {
				ch := byte(' ')
				if at(r-1, c) != at(r, c) {
					ch = '-'
				}
				sb.WriteString(strings.Repeat(string(ch), width[c]))
				if c == n-1 {
					break
				}
				up, down := at(r-1, c) != at(r-1, c+1), at(r, c) != at(r, c+1)
				left, right := at(r-1, c) != at(r, c), at(r-1, c+1) != at(r, c+1)
				mid := byte(' ')
				switch {
				case (up || down) && (left || right):
					mid = '+'
				case up || down:
					mid = '|'
				case left || right:
					mid = '-'
				}
				sb.WriteByte(dashIf(left))
				sb.WriteByte(mid)
				sb.WriteByte(dashIf(right))
			}
			// A line with no '-' would only carry the bars on: leave it out, as the
			// classic grid has no line between the rows of a band.
			if line := strings.TrimRight(sb.String(), " "); strings.Contains(line, "-") {
				lines = append(lines, line)
			}
		}
		var sb strings.Builder
		for c := range n {
			w := words[r*n+c]
			sb.WriteString(w + strings.Repeat(" ", width[c]-len(w)))
			if c < n-1 {
				if at(r, c) != at(r, c+1) {
					sb.WriteString(" | ")
				} else {
					sb.WriteString("   ")
				}
			}
		}
		lines = append(lines, strings.TrimRight(sb.String(), " "))
	}
	return strings.Join(lines, "\n") + "\n"
}

// PencilMarks writes the candidate grid (HoDoKu / Simple Sudoku style): each empty cell as
// its candidates ("158"), each value as its digit, columns padded to their widest cell,
// boxes separated by '|' and bands by a '+'-joined dashed line. An empty cell with a
// single candidate is written "(5)" and one with none "()", so that Parse tells them
// from values and reads back exactly the same values and candidates (the values all
// as givens). A jigsaw's regions are drawn as Pretty draws them, X and windoku add
// Pretty's note line. A killer is framed as Pretty frames it, cages, boxes and sums
// with the candidates inside, and Parse (and ParseMarks) read that back too.
func (b *Board) PencilMarks() string {
	words := make([]string, len(b.values))
	for c, d := range b.values {
		switch s := b.cands[c]; {
		case d != 0:
			words[c] = string(d.Rune())
		case s.Count() > 1:
			words[c] = digitRunes(s)
		default:
			words[c] = "(" + digitRunes(s) + ")"
		}
	}
	switch {
	case b.l.cages != nil:
		return b.killerFrameOf(words).draw() + b.l.variantNote()
	case !b.l.Regular():
		// A jigsaw has no box bands: its regions are drawn as in Pretty.
		return borderGrid(b.l.n, words, b.l.regions) + b.l.variantNote()
	}
	return b.grid(words) + b.l.variantNote()
}

// digitRunes writes the digits of s as grid characters, without separators ("158").
func digitRunes(s DigitSet) string {
	out := make([]byte, 0, s.Count())
	for ; s != 0; s &= s - 1 {
		out = append(out, byte(s.First().Rune()))
	}
	return string(out)
}

// grid lays out one word per cell: columns padded to their widest word, " | " between
// boxes, a dashed line joined by '+' between bands, no trailing spaces.
func (b *Board) grid(words []string) string {
	n, br, bc := b.l.n, b.l.boxRows, b.l.boxCols
	width := make([]int, n)
	for c, w := range words {
		width[c%n] = max(width[c%n], len(w))
	}
	var sep strings.Builder
	for k := range n / bc {
		w := bc - 1 // the spaces between the cells of the box
		for col := k * bc; col < (k+1)*bc; col++ {
			w += width[col]
		}
		if k > 0 {
			sep.WriteByte('+')
			w++
		}
		if k < n/bc-1 {
			w++
		}
		sep.WriteString(strings.Repeat("-", w))
	}
	var sb strings.Builder
	for r := range n {
		if r > 0 && r%br == 0 {
			sb.WriteString(sep.String())
			sb.WriteByte('\n')
		}
		for col := range n {
			if col > 0 {
				if col%bc == 0 {
					sb.WriteString(" | ")
				} else {
					sb.WriteByte(' ')
				}
			}
			w := words[r*n+col]
			sb.WriteString(w)
			if col < n-1 {
				sb.WriteString(strings.Repeat(" ", width[col]-len(w)))
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// dashIf is '-' where a border runs, ' ' elsewhere.
func dashIf(border bool) byte {
	if border {
		return '-'
	}
	return ' '
}

// CandidateLine writes N characters per cell (729 for 9x9): at position k the digit k+1
// when the cell may hold it, '.' otherwise. A value is written as its only candidate, so
// reading the line back gives the same candidates but no values (Parse never places a
// cell of a candidate line).
func (b *Board) CandidateLine() string {
	n := b.l.n
	out := bytes.Repeat([]byte{'.'}, len(b.values)*n)
	for c, d := range b.values {
		s := b.cands[c]
		if d != 0 {
			s = DigitsOf(d)
		}
		for ; s != 0; s &= s - 1 {
			d := s.First()
			out[c*n+int(d)-1] = byte(d.Rune())
		}
	}
	return string(out)
}

// boardJSON is the JSON form of a Board (see MarshalJSON).
type boardJSON struct {
	Size       int              `json:"size"`
	Variant    *string          `json:"variant"`
	Puzzle     *string          `json:"puzzle"`
	Grid       *string          `json:"grid"`
	Candidates map[string][]int `json:"candidates"`
	Regions    *string          `json:"regions"`
	Cages      []cageJSON       `json:"cages"`
}

// cageJSON is a killer cage in the JSON form: {"sum":12,"cells":["r1c1","r1c2"]}.
type cageJSON struct {
	Sum   int      `json:"sum"`
	Cells []string `json:"cells"`
}

// MarshalJSON writes the board as an object with four keys:
//
//	{"size":9,"puzzle":"4...3....","grid":"4.1.3....","candidates":{"r1c2":[2,5],...}}
//
// size is N; puzzle is the givens as a line of N*N characters ('.' elsewhere, digits
// 1-9 then A-Z as in String); grid is every value, givens and placed alike; candidates
// maps every empty cell, in cell order, to its candidates as numbers ([] for a cell
// with none).
//
// A variant adds "variant" after size ("x", "jigsaw", "killer+x": see Variant.String)
// and, at the end, "regions" (a jigsaw: N*N region labels, 1-9 then A-Z, row by row)
// and "cages" (a killer: [{"sum":12,"cells":["r1c1","r1c2"]},...]); a classic board
// has none of them.
//
// UnmarshalJSON (and Parse) read it back. There, only grid is required: without size the
// length of grid gives it, without puzzle every value of grid is a given, and an empty
// cell left out of candidates keeps every candidate its peers allow. regions or cages
// make a jigsaw or a killer without "variant"; "variant" alone says X or windoku. Unknown
// keys fail.
func (b *Board) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	puzzle := make([]byte, len(b.values))
	for c, d := range b.values {
		puzzle[c] = '.'
		if b.given.Has(Cell(c)) {
			puzzle[c] = byte(d.Rune())
		}
	}
	fmt.Fprintf(&buf, `{"size":%d,`, b.l.n)
	if v := b.l.Variant(); v != 0 {
		fmt.Fprintf(&buf, `"variant":%q,`, v.String())
	}
	fmt.Fprintf(&buf, `"puzzle":%q,"grid":%q,"candidates":{`, puzzle, b.String())
	first := true
	for c, d := range b.values {
		if d != 0 {
			continue
		}
		if !first {
			buf.WriteByte(',')
		}
		first = false
		fmt.Fprintf(&buf, "%q:[", b.l.CellName(Cell(c)))
		for i, d := range b.cands[c].Digits() {
			if i > 0 {
				buf.WriteByte(',')
			}
			buf.WriteString(strconv.Itoa(int(d)))
		}
		buf.WriteByte(']')
	}
	buf.WriteByte('}')
	if b.l.regions != nil {
		labels := make([]rune, len(b.l.regions))
		for c, r := range b.l.regions {
			labels[c] = regionRune(r)
		}
		fmt.Fprintf(&buf, `,"regions":%q`, string(labels))
	}
	if len(b.l.cages) > 0 {
		buf.WriteString(`,"cages":[`)
		for i, cg := range b.l.cages {
			if i > 0 {
				buf.WriteByte(',')
			}
			fmt.Fprintf(&buf, `{"sum":%d,"cells":[`, cg.Sum)
			for k, c := range cg.Cells {
				if k > 0 {
					buf.WriteByte(',')
				}
				fmt.Fprintf(&buf, "%q", b.l.CellName(c))
			}
			buf.WriteString("]}")
		}
		buf.WriteByte(']')
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// UnmarshalJSON reads the object MarshalJSON writes into b, replacing what b held
// (null leaves b as it is). A candidate that a placed peer rules out is dropped, as in
// a pencil-mark grid.
func (b *Board) UnmarshalJSON(data []byte) error {
	if string(bytes.TrimSpace(data)) == "null" {
		return nil // as encoding/json does for null
	}
	var j boardJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		return jsonError(err)
	}
	if err := dec.Decode(&struct{}{}); err != io.EOF {
		return &ParseError{Msg: "json: more after the board object"}
	}
	if j.Grid == nil {
		return &ParseError{Msg: `json: no "grid" key`}
	}
	grid := *j.Grid
	n := j.Size
	if n == 0 {
		for size := range sizes {
			if size*size == len(grid) {
				n = size
			}
		}
	}
	l, err := LayoutOf(n)
	if err != nil {
		if j.Size == 0 {
			return &ParseError{Msg: fmt.Sprintf("json: grid: got %d cells, want 81", len(grid))}
		}
		return &ParseError{Msg: fmt.Sprintf("json: size: no layout for a %dx%d grid", n, n)}
	}
	if l, err = j.layout(l); err != nil {
		return err
	}
	values, err := jsonLine("grid", grid, n)
	if err != nil {
		return err
	}
	nb := New(l)
	if j.Puzzle != nil {
		givens, err := jsonLine("puzzle", *j.Puzzle, n)
		if err != nil {
			return err
		}
		for c, d := range givens {
			if d != 0 && d != values[c] {
				return &ParseError{Msg: fmt.Sprintf("json: puzzle has %c in %s but grid has %c", d.Rune(), l.CellName(Cell(c)), values[c].Rune())}
			}
			if d != 0 {
				_ = nb.Give(Cell(c), d) // cannot fail: digit in range, cell empty
			}
		}
	}
	for c, d := range values {
		if d != 0 && nb.values[c] == 0 {
			if j.Puzzle == nil {
				_ = nb.Give(Cell(c), d)
			} else {
				_ = nb.Place(Cell(c), d)
			}
		}
	}
	keys := make([]string, 0, len(j.Candidates))
	for k := range j.Candidates {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		c, err := l.ParseCell(k)
		if err != nil {
			return &ParseError{Msg: "json: candidates: " + strings.TrimPrefix(err.Error(), "board: ")}
		}
		if d := nb.values[c]; d != 0 {
			return &ParseError{Msg: fmt.Sprintf("json: candidates: %s holds %d, it has no candidates", k, d)}
		}
		var s DigitSet
		for _, d := range j.Candidates[k] {
			if d < 1 || d > n {
				return &ParseError{Msg: fmt.Sprintf("json: candidates: %s: %d is not a digit of a %dx%d grid", k, d, n, n)}
			}
			s = s.With(Digit(d))
		}
		nb.SetCandidates(c, s)
	}
	*b = *nb
	return nil
}

// layout returns the layout the variant keys of j describe on the classic layout l.
func (j *boardJSON) layout(l *Layout) (*Layout, error) {
	var v Variant
	if j.Variant != nil {
		var err error
		if v, err = ParseVariant(*j.Variant); err != nil {
			return nil, &ParseError{Msg: "json: variant: " + strings.TrimPrefix(err.Error(), "board: ")}
		}
	}
	n := l.n
	spec := Spec{N: n, Diagonals: v&X != 0, Windows: v&Windoku != 0}
	switch {
	case j.Regions != nil:
		regions, err := parseRegions(*j.Regions, n)
		if err != nil {
			return nil, &ParseError{Msg: "json: regions: " + err.(*ParseError).Msg}
		}
		spec.Regions = regions
	case v&Jigsaw != 0:
		return nil, &ParseError{Msg: fmt.Sprintf(`json: variant %q needs "regions", %d region labels`, *j.Variant, n*n)}
	}
	switch {
	case j.Cages != nil:
		for i, cj := range j.Cages {
			cg := Cage{Sum: cj.Sum}
			if cj.Sum < 1 {
				return nil, &ParseError{Msg: fmt.Sprintf("json: cages: cage %d: sum %d, want a positive number", i+1, cj.Sum)}
			}
			for _, name := range cj.Cells {
				c, err := l.ParseCell(name)
				if err != nil {
					return nil, &ParseError{Msg: fmt.Sprintf("json: cages: cage %d: %s", i+1, strings.TrimPrefix(err.Error(), "board: "))}
				}
				cg.Cells = append(cg.Cells, c)
			}
			spec.Cages = append(spec.Cages, cg)
		}
		if len(spec.Cages) == 0 {
			return nil, &ParseError{Msg: `json: "cages" is empty`}
		}
	case v&Killer != 0:
		return nil, &ParseError{Msg: fmt.Sprintf(`json: variant %q needs "cages", [{"sum":12,"cells":["r1c1","r1c2"]},...]`, *j.Variant)}
	}
	nl, err := NewLayout(spec)
	if err != nil {
		return nil, &ParseError{Msg: "json: " + layoutParseError(err).(*ParseError).Msg}
	}
	return nl, nil
}

// jsonLine reads the grid or puzzle string of the JSON form.
func jsonLine(key, s string, n int) ([]Digit, error) {
	if len(s) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("json: %s: got %d cells, want %d", key, len(s), n*n)}
	}
	out := make([]Digit, len(s))
	for i := range out {
		d, ok := cellValue(s[i], n)
		if !ok {
			return nil, &ParseError{Msg: fmt.Sprintf("json: %s: character %d: %s", key, i+1, notDigit(s, i, n))}
		}
		out[i] = d
	}
	return out, nil
}
