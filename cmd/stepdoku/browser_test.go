package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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
	hints "github.com/stepdoku/stepdoku/techniques/hint"
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

// TestBrowserApp drives the web app in a real browser: paste a puzzle, see its
// verdict, step through the whole walkthrough, ask for a hint, take a screenshot.
func TestBrowserApp(t *testing.T) {
	ctx := browser(t)
	l, tr := exampleTrace(t)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	sctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(sctx, ln) }()
	t.Cleanup(func() {
		stop()
		assert.NoError(t, <-done)
	})
	url := "http://" + ln.Addr().String() + "/"

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.ID("puzzle")),
		chromedp.SetValue(chromedp.ID("puzzle"), example),
		chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			_, err := chromedp.Evaluate[bool](`document.getElementById("puzzle").dispatchEvent(new Event("input"))`)(ctx, t)
			return err
		}),
		chromedp.WaitVisible(chromedp.CSS(`#verdict[data-verdict]`)),
	))
	verdict := attr(ctx, t, "#verdict", "data-verdict")
	assert.Equal(t, "unique", verdict)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("explain")),
		chromedp.WaitReady(chromedp.CSS(`body[data-steps]`)),
	))
	steps := attr(ctx, t, "body", "data-steps")
	require.Equal(t, strconv.Itoa(len(tr.Steps)), steps, "the app shows every step")
	items, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#steps li").length`))
	require.NoError(t, err)
	assert.Equal(t, len(tr.Steps)+2, items, "the list holds the puzzle, every step and the end")

	for i, s := range tr.Steps {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(chromedp.ID("next")),
			chromedp.WaitReady(chromedp.CSS(fmt.Sprintf(`body[data-current="%d"]`, i+1))),
		))
		tech := attr(ctx, t, "#board svg", "data-technique")
		require.Equal(t, s.Technique, tech, "picture of step %d", i+1)
		assert.ElementsMatch(t, placementCells(l, s), marked(ctx, t, "#board", "place"), "placements of step %d", i+1)
		assert.ElementsMatch(t, eliminationCells(l, s), marked(ctx, t, "#board", "eliminate"), "eliminations of step %d", i+1)
	}

	// Back to the puzzle: click r1c2 and type its digit, as a player would.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`#steps li:first-child`)),
		chromedp.WaitReady(chromedp.CSS(`body[data-current="0"]`)),
	))
	xy, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const svg = document.querySelector("#board svg");
		const m = Number(svg.getAttribute("data-margin")), cs = Number(svg.getAttribute("data-cell-size"));
		const pt = svg.createSVGPoint();
		pt.x = m + 1.5 * cs; pt.y = m + 0.5 * cs;
		const p = pt.matrixTransform(svg.getScreenCTM());
		return [p.x, p.y];
	})()`))
	require.NoError(t, err)
	require.Len(t, xy, 2)
	entry := string(exampleSolution[1])
	require.NoError(t, chromedp.Do(ctx,
		chromedp.MouseClickXY(xy[0], xy[1]),
		chromedp.WaitReady(chromedp.CSS(`#board svg .selected`)),
		chromedp.KeyEvent(entry),
		chromedp.WaitReady(chromedp.CSS(`#board svg .mine[data-cell="r1c2"]`)),
	))
	grid, err := chromedp.Run(ctx, chromedp.Value(chromedp.ID("grid")))
	require.NoError(t, err)
	assert.Equal(t, example[:1]+entry+example[2:], grid, "the entry goes into the player's grid")

	// A hint at the last level, on the player's grid, draws its move.
	pz, err := board.Parse(example)
	require.NoError(t, err)
	mine, err := board.Parse(grid)
	require.NoError(t, err)
	want, err := hints.Give(t.Context(), hints.Request{Puzzle: pz, Grid: mine, Level: explain.HintLevels, Lang: explain.EN})
	require.NoError(t, err)
	require.NotNil(t, want.Step)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`button.hint[data-level="4"]`)),
		chromedp.WaitVisible(chromedp.CSS(`#hint[data-level="4"]`)),
	))
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#hint li").length`))
	require.NoError(t, err)
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	require.NoError(t, err)
	assert.Equal(t, explain.HintLevels, shown)
	var wantCells []string
	for _, p := range want.Step.Placements {
		wantCells = append(wantCells, p[:strings.Index(p, "=")])
	}
	assert.ElementsMatch(t, wantCells, marked(ctx, t, "#board", "place"), "the hint's move")
	checkScreenshot(t, shot)
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
