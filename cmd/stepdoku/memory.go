package main

import (
	"bytes"
	"context"
	"net/http"
	"strings"
)

// The API without a network: the WebAssembly build (wasm_js.go) hands each question
// of the page to the very handler `serve` runs, and writes the answer into memory, so
// that the page gets the same JSON from both hosts.

// memoryWriter is an http.ResponseWriter that keeps the answer.
type memoryWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *memoryWriter) Header() http.Header { return w.header }

func (w *memoryWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *memoryWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(p)
}

// answerInMemory runs one request of the API on h: method, path (from /api/) and a
// JSON body ("" for none), and returns the status and the body of the answer.
func answerInMemory(ctx context.Context, h http.Handler, method, path, body string) (int, []byte) {
	if !strings.HasPrefix(path, "/api/") {
		data, _ := encodeJSON(map[string]string{"error": "no API " + method + " " + path})
		return http.StatusNotFound, data
	}
	r, err := http.NewRequestWithContext(ctx, method, "http://localhost"+path, strings.NewReader(body))
	if err != nil {
		data, _ := encodeJSON(map[string]string{"error": err.Error()})
		return http.StatusBadRequest, data
	}
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	w := &memoryWriter{header: http.Header{}}
	h.ServeHTTP(w, r)
	w.WriteHeader(http.StatusOK) // a handler that wrote nothing
	return w.status, w.body.Bytes()
}
