package board

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ParseVariantLine reads one line of a variant puzzle, fields separated by spaces:
//
//   - givens, with v holding X and/or Windoku (the rules say what the line cannot);
//   - givens regions: a jigsaw, N*N region labels (1-9, then A-Z) one per cell;
//   - givens cages sums: a killer, N*N cage labels (A-Z, a-z, then digits) one per
//     cell, and the sums as A=12,B=17,... (a cell labelled '.' is in no cage).
//
// Extra fields after these (a solution, say) are not read. The flags of v add to what
// the fields say, so "x" on a killer line gives a killer-X.
func ParseVariantLine(s string, v Variant) (*Board, error) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return nil, &ParseError{Msg: "empty line"}
	}
	n, ok := sideOf(len(f[0]))
	if !ok {
		return nil, &ParseError{Msg: fmt.Sprintf("the givens have %d characters, not N*N for a grid size", len(f[0]))}
	}
	spec := Spec{N: n, Diagonals: v&X != 0, Windows: v&Windoku != 0}
	switch {
	case len(f) >= 3 && looksLikeSums(f[2]):
		if v&Jigsaw != 0 {
			return nil, &ParseError{Msg: "a killer line has no regions; a jigsaw killer needs them"}
		}
		cages, err := parseCages(f[1], f[2], n)
		if err != nil {
			return nil, err
		}
		spec.Cages = cages
	case len(f) >= 2 && v&Jigsaw != 0,
		len(f) >= 2 && v&Killer == 0 && regionsField(f[1], n):
		regions, err := parseRegions(f[1], n)
		if err != nil {
			return nil, err
		}
		spec.Regions = regions
	case v&Killer != 0:
		return nil, &ParseError{Msg: fmt.Sprintf("a %s line needs its cages after the givens: %d cage labels, then the sums as A=12,B=17,...", v, n*n)}
	case v&Jigsaw != 0:
		return nil, &ParseError{Msg: fmt.Sprintf("a %s line needs its regions after the givens", v)}
	}
	values := make([]Digit, n*n)
	for i := range n * n {
		ch := f[0][i]
		if isEmptyMark(ch) {
			continue
		}
		d, ok := cellValue(ch, n)
		if !ok {
			return nil, &ParseError{Column: strings.Index(s, f[0]) + i + 1, Msg: fmt.Sprintf("%q is not a digit of a %dx%d grid", ch, n, n)}
		}
		values[i] = d
	}
	l, err := NewLayout(spec)
	if err != nil {
		return nil, layoutParseError(err)
	}
	return FromDigits(l, values)
}

// layoutParseError turns the error of NewLayout into a ParseError that keeps every
// problem it names, so a reader places it at its line.
func layoutParseError(err error) error {
	if le, ok := err.(*LayoutError); ok {
		return &ParseError{Msg: strings.Join(le.Problems, "; ")}
	}
	return &ParseError{Msg: strings.TrimPrefix(err.Error(), "board: ")}
}

// variantFields says whether a one-line puzzle is a variant line (givens, then
// regions, or cage labels and sums), so that it is never read as a classic puzzle with
// a comment. ok is false for a line that is no variant line; err is set for a line
// that is one but cannot say which.
func variantFields(text string) (ok bool, err error) {
	f := strings.Fields(text)
	if len(f) < 2 {
		return false, nil
	}
	n, isSide := sideOf(len(f[0]))
	if !isSide || !validCells(f[0], n) {
		return false, nil
	}
	if len(f) >= 3 && looksLikeSums(f[2]) {
		return true, nil // a killer line, whose cages say what is wrong with them
	}
	if len(f[1]) != n*n {
		if labelsOnly(f[1]) && len(f[1]) >= n*n/2 {
			// Too long for a word of a comment: regions or cages with cells missing
			// or too many, which read as a classic puzzle would be answered wrongly.
			return true, &ParseError{Msg: fmt.Sprintf("after the givens come %d labels, where a jigsaw's regions, a killer's cages or a solution have %d", len(f[1]), n*n)}
		}
		return false, nil
	}
	switch {
	case len(f) >= 3 && looksLikeSums(f[2]), regionsField(f[1], n):
		return true, nil
	case solutionLike(f[1], n) || !labelsOnly(f[1]):
		return false, nil
	}
	return true, &ParseError{Msg: fmt.Sprintf("after the givens come %d labels that are neither regions (1-%s, each %d times) nor a solution, "+
		"and no sums follow: a killer needs its sums (A=12,B=17,...); or say which variant with --variant", n*n, string(regionRune(n-1)), n)}
}

