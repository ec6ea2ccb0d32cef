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
	"strconv"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/svg"
	"github.com/stepdoku/stepdoku/techniques"
)

//go:embed web
var webFiles embed.FS

// Bounds of the API: a request body, the largest grid, and the time one request may
// take, so one request cannot hold the machine.
const (
	maxBody       = 64 << 10
	maxServedSize = 16
	apiTimeout    = 20 * time.Second
)

func serveCommand() command {
	c := command{
		name:  "serve",
		usage: "[--addr 127.0.0.1:8080]",
		short: "a local web app: paste a puzzle, step through it, ask for hints",
		long: `Serves a web app from the binary: paste or type a puzzle, see at once whether
it is valid and unique, step forward and back through the walkthrough with every step
drawn, ask for a hint on your own grid, choose the language and the technique cap.

The app talks to a JSON API that other front ends may use (see the README):
POST /api/explain, /api/hint and /api/check answer with the same JSON as the
commands' --format json. The server listens on loopback unless --addr says otherwise.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		addr := fs.String("addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on")
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if len(pos) > 0 {
			return fail(e, "serve takes no arguments, got %q", pos[0])
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return fail(e, "--addr: %v", err)
		}
		fmt.Fprintf(e.stdout, "stepdoku: serving on http://%s/ (Ctrl-C stops)\n", ln.Addr())
		ctx, stopSignals := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stopSignals()
		if err := serve(ctx, ln); err != nil {
			return fail(e, "serve: %v", err)
		}
		return exitOK
	}
	return c
}

// serve answers on ln until ctx ends.
func serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           newHandler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      2 * apiTimeout,
	}
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newHandler routes the app's files and its API.
func newHandler() http.Handler {
	mux := http.NewServeMux()
	static, _ := fs.Sub(webFiles, "web") // the folder is embedded: cannot fail
	files := http.FileServerFS(static)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			writeError(w, http.StatusMethodNotAllowed, r.Method+" "+r.URL.Path+": the app's files are read with GET")
			return
		}
		files.ServeHTTP(w, r)
	})
	mux.HandleFunc("GET /api/techniques", apiTechniques)
	mux.HandleFunc("POST /api/explain", api(apiExplain))
	mux.HandleFunc("POST /api/walk", api(apiWalk))
	mux.HandleFunc("POST /api/hint", api(apiHint))
	mux.HandleFunc("POST /api/check", api(apiCheck))
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/api/explain", "/api/walk", "/api/hint", "/api/check", "/api/techniques":
			writeError(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s takes POST (techniques: GET), not %s", r.URL.Path, r.Method))
			return
		}
		writeError(w, http.StatusNotFound, fmt.Sprintf("no API %s %s", r.Method, r.URL.Path))
	})
	return mux
}

// apiRequest is the body of every POST: the puzzle in any supported format, and what
// each call needs of the rest.
type apiRequest struct {
	Puzzle string `json:"puzzle"`
	Lang   string `json:"lang"`
	// UpTo caps the techniques (explain, walk, check with logic), as --up-to does.
	UpTo string `json:"up_to"`
	// Grid and Marks are the player's grid and pencil marks (hint).
	Grid  string `json:"grid"`
	Marks string `json:"marks"`
	// Level is how much a hint reveals, 1 to 4 (hint; 1 when left out).
	Level int `json:"level"`
	// Logic asks check whether the techniques alone solve the puzzle.
	Logic bool `json:"logic"`
	// Picture asks hint for the picture of the hint at its level, in "picture".
	Picture bool `json:"picture"`
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

// api decodes a bounded JSON body strictly and writes the handler's answer or error.
func api(h func(ctx context.Context, req apiRequest) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		var req apiRequest
		if err := dec.Decode(&req); err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				writeError(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request body is over %d bytes", maxBody))
				return
			}
			writeError(w, http.StatusBadRequest, "the request body is not a JSON object of this API: "+err.Error())
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), apiTimeout)
		defer cancel()
		out, err := h(ctx, req)
		if err != nil {
			var ae *apiError
			if errors.As(err, &ae) {
				writeErrorWith(w, ae.status, ae.msg, ae.extra)
				return
			}
			if errors.Is(err, context.DeadlineExceeded) {
				writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("gave up after %s", apiTimeout))
				return
			}
			writeError(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		writeJSONBody(w, http.StatusOK, out)
	}
}

func writeError(w http.ResponseWriter, status int, msg string) { writeErrorWith(w, status, msg, nil) }

func writeErrorWith(w http.ResponseWriter, status int, msg string, extra map[string]any) {
	body := map[string]any{"error": msg}
	for k, v := range extra {
		body[k] = v
	}
	writeJSONBody(w, status, body)
}

// writeJSONBody writes v as JSON; a json.RawMessage goes out as it is.
func writeJSONBody(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v) // the client went away, or a plain value: nothing to do
}

// parseBounded reads one puzzle of the API: required, and no larger than 16x16.
func parseBounded(field, text string) (*board.Board, error) {
	if text == "" {
		return nil, badRequest("%s is empty", field)
	}
	b, err := board.Parse(text)
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

func techniquesUpTo(id string) ([]techniques.Technique, error) {
	if id == "" {
		return nil, nil
	}
	ts, err := techniques.UpTo(id)
	if err != nil {
		return nil, badRequest("up_to: %v", err)
	}
	return ts, nil
}

// walkRequest solves the request's puzzle as explain does, in the request's language.
func walkRequest(ctx context.Context, req apiRequest) (*board.Layout, explain.Trace, error) {
	b, err := parseBounded("puzzle", req.Puzzle)
	if err != nil {
		return nil, explain.Trace{}, err
	}
	lg, err := parseLangField(req.Lang)
	if err != nil {
		return nil, explain.Trace{}, err
	}
	ts, err := techniquesUpTo(req.UpTo)
	if err != nil {
		return nil, explain.Trace{}, err
	}
	tr, err := techniques.Solve(ctx, b, techniques.Options{Techniques: ts})
	if err != nil {
		var inv *techniques.InvalidError
		if errors.As(err, &inv) {
			var ps []string
			for _, p := range inv.Problems {
				ps = append(ps, p.Describe(inv.Layout))
			}
			return nil, explain.Trace{}, &apiError{status: http.StatusUnprocessableEntity, msg: "the grid is invalid", extra: map[string]any{"problems": ps}}
		}
		return nil, explain.Trace{}, err
	}
	tr.Lang = lg
	return b.Layout(), tr, nil
}

// apiExplain answers as explain --format json does.
func apiExplain(ctx context.Context, req apiRequest) (any, error) {
	l, tr, err := walkRequest(ctx, req)
	if err != nil {
		return nil, err
	}
	return traceJSON(l, tr)
}

// traceJSON is trace tr as explain --format json writes it.
func traceJSON(l *board.Layout, tr explain.Trace) (json.RawMessage, error) {
	var buf bytes.Buffer
	if err := explain.WriteJSON(&buf, l, tr); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// walk is what the app draws: the trace (as explain --format json) and one picture per
// screen: the puzzle, each step on the board it is taken on, and where the steps end.
type walkDoc struct {
	Trace    json.RawMessage `json:"trace"`
	Pictures []string        `json:"pictures"`
}

func apiWalk(ctx context.Context, req apiRequest) (any, error) {
	l, tr, err := walkRequest(ctx, req)
	if err != nil {
		return nil, err
	}
	doc, err := traceJSON(l, tr)
	if err != nil {
		return nil, err
	}
	pics, err := stepPictures(l, tr)
	if err != nil {
		return nil, err
	}
	return walkDoc{Trace: doc, Pictures: pics}, nil
}

// stepPictures draws the puzzle, every step and the end of trace tr.
func stepPictures(l *board.Layout, tr explain.Trace) ([]string, error) {
	states, err := tr.States(l)
	if err != nil {
		return nil, err
	}
	pics := []string{svg.Render(states[0], nil, svg.Options{IDPrefix: "p0-"})}
	for i, s := range tr.Steps {
		pics = append(pics, svg.Render(states[i], &s, svg.Options{Title: explain.OneLiner(l, s), IDPrefix: "p" + strconv.Itoa(i+1) + "-"}))
	}
	return append(pics, svg.Render(states[len(states)-1], nil, svg.Options{IDPrefix: "pe-"})), nil
}

// hintDoc is hint --format json, with the hint's picture when the request asks.
type hintDoc struct {
	hint
	Picture string `json:"picture,omitempty"`
}

// hintDetail is how much of the step a hint's picture shows at each level.
var hintDetail = map[int]svg.Detail{1: svg.Plain, 2: svg.Where, 3: svg.Pattern, 4: svg.All}

func apiHint(ctx context.Context, req apiRequest) (any, error) {
	var in hintInput
	var err error
	if in.puzzle, err = parseBounded("puzzle", req.Puzzle); err != nil {
		return nil, err
	}
	l := in.puzzle.Layout()
	for _, f := range []struct {
		name, text string
		dst        **board.Board
	}{{"grid", req.Grid, &in.grid}, {"marks", req.Marks, &in.marks}} {
		if f.text == "" {
			continue
		}
		if *f.dst, err = parseBounded(f.name, f.text); err != nil {
			return nil, err
		}
		if (*f.dst).Layout() != l {
			return nil, badRequest("%s is %dx%d, the puzzle %dx%d", f.name, (*f.dst).Layout().N(), (*f.dst).Layout().N(), l.N(), l.N())
		}
	}
	level := req.Level
	if level == 0 {
		level = 1
	}
	if level < 1 || level > explain.HintLevels {
		return nil, badRequest("level %d: want 1 to %d", level, explain.HintLevels)
	}
	lg, err := parseLangField(req.Lang)
	if err != nil {
		return nil, err
	}
	if !req.Picture {
		h, err := makeHint(ctx, in, level, lg)
		return h, err
	}
	// The picture needs the step, which the hint holds only at the last level: make
	// that one and tell only as much as was asked. Each level's texts begin the next's.
	h, err := makeHint(ctx, in, explain.HintLevels, lg)
	if err != nil || h.Step == nil {
		return hintDoc{hint: h}, err
	}
	s, err := h.Step.Step(l)
	if err != nil {
		return nil, err
	}
	st := playerBoard(in)
	pic := svg.Render(st, &s, svg.Options{Detail: hintDetail[level], IDPrefix: "hint-"})
	h.Level, h.Hints = level, h.Hints[:level]
	if level < explain.HintLevels {
		h.Step = nil
	}
	return hintDoc{hint: h, Picture: pic}, nil
}

// playerBoard is the board a hint is given on: the puzzle with the player's entries
// and pencil marks. makeHint has checked them against the solution already.
func playerBoard(in hintInput) *board.Board {
	st := in.puzzle.Clone()
	l := st.Layout()
	if in.grid != nil {
		for c := range board.Cell(l.Cells()) {
			if d := in.grid.Value(c); d != 0 && st.Value(c) == 0 {
				_ = st.Place(c, d) // checked by makeHint
			}
		}
	}
	if in.marks != nil {
		for c := range board.Cell(l.Cells()) {
			if st.Value(c) == 0 && in.marks.Value(c) == 0 {
				st.SetCandidates(c, st.Candidates(c)&in.marks.Candidates(c))
			}
		}
	}
	return st
}

// apiCheck answers as check --format json does for one puzzle.
func apiCheck(_ context.Context, req apiRequest) (any, error) {
	b, err := parseBounded("puzzle", req.Puzzle)
	if err != nil {
		return nil, err
	}
	ts, err := techniquesUpTo(req.UpTo)
	if err != nil {
		return nil, err
	}
	if ts != nil && !req.Logic {
		return nil, badRequest("up_to goes with logic")
	}
	p := puzzle{where: "request", b: b}
	// checkPuzzle keeps its own clock, as the command does.
	v := checkPuzzle(p, checkConfig{timeout: apiTimeout, logic: req.Logic, techniques: ts})
	var buf bytes.Buffer
	v.writeJSON(&buf, p, req.Logic)
	return json.RawMessage(bytes.TrimSpace(buf.Bytes())), nil
}

// techniqueDoc is one entry of GET /api/techniques, for the app's technique cap.
type techniqueDoc struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func apiTechniques(w http.ResponseWriter, r *http.Request) {
	lg, err := parseLangField(r.URL.Query().Get("lang"))
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	var out []techniqueDoc
	for _, t := range techniques.Default() {
		out = append(out, techniqueDoc{ID: t.ID, Name: explain.TechniqueName(t.ID, lg)})
	}
	writeJSONBody(w, http.StatusOK, out)
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
