package explain

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/template"
	"unicode/utf8"

	"github.com/stepdoku/stepdoku/board"
)

// TextOptions choose how WriteText renders a trace.
type TextOptions struct {
	// Brief writes each step as its one-liner only, without prose: the same as Detail
	// DetailBrief, kept for callers that set it.
	Brief bool
	// Detail is how much each step says (DetailNew, the zero value, by default).
	Detail Detail
	// GroupSingles writes each run of two or more singles (full houses, naked and
	// hidden singles) as one group: "Singles, steps 4 to 6: r1c1=3 (b1), r2c5=7 ...",
	// prose or not, each saying what the notation means. Without it, only runs of bare
	// singles (Narration.Bare: the default detail, once each kind was explained) are
	// grouped, once the walkthrough has said how links read.
	GroupSingles bool
	// Width wraps the prose at this many columns (0: 80; negative: no wrapping).
	Width int
	// Narrations, when it holds one narration per step of the trace, said at this
	// Detail (by a Narrator while the walk went on), is written instead of saying the
	// steps again.
	Narrations []Narration
}

// singleIDs are the techniques a group of singles gathers.
var singleIDs = map[string]bool{"full-house": true, "naked-single": true, "hidden-single": true}

// WriteText writes a trace as a walkthrough for a reader, in the trace's language: the
// puzzle as a grid, then each step with its number, its heading and its prose, then
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
	detail := opt.Detail
	if opt.Brief {
		detail = DetailBrief
	}
	steps := opt.Narrations
	if len(steps) != len(tr.Steps) {
		if steps, err = tr.Narrate(l, NarrateOptions{Detail: detail}); err != nil {
			return err
		}
	}
	width := opt.Width
	if width == 0 {
		width = 80
	}
	h := c.file.Headings
	bw := bufio.NewWriter(w)

	section(bw, h.Puzzle)
	bw.WriteString(start.Pretty())

	if len(tr.Steps) > 0 {
		section(bw, h.Steps)
	}
	numWidth := len(strconv.Itoa(len(tr.Steps)))
	indent := strings.Repeat(" ", numWidth+2)
	brief := detail == DetailBrief
	for i := 0; i < len(steps); i++ {
		// A run of singles is one item: every run with GroupSingles, which says what
		// its notation means; else a run of bare singles once the walkthrough has said
		// how links read, which would each be a line with its heading alone.
		if j := singlesRun(tr.Steps, steps, i, opt.GroupSingles); j > i {
			why := opt.GroupSingles && !brief
			// Like a bare step, a group without prose follows the step before it.
			if i > 0 && why {
				bw.WriteByte('\n')
			}
			if err := c.writeSingles(bw, t, tr.Steps[i:j+1], steps[i:j+1], indent, width, why); err != nil {
				return err
			}
			i = j
			continue
		}
		// A bare step is one line of a list that follows the step before it: only a
		// step with prose opens a paragraph.
		if i > 0 && !brief && !steps[i].Bare {
			bw.WriteByte('\n')
		}
		nr := steps[i]
		fmt.Fprintf(bw, "%*d. %s%s\n", numWidth, nr.Number, nr.Heading, nr.Note)
		if brief || nr.Bare {
			continue
		}
		bw.WriteString(wrap(nr.Prose, indent, width))
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

// singlesRun returns the last step of the run of singles that starts at step i and
// is written as one group, or i if there is none of two steps or more: with all,
// every single; else the bare ones, once the walkthrough has said how links read
// (a walkthrough without nets or loops keeps a heading a single).
func singlesRun(steps []Step, nrs []Narration, i int, all bool) int {
	if !all && !nrs[i].linksKnown {
		return i
	}
	in := func(k int) bool { return singleIDs[steps[k].Technique] && (all || nrs[k].Bare) }
	j := i
	for j < len(steps) && in(j) {
		j++
	}
	if j-i < 2 {
		return i
	}
	return j - 1
}

// singlesData is what the singles template says of a run of singles.
type singlesData struct {
	First, Last int
	Items       []singleItem
	Why         bool
}

// singleItem is one placement of a run of singles: its house when the single is the
// last place for the digit there (hidden singles, full houses), and the earlier steps
// whose removals it rests on.
type singleItem struct {
	Cell    board.Cell
	Digit   board.Digit
	House   board.House
	InHouse bool
	After   []string
}

// writeSingles writes a run of singles as one item of the walkthrough, numbered by its
// first step: its placements in the notation of links, wrapped under the number (the
// step numbers take indent less two columns).
func (c *catalogue) writeSingles(w *bufio.Writer, t *template.Template, steps []Step, nrs []Narration, indent string, width int, why bool) error {
	data := singlesData{First: nrs[0].Number, Last: nrs[len(nrs)-1].Number, Why: why}
	for k, s := range steps {
		for _, p := range s.Placements {
			it := singleItem{Cell: p.Cell, Digit: p.Digit, After: numbers(nrs[k].After)}
			if hs := s.Pattern.Houses; len(hs) > 0 {
				it.House, it.InHouse = hs[0], true
			}
			data.Items = append(data.Items, it)
		}
	}
	text, err := c.execute(t, singlesTemplate, data)
	if err != nil {
		return fmt.Errorf("explain: singles in %s: %w", c.lang, err)
	}
	text = wrap(text, indent, width)
	fmt.Fprintf(w, "%*d. %s", len(indent)-2, data.First, text[len(indent):])
	return nil
}

// wrap breaks prose into lines of at most width columns, each starting with indent;
// a width below 0 keeps one line. Text without spaces (Japanese) breaks between any
// two characters but where canBreak forbids it; closing punctuation may hang.
func wrap(prose, indent string, width int) string {
	if prose == "" {
		return ""
	}
	if strings.Contains(prose, "\n") {
		// A proof's lines (br): each wrapped on its own.
		var sb strings.Builder
		for part := range strings.SplitSeq(prose, "\n") {
			sb.WriteString(wrap(strings.TrimSpace(part), indent, width))
		}
		return sb.String()
	}
	if width < 0 {
		return indent + prose + "\n"
	}
	room := width - len(indent)
	if room < 20 {
		room = 20
	}
	var sb strings.Builder
	var line []string // the tokens of the line being filled
	cols := 0
	flush := func(n int) {
		sb.WriteString(indent)
		sb.WriteString(strings.TrimRight(strings.Join(line[:n], ""), " "))
		sb.WriteByte('\n')
		line = slices.Delete(line, 0, n)
		for len(line) > 0 && line[0] == " " {
			line = line[1:]
		}
		cols = textWidth(strings.Join(line, ""))
	}
	for _, tok := range tokens(prose) {
		tw := textWidth(tok)
		if cols > 0 && cols+tw > room && strings.TrimSpace(tok) != "" && !hangs(tok) {
			// Break before tok, or, when tok may not start a line (ッ, ー) or the
			// line may not end where it would, before the last token that may
			// (追い出し): the line is shorter, never longer. With no such place the
			// token stays on the line.
			line = append(line, tok)
			for k := len(line) - 1; k > 0; k-- {
				if canBreak(line[k-1], line[k]) {
					flush(k)
					break
				}
			}
			line = line[:len(line)-1]
			cols = textWidth(strings.Join(line, ""))
		}
		if cols == 0 && len(line) == 0 && tok == " " {
			continue
		}
		line = append(line, tok)
		cols += tw
	}
	if len(line) > 0 {
		flush(len(line))
	}
	return sb.String()
}

// tokens splits prose into words with their following space, and wide characters one
// by one, so a line may break after any of them. Each token is a slice of s.
func tokens(s string) []string {
	var out []string
	start := 0 // where the token being read begins
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		next := i + size
		short := 0 // the length of a short bracket that r opens
		if r == '（' {
			short = shortBracket(s[next:])
		}
		switch {
		case r == ' ' || r == '→':
			// A line may break after a space, or after a link's arrow (one column).
			out = append(out, s[start:next])
			start = next
		case short > 0:
			// A short bracket is one token with the notation it follows, if any: a
			// link stays whole (R3C9=8（9列目）), as English keeps r3c9=8 (r3) with a
			// no-break space. Only after a run of opening brackets (wide characters are
			// tokens of their own but those) does it start a token.
			if strings.Trim(s[start:i], "「（『") != "" && wide(lastRune(s[start:i])) {
				out = append(out, s[start:i])
				start = i
			}
			next += short
		case wide(r) && strings.ContainsRune("「（『", r):
			// An opening bracket stays with what follows it, and so does a run of them
			// (（「): a line never ends with one.
			if i > start && strings.Trim(s[start:i], "「（『") != "" {
				out = append(out, s[start:i])
				start = i
			}
		case wide(r):
			if cur := s[start:i]; cur != "" && !strings.HasSuffix(cur, "「") && !strings.HasSuffix(cur, "（") && !strings.HasSuffix(cur, "『") {
				out = append(out, cur)
				start = i
			}
			out = append(out, s[start:next])
			start = next
		}
		i = next
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// shortBracket returns the length in bytes of s up to and with its first "）" when
// that closes a short bracket, a house or a cell's name (9列目, ブロック2): at most
// eight characters and no punctuation, which a line never breaks; 0 otherwise.
func shortBracket(s string) int {
	n := 0
	for i, r := range s {
		switch {
		case r == '）':
			if n == 0 {
				return 0
			}
			return i + len("）")
		case n == 8 || r == ' ' || strings.ContainsRune("（「『、。・：", r):
			return 0
		}
		n++
	}
	return 0
}

func lastRune(s string) rune {
	r, _ := utf8.DecodeLastRuneInString(s)
	return r
}

// wide tells whether r takes two columns in a terminal (CJK and full-width forms).
func wide(r rune) bool {
	return r >= 0x1100 && (r <= 0x115f || r >= 0x2e80 && r <= 0xa4cf || r >= 0xac00 && r <= 0xd7a3 ||
		r >= 0xf900 && r <= 0xfaff || r >= 0xfe30 && r <= 0xfe4f || r >= 0xff00 && r <= 0xff60 || r >= 0xffe0 && r <= 0xffe6)
}

func textWidth(s string) int {
	n := 0
	for _, r := range s {
		if wide(r) {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// hangs tells whether a token of closing punctuation may hang past the end of a full
// line (ぶら下げ) rather than start the next one.
func hangs(tok string) bool {
	return strings.ContainsAny(tok, "、。）」』，．・：！？") && utf8.RuneCountInString(tok) == 1
}

// Japanese line breaking (禁則処理, after JIS X 4051): no line starts with a small
// kana, the prolonged sound mark, a closing bracket or 、。・：, and none ends with an
// opening bracket.
const (
	noLineStart = "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿー〜" +
		"）」』】〕］｝〉》、。・：；，．！？ゝゞヽヾ々"
	noLineEnd = "（「『【〔［｛〈《"
)

// canBreak tells whether a line may break between the tokens before and after.
func canBreak(before, after string) bool {
	if strings.TrimSpace(after) == "" {
		return false
	}
	first, _ := utf8.DecodeRuneInString(after)
	last, _ := utf8.DecodeLastRuneInString(strings.TrimRight(before, " "))
	return !strings.ContainsRune(noLineStart, first) && !strings.ContainsRune(noLineEnd, last)
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
