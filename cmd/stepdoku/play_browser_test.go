package main

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
	"github.com/stepdoku/stepdoku/explain/svg"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
	hints "github.com/stepdoku/stepdoku/techniques/hint"
)

// The player's board in a real browser: the scenarios of issue 23 play whole puzzles by
// keyboard and by clicks, ask for hints, walk from a position, reload, play a killer,
// in Japanese and on a phone. The page exposes its state as data attributes (see
// web/app.js); every expectation here comes from the library (the solution from the
// search, hints from techniques/hint, steps from techniques.Solve), never from the page.
// With STEPDOKU_SHOTS=DIR each scenario leaves a screenshot there.

// player is one tab of the browser on a server of the app.
type player struct {
	t    *testing.T
	ctx  context.Context
	base string
}

// playServer serves the app on a free port for the test's length.
func playServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	sctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- serve(sctx, ln) }()
	t.Cleanup(func() {
		stop()
		assert.NoError(t, <-done)
	})
	return "http://" + ln.Addr().String() + "/"
}

// newPlayer opens a tab of the browser of bctx, at width x height (with opts, a
// phone's touch screen).
func newPlayer(t *testing.T, bctx context.Context, base string, width, height int64, opts ...chromedp.EmulateViewportOption) *player {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx)
	t.Cleanup(cancel)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(width, height, opts...)))
	return &player{t: t, ctx: ctx, base: base}
}

func (p *player) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	require.NoError(p.t, chromedp.Do(p.ctx, actions...))
}

func evalJS[T any](p *player, js string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](js))
	require.NoError(p.t, err, "%s", js)
	return v
}

// open loads the app with query q after forgetting every saved game, and waits for
// the board.
func (p *player) open(q url.Values) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.base + "?" + q.Encode()))
	evalJS[bool](p, `localStorage.clear(), true`)
	p.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS(`body[data-ready]`)))
}

// answers is how many API answers the page has shown.
func (p *player) answers() int {
	n, _ := strconv.Atoi(evalJS[string](p, `document.body.dataset.answers || "0"`))
	return n
}

// after runs actions, which ask the API, and waits until the page has shown the answer.
func (p *player) after(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	before := p.answers()
	p.do(actions...)
	deadline := time.Now().Add(60 * time.Second)
	for p.answers() <= before {
		require.True(p.t, time.Now().Before(deadline), "no answer from the API within a minute")
		time.Sleep(20 * time.Millisecond)
	}
	assert.Empty(p.t, evalJS[string](p, `document.getElementById("error").textContent`), "the page shows no error")
}

// cells returns attribute name of every cell, by cell name, "" where it is absent.
func (p *player) cells(name string) map[string]string {
	p.t.Helper()
	return evalJS[map[string]string](p, fmt.Sprintf(`Object.fromEntries(Array.from(document.querySelectorAll("[data-cell]"),
		e => [e.getAttribute("data-cell"), e.getAttribute(%q) ?? ""]))`, name))
}

// with returns the names of the cells that carry attribute name, sorted.
func (p *player) with(name string) []string {
	p.t.Helper()
	out := evalJS[[]string](p, fmt.Sprintf(`Array.from(document.querySelectorAll(%q), e => e.getAttribute("data-cell"))`, "[data-cell]["+name+"]"))
	slices.Sort(out)
	return out
}

func (p *player) attr(cell, name string) string { return p.cells(name)[cell] }

// shot writes a screenshot to $STEPDOKU_SHOTS/name.png when that is set, and checks
// that the page shows something either way.
func (p *player) shot(name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	require.NoError(p.t, err)
	require.Greater(p.t, len(png), 5000, "the screenshot shows a page")
	if dir := os.Getenv("STEPDOKU_SHOTS"); dir != "" {
		require.NoError(p.t, os.MkdirAll(dir, 0o755))
		require.NoError(p.t, os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644))
	}
}

// keys types each key in turn.
func (p *player) keys(ks ...string) {
	p.t.Helper()
	var as []chromedp.Action[chromedp.Void]
	for _, k := range ks {
		as = append(as, chromedp.KeyEvent(k))
	}
	p.do(as...)
}

func (p *player) ctrl(k string) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(k, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
}

