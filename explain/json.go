package explain

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/template"

	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
)

// SchemaVersion is the version of the JSON/YAML schema of traces and steps (SCHEMA.md).
// It changes only when a field changes meaning or goes away; new optional fields keep it.
const SchemaVersion = 1

// TraceDoc is the JSON/YAML form of a Trace; SCHEMA.md documents every field.
type TraceDoc struct {
	Language       string     `json:"language" yaml:"language"`
	Version        int        `json:"version" yaml:"version"`
	Size           int        `json:"size" yaml:"size"`
	Variant        string     `json:"variant,omitempty" yaml:"variant,omitempty"`
	Rules          string     `json:"rules,omitempty" yaml:"rules,omitempty"`
	Puzzle         string     `json:"puzzle" yaml:"puzzle"`
	Solution       string     `json:"solution,omitempty" yaml:"solution,omitempty"`
	SecondSolution string     `json:"second_solution,omitempty" yaml:"second_solution,omitempty"`
	Summary        SummaryDoc `json:"summary" yaml:"summary"`
	Steps          []StepDoc  `json:"steps" yaml:"steps"`
}

// SummaryDoc is the JSON/YAML form of a Summary.
type SummaryDoc struct {
	Solved       bool       `json:"solved" yaml:"solved"`
	Stuck        bool       `json:"stuck" yaml:"stuck"`
	Several      bool       `json:"several" yaml:"several"`
	NoSolution   bool       `json:"no_solution" yaml:"no_solution"`
	Steps        int        `json:"steps" yaml:"steps"`
	ByTechnique  []CountDoc `json:"by_technique" yaml:"by_technique"`
	Hardest      string     `json:"hardest,omitempty" yaml:"hardest,omitempty"`
	UsedFallback bool       `json:"used_fallback" yaml:"used_fallback"`
	Rating       *Rating    `json:"rating,omitempty" yaml:"rating,omitempty"`
}

// CountDoc is one entry of a summary's by_technique list.
type CountDoc struct {
	Technique string `json:"technique" yaml:"technique"`
	Name      string `json:"name" yaml:"name"`
	Count     int    `json:"count" yaml:"count"`
}

// StepDoc is the JSON/YAML form of a Step. Name, Line and Text are derived (in the
// document's language, except Line, which is notation); reading ignores them.
type StepDoc struct {
	Technique    string     `json:"technique" yaml:"technique"`
	Name         string     `json:"name,omitempty" yaml:"name,omitempty"`
	Line         string     `json:"line,omitempty" yaml:"line,omitempty"`
	Text         string     `json:"text,omitempty" yaml:"text,omitempty"`
	Placements   []string   `json:"placements,omitempty" yaml:"placements,flow,omitempty"`
	Eliminations []string   `json:"eliminations,omitempty" yaml:"eliminations,flow,omitempty"`
	Pattern      PatternDoc `json:"pattern,omitzero" yaml:"pattern,omitempty"`
}

// PatternDoc is the JSON/YAML form of a Pattern: cells as r1c2, houses as r1/c2/b3,
// digits as numbers; empty fields are left out.
type PatternDoc struct {
	Digits []int      `json:"digits,omitempty" yaml:"digits,flow,omitempty"`
	Cells  []string   `json:"cells,omitempty" yaml:"cells,flow,omitempty"`
	Houses []string   `json:"houses,omitempty" yaml:"houses,flow,omitempty"`
	Base   []string   `json:"base,omitempty" yaml:"base,flow,omitempty"`
	Cover  []string   `json:"cover,omitempty" yaml:"cover,flow,omitempty"`
	Fins   []string   `json:"fins,omitempty" yaml:"fins,flow,omitempty"`
	Chains []ChainDoc `json:"chains,omitempty" yaml:"chains,omitempty"`
	Sets   []GroupDoc `json:"sets,omitempty" yaml:"sets,omitempty"`
	Cages  []CageDoc  `json:"cages,omitempty" yaml:"cages,omitempty"`
	Proof  *ProofDoc  `json:"proof,omitempty" yaml:"proof,omitempty"`
	Cases  []ProofDoc `json:"cases,omitempty" yaml:"cases,omitempty"`
}

// ChainDoc is the JSON/YAML form of a Chain: links are "strong" or "weak".
type ChainDoc struct {
	Nodes []GroupDoc `json:"nodes" yaml:"nodes"`
	Links []string   `json:"links" yaml:"links,flow"`
	Loop  bool       `json:"loop,omitempty" yaml:"loop,omitempty"`
}

