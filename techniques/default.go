package techniques

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/stepdoku/stepdoku/explain"
)

// ladder is every technique, default and optional, in the order a teacher shows them
// and the pipeline tries them: the first technique that applies is the one shown, so
// the order decides which technique a reader meets (Default is this list without the
// optional ones). It follows the teaching references, HoDoKu's default order and
// SudokuWiki's strategy list, family by family:
//
//   - on killer layouts (the killer techniques hold nowhere else), a cage's
//     combinations right after the singles, as SudokuWiki and the killer books start
//     with them, then innies and outies (the rule of 45) and cage splitting (a
//     virtual cage of the rule of 45 cut out of another, SudokuWiki's next killer
//     strategy); a cage's required digit locked into a house, and a house's digit
//     locked into a cage, with the intersections they mirror; after the subsets, the
//     interaction of two cages that see each other, the partition of a house among
//     its cages, and innies weighed against outies (their difference, by the rule of
//     45); then, as the killer guides go on, a combination of a cage tried against
//     the cages and houses it reaches (cage combination clash), and a house shared out
//     among the pieces of every cage that reaches into it;
//   - singles, then intersections (locked candidates, and the locked pair and triple
//     that are a subset and an intersection at once), then subsets. SudokuWiki shows
//     naked and hidden subsets before the intersections; we follow HoDoKu, for a
//     pointing or claiming digit is a one-digit argument, easier than a subset;
//   - the basic fish, X-Wing, Swordfish, Jellyfish;
//   - the single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty
//     Rectangle (HoDoKu's order; they are the short X-Chains a reader meets first);
//   - the wings: XY-, XYZ-, W-, WXYZ-Wing, then the Remote Pair, which HoDoKu tries
//     before the single-digit patterns: it is a chain of bivalue cells, read like a
//     wing, so it comes with them;
//   - uniqueness: the unique and avoidable rectangles, the hidden rectangle, BUG+1
//     (which HoDoKu tries with the basics; it needs the uniqueness argument, so it is
//     taught with the rectangles);
//   - colouring: simple colours, multi colours. SudokuWiki puts simple colouring right
//     after the X-Wing; we follow HoDoKu, who colours after the patterns it generalises;
//   - finned and sashimi fish, by size (then the optional Franken and mutant fish):
//     after the patterns above, for every Skyscraper, 2-String Kite and Turbot Fish is
//     also a finned or sashimi X-Wing, and the named pattern is the one to teach;
//   - chains: X-Chain, XY-Chain, 3D Medusa (SudokuWiki's place for it, after the
//     XY-Chain), nice loops and AICs, then the grouped ones, then the ALS-XZ and
//     ALS-XY-Wing, then the nice loops and AICs through almost locked sets (ALS in
//     their ID and name). HoDoKu has no separate ALS loop: its grouped nice loops take
//     the sets too, and then, tried before them, every ALS-XZ is such a chain and the
//     two-set pattern is never shown. A chain through a set is tried only where no
//     chain without one applies, and only after the two short set patterns;
//   - the rest of the ALS family (ALS chain, Death Blossom, Sue de Coq), then (on
//     Sudoku-X, optional) the fish with a diagonal among their houses, the last
//     pattern to look for before assuming a candidate; then forcing chains and
//     forcing nets;
//   - the patterns of the hardest puzzles (junior exocet, tridagon, SK loop,
//     multi-sector locked sets): forum solvers try them before nets, but here they
//     come after the nets above, so that a puzzle those solve keeps its walkthrough;
//     they are tried exactly where the pipeline took a search step before them;
//   - last, the dynamic "(+)" and nested forcing nets, Sudoku Explainer's last
//     levels: with them the forum's hardest puzzles need no search step.
//
// Within a technique, the cheap pattern finders (intersections, subsets, fish, the
// single-digit patterns, the wings) report the step a teacher would show first: the one
// that removes most, then the one with the fewest cells (bestFirst). The chains keep
// their own order, shortest first: finding every chain to compare them would cost
// what the searches are bounded to save.
//
// Difficulty stays Sudoku Explainer's scale, as data for ratings: it is not this order.
func ladder() []Technique {
	return []Technique{
		// Singles.
		FullHouse,
		HiddenSingle,
		NakedSingle,
		// Killer: a cage's combinations right after the singles, then the rule of 45,
		// which killer solvers learn first (SudokuWiki's killer strategies start so too),
		// and the virtual cages it splits off.
		CageCombinations,
		Innies,
		Outies,
		CageSplitting,
		// Intersections, and a cage's digit locked into a house (or a house's into a cage).
		bestFirst(LockedCandidatesPointing),
		bestFirst(LockedCandidatesClaiming),
		bestFirst(LockedPair),
		bestFirst(LockedTriple),
		CageRequiredDigit,
		HouseDigitInCage,
		// Subsets.
		bestFirst(NakedPair),
		bestFirst(HiddenPair),
		bestFirst(NakedTriple),
		bestFirst(HiddenTriple),
		bestFirst(NakedQuad),
		bestFirst(HiddenQuad),
		// Killer: cages that share digits out.
		CageInteraction,
		HousePartition,
		bestFirst(InnieOutieDifference),
		// Killer: a cage's combination against the cages and houses it reaches, and a
		// house shared out among the pieces of its cages.
		CageComboClash,
		HouseCageCover,
		// Basic fish.
		bestFirst(XWing),
		bestFirst(Swordfish),
		bestFirst(Jellyfish),
		// Single-digit patterns.
		bestFirst(Skyscraper),
		bestFirst(TwoStringKite),
		DualTwoStringKite,
		bestFirst(TurbotFish),
		bestFirst(EmptyRectangle),
		DualEmptyRectangle,
		// Wings.
		bestFirst(XYWing),
		bestFirst(XYZWing),
		bestFirst(WWing),
		bestFirst(WXYZWing),
		RemotePair,
		// Uniqueness.
		UniqueRectangle1,
		UniqueRectangle2,
		UniqueRectangle4,
		AvoidableRectangle1,
		AvoidableRectangle2,
		UniqueRectangle3,
		UniqueRectangle5,
		UniqueRectangle6,
		HiddenRectangle,
		BUGPlus1,
		// Colouring.
		SimpleColorsTrap,
		SimpleColorsWrap,
		MultiColors1,
		MultiColors2,
		// Finned and sashimi fish, then the complex fish (optional).
		bestFirst(FinnedXWing),
		bestFirst(SashimiXWing),
		bestFirst(FinnedSwordfish),
		bestFirst(SashimiSwordfish),
		bestFirst(FinnedJellyfish),
		bestFirst(SashimiJellyfish),
		FrankenXWing, FinnedFrankenXWing, MutantXWing, FinnedMutantXWing,
		FrankenSwordfish, FinnedFrankenSwordfish, MutantSwordfish, FinnedMutantSwordfish,
		FrankenJellyfish, FinnedFrankenJellyfish, MutantJellyfish, FinnedMutantJellyfish,
		// Chains.
		XChain,
		XYChain,
		Medusa3D,
		ContinuousNiceLoop,
		DiscontinuousNiceLoop,
		AIC,
		GroupedContinuousNiceLoop,
		GroupedDiscontinuousNiceLoop,
		GroupedAIC,
		// Almost locked sets: the two short patterns, the chains through sets, the rest.
		ALSXZ,
		ALSXYWing,
		ALSContinuousNiceLoop,
		ALSDiscontinuousNiceLoop,
		ALSAIC,
		ALSChain,
		DeathBlossom,
		SueDeCoq,
		// Sudoku-X: the fish with a diagonal among their houses (nothing elsewhere).
		DiagonalXWing, FinnedDiagonalXWing, DiagonalSwordfish, FinnedDiagonalSwordfish,
		// Forcing chains and nets.
		ForcingChainContradiction,
		ForcingChainVerity,
		ForcingNetContradiction,
		ForcingNetVerity,
		// Patterns of the hardest puzzles, tried where the nets above find nothing, so
		// every walkthrough the ladder finished before they came keeps its steps. The
		// junior exocet first, the commonest of them on the forum's hardest list (at
		// 698 of the 1,015 start states of its every 48th line), then the tridagon
		// (single target, then spread guardians), the SK loop and the multi-sector
		// locked sets.
		JuniorExocet,
		Tridagon,
		TridagonGuardians,
		SKLoop,
		MultiSectorLockedSet,
		// The last levels: nets that also lock candidates in the branch, then nets
		// that prove lemmas inside it.
		ForcingNetPlus,
		NestedForcingNet,
		// Killer: a forcing net that also follows the cages' sums, last.
		CageForcingNet,
	}
}

