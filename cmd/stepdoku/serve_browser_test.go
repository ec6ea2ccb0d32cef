package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserWalkPages drives the app on a server whose walk pages hold a picture or
// two: stepping forward fetches each next page, and a click on the last step fetches
// the page that starts there, all under the server's Content-Security-Policy.
func TestBrowserWalkPages(t *testing.T) {
	ctx := browser(t)
	_, tr := exampleTrace(t)

	cfg := defaultServeConfig()
	cfg.walkPage = 30_000 // the example's pictures are 10-25 kB
	s := newServer(cfg)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	sctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.serve(sctx, ln, io.Discard) }()
	t.Cleanup(func() {
		stop()
		assert.NoError(t, <-done)
	})

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate("http://"+ln.Addr().String()+"/"),
		chromedp.WaitVisible(chromedp.ID("puzzle")),
		chromedp.SetValue(chromedp.ID("puzzle"), example),
		chromedp.Click(chromedp.ID("explain")),
		chromedp.WaitReady(chromedp.CSS(`body[data-steps]`)),
	))
	loaded, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#steps li").length`))
	require.NoError(t, err)
	require.Equal(t, len(tr.Steps)+2, loaded, "the first page brings the whole list of steps")

	for i, st := range tr.Steps {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(chromedp.ID("next")),
			chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`body[data-current="%d"]`, i+1))),
		))
		require.Equal(t, st.Technique, attr(ctx, t, "#board svg", "data-technique"), "picture of step %d", i+1)
	}

	// Back to the start, then straight to the end: the page there is fetched alone.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("explain")),
		chromedp.WaitReady(chromedp.CSS(`body[data-current="0"]`)),
		chromedp.Click(chromedp.CSS(`#steps li:nth-last-child(2)`)),
		chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`body[data-current="%d"]`, len(tr.Steps)))),
	))
	last := tr.Steps[len(tr.Steps)-1]
	assert.Equal(t, last.Technique, attr(ctx, t, "#board svg", "data-technique"))
	errText, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").textContent`))
	require.NoError(t, err)
	assert.Empty(t, errText)
}