// GroupDoc is the JSON/YAML form of a chain Node or a Group: cells and digits.
type GroupDoc struct {
	Cells  []string `json:"cells" yaml:"cells,flow"`
	Digits []int    `json:"digits" yaml:"digits,flow"`
}

// NewTraceDoc turns a trace into its document form, with the prose of every step in
// the trace's language.
func NewTraceDoc(l *board.Layout, tr Trace) (TraceDoc, error) {
	lang := langOrEnglish(tr.Lang)
	c, err := catalogueOf(lang)
	if err != nil {
		return TraceDoc{}, err
	}
	t, err := c.bind(l)
	if err != nil {
		return TraceDoc{}, err
	}
	s := tr.Summary
	d := TraceDoc{
		Language:       string(lang),
		Version:        SchemaVersion,
		Size:           l.N(),
		Puzzle:         tr.Puzzle,
		Solution:       tr.Solution,
		SecondSolution: tr.SecondSolution,
		Summary: SummaryDoc{
			Solved: s.Solved, Stuck: s.Stuck, Several: s.Several, NoSolution: s.NoSolution,
			Steps: s.Steps, Hardest: s.Hardest, UsedFallback: s.UsedFallback,
			ByTechnique: []CountDoc{}, Rating: s.Rating,
		},
		Steps: make([]StepDoc, 0, len(tr.Steps)),
	}
	if v := l.Variant(); v != 0 {
		// The rules as a variant line writes them after the givens: a jigsaw's region
		// labels, a killer's cage labels and sums (nothing more for X and windoku).
		d.Variant = v.String()
		_, d.Rules, _ = strings.Cut(board.New(l).VariantLine(), " ")
	}
	for _, tc := range s.ByTechnique {
		d.Summary.ByTechnique = append(d.Summary.ByTechnique,
			CountDoc{Technique: tc.Technique, Name: TechniqueName(tc.Technique, lang), Count: tc.Count})
	}
	for i, st := range tr.Steps {
		sd, err := c.stepDoc(t, l, st)
		if err != nil {
			return TraceDoc{}, fmt.Errorf("explain: step %d: %w", i+1, err)
		}
		d.Steps = append(d.Steps, sd)
	}
	return d, nil
}

// Trace reads a document back: the layout of its size and the trace (without Start,
// which is not serialized). Derived fields (names, lines, prose) are not checked.
func (d TraceDoc) Trace() (*board.Layout, Trace, error) {
	if d.Version != SchemaVersion {
		return nil, Trace{}, fmt.Errorf("explain: trace schema version %d, want %d", d.Version, SchemaVersion)
	}
	lang, err := ParseLang(d.Language)
	if err != nil {
		return nil, Trace{}, err
	}
	l, err := board.LayoutOf(d.Size)
	if err != nil {
		return nil, Trace{}, fmt.Errorf("explain: trace size: %w", err)
	}
	if d.Variant != "" || d.Rules != "" {
		v, err := board.ParseVariant(d.Variant)
		if err != nil {
			return nil, Trace{}, fmt.Errorf("explain: trace variant: %w", err)
		}
		b, err := board.ParseAs(strings.TrimSpace(d.Puzzle+" "+d.Rules), v)
		if err != nil {
			return nil, Trace{}, fmt.Errorf("explain: trace rules: %w", err)
		}
		if b.Layout().N() != d.Size || b.Layout().Variant() != v {
			return nil, Trace{}, fmt.Errorf("explain: trace rules make a %dx%d %s, not the %dx%d %s of size and variant",
				b.Layout().N(), b.Layout().N(), b.Layout().Variant(), d.Size, d.Size, v)
		}
		l = b.Layout()
	}
	for name, line := range map[string]string{"puzzle": d.Puzzle, "solution": d.Solution, "second_solution": d.SecondSolution} {
		if line == "" && name != "puzzle" {
			continue
		}
		if _, err := boardOfLine(l, line); err != nil {
			return nil, Trace{}, fmt.Errorf("explain: trace %s: %w", name, err)
		}
	}
	s := d.Summary
	tr := Trace{
		Lang: lang, Puzzle: d.Puzzle, Solution: d.Solution, SecondSolution: d.SecondSolution,
		Summary: Summary{
			Solved: s.Solved, Stuck: s.Stuck, Several: s.Several, NoSolution: s.NoSolution,
			Steps: s.Steps, Hardest: s.Hardest, UsedFallback: s.UsedFallback,
			Rating: s.Rating,
		},
	}
	for _, c := range s.ByTechnique {
		tr.Summary.ByTechnique = append(tr.Summary.ByTechnique, TechniqueCount{Technique: c.Technique, Count: c.Count})
	}
	for i, sd := range d.Steps {
		st, err := sd.Step(l)
		if err != nil {
			return nil, Trace{}, fmt.Errorf("explain: trace step %d: %w", i+1, err)
		}
		tr.Steps = append(tr.Steps, st)
	}
	return l, tr, nil
}

