package main

import (
	"bytes"
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/svg"
	"github.com/stepdoku/stepdoku/techniques"
	hints "github.com/stepdoku/stepdoku/techniques/hint"
)

//go:embed web
var webFiles embed.FS

// Bounds of the API: a request body, the largest grid, the bytes of pictures in one
// page of a walk, and the largest answer, so one request cannot hold the machine.
const (
	maxBody       = 64 << 10
	maxServedSize = 16
	walkPageBytes = 2 << 20
	maxAnswer     = 16 << 20
)

// serveConfig is how a server bounds its work; the command's flags set it.
type serveConfig struct {
	timeout  time.Duration // one request, from its arrival to the last byte written
	solves   int           // requests working at once
	queue    int           // requests waiting, per class (light, heavy)
	maxConns int           // open connections
	grace    time.Duration // how long a shutdown lets requests finish
	walkPage int           // bytes of pictures in one page of a walk
	hosts    []string      // Host names to answer besides the bound address
	// freeAfter is how long the server waits, once no work runs or waits, before it
	// gives memory back to the system; 0: never.
	freeAfter time.Duration
}

func defaultServeConfig() serveConfig {
	n := runtime.GOMAXPROCS(0)
	return serveConfig{
		timeout:   20 * time.Second,
		solves:    n,
		queue:     8 * n,
		maxConns:  512,
		grace:     10 * time.Second,
		walkPage:  walkPageBytes,
		freeAfter: time.Second,
	}
}

// maxServeCount and maxServeWait bound the counts and times of serve's flags, so that
// no sum or deadline made of them overflows (--solves 2^63-1 made every answer 503).
const (
	maxServeCount = 1 << 16
	maxServeWait  = 24 * time.Hour
)

// check says which setting is out of range.
func (c serveConfig) check() error {
	switch {
	case c.timeout < time.Second || c.timeout > maxServeWait:
		return fmt.Errorf("--timeout %s: want 1s to %s", c.timeout, maxServeWait)
	case c.solves < 1 || c.solves > maxJobs():
		return fmt.Errorf("--solves %d: want 1 to %d; more than four a core only hold more requests in memory", c.solves, maxJobs())
	case c.queue < 0 || c.queue > maxServeCount:
		return fmt.Errorf("--queue %d: want 0 to %d", c.queue, maxServeCount)
	case c.maxConns < 1 || c.maxConns > maxServeCount:
		return fmt.Errorf("--max-conns %d: want 1 to %d", c.maxConns, maxServeCount)
	case c.grace < 0 || c.grace > maxServeWait:
		return fmt.Errorf("--grace %s: want 0 to %s", c.grace, maxServeWait)
	}
	return nil
}

