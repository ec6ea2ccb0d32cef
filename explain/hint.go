package explain

import (
	"fmt"
	"slices"

	"github.com/stepdoku/stepdoku/board"
)

// HintLevels is the number of stages a hint is revealed in: 1 the technique to look
// for, 2 where (houses or cells, and digits), 3 the full reason, 4 the move.
const HintLevels = 4

// hintForms are the sentences of levels 1, 2 and 4, per language; level 3 is the
// step's prose. {name}, {where}, {digits} and {move} are filled in.
var hintForms = map[Lang]struct{ look, where, whereNoDigits, move string }{
	EN: {
		look:          "Look for a pattern of this kind: {name}.",
		where:         "Look at {where}, digit {digits}.",
		whereNoDigits: "Look at {where}.",
		move:          "The move: {move}.",
	},
	JA: {
		look:          "次の手筋を探してください：{name}",
		where:         "{where}の数字{digits}に注目してください。",
		whereNoDigits: "{where}に注目してください。",
		move:          "答え：{move}。",
	},
}

// Hint says step s to a stuck player in stages: the result holds one text per level,
// up to level (1 to HintLevels), so an app can reveal them one by one.
func Hint(l *board.Layout, s Step, level int, lang Lang) ([]string, error) {
	if level < 1 || level > HintLevels {
		return nil, fmt.Errorf("explain: hint level %d: want 1 to %d", level, HintLevels)
	}
	c, err := catalogueOf(lang)
	if err != nil {
		return nil, err
	}
	forms, ok := hintForms[lang]
	if !ok {
		forms = hintForms[EN]
	}
	x := wordsFor{w: &c.file.Words, l: l}
	out := []string{subst(forms.look, "name", TechniqueName(s.Technique, lang))}
	if level >= 2 {
		where := hintWhere(x, s)
		// Naming the digit of a one-cell placement would give the answer away.
		giveaway := len(s.Pattern.Cells) == 1 && len(s.Placements) > 0 && len(s.Pattern.Houses) == 0
		if s.Pattern.Digits != 0 && !giveaway {
			out = append(out, subst(forms.where, "where", where, "digits", x.w.Or.join(digitList(s.Pattern.Digits))))
		} else {
			out = append(out, subst(forms.whereNoDigits, "where", where))
		}
	}
	if level >= 3 {
		p, err := Prose(l, s, lang)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if level >= 4 {
		var moves []string
		if len(s.Placements) > 0 {
			moves = append(moves, x.placements(s.Placements))
		}
		if len(s.Eliminations) > 0 {
			moves = append(moves, x.removals(s.Eliminations))
		}
		out = append(out, subst(forms.move, "move", x.w.And.join(moves))+" "+OneLiner(l, s))
	}
	return out, nil
}

// hintWhere names the place a step's pattern lives without giving its conclusion
// away: its houses (base houses of a fish), else its cells, else the cells of its
// chains' first nodes.
func hintWhere(x wordsFor, s Step) string {
	p := s.Pattern
	var hs []board.House
	for _, h := range slices.Concat(p.Houses, p.Base) {
		if !slices.Contains(hs, h) {
			hs = append(hs, h)
		}
	}
	if len(hs) > 0 {
		return x.houses(hs)
	}
	cells := p.Cells
	if len(cells) == 0 {
		for _, ch := range p.Chains {
			if len(ch.Nodes) > 0 {
				cells = append(cells, ch.Nodes[0].Cells...)
			}
		}
	}
	if len(cells) == 0 {
		for _, g := range p.Sets {
			cells = append(cells, g.Cells...)
		}
	}
	return x.w.And.join(x.cellList(sortCells(cells)))
}