// NewStepDoc turns one step into its document form, with its prose in lang: what the
// hint command prints, or embeds in a document of its own.
func NewStepDoc(l *board.Layout, s Step, lang Lang) (StepDoc, error) {
	c, err := catalogueOf(lang)
	if err != nil {
		return StepDoc{}, err
	}
	t, err := c.bind(l)
	if err != nil {
		return StepDoc{}, err
	}
	return c.stepDoc(t, l, s)
}

func (c *catalogue) stepDoc(t *template.Template, l *board.Layout, s Step) (StepDoc, error) {
	text, err := c.render(t, c.data(l, s))
	if err != nil {
		return StepDoc{}, err
	}
	p := s.Pattern
	d := StepDoc{
		Technique: s.Technique,
		Name:      TechniqueName(s.Technique, c.lang),
		Line:      OneLiner(l, s),
		Text:      text,
		Pattern: PatternDoc{
			Digits: digitInts(p.Digits),
			Cells:  cellStrings(l, p.Cells),
			Houses: houseStrings(l, p.Houses),
			Base:   houseStrings(l, p.Base),
			Cover:  houseStrings(l, p.Cover),
			Fins:   cellStrings(l, p.Fins),
		},
	}
	for _, pl := range s.Placements {
		d.Placements = append(d.Placements, l.PlacementName(pl))
	}
	for _, e := range s.Eliminations {
		d.Eliminations = append(d.Eliminations, l.CandidateName(e))
	}
	for _, ch := range p.Chains {
		cd := ChainDoc{Loop: ch.Loop, Nodes: []GroupDoc{}, Links: []string{}}
		for _, n := range ch.Nodes {
			cd.Nodes = append(cd.Nodes, GroupDoc{Cells: cellStrings(l, n.Cells), Digits: digitInts(n.Digits)})
		}
		for _, k := range ch.Links {
			name, ok := linkNames[k]
			if !ok {
				return StepDoc{}, fmt.Errorf("explain: %s step: link kind %d is neither strong nor weak", s.Technique, k)
			}
			cd.Links = append(cd.Links, name)
		}
		d.Pattern.Chains = append(d.Pattern.Chains, cd)
	}
	for _, g := range p.Sets {
		d.Pattern.Sets = append(d.Pattern.Sets, GroupDoc{Cells: cellStrings(l, g.Cells), Digits: digitInts(g.Digits)})
	}
	d.Pattern.Cages = cageDocs(l, p.Cages)
	d.Pattern.Proof = proofDoc(l, p.Proof)
	for i := range p.Cases {
		d.Pattern.Cases = append(d.Pattern.Cases, *proofDoc(l, &p.Cases[i]))
	}
	return d, nil
}

