package explain_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques"
)

// TestMeasureWords is a measurement, not a check, and runs only when asked:
//
//	STEPDOKU_MEASURE=../shared/puzzles/kaggle3m-medium.txt:100 go test ./explain -run TestMeasureWords -v
//
// prints the words (English) and characters (Japanese) of the steps part of a
// walkthrough at each detail level, averaged over the first N puzzles of the file
// (STEPDOKU_LONG=1 also names the longest step). STEPDOKU_DUMP=<grid> with
// STEPDOKU_OUT=<prefix> writes that puzzle's full walkthroughs to <prefix>.en.txt and
// <prefix>.ja.txt for reading.
func TestMeasureWords(t *testing.T) {
	if g := os.Getenv("STEPDOKU_DUMP"); g != "" {
		b, err := board.Parse(g)
		if err != nil {
			t.Fatal(err)
		}
		tr, err := techniques.Solve(context.Background(), b, techniques.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, lang := range []explain.Lang{explain.EN, explain.JA} {
			tr.Lang = lang
			var buf bytes.Buffer
			if err := explain.WriteText(&buf, board.Classic, tr, explain.TextOptions{Detail: explain.DetailFull}); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(os.Getenv("STEPDOKU_OUT")+"."+string(lang)+".txt", buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	spec := os.Getenv("STEPDOKU_MEASURE")
	if spec == "" {
		t.Skip()
	}
	var file string
	var n int
	fmt.Sscanf(strings.Replace(spec, ":", " ", 1), "%s %d", &file, &n)
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var grids []string
	for sc.Scan() && len(grids) < n {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		grids = append(grids, strings.Fields(line)[0])
	}
	// 9 stands for "new" with GroupSingles.
	levels := []explain.Detail{explain.DetailFull, explain.DetailNew, explain.DetailBrief, 9}
	words := map[explain.Detail]int{}
	jaChars := map[explain.Detail]int{}
	steps, maxStep := 0, 0
	for _, g := range grids {
		b, err := board.Parse(g)
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		tr, err := techniques.Solve(ctx, b, techniques.Options{})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		steps += len(tr.Steps)
		for _, d := range levels {
			for _, lang := range []explain.Lang{explain.EN, explain.JA} {
				tr.Lang = lang
				var buf bytes.Buffer
				opt := explain.TextOptions{Detail: d, Width: -1}
				if d == 9 {
					opt = explain.TextOptions{Detail: explain.DetailNew, GroupSingles: true, Width: -1}
				}
				if err := explain.WriteText(&buf, board.Classic, tr, opt); err != nil {
					t.Fatal(err)
				}
				text := buf.String()
				i := strings.Index(text, "\nSteps\n")
				if lang == explain.JA {
					i = strings.Index(text, "\n手順\n")
				}
				j := strings.LastIndex(text, "\n\n"+map[explain.Lang]string{explain.EN: "Solution", explain.JA: "解答"}[lang])
				if i < 0 || j < i {
					j = len(text)
				}
				body := text[i:j]
				if lang == explain.EN {
					words[d] += len(strings.Fields(body))
					if d == explain.DetailFull {
						said, _ := tr.Narrate(board.Classic, explain.NarrateOptions{Detail: d})
						for _, s := range said {
							if w := len(strings.Fields(s.Prose)); w > maxStep {
								maxStep = w
								if os.Getenv("STEPDOKU_LONG") != "" {
									fmt.Printf("longest so far: %s step %d (%s) %d words\n", g, s.Number, s.Line, w)
								}
							}
						}
					}
				} else {
					jaChars[d] += len([]rune(strings.Join(strings.Fields(body), "")))
				}
			}
		}
	}
	k := len(grids)
	fmt.Printf("%s: %d puzzles, %.1f steps/puzzle, longest step (full, en) %d words\n", file, k, float64(steps)/float64(k), maxStep)
	for _, d := range levels {
		name := d.String()
		if d == 9 {
			name = "new+group"
		}
		fmt.Printf("  %-9s en %6.0f words/walkthrough   ja %6.0f chars/walkthrough\n", name, float64(words[d])/float64(k), float64(jaChars[d])/float64(k))
	}
}
