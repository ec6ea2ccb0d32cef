package explain

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

func TestProse(t *testing.T) {
	nakedPair := Step{Technique: "naked-pair",
		Eliminations: []board.Candidate{cand(1, 6, 5), cand(1, 4, 1), cand(1, 6, 1)},
		Pattern:      Pattern{Digits: digits(1, 5), Cells: []board.Cell{cell(1, 8), cell(1, 2)}, Houses: []board.House{row(1)}}}
	// (5)r7c7=(5)r6c7-(5=2)r689c8: the last strong link is inside an almost locked set.
	alsCells := []board.Cell{cell(6, 8), cell(8, 8), cell(9, 8)}
	alsChain := Chain{
		Nodes: []Node{{Cells: []board.Cell{cell(7, 7)}, Digits: digits(5)}, {Cells: []board.Cell{cell(6, 7)}, Digits: digits(5)},
			{Cells: alsCells, Digits: digits(5)}, {Cells: alsCells, Digits: digits(2)}},
		Links: []LinkKind{Strong, Weak, Strong},
	}
	alsAIC := Step{Technique: "grouped-aic", Eliminations: []board.Candidate{cand(7, 7, 2)},
		Pattern: Pattern{Digits: digits(2, 5), Chains: []Chain{alsChain}, Sets: []Group{{Cells: alsCells, Digits: digits(2, 5, 6, 9)}}}}
	// HoDoKu library line 952: (3=1)r1c3-(1)r12c1=(1-5)r9c1=(5)r9c7-(5)SET=(3)r1c9-(3)r1c3,
	// where the set, without 5, forces r1c9 to 3.
	set := []board.Cell{cell(7, 8), cell(7, 9), cell(8, 9), cell(9, 9)}
	one := func(r, c int, d board.Digit) Node { return Node{Cells: []board.Cell{cell(r, c)}, Digits: digits(d)} }
	forcedLoop := Step{Technique: "grouped-continuous-nice-loop",
		Eliminations: []board.Candidate{cand(1, 4, 3), cand(4, 9, 6), cand(9, 1, 2)},
		Pattern: Pattern{Digits: digits(1, 3, 5), Sets: []Group{{Cells: set, Digits: digits(1, 2, 5, 6, 8)}}, Chains: []Chain{{
			Nodes: []Node{one(1, 3, 3), one(1, 3, 1), {Cells: []board.Cell{cell(1, 1), cell(2, 1)}, Digits: digits(1)},
				one(9, 1, 1), one(9, 1, 5), one(9, 7, 5), {Cells: set, Digits: digits(5)}, one(1, 9, 3)},
			Links: []LinkKind{Strong, Weak, Strong, Weak, Strong, Weak, Strong},
			Loop:  true,
		}}}}
	tests := []struct {
		name      string
		step      Step
		lang      Lang
		want      []string // pieces the prose must contain, written by hand
		wantNot   []string // pieces it must not contain
		wantError string
	}{
		{
			name: "naked pair in English names the house, the cells, the digits and the removals",
			step: nakedPair, lang: EN,
			want: []string{"r1c2 and r1c8 in row 1", "other than 1 and 5", "no other cell of row 1 can be 1 or 5",
				"remove 1 from r1c4; 1 and 5 from r1c6."},
		},
		{
			name: "naked pair in Japanese",
			step: nakedPair, lang: JA,
			want: []string{"1行目のR1C2とR1C8", "1と5", "R1C4から1を、R1C6から1と5を除外できます。"},
		},
		{
			name: "hidden single in Japanese names the box as ブロック",
			step: Step{Technique: "hidden-single", Placements: []board.Candidate{cand(3, 7, 4)},
				Pattern: Pattern{Digits: digits(4), Houses: []board.House{box(3)}}},
			lang: JA,
			want: []string{"ブロック3で4が入るマス", "R3C7は4に確定します。"},
		},
		{
			name: "x-wing in English groups houses of one kind",
			step: Step{Technique: "x-wing", Eliminations: []board.Candidate{cand(5, 3, 4), cand(8, 7, 4)},
				Pattern: Pattern{Digits: digits(4), Base: []board.House{row(2), row(6)}, Cover: []board.House{col(3), col(7)}}},
			lang: EN,
			want: []string{"Look at 4 in rows 2 and 6", "columns 3 and 7", "remove 4 from r5c3 and r8c7."},
		},
		{
			name: "a chain through an almost locked set says why the set gives up its other digit",
			step: alsAIC, lang: EN,
			want: []string{"so the almost locked set r6c8,r8c8,r9c8 {2,5,6,9} (three cells, four digits: with one digit out, each of the others must be in them) has its 2 in r6c8, r8c8 or r9c8"},
		},
		{
			name: "the almost locked set in Japanese",
			step: alsAIC, lang: JA,
			want: []string{"R6C8・R8C8・R9C8は3マスに候補が2・5・6・9の4種類だけのALS", "R6C8・R8C8・R9C8のどれかが2"},
		},
		{
			name: "no set in the pattern, no set in the prose",
			step: func() Step { s := alsAIC; s.Pattern.Sets = nil; return s }(), lang: EN,
			want:    []string{"so 2 is in r6c8, r8c8 or r9c8."},
			wantNot: []string{"almost locked"},
		},
		{
			name: "a loop through a set that forces a cell says why the cell is forced",
			step: forcedLoop, lang: EN,
			want: []string{"so r1c9 is 3 (without 5 the set r7c8, r7c9, r8c9 and r9c9 holds each of its other digits, 1, 2, 6 and 8,",
				"The link through the set holds both ways too: the set lacks 5 or one of the other candidates of r1c9"},
			wantNot: []string{"A set the loop passes through", "almost locked set"}, // it only leaves the set
		},
		{
			name: "the forcing set in Japanese",
			step: forcedLoop, lang: JA,
			want: []string{"（5が抜けるとR7C8・R7C9・R8C9・R9C9の組は残りの1・2・6・8をすべて持ち", "組を通るリンクも両向きに成り立つ"},
		},
		{
			name:    "a loop without such a link says nothing of it",
			step:    Step{Technique: "grouped-aic", Eliminations: alsAIC.Eliminations, Pattern: alsAIC.Pattern},
			lang:    EN,
			wantNot: []string{"holds both ways", "is left for it"},
		},
		{
			name: "a technique without a template gets a sentence from its one-liner",
			step: Step{Technique: "some-new-technique", Eliminations: []board.Candidate{cand(2, 2, 7)},
				Pattern: Pattern{Digits: digits(7), Houses: []board.House{col(2)}}},
			lang: EN,
			want: []string{"some-new-technique", "7 in c2", "7 from r2c2"},
		},
		{
			name: "the generic sentence in Japanese",
			step: Step{Technique: "some-new-technique", Placements: []board.Candidate{cand(2, 2, 7)}},
			lang: JA,
			want: []string{"some-new-technique", "R2C2に7が確定します。"},
		},
		{
			name: "unknown language",
			step: nakedPair, lang: Lang("fr"),
			wantError: `unknown language "fr"`,
		},
		{
			name: "empty language",
			step: nakedPair, lang: "",
			wantError: "unknown language",
		},
		{
			name:      "a step without the house its template needs",
			step:      Step{Technique: "hidden-single", Placements: []board.Candidate{cand(3, 7, 4)}},
			lang:      EN,
			wantError: "hidden-single step",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Prose(board.Classic, tc.step, tc.lang)
			if tc.wantError != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantError)
				return
			}
			require.NoError(t, err)
			for _, w := range tc.want {
				assert.Contains(t, got, w)
			}
			for _, w := range tc.wantNot {
				assert.NotContains(t, got, w)
			}
		})
	}
}

