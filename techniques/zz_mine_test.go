package techniques

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
)

type mineTarget struct {
	name string
	set  string
	v    board.Variant
	tech Technique
	raw  bool // run Find directly, bypassing Holds
	want func(l *board.Layout, s explain.Step, sol []board.Digit) bool
}

func kindIn(l *board.Layout, hs []board.House, k board.HouseKind) bool {
	for _, h := range hs {
		if l.Kind(h) == k {
			return true
		}
	}
	return false
}

func TestZZMine(t *testing.T) {
	if os.Getenv("MINE") == "" {
		t.Skip()
	}
	targets := []mineTarget{
		{"hs-diag", "x-dev", board.X, HiddenSingle, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return kindIn(l, s.Pattern.Houses, board.Diagonal)
		}},
		{"hs-window", "windoku-dev", board.Windoku, HiddenSingle, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return kindIn(l, s.Pattern.Houses, board.Window)
		}},
		{"point-box-diag", "x-dev", board.X, LockedCandidatesPointing, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return kindIn(l, s.Pattern.Cover, board.Diagonal)
		}},
		{"point-window", "windoku-dev", board.Windoku, LockedCandidatesPointing, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return kindIn(l, s.Pattern.Base, board.Window) || kindIn(l, s.Pattern.Cover, board.Window)
		}},
		{"claim-diag", "x-dev", board.X, LockedCandidatesClaiming, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return kindIn(l, s.Pattern.Base, board.Diagonal)
		}},
		{"point-jigsaw", "jigsaw-dev", board.Jigsaw, LockedCandidatesPointing, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return len(s.Pattern.Cells) == 2
		}},
		{"claim-jigsaw", "jigsaw-dev", board.Jigsaw, LockedCandidatesClaiming, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return true
		}},
		{"np-window", "windoku-dev", board.Windoku, NakedPair, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return kindIn(l, s.Pattern.Houses, board.Window)
		}},
		{"hp-window", "windoku-dev", board.Windoku, HiddenPair, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return kindIn(l, s.Pattern.Houses, board.Window)
		}},
		{"np-diag", "x-dev", board.X, NakedPair, false, func(l *board.Layout, s explain.Step, _ []board.Digit) bool {
			return kindIn(l, s.Pattern.Houses, board.Diagonal)
		}},
		{"ur1-x-unsound", "x-dev", board.X, UniqueRectangle1, true, func(l *board.Layout, s explain.Step, sol []board.Digit) bool {
			for _, e := range s.Eliminations {
				if sol[e.Cell] == e.Digit {
					return true
				}
			}
			return false
		}},
		{"ur1-windoku-unsound", "windoku-dev", board.Windoku, UniqueRectangle1, true, func(l *board.Layout, s explain.Step, sol []board.Digit) bool {
			for _, e := range s.Eliminations {
				if sol[e.Cell] == e.Digit {
					return true
				}
			}
			return false
		}},
		{"ur1-jigsaw", "jigsaw-dev", board.Jigsaw, UniqueRectangle1, true, func(l *board.Layout, s explain.Step, sol []board.Digit) bool {
			return true
		}},
		{"urpos-x", "x-dev", board.X, UniqueRectangle1, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool { return true }},
		{"urpos-windoku", "windoku-dev", board.Windoku, UniqueRectangle1, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool { return true }},
		{"urpos-jigsaw", "jigsaw-dev", board.Jigsaw, UniqueRectangle1, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool { return true }},
		{"ur2pos-x", "x-dev", board.X, UniqueRectangle2, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool { return true }},
		{"ar1pos-windoku", "windoku-dev", board.Windoku, AvoidableRectangle1, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool { return true }},
		{"bug-x", "x-dev", board.X, BUGPlus1, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool { return true }},
		{"bug-windoku", "windoku-dev", board.Windoku, BUGPlus1, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool { return true }},
		{"bug-jigsaw", "jigsaw-dev", board.Jigsaw, BUGPlus1, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool { return true }},
		{"er-x", "x-dev", board.X, EmptyRectangle, false, func(l *board.Layout, s explain.Step, sol []board.Digit) bool {
			return true
		}},
	}
	only := os.Getenv("MINE")
	for _, tg := range targets {
		if only != "all" && !strings.Contains(only, tg.name) {
			continue
		}
		ps := readVariantSet(t, filepath.Join(variantsDir, tg.set+".txt"), tg.v)
		bestScore := 1 << 30
		var best string
		st := newSolveState()
		for pi, p := range ps {
			work := p.b.Clone()
			l := work.Layout()
			for steps := 0; !work.Solved() && steps < 400; steps++ {
				var got []explain.Step
				rep := func(s explain.Step) bool { got = append(got, s); return true }
				if tg.raw {
					tg.tech.Find(newSolveState().pass(context.Background(), work, tg.tech, rep))
				} else {
					findOn(tg.tech, work, rep)
				}
				hit := false
				for _, s := range got {
					if tg.want(l, s, p.sol) {
						hit = true
					}
				}
				if hit {
					// the state as givens + removed
					fresh, err := board.FromDigits(l, work.Digits())
					if err == nil {
						var removed []string
						for c := range board.Cell(l.Cells()) {
							if work.Value(c) != 0 {
								continue
							}
							for ds := fresh.Candidates(c) &^ work.Candidates(c); ds != 0; ds &= ds - 1 {
								removed = append(removed, l.CandidateName(board.Candidate{Cell: c, Digit: ds.First()}))
							}
						}
						score := len(removed)*3 + len(got)
						if score < bestScore {
							bestScore = score
							grid := board.Line(work.Digits())
							if tg.v == board.Jigsaw {
								grid += " " + strings.Fields(p.line)[1]
							}
							var lines []string
							for _, s := range got {
								lines = append(lines, "      - \""+explain.OneLiner(l, s)+"\"")
							}
							best = fmt.Sprintf("    source: %s line %d, after %d steps\n    variant: %s\n    grid: \"%s\"\n    removed: [%s]\n    want:\n%s\n",
								tg.set, pi+1, steps, tg.v, grid, strings.Join(removed, ", "), strings.Join(lines, "\n"))
						}
					}
				}
				step, _, ok, err := st.first(context.Background(), work, Default(), Knowledge{Unique: true})
				if err != nil || !ok {
					break
				}
				if explain.Apply(work, step) != nil {
					break
				}
				st.invalidate()
			}
			if pi > 150 && bestScore < 8 {
				break
			}
		}
		t.Logf("TARGET %s (score %d)\n%s", tg.name, bestScore, best)
	}
}

