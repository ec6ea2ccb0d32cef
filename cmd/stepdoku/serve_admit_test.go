package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/techniques"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Puzzles that are heavy work: two of the best-known hardest 9x9 puzzles (Arto
// Inkala's "Everest" and the "Easter Monster"), which the search needs dozens of
// guesses for, and a 16x16 one emptied while unique, whose walk (with its pictures)
// takes most of a second and runs to hundreds of steps.
const (
	everest       = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
	easterMonster = "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
	sparse16      = "...DE..G9C......B.....9.6...3.4.71..F.4..58.GE...G62.5...D...7.C...F..D..7A..G2.G6...7...E.3.....4.E..2.....A8......1FC92.....D.D...2....4F.....C.3.D..E1..5...A57......8.B...G6.B.A.91.......3......3FCB.2.....6.B8A.75...4.....DEG......C9.A..9....G.D....26.8"
)

func TestCostOf(t *testing.T) {
	for _, tc := range []struct {
		puzzle string
		want   costClass
	}{{example, light}, {everest, heavy}, {easterMonster, heavy}, {sparse16, heavy}} {
		b, err := board.Parse(tc.puzzle)
		require.NoError(t, err)
		assert.Equal(t, tc.want, costOf(context.Background(), b), tc.puzzle)
	}
}

// TestAdmission checks the order of grants (light before heavy, first come first
// within a class), the bounded queue, the longest wait, and a waiter that gives up.
func TestAdmission(t *testing.T) {
	idle := make(chan struct{}, 8)
	a := &admission{slots: 1, spare: 0, queueMax: 1, maxWait: time.Minute, idle: func() { idle <- struct{}{} }, idleAfter: time.Millisecond}
	defer a.stop()
	ctx := context.Background()
	first, err := a.acquire(ctx, heavy)
	require.NoError(t, err)

	var order []string
	var mu sync.Mutex
	var wg sync.WaitGroup
	waitFor := func(name string, c costClass) {
		wg.Go(func() {
			release, err := a.acquire(ctx, c)
			if !assert.NoError(t, err, name) {
				return
			}
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
			release()
		})
	}
	waitFor("heavy", heavy)
	require.Eventually(t, func() bool { return queued(a, heavy) == 1 }, 5*time.Second, time.Millisecond)
	_, err = a.acquire(ctx, heavy)
	var busy *busyError
	require.ErrorAs(t, err, &busy, "the heavy queue is full")
	assert.GreaterOrEqual(t, busy.retryAfter, time.Second)
	waitFor("light", light)
	require.Eventually(t, func() bool { return queued(a, light) == 1 }, 5*time.Second, time.Millisecond)

	gone, cancel := context.WithCancel(ctx)
	cancel()
	_, err = a.acquire(gone, light)
	require.ErrorAs(t, err, &busy, "the light queue is full too")

	first()
	first() // a second release frees nothing more
	wg.Wait()
	assert.Equal(t, []string{"light", "heavy"}, order, "light work goes first")
	select {
	case <-idle:
	case <-time.After(5 * time.Second):
		t.Fatal("no idle call after the work ended")
	}
	a.mu.Lock()
	assert.Zero(t, a.running)
	a.mu.Unlock()

	// A waiter whose request ends leaves the queue; one that waits too long is busy.
	hold, err := a.acquire(ctx, heavy)
	require.NoError(t, err)
	short, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	_, err = a.acquire(short, heavy)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.Zero(t, queued(a, heavy))
	a.maxWait = 20 * time.Millisecond
	_, err = a.acquire(ctx, light)
	require.ErrorAs(t, err, &busy)
	assert.Contains(t, busy.Error(), "no slot came free")
	hold()
	release, err := a.acquire(ctx, light)
	require.NoError(t, err, "no slot was lost")
	release()
}

