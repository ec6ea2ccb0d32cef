package explain

import (
	"errors"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

func TestCataloguesLoad(t *testing.T) {
	cats, err := loadCatalogues()
	require.NoError(t, err)
	assert.Equal(t, []Lang{EN, JA}, Languages())
	for lang, c := range cats {
		assert.NotEmpty(t, c.file.Techniques, "%s has no techniques", lang)
	}
}

// TestCataloguesParseInFull parses every template of every embedded catalogue: the
// command reads a technique's templates only when it first says one of its steps.
func TestCataloguesParseInFull(t *testing.T) {
	for lang := range catalogueLoaders {
		data, err := messageFiles.ReadFile("messages/" + string(lang) + ".yaml")
		require.NoError(t, err)
		c, err := parseCatalogue(lang, data)
		require.NoError(t, err, lang)
		for id := range c.file.Techniques {
			assert.NotNil(t, c.tmpl.Lookup(id), "%s: %s", lang, id)
		}
	}
}

// TestCatalogueLazy reads the English catalogue as the command does: a bound set
// parses a technique's templates when asked, those it calls with them, from any number
// of goroutines at once (run with -race).
func TestCatalogueLazy(t *testing.T) {
	data, err := messageFiles.ReadFile("messages/en.yaml")
	require.NoError(t, err)
	c, err := readCatalogue(EN, data, true)
	require.NoError(t, err)
	bt, err := c.bind(board.Classic)
	require.NoError(t, err)
	require.Nil(t, bt.Lookup("x-wing"), "not parsed before it is needed")
	require.Nil(t, bt.Lookup("forcing-chain-contradiction"))
	require.NoError(t, c.need(bt, "forcing-net-contradiction"))
	assert.NotNil(t, bt.Lookup("forcing-net-contradiction"))
	assert.NotNil(t, bt.Lookup("forcing-chain-contradiction"), "the template the net's calls")
	ids := slices.Sorted(maps.Keys(c.file.Techniques))
	done := make(chan error, 4)
	for w := range 4 {
		go func() {
			for i := range ids {
				id := ids[(i+w*7)%len(ids)]
				if err := c.need(bt, id); err != nil {
					done <- err
					return
				}
				if bt.Lookup(id) == nil {
					done <- errors.New(id + " not parsed")
					return
				}
			}
			done <- nil
		}()
	}
	for range 4 {
		require.NoError(t, <-done)
	}
}

func TestCataloguesCoverTheSameIDs(t *testing.T) {
	cats, err := loadCatalogues()
	require.NoError(t, err)
	want := slices.Sorted(maps.Keys(cats[EN].file.Techniques))
	for lang, c := range cats {
		assert.Equal(t, want, slices.Sorted(maps.Keys(c.file.Techniques)), "technique IDs of %s differ from en", lang)
	}
}

// everyField is a step with every pattern field set, so that any template, whatever
// fields it reads, can run on it.
func everyField() Step {
	return Step{
		Technique:    "",
		Placements:   []board.Candidate{cand(1, 1, 1)},
		Eliminations: []board.Candidate{cand(1, 9, 2), cand(2, 9, 2), cand(2, 9, 3)},
		Pattern: Pattern{
			Digits: digits(2, 3),
			Cells:  []board.Cell{cell(1, 2), cell(1, 3), cell(2, 2), cell(3, 3)},
			Houses: []board.House{row(1), box(1)},
			Base:   []board.House{row(1), row(5)},
			Cover:  []board.House{col(2), col(3)},
			Fins:   []board.Cell{cell(2, 1)},
			Chains: []Chain{
				{Nodes: []Node{{Cells: []board.Cell{cell(1, 2)}, Digits: digits(2)}, {Cells: []board.Cell{cell(5, 2)}, Digits: digits(2)}}, Links: []LinkKind{Strong}},
				{Nodes: []Node{{Cells: []board.Cell{cell(1, 3)}, Digits: digits(3)}, {Cells: []board.Cell{cell(5, 3)}, Digits: digits(3)}}, Links: []LinkKind{Weak}},
			},
			Sets: []Group{{Cells: []board.Cell{cell(4, 4), cell(4, 5)}, Digits: digits(2, 3, 7)}},
			Cages: CageSums{
				{Cells: []board.Cell{cell(1, 2), cell(1, 3), cell(2, 2)}, Sum: 9, Known: []board.Candidate{cand(2, 2, 4)}, Combos: []board.DigitSet{digits(2, 3)}},
				{Cells: []board.Cell{cell(4, 4), cell(4, 5)}, Sum: 17},
			},
			Proof: everyProof(),
		},
	}
}

// everyProof is a proof with a line of every reason and a lemma, so that a proof's
// template meets each of its branches (the facts need not follow from each other).
func everyProof() *Proof {
	line := func(r, c int, d board.Digit, on bool, why ProofWhy) ProofLine {
		return ProofLine{Cand: cand(r, c, d), True: on, Why: why, Cell: -1, House: -1, Cover: -1}
	}
	seen := line(1, 9, 2, false, BySeen)
	seen.Cell, seen.House = cell(1, 3), row(1)
	mate := line(5, 9, 2, false, BySeen)
	mate.Cell = cell(5, 1)
	taken := line(1, 3, 5, false, ByTaken)
	taken.Holds = 2
	hidden := line(2, 2, 7, true, ByHiddenSingle)
	hidden.House = box(1)
	locked := line(4, 4, 7, false, ByLocked)
	locked.House, locked.Cover = box(5), row(4)
	lemma := line(6, 6, 1, false, ByLemma)
	return &Proof{
		Premise: cand(1, 3, 2),
		Lines:   []ProofLine{line(1, 3, 2, true, ByPremise), seen, mate, taken, line(3, 3, 4, true, ByNakedSingle), hidden, locked, lemma},
		Lemmas: []Lemma{{
			Premise: cand(6, 6, 1),
			Lines:   []ProofLine{line(6, 6, 1, true, ByPremise), seen},
			Clash:   Clash{Cell: -1, House: row(6), Digit: 3},
		}},
		Clash: Clash{Cell: cell(9, 9), House: -1},
	}
}

func TestEveryTemplateExecutes(t *testing.T) {
	cats, err := loadCatalogues()
	require.NoError(t, err)
	for lang, c := range cats {
		for id := range c.file.Techniques {
			t.Run(string(lang)+"/"+id, func(t *testing.T) {
				s := everyField()
				s.Technique = id
				got, err := Prose(board.Classic, s, lang)
				require.NoError(t, err)
				assert.NotEmpty(t, got)
			})
		}
	}
}

// TestNamesOneSource: the English names of en.yaml are what Name returns, and the
// one-liner starts with them.
func TestNamesOneSource(t *testing.T) {
	cats, err := loadCatalogues()
	require.NoError(t, err)
	for id, e := range cats[EN].file.Techniques {
		assert.Equal(t, e.Name, Name(id), id)
		assert.Equal(t, e.Name, TechniqueName(id, EN), id)
		s := everyField()
		s.Technique = id
		assert.Regexp(t, "^"+regexp.QuoteMeta(e.Name)+": ", OneLiner(board.Classic, s))
	}
}

// TestJapaneseNames: the commonest term first, the alternative in brackets, as the
// glossary (shared/glossary-ja.md) gives them.
func TestJapaneseNames(t *testing.T) {
	tests := []struct{ id, want string }{
		{"full-house", "フルハウス（最後の1マス）"},
		{"naked-single", "唯一候補（ネイキッドシングル）"},
		{"hidden-single", "隠れたシングル（ヒドゥンシングル）"},
		{"locked-candidates-pointing", "ポインティング"},
		{"locked-candidates-claiming", "ボックスライン（クレーミング）"},
		{"naked-pair", "二国同盟（ネイキッドペア）"},
		{"naked-triple", "三国同盟（ネイキッドトリプル）"},
		{"naked-quad", "四国同盟（ネイキッドクアッド）"},
		{"hidden-pair", "隠れた二国同盟（ヒドゥンペア）"},
		{"x-wing", "Xウイング（井桁の理）"},
		{"swordfish", "ソードフィッシュ"},
		{"jellyfish", "ジェリーフィッシュ"},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			assert.Equal(t, tc.want, TechniqueName(tc.id, JA))
		})
	}
}

