package techniques

import (
	"math/bits"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

const (
	idXWing     = "x-wing"
	idSwordfish = "swordfish"
	idJellyfish = "jellyfish"
)

// XWing removes a digit from two columns when in two rows it can only go in those
// columns (or the same with rows and columns swapped).
var XWing = Technique{
	ID:         idXWing,
	Difficulty: 3.2,
	Score:      140,
	Codes:      []string{"0300"},
	Doc: `X-Wing

When a digit can go in only two cells of each of two rows, and those cells lie in the
same two columns, the two rows put the digit in those columns, once each, at opposite
corners of the rectangle. Either way both columns are served, so the digit leaves every
other cell of the two columns. The same holds with rows and columns swapped.`,
	Find: fish(idXWing, 2),
}

// Swordfish is the X-Wing over three rows and three columns.
var Swordfish = Technique{
	ID:         idSwordfish,
	Difficulty: 3.8,
	Score:      150,
	Codes:      []string{"0301"},
	Doc: `Swordfish

When the places left for a digit in three rows all lie in the same three columns (each
row using two or three of them), the three rows take the digit in those three columns,
one each. The columns get their copy from those rows, so the digit leaves the rest of
the three columns. Rows and columns may swap roles.`,
	Find: fish(idSwordfish, 3),
}

// Jellyfish is the X-Wing over four rows and four columns.
var Jellyfish = Technique{
	ID:         idJellyfish,
	Difficulty: 5.2,
	Score:      160,
	Codes:      []string{"0302"},
	Doc: `Jellyfish

The fish of size four: a digit whose places in four rows all fall in the same four
columns fills those columns from those rows, so it leaves the rest of the four columns.
Rows and columns may swap roles.`,
	Find: fish(idJellyfish, 4),
}

// fish is the finder of basic fish of the given size: size base lines (rows, then
// columns) in which a digit's places all fall in size cover lines of the other
// direction; the digit leaves the cover lines outside the base lines.
func fish(id string, size int) Finder {
	return func(p *Pass) {
		b, report := p.Board(), p.Report
		l := b.Layout()
		n := l.N()
		q := p.st.sc.digitQuietOf(id, b)
		var skip, found [board.MaxSize + 1]bool
		for d := board.Digit(1); int(d) <= n; d++ {
			skip[d] = q.skip(b, d)
		}
		var masks [board.MaxSize]uint32
		var lines [board.MaxSize]int
		for _, kind := range [2]board.HouseKind{board.Row, board.Column} {
			for d := board.Digit(1); int(d) <= n; d++ {
				if p.done() {
					return
				}
				if skip[d] {
					continue
				}
				m := 0
				for i := range n {
					h := lineHouse(l, kind, i)
					if p := b.Positions(h, d); p != 0 && p.Count() <= size {
						masks[m], lines[m] = uint32(p), i
						m++
					}
				}
				if m < size {
					continue
				}
				ok := combos(masks[:m], size, func(items, union uint32) bool {
					var base board.PosSet // the base lines, as positions in a cover line
					for ; items != 0; items &= items - 1 {
						base |= 1 << lines[bits.TrailingZeros32(items)]
					}
					s, ok := fishStep(b, kind, d, base, board.PosSet(union))
					if !ok {
						return true
					}
					found[d] = true
					s.Technique = id
					return report(s)
				})
				if !ok {
					return
				}
			}
		}
		// Every digit was looked at in full, rows and columns.
		for d := board.Digit(1); int(d) <= n; d++ {
			if !skip[d] {
				q.done(b, d, found[d])
			}
		}
	}
}

// lineHouse returns row i or column i.
func lineHouse(l *board.Layout, kind board.HouseKind, i int) board.House {
	if kind == board.Row {
		return l.RowHouse(i)
	}
	return l.ColHouse(i)
}

// fishStep builds the step of the fish on digit d with base lines of kind at indices
// base and cover lines (of the other kind) at indices cover, or reports false when it
// removes nothing.
func fishStep(b *board.Board, kind board.HouseKind, d board.Digit, base, cover board.PosSet) (explain.Step, bool) {
	l := b.Layout()
	other := board.Column
	if kind == board.Column {
		other = board.Row
	}
	removes := false
	for q := cover; q != 0; q &= q - 1 {
		if b.Positions(lineHouse(l, other, q.First()), d)&^base != 0 {
			removes = true
			break
		}
	}
	if !removes {
		return explain.Step{}, false
	}
	s := explain.Step{Pattern: explain.Pattern{
		Digits: board.DigitsOf(d),
		Base:   make([]board.House, 0, base.Count()),
		Cover:  make([]board.House, 0, cover.Count()),
		Cells:  make([]board.Cell, 0, 2*base.Count()),
	}}
	for q := base; q != 0; q &= q - 1 {
		h := lineHouse(l, kind, q.First())
		s.Pattern.Base = append(s.Pattern.Base, h)
		s.Pattern.Cells = append(s.Pattern.Cells, l.CellsIn(h, b.Positions(h, d))...)
	}
	for q := cover; q != 0; q &= q - 1 {
		h := lineHouse(l, other, q.First())
		s.Pattern.Cover = append(s.Pattern.Cover, h)
		s.Eliminations = append(s.Eliminations, candidatesAt(l, h, b.Positions(h, d)&^base, d)...)
	}
	slices.Sort(s.Pattern.Cells)
	slices.SortFunc(s.Eliminations, func(x, y board.Candidate) int { return int(x.Cell) - int(y.Cell) })
	return s, true
}

const (
	idFinnedXWing      = "finned-x-wing"
	idFinnedSwordfish  = "finned-swordfish"
	idFinnedJellyfish  = "finned-jellyfish"
	idSashimiXWing     = "sashimi-x-wing"
	idSashimiSwordfish = "sashimi-swordfish"
	idSashimiJellyfish = "sashimi-jellyfish"
)

// finnedDoc is the body shared by the finned fish docs.
const finnedDoc = `
A fish whose base lines hold a few extra places of the digit (the fins), all in one box.
Either no fin holds the digit, and the fish stands, so the digit leaves the cover lines
outside the base lines; or a fin holds it, and every cell of the fin's box loses it.
Both ways, a cell of a cover line inside the fin's box (off the base lines) cannot hold
the digit.`

// sashimiDoc is the body shared by the sashimi fish docs.
const sashimiDoc = `
A finned fish whose fin box holds no corner of the fish: without the fins, one base
line would keep a single place and the fish would not stand on its own. The reasoning
is the finned fish's: either the fins are empty and the fish holds, or a fin holds the
digit and clears its box; a cell of a cover line in the fin's box is cleared both ways.`

// FinnedXWing is the X-Wing with fins: extra places of the digit in one box of a base line.
var FinnedXWing = Technique{
	ID:         idFinnedXWing,
	Difficulty: 3.4,
	Score:      130,
	Codes:      []string{"0310"},
	Doc:        "Finned X-Wing\n" + finnedDoc,
	Holds:      regularBoxes,
	Find:       finnedFish(idFinnedXWing, 2, false),
}

// FinnedSwordfish is the Swordfish with fins.
var FinnedSwordfish = Technique{
	ID:         idFinnedSwordfish,
	Difficulty: 4.0,
	Score:      200,
	Codes:      []string{"0311"},
	Doc:        "Finned Swordfish\n" + finnedDoc,
	Holds:      regularBoxes,
	Find:       finnedFish(idFinnedSwordfish, 3, false),
}

// FinnedJellyfish is the Jellyfish with fins.
var FinnedJellyfish = Technique{
	ID:         idFinnedJellyfish,
	Difficulty: 5.4,
	Score:      240,
	Codes:      []string{"0312"},
	Doc:        "Finned Jellyfish\n" + finnedDoc,
	Holds:      regularBoxes,
	Find:       finnedFish(idFinnedJellyfish, 4, false),
}

// SashimiXWing is the finned X-Wing whose fin line keeps one place without its fins. Each sashimi
// fish is rated 0.1 above its finned one (Sudoku Explainer rates them alike): the
// missing corner makes the fish harder to see, and the walkthrough then shows the
// finned fish first where both apply.
var SashimiXWing = Technique{
	ID:         idSashimiXWing,
	Difficulty: 3.5,
	Score:      150,
	Codes:      []string{"0320"},
	Doc:        "Sashimi X-Wing\n" + sashimiDoc,
	Holds:      regularBoxes,
	Find:       finnedFish(idSashimiXWing, 2, true),
}

// SashimiSwordfish is the finned Swordfish with a base line of one place besides fins.
var SashimiSwordfish = Technique{
	ID:         idSashimiSwordfish,
	Difficulty: 4.1,
	Score:      240,
	Codes:      []string{"0321"},
	Doc:        "Sashimi Swordfish\n" + sashimiDoc,
	Holds:      regularBoxes,
	Find:       finnedFish(idSashimiSwordfish, 3, true),
}

// SashimiJellyfish is the finned Jellyfish with a base line of one place besides fins.
var SashimiJellyfish = Technique{
	ID:         idSashimiJellyfish,
	Difficulty: 5.5,
	Score:      280,
	Codes:      []string{"0322"},
	Doc:        "Sashimi Jellyfish\n" + sashimiDoc,
	Holds:      regularBoxes,
	Find:       finnedFish(idSashimiJellyfish, 4, true),
}

// finnedFish is the finder of finned fish of the given size (sashimi ones when sashimi
// is set, the others otherwise): size base lines whose places of a digit fall in size
// cover lines but for fins, all in one box; the digit leaves the cells of the cover
// lines in the fin box, off the base lines. A fish with a base line that keeps a single
// place without its fins is sashimi, else finned (HoDoKu's line between the two).
func finnedFish(id string, size int, sashimi bool) Finder {
	return func(p *Pass) {
		report := p.Report
		for _, f := range finnedFishFor(p, size) {
			if f.sashimi != sashimi {
				continue
			}
			s := f.step // shared with the state's results: its slices are never changed
			s.Technique = id
			if !report(s) {
				return
			}
		}
	}
}

// finFound is a finned fish that removes something, finned or sashimi.
type finFound struct {
	step    explain.Step // with no technique yet
	sashimi bool
}

// regularBoxes holds where boxes are rectangles (not on a jigsaw): the finned fish
// group a line's places by box columns and band rows.
func regularBoxes(l *board.Layout) bool { return l.Regular() }

// finnedFishFor returns the finned and sashimi fish of the pass's state with size base
// lines, in the order of the walk (rows first, digits in order), found or kept from an
// earlier technique on that state: the two kinds come from one walk, and the pipeline
// asks for both on one state.
func finnedFishFor(p *Pass, size int) []finFound {
	b := p.Board()
	return p.st.res.finned[size].get(func() []finFound {
		l := b.Layout()
		n := l.N()
		q := p.st.sc.digitQuietOf(finnedQuietIDs[size], b)
		var skip, found [board.MaxSize + 1]bool
		for d := board.Digit(1); int(d) <= n; d++ {
			skip[d] = q.skip(b, d)
		}
		f := finScan{b: b, l: l, size: size}
		for _, kind := range [2]board.HouseKind{board.Row, board.Column} {
			f.kind = kind
			// Positions along a line group into boxes of this width.
			w := l.BoxCols()
			f.bandH = l.BoxRows()
			if kind == board.Column {
				w, f.bandH = l.BoxRows(), l.BoxCols()
			}
			f.ngroups = 0
			for g := 0; g < n; g += w {
				f.groups[f.ngroups] = board.PosSet(1<<(g+w)-1) &^ board.PosSet(1<<g-1)
				f.ngroups++
			}
			f.maxUnion = size + w
			for d := board.Digit(1); int(d) <= n; d++ {
				if p.done() {
					return nil // the solve stops: the list is never read
				}
				if skip[d] {
					continue
				}
				f.d, f.m = d, 0
				for i := range n {
					if p := b.Positions(lineHouse(l, kind, i), d); p != 0 && p.Count() <= f.maxUnion {
						f.masks[f.m], f.lines[f.m] = p, i
						f.m++
					}
				}
				if f.m >= size {
					had := len(f.found)
					f.walk(size, 0, 0, 0)
					found[d] = found[d] || len(f.found) > had
				}
			}
		}
		for d := board.Digit(1); int(d) <= n; d++ {
			if !skip[d] {
				q.done(b, d, found[d])
			}
		}
		return f.found
	})
}

// finnedQuietIDs name the digitQuiet memos of the finned fish walks, by size: one walk
// finds the finned and the sashimi fish of a size.
var finnedQuietIDs = [...]string{2: "finned-fish-2", 3: "finned-fish-3", 4: "finned-fish-4"}

// finScan is the state of one walk for finned fish, so the walk needs no closures.
type finScan struct {
	b        *board.Board
	l        *board.Layout
	found    []finFound
	size     int
	kind     board.HouseKind
	d        board.Digit
	maxUnion int
	groups   [board.MaxSize]board.PosSet // the positions of a line, by box
	ngroups  int
	bandH    int // lines per band: the lines of a box
	m        int
	masks    [board.MaxSize]board.PosSet
	lines    [board.MaxSize]int
	chosen   [4]int // indices into masks of the base lines chosen so far
}

// walk chooses left more base lines from index start on, with the union of their
// places small enough for size cover lines and one box of fins, and adds the fish
// they make to f.found.
func (f *finScan) walk(left, start, depth int, union board.PosSet) {
	if left == 0 {
		if union.Count() > f.size { // else a plain fish (or less): no fins
			f.covers(depth, union)
		}
		return
	}
	for i := start; i <= f.m-left; i++ {
		u := union | f.masks[i]
		if u.Count() > f.maxUnion || !f.fits(u) {
			continue
		}
		f.chosen[depth] = i
		f.walk(left-1, i+1, depth+1, u)
	}
}

// fits reports whether the places union leave, outside some group, fewer than size
// positions, so that size covers can take them and leave fins in that group.
func (f *finScan) fits(union board.PosSet) bool {
	for _, g := range f.groups[:f.ngroups] {
		if (union &^ g).Count() < f.size {
			return true
		}
	}
	return false
}

// covers tries every set of size cover lines of the chosen base lines that leaves
// their other places (the fins) inside one group of positions.
func (f *finScan) covers(depth int, union board.PosSet) {
	for _, g := range f.groups[:f.ngroups] {
		required := union &^ g
		k := f.size - required.Count()
		if k <= 0 || union&g == 0 {
			continue // the fins would fill no position of g, or covers fall short
		}
		in := union & g
		// Choose k of the positions in g as cover lines, the rest are fins.
		for sub := in; sub != 0; sub = (sub - 1) & in {
			if sub.Count() != k || sub == in {
				continue
			}
			f.try(depth, required|sub, in&^sub, g)
		}
	}
}

// try checks the fish with cover positions cover and fin positions fins (inside
// group g), and adds it to f.found, finned or sashimi, when it removes something. It is
// sashimi, as HoDoKu decides, when a base line keeps a single place without its fins
// (then the fish does not stand without the fins); else finned.
// It works on line and position bits only: the fins share a box when their lines share
// a band, as they already share the group.
func (f *finScan) try(depth int, cover, fins, g board.PosSet) {
	band := -1
	var baseLines board.PosSet
	sashimi := false
	for i := range depth {
		p := f.masks[f.chosen[i]]
		body := (p & cover).Count()
		if body == 0 {
			return // a base line of fins only: a claiming, not a fish
		}
		// HoDoKu's test: a base line left with one place without its fins.
		sashimi = sashimi || body == 1
		line := f.lines[f.chosen[i]]
		baseLines |= 1 << line
		if p&fins != 0 {
			if bd := line / f.bandH; band < 0 {
				band = bd
			} else if bd != band {
				return
			}
		}
	}
	// Whether a cell of a cover line in the fin box, off the base lines, can lose the digit.
	removes := false
	at := cover & g
	for line := band * f.bandH; line < (band+1)*f.bandH && line < f.l.N(); line++ {
		if baseLines&(1<<line) == 0 && f.b.Positions(lineHouse(f.l, f.kind, line), f.d)&at != 0 {
			removes = true
			break
		}
	}
	if !removes {
		return
	}
	fin := lineHouse(f.l, f.kind, band*f.bandH)
	finBox := f.l.BoxHouse(f.l.BoxOf(f.l.HouseCells(fin)[(fins & -fins).First()]))
	f.found = append(f.found, finFound{step: f.step(depth, baseLines, cover, fins, finBox), sashimi: sashimi})
}

// step builds the finned fish's step.
func (f *finScan) step(depth int, baseLines, cover, fins board.PosSet, finBox board.House) explain.Step {
	l, d := f.l, f.d
	other := board.Column
	if f.kind == board.Column {
		other = board.Row
	}
	s := explain.Step{Pattern: explain.Pattern{
		Digits: board.DigitsOf(d),
		Base:   make([]board.House, 0, depth),
		Cover:  make([]board.House, 0, depth),
		Cells:  make([]board.Cell, 0, 2*depth),
	}}
	for q := baseLines; q != 0; q &= q - 1 {
		h := lineHouse(l, f.kind, q.First())
		s.Pattern.Base = append(s.Pattern.Base, h)
		p := f.b.Positions(h, d)
		s.Pattern.Cells = append(s.Pattern.Cells, l.CellsIn(h, p&cover)...)
		s.Pattern.Fins = append(s.Pattern.Fins, l.CellsIn(h, p&fins)...)
	}
	for q := cover; q != 0; q &= q - 1 {
		s.Pattern.Cover = append(s.Pattern.Cover, lineHouse(l, other, q.First()))
	}
	for _, c := range l.HouseCells(finBox) {
		line, pos := l.RowOf(c), l.ColOf(c)
		if f.kind == board.Column {
			line, pos = pos, line
		}
		if cover&(1<<pos) != 0 && baseLines&(1<<line) == 0 && f.b.Candidates(c).Has(d) {
			s.Eliminations = append(s.Eliminations, board.Candidate{Cell: c, Digit: d})
		}
	}
	slices.Sort(s.Pattern.Cells)
	slices.Sort(s.Pattern.Fins)
	slices.SortFunc(s.Eliminations, func(x, y board.Candidate) int { return int(x.Cell) - int(y.Cell) })
	return s
}
