package board

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// FuzzParse checks that any input gives a board or an error, never a panic, and that
// a board read back from what it writes holds the same values and candidates.
// Seeds are in testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		b, err := Parse(s)
		if err != nil {
			assert.Nil(t, b)
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "%T: %v", err, err)
			require.True(t, strings.HasPrefix(err.Error(), "board: "), err.Error())
			return
		}
		checkInvariants(t, b)
		if b.Layout().Variant() != 0 {
			checkVariantRoundTrip(t, b)
			return
		}

		line, err := Parse(b.String())
		require.NoError(t, err, "String: %q", b.String())
		require.Equal(t, b.String(), line.String())

		pm, err := Parse(b.PencilMarks())
		require.NoError(t, err, "PencilMarks:\n%s", b.PencilMarks())
		requireSameState(t, b, pm)

		data, err := b.MarshalJSON()
		require.NoError(t, err)
		js, err := Parse(string(data))
		require.NoError(t, err, "JSON: %s", data)
		requireSameState(t, b, js)
		require.Equal(t, b.Givens(), js.Givens())
	})
}

// checkVariantRoundTrip checks that a variant board reads back from its JSON with the
// same rules, values and candidates (the line and grid forms do not carry the variant).
func checkVariantRoundTrip(t *testing.T, b *Board) {
	t.Helper()
	data, err := b.MarshalJSON()
	require.NoError(t, err)
	js, err := Parse(string(data))
	require.NoError(t, err, "JSON: %s", data)
	require.Equal(t, b.Layout().Spec(), js.Layout().Spec())
	requireSameState(t, b, js)
	require.Equal(t, b.Givens(), js.Givens())
}

// FuzzParseVariantLine checks that any line, under any rules, gives a board or an error
// with its place, never a panic, and that a board keeps the rules it was asked for.
// Seeds are in testdata/fuzz/FuzzParseVariantLine.
func FuzzParseVariantLine(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string, v uint8) {
		rules := Variant(v) & (X | Windoku | Jigsaw | Killer)
		b, err := ParseVariantLine(s, rules)
		if err != nil {
			assert.Nil(t, b)
			var pe *ParseError
			require.True(t, errors.As(err, &pe), "%T: %v", err, err)
			return
		}
		checkInvariants(t, b)
		require.Equal(t, rules, b.Layout().Variant()&rules)
		_ = b.Problems()
		checkVariantRoundTrip(t, b)
	})
}