func serveCommand() command {
	c := command{
		name:  "serve",
		usage: "[--addr 127.0.0.1:8080] [flags]",
		short: "a local web app: a board to play on, hints from your own grid, the walkthrough",
		long: `Serves a web app from the binary: a board to play on. Open a puzzle by its
address (/?p=PUZZLE, URL-encoded, in any format the command reads; &v=x or windoku
for rules a grid cannot say; &lang=ja for Japanese), by pasting it, or as a new one
of a chosen level; then play with keys, clicks or taps: digits, pencil marks (or all
candidates, kept up to date), undo and redo, repeats shown at once, a check of the
entries, graded hints from your own digits and marks drawn on the board, and the
walkthrough from where you are. The page keeps the game (in the browser's storage,
per puzzle); the server keeps nothing.

The app talks to a JSON API that other front ends may use. Every call answers JSON;
POST bodies are one JSON object (Content-Type: application/json, at most 64 KiB,
field names exactly as below, no other fields), grids up to 16x16. Every POST also
takes "variant" (x, windoku, jigsaw, killer, or several joined by +, as --variant);
a puzzle may be a jigsaw or killer line, a SudokuWiki killer string, or JSON with
"regions" or "cages":

  POST /api/explain     puzzle, lang, up_to | techniques, with, logic_only
                        the walkthrough, as explain --format json
  POST /api/walk        the same fields, from and grid: the walkthrough ("trace", on
                        the first page only; from the player's grid when given,
                        which keeps the givens) and one SVG per screen ("pictures"), the
                        puzzle, each step and the end, from screen "from"; "next" is
                        the screen to ask for next when the pictures did not fit in
                        one answer, "screens" their number
  POST /api/hint        puzzle (or one line marking the player's entries with '+'),
                        grid, marks, level (1-4), lang, picture: as hint --format
                        json, with the hint's SVG in "picture" when asked
  POST /api/check       puzzle, logic, up_to | techniques, with: as check
                        --format json for one puzzle
  POST /api/board       puzzle: the board to play on: size, symbols, givens (row by
                        row, 0 empty), variant, houses (name, kind, cells),
                        cages (sum, cells), verdict (unique, several, no-solution,
                        invalid) and problems
  POST /api/new         difficulty only (beginner ... extreme; any when left out): a
                        new unique, minimal 9x9 puzzle ("puzzle"), rated ("er") when
                        a difficulty is asked
  GET  /api/techniques  ?lang=: every technique (id, name, difficulty,
                        needs_unique, optional), default ones first
  GET  /                the app's files

Errors are {"error": "..."}: 400 a bad request, 403 a Host this server does not
answer to, 405 a method the path does not take (Allow says which), 408 a body sent
too slowly, 413 a body too large (at once, before a client that asks sends it), 415
not JSON, 422 an invalid grid or an answer too large, 503 busy (at most --solves requests work at once, and one more easy one,
and --queue wait; the Retry-After header says when to try again), 504 the request took longer than
--timeout (waiting, solving, drawing and writing).

The server listens on loopback unless --addr says otherwise, and answers only to
its own address (and localhost) in the Host header, against DNS rebinding;
--allow-host adds names. Ctrl-C lets requests in flight finish for up to --grace
(those still at work then are answered 503); a second Ctrl-C stops at once.`,
	}
	c.run = func(e *env) int {
		cfg := defaultServeConfig()
		fs := c.flagSet(e)
		addr := fs.String("addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on")
		fs.DurationVar(&cfg.timeout, "timeout", cfg.timeout, "the most one request may take, from arrival to the last byte written")
		fs.IntVar(&cfg.solves, "solves", cfg.solves, "requests that work at once, one per core unless set")
		fs.IntVar(&cfg.queue, "queue", cfg.queue, "requests that may wait for work, per class (light and heavy); more are answered 503")
		fs.IntVar(&cfg.maxConns, "max-conns", cfg.maxConns, "open connections at most; more wait to be accepted")
		fs.DurationVar(&cfg.grace, "grace", cfg.grace, "on Ctrl-C, how long requests in flight may finish")
		allow := fs.String("allow-host", "", "a comma-separated `LIST` of further names to answer in the Host header ('*': any, no DNS rebinding check)")
		memLimit := fs.Int("mem-limit", 0, "a soft memory limit in `MiB` for the Go runtime, as GOMEMLIMIT (0: leave it)")
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if len(pos) > 0 {
			return fail(e, "serve takes no arguments, got %q", pos[0])
		}
		if *allow != "" {
			cfg.hosts = strings.Split(*allow, ",")
		}
		if err := cfg.check(); err != nil {
			return fail(e, "%v", err)
		}
		if *memLimit < 0 {
			return fail(e, "--mem-limit %d: want 0 or more MiB", *memLimit)
		}
		if *memLimit > 0 {
			debug.SetMemoryLimit(int64(*memLimit) << 20)
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return fail(e, "--addr: %v", err)
		}
		if ta, ok := ln.Addr().(*net.TCPAddr); ok && !ta.IP.IsLoopback() {
			fmt.Fprintf(e.stderr, "stepdoku: warning: %s is reachable from other machines, and the API has no authentication\n", ln.Addr())
		}
		fmt.Fprintf(e.stdout, "stepdoku: serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
		ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stopSignals()
		// After the first signal, the next one ends the process at once.
		stopOnce := context.AfterFunc(ctx, stopSignals)
		defer stopOnce()
		if err := serveWith(ctx, ln, cfg, e.stderr); err != nil {
			return fail(e, "serve: %v", err)
		}
		return exitOK
	}
	return c
}

// serve answers on ln with the default settings until ctx ends.
func serve(ctx context.Context, ln net.Listener) error {
	return serveWith(ctx, ln, defaultServeConfig(), io.Discard)
}

// serveWith answers on ln until ctx ends, then lets the requests in flight finish for
// up to cfg.grace before it stops their work. It reports the shutdown on log.
func serveWith(ctx context.Context, ln net.Listener, cfg serveConfig, log io.Writer) error {
	return newServer(cfg).serve(ctx, ln, log)
}

func (s *server) serve(ctx context.Context, ln net.Listener, log io.Writer) error {
	cfg := s.cfg
	defer s.admit.stop()
	// Work stops with its request (the client went away, or the grace ran out).
	base, stopWork := context.WithCancel(context.Background())
	defer stopWork()
	srv := &http.Server{
		Handler:           s.handler(newHostPolicy(ln.Addr(), cfg.hosts)),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		// A backstop: each answer sets its own write deadline, its request's.
		WriteTimeout:   cfg.timeout + 5*time.Second,
		IdleTimeout:    60 * time.Second,
		MaxHeaderBytes: 16 << 10,
		BaseContext:    func(net.Listener) context.Context { return base },
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(newLimitListener(ln, cfg.maxConns)) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	fmt.Fprintf(log, "stepdoku: stopping; requests in flight have %s to finish\n", cfg.grace)
	shut, cancel := context.WithTimeout(context.Background(), cfg.grace)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil {
		fmt.Fprintf(log, "stepdoku: %s passed; stopping the requests still in flight\n", cfg.grace)
		// Their work stops, and they answer 503 before the connections close.
		close(s.stopping)
		stopWork()
		for end := time.Now().Add(time.Second); s.inflight.Load() > 0 && time.Now().Before(end); {
			time.Sleep(5 * time.Millisecond)
		}
		_ = srv.Close()
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// server is one API server: its settings and its admission control.
type server struct {
	cfg   serveConfig
	admit *admission
	// cores counts the machine's cores among the solves running: a walkthrough lends
	// its forcing nets to a core the others leave idle (techniques.Cores).
	cores *techniques.Cores
	// stopping is closed when the grace of a shutdown has run out; inflight counts
	// the API requests being answered, so that they can say so before the end.
	stopping chan struct{}
	inflight atomic.Int64
}

func newServer(cfg serveConfig) *server {
	a := &admission{slots: cfg.solves, spare: 1, queueMax: cfg.queue, maxWait: cfg.timeout / 4}
	if cfg.freeAfter > 0 {
		// After a burst the heap shrinks, but the runtime returns the pages to the
		// system only slowly; give them back at once when the server falls idle.
		a.idle, a.idleAfter = debug.FreeOSMemory, cfg.freeAfter
	}
	return &server{cfg: cfg, admit: a, cores: techniques.NewCores(runtime.GOMAXPROCS(0)), stopping: make(chan struct{})}
}

// newHandler is the handler of a server with the default settings on loopback.
func newHandler() http.Handler {
	return newServer(defaultServeConfig()).handler(newHostPolicy(nil, nil))
}

// handler routes the app's files and its API, behind the guards.
func (s *server) handler(hosts hostPolicy) http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(webFiles, "web") // the folder is embedded: cannot fail
	files := http.FileServerFS(static)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			writeError(w, http.StatusMethodNotAllowed, r.Method+" "+r.URL.Path+": the app's files are read with GET")
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/techniques", apiTechniques)
	// The fields each call takes; any other is refused.
	explainFields := []string{"puzzle", "variant", "lang", "up_to", "techniques", "with", "logic_only", "rate"}
	walkFields := []string{"puzzle", "variant", "grid", "lang", "up_to", "techniques", "with", "logic_only", "from"}
	hintFields := []string{"puzzle", "variant", "grid", "marks", "level", "lang", "picture"}
	checkFields := []string{"puzzle", "variant", "logic", "up_to", "techniques", "with", "rate"}
	boardFields := []string{"puzzle", "variant"}
	newFields := []string{"difficulty"}
	mux.HandleFunc("POST /api/explain", s.api(explainFields, s.apiExplain))
	mux.HandleFunc("POST /api/walk", s.api(walkFields, s.apiWalk))
	mux.HandleFunc("POST /api/hint", s.api(hintFields, apiHint))
	mux.HandleFunc("POST /api/check", s.api(checkFields, apiCheck))
	mux.HandleFunc("POST /api/board", s.api(boardFields, apiBoard))
	mux.HandleFunc("POST /api/new", s.api(newFields, apiNew))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/explain", "/api/walk", "/api/hint", "/api/check", "/api/board", "/api/new", "/api/techniques":
			w.Header().Set("Allow", "POST")
			if r.URL.Path == "/api/techniques" {
				w.Header().Set("Allow", "GET, HEAD")
			}
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes POST (techniques: GET), not %s", r.URL.Path, r.Method))
			return
		}
		writeError(w, http.StatusNotFound, fmt.Sprintf("no API %s %s", r.Method, r.URL.Path))
	})
	return guard(mux, hosts)
}