func TestTechniqueNameFallbacks(t *testing.T) {
	assert.Equal(t, "X-Wing", TechniqueName("x-wing", Lang("fr")), "an unknown language falls back to English")
	assert.Equal(t, "no-such-id", TechniqueName("no-such-id", JA), "an unknown ID is its own name")
}

func TestParseLang(t *testing.T) {
	tests := []struct {
		in, want, wantErr string
	}{
		{in: "en", want: "en"},
		{in: " JA ", want: "ja"},
		{in: "fr", wantErr: `unknown language "fr" (languages: en, ja)`},
		{in: "", wantErr: "unknown language"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseLang(tc.in)
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, Lang(tc.want), got)
		})
	}
}

// minimalCatalogue is a valid catalogue that the cases below break one way each.
const minimalCatalogue = `language: en
name: English
words:
  line_join: " "
  row: "row {n}"
  column: "column {n}"
  box: "box {n}"
  kinds: {row: row, column: column, box: box}
  kinds_plural: {row: rows, column: columns, box: boxes}
  and: {two: "{a} and {b}", sep: ", ", last: " and "}
  or: {two: "{a} or {b}", sep: ", ", last: " or "}
  removal: "{digits} from {cells}"
  removals: {two: "{a}, {b}", sep: ", ", last: ", "}
  placement: "{digit} in {cell}"
  why: {held: "{holder}", step: "{step}", given: "g"}
headings: {puzzle: P, steps: S, solution: So, second_solution: A, reached: R, summary: Su}
summary: "{{.Steps}}"
generic: "{{.Name}}."
short: "{{.Name}}."
lead: "{{.Name}}."
links_rule: "r"
singles: "s"
techniques:
  x-wing: {name: X-Wing, line: "{digits}", text: "{{.Digit}}."}
`

