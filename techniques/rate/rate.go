// Package rate rates a puzzle on Sudoku Explainer's scale: ER (the hardest step of the
// solve), EP (the hardest step up to the first placement) and ED (the first step), as
// Sudoku Explainer (serate) defines them, plus a named level and an effort score.
//
// Sudoku Explainer (SE) tries its rules easiest first and takes the first step found,
// so the steps it rates are not the ones of the teaching ladder (techniques.Default).
// Rate walks the puzzle with the techniques reordered by SE's ratings, then rates
// every step by the scale: the technique's base rating, lowered for SE's easier forms
// (a hidden single in a box, a "direct" intersection or hidden subset that leaves a
// hidden single) and raised by SE's length rule for chains. The scale is data
// (scale.yaml, embedded), including where SE has no such technique and the rating
// is an approximation.
//
// Where SE's rules differ from ours, the walk follows SE: a direct hint places its
// hidden single without making its eliminations; the static chains are tried together
// and the lowest rated taken, as SE sorts its chains; techniques SE does not have
// (finned fish, almost locked sets, grouped chains, hidden rectangles, and the
// patterns of the hardest puzzles: exocet, tridagon, SK loop, multi-sector locked
// sets ...) are left out, since the states they reach are ones SE never sees. Above
// 8.5 SE rates its dynamic, "(+)" and nested forcing chains by the level of chaining
// they need and their length; our forcing nets are rated by the same two, read from
// what each step records (MeasureNet): the level from the rules its proof and its
// lemmas use, the length from the size of its written proof.
package rate

import (
	"context"
	"errors"
	"slices"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques"
)

// Options choose how Rate works. The zero value rates with techniques.Default() on
// the embedded scale.
type Options struct {
	// Techniques to walk with; nil means techniques.Default(). Rate tries them in the
	// scale's order, not in the order given.
	Techniques []techniques.Technique
	// Scale to rate by; nil means DefaultScale().
	Scale *Scale
	// Counted, when set, is the count of b's solutions the caller already has (see
	// techniques.Options.Counted): the walk does not count them again.
	Counted *techniques.Counted
}

// Rating is a puzzle's rating, ready for JSON: explain.Rating, which a trace's
// summary carries when a rating was asked for.
type Rating = explain.Rating

// ErrNotUnique is returned for a puzzle with no solution or several: Sudoku Explainer
// rates only puzzles with exactly one.
var ErrNotUnique = errors.New("rate: the puzzle does not have exactly one solution")

// Rate rates b (which it does not change).
func Rate(ctx context.Context, b *board.Board, opt Options) (Rating, error) {
	r, _, err := Walk(ctx, b, opt)
	return r, err
}

// Walk rates b and returns the walk it rated, with each step's rating in the order of
// the trace's steps.
func Walk(ctx context.Context, b *board.Board, opt Options) (Rating, Walked, error) {
	sc := opt.Scale
	if sc == nil {
		sc = DefaultScale()
	}
	ts := opt.Techniques
	if ts == nil {
		ts = techniques.Default()
	}
	order, err := Order(sc, ts)
	if err != nil {
		return Rating{}, Walked{}, err
	}
	tr, err := techniques.Solve(ctx, b, techniques.Options{Techniques: order, Counted: opt.Counted})
	w := Walked{Trace: tr}
	if err != nil {
		return Rating{}, w, err
	}
	if tr.Summary.NoSolution || tr.Summary.Several || !tr.Summary.Solved {
		return Rating{}, w, ErrNotUnique
	}
	r, ratings, err := rateSteps(sc, b, tr.Steps, scores(ts))
	w.Ratings = ratings
	r.Logic = !tr.Summary.UsedFallback
	return r, w, err
}

// Walked is the walk a rating comes from.
type Walked struct {
	// Trace is the solve in the scale's order. A direct step in it (an intersection or
	// hidden subset rated as SE's direct hint) places the hidden single it leaves and
	// eliminates nothing, as SE applies it.
	Trace explain.Trace
	// Ratings holds the rating of each step of Trace.
	Ratings []float64
}

// scores maps technique IDs to their score.
func scores(ts []techniques.Technique) map[string]int {
	m := map[string]int{techniques.Search.ID: techniques.Search.Score}
	for _, t := range ts {
		m[t.ID] = t.Score
	}
	return m
}