// apiRequest is the body of every POST: the puzzle in any supported format, and what
// each call needs of the rest (the fields each call takes are listed below).
type apiRequest struct {
	Puzzle string `json:"puzzle"`
	// Variant is the rules of the puzzle, as --variant takes them ("x", "killer+x");
	// jigsaw and killer inputs say theirs.
	Variant string `json:"variant"`
	Lang    string `json:"lang"`
	// UpTo, Techniques and With choose the techniques (explain, walk, check with
	// logic), as --up-to, --techniques and --with do.
	UpTo       string `json:"up_to"`
	Techniques string `json:"techniques"`
	With       string `json:"with"`
	// LogicOnly stops where the techniques stop, as --logic-only does (explain, walk).
	LogicOnly bool `json:"logic_only"`
	// From is the first screen a walk draws (0: the puzzle).
	From int `json:"from"`
	// Grid and Marks are the player's grid and pencil marks (hint; walk takes the
	// grid, to walk from the player's position).
	Grid  string `json:"grid"`
	Marks string `json:"marks"`
	// Level is how much a hint reveals, 1 to 4 (hint; 1 when left out).
	Level int `json:"level"`
	// Logic asks check whether the techniques alone solve the puzzle.
	Logic bool `json:"logic"`
	// Picture asks hint for the picture of the hint at its level, in "picture".
	Picture bool `json:"picture"`
	// Rate adds the puzzle's rating (explain: to the summary; check: "rating").
	Rate bool `json:"rate"`
	// Difficulty is the level of the rating scale a new puzzle is made at (new).
	Difficulty string `json:"difficulty"`
}