func TestZZCheck(t *testing.T) {
	b, err := board.ParseVariantLine("4.853.971591.8.263.731.94853.9.1.547.5..7.139147395.2.735.41.9....953714914...35.", board.X)
	if err != nil {
		t.Fatal(err)
	}
	UniqueRectangle1.Find(newSolveState().pass(context.Background(), b, UniqueRectangle1, func(s explain.Step) bool {
		t.Log(explain.OneLiner(b.Layout(), s))
		return true
	}))
	ps := readVariantSet(t, filepath.Join(variantsDir, "x-dev.txt"), board.X)
	t.Log("r7c9 =", ps[10].sol[6*9+8])
	cb, _ := board.Parse("4.853.971591.8.263.731.94853.9.1.547.5..7.139147395.2.735.41.9....953714914...35.")
	t.Log(len(findAll(UniqueRectangle1, cb)), len(findAll(UniqueRectangle1, b)))
}

func TestZZProse(t *testing.T) {
	for _, tc := range []struct {
		v    board.Variant
		grid string
		tech Technique
	}{
		{board.X, "..5.........1....5.......93...3....7..4..1....7.....2....59.....4....952.59..6...", HiddenSingle},
		{board.X, "3..1.6...5.7.8..9..1........4.8........31....63......8.7..4..8.................5.", LockedCandidatesPointing},
		{board.X, "6...........1.8...8..6....7..9.......3.9....572...3..............3.....6...7.519.", LockedCandidatesClaiming},
		{board.Windoku, "..8...3....5389...3.....6...2.8...7........9.....1....5.46.7........4.........7..", HiddenPair},
		{board.Windoku, "456128..9379546..81823795469146538..837214695265897..459178246372.4659816..931.5.", NakedPair},
		{board.X, "24.7....9.75.....1..1...7...5..46.17...157.6.71.3............7....6..1..16.5.....", NakedPair},
	} {
		b, err := board.ParseVariantLine(tc.grid, tc.v)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range findAll(tc.tech, b) {
			for _, lang := range []explain.Lang{explain.EN, explain.JA} {
				txt, err := explain.Prose(b.Layout(), s, lang)
				t.Logf("%v\n%s", err, txt)
			}
		}
	}
}