// rateSteps replays steps from start, rating each on the state it was taken on.
func rateSteps(sc *Scale, start *board.Board, steps []explain.Step, score map[string]int) (Rating, []float64, error) {
	work := start.Clone()
	ratings := make([]float64, len(steps))
	r := Rating{Steps: len(steps)}
	placed := false
	for i, st := range steps {
		x, err := sc.Step(work, st)
		if err != nil {
			return Rating{}, nil, err
		}
		ratings[i] = x
		if x > r.ER {
			r.ER, r.Hardest = x, st.Technique
		}
		if i == 0 {
			r.ED = x
		}
		if !placed {
			r.EP = r.ER
			placed = len(st.Placements) > 0
		}
		r.Score += score[st.Technique]
		if err := explain.Apply(work, st); err != nil {
			return Rating{}, nil, err
		}
	}
	r.Level = sc.Level(r.ER)
	return r, ratings, nil
}

// Order returns ts in the order Sudoku Explainer would try them: by the lowest rating
// each can give, the teaching order breaking ties. A technique with an easier form
// on the scale (a hidden single in a box, a direct intersection) comes twice: first
// that form alone, at its rating, then the technique at its base rating. Every
// technique must be on the scale.
func Order(sc *Scale, ts []techniques.Technique) ([]techniques.Technique, error) {
	type tier struct {
		t    techniques.Technique
		at   float64
		rank int
	}
	var tiers []tier
	for i, t := range ts {
		e, ok := sc.Techniques[t.ID]
		if !ok {
			return nil, errors.New("rate: technique " + t.ID + " is not on the scale")
		}
		if e.Skip {
			continue
		}
		base := e
		base.Box, base.Direct = 0, 0
		tiers = append(tiers, tier{t, base.least(), i})
		if e.Box > 0 {
			tiers = append(tiers, tier{only(t, func(b *board.Board, st explain.Step) (explain.Step, bool) { return st, inBox(b.Layout(), st) }), e.Box, i})
		}
		if e.Direct > 0 {
			tiers = append(tiers, tier{only(t, directStep), e.Direct, i})
		}
	}
	slices.SortStableFunc(tiers, func(a, b tier) int {
		switch {
		case a.at < b.at:
			return -1
		case a.at > b.at:
			return 1
		}
		return a.rank - b.rank
	})
	var out []techniques.Technique
	for i := 0; i < len(tiers); {
		p := sc.pool(tiers[i].at)
		if p < 0 {
			out = append(out, tiers[i].t)
			i++
			continue
		}
		var members []techniques.Technique
		var least []float64
		for ; i < len(tiers) && sc.pool(tiers[i].at) == p; i++ {
			members = append(members, tiers[i].t)
			least = append(least, tiers[i].at)
		}
		out = append(out, pooled(sc, sc.Pools[p].Limit, members, least))
	}
	return out, nil
}

// pooled returns one technique that tries every member (in order, each from its least
// rating up) for up to limit steps each, and reports the lowest rated step of all.
func pooled(sc *Scale, limit int, members []techniques.Technique, least []float64) techniques.Technique {
	t := members[0]
	find := func(p *techniques.Pass) {
		b := p.Board()
		var best explain.Step
		bestR, found := 0.0, false
		for i, m := range members {
			if found && bestR <= least[i] {
				break // no later member can do better
			}
			n := 0
			p.Run(m, func(st explain.Step) bool {
				if r, err := sc.Step(b, st); err == nil && (!found || r < bestR) {
					best, bestR, found = st, r, true
				}
				n++
				return n < limit
			})
		}
		if found {
			p.Report(best)
		}
	}
	for _, m := range members[1:] {
		t.NeedsUnique = t.NeedsUnique || m.NeedsUnique
	}
	// The pool holds where any member does: p.Run skips a member that does not hold on
	// the board's layout, so a uniqueness member never runs on a variant while the
	// others of its pool still do.
	t.Holds = func(l *board.Layout) bool {
		return slices.ContainsFunc(members, func(m techniques.Technique) bool { return m.HoldsOn(l) })
	}
	t.Find = find
	return t
}

// only returns t restricted to the steps that keep accepts, as keep rewrites them.
func only(t techniques.Technique, keep func(*board.Board, explain.Step) (explain.Step, bool)) techniques.Technique {
	inner := t
	t.Find = func(p *techniques.Pass) {
		b := p.Board()
		p.Run(inner, func(st explain.Step) bool {
			st, ok := keep(b, st)
			if !ok {
				return true
			}
			return p.Report(st)
		})
	}
	return t
}
