package explain

import (
	"fmt"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

// ProofDoc is the JSON/YAML form of a Proof: candidates in notation ("r1c2=5" true,
// "r1c2<>5" false), houses as r1/c2/b3, each line's reason as a word.
type ProofDoc struct {
	Premise string         `json:"premise" yaml:"premise"`
	Lines   []ProofLineDoc `json:"lines" yaml:"lines"`
	Lemmas  []LemmaDoc     `json:"lemmas,omitempty" yaml:"lemmas,omitempty"`
	Clash   ClashDoc       `json:"clash" yaml:"clash"`
}

// LemmaDoc is the JSON/YAML form of a Lemma; lines refer to lemmas by index.
type LemmaDoc struct {
	Premise string         `json:"premise" yaml:"premise"`
	Lines   []ProofLineDoc `json:"lines" yaml:"lines"`
	Clash   ClashDoc       `json:"clash" yaml:"clash"`
}

// ProofLineDoc is one line of a proof: the fact, and why ("premise", "seen" by cell
// in house, "taken" (the cell holds digit holds), "naked-single", "hidden-single" in
// house, "locked" (house's digit within cover), "lemma" number lemma).
type ProofLineDoc struct {
	Fact  string `json:"fact" yaml:"fact"`
	Why   string `json:"why" yaml:"why"`
	Cell  string `json:"cell,omitempty" yaml:"cell,omitempty"`
	House string `json:"house,omitempty" yaml:"house,omitempty"`
	Cover string `json:"cover,omitempty" yaml:"cover,omitempty"`
	Holds int    `json:"holds,omitempty" yaml:"holds,omitempty"`
	Lemma *int   `json:"lemma,omitempty" yaml:"lemma,omitempty"`
}

// ClashDoc is where a branch ends: a cell with no candidate, or a digit with no place
// in a house; empty for a verity's case, which ends in the step's conclusion.
type ClashDoc struct {
	Cell  string `json:"cell,omitempty" yaml:"cell,omitempty"`
	House string `json:"house,omitempty" yaml:"house,omitempty"`
	Digit int    `json:"digit,omitempty" yaml:"digit,omitempty"`
}

var proofWhyNames = map[ProofWhy]string{
	ByPremise: "premise", BySeen: "seen", ByTaken: "taken", ByNakedSingle: "naked-single",
	ByHiddenSingle: "hidden-single", ByLocked: "locked", ByLemma: "lemma",
}

func proofDoc(l *board.Layout, p *Proof) *ProofDoc {
	if p == nil {
		return nil
	}
	d := &ProofDoc{Premise: l.PlacementName(p.Premise), Lines: proofLineDocs(l, p.Lines), Clash: clashDoc(l, p.Clash)}
	if p.Not {
		d.Premise = l.CandidateName(p.Premise)
	}
	for _, lm := range p.Lemmas {
		d.Lemmas = append(d.Lemmas, LemmaDoc{Premise: l.PlacementName(lm.Premise), Lines: proofLineDocs(l, lm.Lines), Clash: clashDoc(l, lm.Clash)})
	}
	return d
}

func proofLineDocs(l *board.Layout, lines []ProofLine) []ProofLineDoc {
	out := make([]ProofLineDoc, 0, len(lines))
	for _, ln := range lines {
		d := ProofLineDoc{Why: proofWhyNames[ln.Why], Holds: int(ln.Holds)}
		if ln.True {
			d.Fact = l.PlacementName(ln.Cand)
		} else {
			d.Fact = l.CandidateName(ln.Cand)
		}
		if ln.Why == BySeen {
			d.Cell = l.CellName(ln.Cell)
		}
		if ln.House >= 0 {
			d.House = l.HouseName(ln.House)
		}
		if ln.Cover >= 0 {
			d.Cover = l.HouseName(ln.Cover)
		}
		if ln.Why == ByLemma {
			k := ln.Lemma
			d.Lemma = &k
		}
		out = append(out, d)
	}
	return out
}

func clashDoc(l *board.Layout, k Clash) ClashDoc {
	if k.None() {
		return ClashDoc{}
	}
	if k.Cell >= 0 {
		return ClashDoc{Cell: l.CellName(k.Cell)}
	}
	return ClashDoc{House: l.HouseName(k.House), Digit: int(k.Digit)}
}

// proof reads a proof document back on layout l.
func (d *ProofDoc) proof(l *board.Layout) (*Proof, error) {
	if d == nil {
		return nil, nil
	}
	not := strings.Contains(d.Premise, "<>")
	sep := "="
	if not {
		sep = "<>"
	}
	prem, err := oneCandidate(l, d.Premise, sep)
	if err != nil {
		return nil, fmt.Errorf("premise: %w", err)
	}
	p := &Proof{Premise: prem, Not: not}
	if p.Lines, err = proofLines(l, d.Lines, len(d.Lemmas)); err != nil {
		return nil, err
	}
	if p.Clash, err = d.Clash.clash(l); err != nil {
		return nil, err
	}
	for i, ld := range d.Lemmas {
		lm := Lemma{}
		if lm.Premise, err = oneCandidate(l, ld.Premise, "="); err != nil {
			return nil, fmt.Errorf("lemma %d premise: %w", i, err)
		}
		if lm.Lines, err = proofLines(l, ld.Lines, 0); err != nil {
			return nil, fmt.Errorf("lemma %d: %w", i, err)
		}
		if lm.Clash, err = ld.Clash.clash(l); err != nil {
			return nil, fmt.Errorf("lemma %d: %w", i, err)
		}
		p.Lemmas = append(p.Lemmas, lm)
	}
	return p, nil
}

func oneCandidate(l *board.Layout, s, sep string) (board.Candidate, error) {
	cs, err := parseCandidates(l, []string{s}, sep)
	if err != nil {
		return board.Candidate{}, err
	}
	return cs[0], nil
}

func proofLines(l *board.Layout, docs []ProofLineDoc, lemmas int) ([]ProofLine, error) {
	var out []ProofLine
	for i, d := range docs {
		ln := ProofLine{Cell: -1, House: -1, Cover: -1, Holds: board.Digit(d.Holds)}
		for why, name := range proofWhyNames {
			if name == d.Why {
				ln.Why = why
			}
		}
		if ln.Why == 0 {
			return nil, fmt.Errorf("line %d: reason %q unknown", i+1, d.Why)
		}
		sep := "<>"
		if ln.True = strings.Contains(d.Fact, "=") && !strings.Contains(d.Fact, "<>"); ln.True {
			sep = "="
		}
		var err error
		if ln.Cand, err = oneCandidate(l, d.Fact, sep); err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if d.Cell != "" {
			if ln.Cell, err = l.ParseCell(d.Cell); err != nil {
				return nil, fmt.Errorf("line %d: %w", i+1, err)
			}
		}
		for _, h := range []struct {
			name string
			out  *board.House
		}{{d.House, &ln.House}, {d.Cover, &ln.Cover}} {
			if h.name == "" {
				continue
			}
			hs, err := parseHouses(l, []string{h.name})
			if err != nil {
				return nil, fmt.Errorf("line %d: %w", i+1, err)
			}
			*h.out = hs[0]
		}
		if ln.Why == ByLemma {
			if d.Lemma == nil || *d.Lemma < 0 || *d.Lemma >= lemmas {
				return nil, fmt.Errorf("line %d: no such lemma", i+1)
			}
			ln.Lemma = *d.Lemma
		}
		out = append(out, ln)
	}
	return out, nil
}

func (d ClashDoc) clash(l *board.Layout) (Clash, error) {
	if d == (ClashDoc{}) {
		return Clash{Cell: -1, House: -1}, nil
	}
	if d.Cell != "" {
		c, err := l.ParseCell(d.Cell)
		return Clash{Cell: c, House: -1}, err
	}
	hs, err := parseHouses(l, []string{d.House})
	if err != nil {
		return Clash{}, fmt.Errorf("clash: %w", err)
	}
	if d.Digit < 1 || d.Digit > l.N() {
		return Clash{}, fmt.Errorf("clash: %d is not a digit", d.Digit)
	}
	return Clash{Cell: -1, House: hs[0], Digit: board.Digit(d.Digit)}, nil
}