// apiError is a failed request: its status and message.
type apiError struct {
	status int
	msg    string
	extra  map[string]any
}

func (e *apiError) Error() string { return e.msg }

func badRequest(format string, a ...any) *apiError {
	return &apiError{status: http.StatusBadRequest, msg: fmt.Sprintf(format, a...)}
}

// job is the work of one request, once its input is checked: its class, and the
// work itself, which runs in an admitted slot and returns the answer.
type job struct {
	cost costClass
	run  func(ctx context.Context) (any, error)
}

// api decodes a bounded JSON body strictly, checks it with prepare, runs its job when
// admitted, and writes the answer or the error, all within the request's deadline.
func (s *server) api(fields []string, prepare func(ctx context.Context, req apiRequest) (job, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.inflight.Add(1)
		defer s.inflight.Add(-1)
		deadline := time.Now().Add(s.cfg.timeout)
		if r.ContentLength > maxBody {
			// At once, before a client that asked to send it (Expect: 100-continue) does.
			writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is %d bytes, over %d", r.ContentLength, maxBody))
			return
		}
		if why := jsonContentType(r); why != "" {
			writeError(w, http.StatusUnsupportedMediaType, why)
			return
		}
		data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", maxBody))
				return
			}
			if errors.Is(err, os.ErrDeadlineExceeded) {
				writeError(w, http.StatusRequestTimeout, "the request body came too slowly")
				return
			}
			writeError(w, http.StatusBadRequest, "reading the request body: "+err.Error())
			return
		}
		var req apiRequest
		if err := decodeStrict(data, &req, fields); err != nil {
			writeError(w, http.StatusBadRequest, "the request body is not a JSON object of this API: "+err.Error())
			return
		}
		// The work ends early enough to leave time for writing the answer.
		ctx, cancel := context.WithDeadline(r.Context(), deadline.Add(-min(s.cfg.timeout/10, 2*time.Second)))
		defer cancel()
		body, err := s.work(ctx, req, prepare)
		if err != nil {
			s.writeFailure(ctx, w, r, err)
			return
		}
		_ = http.NewResponseController(w).SetWriteDeadline(deadline)
		writeJSONBytes(w, http.StatusOK, body)
	}
}