// regionsField reports whether s reads as the region labels of an n x n jigsaw rather
// than a solution written after the givens.
func regionsField(s string, n int) bool {
	if len(s) != n*n || solutionLike(s, n) {
		return false
	}
	for i := range len(s) {
		if r := regionLabel(s[i]); r < 0 || r >= n {
			return false
		}
	}
	return true
}

// solutionLike reports whether s is a full grid of values whose rows and columns each
// hold every digit once: a solution after the givens, never meant as region labels.
func solutionLike(s string, n int) bool {
	if len(s) != n*n {
		return false
	}
	for i := range len(s) {
		if d, ok := cellValue(s[i], n); !ok || d == 0 {
			return false
		}
	}
	for i := range n {
		var row, col DigitSet
		for j := range n {
			a, _ := cellValue(s[i*n+j], n)
			b, _ := cellValue(s[j*n+i], n)
			row, col = row.With(a), col.With(b)
		}
		if row.Count() != n || col.Count() != n {
			return false
		}
	}
	return true
}

// labelsOnly reports whether s holds only cage labels (letters and digits).
func labelsOnly(s string) bool {
	for i := range len(s) {
		if c := s[i]; !(isLetter(rune(c)) || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// regionRune writes region r (from 0) as a label: 1-9, then A-Z.
func regionRune(r int) rune {
	if r < 9 {
		return rune('1' + r)
	}
	return rune('A' + r - 9)
}

// withRules returns b under the rules of v as well as its own: X and windoku are
// added to any layout; a jigsaw or killer that b's input did not describe is an error.
func withRules(b *Board, v Variant) (*Board, error) {
	l := b.l
	missing := v &^ l.Variant()
	switch {
	case missing == 0:
		return b, nil
	case missing&Jigsaw != 0:
		return nil, &ParseError{Msg: fmt.Sprintf("a %s puzzle needs its regions: givens and %d region labels on one line, a grid of givens then a grid of region labels, or JSON with \"regions\"", v, l.Cells())}
	case missing&Killer != 0:
		return nil, &ParseError{Msg: fmt.Sprintf("a %s puzzle needs its cages: givens, %d cage labels and sums (A=12,B=17,...) on one line, a SudokuWiki killer string, or JSON with \"cages\"", v, l.Cells())}
	}
	spec := l.Spec()
	spec.Diagonals = spec.Diagonals || v&X != 0
	spec.Windows = spec.Windows || v&Windoku != 0
	nl, err := NewLayout(spec)
	if err != nil {
		return nil, layoutParseError(err)
	}
	return relayout(b, nl), nil
}

// relayout copies b onto layout nl (the same size, more rules): the same givens and
// placed values, and candidates that both b and the new peers allow.
func relayout(b *Board, nl *Layout) *Board {
	nb := New(nl)
	for c, d := range b.values {
		if d == 0 {
			continue
		}
		if b.given.Has(Cell(c)) {
			_ = nb.Give(Cell(c), d) // cannot fail: each cell once, digit in range
		} else {
			_ = nb.Place(Cell(c), d)
		}
	}
	for c, d := range b.values {
		if d == 0 {
			nb.SetCandidates(Cell(c), b.cands[c])
		}
	}
	return nb
}

// sideOf returns N for N*N cells when N is a grid size.
func sideOf(cells int) (int, bool) {
	for _, n := range Sizes() {
		if n*n == cells {
			return n, true
		}
	}
	return 0, false
}

// looksLikeSums reports whether s is meant as a list of cage sums like A=12,B=17 (a
// malformed one is then an error about the sums, not a misread region list).
func looksLikeSums(s string) bool { return strings.Contains(s, "=") }

// regionLabel turns a region label (1-9, then A-Z) into a region number from 0.
func regionLabel(ch byte) int {
	switch {
	case ch >= '1' && ch <= '9':
		return int(ch - '1')
	case ch >= 'A' && ch <= 'Z':
		return int(ch-'A') + 9
	case ch >= 'a' && ch <= 'z':
		return int(ch-'a') + 9
	}
	return -1
}

func parseRegions(s string, n int) ([]int, error) {
	if len(s) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("got %d region labels, want %d", len(s), n*n)}
	}
	if out, ok := letterRegions(s, n); ok {
		return out, nil
	}
	out := make([]int, n*n)
	for i := range n * n {
		r := regionLabel(s[i])
		if r < 0 || r >= n {
			return nil, &ParseError{Msg: fmt.Sprintf("%s: %q is not a region label of a %dx%d grid", cellName(n, Cell(i)), s[i], n, n)}
		}
		out[i] = r
	}
	return out, nil
}

// letterRegions reads regions labelled by N letters of any choice ("aaabbbccc..."),
// numbered in the order they first appear; false when s is not written so.
func letterRegions(s string, n int) ([]int, bool) {
	num := map[byte]int{}
	out := make([]int, len(s))
	for i := range len(s) {
		if !isLetter(rune(s[i])) || n > 9 && s[i] < 'a' {
			// Above 9x9, capitals are region numbers 10 and up (1-9, then A-Z).
			return nil, false
		}
		k, ok := num[s[i]]
		if !ok {
			k = len(num)
			num[s[i]] = k
		}
		out[i] = k
	}
	return out, len(num) == n
}

// parseCages reads cage labels (one per cell, '.' for none) and sums ("A=12,B=17").
func parseCages(labels, sums string, n int) ([]Cage, error) {
	if len(labels) != n*n {
		return nil, &ParseError{Msg: fmt.Sprintf("got %d cage labels, want %d", len(labels), n*n)}
	}
	sum := map[byte]int{}
	var order []byte
	for part := range strings.SplitSeq(sums, ",") {
		k, v, ok := strings.Cut(part, "=")
		x, err := strconv.Atoi(v)
		if !ok || len(k) != 1 || err != nil || x < 1 {
			return nil, &ParseError{Msg: fmt.Sprintf("cage sum %q is not a label and a sum like A=12", part)}
		}
		if _, dup := sum[k[0]]; dup {
			return nil, &ParseError{Msg: fmt.Sprintf("cage %s has two sums", k)}
		}
		sum[k[0]] = x
		order = append(order, k[0])
	}
	cells := map[byte][]Cell{}
	for i := range n * n {
		ch := labels[i]
		if ch == '.' {
			continue
		}
		if _, ok := sum[ch]; !ok {
			return nil, &ParseError{Msg: fmt.Sprintf("%s is in cage %c, which has no sum", cellName(n, Cell(i)), ch)}
		}
		cells[ch] = append(cells[ch], Cell(i))
	}
	var cages []Cage
	for _, k := range order {
		if len(cells[k]) == 0 {
			return nil, &ParseError{Msg: fmt.Sprintf("cage %c has a sum but no cells", k)}
		}
		cages = append(cages, Cage{Cells: cells[k], Sum: sum[k]})
	}
	// Cages in the order of their first cell, so the numbering does not hang on labels.
	slices.SortFunc(cages, func(a, b Cage) int { return int(a.Cells[0] - b.Cells[0]) })
	return cages, nil
}

// variantLineAt reads a variant line of the input at line (see ParseVariantLine).
func variantLineAt(text string, line int, v Variant) (*Board, error) {
	b, err := ParseVariantLine(text, v)
	if pe, ok := err.(*ParseError); ok {
		pe.Line = line
	}
	return b, err
}

// codinGameRows reports whether a block of lines is the CodinGame killer form: N rows
// of "givens cagelabels" (N characters each), then the sums as "a=12 b=17 ...".
func codinGameRows(rows []srcLine) bool {
	n := len(rows) - 1
	if _, err := LayoutOf(n); err != nil || !strings.Contains(rows[n].text, "=") {
		return false
	}
	for _, r := range rows[:n] {
		f := strings.Fields(r.text)
		if len(f) != 2 || len(f[0]) != n || len(f[1]) != n {
			return false
		}
	}
	return true
}

// parseCodinGame reads the CodinGame killer form (see codinGameRows).
func parseCodinGame(rows []srcLine) (*Board, error) {
	n := len(rows) - 1
	var givens, labels strings.Builder
	for _, r := range rows[:n] {
		f := strings.Fields(r.text)
		for i := range n {
			if _, ok := cellValue(f[0][i], n); !ok {
				return nil, errAt(r.n, r.text, strings.Index(r.text, f[0])+i, "%s", notDigit(f[0], i, n))
			}
		}
		givens.WriteString(f[0])
		labels.WriteString(f[1])
	}
	sums := strings.Join(strings.Fields(rows[n].text), ",")
	b, err := ParseVariantLine(givens.String()+" "+labels.String()+" "+sums, Killer)
	if pe, ok := err.(*ParseError); ok {
		pe.Line, pe.Column = rows[0].n, 0
		if strings.Contains(pe.Msg, "sum") {
			pe.Line = rows[n].n
		}
	}
	return b, err
}

// parseWikiKiller reads SudokuWiki's killer string after "bd=" at text[i:], in either
// of the forms sudokuwiki.go describes, and refuses its versioned strings with a word
// on what to use instead.
func parseWikiKiller(text string, i, line int) (*Board, error) {
	if wikiVersion(text[i:]) {
		return nil, errAt(line, text, i, "killer bd= string: SudokuWiki's versioned string (%s...) is not read; use the link of its older forms (cage colours, a comma and two-digit sums, or two packed fields of base-32 pairs), a killer line (givens, cage labels, A=12,...) or JSON with \"cages\"", text[i:i+3])
	}
	colours, rest, _ := strings.Cut(text[i:], ",")
	end := 0
	for end < len(rest) && (rest[end] >= '0' && rest[end] <= '9' || isLetter(rune(rest[end]))) {
		end++
	}
	rest = rest[:end] // a URL may go on with "&..."
	if n, ok := sideOf(len(colours) / 2); ok && len(colours)%2 == 0 {
		return parseWikiPacked(text, i, line, n, colours, rest)
	}
	n, ok := sideOf(len(colours))
	if !ok {
		return nil, errAt(line, text, i, "killer bd= string: got %d cage colours, want 81 (or 162 characters in the packed form)", len(colours))
	}
	j := 0
	for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
		j++
	}
	if j != 2*n*n {
		return nil, errAt(line, text, i+len(colours)+1, "killer bd= string: got %d digits of sums after the comma, want %d (two per cell)", j, 2*n*n)
	}
	for k := range len(colours) {
		if c := colours[k]; !(isLetter(rune(c)) || c >= '0' && c <= '9') {
			return nil, errAt(line, text, i+k, "killer bd= string: %q is not a cage colour", c)
		}
	}
	colour := make([]int, n*n)
	for c := range colour {
		colour[c] = int(colours[c])
	}
	sums := make([]int, n*n)
	for c := range sums {
		sums[c], _ = strconv.Atoi(rest[2*c : 2*c+2])
	}
	l, err := wikiLayout(n, colour, sums, line, func(c int) int { return i + len(colours) + 1 + 2*c }, text)
	if err != nil {
		return nil, err
	}
	return New(l), nil
}