func TestParseCatalogueRejects(t *testing.T) {
	replace := func(old, new string) string {
		require.Contains(t, minimalCatalogue, old, "test case")
		return strings.Replace(minimalCatalogue, old, new, 1)
	}
	tests := []struct {
		name, lang, yaml, wantErr string
	}{
		{"a misspelt key", "en", replace("headings:", "heading:"), "field heading not found"},
		{"a file named for another language", "ja", minimalCatalogue, `language "en" does not match`},
		{"a house form without its number", "en", replace(`"row {n}"`, `"row"`), "words.row"},
		{"a list form without {b}", "en", replace(`{two: "{a} and {b}"`, `{two: "{a} and"`), "words.and.two"},
		{"a technique without text", "en", replace(`text: "{{.Digit}}."`, `text: ""`), "technique x-wing has no text"},
		{"a template that does not parse", "en", replace(`"{{.Digit}}."`, `"{{.Digit."`), "template x-wing"},
		{"a template with an unknown helper", "en", replace(`"{{.Digit}}."`, `"{{frobnicate .Digit}}"`), "frobnicate"},
		{"a one-liner form outside English", "ja", replace("language: en", "language: ja"), "only the English catalogue"},
		{"no links rule", "en", replace(`links_rule: "r"`, ""), "no links_rule template"},
		{"no singles", "en", replace(`singles: "s"`, ""), "no singles template"},
		{"two documents", "en", minimalCatalogue + "---\nlanguage: en\n", "more than one YAML document"},
	}
	_, err := parseCatalogue(EN, []byte(minimalCatalogue))
	require.NoError(t, err, "the minimal catalogue itself must be valid")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := parseCatalogue(Lang(tc.lang), []byte(tc.yaml))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.wantErr)
		})
	}
}
