package board

import (
	"fmt"
	"strings"
)

// LibraryCase is one test case of the HoDoKu regression library, read from a line
//
//	:<technique>[-<variant>]:<candidate(s)>:<givens>:<deleted candidates>:<eliminations>:<placements>:<extra>:
//
// where a candidate is written <digit><row><column> ("536" is 5 in r3c6) and several are
// separated by spaces. The case is an exact candidate state, Board; running the technique
// on it must find a step with exactly Eliminations or Placements (or, when Fail, nothing).
type LibraryCase struct {
	// Code is HoDoKu's technique code, e.g. "0901" (ALS-XZ).
	Code string
	// Variant is what follows a '-' after the code ("1", "2", "x"), or "".
	Variant string
	// Fail marks the variant "x": the technique must find nothing.
	Fail bool
	// Field is the <candidate(s)> field as written: the digit(s) the step is about
	// ("27"), or candidates ("536 548") for techniques that name them.
	Field string
	// Digits are the digits Field names.
	Digits DigitSet
	// Candidates are the candidates Field names when it names cells (several
	// space-separated <digit><row><column>); nil when it names digits only.
	Candidates []Candidate
	// Board holds the givens, then the placed values ('+'), then loses the deleted
	// candidates.
	Board *Board
	// Eliminations and Placements are what the step must conclude.
	Eliminations []Candidate
	Placements   []Candidate
	// Extra is the last field as written (for chains, the length of the chain).
	Extra string
}

// libraryFields names the fields of a library line after the technique, for errors.
var libraryFields = []string{"technique", "candidates", "givens", "deleted candidates", "eliminations", "placements", "extra"}

// ParseLibraryLine reads one line of the HoDoKu regression library (see LibraryCase).
// Comment lines ('#', and "#:" for cases commented out) are not cases: they fail.
// Errors give the column: "board: column 37: givens: '?' is not a digit".
func ParseLibraryLine(s string) (LibraryCase, error) {
	text := strings.TrimRight(s, "\r\n \t")
	start := len(text) - len(strings.TrimLeft(text, " \t"))
	if !strings.HasPrefix(text[start:], ":") {
		msg := "a library line starts with ':'"
		if strings.HasPrefix(text[start:], "#:") {
			msg += " (this case is commented out)"
		}
		return LibraryCase{}, &ParseError{Column: start + 1, Msg: msg}
	}
	var fs []field
	off := start + 1
	for _, p := range strings.Split(text[off:], ":") {
		fs = append(fs, field{off, p})
		off += len(p) + 1
	}
	if n := len(fs); n == len(libraryFields)+1 && fs[n-1].s == "" {
		fs = fs[:n-1] // a closing ':'
	}
	if len(fs) < 3 {
		return LibraryCase{}, &ParseError{Msg: fmt.Sprintf("library line: got %d fields, want at least technique, candidates and givens", len(fs))}
	}
	if len(fs) > len(libraryFields) {
		return LibraryCase{}, errAt(0, text, fs[len(libraryFields)].off, "library line: a field after extra")
	}
	for len(fs) < len(libraryFields) {
		fs = append(fs, field{len(text), ""})
	}
	var lc LibraryCase
	lc.Code, lc.Variant, _ = strings.Cut(fs[0].s, "-")
	lc.Fail = lc.Variant == "x"
	if lc.Code == "" || strings.Trim(lc.Code, "0123456789") != "" {
		return LibraryCase{}, errAt(0, text, fs[0].off, "technique: %q is not a code like 0901", fs[0].s)
	}
	lc.Field = fs[1].s
	if err := lc.readField(text, fs[1]); err != nil {
		return LibraryCase{}, err
	}
	b, err := libraryGivens(text, fs[2])
	if err != nil {
		return LibraryCase{}, err
	}
	deleted, err := libraryCandidates(text, fs[3], libraryFields[3])
	if err != nil {
		return LibraryCase{}, err
	}
	for _, c := range deleted {
		b.Eliminate(c.Cell, c.Digit)
	}
	lc.Board = b
	if lc.Eliminations, err = libraryCandidates(text, fs[4], libraryFields[4]); err != nil {
		return LibraryCase{}, err
	}
	if lc.Placements, err = libraryCandidates(text, fs[5], libraryFields[5]); err != nil {
		return LibraryCase{}, err
	}
	lc.Extra = fs[6].s
	return lc, nil
}

// readField reads the <candidate(s)> field: digits, or space-separated candidates.
func (lc *LibraryCase) readField(text string, f field) error {
	if strings.ContainsAny(strings.TrimSpace(f.s), " \t") {
		cs, err := libraryCandidates(text, f, libraryFields[1])
		if err != nil {
			return err
		}
		lc.Candidates = cs
		for _, c := range cs {
			lc.Digits = lc.Digits.With(c.Digit)
		}
		return nil
	}
	for i := 0; i < len(f.s); i++ {
		if f.s[i] == ' ' || f.s[i] == '\t' {
			continue
		}
		d, ok := DigitFromRune(rune(f.s[i]))
		if !ok || d > 9 {
			return errAt(0, text, f.off+i, "candidates: %s", notDigit(text, f.off+i, 9))
		}
		lc.Digits = lc.Digits.With(d)
	}
	return nil
}

// libraryGivens builds the board of the givens field: digits are givens, a '+' before a
// digit marks a placed value, '.' or '0' an empty cell.
func libraryGivens(text string, f field) (*Board, error) {
	b := New(Classic)
	c := 0
	for i := 0; i < len(f.s); i++ {
		ch, plus := f.s[i], false
		if ch == '+' {
			if i+1 == len(f.s) || f.s[i+1] < '1' || f.s[i+1] > '9' {
				return nil, errAt(0, text, f.off+i, "givens: '+' must come before a digit")
			}
			i++
			ch, plus = f.s[i], true
		}
		var d Digit
		switch {
		case ch == '.' || ch == '0':
		case ch >= '1' && ch <= '9':
			d = Digit(ch - '0')
		default:
			return nil, errAt(0, text, f.off+i, "givens: %s", notDigit(text, f.off+i, 9))
		}
		if c == Classic.Cells() {
			return nil, errAt(0, text, f.off+i, "givens: more than 81 cells")
		}
		switch {
		case d != 0 && plus:
			_ = b.Place(Cell(c), d) // cannot fail: each cell once, digit in range
		case d != 0:
			_ = b.Give(Cell(c), d)
		}
		c++
	}
	if c != Classic.Cells() {
		return nil, errAt(0, text, f.off, "givens: got %d cells, want 81", c)
	}
	return b, nil
}

// libraryCandidates reads space-separated candidates <digit><row><column>.
func libraryCandidates(text string, f field, name string) ([]Candidate, error) {
	var out []Candidate
	for _, w := range fields(f.s) {
		ok := len(w.s) == 3
		for i := 0; ok && i < 3; i++ {
			ok = w.s[i] >= '1' && w.s[i] <= '9'
		}
		if !ok {
			return nil, errAt(0, text, f.off+w.off, "%s: %q is not a candidate like 536 (digit 5 in r3c6)", name, w.s)
		}
		d, r, col := int(w.s[0]-'0'), int(w.s[1]-'0'), int(w.s[2]-'0')
		out = append(out, Candidate{Cell: Classic.CellAt(r-1, col-1), Digit: Digit(d)})
	}
	return out, nil
}