// TestAdmissionSpare checks that light work gets in beside heavy work that fills
// every slot, and heavy work does not take the spare slot.
func TestAdmissionSpare(t *testing.T) {
	a := &admission{slots: 1, spare: 1, queueMax: 4, maxWait: time.Minute}
	ctx := context.Background()
	h1, err := a.acquire(ctx, heavy)
	require.NoError(t, err)
	h2 := make(chan func())
	go func() {
		release, err := a.acquire(ctx, heavy)
		assert.NoError(t, err)
		h2 <- release
	}()
	require.Eventually(t, func() bool { return queued(a, heavy) == 1 }, 5*time.Second, time.Millisecond)
	l1, err := a.acquire(ctx, light)
	require.NoError(t, err, "light work takes the spare slot at once")
	l2 := make(chan func())
	go func() {
		release, err := a.acquire(ctx, light)
		assert.NoError(t, err)
		l2 <- release
	}()
	require.Eventually(t, func() bool { return queued(a, light) == 1 }, 5*time.Second, time.Millisecond)
	l1()
	(<-l2)()
	assert.Equal(t, 1, queued(a, heavy), "the spare slot is not for heavy work")
	h1()
	(<-h2)()
	assert.Zero(t, running(a))
}

func queued(a *admission, c costClass) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return len(a.queues[c])
}

// postJSON posts body to url and returns the status, the Retry-After header and the
// body, which must be JSON.
func postJSON(t *testing.T, client *http.Client, url, body string) (int, string, map[string]any) {
	t.Helper()
	resp, err := client.Post(url, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal(data, &out), "%s answered %d %.200s", url, resp.StatusCode, data)
	return resp.StatusCode, resp.Header.Get("Retry-After"), out
}

// TestServerBusy floods a one-slot server with heavy work: what does not fit in the
// queue is answered 503 with Retry-After at once, and an easy request still gets in
// ahead of the heavy ones waiting.
func TestServerBusy(t *testing.T) {
	cfg := defaultServeConfig()
	cfg.solves, cfg.queue = 1, 2
	cfg.timeout = 2 * time.Minute // the queued ones wait for their turn, even under -race
	s := newServer(cfg)
	defer s.admit.stop()
	srv := httptest.NewServer(s.handler(newHostPolicy(nil, nil)))
	defer srv.Close()

	var wg sync.WaitGroup
	var ok, busy atomic.Int32
	for i := range 8 {
		p := []string{everest, easterMonster}[i%2]
		wg.Go(func() {
			status, retry, out := postJSON(t, srv.Client(), srv.URL+"/api/explain", `{"puzzle": "`+p+`"}`)
			switch status {
			case http.StatusOK:
				ok.Add(1)
			case http.StatusServiceUnavailable:
				busy.Add(1)
				secs, err := strconv.Atoi(retry)
				assert.NoError(t, err, "Retry-After %q", retry)
				assert.Positive(t, secs)
				assert.Contains(t, out["error"], "busy")
			default:
				t.Errorf("status %d: %v", status, out)
			}
		})
	}
	require.Eventually(t, func() bool { return queued(s.admit, heavy) == 2 }, 10*time.Second, time.Millisecond)
	status, _, out := postJSON(t, srv.Client(), srv.URL+"/api/explain", `{"puzzle": "`+example+`"}`)
	assert.Equal(t, http.StatusOK, status, "%v", out)
	wg.Wait()
	assert.Equal(t, int32(8), ok.Load()+busy.Load())
	assert.Positive(t, busy.Load(), "some heavy requests are turned away")
	assert.GreaterOrEqual(t, ok.Load(), int32(3), "the running one and the queued ones finish")
}

// TestServerDeadline checks that the deadline covers the whole request and is a 504.
func TestServerDeadline(t *testing.T) {
	if testing.Short() {
		t.Skip("a 16x16 walk takes seconds")
	}
	cfg := defaultServeConfig()
	// Far below the walk's time even on a fast machine (the flag's floor is 1s; the
	// 16x16 walk got faster than that).
	cfg.timeout = 100 * time.Millisecond
	s := newServer(cfg)
	defer s.admit.stop()
	srv := httptest.NewServer(s.handler(newHostPolicy(nil, nil)))
	defer srv.Close()
	start := time.Now()
	status, _, out := postJSON(t, srv.Client(), srv.URL+"/api/walk", `{"puzzle": "`+sparse16+`"}`)
	took := time.Since(start)
	assert.Equal(t, http.StatusGatewayTimeout, status, "%v", out)
	assert.Contains(t, out["error"], "within 100ms")
	assert.Less(t, took, 2*time.Second, "the work stops at the deadline")
	t.Logf("504 after %s", took.Round(time.Millisecond))
}

