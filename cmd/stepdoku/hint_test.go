package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	hints "github.com/stepdoku/stepdoku/techniques/hint"
)

// TestHintCommand checks what the hint command adds to techniques/hint: reading the
// arguments (files, marks as written), the text and JSON forms, the exit codes.
func TestHintCommand(t *testing.T) {
	dir := t.TempDir()
	b, err := board.Parse(example)
	require.NoError(t, err)
	oneMark := filepath.Join(dir, "marks.txt")
	require.NoError(t, os.WriteFile(oneMark, []byte(strings.Replace(b.PencilMarks(), " 19 ", " 9  ", 1)), 0o644))
	unmarked := strings.Repeat(".", 9) + b.CandidateLine()[9:]
	tests := []struct {
		name string
		args []string
		code int
		want []string // lines of stdout, in order
	}{
		{"a wrong entry that repeats a given", []string{"hint", "..7..2..3.9.3..6..6.......5...2..9..4.3.76.......8...15.......4.....1.7....63.1.8",
			"--grid", ".77.62.93.9.3..6.763..9...5...213946413976582...4857315.1.293643....1279...63.158", "--level", "3"},
			exitNegative, []string{"Mistakes to fix first (1):", "  - r1c2: this entry is not right: row 1 already has a 7 at r1c3"}},
		{"one pencil mark is a mark", []string{"hint", example, "--marks", oneMark, "--level", "3"},
			exitNegative, []string{"Mistakes to fix first (1):", "  - r1c2: a pencil mark was removed that this cell needs"}},
		{"an unmarked cell is no mistake", []string{"hint", example, "--marks", unmarked},
			exitOK, []string{"1. Look for a pattern of this kind: Hidden Single."}},
		{"several solutions", []string{"hint", "3..5.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..", "--level", "4"},
			exitOK, []string{"The puzzle has more than one solution; this step holds in every one of them.",
				"1. Look for a pattern of this kind: Hidden Single.", "2. Look at box 3, digit 5.",
				"3. In box 3: the 5 in r1c4 rules out r1c8 and r1c9 (row 1); the 5 in r2c1 rules out r2c7, r2c8 and r2c9 (row 2). That leaves one cell of box 3 for 5.",
				"4. Place 5 in r3c7. (Hidden Single: r3c7=5 (in b3))"}},
		{"solved", []string{"hint", example, "--grid", exampleSolution},
			exitNegative, []string{"No hint: the grid is already solved"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", tc.args...)
			assert.Equal(t, tc.code, r.code, r.stderr)
			assert.Equal(t, tc.want, strings.Split(strings.TrimRight(r.stdout, "\n"), "\n"))
		})
	}
}

func TestHintCommandJSON(t *testing.T) {
	r := runCLI(t, "", "hint", example, "--grid", "39"+example[2:], "--format", "json", "--lang", "ja", "--level", "3")
	require.Equal(t, exitNegative, r.code, r.stderr)
	var h hints.Hint
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &h))
	assert.Equal(t, hints.Mistakes, h.Status)
	assert.True(t, h.Unique)
	require.Len(t, h.Mistakes, 1)
	m := h.Mistakes[0]
	assert.Equal(t, []any{"r1c2", "b1", hints.WrongEntry, "R1C2：この数字は正しくありません", 0}, []any{m.Cell, m.House, m.Kind, m.Text, m.Digit})

	r = runCLI(t, "", "hint", example, "--grid", "1.3..2..........")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "the grid is 4x4, the puzzle 9x9")
	r = runCLI(t, "", "hint", example, "--marks", "12 3")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "--marks: ")
}
