package explain

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/template"

	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
)

// The message catalogues: one YAML file per language, named by its code. They are
// data so that a new technique (or language) is a matter of new entries, not code.
//
//go:embed messages/*.yaml
var messageFiles embed.FS

// catalogueFile is the shape of messages/<lang>.yaml, decoded strictly so that a
// misspelt key fails the tests instead of silently dropping a message.
type catalogueFile struct {
	Language string   `yaml:"language"`
	Name     string   `yaml:"name"`
	Words    words    `yaml:"words"`
	Headings headings `yaml:"headings"`
	Summary  string   `yaml:"summary"`
	Generic  string   `yaml:"generic"`
	// Short is the one-sentence form of a step whose technique has no short form of its
	// own (a walkthrough at detail "new" says it for a technique explained before).
	Short string `yaml:"short"`
	// LinkWhy says why one link of a forcing chain holds; "." is a LinkWhy.
	LinkWhy string `yaml:"link_why"`
	// LinksRule says how a chain of links reads ("r4c7=6 (r4) => ..."): forcing nets'
	// proofs and loops at the default detail share it.
	LinksRule string `yaml:"links_rule"`
	// Singles writes a run of singles as one item of a walkthrough; "." is a
	// singlesData.
	Singles string `yaml:"singles"`
	// Lead opens a long step with a one-sentence summary.
	Lead       string                    `yaml:"lead"`
	Techniques map[string]techniqueEntry `yaml:"techniques"`
	// Hint is what a hint says (hint.go).
	Hint hintWords `yaml:"hint"`
}

// techniqueEntry is what a catalogue says about one technique ID.
type techniqueEntry struct {
	// Name is the display name.
	Name string `yaml:"name"`
	// Line is the pattern part of the canonical one-liner, with placeholders
	// {digits} {cells} {houses} {base} {cover} {fins} {conclusion}. Only the English
	// catalogue has it: the one-liner is notation, the same in every language.
	Line string `yaml:"line"`
	// Text is the prose template (text/template); see messages/README.md.
	Text string `yaml:"text"`
	// Short, when set, is the one-sentence form said once the technique was explained.
	Short string `yaml:"short"`
	// Lead, when set, is the technique's own one-sentence summary before a long step.
	Lead string `yaml:"lead"`
	// Pivot tells that the first pattern cell of the technique is a pivot (a wing's),
	// which pictures draw apart. Only the English catalogue, with the one-liner forms,
	// says it: it is about the pattern, not the language.
	Pivot bool `yaml:"pivot"`
	// HintAt, when "set", makes level 2 of a hint point at the cells of the pattern's
	// first set (a junior exocet's base cells) rather than its houses. English only.
	HintAt string `yaml:"hint_at"`
	// Head, when set, is the heading of a step in this language after the technique's
	// name, with the placeholders of Line ({houses}, {base}, {cover} in words).
	Head string `yaml:"head"`
}

