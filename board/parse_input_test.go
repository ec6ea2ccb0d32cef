package board

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTrailingWhitespaceKeepsTheSize(t *testing.T) {
	spaced := strings.ReplaceAll(wiki, ".", " ")
	tests := []struct {
		name  string
		input string
		want  string
	}{
		// 63, 175, 544 and 648 spaces would make 144, 256, 625 and 729 characters:
		// a 12x12, 16x16 or 25x25 grid or a candidate line, if they counted.
		{"63 spaces", wiki + strings.Repeat(" ", 63), wiki},
		{"175 spaces", wiki + strings.Repeat(" ", 175), wiki},
		{"544 spaces", wiki + strings.Repeat(" ", 544), wiki},
		{"648 spaces", wiki + strings.Repeat(" ", 648), wiki},
		{"63 tabs and spaces", wiki + strings.Repeat("\t ", 31) + " ", wiki},
		{"63 spaces then a comment", wiki + strings.Repeat(" ", 63) + "# rated", wiki},
		{"spaces as the last empty cells", strings.TrimRight(spaced, " ") + strings.Repeat(" ", 70), wiki},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Parse(tc.input)
			require.NoError(t, err)
			assert.Equal(t, 9, b.Layout().N())
			assert.Equal(t, tc.want, b.String())

			r := NewReader(strings.NewReader(tc.input + "\n" + top1 + "\n"))
			b, err = r.Next()
			require.NoError(t, err)
			assert.Equal(t, tc.want, b.String(), "in a stream too")
		})
	}
}

func TestFullwidthDigitsAreNamed(t *testing.T) {
	fw := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= '1' && r <= '9':
				return r - '0' + '０'
			case r == '.':
				return '．'
			}
			return r
		}, s)
	}
	tests := []struct {
		name, input, want string
	}{
		{"first cell", "３" + wiki[1:], "column 1: '３' is a fullwidth digit: write 3"},
		{"inside the line", wiki[:20] + "７" + wiki[21:], "column 21: '７' is a fullwidth digit: write 7"},
		{"the whole line", fw(wiki), "column 1: '５' is a fullwidth digit: write 5"},
		{"in a grid row", "5３..7....\n" + strings.Repeat(".........\n", 8), "line 1, column 2: '３' is a fullwidth digit"},
		{"fullwidth period", "．" + wiki[1:], "column 1: '．' is a fullwidth period"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(tc.input)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// endless is a reader of one line that never ends, as /dev/zero.
type endless struct{ n int }

func (e *endless) Read(p []byte) (int, error) {
	if e.n <= 0 {
		return 0, io.EOF
	}
	k := min(len(p), e.n)
	for i := range p[:k] {
		p[i] = '0'
	}
	e.n -= k
	return k, nil
}

func TestReaderLongLine(t *testing.T) {
	// A line over the limit is an error at its line; the lines around it are read.
	input := io.MultiReader(strings.NewReader(wiki+"\n"), &endless{n: 10 << 20}, strings.NewReader("\n"+top1+"\n"))
	r := NewReader(input)
	b, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, wiki, b.String())

	_, err = r.Next()
	require.Error(t, err)
	var pe *ParseError
	require.True(t, errors.As(err, &pe))
	assert.Equal(t, 2, pe.Line)
	assert.Contains(t, err.Error(), "longer than 64 KiB")
	assert.Equal(t, 2, r.Line())

	b, err = r.Next()
	require.NoError(t, err)
	assert.Equal(t, top1, b.String())
	assert.Equal(t, 3, r.Line())
	_, err = r.Next()
	assert.Equal(t, io.EOF, err)

	// The longest line a format needs still reads.
	l, err := LayoutOf(25)
	require.NoError(t, err)
	data, err := New(l).MarshalJSON()
	require.NoError(t, err)
	require.Less(t, len(data), MaxLineLength)
	b, err = NewReader(strings.NewReader(string(data) + "\n")).Next()
	require.NoError(t, err)
	assert.Equal(t, 25, b.Layout().N())

	// A line without end (/dev/zero) is reported once the limit is passed.
	endlessZeros := &endless{n: 1 << 62}
	_, err = NewReader(endlessZeros).Next()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 1: longer than")
	assert.Less(t, 1<<62-endlessZeros.n, 1<<20, "it did not read on to the end of the line")

	// A file of zeros without a line break: one error, then the end.
	r = NewReader(&endless{n: 5 << 20})
	_, err = r.Next()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 1: longer than")
	_, err = r.Next()
	assert.Equal(t, io.EOF, err)
}

func TestReaderLineWithoutEnd(t *testing.T) {
	// The second puzzle of /dev/zero: the line too long is reported, then the skip
	// past it gives up at maxSkip instead of reading for ever.
	zeros := &endless{n: 4 * maxSkip}
	r := NewReader(zeros)
	_, err := r.Next()
	var pe *ParseError
	require.ErrorAs(t, err, &pe)
	_, err = r.Next()
	require.Error(t, err)
	assert.NotErrorAs(t, err, &pe, "a read that stopped, not a bad puzzle")
	assert.Contains(t, err.Error(), "line 1: no line break in its first 16 MiB")
	assert.LessOrEqual(t, 4*maxSkip-zeros.n, maxSkip+MaxLineLength+64<<10, "it stopped near the bound")
	_, err = r.Next()
	assert.Error(t, err, "and stays stopped")

	// A long line that ends within the bound is skipped, and reading goes on.
	input := io.MultiReader(&endless{n: maxSkip - 1<<20}, strings.NewReader("\n"+top1+"\n"))
	r = NewReader(input)
	_, err = r.Next()
	require.ErrorAs(t, err, &pe)
	b, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, top1, b.String())
}

func TestUnclosedJSONIsLinear(t *testing.T) {
	// A JSON value that never closes over 40,000 lines took 10 s when every line
	// rescanned the value so far. It is now one scan, bounded in size.
	var sb strings.Builder
	sb.WriteString("[\n")
	for range 40000 {
		sb.WriteString(` ".........",` + "\n")
	}
	input := sb.String()
	start := time.Now()
	_, err := Parse(input)
	elapsed := time.Since(start)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "line 1: a JSON value longer than")
	assert.Less(t, elapsed, 2*time.Second)

	// In a stream, reading goes on after the block.
	r := NewReader(strings.NewReader(input + "\n" + wiki + "\n"))
	_, err = r.Next()
	require.Error(t, err)
	b, err := r.Next()
	require.NoError(t, err)
	assert.Equal(t, wiki, b.String())
	assert.Equal(t, 40003, r.Line())
}
