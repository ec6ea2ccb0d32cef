package main

import (
	"bytes"
	"errors"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	hints "github.com/stepdoku/stepdoku/techniques/hint"
)

// sitePrefix is the path the test serves the built site under: the site knows no
// path of its own.
const sitePrefix = "/sudoku/play/"

// staticSite serves folder dir under sitePrefix on loopback with Go's plain file
// server, and returns its address and a function that stops it.
func staticSite(t *testing.T, dir string) (base string, stop func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	mux := http.NewServeMux()
	mux.Handle(sitePrefix, http.StripPrefix(strings.TrimSuffix(sitePrefix, "/"), http.FileServer(http.Dir(dir))))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	stopped := false
	stop = func() {
		if !stopped {
			stopped = true
			assert.NoError(t, srv.Close())
			assert.ErrorIs(t, <-done, http.ErrServerClosed)
		}
	}
	t.Cleanup(stop)
	return "http://" + ln.Addr().String() + sitePrefix, stop
}

// TestBrowserSite builds the static site once (the engine compiled to WebAssembly by
// the Go on PATH), serves it with a plain file server under a path, and plays the
// scenarios of TestBrowserPlay on it, the engine in the page's Web Worker; then a
// long walk is stopped, a hint on one of the hardest puzzles answers, and with the
// server stopped a reload shows the saved game and a hint still answers.
func TestBrowserSite(t *testing.T) {
	// Building the engine for WebAssembly and playing it through is a minute and more:
	// a long sweep, run where CI or STEPDOKU_FULL asks for it.
	if os.Getenv("CI") == "" && os.Getenv("STEPDOKU_FULL") == "" {
		t.Skip("the static site's browser test runs with CI=true or STEPDOKU_FULL=1")
	}
	bctx := browser(t)
	dir := t.TempDir()
	var out, errb bytes.Buffer
	require.Equal(t, exitOK, run([]string{"site", dir}, nil, &out, &errb), "%s", errb.String())
	t.Log(strings.TrimSpace(out.String()))
	base, stopServer := staticSite(t, dir)

	t.Run("keyboard", func(t *testing.T) { playByKeyboard(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("clicks", func(t *testing.T) { playByClicks(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("hints", func(t *testing.T) { hintsWalkReload(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("killer", func(t *testing.T) { playKiller(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("japanese", func(t *testing.T) { playJapanese(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("phone", func(t *testing.T) {
		playPhone(t, newPlayer(t, bctx, base, 390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	})
	t.Run("stop", func(t *testing.T) { stopLongWalk(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("hardest", func(t *testing.T) { hardestHint(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("update", func(t *testing.T) { updateSite(t, newPlayer(t, bctx, base, winW, winH), dir) })
	// Last: it stops the server.
	t.Run("offline", func(t *testing.T) { playOffline(t, newPlayer(t, bctx, base, winW, winH), stopServer) })
}

// stopLongWalk asks for the walk of a 16x16 puzzle (seconds of work in the browser)
// and presses stop: the spinner and the stop button show, the question ends at once
// with "Stopped.", and the next question is answered.
func stopLongWalk(t *testing.T, p *player) {
	p.open(url.Values{"p": {sparse16}})
	p.click(`[data-action="walk"]`)
	p.do(chromedp.WaitVisible(chromedp.CSS(`#working .spinner`)))
	p.click(`[data-action="stop"]`)
	p.do(chromedp.WaitNotPresent(chromedp.CSS(`body[data-busy]`)))
	assert.Equal(t, "Stopped.", evalJS[string](p, `document.getElementById("error").textContent`))
	assert.True(t, evalJS[bool](p, `document.getElementById("walk-panel").hidden`), "no walk came")
	assert.True(t, evalJS[bool](p, `document.getElementById("working").hidden`), "the spinner is gone")
	// The stopped question's own count of answers may still come: wait for the text.
	p.click(`[data-action="check"]`)
	require.Eventually(t, func() bool {
		return evalJS[string](p, `document.getElementById("hint-head").textContent`) == "No mistakes so far."
	}, 60*time.Second, 50*time.Millisecond, "a new engine answers")
	assert.Empty(t, evalJS[string](p, `document.getElementById("error").textContent`))
}

// hardestHint asks for a hint on the Easter Monster, which has no easy first step.
func hardestHint(t *testing.T, p *player) {
	b, err := board.Parse(easterMonster)
	require.NoError(t, err)
	want, err := hints.Give(t.Context(), hints.Request{Puzzle: b, Level: 1, Lang: explain.EN})
	require.NoError(t, err)
	p.open(url.Values{"p": {easterMonster}})
	start := time.Now()
	p.after(chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	t.Logf("a hint on the Easter Monster took %s in the browser", time.Since(start).Round(10*time.Millisecond))
	assert.Contains(t, evalJS[string](p, `document.querySelector("[data-hint-text]").textContent`), want.Hints[0])
}

// playOffline plays a digit with the server up, waits until the service worker holds
// the site, stops the server, reloads: the board and the saved digit are there, and a
// hint answers from the player's grid.
func playOffline(t *testing.T, p *player, stopServer func()) {
	b, sol := solvedExample(t, example)
	l := b.Layout()
	p.open(url.Values{"p": {example}})
	t.Logf("a board that takes input %s ms after navigation, on a visit with the network", evalJS[string](p, `document.body.dataset.readyMs`))
	var c board.Cell
	for b.Value(c) != 0 {
		c++
	}
	p.click(`[data-cell="` + l.CellName(c) + `"]`)
	p.click(`[data-digit="` + sol[c].String() + `"]`)
	mine := b.Clone()
	require.NoError(t, mine.Place(c, sol[c]))
	controlled, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](`(async () => {
		await navigator.serviceWorker.ready;
		for (let i = 0; i < 400 && !navigator.serviceWorker.controller; i++) { await new Promise((r) => setTimeout(r, 50)); }
		return !!navigator.serviceWorker.controller;
	})()`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	require.True(t, controlled, "the service worker controls the page")

	// Everything the page loaded is a file of the site.
	loaded := evalJS[[]string](p, `performance.getEntriesByType("resource").map((e) => e.name)`)
	require.NotEmpty(t, loaded)
	for _, u := range loaded {
		assert.True(t, strings.HasPrefix(u, p.base), "the page asked %s, outside the site", u)
	}

	stopServer()
	_, err = http.Get(p.base) //nolint:noctx // a closed port answers at once
	var op *net.OpError
	require.True(t, errors.As(err, &op), "the server is stopped: %v", err)

	p.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS(`body[data-ready]`)))
	t.Logf("a board that takes input %s ms after navigation, offline", evalJS[string](p, `document.body.dataset.readyMs`))
	assert.Equal(t, sol[c].String(), p.attr(l.CellName(c), "data-value"), "the saved game is back")
	want, err := hints.Give(t.Context(), hints.Request{Puzzle: b, Grid: mine, Level: 1, Lang: explain.EN})
	require.NoError(t, err)
	require.Equal(t, hints.Found, want.Status)
	p.after(chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	assert.Equal(t, "1", evalJS[string](p, `document.querySelector("[data-hint-text]").getAttribute("data-level")`))
	assert.Contains(t, evalJS[string](p, `document.querySelector("[data-hint-text]").textContent`), want.Hints[0])
	p.shot("site-offline")
}

// updateSite opens the site, so that its service worker caches this version, then
// writes a new version over it (the same engine, Go's glue one comment longer): the
// next visit installs the new version, drops the old cache, and serves the new file.
func updateSite(t *testing.T, p *player, dir string) {
	p.open(url.Values{"p": {example}})
	version := func() string {
		data, err := os.ReadFile(filepath.Join(dir, "sw.js"))
		require.NoError(t, err)
		m := regexp.MustCompile(`const VERSION = "(\w+)";`).FindSubmatch(data)
		require.NotNil(t, m)
		return string(m[1])
	}
	// The caches of this site's versions, once the page's service worker is active.
	caches := func() []string {
		keys, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`(async () => {
			await navigator.serviceWorker.ready;
			return (await caches.keys()).filter((k) => k.startsWith("stepdoku "));
		})()`, chromedp.EvalAwaitPromise))
		require.NoError(t, err)
		return keys
	}
	old := version()
	require.Eventually(t, func() bool {
		keys := caches()
		return len(keys) == 1 && strings.HasSuffix(keys[0], " "+old)
	}, 30*time.Second, 100*time.Millisecond, "the first visit caches version %s", old)

	wasm, err := os.ReadFile(filepath.Join(dir, wasmName))
	require.NoError(t, err)
	glue, err := os.ReadFile(filepath.Join(dir, wasmExecName))
	require.NoError(t, err)
	_, err = writeSite(dir, wasm, append(glue, "\n// the next version\n"...))
	require.NoError(t, err)
	fresh := version()
	require.NotEqual(t, old, fresh)

	p.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS(`body[data-ready]`)))
	require.Eventually(t, func() bool {
		keys := caches()
		return len(keys) == 1 && strings.HasSuffix(keys[0], " "+fresh)
	}, 30*time.Second, 100*time.Millisecond, "the next visit replaces version %s with %s", old, fresh)
	p.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS(`body[data-ready]`)))
	glueNow, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`fetch("wasm_exec.js").then((r) => r.text())`, chromedp.EvalAwaitPromise))
	require.NoError(t, err)
	assert.Contains(t, glueNow, "// the next version", "the new file is served")
	p.after(chromedp.Click(chromedp.CSS(`[data-action="check"]`)))
}
