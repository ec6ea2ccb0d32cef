package explain

import (
	"github.com/stepdoku/stepdoku/board"
)

// Proof is the written-out reasoning of a dynamic "(+)" or nested forcing net: a
// premise taken as true, the facts it forces in order (each with its reason), and the
// contradiction they end in, so the premise is false. A nested net proves some of its
// facts by lemmas: inside the branch, another assumption that a net of its own refutes.
// Each lemma is stated once (Lemmas) and its line refers to it by index; a lemma's
// lines may rest on the main branch's facts before it.
//
// Only what the contradiction needs is kept: a fact no later fact (or the
// contradiction) rests on is left out.
type Proof struct {
	Premise board.Candidate
	// Not says the premise is that Premise's cell does not hold its digit; refuted, it
	// places the digit there. Without it the premise is that the cell holds it.
	Not    bool
	Lines  []ProofLine
	Lemmas []Lemma
	Clash  Clash
}

// Lemma is a proof inside the branch: Premise true leads to Clash, so Premise is false
// there.
type Lemma struct {
	Premise board.Candidate
	Lines   []ProofLine
	Clash   Clash
}

// ProofWhy is the reason of one line of a proof.
type ProofWhy uint8

// The reasons of a proof line.
const (
	// ByPremise: the assumption itself.
	ByPremise ProofWhy = iota + 1
	// BySeen: a digit placed in Cell (a peer: same House) removes it here.
	BySeen
	// ByTaken: the cell holds another digit now (the line of its placement is before).
	ByTaken
	// ByNakedSingle: the cell's last candidate.
	ByNakedSingle
	// ByHiddenSingle: the digit's last place in House.
	ByHiddenSingle
	// ByLocked: the digit's places in House all lie in Cover, so it leaves the rest of
	// Cover (locked candidates).
	ByLocked
	// ByLemma: lemma number Lemma refutes it.
	ByLemma
)

// ProofLine is one fact of a proof: candidate Cand true (placed) or false (removed),
// and why. House is the house the reason is in (shared with Cell for BySeen, of the
// single for ByHiddenSingle, the confining house for ByLocked; -1 when none).
type ProofLine struct {
	Cand  board.Candidate
	True  bool
	Why   ProofWhy
	Cell  board.Cell
	House board.House
	Cover board.House
	Lemma int
	// Holds is the digit placed in the cell, for ByTaken.
	Holds board.Digit
}

// Clash is how a branch ends: Cell left without a candidate, or Digit left without a
// place in House (the other field -1). A verity's case ends in the step's conclusion
// instead, its last line: both fields -1 (None).
type Clash struct {
	Cell  board.Cell
	House board.House
	Digit board.Digit
}

// None reports that k is no contradiction (a verity's case).
func (k Clash) None() bool { return k.Cell < 0 && k.House < 0 }

// Size is the number of lines of the proof, the lemmas' included: what the rating's
// length rule counts.
func (p *Proof) Size() int {
	n := len(p.Lines)
	for _, l := range p.Lemmas {
		n += len(l.Lines)
	}
	return n
}

// Written is the number of items a reader checks, the lemmas' included: the proof as
// the prose writes it, a placement with the removals it makes in its peers one item.
// Among proofs of one step the one with the fewest is written (simplest first).
func (p *Proof) Written() int {
	n := len(proofItems(p.Lines, ""))
	for _, l := range p.Lemmas {
		n += 1 + len(proofItems(l.Lines, ""))
	}
	return n
}

// LemmaName is the name a lemma goes by in prose: A, B, ... Z, then A2, B2, ...
func LemmaName(i int) string {
	name := string(rune('A' + i%26))
	if i >= 26 {
		name += board.Digit(i/26 + 1).String()
	}
	return name
}

// ProofView is a proof as the prose walks it: its lines numbered and grouped (a
// placement's removals from its peers are one item) and its lemmas named. A lemma is
// proved where it is used: the item that cites it carries it, at every detail.
type ProofView struct {
	Premise board.Candidate
	Not     bool
	Items   []ProofItem
	Lemmas  []LemmaView
	Clash   Clash
}

// LemmaView is a lemma as the prose says it: its name, premise, lines and
// contradiction.
type LemmaView struct {
	Name string
	// At is the number of the item of the branch that uses the lemma.
	At      string
	Premise board.Candidate
	Items   []ProofItem
	Clash   Clash
}

// ProofItem is one numbered item of a proof: one fact, or the removals that one
// placement makes in its peers (Seen, by house), or those of one cell that holds a
// digit now (Taken).
type ProofItem struct {
	Number string
	Line   ProofLine
	// Seen: the cells that lose Line's digit because Line.Cell holds it, by house.
	Seen []HouseCells
	// LemmaName is the lemma's name for a ByLemma line, and Lemma the lemma itself,
	// proved there.
	LemmaName string
	Lemma     *LemmaView
	// Locked: every cell that the same locked candidates take the digit out of (Line's
	// cell first), for a ByLocked line.
	Locked []board.Cell
}

