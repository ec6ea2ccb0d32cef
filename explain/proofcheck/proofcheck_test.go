package proofcheck_test

import (
	"bufio"
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/explain/proofcheck"
	"github.com/stepdoku/stepdoku/techniques"
)

// hardestPath is the forum's hardest list, read where it is and skipped where not.
const hardestPath = "../../../shared/puzzles/forum-hardest-11plus.txt"

// hardest returns every every-th puzzle of the hardest list (line numbers that are
// multiples of every), at most max of them (0: all).
func hardest(t *testing.T, every, max int) []string {
	t.Helper()
	f, err := os.Open(hardestPath)
	if os.IsNotExist(err) {
		t.Skip("no ../shared/puzzles: the hardest list is not here")
	}
	require.NoError(t, err)
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan() && (max == 0 || len(out) < max); n++ {
		if n%every == 0 {
			out = append(out, strings.Fields(sc.Text())[0])
		}
	}
	require.NoError(t, sc.Err())
	return out
}

// proofSteps walks puzzle and returns each step that carries a written proof, with
// the board it is taken on.
func proofSteps(t *testing.T, puzzle string) (boards []*board.Board, steps []explain.Step) {
	t.Helper()
	b, err := board.Parse(puzzle)
	require.NoError(t, err)
	tr, err := techniques.Solve(context.Background(), b.Clone(), techniques.Options{})
	require.NoError(t, err)
	cur := b.Clone()
	for _, s := range tr.Steps {
		if s.Pattern.Proof != nil || len(s.Pattern.Cases) > 0 {
			boards = append(boards, cur.Clone())
			steps = append(steps, s)
		}
		require.NoError(t, explain.Apply(cur, s))
	}
	return boards, steps
}

// TestHardestProofs replays every written proof of the walkthroughs of hardest-list
// puzzles: a sample in the plain run, every 48th line with STEPDOKU_FULL (the 1,015
// puzzles the proof issue measures).
func TestHardestProofs(t *testing.T) {
	every, max := 48, 12
	switch {
	case testing.Short(): // first: the race run is -short whatever the environment
		max = 3
	case os.Getenv("STEPDOKU_FULL") != "":
		max = 0
	}
	checked := 0
	for _, p := range hardest(t, every, max) {
		boards, steps := proofSteps(t, p)
		for i, s := range steps {
			if err := proofcheck.Step(boards[i], s); err != nil {
				t.Errorf("%s: %s: %v", p, explain.OneLiner(boards[i].Layout(), s), err)
			}
			checkWritten(t, boards[i].Layout(), s)
			checked++
		}
	}
	require.Positive(t, checked, "no step with a written proof was walked")
	t.Logf("%d written proofs replayed", checked)
}

// firstProofs returns the proof steps of the first few hardest-list puzzles, with
// their boards: real proofs to break by hand.
func firstProofs(t *testing.T, puzzles int) ([]*board.Board, []explain.Step) {
	t.Helper()
	var boards []*board.Board
	var steps []explain.Step
	for _, p := range hardest(t, 48, puzzles) {
		bs, ss := proofSteps(t, p)
		boards, steps = append(boards, bs...), append(steps, ss...)
	}
	require.NotEmpty(t, steps)
	return boards, steps
}

// cloneProof copies p deeply enough that changing its lines leaves p as it was.
func cloneProof(p *explain.Proof) *explain.Proof {
	q := *p
	q.Lines = append([]explain.ProofLine(nil), p.Lines...)
	q.Lemmas = append([]explain.Lemma(nil), p.Lemmas...)
	for i := range q.Lemmas {
		q.Lemmas[i].Lines = append([]explain.ProofLine(nil), p.Lemmas[i].Lines...)
	}
	return &q
}