// words says how a language writes the small pieces the templates are made of.
type words struct {
	// Capitalize: the cap helper upper-cases the first letter (not for scripts without case).
	Capitalize bool `yaml:"capitalize"`
	// LineJoin joins the lines of a template's output: " " in English, "" in Japanese.
	LineJoin string `yaml:"line_join"`
	// Numbers are number words from zero up ("two", "three"); past the end, digits.
	Numbers []string `yaml:"numbers"`
	// Row, Column and Box write one house, with {n} for its number ("row {n}", "{n}行").
	Row    string `yaml:"row"`
	Column string `yaml:"column"`
	Box    string `yaml:"box"`
	// Rows, Columns and Boxes write several houses of one kind at once ("rows {n}" with
	// {n} = "2 and 6"); when empty, each house is written on its own and joined.
	Rows    string `yaml:"rows"`
	Columns string `yaml:"columns"`
	Boxes   string `yaml:"boxes"`
	// And and Or join lists ("1, 5 and 7"; "1・5・7").
	And listForm `yaml:"and"`
	Or  listForm `yaml:"or"`
	// Removal writes the candidates removed from a group of cells, with {digits} and
	// {cells} ("{digits} from {cells}"); Removals joins several groups.
	Removal  string   `yaml:"removal"`
	Removals listForm `yaml:"removals"`
	// RemovalsMulti, when set, joins the groups instead of Removals as soon as one group
	// has several digits ("4 and 6 from r7c5; 6 from r7c8").
	RemovalsMulti listForm `yaml:"removals_multi"`
	// AfterStep and AfterSteps follow the heading of a single written bare whose
	// candidates earlier steps removed: ", after step {steps}" with one step number,
	// ", after steps {steps}" with several (joined by And).
	AfterStep  string `yaml:"after_step"`
	AfterSteps string `yaml:"after_steps"`
	// Why words a Witness: Held with {holder} {digit} {house}, Step with {step}, Given.
	Why whyWords `yaml:"why"`
	// HeadSep joins a technique's name and its pattern in a step's heading (": ", "：").
	HeadSep string `yaml:"head_sep"`
	// Placement writes one placement with {digit} and {cell} ("{digit} in {cell}").
	Placement string `yaml:"placement"`
	// Cell writes one cell in prose and headings, with {r} and {c} (its row and column
	// from 1): "R{r}C{c}" in Japanese, where houses are words too; empty: the notation,
	// r1c2. One-liners and chain notation keep r1c2 in every language.
	Cell string `yaml:"cell"`
	// NotationUpper writes the notation inside prose and headings upper-case: chains
	// ((4)R1C2=(4)R1C8), cages and cell groups (R2C126), as Japanese solver sites do, so
	// that one text has one style of cell. The one-liner keeps r1c2.
	NotationUpper bool `yaml:"notation_upper"`
	// HeadPlaced and HeadRemoved write a conclusion in a heading, with {cell} and
	// {digit} (empty: the one-liner's r1c2=5 and r1c2<>5); HeadArrow goes before the
	// conclusions (empty: " => ").
	HeadPlaced  string `yaml:"head_placed"`
	HeadRemoved string `yaml:"head_removed"`
	HeadArrow   string `yaml:"head_arrow"`
	// HeadKnown writes the digits already placed in a cage after its cells in a
	// heading, with {known} (" (r5c2=1)").
	HeadKnown string `yaml:"head_known"`
	// Kinds and KindsPlural name the kinds of house without a number ("row", "rows").
	Kinds       kindWords `yaml:"kinds"`
	KindsPlural kindWords `yaml:"kinds_plural"`
	// Count writes a number of houses of one kind with {n} and {kinds} ("two rows").
	Count        string `yaml:"count"`
	variantWords `yaml:",inline"`
}

// whyWords say why a digit is not a candidate of a cell (Witness.Say).
type whyWords struct {
	Held  string `yaml:"held"`
	Step  string `yaml:"step"`
	Given string `yaml:"given"`
	// Cage: the cell's killer cage cannot make its sum with the digit ({size} {sum}
	// {combos}); CageCell: it can, but not with the digit in this cell ({cell} too).
	Cage     string `yaml:"cage"`
	CageCell string `yaml:"cage_cell"`
}

// kindWords names the kinds of house (the last three for variants: words.go).
type kindWords struct {
	Row      string `yaml:"row"`
	Column   string `yaml:"column"`
	Box      string `yaml:"box"`
	Diagonal string `yaml:"diagonal"`
	Window   string `yaml:"window"`
	Region   string `yaml:"region"`
}

// listForm joins a list of words: two items with Two ("{a} and {b}"), more with Sep
// between them and Last before the last one; Many, when set, wraps a list of three
// or more ("{list}のいずれか").
type listForm struct {
	Two  string `yaml:"two"`
	Sep  string `yaml:"sep"`
	Last string `yaml:"last"`
	Many string `yaml:"many"`
}

// headings are the fixed words of the text walkthrough.
type headings struct {
	Puzzle         string `yaml:"puzzle"`
	Steps          string `yaml:"steps"`
	Solution       string `yaml:"solution"`
	SecondSolution string `yaml:"second_solution"`
	Reached        string `yaml:"reached"`
	Summary        string `yaml:"summary"`
	// Batch heads one walkthrough of a file of puzzles, with {line} its line number.
	Batch string `yaml:"batch"`
}