// goTo moves the selection to cell c of an n x n board with the arrow keys.
func (p *player) goTo(n int, c board.Cell) {
	p.t.Helper()
	sel := p.with("data-selected")
	require.Len(p.t, sel, 1, "one cell is selected")
	var r, col int
	_, err := fmt.Sscanf(sel[0], "r%dc%d", &r, &col)
	require.NoError(p.t, err)
	var ks []string
	for ; r-1 < int(c)/n; r++ {
		ks = append(ks, kb.ArrowDown)
	}
	for ; r-1 > int(c)/n; r-- {
		ks = append(ks, kb.ArrowUp)
	}
	for ; col-1 < int(c)%n; col++ {
		ks = append(ks, kb.ArrowRight)
	}
	for ; col-1 > int(c)%n; col-- {
		ks = append(ks, kb.ArrowLeft)
	}
	p.keys(ks...)
}

func (p *player) click(sel string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS(sel)))
}

// solvedExample returns the puzzle's board and its one solution.
func solvedExample(t *testing.T, text string) (*board.Board, []board.Digit) {
	t.Helper()
	b, err := board.Parse(text)
	require.NoError(t, err)
	sols, err := fallback.Solutions(t.Context(), b, 2)
	require.NoError(t, err)
	require.Len(t, sols, 1)
	return b, sols[0]
}

// peerCandidates are the digits no value of a peer of c rules out on b.
func peerCandidates(b *board.Board, c board.Cell) string {
	var out []string
	for d := 1; d <= b.Layout().N(); d++ {
		if !slices.ContainsFunc(b.Layout().Peers(c), func(o board.Cell) bool { return b.Value(o) == board.Digit(d) }) {
			out = append(out, strconv.Itoa(d))
		}
	}
	return strings.Join(out, " ")
}