// Step reads a step document back on layout l. Name, Line and Text are ignored.
func (d StepDoc) Step(l *board.Layout) (Step, error) {
	if d.Technique == "" {
		return Step{}, errors.New("explain: step without a technique")
	}
	s := Step{Technique: d.Technique}
	var err error
	fail := func(field string, e error) (Step, error) {
		return Step{}, fmt.Errorf("explain: %s step, %s: %w", d.Technique, field, e)
	}
	if s.Placements, err = parseCandidates(l, d.Placements, "="); err != nil {
		return fail("placements", err)
	}
	if s.Eliminations, err = parseCandidates(l, d.Eliminations, "<>"); err != nil {
		return fail("eliminations", err)
	}
	p := d.Pattern
	if s.Pattern.Digits, err = parseDigits(l, p.Digits); err != nil {
		return fail("pattern digits", err)
	}
	if s.Pattern.Cells, err = parseCells(l, p.Cells); err != nil {
		return fail("pattern cells", err)
	}
	if s.Pattern.Fins, err = parseCells(l, p.Fins); err != nil {
		return fail("pattern fins", err)
	}
	for field, hs := range map[string]struct {
		in  []string
		out *[]board.House
	}{"houses": {p.Houses, &s.Pattern.Houses}, "base": {p.Base, &s.Pattern.Base}, "cover": {p.Cover, &s.Pattern.Cover}} {
		if *hs.out, err = parseHouses(l, hs.in); err != nil {
			return fail("pattern "+field, err)
		}
	}
	for i, cd := range p.Chains {
		ch := Chain{Loop: cd.Loop}
		for _, nd := range cd.Nodes {
			g, err := nd.group(l)
			if err != nil {
				return fail(fmt.Sprintf("chain %d", i+1), err)
			}
			ch.Nodes = append(ch.Nodes, Node(g))
		}
		for _, name := range cd.Links {
			k, ok := linkKinds[name]
			if !ok {
				return fail(fmt.Sprintf("chain %d", i+1), fmt.Errorf("link %q is neither strong nor weak", name))
			}
			ch.Links = append(ch.Links, k)
		}
		want := len(ch.Nodes) - 1
		if ch.Loop {
			want = len(ch.Nodes)
		}
		if len(ch.Links) != want {
			return fail(fmt.Sprintf("chain %d", i+1), fmt.Errorf("%d nodes need %d links, got %d", len(ch.Nodes), want, len(ch.Links)))
		}
		s.Pattern.Chains = append(s.Pattern.Chains, ch)
	}
	for i, gd := range p.Sets {
		g, err := gd.group(l)
		if err != nil {
			return fail(fmt.Sprintf("set %d", i+1), err)
		}
		s.Pattern.Sets = append(s.Pattern.Sets, g)
	}
	if s.Pattern.Cages, err = parseCageDocs(l, p.Cages); err != nil {
		return fail("pattern cages", err)
	}
	if s.Pattern.Proof, err = p.Proof.proof(l); err != nil {
		return fail("pattern proof", err)
	}
	for i := range p.Cases {
		c, err := p.Cases[i].proof(l)
		if err != nil {
			return fail(fmt.Sprintf("case %d", i+1), err)
		}
		s.Pattern.Cases = append(s.Pattern.Cases, *c)
	}
	return s, nil
}

func (g GroupDoc) group(l *board.Layout) (Group, error) {
	cells, err := parseCells(l, g.Cells)
	if err != nil {
		return Group{}, err
	}
	ds, err := parseDigits(l, g.Digits)
	if err != nil {
		return Group{}, err
	}
	return Group{Cells: cells, Digits: ds}, nil
}

var (
	linkNames = map[LinkKind]string{Strong: "strong", Weak: "weak"}
	linkKinds = map[string]LinkKind{"strong": Strong, "weak": Weak}
)

// WriteJSON writes a trace as an indented JSON document (SCHEMA.md).
func WriteJSON(w io.Writer, l *board.Layout, tr Trace) error {
	d, err := NewTraceDoc(l, tr)
	if err != nil {
		return err
	}
	return writeJSON(w, d)
}

// WriteYAML writes a trace as a YAML document with the same fields as WriteJSON.
func WriteYAML(w io.Writer, l *board.Layout, tr Trace) error {
	d, err := NewTraceDoc(l, tr)
	if err != nil {
		return err
	}
	return writeYAML(w, d)
}

// ReadJSON reads a trace written by WriteJSON. Unknown fields are errors, so a
// misspelt key is caught; derived fields (names, lines, prose) are not checked.
func ReadJSON(r io.Reader) (*board.Layout, Trace, error) {
	var d TraceDoc
	if err := decodeJSON(r, &d); err != nil {
		return nil, Trace{}, fmt.Errorf("explain: reading trace JSON: %w", err)
	}
	return d.Trace()
}

// ReadYAML reads a trace written by WriteYAML, as strictly as ReadJSON.
func ReadYAML(r io.Reader) (*board.Layout, Trace, error) {
	var d TraceDoc
	dec := yaml.NewDecoder(r)
	dec.KnownFields(true)
	if err := dec.Decode(&d); err != nil {
		return nil, Trace{}, fmt.Errorf("explain: reading trace YAML: %w", err)
	}
	return d.Trace()
}

// stepFile is a step on its own: the step's fields with the language and grid size
// that give them meaning.
type stepFile struct {
	Language string `json:"language" yaml:"language"`
	Version  int    `json:"version" yaml:"version"`
	Size     int    `json:"size" yaml:"size"`
	StepDoc  `yaml:",inline"`
}

// WriteStepJSON writes one step as an indented JSON object: the fields of a step in a
// trace, plus "language", "version" and "size" (SCHEMA.md).
func WriteStepJSON(w io.Writer, l *board.Layout, s Step, lang Lang) error {
	d, err := NewStepDoc(l, s, lang)
	if err != nil {
		return err
	}
	return writeJSON(w, stepFile{Language: string(lang), Version: SchemaVersion, Size: l.N(), StepDoc: d})
}