// TestEveryLineNeeded drops each line of real proofs in turn: a proof keeps only what
// its contradiction rests on and writes out every removal it uses, so the checker
// (Explicit) must find the proof broken without any one of them. A placed cell's
// other candidates (taken) are the exception: the placement says them.
func TestEveryLineNeeded(t *testing.T) {
	boards, steps := firstProofs(t, 2)
	tried := 0
	for k, s := range steps {
		p := s.Pattern.Proof
		require.Empty(t, proofcheck.Explicit(boards[k], p), "%s", explain.OneLiner(boards[k].Layout(), s))
		for i, ln := range p.Lines {
			if ln.Why == explain.ByTaken {
				continue
			}
			q := cloneProof(p)
			q.Lines = append(q.Lines[:i:i], q.Lines[i+1:]...)
			tried++
			assert.NotEmpty(t, proofcheck.Explicit(boards[k], q), "%s: dropping line %d (%v) went unnoticed",
				explain.OneLiner(boards[k].Layout(), s), i+1, ln)
		}
		for j, lm := range p.Lemmas {
			for i, ln := range lm.Lines {
				if ln.Why == explain.ByTaken {
					continue
				}
				q := cloneProof(p)
				q.Lemmas[j].Lines = append(q.Lemmas[j].Lines[:i:i], q.Lemmas[j].Lines[i+1:]...)
				tried++
				assert.NotEmpty(t, proofcheck.Explicit(boards[k], q), "%s: dropping lemma %s line %d went unnoticed",
					explain.OneLiner(boards[k].Layout(), s), explain.LemmaName(j), i+1)
			}
		}
	}
	t.Logf("%d lines dropped one at a time, each noticed", tried)
}

// TestWrongProofs breaks real proofs by hand, one kind of mistake a case, and wants
// the checker to name the place of each.
func TestWrongProofs(t *testing.T) {
	boards, steps := firstProofs(t, 2)
	// find returns the first step and line index with a line of reason why.
	find := func(why explain.ProofWhy) (int, int) {
		for k, s := range steps {
			for i, ln := range s.Pattern.Proof.Lines {
				if ln.Why == why {
					return k, i
				}
			}
		}
		t.Fatalf("no line of reason %d in the sample", why)
		return 0, 0
	}
	l := boards[0].Layout()
	otherHouse := func(c board.Cell, not ...board.Cell) board.House {
		for _, h := range l.HousesOf(c) {
			ok := true
			for _, o := range not {
				ok = ok && !l.HouseSet(h).Has(o)
			}
			if ok {
				return h
			}
		}
		return -1
	}
	cases := []struct {
		name   string
		why    explain.ProofWhy
		mutate func(p *explain.Proof, i int)
		where  string
	}{
		{"a peer named in a house that does not hold both cells", explain.BySeen, func(p *explain.Proof, i int) {
			ln := &p.Lines[i]
			ln.House = otherHouse(ln.Cand.Cell, ln.Cell)
		}, "line "},
		{"a removal resting on a placement no line shows", explain.BySeen, func(p *explain.Proof, i int) {
			ln := &p.Lines[i]
			for _, o := range l.Peers(ln.Cand.Cell) {
				if o != ln.Cell && boards[0].Value(o) == 0 {
					ln.Cell, ln.House = o, otherHouse(o)
					for _, h := range l.HousesOf(o) {
						if l.HouseSet(h).Has(ln.Cand.Cell) {
							ln.House = h
						}
					}
					return
				}
			}
		}, "line "},
		{"a last place in a house where the digit has another place", explain.ByHiddenSingle, func(p *explain.Proof, i int) {
			ln := &p.Lines[i]
			for _, h := range l.HousesOf(ln.Cand.Cell) {
				if h != ln.House {
					ln.House = h // the proof says nothing of the others
					return
				}
			}
		}, "line "},
		{"a last place in a house the cell is not in", explain.ByHiddenSingle, func(p *explain.Proof, i int) {
			ln := &p.Lines[i]
			ln.House = otherHouse(ln.Cand.Cell+1, ln.Cand.Cell)
		}, "line "},
		{"a last candidate with another left", explain.ByNakedSingle, func(p *explain.Proof, i int) {
			p.Lines = append(p.Lines[:i-1:i-1], p.Lines[i:]...) // what removed one of the others
			for j := range p.Lines {
				if p.Lines[j].Why == explain.ByNakedSingle {
					// make sure one stays: claim it for a digit the cell never lost
					ln := &p.Lines[j]
					for _, d := range boards[0].Candidates(ln.Cand.Cell).Without(ln.Cand.Digit).Digits() {
						ln.Cand.Digit = d
						return
					}
				}
			}
		}, "line "},
		{"a contradiction that is not reached", explain.ByPremise, func(p *explain.Proof, i int) {
			if p.Clash.Cell >= 0 {
				p.Clash.Cell = p.Premise.Cell
			} else {
				p.Clash = explain.Clash{Cell: p.Premise.Cell, House: -1}
			}
		}, "the contradiction"},
		{"an assumption that is not the premise", explain.ByPremise, func(p *explain.Proof, i int) {
			p.Premise.Digit = boards[0].Candidates(p.Premise.Cell).Without(p.Premise.Digit).First()
		}, "line 1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			k, i := find(tc.why)
			s := steps[k]
			q := cloneProof(s.Pattern.Proof)
			tc.mutate(q, i)
			s.Pattern.Proof = q
			err := proofcheck.Step(boards[k], s)
			require.Error(t, err)
			require.Contains(t, err.Error(), tc.where)
		})
	}
	t.Run("a conclusion other than the premise's opposite", func(t *testing.T) {
		s := steps[0]
		s.Eliminations = append([]board.Candidate(nil), s.Eliminations...)
		s.Eliminations[0].Digit = boards[0].Candidates(s.Eliminations[0].Cell).Without(s.Eliminations[0].Digit).First()
		err := proofcheck.Step(boards[0], s)
		require.Error(t, err)
		require.Contains(t, err.Error(), "the conclusion")
	})
	t.Run("a lemma that no line uses", func(t *testing.T) {
		for k, s := range steps {
			if len(s.Pattern.Proof.Lemmas) == 0 {
				continue
			}
			q := cloneProof(s.Pattern.Proof)
			q.Lemmas = append(q.Lemmas, q.Lemmas[0])
			s.Pattern.Proof = q
			err := proofcheck.Step(boards[k], s)
			require.Error(t, err)
			require.Contains(t, err.Error(), "no line uses it")
			return
		}
		t.Skip("no nested net in the sample")
	})
}