// BatchHeading heads the walkthrough of the puzzle on line n of a file in lang:
// "=== line 12 ===", "=== 入力12行目 ===".
func BatchHeading(lang Lang, n int) string {
	form := "=== line {line} ==="
	if c, err := catalogueOf(langOrEnglish(lang)); err == nil && c.file.Headings.Batch != "" {
		form = c.file.Headings.Batch
	}
	return subst(form, "line", strconv.Itoa(n))
}

// catalogue is one language's messages with its templates parsed.
type catalogue struct {
	lang Lang
	file catalogueFile
	// tmpl holds the templates that are not about one technique (genericTemplate,
	// summaryTemplate ...) and, when every template was parsed up front (parseCatalogue,
	// which the tests use to check a catalogue), one per technique ID and its short and
	// lead forms. Otherwise a technique's templates are parsed the first time a bound
	// set needs them (need): a walkthrough uses a few dozen of the hundred and more
	// techniques, and parsing them all was most of the 6.5 ms the English one took.
	tmpl *template.Template
	lazy bool
	// bound caches tmpl bound to each layout's helpers (see bind).
	bound sync.Map // *board.Layout -> *template.Template
	// parsed holds, per bound set of a lazy catalogue, the technique IDs whose templates
	// it has (*lazyParsed).
	parsed sync.Map // *template.Template -> *lazyParsed
}

// lazyParsed is the technique IDs whose templates one bound set has parsed.
type lazyParsed struct {
	mu  sync.Mutex
	ids map[string]bool
}

// The names of the templates that are not about one technique; "@" keeps them apart
// from technique IDs, which are kebab-case.
const (
	genericTemplate   = "@generic"
	summaryTemplate   = "@summary"
	shortTemplate     = "@short"
	leadTemplate      = "@lead"
	linkWhyTemplate   = "@why"
	linksRuleTemplate = "@links-rule"
	singlesTemplate   = "@singles"
	// shortSuffix names a technique's own short form: "hidden-single@short".
	shortSuffix = "@short"
)

// topTemplate is a template of a catalogue file that is not about one technique: the
// name it is parsed under, its YAML key, its text, and whether a catalogue must have it.
type topTemplate struct {
	name, key, text string
	required        bool
}

// topTemplates are f's templates that are not about one technique, in the order they
// are parsed.
func (f *catalogueFile) topTemplates() []topTemplate {
	return []topTemplate{
		{genericTemplate, "generic", f.Generic, true},
		{summaryTemplate, "summary", f.Summary, true},
		{shortTemplate, "short", f.Short, true},
		{leadTemplate, "lead", f.Lead, true},
		{linkWhyTemplate, "link_why", f.LinkWhy, false},
		{linksRuleTemplate, "links_rule", f.LinksRule, true},
		{singlesTemplate, "singles", f.Singles, true},
	}
}

// catalogueLoaders reads and checks each embedded catalogue once, the first time it
// is asked for: a command writing English prose does not parse the other languages
// (each takes some 15 ms). The catalogues never change. The map is made once, from the
// file names alone.
var catalogueLoaders = func() map[Lang]func() (*catalogue, error) {
	out := map[Lang]func() (*catalogue, error){}
	names, _ := messageFiles.ReadDir("messages") // embedded: cannot fail
	for _, e := range names {
		if path.Ext(e.Name()) != ".yaml" {
			continue
		}
		lang := Lang(strings.TrimSuffix(e.Name(), ".yaml"))
		file := "messages/" + e.Name()
		out[lang] = sync.OnceValues(func() (*catalogue, error) {
			data, err := messageFiles.ReadFile(file)
			if err != nil {
				return nil, fmt.Errorf("explain: %s: %w", file, err)
			}
			c, err := readCatalogue(lang, data, true)
			if err != nil {
				return nil, fmt.Errorf("explain: %s: %w", file, err)
			}
			return c, nil
		})
	}
	return out
}()

// loadCatalogue returns the catalogue of lang, read on first use; an error when lang
// has none or it does not read.
func loadCatalogue(lang Lang) (*catalogue, error) {
	load, ok := catalogueLoaders[lang]
	if !ok {
		if lang == EN {
			return nil, errors.New("explain: messages: no English catalogue (en.yaml)")
		}
		return nil, fmt.Errorf("explain: unknown language %q", lang)
	}
	return load()
}