// TestServerClientGone checks that work stops when its client goes away: the slot of
// a 16x16 check is free long before the check could have finished.
func TestServerClientGone(t *testing.T) {
	if testing.Short() {
		t.Skip("a 16x16 check takes seconds")
	}
	cfg := defaultServeConfig()
	cfg.solves = 1
	s := newServer(cfg)
	defer s.admit.stop()
	srv := httptest.NewServer(s.handler(newHostPolicy(nil, nil)))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "POST", srv.URL+"/api/check", strings.NewReader(`{"puzzle": "`+sparse16+`", "logic": true}`))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	done := make(chan error, 1)
	go func() {
		resp, err := srv.Client().Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	require.Eventually(t, func() bool { return running(s.admit) == 1 }, 10*time.Second, time.Millisecond)
	time.Sleep(20 * time.Millisecond) // well inside the check's time, even on a fast machine
	require.Equal(t, 1, running(s.admit), "the check is still working")
	cancel()
	require.True(t, errors.Is(<-done, context.Canceled))
	start := time.Now()
	require.Eventually(t, func() bool { return running(s.admit) == 0 }, 2*time.Second, time.Millisecond,
		"the check goes on after its client went away")
	t.Logf("the work stopped %s after the client went away", time.Since(start).Round(time.Millisecond))
}

func running(a *admission) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.running
}

// TestWalkPages checks that a walk's pages, put together, are the whole walk, and that
// a page holds no more pictures than its budget (one at least).
func TestWalkPages(t *testing.T) {
	b, err := board.Parse(example)
	require.NoError(t, err)
	l := b.Layout()
	tr, err := techniques.Solve(context.Background(), b, techniques.Options{})
	require.NoError(t, err)
	ctx := context.Background()
	all, err := pagePictures(ctx, l, tr, 0, maxAnswer)
	require.NoError(t, err)
	require.Len(t, all, len(tr.Steps)+2)
	budget := 3 * len(all[1])
	var pages [][]string
	for from := 0; from < len(all); {
		page, err := pagePictures(ctx, l, tr, from, budget)
		require.NoError(t, err)
		require.NotEmpty(t, page)
		size := 0
		for _, p := range page {
			size += len(p)
		}
		assert.True(t, size <= budget || len(page) == 1, "page at %d: %d bytes over %d", from, size, budget)
		pages = append(pages, page)
		from += len(page)
	}
	assert.Greater(t, len(pages), 2)
	var joined []string
	for _, p := range pages {
		joined = append(joined, p...)
	}
	assert.Equal(t, all, joined)

	// Over HTTP: a later page has no trace, and its first picture is its first screen.
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	status, _, got := postJSON(t, srv.Client(), srv.URL+"/api/walk", `{"puzzle": "`+example+`", "from": 5}`)
	require.Equal(t, http.StatusOK, status, "%v", got)
	assert.Nil(t, got["trace"])
	assert.EqualValues(t, 5, got["from"])
	assert.EqualValues(t, len(all), got["screens"])
	assert.Nil(t, got["next"], "the rest fits in one page")
	pics := got["pictures"].([]any)
	require.Len(t, pics, len(all)-5)
	assert.Contains(t, pics[0], `data-technique="`+tr.Steps[4].Technique+`"`)
}

// TestWalkPageBounded checks that the first page of a 16x16 walk stays within the
// budget and says where the next begins.
func TestWalkPageBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("a 16x16 walk takes seconds")
	}
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	resp, err := srv.Client().Post(srv.URL+"/api/walk", "application/json", strings.NewReader(`{"puzzle": "`+sparse16+`"}`))
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "%.300s", data)
	var got walkDoc
	require.NoError(t, json.Unmarshal(data, &got))
	assert.NotEmpty(t, got.Trace)
	assert.Positive(t, got.Next)
	assert.Len(t, got.Pictures, got.Next)
	size := 0
	for _, p := range got.Pictures {
		size += len(p)
	}
	assert.LessOrEqual(t, size, walkPageBytes)
	t.Logf("first page: %d of %d screens, %d bytes in all (pictures %d)", len(got.Pictures), got.Screens, len(data), size)
}

