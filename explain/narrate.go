package explain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"text/template"

	"github.com/stepdoku/stepdoku/board"
)

// Detail is how much a walkthrough says about each step.
type Detail uint8

// The detail levels. The zero value is DetailNew, the default.
const (
	// DetailNew explains a technique in full the first time it appears and in one short
	// sentence after; the chain legend and the uniqueness caveat are said once.
	DetailNew Detail = iota
	// DetailFull explains every step in full.
	DetailFull
	// DetailBrief gives each step's one-liner only.
	DetailBrief
)

// ParseDetail reads a detail level: "new", "full" or "brief" (case and spaces ignored).
func ParseDetail(s string) (Detail, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "new", "":
		return DetailNew, nil
	case "full":
		return DetailFull, nil
	case "brief":
		return DetailBrief, nil
	}
	return 0, fmt.Errorf("explain: unknown detail level %q (levels: full, new, brief)", s)
}

// String returns the level's name, as ParseDetail reads it.
func (d Detail) String() string {
	switch d {
	case DetailFull:
		return "full"
	case DetailBrief:
		return "brief"
	}
	return "new"
}

// NarrateOptions choose what Narrate says.
type NarrateOptions struct {
	Detail Detail
}

// Narration is one step said for a reader.
type Narration struct {
	// Number counts the steps from 1.
	Number int
	// Line is the canonical one-liner (English notation, the same in every language).
	Line string
	// Heading is the line after the step number in the trace's language: the one-liner
	// in English, the technique's own name and pattern in Japanese (隠れたシングル（ヒドゥンシングル）：R3C7=5（ブロック3）).
	Heading string
	// Prose explains the step; empty with DetailBrief.
	Prose string
	// Short tells that Prose is the one-sentence form (the technique was explained before).
	Short bool
	// Bare tells that Prose, short, says nothing the heading and Note do not: a single
	// whose reason is the digits placed in its house or its cell's peers, which the
	// grid shows, and the earlier steps that Note names (not given pencil marks), or a
	// pattern seen before said as "again" with its notation and conclusions. A text
	// walkthrough writes a bare step as its heading alone, and a run of them as a list.
	Bare bool
	// Note follows the heading of a bare single whose candidates earlier steps removed:
	// ", after steps 50 and 53". Empty otherwise.
	Note string
	// After are the numbers of the steps Note names, in order, each once.
	After []int
	// linksKnown tells that the walkthrough has said, by this step, how a chain of
	// links reads (links_rule): its bare singles may be grouped in that notation.
	linksKnown bool
	// Witnesses of a single (Beams, earlier steps), for pictures; zero for other steps.
	Witnesses SingleWitnesses
}

// Narrate says every step of tr in its language at the chosen detail. It replays the
// trace to know the board each step is taken on and which step removed each
// candidate, so that singles can name their witnesses; nothing of that is kept in the
// step records or computed while solving.
func (tr Trace) Narrate(l *board.Layout, opt NarrateOptions) ([]Narration, error) {
	nr, err := NewNarrator(l, tr, opt)
	if err != nil {
		return nil, err
	}
	return nr.said, nil
}

// Narrator says the steps of a walk one after another, as Narrate says the steps of a
// whole trace: a caller can say each step while the walk looks for the next one (the
// command does, on a core the walk leaves free at times), and hand what was said to
// WriteText (TextOptions.Narrations). A Narrator is for one goroutine at a time.
type Narrator struct {
	n    narrator
	b    *board.Board // the board the next step is taken on
	said []Narration
}

// NewNarrator returns a Narrator for the walk tr starts (its start board, or puzzle,
// and its language), having said the steps tr already has.
func NewNarrator(l *board.Layout, tr Trace, opt NarrateOptions) (*Narrator, error) {
	c, err := catalogueOf(langOrEnglish(tr.Lang))
	if err != nil {
		return nil, err
	}
	t, err := c.bind(l)
	if err != nil {
		return nil, err
	}
	b, err := tr.startBoard(l)
	if err != nil {
		return nil, err
	}
	nr := &Narrator{n: narrator{c: c, t: t, l: l, opt: opt, removed: Removals{}, seen: map[string]bool{}, say: sayAll}, b: b,
		said: make([]Narration, 0, len(tr.Steps))}
	for _, s := range tr.Steps {
		if _, err := nr.Say(s); err != nil {
			return nil, err
		}
	}
	return nr, nil
}

// Say says s, the next step of the walk, and applies it to the Narrator's board. On an
// error (a step that does not hold there) nothing is said, and the Narrator is done.
func (nr *Narrator) Say(s Step) (Narration, error) {
	num := len(nr.said) + 1
	said, err := nr.n.step(nr.b, s, num)
	if err != nil {
		return Narration{}, fmt.Errorf("explain: step %d: %w", num, err)
	}
	nr.n.removed.Record(nr.b, s, num)
	if err := Apply(nr.b, s); err != nil {
		return Narration{}, fmt.Errorf("explain: step %d (%s): %w", num, s.Technique, err)
	}
	nr.said = append(nr.said, said)
	return said, nil
}

