package board

import (
	"errors"
	"io"
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

// repeated is n bytes of c, read without holding them.
type repeated struct {
	c byte
	n int
}

func (r *repeated) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.c
	}
	r.n -= k
	return k, nil
}

// FuzzReader reads a stream with a run of one byte in it (up to 64 MiB, a line
// without end when the byte is not a line break): every puzzle or error comes in
// turn, each error a ParseError at its line or the one read error that ends the
// stream, and the stream ends. Seeds are in testdata/fuzz/FuzzReader.
func FuzzReader(f *testing.F) {
	f.Add("", byte('0'), uint16(1024), "\n"+strings.Repeat(".", 81)+"\n")
	f.Add(strings.Repeat(".", 81)+"\n", byte('{'), uint16(300), "")
	f.Fuzz(func(t *testing.T, head string, c byte, kib uint16, tail string) {
		run := int(kib) << 10
		rep := &repeated{c: c, n: run}
		input := io.MultiReader(strings.NewReader(head), rep, strings.NewReader(tail))
		if c != '\n' && run > maxSkip+4*MaxLineLength {
			// A line longer than the skip's bound is not read to its end.
			defer func() { assert.Positive(t, rep.n, "read the whole line of %d MiB", run>>20) }()
		}
		lines := strings.Count(head, "\n") + strings.Count(tail, "\n") + 2
		if c == '\n' {
			lines += run
		}
		r := NewReader(input)
		for range lines + 1 {
			_, err := r.Next()
			if err == io.EOF {
				return
			}
			var pe *ParseError
			if err != nil && !errors.As(err, &pe) {
				// A read that stopped: the stream ends there.
				require.Contains(t, err.Error(), "no line break")
				_, again := r.Next()
				require.Error(t, again)
				return
			}
			if err != nil {
				require.Positive(t, pe.Line, err.Error())
			}
		}
		t.Fatalf("more than %d puzzles or errors from %d lines", lines+1, lines)
	})
}