// TestAPITakesWhatTheCLITakes checks the calls' further fields against the commands'
// flags.
func TestAPITakesWhatTheCLITakes(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	plus := "3+1" + example[2:]
	cases := []struct {
		name, path, body string
		cli              []string
	}{
		{"explain with techniques", "/api/explain", `{"puzzle": "` + example + `", "techniques": "naked-single,hidden-single"}`, []string{"explain", "--format", "json", "--techniques", "naked-single,hidden-single", example}},
		{"explain with an optional technique", "/api/explain", `{"puzzle": "` + everest + `", "with": "franken-x-wing"}`, []string{"explain", "--format", "json", "--with", "franken-x-wing", everest}},
		{"explain logic only", "/api/explain", `{"puzzle": "` + everest + `", "up_to": "x-wing", "logic_only": true}`, []string{"explain", "--format", "json", "--up-to", "x-wing", "--logic-only", everest}},
		{"hint on the plus form", "/api/hint", `{"puzzle": "` + plus + `", "level": 3}`, []string{"hint", "--format", "json", "--level", "3", plus}},
		{"check with techniques", "/api/check", `{"puzzle": "` + everest + `", "logic": true, "techniques": "hidden-single,naked-single"}`, []string{"check", "--format", "json", "--logic", "--techniques", "hidden-single,naked-single", everest}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, got := post(t, srv, tc.path, tc.body)
			assert.Equal(t, http.StatusOK, status, "%v", got)
			assert.Equal(t, cliJSON(t, tc.cli...), got)
		})
	}

	resp, err := srv.Client().Get(srv.URL + "/api/techniques")
	require.NoError(t, err)
	defer resp.Body.Close()
	var ts []techniqueDoc
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&ts))
	def, opt := techniques.Default(), techniques.Optional()
	require.Len(t, ts, len(def)+len(opt), "every technique, the optional ones too")
	for i, d := range ts {
		assert.Equal(t, i >= len(def), d.Optional, d.ID)
	}
	assert.Equal(t, opt[0].ID, ts[len(def)].ID)
}

// TestServeHelp checks that help serve names every call the server answers.
func TestServeHelp(t *testing.T) {
	r := runCLI(t, "", "help", "serve")
	require.Equal(t, exitOK, r.code, r.stderr)
	for _, call := range []string{"POST /api/explain", "POST /api/walk", "POST /api/hint", "POST /api/check", "POST /api/board", "POST /api/new", "GET  /api/techniques"} {
		assert.Contains(t, r.stdout, call)
	}
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	// Each call in the help answers something other than 404 (an empty body: 400).
	for _, path := range []string{"/api/explain", "/api/walk", "/api/hint", "/api/check", "/api/board"} {
		status, _, _ := postJSON(t, srv.Client(), srv.URL+path, `{}`)
		assert.Equal(t, http.StatusBadRequest, status, path)
	}
	for _, flag := range []string{"timeout", "solves", "queue", "max-conns", "grace", "allow-host", "mem-limit"} {
		assert.Contains(t, r.stdout, "\n  -"+flag+" ")
	}
}

// TestServeShutdown checks that stopping lets a request in flight finish.
func TestServeShutdown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg := defaultServeConfig()
	cfg.grace = 30 * time.Second
	ctx, stop := context.WithCancel(context.Background())
	var log strings.Builder
	s := newServer(cfg)
	served := make(chan error, 1)
	go func() { served <- s.serve(ctx, ln, &log) }()
	url := "http://" + ln.Addr().String()

	type answer struct {
		status int
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		resp, err := http.Post(url+"/api/explain", "application/json", strings.NewReader(`{"puzzle": "`+easterMonster+`"}`))
		if err != nil {
			answered <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		_, err = io.ReadAll(resp.Body)
		answered <- answer{resp.StatusCode, err}
	}()
	// Stop once the request is at work (it takes a tenth of a second or more).
	require.Eventually(t, func() bool { return running(s.admit) == 1 }, 10*time.Second, time.Millisecond)
	stop()
	a := <-answered
	require.NoError(t, a.err)
	assert.Equal(t, http.StatusOK, a.status)
	require.NoError(t, <-served)
	assert.Contains(t, log.String(), "stopping")
	_, err = http.Get(url + "/")
	assert.Error(t, err, "the server is closed")
}
