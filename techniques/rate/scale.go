package rate

import (
	"bytes"
	_ "embed"
	"fmt"
	"math"
	"slices"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

//go:embed scale.yaml
var scaleYAML []byte

// Entry is the rating of one technique on Sudoku Explainer's scale (see scale.yaml for
// what each field means).
type Entry struct {
	SE       float64 `yaml:"se"`
	Box      float64 `yaml:"box"`
	Direct   float64 `yaml:"direct"`
	OneDigit float64 `yaml:"one-digit"`
	Length   string  `yaml:"length"`
	Nodes    int     `yaml:"nodes"`
	Skip     bool    `yaml:"skip"`
	SEName   string  `yaml:"se-name"`
	Note     string  `yaml:"note"`
}

// Level is a named band of ER: a puzzle is at the first level whose Max holds its ER.
// The last level has no Max.
type Level struct {
	Name string  `yaml:"name"`
	Max  float64 `yaml:"max"`
}

// Scale is Sudoku Explainer's ladder as data: a rating rule per technique ID and the
// named levels. It is read-only once built.
type Scale struct {
	Techniques map[string]Entry `yaml:"techniques"`
	Levels     []Level          `yaml:"levels"`
	Pools      []Pool           `yaml:"pools"`
	// Nets is the base rating of each level of chaining (MeasureNet), for the
	// techniques whose length rule is "net".
	Nets map[NetLevel]float64 `yaml:"nets"`
}

// Pool is a band of ratings whose techniques the walk tries together, taking the
// lowest rated of their steps, as Sudoku Explainer's chaining rules do. Below 0 means
// no upper end.
type Pool struct {
	From  float64 `yaml:"from"`
	Below float64 `yaml:"below"`
	Limit int     `yaml:"limit"`
}

// pool returns the index of the pool that holds rating r, or -1.
func (s *Scale) pool(r float64) int {
	for i, p := range s.Pools {
		if r >= p.From-1e-9 && (p.Below == 0 || r < p.Below-1e-9) {
			return i
		}
	}
	return -1
}

// DefaultScale returns the scale embedded from scale.yaml. It is parsed once and
// shared: callers must not change it.
func DefaultScale() *Scale { return defaultScale() }

var defaultScale = sync.OnceValue(func() *Scale {
	s, err := ParseScale(scaleYAML)
	if err != nil {
		panic(err) // the embedded file is checked by the tests
	}
	return s
})

// ParseScale reads a scale in the format of scale.yaml, strictly: an unknown field, a
// missing or negative rating, an unknown length rule or unordered levels are errors.
func ParseScale(data []byte) (*Scale, error) {
	var s Scale
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("rate: scale: %w", err)
	}
	for id, e := range s.Techniques {
		switch {
		case e.SE <= 0:
			return nil, fmt.Errorf("rate: scale: %s has no rating (se)", id)
		case e.Length != "" && e.Length != lengthChain && e.Length != lengthCells && e.Length != lengthNet:
			return nil, fmt.Errorf("rate: scale: %s: length %q, want %q, %q or %q", id, e.Length, lengthChain, lengthCells, lengthNet)
		case e.Length != "" && e.Nodes > 0:
			return nil, fmt.Errorf("rate: scale: %s has both a length rule and a fixed number of nodes", id)
		case e.Box < 0 || e.Direct < 0 || e.OneDigit < 0 || e.Nodes < 0:
			return nil, fmt.Errorf("rate: scale: %s has a negative field", id)
		case e.Length == lengthNet && len(s.Nets) == 0:
			return nil, fmt.Errorf("rate: scale: %s: length %q needs the nets' levels (nets)", id, lengthNet)
		}
	}
	if err := s.checkNets(); err != nil {
		return nil, err
	}
	for i, p := range s.Pools {
		switch {
		case p.Limit < 1:
			return nil, fmt.Errorf("rate: scale: pool %d: limit %d, want 1 or more", i+1, p.Limit)
		case p.Below != 0 && p.Below <= p.From:
			return nil, fmt.Errorf("rate: scale: pool %d: below %.1f is not above from %.1f", i+1, p.Below, p.From)
		}
	}
	if len(s.Levels) == 0 {
		return nil, fmt.Errorf("rate: scale: no levels")
	}
	for i, lv := range s.Levels {
		last := i == len(s.Levels)-1
		switch {
		case lv.Name == "":
			return nil, fmt.Errorf("rate: scale: level %d has no name", i+1)
		case !last && lv.Max <= 0:
			return nil, fmt.Errorf("rate: scale: level %s has no max", lv.Name)
		case last && lv.Max != 0:
			return nil, fmt.Errorf("rate: scale: the last level (%s) must have no max", lv.Name)
		case i > 0 && !last && lv.Max <= s.Levels[i-1].Max:
			return nil, fmt.Errorf("rate: scale: level %s: max %.1f is not above %.1f", lv.Name, lv.Max, s.Levels[i-1].Max)
		}
	}
	return &s, nil
}

const (
	lengthChain = "chain"
	lengthCells = "cells"
	lengthNet   = "net"
)

// checkNets checks the nets' levels: none unknown, and, if any is given, every one, each
// rated above the one before (a level takes every rule of the levels below it).
func (s *Scale) checkNets() error {
	if len(s.Nets) == 0 {
		return nil
	}
	for lv := range s.Nets {
		if !slices.Contains(netLevels, lv) {
			return fmt.Errorf("rate: scale: nets: unknown level %q", lv)
		}
	}
	prev := 0.0
	for _, lv := range netLevels {
		r, ok := s.Nets[lv]
		switch {
		case !ok:
			return fmt.Errorf("rate: scale: nets: no rating for level %q", lv)
		case r <= prev:
			return fmt.Errorf("rate: scale: nets: %s %.1f is not above the level before (%.1f)", lv, r, prev)
		}
		prev = r
	}
	return nil
}

