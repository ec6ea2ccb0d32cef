package board

import (
	"strings"
)

// Marks are a player's pencil marks as written, with nothing inferred: unlike a Board,
// a mark that a value in a peer rules out is kept, a cell written with one digit is a
// cell with one mark (not a given), and a cell with no marks says nothing (it is not a
// cell without candidates). A hint reads them to tell a mark the player removed by
// mistake from one they have not written yet.
type Marks struct {
	l      *Layout
	digits []DigitSet
	marked CellSet
	values []Digit
}

// Layout returns the geometry of the grid the marks are for.
func (m *Marks) Layout() *Layout { return m.l }

// Of returns the digits marked in c and whether c carries marks at all.
func (m *Marks) Of(c Cell) (DigitSet, bool) { return m.digits[c], m.marked.Has(c) }

// Value returns a value written in c as one ("+5" in a pencil-mark grid, any digit of a
// grid of values), or 0.
func (m *Marks) Value(c Cell) Digit { return m.values[c] }

// MarksOf returns the marks a board shows: the candidates of every empty cell (marked),
// the value of every other.
func MarksOf(b *Board) *Marks {
	m := newMarks(b.l)
	for c := range Cell(b.l.Cells()) {
		if d := b.Value(c); d != 0 {
			m.values[c] = d
			continue
		}
		m.digits[c] = b.Candidates(c)
		m.marked.Add(c)
	}
	return m
}

func newMarks(l *Layout) *Marks {
	return &Marks{l: l, digits: make([]DigitSet, l.Cells()), values: make([]Digit, l.Cells())}
}

// ParseMarks reads a player's pencil marks. Two forms are read as marks:
//
//   - a candidate line of N characters per cell (729 for 9x9), where a cell of N empty
//     marks (".........") is a cell without marks;
//   - a pencil-mark grid (some word lists several digits), where "19" and "(19)" are the
//     marks of a cell, "9" and "(9)" a single mark, "+9" a value the player placed,
//     "." a cell without marks and "()" a cell whose marks were all erased.
//
// Anything else Parse reads is read by Parse and taken as MarksOf the board.
func ParseMarks(s string) (*Marks, error) {
	s = strings.TrimPrefix(s, "\ufeff")
	if t := strings.TrimSpace(s); t != "" && !strings.Contains(t, "\n") {
		if m, ok, err := marksLine(t); ok {
			return m, err
		}
	} else if m, ok, err := marksGrid(s); ok {
		return m, err
	}
	b, err := Parse(s)
	if err != nil {
		return nil, err
	}
	return MarksOf(b), nil
}

// marksLine reads a candidate line; ok is false when t is not one.
func marksLine(t string) (*Marks, bool, error) {
	f := strings.Fields(cutComment(t))
	if len(f) == 0 {
		return nil, false, nil
	}
	k, ok := lineLengths[len(f[0])]
	if !ok || !k.candidates {
		return nil, false, nil
	}
	text := f[0]
	l, _ := LayoutOf(k.n)
	for i := range len(text) {
		if _, ok := cellValue(text[i], k.n); !ok {
			return nil, true, errAt(0, text, i, "%s", notDigit(text, i, k.n))
		}
	}
	m := newMarks(l)
	for c := range Cell(l.Cells()) {
		var set DigitSet
		for _, ch := range []byte(text[int(c)*k.n : int(c)*k.n+k.n]) {
			if d, _ := cellValue(ch, k.n); d != 0 {
				set = set.With(d)
			}
		}
		if set != 0 {
			m.digits[c] = set
			m.marked.Add(c)
		}
	}
	return m, true, nil
}

// marksGrid reads a pencil-mark grid; ok is false when the text is not one (a grid of
// values, say, which ParseMarks leaves to Parse).
func marksGrid(s string) (*Marks, bool, error) {
	if g, ok := killerFrameAsGrid(s); ok {
		s = g // a killer's candidate grid: its cells, the cages being the puzzle's
	}
	var rows []srcLine
	pencil := false
	for i, text := range strings.Split(strings.TrimRight(s, "\r\n"), "\n") {
		text = strings.TrimRight(text, "\r")
		if strings.TrimSpace(text) == "" || isComment(text) || isBorder(text) {
			continue
		}
		fs := fields(text)
		pencil = pencil || pencilWords(fs) || strings.Contains(text, "(")
		rows = append(rows, srcLine{n: i + 1, text: text})
	}
	if !pencil || len(rows) == 0 {
		return nil, false, nil
	}
	n := len(rows)
	l, err := LayoutOf(n)
	if err != nil {
		return nil, true, errLine(rows[0].n, "a pencil-mark grid of %s: %v", plural(n, "row"), err)
	}
	m := newMarks(l)
	c := Cell(0)
	for _, row := range rows {
		cells, err := parseGridRow(row, n)
		if err != nil {
			return nil, true, err
		}
		for _, gc := range cells {
			switch gc.kind {
			case placed:
				m.values[c] = gc.digits.First()
			case given, marks:
				m.digits[c] = gc.digits
				m.marked.Add(c)
			}
			c++
		}
	}
	return m, true, nil
}
