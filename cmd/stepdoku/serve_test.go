package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// post sends body to the test server and returns the status and the decoded answer.
func post(t *testing.T, srv *httptest.Server, path, body string) (int, map[string]any) {
	t.Helper()
	resp, err := srv.Client().Post(srv.URL+path, "application/json", strings.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.Equal(t, "application/json; charset=utf-8", resp.Header.Get("Content-Type"), path)
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal(data, &out), "%s answered %s", path, data)
	return resp.StatusCode, out
}

// cliJSON runs the CLI and decodes its JSON output.
func cliJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	r := runCLI(t, "", args...)
	var out map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &out), "stdout %q, stderr %q", r.stdout, r.stderr)
	return out
}

// TestAPISameAsCLI checks that each API call answers with the JSON of the command's
// --format json, so a front end and a script see the same thing.
func TestAPISameAsCLI(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	cases := []struct {
		name, path, body string
		cli              []string
	}{
		{"explain", "/api/explain", `{"puzzle": "` + example + `"}`, []string{"explain", "--format", "json", example}},
		{"explain in japanese", "/api/explain", `{"puzzle": "` + example + `", "lang": "ja"}`, []string{"explain", "--format", "json", "--lang", "ja", example}},
		{"explain up to a technique", "/api/explain", `{"puzzle": "` + example + `", "up_to": "hidden-single"}`, []string{"explain", "--format", "json", "--up-to", "hidden-single", example}},
		{"hint level 1", "/api/hint", `{"puzzle": "` + example + `"}`, []string{"hint", "--format", "json", example}},
		{"hint level 4", "/api/hint", `{"puzzle": "` + example + `", "level": 4}`, []string{"hint", "--format", "json", "--level", "4", example}},
		{"hint on a wrong grid", "/api/hint", `{"puzzle": "` + example + `", "grid": "39` + example[2:] + `"}`, []string{"hint", "--format", "json", example, "--grid", "39" + example[2:]}},
		{"check", "/api/check", `{"puzzle": "` + example + `"}`, []string{"check", "--format", "json", example}},
		{"check several", "/api/check", `{"puzzle": "` + several + `"}`, []string{"check", "--format", "json", several}},
		{"check with logic", "/api/check", `{"puzzle": "` + example + `", "logic": true}`, []string{"check", "--format", "json", "--logic", example}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status, got := post(t, srv, tc.path, tc.body)
			assert.Equal(t, http.StatusOK, status, "%v", got)
			assert.Equal(t, cliJSON(t, tc.cli...), got)
		})
	}
}

func TestAPIErrors(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	big25 := strings.Repeat(".", 625)
	cases := []struct {
		name, method, path, body string
		status                   int
		says                     string
	}{
		{"not JSON", "POST", "/api/explain", `puzzle`, 400, "not a JSON object"},
		{"unknown field", "POST", "/api/hint", `{"puzle": "x"}`, 400, `unknown field "puzle"`},
		// encoding/json alone would take "Puzzle" for "puzzle".
		{"field in another case", "POST", "/api/explain", `{"Puzzle": "` + example + `"}`, 400, `field names are lower case: "puzzle"`},
		{"field twice", "POST", "/api/explain", `{"puzzle": "` + example + `", "puzzle": "` + example + `"}`, 400, "twice"},
		{"field of another call", "POST", "/api/explain", `{"puzzle": "` + example + `", "level": 2}`, 400, `unknown field "level"`},
		{"data after the object", "POST", "/api/explain", `{"puzzle": "` + example + `"} {}`, 400, "after the JSON object"},
		{"a list, not an object", "POST", "/api/explain", `["` + example + `"]`, 400, "want a JSON object"},
		{"wrong type", "POST", "/api/hint", `{"puzzle": "` + example + `", "level": "2"}`, 400, "level"},
		{"up_to and techniques", "POST", "/api/explain", `{"puzzle": "` + example + `", "up_to": "x-wing", "techniques": "x-wing"}`, 400, "up_to and techniques exclude each other"},
		{"unknown technique in with", "POST", "/api/explain", `{"puzzle": "` + example + `", "with": "nope"}`, 400, "with:"},
		{"techniques without logic", "POST", "/api/check", `{"puzzle": "` + example + `", "techniques": "x-wing"}`, 400, "go with logic"},
		{"plus form and grid", "POST", "/api/hint", `{"puzzle": "3+1` + example[2:] + `", "grid": "` + example + `"}`, 400, "grid is not needed"},
		{"walk from a negative screen", "POST", "/api/walk", `{"puzzle": "` + example + `", "from": -1}`, 400, "from -1"},
		{"walk from past the end", "POST", "/api/walk", `{"puzzle": "` + example + `", "from": 999}`, 400, "from 999"},
		{"no puzzle", "POST", "/api/check", `{}`, 400, "puzzle is empty"},
		{"bad puzzle", "POST", "/api/explain", `{"puzzle": "12345"}`, 400, "puzzle:"},
		{"too large a grid", "POST", "/api/explain", `{"puzzle": "` + big25 + `"}`, 400, "up to 16x16"},
		{"too large a body", "POST", "/api/check", `{"puzzle": "` + strings.Repeat(" ", maxBody) + `"}`, 413, "over"},
		{"bad language", "POST", "/api/explain", `{"puzzle": "` + example + `", "lang": "xx"}`, 400, "lang:"},
		{"bad level", "POST", "/api/hint", `{"puzzle": "` + example + `", "level": 9}`, 400, "level 9"},
		{"unknown technique", "POST", "/api/explain", `{"puzzle": "` + example + `", "up_to": "nope"}`, 400, "up_to:"},
		{"invalid grid", "POST", "/api/explain", `{"puzzle": "33` + example[2:] + `"}`, 422, "invalid"},
		{"grid of another size", "POST", "/api/hint", `{"puzzle": "` + example + `", "grid": ".2....1..1..4..1"}`, 400, "grid is 4x4"},
		{"wrong method", "GET", "/api/explain", ``, 405, "takes POST"},
		{"post to a file", "POST", "/index.html", `{}`, 405, "GET"},
		{"unknown call", "POST", "/api/solve", `{}`, 404, "no API"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, srv.URL+tc.path, strings.NewReader(tc.body))
			require.NoError(t, err)
			req.Header.Set("Content-Type", "application/json")
			resp, err := srv.Client().Do(req)
			require.NoError(t, err)
			defer resp.Body.Close()
			data, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			assert.Equal(t, tc.status, resp.StatusCode, "%s", data)
			if tc.says == "" {
				return
			}
			var out struct{ Error string }
			require.NoError(t, json.Unmarshal(data, &out), "an error is JSON: %s", data)
			assert.Contains(t, out.Error, tc.says)
		})
	}
}

