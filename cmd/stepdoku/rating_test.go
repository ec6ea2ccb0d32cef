package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques/rate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRateFlags: check --rate and explain --rate carry the same rating as the rate
// package gives; the API's "rate" field likewise; no rating without asking.
func TestRateFlags(t *testing.T) {
	const hard = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	b, err := board.Parse(hard)
	require.NoError(t, err)
	want, err := rate.Rate(t.Context(), b, rate.Options{})
	require.NoError(t, err)

	r := runCLI(t, "", "check", "--rate", "--format", "json", hard)
	require.Equal(t, exitOK, r.code, r.stderr)
	var c struct{ Rating *rate.Rating }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &c))
	require.NotNil(t, c.Rating)
	assert.Equal(t, want, *c.Rating)

	r = runCLI(t, "", "check", "--rate", hard)
	assert.Contains(t, r.stdout, fmt.Sprintf("Rating: ER %.1f", want.ER))

	r = runCLI(t, "", "explain", "--rate", "--format", "json", hard)
	require.Equal(t, exitOK, r.code, r.stderr)
	var x struct{ Summary struct{ Rating *rate.Rating } }
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &x))
	require.NotNil(t, x.Summary.Rating)
	assert.Equal(t, want, *x.Summary.Rating)

	r = runCLI(t, "", "explain", "--format", "json", hard)
	assert.NotContains(t, r.stdout, `"rating"`, "no rating unless asked")

	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	code, got := post(t, srv, "/api/check", `{"puzzle": "`+hard+`", "rate": true}`)
	require.Equal(t, http.StatusOK, code, got)
	rt, ok := got["rating"].(map[string]any)
	require.True(t, ok, "rating in %v", got)
	assert.InDelta(t, want.ER, rt["er"], 1e-9)
	assert.Equal(t, want.Level, rt["level"])
	code, got = post(t, srv, "/api/walk", `{"puzzle": "`+hard+`", "rate": true}`)
	assert.Equal(t, http.StatusBadRequest, code, "walk takes no rate: %v", got)
}
