// Package html writes a walkthrough as one self-contained HTML page: the puzzle, then
// every step as its picture with its one-liner and prose, a list of all steps, and
// keyboard navigation (left and right arrows). It needs no network: the pictures are
// inline SVG and the script and styles are in the page. Printed, it shows every step.
package html

import (
	_ "embed"
	"fmt"
	"html/template"
	"io"
	"strconv"
	"strings"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/svg"
)

//go:embed page.html
var pageSource string

var page = template.Must(template.New("page").Parse(pageSource))

// words are the page's own words per language; the prose comes from package explain.
var words = map[explain.Lang]Words{
	explain.EN: {Title: "stepdoku walkthrough", Puzzle: "The puzzle", Step: "Step", Steps: "Steps",
		Previous: "Previous", Next: "Next", End: "Where the steps end", Keys: "Use the left and right arrow keys to move between steps.",
		NoSolution: "The puzzle has no solution.", Several: "The puzzle has several solutions.",
		SolvedSearch: "Solved in %d steps, some by search.", Solved: "Solved in %d steps; hardest technique: %s.",
		Stuck:   "The techniques stop after %d steps.",
		X:       "Sudoku-X: each shaded diagonal also holds every digit once.",
		Windoku: "Windoku: each of the four shaded windows also holds every digit once.",
		Jigsaw:  "Jigsaw: the regions inside the bold lines take the place of the boxes.",
		Killer:  "Killer: the digits of each dashed cage add up to the small sum at its corner, with no digit twice."},
	explain.JA: {Title: "stepdoku 解説", Puzzle: "問題", Step: "手順", Steps: "手順の一覧",
		Previous: "前へ", Next: "次へ", End: "最後の盤面", Keys: "左右の矢印キーで手順を移動できます。",
		NoSolution: "この問題には解がありません。", Several: "この問題には複数の解があります。",
		SolvedSearch: "%d手で解けました（一部は探索による）。", Solved: "%d手で解けました。最も難しい手筋：%s。",
		Stuck:   "手筋は%d手で止まります。",
		X:       "対角線ナンプレ：網掛けの2本の対角線にも、どの数字も1つずつ入ります。",
		Windoku: "ウィンドウナンプレ：網掛けの4つのウィンドウにも、どの数字も1つずつ入ります。",
		Jigsaw:  "ジグソーナンプレ：太線で囲まれたブロックが、正方形のブロックの代わりです。",
		Killer:  "キラーナンプレ：点線のケージの数字を足すと角の小さな数になり、ケージの中で同じ数字は使えません。"},
}

// Words are the labels of the page in one language, the forms of its summary line, and
// the legend of each variant (what its pictures draw beyond classic Sudoku).
type Words struct {
	Title, Puzzle, Step, Steps, Previous, Next, End, Keys string
	NoSolution, Several, SolvedSearch, Solved, Stuck      string
	X, Windoku, Jigsaw, Killer                            string
}

// legend says what the pictures of layout l draw beyond classic Sudoku, one sentence
// per rule of its variant (empty for classic).
func legend(l *board.Layout, ws Words) string {
	var parts []string
	v := l.Variant()
	for _, r := range []struct {
		v    board.Variant
		says string
	}{{board.X, ws.X}, {board.Windoku, ws.Windoku}, {board.Jigsaw, ws.Jigsaw}, {board.Killer, ws.Killer}} {
		if v&r.v != 0 {
			parts = append(parts, r.says)
		}
	}
	return strings.Join(parts, " ")
}

// section is one screen of the walkthrough: the puzzle, a step, or the end.
type section struct {
	ID      string
	Number  int // 1-based step number; 0 for the puzzle and the end
	Heading string
	Picture template.HTML
	Line    string
	Prose   string
}

type pageData struct {
	Lang     string
	Words    Words
	Puzzle   string
	Legend   string
	Summary  string
	Sections []section
	Steps    int
}

// Options choose what the page says.
type Options struct {
	// Detail is how much each step's prose says (explain.DetailNew by default).
	Detail explain.Detail
}

// Write writes the walkthrough of trace tr on layout l as an HTML page, in the trace's
// language, at the default detail.
func Write(w io.Writer, l *board.Layout, tr explain.Trace) error {
	return WriteOptions(w, l, tr, Options{})
}

// WriteOptions writes the walkthrough of trace tr as Write does, with options.
func WriteOptions(w io.Writer, l *board.Layout, tr explain.Trace, opt Options) error {
	lang := tr.Lang
	if lang == "" {
		lang = explain.EN
	}
	ws, ok := words[lang]
	if !ok {
		ws = words[explain.EN]
	}
	states, err := tr.States(l)
	if err != nil {
		return err
	}
	said, err := tr.Narrate(l, explain.NarrateOptions{Detail: opt.Detail})
	if err != nil {
		return fmt.Errorf("html: %w", err)
	}
	d := pageData{Lang: string(lang), Words: ws, Puzzle: tr.Puzzle, Steps: len(tr.Steps), Summary: summary(tr, lang, ws),
		Legend: legend(l, ws)}
	d.Sections = append(d.Sections, section{
		ID: "step-0", Heading: ws.Puzzle,
		Picture: template.HTML(svg.Render(states[0], nil, svg.Options{Title: ws.Puzzle, IDPrefix: "s0-"})),
	})
	for i, s := range tr.Steps {
		nr := said[i]
		n := i + 1
		d.Sections = append(d.Sections, section{
			ID: "step-" + strconv.Itoa(n), Number: n,
			Heading: fmt.Sprintf("%s %d: %s", ws.Step, n, explain.TechniqueName(s.Technique, lang)),
			Picture: template.HTML(svg.Render(states[i], &s, svg.Options{Title: nr.Line, IDPrefix: "s" + strconv.Itoa(n) + "-"})),
			Line:    nr.Heading, Prose: nr.Prose,
		})
	}
	last := states[len(states)-1]
	d.Sections = append(d.Sections, section{
		ID: "step-end", Heading: ws.End,
		Picture: template.HTML(svg.Render(last, nil, svg.Options{Title: ws.End, IDPrefix: "end-"})),
	})
	return page.Execute(w, d)
}

// summary is one plain line on how the solve ended.
func summary(tr explain.Trace, lang explain.Lang, ws Words) string {
	s := tr.Summary
	switch {
	case s.NoSolution:
		return ws.NoSolution
	case s.Several:
		return ws.Several
	case s.Solved && s.UsedFallback:
		return fmt.Sprintf(ws.SolvedSearch, len(tr.Steps))
	case s.Solved:
		return fmt.Sprintf(ws.Solved, len(tr.Steps), explain.TechniqueName(s.Hardest, lang))
	default:
		return fmt.Sprintf(ws.Stuck, len(tr.Steps))
	}
}
