package explain

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// chainStep has every pattern field that the singles and subsets do not use.
func chainStep() Step {
	return Step{
		Technique:    "example-chain",
		Eliminations: []board.Candidate{cand(4, 1, 5)},
		Pattern: Pattern{
			Digits: digits(5),
			Fins:   []board.Cell{cell(2, 2)},
			Chains: []Chain{{
				Nodes: []Node{
					{Cells: []board.Cell{cell(1, 1)}, Digits: digits(5)},
					{Cells: []board.Cell{cell(1, 9)}, Digits: digits(5)},
					{Cells: []board.Cell{cell(4, 8), cell(4, 9)}, Digits: digits(5)},
				},
				Links: []LinkKind{Strong, Weak, Strong},
				Loop:  true,
			}},
			Sets: []Group{{Cells: []board.Cell{cell(4, 4), cell(4, 5)}, Digits: digits(2, 3, 7)}},
		},
	}
}

// withoutStart is what reading a document gives back: the start board is not written.
func withoutStart(tr Trace) Trace {
	tr.Start = nil
	return tr
}

func TestJSONRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		tr   func(*testing.T) Trace
		lang Lang
	}{
		{"walkthrough in English", walkthrough, EN},
		{"walkthrough in Japanese", walkthrough, JA},
		{"stuck", stuckTrace, EN},
		{"several solutions", severalTrace, JA},
		{"every pattern field", func(t *testing.T) Trace {
			tr := walkthrough(t)
			tr.Steps = append(tr.Steps, chainStep())
			return tr
		}, EN},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tr := tc.tr(t)
			tr.Lang = tc.lang
			want := withoutStart(tr)

			var js bytes.Buffer
			require.NoError(t, WriteJSON(&js, board.Classic, tr))
			l, got, err := ReadJSON(&js)
			require.NoError(t, err)
			assert.Same(t, board.Classic, l)
			assert.Equal(t, want, got)

			var ys bytes.Buffer
			require.NoError(t, WriteYAML(&ys, board.Classic, tr))
			l, got, err = ReadYAML(&ys)
			require.NoError(t, err)
			assert.Same(t, board.Classic, l)
			assert.Equal(t, want, got)
		})
	}
}

func TestJSONGolden(t *testing.T) {
	tr := walkthrough(t)
	tr.Steps = append(tr.Steps[:3:3], chainStep())
	// A solve cut short after four steps: not solved, not stuck either.
	tr.Summary = Summary{Steps: 4, ByTechnique: CountTechniques(tr.Steps), Hardest: "search", UsedFallback: true}
	for _, lang := range Languages() {
		tr.Lang = lang
		var js, ys bytes.Buffer
		require.NoError(t, WriteJSON(&js, board.Classic, tr))
		checkGolden(t, "trace-"+string(lang)+".json", js.String())
		require.NoError(t, WriteYAML(&ys, board.Classic, tr))
		checkGolden(t, "trace-"+string(lang)+".yaml", ys.String())
	}
}

// TestJSONShape checks the schema of SCHEMA.md by hand on one step: field names, the
// notation of each value, empty fields left out, "<>" not escaped.
func TestJSONShape(t *testing.T) {
	s := Step{Technique: "naked-pair",
		Eliminations: []board.Candidate{cand(1, 4, 1)},
		Pattern:      Pattern{Digits: digits(1, 5), Cells: []board.Cell{cell(1, 2), cell(1, 8)}, Houses: []board.House{row(1)}}}
	var buf bytes.Buffer
	require.NoError(t, WriteStepJSON(&buf, board.Classic, s, EN))
	got := buf.String()
	for _, want := range []string{
		`"language": "en"`, `"version": 1`, `"size": 9`,
		`"technique": "naked-pair"`, `"name": "Naked Pair"`,
		`"line": "Naked Pair: 1,5 in r1c2,r1c8 => r1c4<>1"`,
		`"eliminations": [` + "\n    \"r1c4<>1\"\n  ]",
		`"digits": [` + "\n      1,\n      5\n    ]",
		`"houses": [` + "\n      \"r1\"\n    ]",
	} {
		assert.Contains(t, got, want)
	}
	for _, absent := range []string{`"placements"`, `"base"`, `"chains"`, `"fins"`, `\u003c`} {
		assert.NotContains(t, got, absent)
	}

	l, lang, back, err := ReadStepJSON(strings.NewReader(got))
	require.NoError(t, err)
	assert.Same(t, board.Classic, l)
	assert.Equal(t, EN, lang)
	assert.Equal(t, s, back)
}

