package techniques

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/stepdoku/stepdoku/explain"
)

// Default returns the techniques the pipeline tries, easiest first (by Difficulty).
// Each call returns a new slice, so a caller may reorder or trim it freely.
func Default() []Technique {
	return []Technique{
		FullHouse,
		HiddenSingle,
		NakedSingle,
		LockedCandidatesPointing,
		LockedCandidatesClaiming,
		LockedPair,
		LockedTriple,
		NakedPair,
		XWing,
		HiddenPair,
		FinnedXWing,
		SashimiXWing,
		NakedTriple,
		Swordfish,
		HiddenTriple,
		Skyscraper,
		FinnedSwordfish,
		TwoStringKite,
		SashimiSwordfish,
		TurbotFish,
		EmptyRectangle,
		XYWing,
		XYZWing,
		WWing,
		SimpleColorsTrap,
		SimpleColorsWrap,
		UniqueRectangle1,
		UniqueRectangle2,
		UniqueRectangle4,
		AvoidableRectangle1,
		AvoidableRectangle2,
		RemotePair,
		MultiColors1,
		MultiColors2,
		UniqueRectangle3,
		UniqueRectangle5,
		UniqueRectangle6,
		WXYZWing,
		HiddenRectangle,
		NakedQuad,
		Jellyfish,
		HiddenQuad,
		FinnedJellyfish,
		SashimiJellyfish,
		BUGPlus1,
		XChain,
		XYChain,
		Medusa3D,
		ContinuousNiceLoop,
		DiscontinuousNiceLoop,
		AIC,
		GroupedContinuousNiceLoop,
		GroupedDiscontinuousNiceLoop,
		GroupedAIC,
		SueDeCoq,
		ALSXZ,
		ALSXYWing,
		ALSChain,
		DeathBlossom,
		ForcingChainContradiction,
		ForcingNetContradiction,
		ForcingNetVerity,
	}
}

// Optional returns the techniques that are not in Default. The dual patterns and the
// forcing chain verity, tried in the default order, never find a step first: each dual
// pattern is two steps that the single pattern finds one by one, and every forcing
// chain verity is a forcing chain contradiction of its negation. The Franken and mutant fish are here for their cost:
// they search every mix of rows, columns and boxes as base and cover, from about
// 0.3 ms a call (Franken X-Wing) to about 100 ms (finned mutant Jellyfish) on states
// where the techniques below the chains are stuck, where the finned Jellyfish takes
// 0.015 ms and a whole top1465 walkthrough about 34 ms (BenchmarkComplexFish). They
// stay available by ID (--techniques) and answer their HoDoKu library codes.
func Optional() []Technique {
	return []Technique{
		DualTwoStringKite, DualEmptyRectangle, ForcingChainVerity,
		FrankenXWing, FinnedFrankenXWing, MutantXWing, FinnedMutantXWing,
		FrankenSwordfish, FinnedFrankenSwordfish, MutantSwordfish, FinnedMutantSwordfish,
		FrankenJellyfish, FinnedFrankenJellyfish, MutantJellyfish, FinnedMutantJellyfish,
	}
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
// each after the last technique of ts at or below its difficulty, so the set stays in
// difficulty order and the techniques of ts keep theirs. An ID already in ts is an
// error, as is an unknown one.
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
		at := len(out)
		for at > 0 && out[at-1].Difficulty > t.Difficulty {
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