// Said returns what the Narrator has said, one narration per step.
func (nr *Narrator) Said() []Narration { return nr.said }

// narrator carries what a walkthrough remembers from step to step.
type narrator struct {
	c       *catalogue
	t       *template.Template
	l       *board.Layout
	opt     NarrateOptions
	removed Removals
	// seen: techniques explained in full already; say: what is still to say once.
	seen map[string]bool
	say  sayOnce
}

func (n *narrator) step(b *board.Board, s Step, num int) (Narration, error) {
	nr := Narration{Number: num, Line: OneLiner(n.l, s), Heading: n.c.heading(n.l, s)}
	w, hasW := Witnesses(b, s, n.removed)
	nr.Witnesses = w
	if n.opt.Detail == DetailBrief {
		return nr, nil
	}
	data := n.c.data(n.l, s)
	data.Board, data.W, data.HasW = b, w, hasW
	data.say = n.say
	// At the default detail a proof of singles is one chain of links; at full detail
	// every fact has its line, with the cells it takes a digit out of.
	data.Compact = n.opt.Detail == DetailNew
	short := n.opt.Detail == DetailNew && n.seen[s.Technique] && !AlwaysInFull(s)
	written := s.Pattern.Proof != nil || len(s.Pattern.Cases) > 0 // a forcing step's proof
	var err error
	if short {
		var generic bool
		nr.Prose, generic, err = n.c.short(n.t, data)
		nr.Short = true
		nr.Bare = bare(s, w, data.HasPivot, generic)
		if nr.Bare && len(w.Steps) > 0 {
			nr.After = afterSteps(w.Steps)
			nr.Note = n.c.afterNote(nr.After)
		}
	} else {
		var heard sayOnce
		data.heard = &heard
		nr.Prose, err = n.c.render(n.t, data)
		data.heard = nil
		n.seen[s.Technique] = true
		if n.opt.Detail == DetailNew && err == nil {
			// Said once: a template said a thing (the legend, the caveat ...) if
			// leaving it out changes the text, whichever template it comes from. Only
			// the things a template asked about, still to say, can have been said.
			try := heard & n.say
			if !written { // only written proofs say these
				try &^= sayIntro | sayLemmas
			}
			for ; try != 0; try &= try - 1 {
				if f := try & -try; n.said(data, f, nr.Prose) {
					n.say &^= f
				}
			}
		}
		// A written proof opens with its summary, one layout for every forcing form,
		// but for a short chain of links without lemmas at the default detail: there
		// the links and their closing sentence say it all in three lines or so, and a
		// summary would say the conclusion a third time.
		if err == nil && (n.c.long(nr.Prose) || written && !data.PlainLinks()) {
			name := s.Technique + leadTemplate
			if n.t.Lookup(name) == nil {
				name = leadTemplate
			}
			lead, lerr := n.c.execute(n.t, name, data)
			if lerr == nil && lead != "" {
				nr.Prose = lead + n.c.file.Words.LineJoin + nr.Prose
			}
		}
	}
	nr.linksKnown = n.say&sayLinks == 0
	return nr, err
}

// bare tells whether the short form of s says nothing its heading (and Note) does
// not (Narration.Bare): a single with witnesses w that name no given pencil marks, the
// rest being the digits placed in its house or its cell's peers, which the grid shows,
// and the steps that removed its other candidates, which the Note names; or a step
// without a pivot said by the generic "again" form.
func bare(s Step, w SingleWitnesses, pivot, generic bool) bool {
	if singleIDs[s.Technique] {
		return len(w.GivenCells) == 0 && w.GivenDigits == 0
	}
	return generic && !pivot
}

// afterSteps are the steps that removed candidates a bare single rests on, in order,
// each once.
func afterSteps(rs []StepRemoval) []int {
	nums := make([]int, len(rs))
	for i, r := range rs {
		nums[i] = r.Step
	}
	slices.Sort(nums)
	return slices.Compact(nums)
}

// afterNote is the Note of a bare single that rests on the steps nums.
func (c *catalogue) afterNote(nums []int) string {
	form := c.file.Words.AfterSteps
	if len(nums) == 1 {
		form = c.file.Words.AfterStep
	}
	return subst(form, "steps", c.file.Words.And.join(numbers(nums)))
}

// numbers writes numbers in digits.
func numbers(nums []int) []string {
	out := make([]string, len(nums))
	for i, k := range nums {
		out[i] = strconv.Itoa(k)
	}
	return out
}

// AlwaysInFull tells whether a step is said in full at every detail but brief: a
// chain, loop, net or almost-locked-set step (anything with a chain in its pattern) is
// a new object each time, so "again" with its notation would hide the links, houses and
// conclusion a reader needs. A simple pattern seen before (a pointing pair) may be
// shortened.
func AlwaysInFull(s Step) bool { return len(s.Pattern.Chains) > 0 || s.Pattern.Proof != nil }