// TestProseOtherSizes checks that houses, cells and digits above 9 are written as
// numbers on a 16x16 grid.
func TestProseOtherSizes(t *testing.T) {
	l, err := board.LayoutOf(16)
	require.NoError(t, err)
	s := Step{Technique: "hidden-single",
		Placements: []board.Candidate{{Cell: l.CellAt(11, 13), Digit: 12}},
		Pattern:    Pattern{Digits: board.DigitsOf(12), Houses: []board.House{l.BoxHouse(14)}}}
	got, err := Prose(l, s, EN)
	require.NoError(t, err)
	assert.Contains(t, got, "Where can 12 go in box 15?")
	assert.Contains(t, got, "r12c14 must be 12.")
	assert.Equal(t, "Hidden Single: r12c14=12 (in b15)", OneLiner(l, s))
}

func BenchmarkProse(b *testing.B) {
	s := Step{Technique: "naked-pair",
		Eliminations: []board.Candidate{cand(1, 6, 5), cand(1, 4, 1), cand(1, 6, 1)},
		Pattern:      Pattern{Digits: digits(1, 5), Cells: []board.Cell{cell(1, 2), cell(1, 8)}, Houses: []board.House{row(1)}}}
	for b.Loop() {
		if _, err := Prose(board.Classic, s, JA); err != nil {
			b.Fatal(err)
		}
	}
}

// TestProseWords checks the words issue 10 asked for: "an 8", never "a 8", and
// "column 6 or 9", in English and Japanese.
func TestProseWords(t *testing.T) {
	x := wordsFor{w: &catalogueFor(t, EN).file.Words, l: board.Classic}
	assert.Equal(t, "an 8", article(8))
	assert.Equal(t, "a 7", article(7))
	assert.Equal(t, "column 6 or 9", x.housesOr([]board.House{board.Classic.ColHouse(5), board.Classic.ColHouse(8)}))
	y := wordsFor{w: &catalogueFor(t, JA).file.Words, l: board.Classic}
	assert.Equal(t, "6列目か9列目", y.housesOr([]board.House{board.Classic.ColHouse(5), board.Classic.ColHouse(8)}))
}

func catalogueFor(t *testing.T, l Lang) *catalogue {
	t.Helper()
	c, err := catalogueOf(l)
	require.NoError(t, err)
	return c
}
