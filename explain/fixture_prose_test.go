package explain_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques"
)

// The prose goldens say the steps the technique fixtures already hold: for every case
// of testdata/techniques/*.yaml that finds something, the first step the technique
// finds there. testdata/samples.yaml keeps only steps no fixture gives.

// fixtureDir is the technique fixtures of the techniques package (DESIGN.md, Fixtures).
const fixtureDir = "../testdata/techniques"

// fixtureCase is the part of a fixture case the prose needs; unknown keys are allowed
// here, the techniques package checks the schema strictly.
type fixtureCase struct {
	Name    string   `yaml:"name"`
	Grid    string   `yaml:"grid"`
	Variant string   `yaml:"variant"`
	Placed  []string `yaml:"placed"`
	Removed []string `yaml:"removed"`
	Want    []string `yaml:"want"`
}

type fixtureFile struct {
	Technique string        `yaml:"technique"`
	Cases     []fixtureCase `yaml:"cases"`
}

// proseStep is one step the prose tests say: its name in the golden file and the
// layout it is on.
type proseStep struct {
	name   string
	layout *board.Layout
	step   explain.Step
}

// proseSteps returns the first step of every fixture case that finds something, in
// file and case order, then the samples of testdata/samples.yaml.
func proseSteps(t *testing.T) []proseStep {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(fixtureDir, "*.yaml"))
	require.NoError(t, err)
	if len(paths) == 0 {
		t.Fatalf("no fixtures in %s", fixtureDir)
	}
	slices.Sort(paths)
	var out []proseStep
	for _, path := range paths {
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		var f fixtureFile
		require.NoError(t, yaml.Unmarshal(data, &f), "%s", path)
		tech, ok := techniques.ByID(f.Technique)
		require.True(t, ok, "%s: unknown technique %q", path, f.Technique)
		for _, c := range f.Cases {
			if len(c.Want) == 0 {
				continue
			}
			where := fmt.Sprintf("%s, case %q", path, c.Name)
			b := fixtureBoard(t, where, c)
			// Unique: the fixture says the technique applies here, uniqueness ones too.
			s, _, ok, err := techniques.First(context.Background(), b, []techniques.Technique{tech}, techniques.Knowledge{Unique: true})
			require.NoError(t, err, where)
			require.True(t, ok, "%s: the technique finds nothing", where)
			line := explain.OneLiner(b.Layout(), s)
			require.Contains(t, c.Want, line, "%s: the step found is not one the case wants", where)
			out = append(out, proseStep{name: f.Technique + ": " + c.Name, layout: b.Layout(), step: s})
		}
	}
	return append(out, samples(t)...)
}

// fixtureBoard builds a case's candidate state as the fixture runner does.
func fixtureBoard(t *testing.T, where string, c fixtureCase) *board.Board {
	t.Helper()
	var b *board.Board
	var err error
	if c.Variant == "" {
		b, err = board.Parse(c.Grid)
	} else {
		var v board.Variant
		if v, err = board.ParseVariant(c.Variant); err == nil {
			b, err = board.ParseVariantLine(c.Grid, v)
		}
	}
	require.NoError(t, err, "%s: grid", where)
	l := b.Layout()
	for _, p := range c.Placed {
		cand := parseCandidate(t, l, p, "=", where+": placed")
		require.NoError(t, b.Place(cand.Cell, cand.Digit), "%s: placed %q", where, p)
	}
	for _, r := range c.Removed {
		cand := parseCandidate(t, l, r, "<>", where+": removed")
		require.True(t, b.Eliminate(cand.Cell, cand.Digit), "%s: removed %s is not a candidate", where, r)
	}
	return b
}

// parseCandidate reads a cell, sep and a digit ("r1c2=5", "r1c2<>5").
func parseCandidate(t *testing.T, l *board.Layout, s, sep, what string) board.Candidate {
	t.Helper()
	cell, digit, ok := strings.Cut(strings.TrimSpace(s), sep)
	require.True(t, ok, "%s %q is not like r1c2%s5", what, s, sep)
	c, err := l.ParseCell(cell)
	require.NoError(t, err, "%s %q", what, s)
	var d int
	_, err = fmt.Sscan(digit, &d)
	require.NoError(t, err, "%s %q", what, s)
	return board.Candidate{Cell: c, Digit: board.Digit(d)}
}

