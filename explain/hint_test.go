package explain

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// TestHintCatalogues holds every shipped catalogue to a complete hint block (the
// check lets a catalogue without one borrow English's).
func TestHintCatalogues(t *testing.T) {
	cats, err := loadCatalogues()
	require.NoError(t, err)
	for lang, c := range cats {
		t.Run(string(lang), func(t *testing.T) {
			require.NotEmpty(t, c.file.Hint.Look, "the hint block")
			var problems []string
			c.file.Hint.check(func(format string, args ...any) { problems = append(problems, format) })
			assert.Empty(t, problems)
		})
	}
	_, err = parseCatalogue(EN, []byte(minimalCatalogue+"hint:\n  look: \"{name}\"\n  messages: {solved: done, frobnicate: x}\n"))
	require.Error(t, err, "a partial hint block")
	assert.Contains(t, err.Error(), "hint.where is empty")
	assert.Contains(t, err.Error(), "hint.messages.frobnicate: no such message")
}

func TestHint(t *testing.T) {
	l := board.Classic
	pair := Step{
		Technique:    "naked-pair",
		Eliminations: []board.Candidate{cand(1, 4, 1), cand(1, 6, 1), cand(1, 6, 5)},
		Pattern:      Pattern{Digits: digits(1, 5), Cells: []board.Cell{cell(1, 2), cell(1, 8)}, Houses: []board.House{row(1)}},
	}
	xwing := Step{
		Technique:    "x-wing",
		Eliminations: []board.Candidate{cand(1, 4, 8), cand(3, 4, 8)},
		Pattern:      Pattern{Digits: digits(8), Base: []board.House{row(2), row(6)}, Cover: []board.House{col(4), col(7)}, Cells: []board.Cell{cell(2, 4), cell(2, 7), cell(6, 4), cell(6, 7)}},
	}
	hidden := Step{Technique: "hidden-single", Placements: []board.Candidate{cand(3, 7, 5)}, Pattern: Pattern{Digits: digits(5), Houses: []board.House{box(3)}}}
	naked := Step{Technique: "naked-single", Placements: []board.Candidate{cand(5, 5, 9)}, Pattern: Pattern{Digits: digits(9), Cells: []board.Cell{cell(5, 5)}}}
	full := Step{Technique: "full-house", Placements: []board.Candidate{cand(3, 7, 4)}, Pattern: Pattern{Digits: digits(4), Houses: []board.House{row(3)}}}
	tests := []struct {
		name  string
		step  Step
		lang  Lang
		level int
		want  string // the text of the last level
	}{
		{"where: the pattern's house, not its cells nor the cells that lose candidates", pair, EN, 2, "Look at row 1, digit 1 or 5."},
		{"where, in Japanese", xwing, JA, 2, "2行目と6行目の数字8に注目してください。"},
		{"where: a hidden single's house and digit", hidden, EN, 2, "Look at box 3, digit 5."},
		{"where: a naked single's box, not its cell, no digit", naked, EN, 2, "Look at box 5."},
		{"where: a full house's house, no digit", full, EN, 2, "Look at row 3."},
		{"the move: remove, with a verb", xwing, EN, 4, "Remove 8 from r1c4 and r3c4. (X-Wing: 8 r2,r6 c4,c7 => r1c4<>8, r3c4<>8)"},
		{"the move: remove, in Japanese", xwing, JA, 4, "答え：R1C4とR3C4の候補から8を消します。Xウイング（井桁の理）：8（2行目と6行目 / 4列目と7列目） ⇒ R1C4≠8、R3C4≠8"},
		{"the move: several groups", pair, EN, 4, "Remove 1 from r1c4; 1 and 5 from r1c6. (Naked Pair: 1,5 in r1c2,r1c8 => r1c4<>1, r1c6<>1, r1c6<>5)"},
		{"the move: place", hidden, EN, 4, "Place 5 in r3c7. (Hidden Single: r3c7=5 (in b3))"},
		{"the move: place, in Japanese", hidden, JA, 4, "答え：R3C7に5を入れます。隠れたシングル（ヒドゥンシングル）：R3C7=5（ブロック3）"},
		{"the reason of a hidden single, without its digit", hidden, EN, 3, "In box 3, every cell but r3c7 is filled or has lost this digit as a candidate, so r3c7 is the only place left for it."},
		{"the reason of a full house, without its digit", full, EN, 3, "Row 3 has only one empty cell left, r3c7: it takes the one digit row 3 still lacks."},
		{"the reason of a naked single, in Japanese", naked, JA, 3, "R5C5に注目します。同じ行・列・ブロックにある数字やこれまでの手順によって、候補が一つを除いてすべて消えています。残る一つが答えです。"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Hint(l, tc.step, tc.level, tc.lang)
			require.NoError(t, err)
			require.Len(t, got, tc.level)
			assert.Equal(t, tc.want, got[tc.level-1])
		})
	}
	// Level 3 of other techniques is their prose without the conclusion: the reason,
	// not the move.
	got, err := Hint(l, xwing, 3, EN)
	require.NoError(t, err)
	prose, err := Prose(l, xwing, EN)
	require.NoError(t, err)
	assert.Equal(t, strings.TrimSuffix(prose, ": remove 8 from r1c4 and r3c4.")+".", got[2])
	assert.NotContains(t, got[2], "r1c4")
	got, err = Hint(l, xwing, 3, JA)
	require.NoError(t, err)
	assert.NotContains(t, got[2], "除外できます")
	assert.True(t, strings.HasSuffix(got[2], "入りません。"), got[2])

	// With the board, a hidden single's level 3 names what rules out the other cells of
	// its house, and not the cell that is left.
	b, err := board.Parse(".............4...........4..4.........4..........................................")
	require.NoError(t, err)
	single := Step{Technique: "hidden-single", Placements: []board.Candidate{cand(1, 1, 4)}, Pattern: Pattern{Digits: digits(4), Houses: []board.House{box(1)}}}
	got, err = HintOn(l, b, single, 3, EN)
	require.NoError(t, err)
	assert.Equal(t, "In box 1: the 4 in r2c5 rules out r2c1, r2c2 and r2c3 (row 2); the 4 in r3c8 rules out r3c1, r3c2 and r3c3 (row 3); the 4 in r4c2 rules out r1c2 (column 2); the 4 in r5c3 rules out r1c3 (column 3). That leaves one cell of box 1 for 4.", got[2])
	got, err = HintOn(l, b, single, 3, JA)
	require.NoError(t, err)
	assert.Equal(t, "ブロック1では、R2C5に4があるのでR2C1・R2C2・R2C3には入りません（2行目）。R3C8に4があるのでR3C1・R3C2・R3C3には入りません（3行目）。R4C2に4があるのでR1C2には入りません（2列目）。R5C3に4があるのでR1C3には入りません（3列目）。4が入れるマスはブロック1に1つだけ残ります。", got[2])

	// A naked single's level 3 names the witness of each other digit, not the digit left.
	b, err = board.Parse(".2345....69.......7........8.....................................................")
	require.NoError(t, err)
	nakedSingle := Step{Technique: "naked-single", Placements: []board.Candidate{cand(1, 1, 1)}, Pattern: Pattern{Digits: digits(1), Cells: []board.Cell{l.CellAt(0, 0)}}}
	got, err = HintOn(l, b, nakedSingle, 3, EN)
	require.NoError(t, err)
	assert.Equal(t, "Look at r1c1: row 1 already has 2, 3, 4 and 5 (r1c2, r1c3, r1c4 and r1c5); column 1 already has 6, 7 and 8 (r2c1, r3c1 and r4c1); box 1 already has 9 (r2c2). One digit is left there: its answer.", got[2])
	got, err = HintOn(l, b, nakedSingle, 3, JA)
	require.NoError(t, err)
	assert.Equal(t, "R1C1に注目します。1行目にはすでに2・3・4・5があります（R1C2・R1C3・R1C4・R1C5）。1列目にはすでに6・7・8があります（R2C1・R3C1・R4C1）。ブロック1にはすでに9があります（R2C2）。残る候補は一つだけで、それが答えです。", got[2])

	_, err = Hint(l, xwing, 5, EN)
	assert.ErrorContains(t, err, "hint level 5")
	_, err = Hint(l, xwing, 1, "fr")
	assert.ErrorContains(t, err, `"fr"`)
}

