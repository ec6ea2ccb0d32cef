package board

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseError is a puzzle that could not be read, with its place. Line and Column count
// from 1; Line is 0 when Parse was given a single line, Column is 0 when the problem is
// not at one character.
type ParseError struct {
	Line, Column int
	Msg          string
}

// Error writes the error as "board: line 3, column 14: '?' is not a digit".
func (e *ParseError) Error() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("board: line %d, column %d: %s", e.Line, e.Column, e.Msg)
	case e.Line > 0:
		return fmt.Sprintf("board: line %d: %s", e.Line, e.Msg)
	case e.Column > 0:
		return fmt.Sprintf("board: column %d: %s", e.Column, e.Msg)
	}
	return "board: " + e.Msg
}

// formats names what Parse reads, for the error on input it cannot place.
const formats = "want an 81-character line, a grid of 9 rows (with or without | and ---), " +
	"a pencil-mark grid, [[\"5\",\"3\",...],...] rows, a JSON board, a .sdk file, " +
	"a 729-character candidate line, a HoDoKu library line or a SudokuWiki ?bd= string"

// errAt reports a problem at byte offset off of text, a line of the input.
func errAt(line int, text string, off int, format string, args ...any) *ParseError {
	return &ParseError{Line: line, Column: utf8.RuneCountInString(text[:off]) + 1, Msg: fmt.Sprintf(format, args...)}
}

