package explain

import (
	"cmp"
	"slices"
	"strings"

	"github.com/stepdoku/stepdoku/board"
)

// Name returns the English display name of a technique ID (the ID itself when unknown).
// The names live in the English message catalogue, the one source of truth for them.
func Name(id string) string { return TechniqueName(id, EN) }

// lineForm returns the pattern part of the one-liner of a technique ID, with
// placeholders {digits} {cells} {houses} {base} {cover} {fins} {conclusion} {chain} {sets}
// filled from the step's Pattern ({chain}: the first chain in Eureka notation; {sets}: the
// cells of each group, "(r1c4,r3c6) / (r1c6,r3c9)"). The forms live
// in the English catalogue (key "line") beside the names; a technique without one gets
// a pattern part built from whatever fields its Pattern has set.
func lineForm(s Step) string {
	if en, err := loadCatalogue(EN); err == nil {
		if e, ok := en.file.Techniques[s.Technique]; ok && e.Line != "" {
			return e.Line
		}
	}
	return genericPattern(s)
}

// OneLiner writes a step in the canonical one-line notation (HoDoKu's style):
//
//	Naked Pair: 1,5 in r1c2,r1c8 => r1c4<>1, r1c6<>1, r1c6<>5
//	Hidden Single: r3c7=4 (in b3)
//
// A step that only places digits puts the placements in the pattern part and has no
// "=>"; otherwise every conclusion after "=>" is one candidate, joined by ", ", placements
// first, each list sorted by cell then digit.
func OneLiner(l *board.Layout, s Step) string {
	return joinLine(lineParts(l, s))
}

// lineParts returns the pieces of the one-liner: the name, the pattern part, and the
// conclusions that still follow "=>" (none when the pattern part already holds them).
func lineParts(l *board.Layout, s Step) (name, pattern string, conclusions []string) {
	form := lineForm(s)
	for _, c := range sortedCandidates(s.Placements) {
		conclusions = append(conclusions, l.PlacementName(c))
	}
	for _, c := range sortedCandidates(s.Eliminations) {
		conclusions = append(conclusions, l.CandidateName(c))
	}
	p := s.Pattern
	pattern = fill(form, func(key string) (string, bool) {
		switch key {
		case "{digits}":
			return p.Digits.String(), true
		case "{cells}":
			return cellNames(l, p.Cells), true
		case "{houses}":
			return houseNames(l, p.Houses), true
		case "{base}":
			return houseNames(l, p.Base), true
		case "{cover}":
			return houseNames(l, p.Cover), true
		case "{fins}":
			return cellNames(l, p.Fins), true
		case "{conclusion}":
			return strings.Join(conclusions, ", "), true
		case "{chain}":
			return firstChain(l, p), true
		case "{sets}":
			return groupCells(l, p.Sets), true
		case "{cages}":
			return cageLine(l, p.Cages), true
		}
		return "", false
	})
	if strings.Contains(form, "{conclusion}") {
		conclusions = nil
	}
	return Name(s.Technique), pattern, conclusions
}

func joinLine(name, pattern string, conclusions []string) string {
	var sb strings.Builder
	sb.WriteString(name)
	sb.WriteString(": ")
	sb.WriteString(pattern)
	if len(conclusions) > 0 {
		sb.WriteString(" => ")
		sb.WriteString(strings.Join(conclusions, ", "))
	}
	return sb.String()
}

func fill(pattern string, value func(key string) (string, bool)) string {
	var sb strings.Builder
	for {
		i := strings.IndexByte(pattern, '{')
		if i < 0 {
			break
		}
		j := strings.IndexByte(pattern[i:], '}')
		if j < 0 {
			break
		}
		key := pattern[i : i+j+1]
		if v, ok := value(key); ok {
			sb.WriteString(pattern[:i])
			sb.WriteString(v)
		} else {
			sb.WriteString(pattern[:i+j+1])
		}
		pattern = pattern[i+j+1:]
	}
	sb.WriteString(pattern)
	return sb.String()
}

// genericPattern describes a step of a technique this file does not know, from the
// pattern fields it has set, so a new technique is readable before it has a form.
func genericPattern(s Step) string {
	var parts []string
	p := s.Pattern
	if p.Digits != 0 {
		parts = append(parts, "{digits}")
	}
	if len(p.Cells) > 0 {
		parts = append(parts, "in {cells}")
	}
	if len(p.Houses) > 0 {
		parts = append(parts, "in {houses}")
	}
	if len(p.Base) > 0 {
		parts = append(parts, "{base} {cover}")
	}
	if len(p.Fins) > 0 {
		parts = append(parts, "fins {fins}")
	}
	return strings.Join(parts, " ")
}

func sortedCandidates(cs []board.Candidate) []board.Candidate {
	out := slices.Clone(cs)
	slices.SortFunc(out, func(a, b board.Candidate) int {
		return cmp.Or(cmp.Compare(a.Cell, b.Cell), cmp.Compare(a.Digit, b.Digit))
	})
	return out
}

func cellNames(l *board.Layout, cs []board.Cell) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = l.CellName(c)
	}
	return strings.Join(parts, ",")
}

func houseNames(l *board.Layout, hs []board.House) string {
	parts := make([]string, len(hs))
	for i, h := range hs {
		parts[i] = l.HouseName(h)
	}
	return strings.Join(parts, ",")
}

// firstChain writes the pattern's first chain in Eureka notation ("" when it has none).
func firstChain(l *board.Layout, p Pattern) string {
	if len(p.Chains) == 0 {
		return ""
	}
	return Eureka(l, p.Chains[0])
}

// groupCells writes the cells of each group in brackets, the groups joined by " / ",
// as HoDoKu writes colour classes: (r1c4,r3c6) / (r1c6,r3c9).
func groupCells(l *board.Layout, gs []Group) string {
	parts := make([]string, len(gs))
	for i, g := range gs {
		parts[i] = "(" + cellNames(l, g.Cells) + ")"
	}
	return strings.Join(parts, " / ")
}
