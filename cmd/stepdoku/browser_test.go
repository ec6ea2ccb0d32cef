package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/html"
	"github.com/stepdoku/stepdoku/techniques"
)

// The window of the browser tests; screenshots must have this size.
const winW, winH = 1200, 900

// browser starts a headless Chromium for one test, or skips the test when there is
// none, except in CI (CI=true), where the browser test must run.
func browser(t *testing.T) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("the browser test runs without -short")
	}
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "headless-shell"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("CI=true but no Chromium is installed: .ci/run installs it (apt-get install -y chromium)")
		}
		t.Skip("no Chromium found (chromium, chromium-browser, google-chrome): the browser test is skipped; apt-get install chromium to run it")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.NoSandbox, // root in a container has no sandbox to give
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(winW, winH),
	}
	// Generous: the machine's cores are shared, and Chromium starts slowly there.
	ctx, cancel := context.WithTimeout(context.Background(), 150*time.Second)
	t.Cleanup(cancel)
	actx, acancel := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx)
	t.Cleanup(bcancel)
	// The viewport is set, not the window: a window's frame takes some of its height.
	require.NoError(t, chromedp.Do(bctx, chromedp.EmulateViewport(winW, winH)), "starting %s", path)
	return bctx
}

// exampleTrace is the walkthrough the pages must show.
func exampleTrace(t *testing.T) (*board.Layout, explain.Trace) {
	t.Helper()
	b, err := board.Parse(example)
	require.NoError(t, err)
	tr, err := techniques.Solve(t.Context(), b, techniques.Options{})
	require.NoError(t, err)
	require.NotEmpty(t, tr.Steps)
	return b.Layout(), tr
}

// marked returns the data-cell values of the elements with data-role role inside
// the element sel.
func marked(ctx context.Context, t *testing.T, sel, role string) []string {
	t.Helper()
	js := fmt.Sprintf(`Array.from(document.querySelectorAll(%q)).map(e => e.getAttribute("data-cell"))`,
		sel+` [data-role="`+role+`"]`)
	cells, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](js))
	require.NoError(t, err)
	return cells
}

func placementCells(l *board.Layout, s explain.Step) []string {
	var out []string
	for _, p := range s.Placements {
		out = append(out, l.CellName(p.Cell))
	}
	return out
}

func eliminationCells(l *board.Layout, s explain.Step) []string {
	var out []string
	for _, e := range s.Eliminations {
		out = append(out, l.CellName(e.Cell))
	}
	return out
}

// attr reads attribute name of the first element that matches the CSS selector sel.
func attr(ctx context.Context, t *testing.T, sel, name string) string {
	t.Helper()
	r, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(sel), name))
	require.NoError(t, err, "%s[%s]", sel, name)
	require.True(t, r.Exists, "%s has no %s", sel, name)
	return r.Value
}

// checkScreenshot decodes a screenshot and checks its size and that it shows something.
// Set STEPDOKU_SCREENSHOTS to a folder to keep the screenshots and look at them.
func checkScreenshot(t *testing.T, shot []byte) {
	t.Helper()
	if dir := os.Getenv("STEPDOKU_SCREENSHOTS"); dir != "" {
		name := filepath.Join(dir, filepath.Base(t.Name())+".png")
		require.NoError(t, os.WriteFile(name, shot, 0o644))
	}
	img, err := png.Decode(bytes.NewReader(shot))
	require.NoError(t, err, "the screenshot is a PNG")
	b := img.Bounds()
	assert.Equal(t, image.Rect(0, 0, winW, winH), b, "the screenshot has the window's size")
	var dark, total int
	colours := map[color.RGBA]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			total++
			if r+g+bl < 3*0xC000 {
				dark++
			}
			if len(colours) < 64 {
				colours[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(bl >> 8), 0}] = true
			}
		}
	}
	share := float64(dark) / float64(total)
	assert.Greater(t, share, 0.01, "the screenshot is not blank")
	assert.Less(t, share, 0.9, "the screenshot is not one dark block")
	assert.GreaterOrEqual(t, len(colours), 8, "the screenshot has the board's colours")
}

// TestBrowserPage opens the HTML walkthrough from a file and walks it with the keys.
func TestBrowserPage(t *testing.T) {
	ctx := browser(t)
	l, tr := exampleTrace(t)
	path := filepath.Join(t.TempDir(), "walk.html")
	var buf bytes.Buffer
	require.NoError(t, html.Write(&buf, l, tr))
	require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate("file://"+path),
		chromedp.WaitReady(chromedp.CSS(`body[data-current="step-0"]`)),
	))
	require.Equal(t, strconv.Itoa(len(tr.Steps)), attr(ctx, t, "body", "data-steps"))
	for i, s := range tr.Steps {
		sel := fmt.Sprintf("#step-%d", i+1)
		require.NoError(t, chromedp.Do(ctx,
			chromedp.KeyEvent(kb.ArrowRight),
			chromedp.WaitVisible(chromedp.CSS(sel+" svg")),
		))
		require.Equal(t, "step-"+strconv.Itoa(i+1), attr(ctx, t, "body", "data-current"))
		tech := attr(ctx, t, sel+" svg", "data-technique")
		require.Equal(t, s.Technique, tech, "picture of step %d", i+1)
		assert.ElementsMatch(t, placementCells(l, s), marked(ctx, t, sel, "place"), "placements of step %d", i+1)
	}
	// Back one step with the left arrow.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.KeyEvent(kb.ArrowLeft),
		chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`body[data-current="step-%d"]`, len(tr.Steps)-1))),
	))
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	checkScreenshot(t, shot)
}
