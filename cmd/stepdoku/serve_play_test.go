package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques/rate"
)

// boardOf posts body to /api/board and decodes the answer.
func boardOf(t *testing.T, srv *httptest.Server, body string) (int, boardDoc) {
	t.Helper()
	resp, err := srv.Client().Post(srv.URL+"/api/board", "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	var doc boardDoc
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&doc))
	return resp.StatusCode, doc
}

// TestAPIBoard checks the board the page draws and checks repeats on: the givens, every
// house of the layout with its cells, the cages, and the verdict.
func TestAPIBoard(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	cases := []struct {
		name, body, puzzle, variant, verdict string
	}{
		{"classic", `{"puzzle": "` + example + `"}`, example, "", "unique"},
		{"several solutions", `{"puzzle": "` + several + `"}`, several, "", "several"},
		{"sudoku-x", `{"puzzle": "` + example + `", "variant": "x"}`, example, "x", ""},
		{"killer line", `{"puzzle": "` + strings.ReplaceAll(killerLine, `"`, ``) + `"}`, killerLine, "", "unique"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, doc := boardOf(t, srv, tc.body)
			require.Equal(t, http.StatusOK, status)
			v, err := board.ParseVariant(tc.variant)
			require.NoError(t, err)
			b, err := board.ParseAs(tc.puzzle, v)
			require.NoError(t, err)
			l := b.Layout()
			assert.Equal(t, l.N(), doc.Size)
			assert.Equal(t, l.Variant().String(), doc.Variant)
			require.Len(t, doc.Givens, l.Cells())
			for c := range board.Cell(l.Cells()) {
				assert.Equal(t, int(b.Value(c)), doc.Givens[c], l.CellName(c))
			}
			require.Len(t, doc.Houses, l.Houses())
			for h, hd := range doc.Houses {
				assert.Equal(t, l.HouseName(board.House(h)), hd.Name)
				assert.Equal(t, cellInts(l.HouseCells(board.House(h))), hd.Cells, hd.Name)
			}
			require.Len(t, doc.Cages, len(l.Cages()))
			for i, cg := range l.Cages() {
				assert.Equal(t, cageDoc{Sum: cg.Sum, Cells: cellInts(cg.Cells)}, doc.Cages[i])
			}
			if len(b.Problems()) > 0 {
				assert.Equal(t, "invalid", doc.Verdict)
			} else {
				n, err := fallback.Count(t.Context(), b, 2)
				require.NoError(t, err)
				assert.Equal(t, [...]string{"no-solution", "unique", "several"}[n], doc.Verdict)
			}
			if tc.verdict != "" {
				assert.Equal(t, tc.verdict, doc.Verdict)
			}
		})
	}
	t.Run("diagonals of sudoku-x", func(t *testing.T) {
		_, doc := boardOf(t, srv, `{"puzzle": "`+example+`", "variant": "x"}`)
		var kinds []string
		for _, h := range doc.Houses {
			kinds = append(kinds, h.Kind)
		}
		assert.Equal(t, 2, strings.Count(strings.Join(kinds, " "), "diagonal"))
	})
	t.Run("a repeat is invalid and says where", func(t *testing.T) {
		_, doc := boardOf(t, srv, `{"puzzle": "33`+example[2:]+`"}`)
		assert.Equal(t, "invalid", doc.Verdict)
		require.NotEmpty(t, doc.Problems)
		assert.Contains(t, doc.Problems[0], "r1c")
	})
	t.Run("a bad puzzle is a bad request", func(t *testing.T) {
		status, _, body := postJSON(t, srv.Client(), srv.URL+"/api/board", `{"puzzle": "12?"}`)
		assert.Equal(t, http.StatusBadRequest, status)
		assert.Contains(t, body["error"], "puzzle")
	})
}

// TestAPINew checks that a new puzzle is unique and rated within the level asked for.
func TestAPINew(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	status, _, got := postJSON(t, srv.Client(), srv.URL+"/api/new", `{"difficulty": "easy"}`)
	require.Equal(t, http.StatusOK, status, "%v", got)
	text, _ := got["puzzle"].(string)
	b, err := board.Parse(text)
	require.NoError(t, err, "%q", text)
	n, err := fallback.Count(t.Context(), b, 2)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "the new puzzle has one solution")
	r, err := rate.Rate(t.Context(), b, rate.Options{})
	require.NoError(t, err)
	lo, hi, err := erRange("easy", "")
	require.NoError(t, err)
	assert.GreaterOrEqual(t, r.ER, lo)
	assert.LessOrEqual(t, r.ER, hi)
	assert.InDelta(t, r.ER, got["er"], 1e-9, "the answer gives the rating")

	status, _, got = postJSON(t, srv.Client(), srv.URL+"/api/new", `{"difficulty": "fiendish"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	for _, name := range levelNames() {
		assert.Contains(t, got["error"], name, "the error lists the levels")
	}
	assert.True(t, slices.Contains(levelNames(), "medium"))
}

// TestAPIWalkFromGrid checks that a walk with the player's grid starts from it, and
// that a grid that changes a given is refused.
func TestAPIWalkFromGrid(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	_, sol := func() (*board.Board, []board.Digit) {
		b, err := board.Parse(example)
		require.NoError(t, err)
		s, err := fallback.Solutions(t.Context(), b, 1)
		require.NoError(t, err)
		return b, s[0]
	}()
	grid := example[:1] + sol[1].String() + example[2:]
	status, _, got := postJSON(t, srv.Client(), srv.URL+"/api/walk", `{"puzzle": "`+example+`", "grid": "`+grid+`"}`)
	require.Equal(t, http.StatusOK, status, "%v", got)
	trace, _ := got["trace"].(map[string]any)
	assert.Equal(t, grid, trace["puzzle"], "the walk starts from the player's grid")

	status, _, got = postJSON(t, srv.Client(), srv.URL+"/api/walk", `{"puzzle": "`+example+`", "grid": "4`+example[1:]+`"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, got["error"], "r1c1=3")
}