// TestWrongVerity breaks the cases of a real forcing verity: a case left out, and a
// case that ends elsewhere.
func TestWrongVerity(t *testing.T) {
	if testing.Short() {
		t.Skip("walks up to 30 hardest puzzles to find a verity: not under -short")
	}
	var b *board.Board
	var v explain.Step
	for _, p := range hardest(t, 480, 30) {
		boards, steps := proofSteps(t, p)
		for i, s := range steps {
			if len(s.Pattern.Cases) > 1 {
				b, v = boards[i], s
				break
			}
		}
		if b != nil {
			break
		}
	}
	if b == nil {
		t.Skip("no forcing verity in the sample")
	}
	require.NoError(t, proofcheck.Step(b, v))

	short := v
	short.Pattern.Cases = v.Pattern.Cases[1:]
	err := proofcheck.Step(b, short)
	require.Error(t, err)
	require.Contains(t, err.Error(), "the cases")

	cut := v
	cut.Pattern.Cases = append([]explain.Proof(nil), v.Pattern.Cases...)
	last := cloneProof(&cut.Pattern.Cases[0])
	last.Lines = last.Lines[:len(last.Lines)-1]
	cut.Pattern.Cases[0] = *last
	err = proofcheck.Step(b, cut)
	require.Error(t, err)
	require.Contains(t, err.Error(), "case 1")
}

// checkWritten renders s in English and Japanese and wants every item of the record
// written, in order, under its label: what the checker replayed is what the reader
// reads, in both languages.
func checkWritten(t *testing.T, l *board.Layout, s explain.Step) {
	t.Helper()
	var labels []string
	add := func(p *explain.Proof, prefix string) {
		v := p.View()
		for _, it := range v.Items {
			labels = append(labels, prefix+it.Number)
			if it.Lemma != nil {
				for _, li := range it.Lemma.Items {
					labels = append(labels, li.Number)
				}
			}
		}
	}
	if s.Pattern.Proof != nil {
		add(s.Pattern.Proof, "")
	}
	for i := range s.Pattern.Cases {
		add(&s.Pattern.Cases[i], explain.LemmaName(i))
	}
	for _, lang := range []explain.Lang{"en", "ja"} {
		checkLinks(t, l, s, lang)
		text, err := explain.Prose(l, s, lang)
		require.NoError(t, err)
		at := 0
		for _, lb := range labels {
			open, shut := "(", ")"
			if lang == "ja" {
				open, shut = "（", "）"
			}
			k := strings.Index(text[at:], "\n"+open+lb+shut)
			if k < 0 {
				t.Errorf("%s in %s: item %s is not written in order", explain.OneLiner(l, s), lang, lb)
				return
			}
			at += k + 1
		}
	}
}