func TestHintNote(t *testing.T) {
	l := board.Classic
	tests := []struct {
		note HintNote
		lang Lang
		want string
	}{
		{HintNote{Key: HintRepeat, Cell: cell(1, 2), Other: cell(1, 1), House: row(1), Digit: 3}, EN, "this entry is not right: row 1 already has a 3 at r1c1"},
		{HintNote{Key: HintRepeat, Cell: cell(1, 2), Other: cell(2, 1), House: box(1), Digit: 3}, JA, "この数字は正しくありません。ブロック1のR2C1にすでに3があります"},
		{HintNote{Key: HintGivenChanged, Cell: cell(1, 1), Digit: 3}, EN, "the grid does not keep the given 3 at r1c1"},
		{HintNote{Key: HintMistakes, N: 2}, JA, "先に直すべき誤り（2件）："},
		{HintNote{Key: HintNoHint, Detail: "the grid is already solved"}, EN, "No hint: the grid is already solved"},
	}
	for _, tc := range tests {
		t.Run(string(tc.note.Key)+"-"+string(tc.lang), func(t *testing.T) {
			got, err := tc.note.Say(l, tc.lang)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	_, err := HintNote{Key: "frobnicate"}.Say(l, EN)
	assert.ErrorContains(t, err, "frobnicate")
}