// OnLayout returns a copy of b on l, a layout of the same size with its own rules (the
// variant of the puzzle a player's grid belongs to, say): the same givens and placed
// values, and the candidates that both b and the peers of l allow.
func (b *Board) OnLayout(l *Layout) (*Board, error) {
	if l.n != b.l.n {
		return nil, fmt.Errorf("board: a %dx%d grid does not go on a %dx%d layout", b.l.n, b.l.n, l.n, l.n)
	}
	if l == b.l {
		return b.Clone(), nil
	}
	return relayout(b, l), nil
}

// OnLayout returns the same marks on l, a layout of the same size (the variant of the
// puzzle they are for): marks are as written, so nothing changes but the rules.
func (m *Marks) OnLayout(l *Layout) (*Marks, error) {
	if l.n != m.l.n {
		return nil, fmt.Errorf("board: %dx%d marks do not go on a %dx%d layout", m.l.n, m.l.n, l.n, l.n)
	}
	out := *m
	out.l = l
	out.digits = slices.Clone(m.digits)
	out.values = slices.Clone(m.values)
	return &out, nil
}

// cageLabels are the labels VariantLine gives cages, in order: letters, digits, then
// marks that no part of the line form uses otherwise.
const cageLabels = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$%&()*+-/:<>?@[]^_{|}~"

