package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHostPolicy(t *testing.T) {
	loop := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}
	all := &net.TCPAddr{IP: net.IPv4zero, Port: 8080}
	lan := &net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 8080}
	cases := []struct {
		name  string
		bound net.Addr
		allow []string
		host  string
		want  bool
	}{
		{"loopback by address", loop, nil, "127.0.0.1:8080", true},
		{"loopback as localhost", loop, nil, "localhost:8080", true},
		{"loopback as IPv6", loop, nil, "[::1]:8080", true},
		{"localhost with a final dot", loop, nil, "localhost.:8080", true},
		{"a rebound name", loop, nil, "evil.example:8080", false},
		{"a rebound name without port", loop, nil, "evil.example", false},
		{"another address", loop, nil, "10.0.0.1:8080", false},
		{"no Host", loop, nil, "", false},
		{"a name allowed", loop, []string{"sudoku.lan"}, "Sudoku.LAN:8080", true},
		{"any name allowed", loop, []string{"*"}, "evil.example", true},
		{"every interface: any address", all, nil, "192.168.1.5:8080", true},
		{"every interface: a name", all, nil, "evil.example:8080", false},
		{"a LAN address", lan, nil, "192.168.1.5:8080", true},
		{"a LAN address: loopback is another", lan, nil, "127.0.0.1:8080", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, newHostPolicy(tc.bound, tc.allow).allows(tc.host))
		})
	}
}

// TestGuards checks the guards over HTTP: the Host check, JSON-only POSTs, and the
// security headers on every answer, the app's files included.
func TestGuards(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	cases := []struct {
		name, method, path, contentType, host string
		status                                int
		says                                  string
	}{
		{"the app", "GET", "/", "", "", 200, ""},
		{"its script", "GET", "/app.js", "", "", 200, ""},
		{"techniques", "GET", "/api/techniques", "", "", 200, ""},
		{"a JSON POST", "POST", "/api/check", "application/json", "", 200, ""},
		{"JSON with its charset", "POST", "/api/check", "application/json; charset=utf-8", "", 200, ""},
		{"localhost", "GET", "/api/techniques", "", "localhost", 200, ""},
		{"text/plain", "POST", "/api/check", "text/plain", "", 415, "application/json"},
		{"a form", "POST", "/api/check", "application/x-www-form-urlencoded", "", 415, "application/json"},
		{"no type", "POST", "/api/check", "", "", 415, "application/json"},
		{"a rebound name", "GET", "/", "", "evil.example", 403, "evil.example"},
		{"a rebound name on the API", "POST", "/api/check", "application/json", "evil.example:80", 403, "--allow-host"},
		{"not found", "GET", "/api/nothing", "", "", 404, "no API"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(`{"puzzle": "`+example+`"}`))
			require.NoError(t, err)
			if tc.contentType != "" {
				req.Header.Set("Content-Type", tc.contentType)
			}
			if tc.host != "" {
				req.Host = tc.host
			}
			resp, err := srv.Client().Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			data, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			assert.Equal(t, tc.status, resp.StatusCode, "%s", data)
			assert.Equal(t, "nosniff", resp.Header.Get("X-Content-Type-Options"))
			assert.Equal(t, "DENY", resp.Header.Get("X-Frame-Options"))
			assert.Contains(t, resp.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'")
			if tc.says != "" {
				var out struct{ Error string }
				require.NoError(t, json.Unmarshal(data, &out), "an error is JSON: %s", data)
				assert.Contains(t, out.Error, tc.says)
			}
		})
	}
}

func TestDecodeStrict(t *testing.T) {
	fields := []string{"puzzle", "level"}
	cases := []struct{ name, body, err string }{
		{"good", `{"puzzle": "x", "level": 2}`, ""},
		{"empty object", `{}`, ""},
		{"white space after", "{\"level\": 1}\n\t ", ""},
		{"wrong case", `{"Level": 1}`, `lower case: "level"`},
		{"unknown", `{"lvl": 1}`, `unknown field "lvl" (this call takes puzzle, level)`},
		{"twice", `{"level": 1, "level": 2}`, "twice"},
		{"trailing object", `{"level": 1}{}`, "after the JSON object"},
		{"trailing garbage", `{"level": 1} x`, "after the JSON object"},
		{"not an object", `"x"`, "want a JSON object"},
		{"truncated", `{"level": 1`, "EOF"},
		{"wrong type", `{"level": "1"}`, "level"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got apiRequest
			err := decodeStrict([]byte(tc.body), &got, fields)
			if tc.err == "" {
				require.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
}

// TestLimitListener checks that a connection past the cap waits until one closes.
func TestLimitListener(t *testing.T) {
	inner, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ln := newLimitListener(inner, 2)
	defer ln.Close()
	accepted := make(chan net.Conn, 4)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted <- c
		}
	}()
	var clients []net.Conn
	for range 4 {
		c, err := net.Dial("tcp", inner.Addr().String())
		require.NoError(t, err)
		defer c.Close()
		clients = append(clients, c)
	}
	first, second := <-accepted, <-accepted
	select {
	case <-accepted:
		t.Fatal("a third connection was accepted while two were open")
	case <-time.After(100 * time.Millisecond):
	}
	require.NoError(t, first.Close())
	_ = first.Close() // a second Close must not give a second slot back
	var third net.Conn
	select {
	case third = <-accepted:
		defer third.Close()
	case <-time.After(5 * time.Second):
		t.Fatal("the third connection was not accepted after one closed")
	}
	select {
	case <-accepted:
		t.Fatal("a fourth connection was accepted: a double Close freed two slots")
	case <-time.After(100 * time.Millisecond):
	}
	second.Close()
}
