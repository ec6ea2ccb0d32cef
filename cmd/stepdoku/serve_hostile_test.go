package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The service's answers to hostile requests (issue 36).

// ask sends one request to the default handler and returns the answer.
func ask(t *testing.T, method, target string, body io.Reader) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, "http://127.0.0.1:8080/", body)
	r.URL.Path, r.URL.RawPath, r.RequestURI = target, "", target
	if body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	w := httptest.NewRecorder()
	newHandler().ServeHTTP(w, r)
	return w
}

// jsonError checks that an answer is a JSON error and returns its message.
func jsonError(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	assert.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"))
	var out map[string]any
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &out), w.Body.String())
	msg, _ := out["error"].(string)
	assert.NotEmpty(t, msg)
	return msg
}

func TestServeInvalidUTF8Path(t *testing.T) {
	for _, path := range []string{"/\xff", "/\xc0\xae\xc0\xae/etc/passwd", "/api/\xff", "/web/\xed\xa0\x80"} {
		w := ask(t, http.MethodGet, path, nil)
		assert.Equal(t, http.StatusBadRequest, w.Code, "%q", path)
		assert.Contains(t, jsonError(t, w), "not valid UTF-8")
	}
	// Escaped in a real request line, the same.
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	for _, path := range []string{"/%ff", "/%c0%ae%c0%ae/etc/passwd"} {
		resp, err := http.Get(srv.URL + path)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, path)
	}
}

func TestServe405Allow(t *testing.T) {
	for _, tc := range []struct{ method, path, allow string }{
		{http.MethodPut, "/", "GET, HEAD"},
		{http.MethodPost, "/index.html", "GET, HEAD"},
		{http.MethodGet, "/api/explain", "POST"},
		{http.MethodDelete, "/api/hint", "POST"},
		{http.MethodPost, "/api/techniques", "GET, HEAD"},
	} {
		w := ask(t, tc.method, tc.path, nil)
		assert.Equal(t, http.StatusMethodNotAllowed, w.Code, "%s %s", tc.method, tc.path)
		assert.Equal(t, tc.allow, w.Header().Get("Allow"), "%s %s", tc.method, tc.path)
		jsonError(t, w)
	}
}

func TestServeFlagsBounded(t *testing.T) {
	for _, tc := range []struct{ flag, value, want string }{
		{"--solves", "9223372036854775807", "--solves 9223372036854775807: want 1 to"},
		{"--solves", fmt.Sprint(maxJobs() + 1), "more than four a core"},
		{"--max-conns", "9223372036854775807", "--max-conns 9223372036854775807: want 1 to 65536"},
		{"--queue", "9223372036854775807", "--queue 9223372036854775807: want 0 to 65536"},
		{"--timeout", "2562047h", "--timeout 2562047h0m0s: want 1s to 24h0m0s"},
		{"--grace", "2562047h", "--grace 2562047h0m0s: want 0 to 24h0m0s"},
	} {
		// Refused before it listens: the address is never taken.
		r := runWith(t, t.Context(), nil, 10*time.Second, "serve", "--addr", "127.0.0.1:0", tc.flag, tc.value)
		oneLine(t, r, tc.want)
	}
}

// slowBody is a request body whose read passes the server's read deadline.
type slowBody struct{}

func (slowBody) Read([]byte) (int, error) {
	return 0, fmt.Errorf("read tcp: %w", os.ErrDeadlineExceeded)
}

func TestServeSlowBody(t *testing.T) {
	w := ask(t, http.MethodPost, "/api/check", slowBody{})
	assert.Equal(t, http.StatusRequestTimeout, w.Code)
	assert.Contains(t, jsonError(t, w), "too slowly")
}

func TestServeHugeBodyRefusedAtOnce(t *testing.T) {
	// A client that asks before sending 10 GB hears 413 at once, not "100 Continue".
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetDeadline(time.Now().Add(10*time.Second)))
	_, err = fmt.Fprintf(conn, "POST /api/check HTTP/1.1\r\nHost: %s\r\nContent-Type: application/json\r\n"+
		"Content-Length: 10737418240\r\nExpect: 100-continue\r\n\r\n", srv.Listener.Addr())
	require.NoError(t, err)
	status, err := bufio.NewReader(conn).ReadString('\n')
	require.NoError(t, err)
	assert.Equal(t, "HTTP/1.1 413 Request Entity Too Large\r\n", status)
}

func TestServeGraceOverAnswers503(t *testing.T) {
	// A request still in flight when the grace runs out hears a JSON 503, not an
	// empty reply. It waits for the one slot, which the test holds.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg := defaultServeConfig()
	cfg.solves, cfg.grace = 1, 50*time.Millisecond
	s := newServer(cfg)
	release, err := s.admit.acquire(t.Context(), heavy)
	require.NoError(t, err)
	defer release()
	ctx, stop := context.WithCancel(t.Context())
	served := make(chan error, 1)
	go func() { served <- s.serve(ctx, ln, io.Discard) }()

	type answer struct {
		status int
		body   string
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		resp, err := http.Post("http://"+ln.Addr().String()+"/api/explain", "application/json", strings.NewReader(`{"puzzle": "`+easterMonster+`"}`))
		if err != nil {
			answered <- answer{err: err}
			return
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		answered <- answer{resp.StatusCode, string(data), err}
	}()
	require.Eventually(t, func() bool { return queued(s.admit, heavy) == 1 }, 10*time.Second, time.Millisecond)
	stop()
	a := <-answered
	require.NoError(t, a.err)
	assert.Equal(t, http.StatusServiceUnavailable, a.status)
	assert.Contains(t, a.body, `"error":"the server stopped before this request was done`)
	require.NoError(t, <-served)
}

// FuzzServeRequest sends the handler any method, path and body: it never answers
// 500, and every error of the API is JSON. Seeds in testdata/fuzz/FuzzServeRequest.
func FuzzServeRequest(f *testing.F) {
	f.Add("GET", "/%ff", "")
	f.Add("POST", "/api/check", `{"puzzle": "`+example+`"}`)
	f.Add("PUT", "/", "")
	f.Fuzz(func(t *testing.T, method, path, body string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		r, err := http.NewRequest(method, "http://127.0.0.1:8080/", strings.NewReader(body))
		if err != nil {
			t.Skip("not a request a server could be sent")
		}
		r.URL.Path, r.RequestURI, r.Host = path, path, "127.0.0.1:8080"
		r.Header.Set("Content-Type", "application/json")
		if strings.Contains(path, "/api/explain") || strings.Contains(path, "/api/walk") || strings.Contains(path, "/api/new") {
			t.Skip("a walk per input is too slow for a fuzz test")
		}
		w := httptest.NewRecorder()
		newHandler().ServeHTTP(w, r)
		assert.NotEqual(t, http.StatusInternalServerError, w.Code, "%s %q: %s", method, path, w.Body.String())
		if strings.HasPrefix(path, "/api/") && w.Code >= 400 { // a path to clean is redirected
			assert.Equal(t, "application/json; charset=utf-8", w.Header().Get("Content-Type"), "%s %q", method, path)
		}
	})
}