// Preload reads the catalogue of lang (and English, which it falls back on) if not
// read yet, so that the first prose written need not wait for it: a command that
// solves first can read it on another goroutine meanwhile. It is safe to call from
// any goroutine, any number of times.
func Preload(lang Lang) {
	loadCatalogue(EN)
	loadCatalogue(lang)
}

// loadCatalogues returns every catalogue, reading those not read yet.
func loadCatalogues() (map[Lang]*catalogue, error) {
	if _, err := loadCatalogue(EN); err != nil {
		return nil, err
	}
	out := map[Lang]*catalogue{}
	for lang := range catalogueLoaders {
		c, err := loadCatalogue(lang)
		if err != nil {
			return nil, err
		}
		out[lang] = c
	}
	return out, nil
}

// parseCatalogue decodes one catalogue strictly, checks it and parses all its
// templates.
func parseCatalogue(lang Lang, data []byte) (*catalogue, error) {
	return readCatalogue(lang, data, false)
}

// readCatalogue decodes one catalogue strictly, checks it and parses its templates,
// those of the techniques only as they are needed when lazy (the embedded catalogues,
// which the tests parse in full).
func readCatalogue(lang Lang, data []byte, lazy bool) (*catalogue, error) {
	var f catalogueFile
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return nil, err
	}
	if err := dec.Decode(new(any)); err != io.EOF {
		return nil, errors.New("more than one YAML document")
	}
	if Lang(f.Language) != lang {
		return nil, fmt.Errorf("language %q does not match the file name", f.Language)
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	c := &catalogue{lang: lang, file: f, lazy: lazy}
	// The helpers are bound to a layout per execution (see bind); these stand-ins only
	// declare the names so that parsing can check them.
	t := template.New(string(lang)).Option("missingkey=error").Funcs(c.funcs(nil))
	parse := func(name, text string) error {
		if _, err := t.New(name).Parse(text); err != nil {
			return fmt.Errorf("template %s: %w", name, err)
		}
		return nil
	}
	for _, tt := range f.topTemplates() {
		if err := parse(tt.name, tt.text); err != nil {
			return nil, err
		}
	}
	if !lazy {
		for id := range f.Techniques {
			if err := c.parseTechnique(t, id); err != nil {
				return nil, err
			}
		}
	}
	c.tmpl = t
	return c, nil
}

// parseTechnique parses the templates of technique id (its text and its short and
// lead forms) into t.
func (c *catalogue) parseTechnique(t *template.Template, id string) error {
	e := c.file.Techniques[id]
	for _, form := range [...]struct{ name, text string }{{id, e.Text}, {id + shortSuffix, e.Short}, {id + leadTemplate, e.Lead}} {
		if form.text == "" {
			continue
		}
		if _, err := t.New(form.name).Parse(form.text); err != nil {
			return fmt.Errorf("template %s: %w", form.name, err)
		}
	}
	return nil
}

// calledTemplate finds the technique templates a template calls: {{template "id" .}}.
var calledTemplate = regexp.MustCompile(`{{-?\s*template\s+"([^"@]+)"`)

// need makes sure that t, a set bind returned, has the templates of technique id and
// of the techniques they call. Safe for concurrent use.
func (c *catalogue) need(t *template.Template, id string) error {
	v, ok := c.parsed.Load(t)
	if !ok {
		return nil // every template was parsed up front
	}
	lp := v.(*lazyParsed)
	lp.mu.Lock()
	defer lp.mu.Unlock()
	for todo := []string{id}; len(todo) > 0; {
		id := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		e, ok := c.file.Techniques[id]
		if !ok || lp.ids[id] {
			continue
		}
		if err := c.parseTechnique(t, id); err != nil {
			return fmt.Errorf("explain: %s: %w", c.lang, err)
		}
		lp.ids[id] = true
		for _, text := range []string{e.Text, e.Short, e.Lead} {
			for _, m := range calledTemplate.FindAllStringSubmatch(text, -1) {
				todo = append(todo, m[1])
			}
		}
	}
	return nil
}

