package main

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two puzzles Sudoku Explainer rates ER 4.2 (an XY-Wing) and 1.7 (direct pointing).
const (
	rateXYWing   = "...7..2...7..2193...1.4...6..9.6.....4.....19..5.8...75..9............8..18.7.4.."
	ratePointing = "9..1.3.........8......5.97.......7244..8.....1.36......2...4..1..........945..6.."
)

func TestRateTSV(t *testing.T) {
	r := runCLI(t, rateXYWing+"\n"+ratePointing+"\n", "rate", "--jobs", "2", "-")
	require.Equal(t, exitOK, r.code, r.stderr)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, 2)
	first := strings.Split(lines[0], "\t")
	require.Len(t, first, 8, "puzzle, er, ep, ed, level, score, hardest, steps")
	assert.Equal(t, []string{rateXYWing, "4.2", "1.2", "1.2", "hard"}, first[:5])
	assert.Equal(t, "xy-wing", first[6])
	second := strings.Split(lines[1], "\t")
	assert.Equal(t, []string{ratePointing, "1.7", "1.2", "1.2", "easy"}, second[:5], "input order")
}

func TestRateJSONLines(t *testing.T) {
	r := runCLI(t, rateXYWing+"\n"+several+"\n", "rate", "--format", "json", "-")
	assert.Equal(t, exitNegative, r.code, "a puzzle with several solutions cannot be rated")
	assert.Contains(t, r.stderr, "line 2")
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, 2)
	var got struct {
		Puzzle     string
		ER, EP, ED float64
		Level      string
		Score      int
		Hardest    string
		Steps      int
		Logic      bool
	}
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &got))
	assert.Equal(t, rateXYWing, got.Puzzle)
	assert.InDelta(t, 4.2, got.ER, 1e-9)
	assert.Equal(t, "hard", got.Level)
	assert.Equal(t, "xy-wing", got.Hardest)
	assert.True(t, got.Logic)
	assert.Positive(t, got.Score)
	assert.Positive(t, got.Steps)
	var bad map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &bad))
	assert.Equal(t, "several", bad["verdict"])
	assert.EqualValues(t, 2, bad["line"])
	assert.NotContains(t, bad, "er", "no rating for a puzzle that has none")
}

func TestRateCSV(t *testing.T) {
	r := runCLI(t, "", "rate", "--format", "csv", ratePointing)
	require.Equal(t, exitOK, r.code, r.stderr)
	recs, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	require.NoError(t, err)
	require.Len(t, recs, 2)
	assert.Equal(t, []string{"puzzle", "er", "ep", "ed", "level", "score", "hardest", "steps"}, recs[0])
	assert.Equal(t, []string{ratePointing, "1.7", "1.2", "1.2", "easy"}, recs[1][:5])
}

func TestRateBadInput(t *testing.T) {
	r := runCLI(t, "", "rate", "--format", "xml", rateXYWing)
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, `--format "xml"`)
	r = runCLI(t, clash+"\n", "rate", "-")
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stdout, clash+"\t-\t-\t-\tinvalid")
}