// bestFirst returns t with a finder that collects every step t finds on the state and
// reports them best first: most conclusions (eliminations and placements), then the
// smallest pattern (patternSize), then in t's own order. It is for finders that cost
// little to run to their end.
func bestFirst(t Technique) Technique {
	inner := t
	t.Find = func(p *Pass) {
		var steps []explain.Step
		p.Run(inner, func(s explain.Step) bool {
			steps = append(steps, s)
			return true
		})
		if p.done() {
			return
		}
		slices.SortStableFunc(steps, func(a, b explain.Step) int {
			return cmp.Or(
				cmp.Compare(len(b.Eliminations)+len(b.Placements), len(a.Eliminations)+len(a.Placements)),
				cmp.Compare(patternSize(a.Pattern), patternSize(b.Pattern)))
		})
		for _, s := range steps {
			if !p.Report(s) {
				return
			}
		}
	}
	return t
}

// patternSize is how much a reader has to look at in a pattern: its cells, fins,
// houses and chain nodes.
func patternSize(p explain.Pattern) int {
	n := len(p.Cells) + len(p.Fins) + len(p.Houses) + len(p.Base) + len(p.Cover)
	for _, c := range p.Chains {
		n += len(c.Nodes)
	}
	return n
}

// Default returns the techniques the pipeline tries, in the teaching order of ladder.
// Each call returns a new slice, so a caller may reorder or trim it freely.
func Default() []Technique {
	opt := Optional()
	return slices.DeleteFunc(ladder(), func(t Technique) bool {
		return slices.ContainsFunc(opt, func(o Technique) bool { return o.ID == t.ID })
	})
}