// errLine reports a problem with a whole line.
func errLine(line int, format string, args ...any) *ParseError {
	return &ParseError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

// notDigit says why the character at text[off] is no digit of an n x n grid.
func notDigit(text string, off, n int) string {
	r, _ := utf8.DecodeRuneInString(text[off:])
	if r >= '０' && r <= '９' {
		return fmt.Sprintf("%q is a fullwidth digit: write %c", r, r-'０'+'0')
	}
	if r == '．' {
		return fmt.Sprintf("%q is a fullwidth period: write .", r)
	}
	if d, ok := DigitFromRune(r); ok && int(d) > n {
		return fmt.Sprintf("%q is not a digit of a %dx%d grid", r, n, n)
	}
	return fmt.Sprintf("%q is not a digit", r)
}

// isEmptyMark reports whether c stands for an empty cell in a grid string. A space
// is one too, but only where the text is read character by character.
func isEmptyMark(c byte) bool {
	return c == '.' || c == '0' || c == '_' || c == '-' || c == '*'
}

// cellValue reads one character of a grid string: a digit of an n x n grid (0 for an
// empty mark or a space).
func cellValue(c byte, n int) (Digit, bool) {
	if isEmptyMark(c) || c == ' ' {
		return 0, true
	}
	d, ok := DigitFromRune(rune(c))
	if !ok || int(d) > n {
		return 0, false
	}
	return d, true
}

// lineKind is what a one-line string of a given length holds.
type lineKind struct {
	n          int  // grid side
	candidates bool // n characters per cell (candidates), not one (values)
}

// lineLengths maps every length of a one-line grid string to what it holds. 64 is an
// 8x8 puzzle, never the candidates of a 4x4 grid (4*4*4): the two cannot be told apart.
var lineLengths = map[int]lineKind{
	16: {4, false}, 36: {6, false}, 64: {8, false}, 81: {9, false},
	144: {12, false}, 256: {16, false}, 625: {25, false},
	216: {6, true}, 512: {8, true}, 729: {9, true}, 1728: {12, true}, 4096: {16, true}, 15625: {25, true},
}

// lineLengthsDown lists the keys of lineLengths, longest first, so that a long line
// is not mistaken for a short puzzle followed by a comment.
var lineLengthsDown = []int{15625, 4096, 1728, 729, 625, 512, 256, 216, 144, 81, 64, 36, 16}

// Parse reads one puzzle in any format it knows: an 81-character line (or N*N characters
// for other sizes, digits 1-9 then A-Z), a grid of N rows with or without | and ---
// separators (the Pretty form among them), a pencil-mark grid, the [["5","3",...],...] form,
// a JSON board (see Board.MarshalJSON), a .sdk file, a 729-character candidate line, a
// HoDoKu library line (ParseLibraryLine) or a SudokuWiki ?bd= string or URL.
//
// Digits of the puzzle are givens. Givens that clash are kept: Problems reports them.
// In a pencil-mark grid a cell of one digit is a given, "+5" a placed value that is
// not a given, "(5)" an empty cell whose one candidate is 5, "()" an empty cell with no
// candidate, and "." an empty cell without marks; a mark that a placed peer already
// rules out is dropped, since placing a digit removes it from the peers.
//
// Variants are read where the input says which: a line of givens and region labels
// (or a grid of givens followed by a grid of region labels, or a grid drawn with the
// walls of regions that are not the boxes, as Pretty and PencilMarks draw a jigsaw) is a jigsaw, a line of givens, cage labels and sums (ParseVariantLine) a killer, as
// are the CodinGame killer form (N rows of "givens cagelabels", then "a=12 b=17 ..."),
// a SudokuWiki killer string or URL (cage colours, a comma, two-digit sums at the
// first cell of each cage; or its packed form of 2024, with the progress: see
// sudokuwiki.go), the framed grid Pretty and PencilMarks draw of a killer, and JSON
// with "regions" or "cages". A line that holds more than givens but says no variant
// clearly is an error, never a classic puzzle with a comment. ParseAs reads Sudoku-X and windoku, which no classic format can say.
//
// Parse fails when the input holds no puzzle or more than one (see Reader).
func Parse(s string) (*Board, error) { return ParseAs(s, 0) }

// ParseAs reads one puzzle as Parse does, under the rules of v as well as those the
// input says: X and windoku add their houses to any format; a jigsaw or killer must
// come with its regions or cages, and a line of givens and a second field is then
// read as that variant whatever the field looks like ("killer+x" on a killer line is
// a killer-X).
func ParseAs(s string, v Variant) (*Board, error) {
	s = strings.TrimPrefix(s, "\ufeff")
	if t := strings.TrimRight(s, "\r\n"); !strings.Contains(t, "\n") && !isComment(t) && strings.TrimSpace(t) != "" {
		b, err := parseLine(t, 0, v)
		if err != nil {
			return nil, err
		}
		return withRules(b, v)
	}
	r := NewReaderAs(strings.NewReader(s), v)
	b, err := r.Next()
	if err == io.EOF {
		return nil, &ParseError{Msg: "no puzzle in the input"}
	}
	if err != nil {
		return nil, err
	}
	if _, err := r.Next(); err != io.EOF {
		return nil, errLine(r.Line(), "a second puzzle, where one was expected")
	}
	return b, nil
}

// srcLine is a line of input with its number, without its line break. A line longer
// than MaxLineLength is not kept: tooLong is set and text is empty.
type srcLine struct {
	n       int
	text    string
	tooLong bool
}

// MaxLineLength is the longest line a Reader takes, in bytes. The longest line a format
// needs is a 25x25 JSON board with every candidate, about 48 KiB; a longer line is an
// error on that line, and the Reader goes on after it without having kept it.
const MaxLineLength = 64 << 10

// maxJSONLength bounds a JSON value written over several lines: an indented 25x25
// board with every candidate fits.
const maxJSONLength = 4 * MaxLineLength

// maxGridLines bounds how far a Reader looks ahead for the rows of a grid: a 25x25 grid
// with borders and .sdk metadata fits well within it.
const maxGridLines = 64

// Reader reads a stream of puzzles in any format Parse knows: one puzzle per line (lines
// starting with '#' are comments), or grids and other multi-line forms, one per block of
// lines, blocks separated by blank lines. A block whose lines each read as a puzzle is
// read line by line (so sixteen 4x4 lines stay sixteen puzzles, not one 16x16 grid);
// otherwise it is read as one grid of at most 64 lines, comments included.
type Reader struct {
	br      *bufio.Reader
	read    int       // lines read from br so far
	ahead   []srcLine // lines read from br but not used yet
	eof     bool
	skip    bool  // the rest of a line too long is still to be skipped
	err     error // the read error that stopped the stream, if any
	inLines bool  // inside a block of one-line puzzles
	line    int
	v       Variant // the rules every puzzle is read under (see ParseAs)
}

// NewReader returns a Reader of the puzzles in r.
func NewReader(r io.Reader) *Reader { return NewReaderAs(r, 0) }

// NewReaderAs returns a Reader of the puzzles in r under the rules of v, as ParseAs.
func NewReaderAs(r io.Reader, v Variant) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 16<<10), v: v}
}

// Line returns the line where the last puzzle returned by Next started (or where the
// last error was found), counted from 1.
func (r *Reader) Line() int { return r.line }

// Next returns the next puzzle, or io.EOF at the end of the stream. After an error in
// one puzzle, Next can be called again: it goes on with the next line or block.
func (r *Reader) Next() (*Board, error) {
	b, err := r.next()
	if err != nil || r.v == 0 {
		return b, err
	}
	if b, err = withRules(b, r.v); err != nil {
		err.(*ParseError).Line = r.line
	}
	return b, err
}