// TestBrowserPlay runs the scenarios in one browser, each in its own tab.
func TestBrowserPlay(t *testing.T) {
	bctx := browser(t)
	base := playServer(t)
	t.Run("keyboard", func(t *testing.T) { playByKeyboard(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("clicks", func(t *testing.T) { playByClicks(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("hints", func(t *testing.T) { hintsWalkReload(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("killer", func(t *testing.T) { playKiller(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("japanese", func(t *testing.T) { playJapanese(t, newPlayer(t, bctx, base, winW, winH)) })
	t.Run("phone", func(t *testing.T) {
		playPhone(t, newPlayer(t, bctx, base, 390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch))
	})
}

// playByKeyboard plays the example to the end with the keys alone: a conflict undone
// and redone, notes, a mistake found by check, all candidates filled and kept.
func playByKeyboard(t *testing.T, p *player) {
	b, sol := solvedExample(t, example)
	l := b.Layout()
	p.open(url.Values{"p": {example}})
	empty := []board.Cell{}
	for c := range board.Cell(l.Cells()) {
		if b.Value(c) == 0 {
			empty = append(empty, c)
		}
	}
	first := empty[0]
	name := l.CellName(first)
	require.Equal(t, []string{name}, p.with("data-selected"), "the first empty cell is selected")

	// A digit that repeats a given of the row is a conflict at once, on both cells.
	var clash board.Cell = -1
	for _, o := range l.HouseCells(l.RowHouse(l.RowOf(first))) {
		if b.Value(o) != 0 {
			clash = o
			break
		}
	}
	require.GreaterOrEqual(t, int(clash), 0)
	p.keys(b.Value(clash).String())
	assert.Equal(t, b.Value(clash).String(), p.attr(name, "data-value"))
	repeats := []string{name}
	for _, o := range l.Peers(first) {
		if b.Value(o) == b.Value(clash) {
			repeats = append(repeats, l.CellName(o))
		}
	}
	assert.Equal(t, sortedNames(repeats), p.with("data-conflict"), "the repeat is marked on every cell it repeats")
	p.ctrl("z")
	assert.Empty(t, p.attr(name, "data-value"), "Ctrl+Z takes the digit back")
	assert.Empty(t, p.with("data-conflict"))
	p.ctrl("y")
	assert.Equal(t, b.Value(clash).String(), p.attr(name, "data-value"), "Ctrl+Y puts it again")
	p.keys(kb.Backspace)
	assert.Empty(t, p.attr(name, "data-value"), "Backspace erases")

	// Notes: N switches the mode, digits toggle marks.
	p.keys("n", "1", "4", "7", "7")
	assert.Equal(t, "1 4", p.attr(name, "data-marks"))
	p.keys("n")
	// Shift and a digit: a note whatever the mode.
	p.do(chromedp.KeyEvent("9", chromedp.KeyModifiers(chromedp.ModifierShift)))
	assert.Equal(t, "1 4 9", p.attr(name, "data-marks"))
	assert.Empty(t, p.attr(name, "data-value"))

	// A wrong digit that repeats nothing: check finds it, and only it.
	wrongAt, wrong := board.Cell(-1), board.Digit(0)
	for _, c := range empty[1:] {
		for d := board.Digit(1); d <= 9; d++ {
			if d != sol[c] && b.Has(c, d) {
				wrongAt, wrong = c, d
				break
			}
		}
		if wrong != 0 {
			break
		}
	}
	require.NotZero(t, wrong)
	p.goTo(9, wrongAt)
	p.keys(wrong.String())
	assert.Empty(t, p.with("data-conflict"))
	p.after(chromedp.Click(chromedp.CSS(`[data-action="check"]`)))
	assert.Equal(t, []string{l.CellName(wrongAt)}, p.with("data-mistake"), "check marks the wrong entry")
	p.keys(kb.Delete)
	assert.Empty(t, p.with("data-mistake"), "a change clears the check")

	// Fill all candidates: every empty cell gets the digits its peers leave.
	p.click(`[data-action="auto-notes"]`)
	marks := p.cells("data-marks")
	for _, c := range empty {
		assert.Equal(t, peerCandidates(b, c), marks[l.CellName(c)], "candidates of %s", l.CellName(c))
	}

	// Play every cell; each placed digit leaves the marks of its peers.
	for i, c := range empty {
		p.goTo(9, c)
		p.keys(sol[c].String())
		if i == 0 {
			d := sol[c].String()
			for _, o := range l.Peers(c) {
				assert.NotContains(t, strings.Fields(p.attr(l.CellName(o), "data-marks")), d, "%s keeps no %s beside %s", l.CellName(o), d, l.CellName(c))
			}
		}
	}
	values := p.cells("data-value")
	for c := range board.Cell(l.Cells()) {
		require.Equal(t, sol[c].String(), values[l.CellName(c)], "%s", l.CellName(c))
	}
	assert.Empty(t, p.with("data-conflict"))
	p.after(chromedp.Click(chromedp.CSS(`[data-action="check"]`)))
	assert.Contains(t, evalJS[string](p, `document.querySelector("[data-hint-text]").textContent`), "Solved")
	p.shot("keyboard-solved")
}

func sortedNames(s []string) []string { slices.Sort(s); return s }

// playByClicks plays the example to the end with the mouse: cells, the digit pad,
// notes, erase, undo and redo by their buttons.
func playByClicks(t *testing.T, p *player) {
	b, sol := solvedExample(t, example)
	l := b.Layout()
	p.open(url.Values{"p": {example}})
	var empty []board.Cell
	for c := range board.Cell(l.Cells()) {
		if b.Value(c) == 0 {
			empty = append(empty, c)
		}
	}
	c0 := l.CellName(empty[0])
	p.click(`[data-cell="` + c0 + `"]`)
	p.click(`[data-action="notes"]`)
	p.click(`[data-digit="2"]`)
	p.click(`[data-digit="9"]`)
	assert.Equal(t, "2 9", p.attr(c0, "data-marks"))
	assert.Equal(t, "true", evalJS[string](p, `document.querySelector('[data-action="notes"]').getAttribute("aria-pressed")`))
	p.click(`[data-action="notes"]`)
	p.click(`[data-digit="5"]`)
	assert.Equal(t, "5", p.attr(c0, "data-value"))
	assert.Empty(t, p.attr(c0, "data-marks"), "a digit replaces the marks")
	p.click(`[data-action="undo"]`)
	assert.Equal(t, "2 9", p.attr(c0, "data-marks"), "undo brings the marks back")
	p.click(`[data-action="undo"]`)
	assert.Equal(t, "2", p.attr(c0, "data-marks"))
	p.click(`[data-action="redo"]`)
	assert.Equal(t, "2 9", p.attr(c0, "data-marks"))
	p.click(`[data-action="erase"]`)
	assert.Empty(t, p.attr(c0, "data-marks"), "erase clears the marks")
	// Highlight of the selected digit: a given selected, every cell of its digit lit.
	var given board.Cell
	for c := range board.Cell(l.Cells()) {
		if b.Value(c) != 0 {
			given = c
			break
		}
	}
	p.click(`[data-cell="` + l.CellName(given) + `"]`)
	var same []string
	for c := range board.Cell(l.Cells()) {
		if c != given && b.Value(c) == b.Value(given) {
			same = append(same, l.CellName(c))
		}
	}
	assert.Equal(t, sortedNames(same), p.with("data-same"))

	for _, c := range empty {
		p.click(`[data-cell="` + l.CellName(c) + `"]`)
		p.click(`[data-digit="` + sol[c].String() + `"]`)
	}
	values := p.cells("data-value")
	for c := range board.Cell(l.Cells()) {
		require.Equal(t, sol[c].String(), values[l.CellName(c)], "%s", l.CellName(c))
	}
	p.shot("clicks-solved")
}

// hintCells are the cells a hint's picture at level draws (what the page marks with
// data-hint): its houses, cells and digits, as explain/svg draws them.
func hintCells(t *testing.T, h hints.Hint, l *board.Layout, level int) []string {
	t.Helper()
	s, err := h.Step.Step(l)
	require.NoError(t, err)
	pic := svg.Render(h.Board, &s, svg.Options{Detail: hintDetail(level)})
	set := map[string]bool{}
	houses := map[string][]board.Cell{}
	for hh := range board.House(l.Houses()) {
		houses[l.HouseName(hh)] = l.HouseCells(hh)
	}
	for _, m := range regexp.MustCompile(`data-role="(\w+)" data-cell="(r\d+c\d+)"`).FindAllStringSubmatch(pic, -1) {
		if m[1] != "beam" {
			set[m[2]] = true
		}
	}
	for _, m := range regexp.MustCompile(`data-role="(\w+)" data-house="(\w+)"`).FindAllStringSubmatch(pic, -1) {
		for _, c := range houses[m[2]] {
			set[l.CellName(c)] = true
		}
	}
	var out []string
	for c := range set {
		out = append(out, c)
	}
	slices.Sort(out)
	return out
}

// pointingPuzzle is a generated puzzle (generate --level medium --seed 4) whose
// walkthrough takes singles for a few steps and then locked candidates: a hint there
// draws a house, pattern cells and digits, and eliminations.
const pointingPuzzle = "...6..3.972............82..489...7...7.....4....1...5.....358..8...9.....3.2...9."

// hintsWalkReload plays the singles of pointingPuzzle's walkthrough and a wrong digit,
// asks for hints (the mistake first, then the four levels of the next step, from the
// player's digits and marks, drawn on the board), applies the step, reloads, and
// walks from the position reached.
func hintsWalkReload(t *testing.T, p *player) {
	b, sol := solvedExample(t, pointingPuzzle)
	l := b.Layout()
	p.open(url.Values{"p": {pointingPuzzle}})
	tr, err := techniques.Solve(t.Context(), b, techniques.Options{})
	require.NoError(t, err)
	mine := b.Clone()
	k := 0
	for ; len(tr.Steps[k].Eliminations) == 0; k++ {
		for _, pl := range tr.Steps[k].Placements {
			p.click(`[data-cell="` + l.CellName(pl.Cell) + `"]`)
			p.click(`[data-digit="` + pl.Digit.String() + `"]`)
			require.NoError(t, mine.Place(pl.Cell, pl.Digit))
		}
	}
	require.Greater(t, k, 0, "the walkthrough starts with placements")
	// A wrong entry is named before any hint.
	var bad board.Cell
	for c := range board.Cell(l.Cells()) {
		if mine.Value(c) == 0 {
			bad = c
		}
	}
	wrong := sol[bad]%9 + 1
	p.click(`[data-cell="` + l.CellName(bad) + `"]`)
	p.click(`[data-digit="` + wrong.String() + `"]`)
	p.after(chromedp.Click(chromedp.CSS(`[data-action="walk"]`)))
	assert.Equal(t, []string{l.CellName(bad)}, p.with(`data-hint~="mistake"`), "the walk points at the wrong entry")
	assert.True(t, evalJS[bool](p, `document.getElementById("walk-panel").hidden`), "and walks nothing from a wrong position")
	p.click(`[data-action="erase"]`)
	p.click(`[data-digit="` + wrong.String() + `"]`)
	assert.Empty(t, p.with("data-hint"), "a change clears what was drawn")
	// The hint reveals the mistake in stages: that it is there, its house, its cell.
	p.after(chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	assert.Empty(t, p.with(`data-hint~="mistake"`), "level 1 only says there is a mistake")
	assert.NotContains(t, evalJS[string](p, `document.getElementById("hint-box").textContent`), l.CellName(bad))
	p.after(chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	box := "box " + strconv.Itoa(l.Index(l.HousesOf(bad)[2])+1)
	assert.Contains(t, evalJS[string](p, `document.getElementById("hint-box").textContent`), box, "level 2 names its box")
	p.after(chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	assert.Equal(t, []string{l.CellName(bad)}, p.with(`data-hint~="mistake"`), "the hint points at the wrong entry")
	assert.Contains(t, evalJS[string](p, `document.getElementById("hint-box").textContent`), l.CellName(bad))
	p.click(`[data-action="erase"]`)
	assert.Empty(t, p.with("data-hint"), "a change clears the hint")

	// Four presses, four levels, each drawn on the board, from the player's grid and
	// the candidates the page filled in as marks.
	p.click(`[data-action="auto-notes"]`)
	want, err := hints.Give(t.Context(), hints.Request{Puzzle: b, Grid: mine, Marks: board.MarksOf(mine), Level: explain.HintLevels, Lang: explain.EN})
	require.NoError(t, err)
	require.Equal(t, hints.Found, want.Status)
	require.Equal(t, tr.Steps[k].Technique, want.Technique, "the hint is the walkthrough's next step")
	for level := 1; level <= explain.HintLevels; level++ {
		p.after(chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
		require.Equal(t, strconv.Itoa(level), evalJS[string](p, `document.querySelector("[data-hint-text]").getAttribute("data-level")`))
		text := evalJS[string](p, `document.querySelector("[data-hint-text]").textContent`)
		assert.Contains(t, text, want.Hints[level-1], "level %d says its text", level)
		drawn := p.with("data-hint")
		if level == 1 {
			assert.Empty(t, drawn, "level 1 draws nothing")
		} else {
			assert.Equal(t, hintCells(t, want, l, level), drawn, "level %d draws what its picture draws", level)
		}
		if level == 3 {
			p.shot("hint-level-3")
		}
	}
	var struck []string
	for _, e := range want.Step.Eliminations {
		struck = append(struck, e[:strings.Index(e, "<>")])
	}
	require.NotEmpty(t, struck, "the hint removes candidates")
	assert.Equal(t, sortedNames(slices.Clone(struck)), p.with(`data-hint~="eliminate"`))
	p.shot("hint-level-4")
	p.click(`[data-action="apply"]`)
	for _, e := range want.Step.Eliminations {
		cell, d, _ := strings.Cut(e, "<>")
		assert.NotContains(t, strings.Fields(p.attr(cell, "data-marks")), d, "apply removes %s", e)
	}
	elim := want.Step.Eliminations[0]
	elimCell, elimDigit, _ := strings.Cut(elim, "<>")

	// A reload keeps the digits and the history.
	before := p.cells("data-value")
	history := evalJS[string](p, `document.body.dataset.history`)
	p.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS(`body[data-ready]`)))
	assert.Equal(t, before, p.cells("data-value"), "the reload keeps the game")
	assert.Equal(t, history, evalJS[string](p, `document.body.dataset.history`), "and its undo history")
	p.click(`[data-action="undo"]`)
	assert.Contains(t, strings.Fields(p.attr(elimCell, "data-marks")), elimDigit, "undo after the reload takes the applied step back")
	p.click(`[data-action="redo"]`)

	// The walkthrough from this position (the digits: a walk has no marks), one step
	// at a time, the list hidden.
	tr, err = techniques.Solve(t.Context(), mine, techniques.Options{})
	require.NoError(t, err)
	require.NotEmpty(t, tr.Steps)
	p.after(chromedp.Click(chromedp.CSS(`[data-action="walk"]`)))
	require.Equal(t, strconv.Itoa(len(tr.Steps)), evalJS[string](p, `document.body.dataset.steps`))
	assert.True(t, evalJS[bool](p, `document.getElementById("steps").hidden`), "the future steps stay hidden")
	for i := 1; i <= min(3, len(tr.Steps)); i++ {
		if i > 1 {
			p.click(`#next`)
		}
		require.Equal(t, strconv.Itoa(i), evalJS[string](p, `document.body.dataset.current`))
		assert.Equal(t, tr.Steps[i-1].Technique, evalJS[string](p, `document.querySelector("#walk-board svg").getAttribute("data-technique")`), "step %d", i)
		assert.Equal(t, explain.OneLiner(l, tr.Steps[i-1]), evalJS[string](p, `document.getElementById("line").textContent`))
		assert.NotEmpty(t, evalJS[string](p, `document.getElementById("prose").textContent`))
	}
	p.shot("walk")
	p.click(`#show-steps`)
	assert.Equal(t, len(tr.Steps)+2, evalJS[int](p, `document.getElementById("steps").hidden ? -1 : document.querySelectorAll("#steps li").length`))
}

// killerLine is an empty killer of the shared set (killer-dev puzzle 1).
const killerLine = "................................................................................. ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee " +
	"A=11,B=25,C=14,D=9,E=12,F=15,G=4,H=14,I=6,J=40,K=3,L=15,M=9,N=8,O=12,P=38,Q=11,R=15,S=13,T=6,U=4,V=17,W=7,X=13,Y=10,Z=6,a=26,b=4,c=15,d=11,e=12"

// playKiller opens a killer by its address: the cages and sums are drawn, a digit
// repeated in a cage (and nowhere else) is a conflict, and a hint comes.
func playKiller(t *testing.T, p *player) {
	b, err := board.ParseVariantLine(killerLine, 0)
	require.NoError(t, err)
	l := b.Layout()
	p.open(url.Values{"p": {killerLine}})
	sums := evalJS[[]string](p, `Array.from(document.querySelectorAll("#board .sum"), e => e.textContent)`)
	var want []string
	for _, cg := range l.Cages() {
		want = append(want, strconv.Itoa(cg.Sum))
	}
	assert.Equal(t, want, sums, "every cage's sum is drawn")
	assert.NotEmpty(t, evalJS[int](p, `document.querySelectorAll("#board line.cage").length`))
	// Two cells of one cage that share no row, column or box.
	var a, c board.Cell = -1, -1
	for _, cg := range l.Cages() {
		for _, x := range cg.Cells {
			for _, y := range cg.Cells {
				if x < y && l.RowOf(x) != l.RowOf(y) && l.ColOf(x) != l.ColOf(y) && l.BoxOf(x) != l.BoxOf(y) && a < 0 {
					a, c = x, y
				}
			}
		}
	}
	require.GreaterOrEqual(t, int(a), 0, "the killer has a cage across boxes")
	for _, x := range []board.Cell{a, c} {
		p.click(`[data-cell="` + l.CellName(x) + `"]`)
		p.click(`[data-digit="1"]`)
	}
	assert.Equal(t, sortedNames([]string{l.CellName(a), l.CellName(c)}), p.with("data-conflict"), "the cage's repeat")
	p.click(`[data-action="undo"]`)
	assert.Empty(t, p.with("data-conflict"))
	p.click(`[data-action="undo"]`)
	want1, err := hints.Give(t.Context(), hints.Request{Puzzle: b, Level: 1, Lang: explain.EN})
	require.NoError(t, err)
	p.after(chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	assert.Contains(t, evalJS[string](p, `document.querySelector("[data-hint-text]").textContent`), want1.Hints[0])
	assert.Contains(t, evalJS[string](p, `document.getElementById("rules").textContent`), "Killer")
	p.shot("killer")
}

// asciiWord is a word of Latin letters; the Japanese page may show only the names
// of keys and the project's own.
var asciiWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// playJapanese opens the app with lang=ja: no English label, button, heading, message
// or cell name, and the hint in Japanese.
func playJapanese(t *testing.T, p *player) {
	p.open(url.Values{"p": {example}, "lang": {"ja"}})
	assert.Equal(t, "ja", evalJS[string](p, `document.documentElement.lang`))
	p.after(chromedp.Click(chromedp.CSS(`[data-action="hint"]`)))
	p.after(chromedp.Click(chromedp.CSS(`[data-action="walk"]`)))
	texts := evalJS[[]string](p, `(() => {
		const out = [];
		document.querySelectorAll("button, label, summary, h1, h2, p, li, option, [aria-label]").forEach(e => {
			// The language menu names each language in its own; the steps' one-liners
			// are notation, the same in every language.
			if (e.closest("#lang") || e.closest("#steps") || e.id === "line") { return; }
			if (e.matches("label") && e.querySelector("select")) {
				e.querySelectorAll("span").forEach(sp => out.push(sp.textContent));
			} else if (e.children.length === 0 || e.matches("p, label")) {
				out.push(e.textContent);
			}
			if (e.getAttribute("aria-label")) { out.push(e.getAttribute("aria-label")); }
		});
		return out;
	})()`)
	// The app's name, keys' names, and the address's parameter.
	allowed := map[string]bool{"stepdoku": true, "Backspace": true, "Ctrl": true, "Shift": true, "Tab": true, "lang": true}
	var english []string
	for _, s := range texts {
		for _, w := range asciiWord.FindAllString(s, -1) {
			if !allowed[w] {
				english = append(english, fmt.Sprintf("%q in %q", w, s))
			}
		}
	}
	assert.Empty(t, english, "no English under lang=ja")
	assert.Contains(t, evalJS[string](p, `document.querySelector('[data-cell="r1c2"]').getAttribute("aria-label")`), "1行2列")
	assert.Regexp(t, `[\p{Han}\p{Katakana}\p{Hiragana}]`, evalJS[string](p, `document.querySelector("[data-hint-text]").textContent`))
	p.shot("japanese")
}

// playPhone opens the app on a 390 px wide screen: the board and the pad fit without
// scrolling sideways, and a tap plays.
func playPhone(t *testing.T, p *player) {
	b, sol := solvedExample(t, example)
	p.open(url.Values{"p": {example}})
	assert.LessOrEqual(t, evalJS[int](p, `document.documentElement.scrollWidth`), 390, "no sideways scrolling")
	outside := evalJS[[]string](p, `Array.from(document.querySelectorAll("#board, [data-cell], .pad button"))
		.filter(e => { const r = e.getBoundingClientRect(); return !e.hidden && (r.left < 0 || r.right > 390 || r.width < 20); })
		.map(e => e.getAttribute("data-cell") || e.getAttribute("data-digit") || e.getAttribute("data-action") || e.id)`)
	assert.Empty(t, outside, "every cell and button is on screen and big enough to tap")
	var c board.Cell
	for b.Value(c) != 0 {
		c++
	}
	name := b.Layout().CellName(c)
	p.do(chromedp.Tap(chromedp.CSS(`[data-cell="`+name+`"]`)), chromedp.Tap(chromedp.CSS(`[data-digit="`+sol[c].String()+`"]`)))
	assert.Equal(t, sol[c].String(), p.attr(name, "data-value"))
	p.shot("phone")

	// A new puzzle from the generator: a board of other givens, and its address.
	p.do(chromedp.Tap(chromedp.CSS(`#open-panel summary`)), chromedp.SetValue(chromedp.ID("level"), "easy"))
	p.after(chromedp.Tap(chromedp.CSS(`[data-action="new"]`)))
	loc, err := chromedp.Run(p.ctx, chromedp.Location())
	require.NoError(t, err)
	u, err := url.Parse(loc)
	require.NoError(t, err)
	fresh := u.Query().Get("p")
	require.NotEqual(t, example, fresh, "the address holds the new puzzle")
	nb, _ := solvedExample(t, fresh)
	var givens []string
	for cc := range board.Cell(81) {
		if nb.Value(cc) != 0 {
			givens = append(givens, nb.Layout().CellName(cc))
		}
	}
	assert.Equal(t, sortedNames(givens), p.with("data-given"), "the board shows the new puzzle's givens")
}