// Optional returns the techniques that are not in Default. The dual patterns and the
// forcing chain verity, tried in the default order, never find a step first: each dual
// pattern is two steps that the single pattern finds one by one, and every forcing
// chain verity is a forcing chain contradiction of its negation. The Franken and mutant fish are here for their cost:
// they search every mix of rows, columns and boxes as base and cover, from about
// 0.3 ms a call (Franken X-Wing) to about 100 ms (finned mutant Jellyfish) on states
// where the techniques below the chains are stuck, where the finned Jellyfish takes
// 0.015 ms and a whole top1465 walkthrough about 34 ms (BenchmarkComplexFish). They
// stay available by ID (--techniques) and answer their HoDoKu library codes. The
// cage forcing net is here for its cost too: on the hardest killers it spends up to a
// sixth of a second at every stall and takes a walkthrough from about 1 s to 2-17 s,
// for about a tenth fewer search steps (`--with cage-forcing-net` turns it on). The
// diagonal fish of Sudoku-X are here for their cost as well: on x-dev.txt they took
// the CPU time of `check --logic` from 27 s to 47 s (the finned Swordfish most of it,
// about 2-4 ms a call), for 8 of its 300 puzzles solved without a forcing chain or
// net, where the default set solves all 300 by logic anyway.
func Optional() []Technique {
	return []Technique{
		DualTwoStringKite, DualEmptyRectangle, ForcingChainVerity, CageForcingNet,
		FrankenXWing, FinnedFrankenXWing, MutantXWing, FinnedMutantXWing,
		FrankenSwordfish, FinnedFrankenSwordfish, MutantSwordfish, FinnedMutantSwordfish,
		FrankenJellyfish, FinnedFrankenJellyfish, MutantJellyfish, FinnedMutantJellyfish,
		DiagonalXWing, FinnedDiagonalXWing, DiagonalSwordfish, FinnedDiagonalSwordfish,
	}
}

