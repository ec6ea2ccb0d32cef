package techniques

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
)

// ConformOutcome is how a HoDoKu library case went.
type ConformOutcome uint8

// The outcomes of a conformance case.
const (
	// ConformPass means a technique found exactly the case's conclusions or, for a
	// fail case, nothing about its digits.
	ConformPass ConformOutcome = iota + 1
	// ConformFail means it did not; the result's Reason says how.
	ConformFail
	// ConformSkip means no technique answers the case's code.
	ConformSkip
)

// String names the outcome in lower case ("pass", "fail", "skip").
func (o ConformOutcome) String() string {
	switch o {
	case ConformPass:
		return "pass"
	case ConformFail:
		return "fail"
	case ConformSkip:
		return "skip"
	}
	return fmt.Sprintf("outcome(%d)", uint8(o))
}

// ConformResult is the outcome of one HoDoKu library case.
type ConformResult struct {
	Outcome ConformOutcome
	// Techniques are the IDs of the techniques that were run (those whose Codes hold
	// the case's code).
	Techniques []string
	// Reason says why the case failed or was skipped, with the conclusions found and
	// wanted, e.g. "found r4c1<>7 r4c2<>7, want r4c1<>7"; empty on a pass.
	Reason string
}

// Conform runs a HoDoKu library case: only the techniques of ts whose Codes hold the
// case's code, on the case's exact candidate state. The case passes when one step has
// exactly the case's eliminations and placements (compared as sets); a fail case
// (variant "x") passes when no step is about any of the case's digits. A failure's
// reason ends with a verdict on the step found, judged against the board's unique
// solution: another valid instance, or wrong.
func Conform(c board.LibraryCase, ts []Technique) ConformResult {
	var run []Technique
	var ids []string
	for _, t := range ts {
		if slices.Contains(t.Codes, c.Code) {
			run = append(run, t)
			ids = append(ids, t.ID)
		}
	}
	res := ConformResult{Techniques: ids}
	if len(run) == 0 {
		res.Outcome, res.Reason = ConformSkip, fmt.Sprintf("no technique answers code %s", c.Code)
		return res
	}
	if c.Board == nil {
		res.Outcome, res.Reason = ConformFail, "case has no board"
		return res
	}
	if err := checkRunnable(run); err != nil {
		res.Outcome, res.Reason = ConformFail, err.Error()
		return res
	}
	l := c.Board.Layout()
	var steps []explain.Step
	st := newSolveState() // the techniques share the case's results
	for _, t := range run {
		st.pass(context.Background(), c.Board, t, func(s explain.Step) bool {
			steps = append(steps, s)
			return true
		}).run()
	}
	if c.Fail {
		for _, s := range steps {
			if c.Digits == 0 || s.Pattern.Digits&c.Digits != 0 {
				res.Outcome = ConformFail
				res.Reason = fmt.Sprintf("found %s, want nothing for %s; %s", explain.OneLiner(l, s), c.Digits, judgeStep(c.Board, s))
				return res
			}
		}
		res.Outcome = ConformPass
		return res
	}
	want := conclusions(c.Placements, c.Eliminations)
	if len(want) == 0 {
		res.Outcome, res.Reason = ConformFail, "case has no eliminations or placements to find"
		return res
	}
	best, bestScore := -1, -1
	for i, s := range steps {
		got := conclusions(s.Placements, s.Eliminations)
		if slices.Equal(got, want) {
			res.Outcome = ConformPass
			return res
		}
		if sc := overlap(got, want); sc > bestScore {
			best, bestScore = i, sc
		}
	}
	res.Outcome = ConformFail
	if best < 0 {
		res.Reason = fmt.Sprintf("found nothing, want %s", conclusionText(l, want))
		return res
	}
	s := steps[best]
	res.Reason = fmt.Sprintf("found %s, want %s (closest of %d steps: %s); %s",
		conclusionText(l, conclusions(s.Placements, s.Eliminations)), conclusionText(l, want), len(steps), explain.OneLiner(l, s),
		judgeStep(c.Board, s))
	return res
}

// judgeStep says whether a step that differs from a case is another valid instance:
// against the unique solution of the case's board, it must place only solution digits
// and remove none. A board without exactly one solution (or too slow to solve) cannot
// judge it, and the text says so.
func judgeStep(b *board.Board, s explain.Step) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	sol, err := fallback.Unique(ctx, b)
	if err != nil {
		return fmt.Sprintf("the step found cannot be judged: the case's board has no unique solution (%v)", err)
	}
	l := b.Layout()
	for _, p := range s.Placements {
		if sol[p.Cell] != p.Digit {
			return fmt.Sprintf("the step found is wrong: it places %s, the solution has %d there", l.PlacementName(p), sol[p.Cell])
		}
	}
	for _, e := range s.Eliminations {
		if sol[e.Cell] == e.Digit {
			return fmt.Sprintf("the step found is wrong: it removes %s, the solution's digit", l.CandidateName(e))
		}
	}
	return "the step found is valid (it keeps every digit of the case's unique solution): another instance"
}

// conclusion is a placement or an elimination, so both compare as one set.
type conclusion struct {
	board.Candidate
	place bool
}

// conclusions returns placements and eliminations as one sorted set without repeats.
func conclusions(places, elims []board.Candidate) []conclusion {
	out := make([]conclusion, 0, len(places)+len(elims))
	for _, c := range places {
		out = append(out, conclusion{c, true})
	}
	for _, c := range elims {
		out = append(out, conclusion{c, false})
	}
	slices.SortFunc(out, func(a, b conclusion) int {
		if a.place != b.place {
			if a.place {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(a.Cell, b.Cell), cmp.Compare(a.Digit, b.Digit))
	})
	return slices.Compact(out)
}

// overlap counts the conclusions two sorted sets share.
func overlap(a, b []conclusion) int {
	n := 0
	for _, x := range a {
		if slices.Contains(b, x) {
			n++
		}
	}
	return n
}

func conclusionText(l *board.Layout, cs []conclusion) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		if c.place {
			parts[i] = l.PlacementName(c.Candidate)
		} else {
			parts[i] = l.CandidateName(c.Candidate)
		}
	}
	return strings.Join(parts, " ")
}