// sample is a hand-built step of testdata/samples.yaml.
type sample struct {
	Name string          `yaml:"name"`
	Step explain.StepDoc `yaml:"step"`
}

// samples reads testdata/samples.yaml strictly: the steps no fixture gives.
func samples(t *testing.T) []proseStep {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "samples.yaml"))
	require.NoError(t, err)
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	var ss []sample
	require.NoError(t, dec.Decode(&ss))
	out := make([]proseStep, len(ss))
	for i, s := range ss {
		st, err := s.Step.Step(board.Classic)
		require.NoError(t, err, "sample %q", s.Name)
		out[i] = proseStep{name: "sample: " + s.Name, layout: board.Classic, step: st}
	}
	return out
}

// TestProseGolden says every step of proseSteps in every language; the golden files
// are the place to read and review the prose.
func TestProseGolden(t *testing.T) {
	steps := proseSteps(t)
	for _, lang := range explain.Languages() {
		t.Run(string(lang), func(t *testing.T) {
			var sb strings.Builder
			for _, s := range steps {
				p, err := explain.Prose(s.layout, s.step, lang)
				require.NoError(t, err, s.name)
				sb.WriteString("== " + s.name + "\n" + explain.OneLiner(s.layout, s.step) + "\n" + p + "\n\n")
				// A proof of singles reads as one chain of links in a walkthrough.
				if linked, err := explain.ProseAt(s.layout, s.step, lang, explain.DetailNew); err != nil || linked != p {
					require.NoError(t, err, s.name)
					sb.WriteString("== " + s.name + ", as a walkthrough writes it\n" + linked + "\n\n")
				}
			}
			explain.CheckGolden(t, "prose-"+string(lang)+".golden", sb.String())
		})
	}
}

// TestProseCoversCatalogue keeps the golden files in step with the catalogue: every
// technique ID there has at least one step said in them.
func TestProseCoversCatalogue(t *testing.T) {
	have := map[string]bool{}
	for _, s := range proseSteps(t) {
		have[s.step.Technique] = true
	}
	ids, err := explain.CatalogueIDs()
	require.NoError(t, err)
	for _, id := range ids {
		assert.True(t, have[id], "no step of %s in the prose goldens: add a fixture case in %s or a sample in testdata/samples.yaml", id, fixtureDir)
	}
}

// TestProseStyle checks what every sentence of each language must look like, on every
// step of the goldens: a full sentence, and no text from the wrong script or template
// leftovers.
func TestProseStyle(t *testing.T) {
	for _, s := range proseSteps(t) {
		t.Run(s.name, func(t *testing.T) {
			for _, d := range []explain.Detail{explain.DetailFull, explain.DetailNew} {
				proseStyle(t, s, d)
			}
		})
	}
}

// proseStyle checks the prose of one step at detail d in English and Japanese.
func proseStyle(t *testing.T, s proseStep, d explain.Detail) {
	t.Helper()
	en, err := explain.ProseAt(s.layout, s.step, explain.EN, d)
	require.NoError(t, err)
	assert.True(t, unicode.IsUpper([]rune(en)[0]), "English prose starts with a capital: %q", en)
	assert.True(t, strings.HasSuffix(en, "."), "English prose ends with a full stop: %q", en)
	assert.NotContains(t, en, "  ")
	assert.False(t, strings.ContainsFunc(en, func(r rune) bool { return r > unicode.MaxLatin1 }), "English prose has non-Latin text: %q", en)

	ja, err := explain.ProseAt(s.layout, s.step, explain.JA, d)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(ja, "。"), "Japanese prose ends with 。: %q", ja)
	if explain.TechniqueName(s.step.Technique, explain.JA) != s.step.Technique {
		// The generic sentence quotes notation, which has spaces; templates do not.
		assert.NotContains(t, ja, " ", "Japanese prose has no spaces: %q", ja)
	}
	assert.NotContains(t, ja, "だ。", "Japanese prose is in です/ます style: %q", ja)
	for _, p := range []string{en, ja} {
		assert.NotContains(t, p, "<no value>")
		assert.NotContains(t, p, "{{")
	}
}

