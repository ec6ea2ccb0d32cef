package explain

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/template"

	"github.com/stepdoku/stepdoku/board"
)

// TextOptions choose how WriteText renders a trace.
type TextOptions struct {
	// Brief writes each step as its one-liner only, without prose.
	Brief bool
}

// WriteText writes a trace as a walkthrough for a reader, in the trace's language: the
// puzzle as a grid, then each step with its number, its one-liner and its prose, then
// the solution (or the grid where the solve stopped) and the summary.
func WriteText(w io.Writer, l *board.Layout, tr Trace, opt TextOptions) error {
	c, err := catalogueOf(langOrEnglish(tr.Lang))
	if err != nil {
		return err
	}
	start, err := tr.startBoard(l)
	if err != nil {
		return err
	}
	t, err := c.bind(l)
	if err != nil {
		return err
	}
	h := c.file.Headings
	bw := bufio.NewWriter(w)

	section(bw, h.Puzzle)
	bw.WriteString(start.Pretty())

	if len(tr.Steps) > 0 {
		section(bw, h.Steps)
	}
	width := len(strconv.Itoa(len(tr.Steps)))
	indent := strings.Repeat(" ", width+2)
	for i, s := range tr.Steps {
		if i > 0 && !opt.Brief {
			bw.WriteByte('\n')
		}
		fmt.Fprintf(bw, "%*d. %s\n", width, i+1, OneLiner(l, s))
		if opt.Brief {
			continue
		}
		p, err := c.prose(t, l, s)
		if err != nil {
			return fmt.Errorf("explain: step %d: %w", i+1, err)
		}
		// The one-liner names the technique in English; other languages add their name.
		name := ""
		if h.StepName != "" {
			name = strings.ReplaceAll(h.StepName, "{name}", TechniqueName(s.Technique, c.lang))
		}
		fmt.Fprintf(bw, "%s%s%s\n", indent, name, p)
	}

	if err := writeOutcome(bw, l, tr, h); err != nil {
		return err
	}

	section(bw, h.Summary)
	sum, err := c.summary(t, tr.Summary)
	if err != nil {
		return err
	}
	bw.WriteString(sum)
	return bw.Flush()
}

// writeOutcome writes the end of the walkthrough: the solution, both solutions of a
// puzzle that has several, or the grid where the steps stopped.
func writeOutcome(w *bufio.Writer, l *board.Layout, tr Trace, h headings) error {
	grid := func(title, field, line string) error {
		b, err := boardOfLine(l, line)
		if err != nil {
			return fmt.Errorf("explain: trace %s: %w", field, err)
		}
		section(w, title)
		w.WriteString(b.Pretty())
		return nil
	}
	if !tr.Summary.Solved && len(tr.Steps) > 0 {
		end, err := tr.replay(l)
		if err != nil {
			return err
		}
		section(w, h.Reached)
		w.WriteString(end.Pretty())
	}
	if tr.Solution != "" {
		if err := grid(h.Solution, "solution", tr.Solution); err != nil {
			return err
		}
	}
	if tr.SecondSolution != "" {
		if err := grid(h.SecondSolution, "second solution", tr.SecondSolution); err != nil {
			return err
		}
	}
	return nil
}

func section(w *bufio.Writer, title string) {
	if w.Buffered() > 0 {
		w.WriteByte('\n')
	}
	w.WriteString(title)
	w.WriteString("\n\n")
}

// summaryData is what the summary template sees: the Summary's fields, and the names
// of the techniques in the catalogue's language.
type summaryData struct {
	Summary
	HardestName string
	Counts      []namedCount
}

type namedCount struct {
	Name  string
	Count int
}

func (c *catalogue) summary(t *template.Template, s Summary) (string, error) {
	data := summaryData{Summary: s}
	if s.Hardest != "" {
		data.HardestName = TechniqueName(s.Hardest, c.lang)
	}
	for _, tc := range s.ByTechnique {
		data.Counts = append(data.Counts, namedCount{Name: TechniqueName(tc.Technique, c.lang), Count: tc.Count})
	}
	var sb strings.Builder
	if err := t.ExecuteTemplate(&sb, summaryTemplate, data); err != nil {
		return "", fmt.Errorf("explain: summary in %s: %w", c.lang, err)
	}
	return sb.String(), nil
}

func langOrEnglish(l Lang) Lang {
	if l == "" {
		return EN
	}
	return l
}