func (r *Reader) next() (*Board, error) {
	for {
		l, ok := r.readLine()
		if !ok {
			if r.err != nil {
				return nil, r.err
			}
			return nil, io.EOF
		}
		if l.tooLong {
			r.line = l.n
			return nil, errLine(l.n, "longer than %d KiB, more than any puzzle format needs", MaxLineLength>>10)
		}
		if strings.TrimSpace(l.text) == "" {
			r.inLines = false
			continue
		}
		if isComment(l.text) {
			continue
		}
		r.line = l.n
		if r.inLines {
			return parseLine(l.text, l.n, r.v)
		}
		return r.block(l)
	}
}

// isComment reports whether a line is a comment ('#' first, as in puzzle files and .sdk).
func isComment(text string) bool {
	return strings.HasPrefix(strings.TrimLeft(text, " \t"), "#")
}

// readLine returns the next line, from the lookahead first.
func (r *Reader) readLine() (srcLine, bool) {
	if len(r.ahead) > 0 {
		l := r.ahead[0]
		r.ahead = r.ahead[1:]
		return l, true
	}
	return r.readRaw()
}

// peek returns the i-th line after the current one without using it.
func (r *Reader) peek(i int) (srcLine, bool) {
	for len(r.ahead) <= i {
		l, ok := r.readRaw()
		if !ok {
			return srcLine{}, false
		}
		r.ahead = append(r.ahead, l)
	}
	return r.ahead[i], true
}

func (r *Reader) readRaw() (srcLine, bool) {
	if r.eof {
		return srcLine{}, false
	}
	if r.skip && !r.skipRest() {
		return srcLine{}, false
	}
	// ReadSlice, not ReadString: a line with no end (a file of zeros) must not take
	// all memory. Past MaxLineLength the line is reported at once, and the rest of it
	// is skipped unread when the next line is asked for.
	var buf []byte
	var any bool
	for {
		chunk, err := r.br.ReadSlice('\n')
		any = any || len(chunk) > 0
		if len(buf)+len(chunk) > MaxLineLength+2 { // +2: the line break
			r.read++
			r.skip = chunk[len(chunk)-1] != '\n'
			if err != nil && err != bufio.ErrBufferFull {
				r.eof, r.skip = true, false
			}
			return srcLine{n: r.read, tooLong: true}, true
		}
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			r.eof = true
			if err != io.EOF {
				r.err = fmt.Errorf("reading line %d: %w", r.read+1, err)
				return srcLine{}, false
			}
			if !any {
				return srcLine{}, false
			}
		}
		break
	}
	r.read++
	s := strings.TrimRight(string(buf), "\r\n")
	if len(s) > MaxLineLength {
		return srcLine{n: r.read, tooLong: true}, true
	}
	if r.read == 1 {
		s = strings.TrimPrefix(s, "\ufeff")
	}
	return srcLine{n: r.read, text: s}, true
}

// maxSkip bounds how far a Reader reads on to find the end of a line too long. Past
// it the input is no puzzle file (/dev/zero, a binary file) and reading stops, so
// that a line without end cannot keep a command busy for ever.
const maxSkip = 256 * MaxLineLength

// skipRest reads past the end of a line too long; false at the end of the input, or
// when the line goes on past maxSkip.
func (r *Reader) skipRest() bool {
	r.skip = false
	skipped := 0
	for {
		chunk, err := r.br.ReadSlice('\n')
		skipped += len(chunk)
		switch {
		case err == bufio.ErrBufferFull && skipped > maxSkip:
			r.eof = true
			r.err = fmt.Errorf("line %d: no line break in its first %d MiB: not a puzzle file, reading stopped", r.read, (maxSkip+MaxLineLength)>>20)
			return false
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF:
			r.eof = true
			return false
		case err != nil:
			r.eof = true
			r.err = fmt.Errorf("reading line %d: %w", r.read, err)
			return false
		}
		return true
	}
}