// TestProseConcurrent runs Prose from several goroutines, as batch solving on every
// core does; run with -race it checks that the shared templates are not written to.
func TestProseConcurrent(t *testing.T) {
	steps := proseSteps(t)
	want := make([]string, len(steps))
	for i, s := range steps {
		p, err := explain.Prose(s.layout, s.step, explain.JA)
		require.NoError(t, err, s.name)
		want[i] = p
	}
	errs := make(chan error, 4)
	got := make([][]string, 4)
	for g := range 4 {
		go func() {
			got[g] = make([]string, len(steps))
			for i, s := range steps {
				p, err := explain.Prose(s.layout, s.step, explain.JA)
				if err != nil {
					errs <- err
					return
				}
				got[g][i] = p
			}
			errs <- nil
		}()
	}
	for range 4 {
		require.NoError(t, <-errs)
	}
	for g := range 4 {
		assert.Equal(t, want, got[g])
	}
}

// TestProseStepsRoundTrip writes every step of the goldens in the step schema and reads
// it back.
func TestProseStepsRoundTrip(t *testing.T) {
	for _, s := range proseSteps(t) {
		t.Run(s.name, func(t *testing.T) {
			d, err := explain.NewStepDoc(s.layout, s.step, explain.EN)
			require.NoError(t, err)
			got, err := d.Step(s.layout)
			require.NoError(t, err)
			assert.Equal(t, s.step, got)
		})
	}
}

// TestProseIssue10 checks, on fixture steps, the points of issue 10 that the named
// puzzles do not reach, in English and Japanese.
func TestProseIssue10(t *testing.T) {
	byName := map[string]proseStep{}
	for _, s := range proseSteps(t) {
		byName[s.name] = s
	}
	cases := []struct {
		step   string
		en, ja []string
	}{
		{"unique-rectangle-4: sample puzzle 1 after 45 steps",
			[]string{"If the other were 5, the four corners would hold 5 and 7 crosswise", "Either of them may be the 7, so neither can be 5"},
			[]string{"もう一方が5だと、4つの角に5と7がたすき掛けに入り", "どちらが7になるかはわからないので、どちらも5にはなれません"}},
		{"empty-rectangle: 9 in b4 (r4c9,r1c9)",
			[]string{"lies in row 4 or column 2", "the only places of 9 in column 9", "lose its places in row 4 and need column 2"},
			[]string{"4行目と2列目にしかありません", "9列目で9が入れる唯一の2マス"}},
		{"simple-colors-trap: 5 (r5c6,r6c7,r7c4,r7c8,r9c6) / (r5c8,r6c4,r9c7)",
			[]string{"r5c6 sees r9c6 (A) and r5c8 and r6c4 (B)"},
			[]string{"R5C6は色AのR9C6と色BのR5C8とR6C4を見ます"}},
		{"medusa-3d: top1465:1, step 16",
			[]string{"Colour A: 4 in r2c6 and 4 in r3c7. Colour B: 4 in r2c9 and 4 in r6c7."},
			[]string{"色A：R2C6に4とR3C7に4。色B：R2C9に4とR6C7に4。"}},
		{"sample: forcing chain verity, every place of 4 in a row",
			[]string{"Case 1: r2c6 is 4. Branch 1, (4)r2c6-(4)r6c6: then r6c6 is not 4. Case 2: r2c9 is 4."},
			[]string{"場合1：R2C6が4とします。枝1「(4)R2C6-(4)R6C6」：R6C6が4でない。場合2：R2C9が4とします。"}},
		{"bug-plus-1: sample puzzle 4 after 55 steps",
			[]string{"bivalue universal grave (BUG)"},
			[]string{"BUG（どの空きマスも候補が2つで"}},
	}
	for _, tc := range cases {
		t.Run(tc.step, func(t *testing.T) {
			s, ok := byName[tc.step]
			require.True(t, ok, "no step %q (a fixture case renamed?)", tc.step)
			for lang, want := range map[explain.Lang][]string{explain.EN: tc.en, explain.JA: tc.ja} {
				p, err := explain.Prose(s.layout, s.step, lang)
				require.NoError(t, err)
				for _, w := range want {
					assert.Contains(t, p, w, lang)
				}
				assert.NotContains(t, p, "墓")
			}
		})
	}
}