// TestAPIPictures checks the app's own calls: a walk has one picture per screen, and a
// hint's picture shows more at each level.
func TestAPIPictures(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	status, got := post(t, srv, "/api/walk", `{"puzzle": "`+example+`"}`)
	require.Equal(t, http.StatusOK, status, "%v", got)
	steps := got["trace"].(map[string]any)["steps"].([]any)
	pics := got["pictures"].([]any)
	require.Len(t, pics, len(steps)+2)
	for i, s := range steps {
		tech := s.(map[string]any)["technique"].(string)
		assert.Contains(t, pics[i+1], `data-technique="`+tech+`"`, "picture %d", i+1)
	}

	var marks []int
	for level := 1; level <= 4; level++ {
		status, h := post(t, srv, "/api/hint", `{"puzzle": "`+example+`", "picture": true, "level": `+string(rune('0'+level))+`}`)
		require.Equal(t, http.StatusOK, status, "%v", h)
		assert.Len(t, h["hints"], level)
		assert.Equal(t, level == 4, h["step"] != nil, "the step is given at the last level only")
		pic, _ := h["picture"].(string)
		require.Contains(t, pic, "<svg")
		marks = append(marks, strings.Count(pic, "data-role="))
	}
	assert.Zero(t, marks[0], "level 1 draws the board alone")
	// Level 3 adds the pattern's digits and chains, which a single may not have.
	assert.Greater(t, marks[1], marks[0], "level 2 shows where")
	assert.GreaterOrEqual(t, marks[2], marks[1], "level 3 shows the pattern")
	assert.Greater(t, marks[3], marks[2], "level 4 shows the move")
}

func TestServeFiles(t *testing.T) {
	srv := httptest.NewServer(newHandler())
	defer srv.Close()
	for _, tc := range []struct{ path, has string }{
		{"/", `<textarea id="puzzle"`},
		{"/app.js", "/api/walk"},
		{"/style.css", ".cell[data-conflict]"},
		{"/i18n.js", "ja: {"},
	} {
		t.Run(tc.path, func(t *testing.T) {
			resp, err := srv.Client().Get(srv.URL + tc.path)
			require.NoError(t, err)
			defer resp.Body.Close()
			data, err := io.ReadAll(resp.Body)
			require.NoError(t, err)
			assert.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Contains(t, string(data), tc.has)
			// The SVG namespace is a name, not a place the app fetches from.
			text := strings.ReplaceAll(string(data), "http://www.w3.org/2000/svg", "")
			assert.NotContains(t, text, "http://", "the app fetches nothing from elsewhere")
			assert.NotContains(t, text, "https://", "the app fetches nothing from elsewhere")
		})
	}
}

func TestExplainPictures(t *testing.T) {
	r := runCLI(t, "", "explain", "--format", "svg", "--step", "2", example)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.True(t, strings.HasPrefix(r.stdout, "<svg"))
	assert.Contains(t, r.stdout, "data-role=\"place\"")

	r = runCLI(t, "", "explain", "--format", "svg", "--step", "0", example)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.NotContains(t, r.stdout, "data-role=")

	r = runCLI(t, "", "explain", "--format", "html", example)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "<!DOCTYPE html>")

	for _, bad := range [][]string{
		{"explain", "--format", "svg", example},
		{"explain", "--format", "svg", "--step", "999", example},
		{"explain", "--step", "1", example},
	} {
		r := runCLI(t, "", bad...)
		assert.Equal(t, exitUsage, r.code, "%v: %s", bad, r.stdout)
		assert.Contains(t, r.stderr, "--step")
	}
}
