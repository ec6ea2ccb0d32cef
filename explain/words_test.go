package explain

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

func wordsOf(t *testing.T, lang Lang) wordsFor {
	t.Helper()
	c, err := catalogueOf(lang)
	require.NoError(t, err)
	return wordsFor{w: &c.file.Words, l: board.Classic}
}

func TestJoin(t *testing.T) {
	en, ja := wordsOf(t, EN), wordsOf(t, JA)
	tests := []struct {
		name  string
		form  listForm
		items []string
		want  string
	}{
		{"en and, none", en.w.And, nil, ""},
		{"en and, one", en.w.And, []string{"1"}, "1"},
		{"en and, two", en.w.And, []string{"1", "5"}, "1 and 5"},
		{"en and, three", en.w.And, []string{"1", "5", "7"}, "1, 5 and 7"},
		{"en or, three", en.w.Or, []string{"1", "5", "7"}, "1, 5 or 7"},
		{"ja and, two", ja.w.And, []string{"1", "5"}, "1と5"},
		{"ja and, three", ja.w.And, []string{"1", "5", "7"}, "1・5・7"},
		{"ja or, two", ja.w.Or, []string{"1", "5"}, "1か5"},
		{"ja or, three", ja.w.Or, []string{"1", "5", "7"}, "1・5・7のいずれか"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.form.join(tc.items))
		})
	}
}

func TestSubst(t *testing.T) {
	tests := []struct {
		name, form string
		kv         []string
		want       string
	}{
		{"two names", "{a} and {b}", []string{"a", "1", "b", "5"}, "1 and 5"},
		{"a value with braces is not filled again", "{a}-{b}", []string{"a", "{b}", "b", "x"}, "{b}-x"},
		{"an unknown name stays", "{n}行{x}", []string{"n", "3"}, "3行{x}"},
		{"an unclosed brace stays", "row {n", []string{"n", "3"}, "row {n"},
		{"no placeholder", "plain", nil, "plain"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, subst(tc.form, tc.kv...))
		})
	}
}

func TestHouseWords(t *testing.T) {
	en, ja := wordsOf(t, EN), wordsOf(t, JA)
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"en row", en.house(row(3)), "row 3"},
		{"en column", en.house(col(2)), "column 2"},
		{"en box", en.house(box(9)), "box 9"},
		{"ja row", ja.house(row(3)), "3行目"},
		{"ja column", ja.house(col(2)), "2列目"},
		{"ja box", ja.house(box(2)), "ブロック2"},
		{"en rows of one kind", en.houses([]board.House{row(2), row(6)}), "rows 2 and 6"},
		{"en three columns", en.houses([]board.House{col(1), col(5), col(8)}), "columns 1, 5 and 8"},
		{"en mixed kinds", en.houses([]board.House{row(1), box(1)}), "row 1 and box 1"},
		{"en or", en.housesOr([]board.House{row(1), box(1)}), "row 1 or box 1"},
		{"ja rows", ja.houses([]board.House{row(2), row(6)}), "2行目と6行目"},
		{"ja mixed", ja.houses([]board.House{col(1), box(7)}), "1列目とブロック7"},
		{"en kind plural", en.kind(col(4), true), "columns"},
		{"ja kind", ja.kind(box(4), false), "ブロック"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.got)
		})
	}
}

func TestRemovals(t *testing.T) {
	en, ja := wordsOf(t, EN), wordsOf(t, JA)
	tests := []struct {
		name   string
		cands  []board.Candidate
		en, ja string
	}{
		{
			name:  "one digit from two cells",
			cands: []board.Candidate{cand(8, 7, 4), cand(5, 3, 4)},
			en:    "4 from r5c3 and r8c7",
			ja:    "R5C3とR8C7から4を",
		},
		{
			name:  "cells grouped by the digits they lose, in the order of their first cell",
			cands: []board.Candidate{cand(1, 6, 5), cand(1, 4, 1), cand(1, 6, 1), cand(1, 9, 1)},
			en:    "1 from r1c4 and r1c9; 1 and 5 from r1c6",
			ja:    "R1C4とR1C9から1を、R1C6から1と5を",
		},
		{
			name:  "three groups",
			cands: []board.Candidate{cand(9, 1, 3), cand(9, 4, 7), cand(9, 9, 2), cand(9, 9, 3)},
			en:    "3 from r9c1; 7 from r9c4; 2 and 3 from r9c9",
			ja:    "R9C1から3を、R9C4から7を、R9C9から2と3を",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.en, en.removals(tc.cands))
			assert.Equal(t, tc.ja, ja.removals(tc.cands))
		})
	}
}

func TestPlacementsAndNumbers(t *testing.T) {
	en, ja := wordsOf(t, EN), wordsOf(t, JA)
	ps := []board.Candidate{cand(5, 5, 2), cand(3, 7, 4)}
	assert.Equal(t, "4 in r3c7 and 2 in r5c5", en.placements(ps))
	assert.Equal(t, "R3C7に4とR5C5に2", ja.placements(ps))
	assert.Equal(t, "three", en.number(3))
	assert.Equal(t, "14", en.number(14))
	assert.Equal(t, "3", ja.number(3))
	assert.Equal(t, "Row 3", en.capitalize("row 3"))
	assert.Equal(t, "ブロック3", ja.capitalize("ブロック3"))
}

func TestGroupNotation(t *testing.T) {
	en := wordsOf(t, EN)
	assert.Equal(t, "r4c4,r4c5 {2,3,7}", en.group(Group{Cells: []board.Cell{cell(4, 4), cell(4, 5)}, Digits: digits(2, 3, 7)}))
}
