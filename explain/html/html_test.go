package html_test

import (
	"bytes"
	"context"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/html"
	"github.com/stepdoku/stepdoku/techniques"
)

func walkthrough(t *testing.T, grid string, lang explain.Lang) (*board.Layout, explain.Trace, string) {
	t.Helper()
	b, err := board.Parse(grid)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tr, err := techniques.Solve(ctx, b, techniques.Options{})
	require.NoError(t, err)
	tr.Lang = lang
	var buf bytes.Buffer
	require.NoError(t, html.Write(&buf, b.Layout(), tr))
	return b.Layout(), tr, buf.String()
}

func TestWrite(t *testing.T) {
	cases := []struct {
		name, grid string
		lang       explain.Lang
		word       string // a word of the page in its language
	}{
		{"english, 9x9", "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..", explain.EN, "Solved in"},
		{"japanese, 9x9", "3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..", explain.JA, "手で解けました"},
		{"english, 4x4 with several solutions", ".2....1..1..4..1", explain.EN, "several solutions"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, tr, page := walkthrough(t, tc.grid, tc.lang)
			summary := regexp.MustCompile(`<p id="summary">([^<]*)</p>`).FindStringSubmatch(page)
			require.Len(t, summary, 2, "the page has a summary line")
			assert.Contains(t, summary[1], tc.word)
			if tr.Summary.Solved {
				assert.Contains(t, summary[1], strconv.Itoa(len(tr.Steps)), "the summary counts the steps")
			}
			// One picture per step, the puzzle and the end, each drawing its step.
			assert.Equal(t, len(tr.Steps)+2, strings.Count(page, "<svg "))
			techs := regexp.MustCompile(`data-technique="([a-z0-9-]+)"`).FindAllStringSubmatch(page, -1)
			require.Len(t, techs, len(tr.Steps))
			said, err := tr.Narrate(l, explain.NarrateOptions{})
			require.NoError(t, err)
			for i, s := range tr.Steps {
				assert.Equal(t, s.Technique, techs[i][1], "picture of step %d", i+1)
				assert.Contains(t, page, `data-step="`+itoa(i+1)+`"`)
				require.NotEmpty(t, said[i].Prose)
				assert.Contains(t, page, escape(said[i].Prose), "prose of step %d", i+1)
			}
			// The counter counts steps only: the puzzle and the end are not steps.
			assert.Contains(t, page, `var total = sections.length - 2;`)
			assert.Contains(t, page, `data-steps="`+itoa(len(tr.Steps))+`"`)
			// Self-contained: nothing is fetched.
			for _, ref := range []string{"<link", " src=", "@import", "url(http"} {
				assert.NotContains(t, page, ref)
			}
			assert.Contains(t, page, "ArrowRight")
			assert.Contains(t, page, "@media print")
		})
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// escape escapes prose as html/template does in text, so it can be found in the page.
func escape(s string) string {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
	return r.Replace(s)
}