// work checks the request, waits for a slot, runs the job and encodes its answer.
func (s *server) work(ctx context.Context, req apiRequest, prepare func(ctx context.Context, req apiRequest) (job, error)) ([]byte, error) {
	j, err := prepare(ctx, req)
	if err != nil {
		return nil, err
	}
	release, err := s.admit.acquire(ctx, j.cost)
	if err != nil {
		return nil, err
	}
	defer release()
	out, err := j.run(ctx)
	if err == nil {
		err = ctx.Err() // work that does not watch the context ran past it
	}
	if err != nil {
		return nil, err
	}
	body, err := encodeJSON(out)
	if err != nil {
		return nil, err
	}
	if len(body) > maxAnswer {
		return nil, &apiError{status: http.StatusUnprocessableEntity, msg: fmt.Sprintf("the answer is %d bytes, over the server's limit of %d", len(body), maxAnswer)}
	}
	return body, nil
}

// writeFailure answers err, or nothing when the client has gone.
// ctx is the work's context, r's with the work's deadline.
func (s *server) writeFailure(ctx context.Context, w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	var busy *busyError
	switch {
	case r.Context().Err() != nil:
		select {
		case <-s.stopping:
			w.Header().Set("Connection", "close")
			writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("the server stopped before this request was done (it gives requests %s to finish)", s.cfg.grace))
		default: // the client went away: nobody to answer
		}
		return
	case errors.As(err, &ae):
		writeErrorWith(w, ae.status, ae.msg, ae.extra)
	case errors.As(err, &busy):
		secs := int(busy.retryAfter / time.Second)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		writeErrorWith(w, http.StatusServiceUnavailable, busy.Error(), map[string]any{"retry_after": secs})
	case ctx.Err() != nil || errors.Is(err, context.DeadlineExceeded):
		writeError(w, http.StatusGatewayTimeout, fmt.Sprintf("gave up: the server answers within %s (waiting, solving, drawing and writing)", s.cfg.timeout))
	default:
		writeError(w, http.StatusUnprocessableEntity, err.Error())
	}
}

func writeError(w http.ResponseWriter, status int, msg string) { writeErrorWith(w, status, msg, nil) }

func writeErrorWith(w http.ResponseWriter, status int, msg string, extra map[string]any) {
	body := map[string]any{"error": msg}
	for k, v := range extra {
		body[k] = v
	}
	data, _ := encodeJSON(body) // strings, numbers and lists of strings
	writeJSONBytes(w, status, data)
}

// encodeJSON is v as compact JSON; a json.RawMessage goes out as it is. Pictures keep
// their < and >: the answer is never read as HTML (nosniff).
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func writeJSONBytes(w http.ResponseWriter, status int, data []byte) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Length", strconv.Itoa(len(data)))
	w.WriteHeader(status)
	_, _ = w.Write(data) // the client went away: nothing to do
}

// parseBounded reads one puzzle of the API under the request's variant: required, and
// no larger than 16x16.
func parseBounded(field, text string, req apiRequest) (*board.Board, error) {
	if text == "" {
		return nil, badRequest("%s is empty", field)
	}
	v, err := board.ParseVariant(req.Variant)
	if err != nil {
		return nil, badRequest("variant: %s", strings.TrimPrefix(err.Error(), "board: "))
	}
	b, err := board.ParseAs(text, v)
	if err != nil {
		return nil, badRequest("%s: %v", field, err)
	}
	if n := b.Layout().N(); n > maxServedSize {
		return nil, badRequest("%s is %dx%d; the server takes grids up to %dx%d", field, n, n, maxServedSize, maxServedSize)
	}
	return b, nil
}