// said tells whether the full prose of data differs once f is taken as said already.
func (n *narrator) said(data proseData, f sayOnce, full string) bool {
	data.say &^= f
	other, err := n.c.render(n.t, data)
	return err == nil && other != full
}

// long tells whether a step's prose is long enough to open with a one-sentence summary:
// over 120 words (English) or 360 characters (a language written without spaces).
func (c *catalogue) long(prose string) bool {
	if c.file.Words.LineJoin == " " {
		return len(strings.Fields(prose)) > 120
	}
	return len([]rune(prose)) > 360
}

// short renders the one-sentence form of a step: the technique's own `short` template,
// or the catalogue's generic one (generic), which says "again" with the notation.
func (c *catalogue) short(t *template.Template, data proseData) (prose string, generic bool, err error) {
	name := data.ID + shortSuffix
	if err := c.need(t, data.ID); err != nil {
		return "", false, err
	}
	if generic = t.Lookup(name) == nil; generic {
		name = shortTemplate
	}
	out, err := c.execute(t, name, data)
	if err != nil {
		return "", false, fmt.Errorf("explain: %s step %q in %s (short): %w", data.ID, data.Line, c.lang, err)
	}
	return out, generic, nil
}

// Heading is the line after a step's number in a walkthrough, in lang: the one-liner
// in English; elsewhere the technique's name, its pattern and its conclusions written
// the language's way (cells as the catalogue's words.cell writes them).
func Heading(l *board.Layout, s Step, lang Lang) (string, error) {
	c, err := catalogueOf(langOrEnglish(lang))
	if err != nil {
		return "", err
	}
	return c.heading(l, s), nil
}

// heading is the line after a step's number: the one-liner in English; elsewhere the
// technique's name in the language, then the catalogue's `head` form (the pattern in
// notation with houses in words), or the one-liner's pattern and conclusions.
func (c *catalogue) heading(l *board.Layout, s Step) string {
	if c.lang == EN {
		return OneLiner(l, s)
	}
	sep := c.file.Words.HeadSep
	if sep == "" {
		sep = ": "
	}
	return TechniqueName(s.Technique, c.lang) + sep + c.notation(c.headPattern(l, s, true))
}

// headPattern is the pattern part of a heading in the catalogue's language, with the
// conclusions or without them (for a sentence that says them in words). A language
// other than English writes cells and conclusions its own way (words.cell,
// head_placed, head_removed) and the pattern with the technique's `head` form; a
// technique without one keeps the one-liner's pattern (chain notation).
func (c *catalogue) headPattern(l *board.Layout, s Step, withConclusions bool) string {
	_, pattern, conclusions := lineParts(l, s)
	if c.lang == EN {
		if withConclusions && len(conclusions) > 0 {
			pattern += " => " + strings.Join(conclusions, ", ")
		}
		return pattern
	}
	x := wordsFor{w: &c.file.Words, l: l}
	concl := c.headConclusions(x, s)
	arrow := c.file.Words.HeadArrow
	if arrow == "" {
		arrow = " => "
	}
	e := c.file.Techniques[s.Technique]
	if e.Head == "" {
		if withConclusions && concl != "" {
			pattern += arrow + concl
		}
		return pattern
	}
	form := e.Head
	if !withConclusions {
		form = strings.NewReplacer("{conclusion}", "", "{arrow}", "").Replace(form)
		form = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(form), "=>"))
	}
	p := s.Pattern
	cells := func(cs []board.Cell) string { return x.w.And.join(x.cellList(cs)) }
	return subst(form,
		"digits", x.w.And.join(digitList(p.Digits)),
		"cells", cells(p.Cells),
		"houses", x.w.And.join(x.houseList(p.Houses)),
		"base", x.w.And.join(x.houseList(p.Base)),
		"cover", x.w.And.join(x.houseList(p.Cover)),
		"fins", cells(p.Fins),
		"chain", firstChain(l, p),
		"cages", c.cageHead(x, p.Cages),
		"arrow", arrow,
		"conclusion", concl)
}

// headConclusions writes a step's placements and eliminations for a heading in the
// catalogue's language: "R3C7=5", "R1C2≠4, R1C5≠4".
func (c *catalogue) headConclusions(x wordsFor, s Step) string {
	w := c.file.Words
	placed, removed := w.HeadPlaced, w.HeadRemoved
	var out []string
	for _, p := range sortedCandidates(s.Placements) {
		if placed == "" {
			out = append(out, x.l.PlacementName(p))
			continue
		}
		out = append(out, subst(placed, "cell", x.cell(p.Cell), "digit", p.Digit.String()))
	}
	for _, e := range sortedCandidates(s.Eliminations) {
		if removed == "" {
			out = append(out, x.l.CandidateName(e))
			continue
		}
		out = append(out, subst(removed, "cell", x.cell(e.Cell), "digit", e.Digit.String()))
	}
	sep := ", "
	if w.LineJoin == "" {
		sep = "、"
	}
	return strings.Join(out, sep)
}
