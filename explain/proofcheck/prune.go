package proofcheck

import (
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

// Prune returns p without the lines its conclusion does not need: each line (with
// the peer removals its placement makes) is left out in turn, from the last, and
// stays out when the rest still checks with every removal it uses written out
// (Explicit). A lemma whose line goes goes with it. An
// engine that records the first reason it found for a removal can keep one that a
// placement the proof needs anyway makes by the rules; this finds those. A proof that
// does not check is returned as it is.
func Prune(b *board.Board, p *explain.Proof) *explain.Proof { return PruneLines(b, p, nil) }

// PruneLines is Prune that tries to leave out only the lines try accepts (nil: every
// line): a caller that knows which lines may be unneeded saves a check a line.
func PruneLines(b *board.Board, p *explain.Proof, try func(explain.ProofLine) bool) *explain.Proof {
	if len(Explicit(b, p)) > 0 {
		return p
	}
	q := clone(p)
	ok := func(r *explain.Proof) bool { return len(Explicit(b, r)) == 0 }
	for i := len(q.Lines) - 1; i >= 1; i-- {
		if i >= len(q.Lines) || !droppable(q.Lines[i]) || try != nil && !try(q.Lines[i]) {
			continue
		}
		r := clone(q)
		if r.Lines[i].Why == explain.ByLemma {
			dropLemma(r, r.Lines[i].Lemma)
		}
		r.Lines = without(r.Lines, i)
		if ok(r) {
			q = r
		}
	}
	for j := range q.Lemmas {
		for i := len(q.Lemmas[j].Lines) - 1; i >= 1; i-- {
			if i >= len(q.Lemmas[j].Lines) || !droppable(q.Lemmas[j].Lines[i]) || try != nil && !try(q.Lemmas[j].Lines[i]) {
				continue
			}
			r := clone(q)
			r.Lemmas[j].Lines = without(r.Lemmas[j].Lines, i)
			if ok(r) {
				q = r
			}
		}
	}
	return q
}

// droppable: a line Prune may try without. A placed cell's other candidates go with
// the placement (they are never written).
func droppable(ln explain.ProofLine) bool {
	return ln.Why != explain.ByTaken && ln.Why != explain.ByPremise
}

// without returns lines less line i and, for a placement, the peer removals that rest
// on it.
func without(lines []explain.ProofLine, i int) []explain.ProofLine {
	at := lines[i]
	out := make([]explain.ProofLine, 0, len(lines))
	for k, ln := range lines {
		switch {
		case k == i:
		case at.True && k > i && ln.Why == explain.BySeen && ln.Cell == at.Cand.Cell && ln.Cand.Digit == at.Cand.Digit:
		case at.True && k > i && ln.Why == explain.ByTaken && ln.Cand.Cell == at.Cand.Cell:
		default:
			out = append(out, ln)
		}
	}
	return out
}

// dropLemma takes lemma j out of r and renumbers the lines that cite the later ones.
func dropLemma(r *explain.Proof, j int) {
	r.Lemmas = slices.Delete(r.Lemmas, j, j+1)
	for k := range r.Lines {
		if r.Lines[k].Why == explain.ByLemma && r.Lines[k].Lemma > j {
			r.Lines[k].Lemma--
		}
	}
}

func clone(p *explain.Proof) *explain.Proof {
	q := *p
	q.Lines = slices.Clone(p.Lines)
	q.Lemmas = slices.Clone(p.Lemmas)
	for i := range q.Lemmas {
		q.Lemmas[i].Lines = slices.Clone(p.Lemmas[i].Lines)
	}
	return &q
}