func parseLangField(s string) (explain.Lang, error) {
	if s == "" {
		return explain.EN, nil
	}
	lg, err := explain.ParseLang(s)
	if err != nil {
		return "", badRequest("lang: %v", err)
	}
	return lg, nil
}

// requestTechniques is the technique set the request chooses, as the flags of the
// same names do; nil for the default set.
func requestTechniques(req apiRequest) ([]techniques.Technique, error) {
	if req.UpTo != "" {
		if _, err := techniques.UpTo(req.UpTo); err != nil {
			return nil, badRequest("up_to: %v", err)
		}
	}
	tf := techniqueFlags{upTo: req.UpTo, list: req.Techniques, with: req.With}
	ts, err := tf.set()
	if err != nil {
		// The command's messages name its flags; the API's name its fields.
		return nil, badRequest("%s", strings.NewReplacer("--up-to", "up_to", "--techniques", "techniques", "--with", "with").Replace(err.Error()))
	}
	return ts, nil
}

// prepareWalk checks a request for a walkthrough and returns the solve to run.
func prepareWalk(req apiRequest) (*board.Board, explain.Lang, techniques.Options, error) {
	var opt techniques.Options
	b, err := parseBounded("puzzle", req.Puzzle, req)
	if err != nil {
		return nil, "", opt, err
	}
	if b, err = fromPosition(b, req); err != nil {
		return nil, "", opt, err
	}
	lg, err := parseLangField(req.Lang)
	if err != nil {
		return nil, "", opt, err
	}
	if opt.Techniques, err = requestTechniques(req); err != nil {
		return nil, "", opt, err
	}
	if req.LogicOnly {
		opt.Fallback = techniques.FallbackStop
	}
	return b, lg, opt, nil
}

// solveWalk solves b as explain does, in language lg.
func (s *server) solveWalk(ctx context.Context, b *board.Board, lg explain.Lang, opt techniques.Options) (explain.Trace, error) {
	opt.Cores = s.cores
	tr, err := techniques.Solve(ctx, b, opt)
	if err != nil {
		var inv *techniques.InvalidError
		if errors.As(err, &inv) {
			var ps []string
			for _, p := range inv.Problems {
				ps = append(ps, p.Describe(inv.Layout))
			}
			return tr, &apiError{status: http.StatusUnprocessableEntity, msg: "the grid is invalid", extra: map[string]any{"problems": ps}}
		}
		return tr, err
	}
	tr.Lang = lg
	return tr, nil
}

// apiExplain answers as explain --format json does.
func (s *server) apiExplain(ctx context.Context, req apiRequest) (job, error) {
	b, lg, opt, err := prepareWalk(req)
	if err != nil {
		return job{}, err
	}
	return job{cost: costOf(ctx, b), run: func(ctx context.Context) (any, error) {
		tr, err := s.solveWalk(ctx, b, lg, opt)
		if err != nil {
			return nil, err
		}
		if req.Rate {
			// The request's deadline bounds the rating; the command's own clock is off.
			if err := rateTrace(ctx, puzzle{where: "request", b: b}, &tr, opt, 0); err != nil {
				return nil, err
			}
		}
		return traceJSON(b.Layout(), tr)
	}}, nil
}