// Level returns the name of the level that holds er.
func (s *Scale) Level(er float64) string {
	for _, lv := range s.Levels[:len(s.Levels)-1] {
		if er <= lv.Max+1e-9 {
			return lv.Name
		}
	}
	return s.Levels[len(s.Levels)-1].Name
}

// LengthBonus is Sudoku Explainer's length rule: 0.1 for every threshold of 4, 6, 8,
// 12, 16, 24, 32, ... (alternately 3/2 and 4/3 of the one before) that n exceeds.
func LengthBonus(n int) float64 {
	bonus, ceil := 0, 4
	for odd := false; n > ceil; odd = !odd {
		bonus++
		if odd {
			ceil = ceil * 4 / 3
		} else {
			ceil = ceil * 3 / 2
		}
	}
	return float64(bonus) / 10
}

// Step rates step s, taken on board b (the state before the step), by its technique's
// entry. A technique missing from the scale is an error.
func (s *Scale) Step(b *board.Board, st explain.Step) (float64, error) {
	e, ok := s.Techniques[st.Technique]
	if !ok {
		return 0, fmt.Errorf("rate: technique %q is not on the scale", st.Technique)
	}
	if e.Length == lengthNet {
		lv, n := MeasureNet(b.Layout(), st)
		return round1(s.Nets[lv] + LengthBonus(n)), nil
	}
	r := e.SE
	if e.OneDigit > 0 && oneDigit(st) {
		r = e.OneDigit
	}
	if e.Box > 0 && inBox(b.Layout(), st) {
		r = min(r, e.Box)
	}
	if e.Direct > 0 && len(st.Placements) > 0 {
		r = min(r, e.Direct)
	}
	return round1(r + LengthBonus(e.size(st))), nil
}

// least is the lowest rating the entry gives a step in its common form: where the
// walk tries it. The one-digit forms are left out: the X-chains and colouring find
// those first, and the general chains are costly to try early.
func (e Entry) least() float64 {
	r := e.SE
	for _, x := range []float64{e.Box, e.Direct} {
		if x > 0 {
			r = min(r, x)
		}
	}
	return round1(r + LengthBonus(e.Nodes))
}

// size is the n of the entry's length rule for step st.
func (e Entry) size(st explain.Step) int {
	switch {
	case e.Nodes > 0:
		return e.Nodes
	case e.Length == lengthCells:
		return len(st.Pattern.Cells)
	case e.Length == lengthChain:
		return chainSize(st)
	}
	return 0
}

// chainSize counts the nodes of the step's chains, each cell of a node once: a node
// that several chains share (the premise of a forcing chain's branches, the steps they
// have in common) counts once, as Sudoku Explainer counts a node's ancestors once, and
// a loop written from its target back to it names that node once.
func chainSize(st explain.Step) int {
	type key struct {
		c board.Cell
		d board.DigitSet
	}
	seen := make(map[key]bool)
	for _, ch := range st.Pattern.Chains {
		for _, nd := range ch.Nodes {
			for _, c := range nd.Cells {
				seen[key{c, nd.Digits}] = true
			}
		}
	}
	return len(seen)
}

// oneDigit reports whether every node of the step's chains holds the same one digit.
func oneDigit(st explain.Step) bool {
	var ds board.DigitSet
	for _, ch := range st.Pattern.Chains {
		for _, nd := range ch.Nodes {
			ds |= nd.Digits
		}
	}
	return ds.Count() == 1
}

// inBox reports whether a single is found in a box.
func inBox(l *board.Layout, st explain.Step) bool {
	hs := st.Pattern.Houses
	return len(hs) > 0 && l.Kind(hs[0]) == board.Box
}

// direct returns the hidden single that the step, taken on b, leaves for an
// eliminated digit where Sudoku Explainer's "direct" rules look for one: for an
// intersection, in another house of the kind of its base (direct pointing: another
// box; direct claiming: another line); for a hidden subset, in the subset's own house.
func direct(b *board.Board, st explain.Step) (board.Candidate, bool) {
	if len(st.Eliminations) == 0 || len(st.Placements) > 0 {
		return board.Candidate{}, false
	}
	l := b.Layout()
	var watch func(board.House) bool
	switch p := st.Pattern; {
	case len(p.Base) > 0:
		watch = func(h board.House) bool { return l.Kind(h) == l.Kind(p.Base[0]) && h != p.Base[0] }
	case len(p.Houses) > 0:
		watch = func(h board.House) bool { return slices.Contains(p.Houses, h) }
	default:
		return board.Candidate{}, false
	}
	after := b.Clone()
	if err := explain.Apply(after, st); err != nil {
		return board.Candidate{}, false
	}
	for _, e := range st.Eliminations {
		for _, h := range l.HousesOf(e.Cell) {
			if watch(h) && after.Positions(h, e.Digit).Count() == 1 && b.Positions(h, e.Digit).Count() > 1 {
				c := l.HouseCells(h)[after.Positions(h, e.Digit).First()]
				return board.Candidate{Cell: c, Digit: e.Digit}, true
			}
		}
	}
	return board.Candidate{}, false
}

// directStep is SE's direct hint: the pattern, and the hidden single it leaves placed
// in place of the eliminations, which SE does not make. (A later step may need them,
// and SE then rates it as the bare technique.)
func directStep(b *board.Board, st explain.Step) (explain.Step, bool) {
	single, ok := direct(b, st)
	if !ok {
		return st, false
	}
	st.Eliminations = nil
	st.Placements = []board.Candidate{single}
	return st, true
}

func round1(x float64) float64 { return math.Round(x*10) / 10 }
