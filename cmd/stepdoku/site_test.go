package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteSite writes a site around a stand-in engine: every file is there, the page
// asks the worker and names only its own files by relative addresses, the service
// worker caches every other file, and its version follows the files' contents.
func TestWriteSite(t *testing.T) {
	dir := t.TempDir()
	names, err := writeSite(dir, []byte("\x00asm engine one"), []byte("// go glue"))
	require.NoError(t, err)
	for _, want := range []string{"index.html", "app.js", "i18n.js", "style.css", "worker.js", "sw.js", "manifest.webmanifest", "icon.svg", wasmName, wasmExecName} {
		assert.Contains(t, names, want)
		assert.FileExists(t, filepath.Join(dir, want))
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return string(data)
	}
	page := read("index.html")
	assert.Contains(t, page, `<meta name="stepdoku-engine" content="worker">`)
	assert.Contains(t, page, `<link rel="manifest" href="manifest.webmanifest">`)
	// Every address the page, its scripts and the workers name is one of the site's
	// files, relative, so the site works under any path and asks nothing elsewhere.
	addr := regexp.MustCompile(`(?:src|href)="([^"]*)"|(?:fetch|Worker|register|importScripts)\("([^"]*)"`)
	for _, name := range []string{"index.html", "app.js", "worker.js", "sw.js"} {
		for _, m := range addr.FindAllStringSubmatch(read(name), -1) {
			u := m[1] + m[2]
			assert.Contains(t, names, u, "%s names %q, not a file of the site", name, u)
		}
	}
	assert.NotRegexp(t, `fetch\("/|"/api/`, read("app.js"), "the page asks by relative addresses")
	var man struct {
		StartURL string `json:"start_url"`
		Scope    string `json:"scope"`
		Icons    []struct {
			Src string `json:"src"`
		} `json:"icons"`
	}
	require.NoError(t, json.Unmarshal([]byte(read("manifest.webmanifest")), &man))
	assert.Equal(t, "./", man.StartURL)
	assert.Equal(t, "./", man.Scope)
	require.NotEmpty(t, man.Icons)
	assert.Contains(t, names, man.Icons[0].Src)

	sw := read("sw.js")
	version := regexp.MustCompile(`const VERSION = "([0-9a-f]{16})";`).FindStringSubmatch(sw)
	require.NotNil(t, version, "sw.js has its version filled in")
	list := regexp.MustCompile(`const FILES = (\[.*\]);`).FindStringSubmatch(sw)
	require.NotNil(t, list, "sw.js has its files filled in")
	var cached []string
	require.NoError(t, json.Unmarshal([]byte(list[1]), &cached))
	var want []string
	for _, n := range names {
		switch n {
		case "sw.js":
		case "index.html":
			want = append(want, "./")
		default:
			want = append(want, n)
		}
	}
	assert.ElementsMatch(t, want, cached, "the service worker caches every file but itself")

	// The same files give the same version; another engine, another version.
	_, err = writeSite(dir, []byte("\x00asm engine one"), []byte("// go glue"))
	require.NoError(t, err)
	assert.Contains(t, read("sw.js"), version[1])
	_, err = writeSite(dir, []byte("\x00asm engine two"), []byte("// go glue"))
	require.NoError(t, err)
	assert.NotContains(t, read("sw.js"), version[1], "a new engine is a new version")
}

// TestSiteNoGo: without a Go toolchain on PATH, site says so in one line.
func TestSiteNoGo(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	dir := filepath.Join(t.TempDir(), "out")
	var out, errb bytes.Buffer
	code := run([]string{"site", dir}, nil, &out, &errb)
	assert.Equal(t, exitUsage, code)
	assert.Equal(t, "stepdoku: site: no Go toolchain on PATH: the engine is compiled to WebAssembly with Go (https://go.dev/dl/)\n", errb.String())
	assert.NoDirExists(t, dir, "nothing is written")

	errb.Reset()
	assert.Equal(t, exitUsage, run([]string{"site"}, nil, &out, &errb))
	assert.Contains(t, errb.String(), "site takes one folder")
}

// TestAnswerInMemory: the answers the WebAssembly build gives the page (the server's
// handler, written into memory) are the server's over HTTP, byte for byte, errors too.
func TestAnswerInMemory(t *testing.T) {
	h := newHandler()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	for _, tc := range []struct{ method, path, body string }{
		{"POST", "/api/board", `{"puzzle":"` + example + `"}`},
		{"POST", "/api/hint", `{"puzzle":"` + example + `","level":2,"picture":true}`},
		{"POST", "/api/check", `{"puzzle":"` + example + `","logic":true}`},
		{"POST", "/api/hint", `{"puzzle":"12"}`},
		{"POST", "/api/board", `{"puzzle":"` + example + `","extra":1}`},
		{"GET", "/api/techniques", ""},
		{"GET", "/api/hint", ""},
		{"POST", "/api/nothing", `{}`},
	} {
		req, err := http.NewRequestWithContext(t.Context(), tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
		require.NoError(t, err)
		if tc.body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := srv.Client().Do(req)
		require.NoError(t, err)
		want, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		status, got := answerInMemory(t.Context(), h, tc.method, tc.path, tc.body)
		assert.Equal(t, resp.StatusCode, status, "%s %s", tc.method, tc.path)
		assert.Equal(t, string(want), string(got), "%s %s", tc.method, tc.path)
		assert.True(t, json.Valid(got), "%s %s answers JSON", tc.method, tc.path)
	}
	status, got := answerInMemory(t.Context(), h, "GET", "/index.html", "")
	assert.Equal(t, http.StatusNotFound, status, "only the API is asked in memory")
	assert.Contains(t, string(got), "no API GET /index.html")
}