// VariantLine writes b as one line that ParseVariantLine reads back: the values (as
// String), then the region labels of a jigsaw, or the cage labels and sums of a killer
// ("A=12,B=17,..."). X and windoku are not written: ParseAs(line, v) with the layout's
// variant reads any of them back. A classic board writes String. A killer of more
// cages than there are labels (86) is written without its cages: use JSON.
func (b *Board) VariantLine() string {
	l := b.l
	var sb strings.Builder
	sb.WriteString(b.String())
	if l.regions != nil {
		sb.WriteByte(' ')
		for _, r := range l.regions {
			sb.WriteRune(regionRune(r))
		}
	}
	if len(l.cages) > 0 && len(l.cages) <= len(cageLabels) {
		labels := []byte(strings.Repeat(".", l.Cells()))
		var sums []string
		for k, cg := range l.cages {
			for _, c := range cg.Cells {
				labels[c] = cageLabels[k]
			}
			sums = append(sums, fmt.Sprintf("%c=%d", cageLabels[k], cg.Sum))
		}
		sb.WriteByte(' ')
		sb.Write(labels)
		sb.WriteByte(' ')
		sb.WriteString(strings.Join(sums, ","))
	}
	return sb.String()
}

// jigsawGrids returns the givens rows and the region labels of a block that writes a
// jigsaw as two grids, N rows of values (any grid form) then N rows of N region labels
// ('|' and spaces left out), and false for any other block.
func jigsawGrids(rows []srcLine) (grid []srcLine, regions string, ok bool) {
	var body []srcLine
	for _, r := range rows {
		if !isBorder(r.text) {
			body = append(body, r)
		}
	}
	n := len(body) / 2
	if _, err := LayoutOf(n); err != nil || len(body) != 2*n {
		return nil, "", false
	}
	var sb strings.Builder
	for _, r := range body[n:] {
		row := strings.NewReplacer("|", "", " ", "", "\t", "").Replace(r.text)
		if len(row) != n {
			return nil, "", false
		}
		sb.WriteString(row)
	}
	if !regionsField(sb.String(), n) {
		return nil, "", false
	}
	return body[:n], sb.String(), true
}

// parseJigsawGrids reads a jigsaw written as two grids (see jigsawGrids).
func parseJigsawGrids(grid []srcLine, labels string) (*Board, error) {
	b, err := parseGrid(grid)
	if err != nil {
		return nil, err
	}
	n := b.l.n
	regions, err := parseRegions(labels, n)
	if err == nil {
		var l *Layout
		if l, err = NewLayout(Spec{N: n, Regions: regions}); err == nil {
			return relayout(b, l), nil
		}
		err = layoutParseError(err)
	}
	pe := err.(*ParseError)
	pe.Line = grid[len(grid)-1].n + 1
	return nil, pe
}