// checkLinks renders s as a walkthrough does at the default detail and, where its
// proof is written as one chain of links, wants every fact of the record written as a
// link, in order: a placement as r3c4=2 (R3C4=2), locked candidates as the cells
// without the digit (r4c79<>6, R4C79≠6), a lemma as the candidate it refutes followed
// by its own links.
func checkLinks(t *testing.T, l *board.Layout, s explain.Step, lang explain.Lang) {
	t.Helper()
	full, err := explain.Prose(l, s, lang)
	require.NoError(t, err)
	text, err := explain.ProseAt(l, s, lang, explain.DetailNew)
	require.NoError(t, err)
	if text == full {
		return // written one fact a line: checked by the caller
	}
	var views []explain.ProofView
	if s.Pattern.Proof != nil {
		views = append(views, s.Pattern.Proof.View())
	}
	for i := range s.Pattern.Cases {
		views = append(views, s.Pattern.Cases[i].View())
	}
	at := 0
	var links func(items []explain.ProofItem) bool
	links = func(items []explain.ProofItem) bool {
		for _, it := range items[1:] {
			d := it.Line.Cand.Digit.String()
			var link string
			switch it.Line.Why {
			case explain.ByLocked:
				link = explain.CompactCells(l, it.Locked) + "<>" + d
			case explain.ByLemma:
				link = l.CellName(it.Line.Cand.Cell) + "<>" + d
			default:
				link = l.CellName(it.Line.Cand.Cell) + "=" + d
			}
			if lang == "ja" {
				link = strings.Replace(strings.ToUpper(link), "<>", "≠", 1)
			}
			k := strings.Index(text[at:], link)
			if k < 0 {
				t.Errorf("%s in %s: fact %s is not written as link %s, in order", explain.OneLiner(l, s), lang, it.Number, link)
				return false
			}
			at += k + len(link)
			if it.Lemma != nil && !links(it.Lemma.Items) {
				return false
			}
		}
		return true
	}
	for _, v := range views {
		require.True(t, v.Linked(), "%s in %s: written as links, but its proof is not of singles, locked candidates and lemmas", explain.OneLiner(l, s), lang)
		if !links(v.Items) {
			return
		}
	}
}

// TestPruneLines adds to real proofs a removal they do not need (the premise's digit
// out of a peer in its row that no line touches): Prune and PruneLines trying that line
// drop it, PruneLines trying nothing keeps it.
func TestPruneLines(t *testing.T) {
	boards, steps := firstProofs(t, 1)
	padded := 0
	for k, s := range steps {
		b, p := boards[k], s.Pattern.Proof
		if p == nil || len(p.Lines) == 0 || p.Lines[0].Why != explain.ByPremise || !p.Lines[0].True {
			continue
		}
		l := b.Layout()
		c0, d0 := p.Lines[0].Cand.Cell, p.Lines[0].Cand.Digit
		row := l.HousesOf(c0)[0]
		extra := -1
		for _, x := range l.HouseCells(row) {
			if x == c0 || !b.Candidates(x).Has(d0) {
				continue
			}
			if !slices.ContainsFunc(p.Lines, func(ln explain.ProofLine) bool { return ln.Cand.Cell == x }) {
				extra = int(x)
				break
			}
		}
		if extra < 0 {
			continue
		}
		add := explain.ProofLine{Cand: board.Candidate{Cell: board.Cell(extra), Digit: d0}, Why: explain.BySeen, Cell: c0, House: row, Cover: -1}
		q := cloneProof(p)
		q.Lines = slices.Insert(q.Lines, 1, add)
		require.Empty(t, proofcheck.Explicit(b, q), "the padded proof must still check")
		padded++
		assert.Len(t, proofcheck.Prune(b, q).Lines, len(p.Lines), "Prune must drop the unneeded line")
		only := func(ln explain.ProofLine) bool { return ln == add }
		assert.Len(t, proofcheck.PruneLines(b, q, only).Lines, len(p.Lines), "PruneLines trying the added line must drop it")
		none := func(explain.ProofLine) bool { return false }
		assert.Len(t, proofcheck.PruneLines(b, q, none).Lines, len(q.Lines), "PruneLines trying nothing must keep every line")
	}
	require.Positive(t, padded, "no proof could be padded")
	t.Logf("%d proofs padded", padded)
}