// ReadStepJSON reads a step written by WriteStepJSON.
func ReadStepJSON(r io.Reader) (*board.Layout, Lang, Step, error) {
	var f stepFile
	if err := decodeJSON(r, &f); err != nil {
		return nil, "", Step{}, fmt.Errorf("explain: reading step JSON: %w", err)
	}
	if f.Version != SchemaVersion {
		return nil, "", Step{}, fmt.Errorf("explain: step schema version %d, want %d", f.Version, SchemaVersion)
	}
	lang, err := ParseLang(f.Language)
	if err != nil {
		return nil, "", Step{}, err
	}
	l, err := board.LayoutOf(f.Size)
	if err != nil {
		return nil, "", Step{}, fmt.Errorf("explain: step size: %w", err)
	}
	s, err := f.StepDoc.Step(l)
	if err != nil {
		return nil, "", Step{}, err
	}
	return l, lang, s, nil
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false) // keep r1c2<>5 readable
	return enc.Encode(v)
}

func writeYAML(w io.Writer, v any) error {
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return err
	}
	return enc.Close()
}

func decodeJSON(r io.Reader, v any) error {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

func digitInts(ds board.DigitSet) []int {
	var out []int
	for _, d := range ds.Digits() {
		out = append(out, int(d))
	}
	return out
}

func cellStrings(l *board.Layout, cs []board.Cell) []string {
	var out []string
	for _, c := range cs {
		out = append(out, l.CellName(c))
	}
	return out
}

func houseStrings(l *board.Layout, hs []board.House) []string {
	var out []string
	for _, h := range hs {
		out = append(out, l.HouseName(h))
	}
	return out
}

func parseDigits(l *board.Layout, ds []int) (board.DigitSet, error) {
	var s board.DigitSet
	for _, d := range ds {
		if d < 1 || d > l.N() {
			return 0, fmt.Errorf("%d is not a digit of a %dx%d grid", d, l.N(), l.N())
		}
		s = s.With(board.Digit(d))
	}
	return s, nil
}

func parseCells(l *board.Layout, names []string) ([]board.Cell, error) {
	var out []board.Cell
	for _, n := range names {
		c, err := l.ParseCell(n)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// namedExtraHouse returns the diagonal or window of l named t (as HouseName writes it).
func namedExtraHouse(l *board.Layout, t string) (board.House, bool) {
	for _, h := range l.ExtraHouses() {
		if l.HouseName(h) == t {
			return h, true
		}
	}
	return 0, false
}

// parseHouses reads house names such as r1, c2 and b3 (and d1, w2 on variants).
func parseHouses(l *board.Layout, names []string) ([]board.House, error) {
	var out []board.House
	for _, n := range names {
		t := strings.ToLower(strings.TrimSpace(n))
		if h, ok := namedExtraHouse(l, t); ok { // a variant's d1, d2, w1..w4
			out = append(out, h)
			continue
		}
		i, err := strconv.Atoi(strings.TrimLeft(t, "rcb"))
		if err != nil || len(t) < 2 || strings.ContainsAny(t[1:], "rcb") || i < 1 || i > l.N() {
			return nil, fmt.Errorf("%q is not a house of a %dx%d grid like r1, c2 or b3", n, l.N(), l.N())
		}
		switch t[0] {
		case 'r':
			out = append(out, l.RowHouse(i-1))
		case 'c':
			out = append(out, l.ColHouse(i-1))
		default:
			out = append(out, l.BoxHouse(i-1))
		}
	}
	return out, nil
}

// parseCandidates reads placements (sep "=", r3c7=4) or eliminations (sep "<>", r1c4<>1).
func parseCandidates(l *board.Layout, names []string, sep string) ([]board.Candidate, error) {
	var out []board.Candidate
	for _, n := range names {
		cellName, digit, ok := strings.Cut(n, sep)
		if !ok {
			return nil, fmt.Errorf("%q is not of the form r1c2%s5", n, sep)
		}
		c, err := l.ParseCell(cellName)
		if err != nil {
			return nil, err
		}
		d, err := strconv.Atoi(strings.TrimSpace(digit))
		if err != nil || d < 1 || d > l.N() {
			return nil, fmt.Errorf("%q: %q is not a digit of a %dx%d grid", n, digit, l.N(), l.N())
		}
		out = append(out, board.Candidate{Cell: c, Digit: board.Digit(d)})
	}
	return out, nil
}