// Rank returns the place of the technique with the given ID in the teaching order
// (ladder), optional techniques included, or -1 for an unknown ID.
func Rank(id string) int {
	return slices.IndexFunc(ladder(), func(t Technique) bool { return t.ID == id })
}

// InOrder sorts ts into the teaching order, in place, and returns it: techniques the
// ladder does not know (a caller's own) keep their place relative to each other, after
// the known ones.
func InOrder(ts []Technique) []Technique {
	lad := ladder()
	rank := make(map[string]int, len(lad))
	for i, t := range lad {
		rank[t.ID] = i
	}
	slices.SortStableFunc(ts, func(a, b Technique) int {
		ra, oka := rank[a.ID]
		rb, okb := rank[b.ID]
		if !oka {
			ra = len(lad)
		}
		if !okb {
			rb = len(lad)
		}
		return cmp.Compare(ra, rb)
	})
	return ts
}

// ByID returns the technique with the given ID, default or optional.
func ByID(id string) (Technique, bool) {
	for _, t := range append(Default(), Optional()...) {
		if t.ID == id {
			return t, true
		}
	}
	return Technique{}, false
}

// UpTo returns the default techniques up to and including the one with the given ID,
// for questions such as "is this puzzle solvable with techniques up to X-Wing?".
func UpTo(id string) ([]Technique, error) {
	ts := Default()
	for i, t := range ts {
		if t.ID == id {
			return ts[:i+1], nil
		}
	}
	ids := make([]string, len(ts))
	for i, t := range ts {
		ids[i] = t.ID
	}
	return nil, fmt.Errorf("techniques: unknown technique %q (known: %s)", id, strings.Join(ids, ", "))
}

// With returns ts with the techniques of the given IDs added (the optional ones, say),
// each at its place in the teaching order: after the last technique of ts that comes
// before it in the ladder, so the techniques of ts keep their order. An ID already in
// ts is an error, as is an unknown one.
func With(ts []Technique, ids ...string) ([]Technique, error) {
	out := slices.Clone(ts)
	for _, id := range ids {
		t, ok := ByID(id)
		if !ok {
			return nil, fmt.Errorf("techniques: unknown technique %q", id)
		}
		if slices.ContainsFunc(out, func(x Technique) bool { return x.ID == id }) {
			return nil, fmt.Errorf("techniques: %s is already in the set", id)
		}
		r := Rank(id)
		at := len(out)
		for at > 0 && Rank(out[at-1].ID) > r {
			at--
		}
		out = slices.Insert(out, at, t)
	}
	return out, nil
}

var (
	kebab    = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	hodoCode = regexp.MustCompile(`^[0-9]{4,5}$`)
)

// Validate reports the first flaw of a set of techniques: an empty, duplicate or
// non-kebab-case ID, an ID that explain's catalogue does not name, a doc without a title
// line followed by a blank line and a body, a malformed HoDoKu code, or no finder.
// It does not judge the order; the pipeline tries techniques as given.
func Validate(ts []Technique) error {
	seen := make(map[string]bool, len(ts))
	for i, t := range ts {
		switch {
		case t.ID == "":
			return fmt.Errorf("techniques: technique %d has no ID", i)
		case !kebab.MatchString(t.ID):
			return fmt.Errorf("techniques: ID %q is not kebab-case", t.ID)
		case seen[t.ID]:
			return fmt.Errorf("techniques: ID %q appears twice", t.ID)
		case explain.Name(t.ID) == t.ID:
			return fmt.Errorf("techniques: %s has no name in explain's catalogue", t.ID)
		case t.Find == nil:
			return fmt.Errorf("techniques: %s has no finder", t.ID)
		}
		seen[t.ID] = true
		title, body, ok := strings.Cut(t.Doc, "\n\n")
		if !ok || strings.TrimSpace(title) == "" || strings.Contains(title, "\n") || strings.TrimSpace(body) == "" {
			return fmt.Errorf("techniques: %s doc needs a title line, a blank line and a body", t.ID)
		}
		for _, c := range t.Codes {
			if !hodoCode.MatchString(c) {
				return fmt.Errorf("techniques: %s has HoDoKu code %q, want 4 or 5 digits", t.ID, c)
			}
		}
	}
	return nil
}