func TestReadJSONRejects(t *testing.T) {
	var buf bytes.Buffer
	tr := walkthrough(t)
	tr.Steps = append(tr.Steps, chainStep())
	require.NoError(t, WriteJSON(&buf, board.Classic, tr))
	good := buf.String()
	tests := []struct {
		name, old, new, wantErr string
	}{
		{"an unknown field", `"puzzle":`, `"puzle":`, `unknown field "puzle"`},
		{"another schema version", `"version": 1`, `"version": 2`, "schema version 2, want 1"},
		{"an unknown language", `"language": "en"`, `"language": "xx"`, `unknown language "xx"`},
		{"a size without a layout", `"size": 9`, `"size": 10`, "no layout for a 10x10 grid"},
		{"a puzzle of the wrong length", `"puzzle": ".34`, `"puzzle": ".`, "explain: trace puzzle: grid line has 79 cells, want 81"},
		{"a bad cell", `"r1c1<>6"`, `"r1c10<>6"`, "step 1: explain: search step, eliminations"},
		{"a placement written as an elimination", `"r1c1=5"`, `"r1c1<>5"`, "not of the form r1c2=5"},
		{"a digit out of range", `"r1c1<>6"`, `"r1c1<>0"`, `"0" is not a digit`},
		{"a bad house", `"r1"`, `"q1"`, `"q1" is not a house`},
		{"a bad link", `"weak"`, `"medium"`, `link "medium" is neither strong nor weak`},
		{"links that do not match the nodes", `"strong",` + "\n              \"weak\",", `"strong",`, "3 nodes need 3 links, got 2"},
		{"two documents", "", "", "more than one JSON value"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := good + good
			if tc.old != "" {
				require.Contains(t, good, tc.old, "test case")
				in = strings.Replace(good, tc.old, tc.new, 1)
			}
			_, _, err := ReadJSON(strings.NewReader(in))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.wantErr)
		})
	}
}

func TestWriteJSONUnknownLanguage(t *testing.T) {
	tr := walkthrough(t)
	tr.Lang = "xx"
	err := WriteJSON(&bytes.Buffer{}, board.Classic, tr)
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown language "xx"`)
}

func TestWriteStepJSONLinkKind(t *testing.T) {
	s := chainStep()
	s.Pattern.Chains[0].Links[1] = LinkKind(9)
	err := WriteStepJSON(&bytes.Buffer{}, board.Classic, s, EN)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "link kind 9")
}

// TestJSONRoundTripVariants checks that a trace of a variant carries its rules: read
// back, the layout has the same diagonals, regions or cages.
func TestJSONRoundTripVariants(t *testing.T) {
	regions := make([]int, 81)
	for c := range regions {
		r, col := c/9, c%9
		regions[c] = (col/3)*3 + r/3 // the boxes of the transposed grid: a partition
	}
	specs := map[string]board.Spec{
		"x":       {Diagonals: true},
		"windoku": {Windows: true},
		"jigsaw":  {Regions: regions},
		"killer": {Cages: []board.Cage{
			{Cells: []board.Cell{0, 1}, Sum: 17}, {Cells: []board.Cell{9, 10, 11}, Sum: 6},
		}},
	}
	for name, spec := range specs {
		t.Run(name, func(t *testing.T) {
			l, err := board.NewLayout(spec)
			require.NoError(t, err)
			b := board.New(l)
			tr := Trace{Lang: EN, Puzzle: b.String(), Summary: Summary{Stuck: true}}
			for _, write := range []func(*bytes.Buffer) error{
				func(w *bytes.Buffer) error { return WriteJSON(w, l, tr) },
				func(w *bytes.Buffer) error { return WriteYAML(w, l, tr) },
			} {
				var buf bytes.Buffer
				require.NoError(t, write(&buf))
				assert.Contains(t, buf.String(), l.Variant().String())
				read := ReadJSON
				if !strings.HasPrefix(buf.String(), "{") {
					read = ReadYAML
				}
				back, got, err := read(&buf)
				require.NoError(t, err)
				assert.Equal(t, l.Spec(), back.Spec())
				assert.Equal(t, withoutStart(tr), got)
			}
		})
	}
}