// traceJSON is trace tr as explain --format json writes it.
func traceJSON(l *board.Layout, tr explain.Trace) (json.RawMessage, error) {
	var buf bytes.Buffer
	if err := explain.WriteJSON(&buf, l, tr); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// walkDoc is what the app draws: the trace (as explain --format json, on the first
// page only) and one picture per screen from screen From: the puzzle, each step on
// the board it is taken on, and where the steps end. The pictures of a long walk (a
// 16x16 one runs to tens of MB) come in pages of about walkPageBytes; Next is the
// first screen of the next page, 0 on the last.
type walkDoc struct {
	Trace    json.RawMessage `json:"trace,omitempty"`
	From     int             `json:"from"`
	Screens  int             `json:"screens"`
	Next     int             `json:"next,omitempty"`
	Pictures []string        `json:"pictures"`
}

func (s *server) apiWalk(ctx context.Context, req apiRequest) (job, error) {
	b, lg, opt, err := prepareWalk(req)
	if err != nil {
		return job{}, err
	}
	if req.From < 0 {
		return job{}, badRequest("from %d: screens count from 0", req.From)
	}
	return job{cost: costOf(ctx, b), run: func(ctx context.Context) (any, error) {
		tr, err := s.solveWalk(ctx, b, lg, opt)
		if err != nil {
			return nil, err
		}
		l := b.Layout()
		doc := walkDoc{From: req.From, Screens: len(tr.Steps) + 2}
		if req.From >= doc.Screens {
			return nil, badRequest("from %d: the walkthrough has screens 0 to %d", req.From, doc.Screens-1)
		}
		if req.From == 0 {
			if doc.Trace, err = traceJSON(l, tr); err != nil {
				return nil, err
			}
		}
		if doc.Pictures, err = pagePictures(ctx, l, tr, req.From, s.cfg.walkPage); err != nil {
			return nil, err
		}
		if end := req.From + len(doc.Pictures); end < doc.Screens {
			doc.Next = end
		}
		return doc, nil
	}}, nil
}

// pagePictures draws the screens of trace tr from screen from on (0 the puzzle, i the
// step i, the last one the end), as many as fit in budget bytes, at least one.
func pagePictures(ctx context.Context, l *board.Layout, tr explain.Trace, from, budget int) ([]string, error) {
	states, err := tr.States(l)
	if err != nil {
		return nil, err
	}
	var pics []string
	size := 0
	for i := from; i < len(tr.Steps)+2; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var pic string
		switch {
		case i == 0:
			pic = svg.Render(states[0], nil, svg.Options{IDPrefix: "p0-"})
		case i <= len(tr.Steps):
			s := tr.Steps[i-1]
			pic = svg.Render(states[i-1], &s, svg.Options{Title: explain.OneLiner(l, s), IDPrefix: "p" + strconv.Itoa(i) + "-"})
		default:
			pic = svg.Render(states[len(states)-1], nil, svg.Options{IDPrefix: "pe-"})
		}
		if len(pics) > 0 && size+len(pic) > budget {
			break
		}
		pics = append(pics, pic)
		size += len(pic)
	}
	return pics, nil
}

// hintDoc is hint --format json, with the hint's picture when the request asks.
type hintDoc struct {
	hints.Hint
	Picture string `json:"picture,omitempty"`
}

// hintDetail is how much of the step a hint's picture shows at level (1 to 4).
func hintDetail(level int) svg.Detail {
	return [...]svg.Detail{svg.Plain, svg.Where, svg.Pattern, svg.All}[level-1]
}

func apiHint(ctx context.Context, req apiRequest) (job, error) {
	var hr hints.Request
	var err error
	text, grid := req.Puzzle, req.Grid
	// One line may mark the player's entries with '+', as the command takes it.
	if given, entries, ok := splitPlus(text); ok {
		if grid != "" {
			return job{}, badRequest("puzzle marks the player's entries with '+': grid is not needed")
		}
		text, grid = given, entries
	}
	if hr.Puzzle, err = parseBounded("puzzle", text, req); err != nil {
		return job{}, err
	}
	l := hr.Puzzle.Layout()
	if hr.Grid, err = playerGrid(grid, l); err != nil {
		return job{}, err
	}
	if req.Marks != "" {
		// Marks as written: a one-mark cell is a mark, an unmarked cell says nothing.
		if hr.Marks, err = board.ParseMarks(req.Marks); err != nil {
			return job{}, badRequest("marks: %v", err)
		}
		if hr.Marks.Layout() != l && hr.Marks.Layout().N() == l.N() {
			if hr.Marks, err = hr.Marks.OnLayout(l); err != nil {
				return job{}, badRequest("marks: %v", err)
			}
		}
		if n := hr.Marks.Layout().N(); hr.Marks.Layout() != l {
			return job{}, badRequest("marks are %dx%d, the puzzle %dx%d", n, n, l.N(), l.N())
		}
	}
	level := req.Level
	if level == 0 {
		level = 1
	}
	if level < 1 || level > explain.HintLevels {
		return job{}, badRequest("level %d: want 1 to %d", level, explain.HintLevels)
	}
	if hr.Lang, err = parseLangField(req.Lang); err != nil {
		return job{}, err
	}
	return job{cost: costOf(ctx, hr.Puzzle), run: func(ctx context.Context) (any, error) {
		if !req.Picture {
			hr.Level = level
			return hints.Give(ctx, hr)
		}
		return hintWithPicture(ctx, hr, level)
	}}, nil
}