// block reads the puzzle that starts a block of lines at first: a JSON value, a grid
// (when the block forms one), or the first of a run of one-line puzzles.
func (r *Reader) block(first srcLine) (*Board, error) {
	t := strings.TrimSpace(first.text)
	if (t[0] == '{' || t[0] == '[') && !jsonComplete(first.text) {
		return r.jsonBlock(first)
	}
	b, lineErr := parseLine(first.text, first.n, r.v)
	if lineErr == nil && !mayBeGridRow(first.text) {
		r.inLines = true
		return b, nil
	}
	// Gather the block, comments left out, to see whether it is a grid.
	rows := []srcLine{first}
	used, ended := 0, false
	for used < maxGridLines {
		l, ok := r.peek(used)
		if !ok || l.tooLong || strings.TrimSpace(l.text) == "" {
			ended = true // a line too long ends the block: Next reports it on its own
			break
		}
		used++
		if !isComment(l.text) {
			rows = append(rows, l)
		}
	}
	if len(rows) == 1 {
		return b, lineErr
	}
	var gridErr error
	if ended && lineErr == nil && allLines(rows[1:], r.v) {
		// Every line is a puzzle of its own (4x4 lines, not a 16x16 grid).
		r.inLines = true
		return b, nil
	}
	if ended && codinGameRows(rows) {
		r.ahead = r.ahead[used:]
		return parseCodinGame(rows)
	}
	if ended && killerFrameRows(rows) {
		r.ahead = r.ahead[used:]
		return parseKillerFrame(rows, r.v)
	}
	if grid, regions, ok := jigsawGrids(rows); ended && ok {
		r.ahead = r.ahead[used:]
		return parseJigsawGrids(grid, regions)
	}
	if ended {
		var g *Board
		if g, gridErr = parseGrid(rows); gridErr == nil {
			r.ahead = r.ahead[used:]
			return g, nil
		}
	}
	if lineErr == nil || lineLike(first.text) {
		r.inLines = true
		return b, lineErr
	}
	// Neither a grid nor a line of its own: drop the block so that Next goes on after it.
	r.ahead = r.ahead[used:]
	if !ended {
		for {
			l, ok := r.peek(0)
			if !ok || l.tooLong || strings.TrimSpace(l.text) == "" {
				break
			}
			r.readLine()
		}
		return nil, errLine(first.n, "unknown format: %d lines without a blank line; %s", maxGridLines, formats)
	}
	return nil, gridErr
}

// mayBeGridRow reports whether a line that reads as a puzzle of its own could also be
// the first row of a grid: 16 characters (a 4x4 puzzle, or a row of a 16x16 grid), or
// a line that only reads as a puzzle with spaces as empty cells (a pencil-mark row).
func mayBeGridRow(text string) bool {
	t := strings.TrimSpace(text)
	if t == "" || t[0] == ':' || t[0] == '{' || t[0] == '[' || strings.Contains(t, "bd=") {
		return false
	}
	f := strings.Fields(cutComment(t))
	if len(f) == 0 {
		return false
	}
	_, ok := lineLengths[len(f[0])]
	return !ok || len(f[0]) == 16
}

// allLines reports whether every line reads as a puzzle of its own.
func allLines(ls []srcLine, v Variant) bool {
	for _, l := range ls {
		if _, err := parseLine(l.text, l.n, v); err != nil {
			return false
		}
	}
	return true
}

// lineLike reports whether a line that failed to read is still meant as a puzzle of its
// own (so a file of such lines is read line by line, each error at its line): a library
// line, a URL, JSON, or a first field longer than any grid row.
func lineLike(text string) bool {
	t := strings.TrimSpace(text)
	if t[0] == ':' || t[0] == '{' || t[0] == '[' || strings.Contains(t, "bd=") {
		return true
	}
	if isBorder(t) {
		return false
	}
	f := strings.Fields(cutComment(t))
	return len(f) > 0 && len(f[0]) > MaxSize && !strings.Contains(f[0], "|")
}

// cutComment drops a trailing comment that starts with '#', ',' or ';'.
func cutComment(s string) string {
	if i := strings.IndexAny(s, "#,;"); i >= 0 {
		return s[:i]
	}
	return s
}

// parseLine reads a puzzle written on one line; v says which variant a line of givens
// and more fields is (0: as the fields say).
func parseLine(text string, line int, v Variant) (*Board, error) {
	t := strings.TrimSpace(text)
	switch {
	case t == "":
		return nil, errLine(line, "empty line: %s", formats)
	case t[0] == ':':
		c, err := ParseLibraryLine(text)
		if err != nil {
			if pe, ok := err.(*ParseError); ok {
				pe.Line = line
			}
			return nil, err
		}
		return c.Board, nil
	case t[0] == '{' || t[0] == '[':
		return parseJSON([]byte(text), line)
	case strings.Contains(t, "bd="):
		return parseWiki(text, line)
	}
	if v&(Jigsaw|Killer) != 0 {
		return variantLineAt(text, line, v)
	}
	if ok, err := variantFields(t); err != nil {
		err.(*ParseError).Line = line
		return nil, err
	} else if ok {
		return variantLineAt(text, line, 0)
	}
	return parseCellLine(text, line)
}

