package main

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain/svg"
)

// TestBrowserVariantPicture drives the web app against a stand-in API that answers a
// walk with the server's picture of a killer: the app shows the cages, says what they
// mean under the board, and sends the rules chosen in "Rules" with its requests.
func TestBrowserVariantPicture(t *testing.T) {
	ctx := browser(t)
	line := "1..............4 AABBCDDBCEFFGEEF A=5,B=7,C=3,D=5,E=7,F=9,G=4"
	b, err := board.ParseVariantLine(line, 0)
	require.NoError(t, err)
	picture := svg.Render(b, nil, svg.Options{})

	var mu sync.Mutex
	var walked map[string]any
	static, err := fs.Sub(webFiles, "web")
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServerFS(static))
	mux.HandleFunc("/api/techniques", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "[]") })
	mux.HandleFunc("/api/check", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, `{"verdict":"unique"}`) })
	mux.HandleFunc("/api/walk", func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		assert.NoError(t, json.NewDecoder(r.Body).Decode(&body))
		mu.Lock()
		walked = body
		mu.Unlock()
		assert.NoError(t, json.NewEncoder(w).Encode(map[string]any{
			"screens": 1, "from": 0, "pictures": []string{picture},
			"trace": map[string]any{"puzzle": b.String(), "steps": []any{}},
		}))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/"),
		chromedp.WaitVisible(chromedp.ID("puzzle")),
		chromedp.SetValue(chromedp.ID("puzzle"), line),
		chromedp.SetValue(chromedp.ID("variant"), "killer"),
		// Choosing the rules checks the puzzle again: once the verdict is in, the
		// app's handlers are in place.
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`document.getElementById("variant").dispatchEvent(new Event("change"))`)(ctx, t)
			return err
		}),
		chromedp.WaitVisible(chromedp.CSS(`#verdict[data-verdict]`)),
		chromedp.Click(chromedp.ID("explain")),
		chromedp.WaitReady(chromedp.CSS(`body[data-current="0"]`)),
	))
	cages, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#board svg .cage").length`))
	require.NoError(t, err)
	assert.Equal(t, len(b.Layout().Cages()), cages)
	legend, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("legend")))
	require.NoError(t, err)
	assert.Contains(t, legend, "Killer: the digits of each dashed cage add up")
	assert.NotContains(t, legend, "Jigsaw")
	mu.Lock()
	defer mu.Unlock()
	assert.Equal(t, "killer", walked["variant"], "the rules chosen go with the request")
	assert.Equal(t, line, walked["puzzle"])
}