// Linked tells whether v can be written as one chain of links: it opens with its
// premise and every other fact is a single (its cell's last candidate, or its digit's
// last place in a house), locked candidates, each following from the premise and the
// facts before it by the rules alone, or a lemma whose proof is such a chain (written
// after the link that uses it). A proof with a removal stated by a peer placed outside
// its lines is written one fact a line.
func (v ProofView) Linked() bool { return linked(v.Items, true) }

// linked tells whether items open with a premise and go on with singles, locked
// candidates and (where lemmas may be) lemmas whose own items are linked.
func linked(items []ProofItem, lemmas bool) bool {
	if len(items) == 0 || items[0].Line.Why != ByPremise {
		return false
	}
	for _, it := range items[1:] {
		switch it.Line.Why {
		case ByNakedSingle, ByHiddenSingle, ByLocked:
		case ByLemma:
			if !lemmas || it.Lemma == nil || !linked(it.Lemma.Items, false) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// HouseCells are cells of one house.
type HouseCells struct {
	House board.House
	Cells []board.Cell
}

// Kind names the reason of the item for the templates: premise, seen, taken, naked,
// hidden, locked or lemma.
func (it ProofItem) Kind() string {
	switch it.Line.Why {
	case ByPremise:
		return "premise"
	case BySeen:
		return "seen"
	case ByTaken:
		return "taken"
	case ByNakedSingle:
		return "naked"
	case ByHiddenSingle:
		return "hidden"
	case ByLocked:
		return "locked"
	default:
		return "lemma"
	}
}

// View groups p's lines for the prose. Every detail shows the whole proof: a lemma
// only asserted is a claim the reader cannot check.
func (p *Proof) View() ProofView {
	v := ProofView{Premise: p.Premise, Not: p.Not, Clash: p.Clash}
	v.Items = proofItems(p.Lines, "")
	for i, lm := range p.Lemmas {
		lv := LemmaView{Name: LemmaName(i), Premise: lm.Premise, Clash: lm.Clash}
		lv.Items = proofItems(lm.Lines, lv.Name)
		v.Lemmas = append(v.Lemmas, lv)
	}
	for k, it := range v.Items {
		if it.Line.Why == ByLemma && it.Line.Lemma >= 0 && it.Line.Lemma < len(v.Lemmas) {
			lv := &v.Lemmas[it.Line.Lemma]
			lv.At = it.Number
			v.Items[k].Lemma = lv
		}
	}
	return v
}

// proofItems numbers lines (prefix before the number: a lemma's name). A placement's
// removals in its peers go with the placement's item (the digit leaves them), and a
// placed cell's other candidates are not said: a cell that holds a digit holds no
// other, which every reader knows. Removals by a placement made outside these lines
// (a lemma resting on its branch) are grouped into one item per placed cell.
func proofItems(lines []ProofLine, prefix string) []ProofItem {
	var out []ProofItem
	placedAt := map[board.Cell]int{}
	for _, ln := range lines {
		if ln.Why == ByTaken {
			continue
		}
		if ln.Why == BySeen {
			if k, ok := placedAt[ln.Cell]; ok {
				out[k].Seen = addSeen(out[k].Seen, ln.House, ln.Cand.Cell)
				continue
			}
		}
		if k := len(out) - 1; ln.Why == ByLocked && k >= 0 {
			if last := &out[k]; last.Line.Why == ByLocked && last.Line.House == ln.House &&
				last.Line.Cover == ln.Cover && last.Line.Cand.Digit == ln.Cand.Digit {
				last.Locked = append(last.Locked, ln.Cand.Cell)
				continue
			}
		}
		it := ProofItem{Number: prefix + itoa(len(out)+1), Line: ln}
		if ln.True {
			placedAt[ln.Cand.Cell] = len(out)
		}
		switch ln.Why {
		case BySeen:
			it.Seen = addSeen(nil, ln.House, ln.Cand.Cell)
			placedAt[ln.Cell] = len(out)
		case ByLemma:
			it.LemmaName = LemmaName(ln.Lemma)
		case ByLocked:
			it.Locked = []board.Cell{ln.Cand.Cell}
		}
		out = append(out, it)
	}
	return out
}

func addSeen(hs []HouseCells, h board.House, c board.Cell) []HouseCells {
	for i := range hs {
		if hs[i].House == h {
			hs[i].Cells = append(hs[i].Cells, c)
			return hs
		}
	}
	return append(hs, HouseCells{House: h, Cells: []board.Cell{c}})
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}