// check finds the mistakes that decoding lets through: missing messages, placeholders
// that would never be filled, a one-liner form outside the English catalogue.
func (f *catalogueFile) check() error {
	var problems []string
	add := func(format string, args ...any) { problems = append(problems, fmt.Sprintf(format, args...)) }
	if f.Name == "" {
		add("no name")
	}
	w := f.Words
	for key, form := range map[string]string{"row": w.Row, "column": w.Column, "box": w.Box} {
		if !strings.Contains(form, "{n}") {
			add("words.%s %q has no {n}", key, form)
		}
	}
	for key, form := range map[string]string{"rows": w.Rows, "columns": w.Columns, "boxes": w.Boxes} {
		if form != "" && !strings.Contains(form, "{n}") {
			add("words.%s %q has no {n}", key, form)
		}
	}
	for key, lf := range map[string]listForm{"and": w.And, "or": w.Or, "removals": w.Removals} {
		if !strings.Contains(lf.Two, "{a}") || !strings.Contains(lf.Two, "{b}") {
			add("words.%s.two %q needs {a} and {b}", key, lf.Two)
		}
		if lf.Many != "" && !strings.Contains(lf.Many, "{list}") {
			add("words.%s.many %q has no {list}", key, lf.Many)
		}
	}
	if !strings.Contains(w.Removal, "{digits}") || !strings.Contains(w.Removal, "{cells}") {
		add("words.removal %q needs {digits} and {cells}", w.Removal)
	}
	if !strings.Contains(w.Why.Held, "{holder}") || !strings.Contains(w.Why.Step, "{step}") || w.Why.Given == "" {
		add("words.why needs held with {holder}, step with {step}, and given")
	}
	if !strings.Contains(w.Placement, "{digit}") || !strings.Contains(w.Placement, "{cell}") {
		add("words.placement %q needs {digit} and {cell}", w.Placement)
	}
	h := f.Headings
	for key, v := range map[string]string{"headings.puzzle": h.Puzzle, "headings.steps": h.Steps, "headings.solution": h.Solution,
		"headings.second_solution": h.SecondSolution, "headings.reached": h.Reached, "headings.summary": h.Summary,
		"words.kinds.row": w.Kinds.Row, "words.kinds.column": w.Kinds.Column, "words.kinds.box": w.Kinds.Box,
		"words.kinds_plural.row": w.KindsPlural.Row, "words.kinds_plural.column": w.KindsPlural.Column,
		"words.kinds_plural.box": w.KindsPlural.Box} {
		if v == "" {
			add("%s is empty", key)
		}
	}
	for _, tt := range f.topTemplates() {
		if tt.required && tt.text == "" {
			add("no %s template", tt.key)
		}
	}
	f.Hint.check(add)
	for id, e := range f.Techniques {
		if e.Name == "" {
			add("technique %s has no name", id)
		}
		if e.Text == "" {
			add("technique %s has no text", id)
		}
		if (e.Line != "" || e.Pivot) && Lang(f.Language) != EN {
			add("technique %s: only the English catalogue holds the one-liner form", id)
		}
	}
	if len(problems) > 0 {
		slices.Sort(problems)
		return errors.New(strings.Join(problems, "; "))
	}
	return nil
}

// catalogueOf returns the catalogue of lang, or an error naming the languages there are.
func catalogueOf(lang Lang) (*catalogue, error) {
	if _, ok := catalogueLoaders[lang]; !ok {
		_, err := ParseLang(string(lang))
		if err == nil {
			err = fmt.Errorf("explain: unknown language %q", lang)
		}
		return nil, err
	}
	return loadCatalogue(lang)
}

// Pivot returns the pivot of step s, the cell its pattern turns on (a wing's first
// cell), when its technique has one.
func Pivot(s Step) (board.Cell, bool) {
	en, err := loadCatalogue(EN)
	if err != nil || len(s.Pattern.Cells) == 0 {
		return 0, false
	}
	if e, ok := en.file.Techniques[s.Technique]; ok && e.Pivot {
		return s.Pattern.Cells[0], true
	}
	return 0, false
}

// TechniqueName returns the display name of a technique ID in lang: the English name
// when lang has none (or is unknown), the ID itself when no catalogue knows it.
func TechniqueName(id string, lang Lang) string {
	if c, err := loadCatalogue(lang); err == nil {
		if e, ok := c.file.Techniques[id]; ok {
			return e.Name
		}
	}
	if en, err := loadCatalogue(EN); err == nil {
		if e, ok := en.file.Techniques[id]; ok {
			return e.Name
		}
	}
	return id
}