// parseCellLine reads a line of N*N values or N*N*N candidates, with an optional
// comment after whitespace, '#', ',' or ';'. Spaces inside the puzzle are empty cells.
func parseCellLine(text string, line int) (*Board, error) {
	s := cutComment(text)
	trimmed := strings.TrimRight(s, " \t")
	lead := len(trimmed) - len(strings.TrimLeft(trimmed, " \t"))
	// Trailing whitespace never makes the grid larger: 81 characters and 63 spaces
	// are a 9x9 puzzle, not a 12x12 one. It only stands for empty cells up to the
	// next length, when the last cells of a puzzle are written as spaces.
	for _, off := range []int{0, lead} {
		if _, ok := lineLengths[len(trimmed)-off]; ok {
			return cellsAt(text, off, len(trimmed)-off, line)
		}
	}
	if n := nextLength(len(trimmed)); n > 0 && n <= len(s) && validCells(s[:n], lineLengths[n].n) {
		return cellsAt(text, 0, n, line)
	}
	for _, n := range lineLengthsDown {
		if len(s) > n && (s[n] == ' ' || s[n] == '\t') && validCells(s[:n], lineLengths[n].n) {
			return cellsAt(text, 0, n, line)
		}
	}
	// No length fits: say what is wrong with the first field (the whole line when it
	// reads as cells with spaces).
	start := len(trimmed) - len(strings.TrimLeft(trimmed, " \t"))
	f := trimmed[start:]
	if i := strings.IndexAny(f, " \t"); i >= 0 && !validCells(f, MaxSize) {
		f = f[:i]
	}
	if i := firstNonASCII(trimmed); i >= 0 && len(f) >= 4 {
		return nil, errAt(line, text, i, "%s", notDigit(text, i, MaxSize))
	}
	if len(f) < 16 || len(f) < 100 && !isEmptyMark(f[0]) && (f[0] < '1' || f[0] > '9') {
		return nil, errLine(line, "unknown format %q: %s", shorten(f), formats)
	}
	n := 9
	if len(f) >= 100 {
		n = MaxSize
	}
	for i := 0; i < len(f); i++ {
		if _, ok := cellValue(f[i], n); !ok {
			return nil, errAt(line, text, start+i, "%s", notDigit(text, start+i, n))
		}
	}
	return nil, errLine(line, "got %d cells, want %d", len(f), nearestLength(len(f)))
}

// nextLength returns the shortest line length of a puzzle that is at least n, 0 when
// n is longer than all.
func nextLength(n int) int {
	for i := len(lineLengthsDown) - 1; i >= 0; i-- {
		if lineLengthsDown[i] >= n {
			return lineLengthsDown[i]
		}
	}
	return 0
}

// firstNonASCII returns the byte offset of the first rune of s beyond ASCII, -1 when
// there is none: a fullwidth digit, say, which no format takes.
func firstNonASCII(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return i
		}
	}
	return -1
}

// plural writes a count with its noun: "1 row", "8 rows".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// shorten cuts a long string for an error message.
func shorten(s string) string {
	if len(s) > 20 {
		return s[:17] + "..."
	}
	return s
}

