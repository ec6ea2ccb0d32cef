package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBrowserWalkPages drives the app on a server whose walk pages hold a picture or
// two: stepping forward through the walk from the player's position fetches each next
// page, and a click on the last step fetches the page that starts there, all under the
// server's Content-Security-Policy.
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

	p := &player{t: t, ctx: ctx, base: "http://" + ln.Addr().String() + "/"}
	p.open(url.Values{"p": {example}})
	p.after(chromedp.Click(chromedp.CSS(`[data-action="walk"]`)))
	require.Equal(t, strconv.Itoa(len(tr.Steps)), evalJS[string](p, `document.body.dataset.steps`), "the first page brings the whole list of steps")
	loaded := evalJS[int](p, `document.querySelectorAll("#steps li").length`)
	require.Equal(t, len(tr.Steps)+2, loaded, "the list holds the position, every step and the end")

	// The walk opens on its first step; each next screen may need a page of its own.
	for i, st := range tr.Steps {
		if i > 0 {
			require.NoError(t, chromedp.Do(ctx,
				chromedp.Click(chromedp.ID("next")),
				chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`body[data-current="%d"]`, i+1))),
			))
		}
		require.Equal(t, st.Technique, attr(ctx, t, "#walk-board svg", "data-technique"), "picture of step %d", i+1)
	}

	// Back to the start, then straight to the last step from the list: the page
	// there is fetched alone.
	p.after(chromedp.Click(chromedp.CSS(`[data-action="walk"]`)))
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("show-steps")),
		chromedp.Click(chromedp.CSS(`#steps li:nth-last-child(2) button`)),
		chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`body[data-current="%d"]`, len(tr.Steps)))),
	))
	last := tr.Steps[len(tr.Steps)-1]
	assert.Equal(t, last.Technique, attr(ctx, t, "#walk-board svg", "data-technique"))
	errText, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("error").textContent`))
	require.NoError(t, err)
	assert.Empty(t, errText)
}