// hintWithPicture is the hint at level with its picture. The picture needs the step,
// which the hint holds only at the last level: make that one and tell only as much as
// was asked. Each level's texts begin the next's.
func hintWithPicture(ctx context.Context, hr hints.Request, level int) (any, error) {
	hr.Level = explain.HintLevels
	h, err := hints.Give(ctx, hr)
	if err == nil && h.Status == hints.Mistakes && level < explain.HintLevels {
		// Mistakes are staged by level too: the last would give the right digits.
		hr.Level = level
		h, err = hints.Give(ctx, hr)
	}
	if err != nil || h.Step == nil {
		return hintDoc{Hint: h}, err
	}
	s, err := h.Step.Step(hr.Puzzle.Layout())
	if err != nil {
		return nil, err
	}
	pic := svg.Render(h.Board, &s, svg.Options{Detail: hintDetail(level), IDPrefix: "hint-"})
	h.Level, h.Hints = level, h.Hints[:level]
	if level < explain.HintLevels {
		h.Step = nil
	}
	return hintDoc{Hint: h, Picture: pic}, nil
}

// apiCheck answers as check --format json does for one puzzle.
func apiCheck(ctx context.Context, req apiRequest) (job, error) {
	b, err := parseBounded("puzzle", req.Puzzle, req)
	if err != nil {
		return job{}, err
	}
	ts, err := requestTechniques(req)
	if err != nil {
		return job{}, err
	}
	if ts != nil && !req.Logic {
		return job{}, badRequest("up_to, techniques and with go with logic")
	}
	cost := light // the search alone takes microseconds on 9x9
	if req.Logic || req.Rate || b.Layout().N() > 9 || b.Layout().Variant() != 0 {
		cost = costOf(ctx, b)
	}
	return job{cost: cost, run: func(ctx context.Context) (any, error) {
		p := puzzle{where: "request", b: b}
		// The request's deadline bounds the check; the command's own clock is off.
		v := checkPuzzleContext(ctx, p, checkConfig{logic: req.Logic, techniques: ts, rate: req.Rate})
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var buf bytes.Buffer
		v.writeJSON(&buf, p, req.Logic)
		return json.RawMessage(bytes.TrimSpace(buf.Bytes())), nil
	}}, nil
}

// techniqueDoc is one entry of GET /api/techniques, for the app's technique cap and
// for front ends that choose techniques and with.
type techniqueDoc struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Difficulty  float64 `json:"difficulty"`
	NeedsUnique bool    `json:"needs_unique,omitempty"`
	// Optional techniques are never needed in the default order; techniques or with
	// bring them in.
	Optional bool `json:"optional,omitempty"`
}

func apiTechniques(w http.ResponseWriter, r *http.Request) {
	lg, err := parseLangField(r.URL.Query().Get("lang"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	var out []techniqueDoc
	for i, ts := range [][]techniques.Technique{techniques.Default(), techniques.Optional()} {
		for _, t := range ts {
			out = append(out, techniqueDoc{ID: t.ID, Name: explain.TechniqueName(t.ID, lg), Difficulty: t.Difficulty, NeedsUnique: t.NeedsUnique, Optional: i == 1})
		}
	}
	data, err := encodeJSON(out)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSONBytes(w, http.StatusOK, data)
}

// writeStepSVG writes the picture of step n of tr (0: the puzzle) for explain
// --format svg.
func writeStepSVG(w io.Writer, l *board.Layout, tr explain.Trace, n int) error {
	if n < 0 || n > len(tr.Steps) {
		return fmt.Errorf("--step %d: the walkthrough has steps 1 to %d (0 is the puzzle)", n, len(tr.Steps))
	}
	states, err := tr.States(l)
	if err != nil {
		return err
	}
	if n == 0 {
		return svg.Write(w, states[0], nil, svg.Options{})
	}
	s := tr.Steps[n-1]
	return svg.Write(w, states[n-1], &s, svg.Options{Title: explain.OneLiner(l, s)})
}