// nearestLength returns the puzzle length closest to n, for "got 80 cells, want 81".
func nearestLength(n int) int {
	best := 81
	for l := range lineLengths {
		if abs(l-n) < abs(best-n) || (abs(l-n) == abs(best-n) && l < best) {
			best = l
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// validCells reports whether every character of s is a digit of an n x n grid or an empty mark.
func validCells(s string, n int) bool {
	for i := 0; i < len(s); i++ {
		if _, ok := cellValue(s[i], n); !ok {
			return false
		}
	}
	return true
}

// cellsAt reads text[off:off+length], a grid string whose length is in lineLengths.
func cellsAt(text string, off, length, line int) (*Board, error) {
	k := lineLengths[length]
	l, _ := LayoutOf(k.n)
	for i := off; i < off+length; i++ {
		if _, ok := cellValue(text[i], k.n); !ok {
			return nil, errAt(line, text, i, "%s", notDigit(text, i, k.n))
		}
	}
	if k.candidates {
		return candidateCells(l, text[off:off+length]), nil
	}
	values := make([]Digit, length)
	for i := range values {
		values[i], _ = cellValue(text[off+i], k.n)
	}
	return FromDigits(l, values)
}

// candidateCells builds a board from N characters per cell, each a candidate or an empty
// mark. No cell is placed, even with one candidate: the line gives candidates, not values.
func candidateCells(l *Layout, s string) *Board {
	b := New(l)
	n := l.N()
	for c := range l.Cells() {
		var set DigitSet
		for _, ch := range []byte(s[c*n : c*n+n]) {
			if d, _ := cellValue(ch, n); d != 0 {
				set = set.With(d)
			}
		}
		b.SetCandidates(Cell(c), set)
	}
	return b
}

// parseWiki reads a SudokuWiki board: "bd=" then the cells, '0' for empty, alone or in a URL.
func parseWiki(text string, line int) (*Board, error) {
	i := strings.Index(text, "bd=") + len("bd=")
	if strings.Contains(text[i:], ",") || strings.Contains(text[:i], "killer") || wikiVersion(text[i:]) {
		return parseWikiKiller(text, i, line)
	}
	j := i
	for j < len(text) && (isLetter(rune(text[j])) || text[j] >= '0' && text[j] <= '9' || text[j] == '.') {
		j++
	}
	k, ok := lineLengths[j-i]
	if !ok || k.candidates {
		return nil, errAt(line, text, i, "bd= string: got %d cells, want %d", j-i, nearestLength(j-i))
	}
	return cellsAt(text, i, j-i, line)
}

// jsonScan follows the brackets of a JSON value fed to it piece by piece, so that a
// value over many lines is scanned once, not once per line.
type jsonScan struct {
	depth             int
	inString, escaped bool
	closed            bool
}

// feed scans s and reports whether the outermost array or object has closed.
func (j *jsonScan) feed(s string) bool {
	for i := 0; i < len(s) && !j.closed; i++ {
		c := s[i]
		switch {
		case j.escaped:
			j.escaped = false
		case j.inString && c == '\\':
			j.escaped = true
		case c == '"':
			j.inString = !j.inString
		case j.inString:
		case c == '[' || c == '{':
			j.depth++
		case c == ']' || c == '}':
			j.depth--
			j.closed = j.depth == 0
		}
	}
	return j.closed
}

// jsonComplete reports whether s holds a whole JSON array or object: its brackets close.
func jsonComplete(s string) bool {
	var j jsonScan
	return j.feed(s)
}

// jsonBlock reads a JSON value written over several lines, up to where its brackets
// close or the block ends, at most maxJSONLength bytes.
func (r *Reader) jsonBlock(first srcLine) (*Board, error) {
	var sb strings.Builder
	var j jsonScan
	sb.WriteString(first.text)
	j.feed(first.text)
	for !j.closed {
		l, ok := r.peek(0)
		if !ok || l.tooLong || strings.TrimSpace(l.text) == "" {
			break
		}
		r.readLine()
		if sb.Len()+1+len(l.text) > maxJSONLength {
			// Skip the rest of the block, so that Next goes on after it.
			for {
				l, ok := r.peek(0)
				if !ok || l.tooLong || strings.TrimSpace(l.text) == "" {
					break
				}
				r.readLine()
			}
			return nil, errLine(first.n, "a JSON value longer than %d KiB without its closing bracket", maxJSONLength>>10)
		}
		sb.WriteByte('\n')
		sb.WriteString(l.text)
		j.feed(l.text)
	}
	return parseJSON([]byte(sb.String()), first.n)
}

// parseJSON reads a JSON board (an object, see Board.UnmarshalJSON) or rows (an array)
// that starts at line; errors are placed by line and column within the input.
func parseJSON(data []byte, line int) (*Board, error) {
	t := bytes.TrimSpace(data)
	lead := len(data) - len(bytes.TrimLeft(data, " \t\r\n"))
	var b *Board
	var err error
	if t[0] == '{' {
		b = new(Board)
		err = b.UnmarshalJSON(t)
	} else {
		b, err = parseRows(t)
	}
	if err == nil {
		return b, nil
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		return nil, err
	}
	if pe.Column > 0 { // an offset into data, from the JSON decoder
		off := min(pe.Column-1+lead, len(data))
		before := data[:off]
		nl := bytes.Count(before, []byte("\n"))
		col := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
		pe.Column = col
		if line > 0 || nl > 0 {
			pe.Line = max(line, 1) + nl
		}
		return nil, pe
	}
	pe.Line = line
	return nil, pe
}

// jsonError turns an error of encoding/json into a ParseError whose Column holds the byte
// offset (plus one) where the decoder stopped; parseJSON turns it into a line and column.
func jsonError(err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	msg := "json: " + strings.TrimPrefix(err.Error(), "json: ")
	switch {
	case errors.As(err, &se):
		return &ParseError{Column: int(se.Offset), Msg: msg}
	case errors.As(err, &te):
		return &ParseError{Column: int(te.Offset), Msg: msg}
	}
	return &ParseError{Msg: msg}
}

// parseRows reads the array form: [["5","3",".",...],...] (strings or numbers, "", "."
// or 0 for empty) or ["53..7....",...], one element per row.
func parseRows(data []byte) (*Board, error) {
	var rows []json.RawMessage
	if err := json.Unmarshal(data, &rows); err != nil {
		return nil, jsonError(err)
	}
	n := len(rows)
	l, err := LayoutOf(n)
	if err != nil {
		return nil, &ParseError{Msg: fmt.Sprintf("rows: got %s, want 9", plural(n, "row"))}
	}
	values := make([]Digit, 0, n*n)
	for i, raw := range rows {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			if len(s) != n {
				return nil, &ParseError{Msg: fmt.Sprintf("rows: row %d has %d cells, want %d", i+1, len(s), n)}
			}
			for j := 0; j < n; j++ {
				d, ok := cellValue(s[j], n)
				if !ok {
					return nil, &ParseError{Msg: fmt.Sprintf("rows: row %d, column %d: %s", i+1, j+1, notDigit(s, j, n))}
				}
				values = append(values, d)
			}
			continue
		}
		var cells []any
		if err := json.Unmarshal(raw, &cells); err != nil {
			return nil, &ParseError{Msg: fmt.Sprintf("rows: row %d is neither a string nor an array", i+1)}
		}
		if len(cells) != n {
			return nil, &ParseError{Msg: fmt.Sprintf("rows: row %d has %d cells, want %d", i+1, len(cells), n)}
		}
		for j, v := range cells {
			d, ok := jsonCell(v, n)
			if !ok {
				return nil, &ParseError{Msg: fmt.Sprintf("rows: row %d, column %d: %s is not a digit", i+1, j+1, jsonText(v))}
			}
			values = append(values, d)
		}
	}
	return FromDigits(l, values)
}

// jsonCell reads one cell of the array form: "5", "A" or "10", 5, or an empty mark.
func jsonCell(v any, n int) (Digit, bool) {
	switch v := v.(type) {
	case nil:
		return 0, true
	case float64:
		if v >= 0 && v <= float64(n) && v == float64(int(v)) {
			return Digit(v), true
		}
	case string:
		switch {
		case v == "" || v == " ":
			return 0, true
		case len(v) == 1:
			return cellValue(v[0], n)
		}
		if x, err := strconv.Atoi(v); err == nil && x >= 0 && x <= n {
			return Digit(x), true
		}
	}
	return 0, false
}

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// gridCell is one cell of a grid as written.
type gridCell struct {
	kind   cellKind
	digits DigitSet
}

type cellKind uint8

const (
	free   cellKind = iota // empty, no marks: every candidate its peers allow
	given                  // a value of the puzzle
	placed                 // a value that is not a given ("+5")
	marks                  // empty with exactly these candidates
)

// parseGrid reads a grid written over several lines: value rows, compact or with spaces,
// and pencil-mark rows alike. Lines that contain "---" and only border characters are
// borders; '|' separates boxes.
func parseGrid(lines []srcLine) (*Board, error) {
	var rows []srcLine
	for _, l := range lines {
		if !isBorder(l.text) {
			rows = append(rows, l)
		}
	}
	if len(rows) == 0 {
		return nil, errLine(lines[0].n, "a grid without rows")
	}
	n := len(rows)
	l, err := LayoutOf(n)
	if err != nil {
		// A short row is likelier than a 4x4 grid: name a size other than 9 only when
		// the first row is long enough for it.
		want := 9
		if w := len(fields(rows[0].text)); w > 9 && sizes[w] != [2]int{} {
			want = w
		}
		return nil, errLine(rows[0].n, "got %s, want %d", plural(n, "row"), want)
	}
	cells := make([]gridCell, 0, n*n)
	for _, row := range rows {
		rc, err := parseGridRow(row, n)
		if err != nil {
			return nil, err
		}
		cells = append(cells, rc...)
	}
	return gridBoard(jigsawLayout(l, lines, rows), cells), nil
}

// gridBoard returns the board on l of a grid's cells, one a cell: givens, placed
// values, then the pencil marks: last, so that placing a value does not take from the
// marks the grid gives its peers.
func gridBoard(l *Layout, cells []gridCell) *Board {
	b := New(l)
	for c, gc := range cells {
		switch gc.kind {
		case given:
			_ = b.Give(Cell(c), gc.digits.First()) // cannot fail: each cell once, digit in range
		case placed:
			_ = b.Place(Cell(c), gc.digits.First())
		}
	}
	for c, gc := range cells {
		if gc.kind == marks {
			b.SetCandidates(Cell(c), gc.digits)
		}
	}
	return b
}

// isBorder reports whether a line of a grid is a border: "---" and only border characters.
func isBorder(text string) bool {
	return (strings.Contains(text, "---") || strings.Contains(text, "===")) &&
		strings.Trim(text, "-=+|.:'* \t") == ""
}

// field is a whitespace- or '|'-separated word of a line, with its byte offset.
type field struct {
	off int
	s   string
}

func fields(text string) []field {
	var out []field
	start := -1
	for i := 0; i <= len(text); i++ {
		sep := i == len(text) || text[i] == ' ' || text[i] == '\t' || text[i] == '|'
		switch {
		case sep && start >= 0:
			out = append(out, field{start, text[start:i]})
			start = -1
		case !sep && start < 0:
			start = i
		}
	}
	return out
}

// parseGridRow reads the n cells of one grid row: n words (values, marks or empty
// marks), or n characters once '|' (and then whitespace) is left out.
func parseGridRow(row srcLine, n int) ([]gridCell, error) {
	fs := fields(row.text)
	out := make([]gridCell, 0, n)
	if len(fs) == n {
		for _, f := range fs {
			gc, err := parseGridWord(row, f, n)
			if err != nil {
				return nil, err
			}
			out = append(out, gc)
		}
		return out, nil
	}
	// Compact: one character per cell. Spaces are empty cells only when they make the count.
	var at []int
	for i := 0; i < len(row.text); i++ {
		if row.text[i] != '|' {
			at = append(at, i)
		}
	}
	if len(at) != n {
		at = at[:0]
		for i := 0; i < len(row.text); i++ {
			if c := row.text[i]; c != '|' && c != ' ' && c != '\t' {
				at = append(at, i)
			}
		}
	}
	if len(at) != n {
		if i := firstNonASCII(row.text); i >= 0 {
			return nil, errAt(row.n, row.text, i, "%s", notDigit(row.text, i, n))
		}
		got := len(at)
		if len(fs) > 1 && pencilWords(fs) {
			got = len(fs)
		}
		return nil, errLine(row.n, "got %d cells in a row, want %d", got, n)
	}
	for _, i := range at {
		d, ok := cellValue(row.text[i], n)
		if !ok {
			return nil, errAt(row.n, row.text, i, "%s", notDigit(row.text, i, n))
		}
		if d == 0 {
			out = append(out, gridCell{kind: free})
		} else {
			out = append(out, gridCell{kind: given, digits: DigitSet(0).With(d)})
		}
	}
	return out, nil
}

// pencilWords reports whether some word lists several digits: a pencil-mark row.
func pencilWords(fs []field) bool {
	for _, f := range fs {
		if len(f.s) > 1 && strings.IndexFunc(f.s, func(r rune) bool { _, ok := DigitFromRune(r); return !ok }) < 0 {
			return true
		}
	}
	return false
}

// parseGridWord reads one cell written as a word: "5" (a given), "+5" (placed),
// "158" (candidates), "(5)" or "()" (exact candidates of an empty cell), "." (empty,
// unmarked). '.' and '*' inside a word are decoration.
func parseGridWord(row srcLine, f field, n int) (gridCell, error) {
	s, off := f.s, f.off
	exact := strings.HasPrefix(s, "(")
	if exact {
		if !strings.HasSuffix(s, ")") || len(s) < 2 {
			return gridCell{}, errAt(row.n, row.text, off, "%q has no closing ')'", s)
		}
		s, off = s[1:len(s)-1], off+1
	} else if strings.Trim(s, ".0_-*") == "" {
		return gridCell{kind: free}, nil
	}
	plus := !exact && s[0] == '+'
	var set DigitSet
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' || c == '*' || (c == '+' && i == 0) {
			continue
		}
		d, ok := DigitFromRune(rune(c))
		if !ok || int(d) > n {
			return gridCell{}, errAt(row.n, row.text, off+i, "%s", notDigit(row.text, off+i, n))
		}
		if set.Has(d) {
			return gridCell{}, errAt(row.n, row.text, off+i, "%s twice in one cell", d)
		}
		set = set.With(d)
	}
	switch {
	case exact || set.Count() > 1:
		return gridCell{kind: marks, digits: set}, nil
	case set == 0:
		return gridCell{kind: free}, nil
	case plus:
		return gridCell{kind: placed, digits: set}, nil
	}
	return gridCell{kind: given, digits: set}, nil
}
