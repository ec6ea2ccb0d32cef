// Package generate makes new puzzles: a random solved grid from a search, givens
// removed in random order while the puzzle stays unique, and, when asked,
// only the puzzles whose walkthrough uses a given technique or whose rating falls
// in a range.
//
// Every puzzle comes from a *rand.Rand; Nth derives it from a seed and the puzzle's
// index, so a batch made on any number of cores, in any order, is the same batch.
package generate

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
)

// Symmetry is a pattern the givens keep: when a cell holds a given, so does every
// cell it maps to.
type Symmetry uint8

const (
	// None: givens anywhere.
	None Symmetry = iota
	// Rot180: the pattern is the same after a half-turn.
	Rot180
	// Rot90: the pattern is the same after a quarter-turn.
	Rot90
	// Mirror: the pattern is the same reflected left to right.
	Mirror
	// Diagonal: the pattern is the same reflected in the main diagonal.
	Diagonal
)

// symmetryNames returns the names of the symmetries, by value.
func symmetryNames() []string { return []string{"none", "rot180", "rot90", "mirror", "diagonal"} }

func (s Symmetry) String() string {
	if names := symmetryNames(); int(s) < len(names) {
		return names[s]
	}
	return fmt.Sprintf("Symmetry(%d)", s)
}

// ParseSymmetry returns the symmetry named s (none, rot180, rot90, mirror, diagonal).
func ParseSymmetry(s string) (Symmetry, error) {
	names := symmetryNames()
	for i, n := range names {
		if n == s {
			return Symmetry(i), nil
		}
	}
	return None, fmt.Errorf("generate: unknown symmetry %q (known: %s)", s, strings.Join(names, ", "))
}

// orbits returns the cells of l in groups that s maps onto each other, each cell in
// one group. The groups share one backing array: the generator asks for them once
// per puzzle, and a slice per cell was most of its allocations.
func (s Symmetry) orbits(l *board.Layout) [][]board.Cell {
	n := l.N()
	if s == None { // each cell alone, in order
		cells := make([]board.Cell, l.Cells())
		out := make([][]board.Cell, l.Cells())
		for c := range cells {
			cells[c] = board.Cell(c)
			out[c] = cells[c : c+1 : c+1]
		}
		return out
	}
	images := func(r, c int) ([4][2]int, int) {
		switch s {
		case Rot180:
			return [4][2]int{{r, c}, {n - 1 - r, n - 1 - c}}, 2
		case Rot90:
			return [4][2]int{{r, c}, {c, n - 1 - r}, {n - 1 - r, n - 1 - c}, {n - 1 - c, r}}, 4
		case Mirror:
			return [4][2]int{{r, c}, {r, n - 1 - c}}, 2
		case Diagonal:
			return [4][2]int{{r, c}, {c, r}}, 2
		}
		return [4][2]int{{r, c}}, 1
	}
	seen := make([]bool, l.Cells())
	cells := make([]board.Cell, 0, l.Cells())
	var out [][]board.Cell
	for c := range board.Cell(l.Cells()) {
		if seen[c] {
			continue
		}
		start := len(cells)
		im, k := images(l.RowOf(c), l.ColOf(c))
		for _, rc := range im[:k] {
			if o := l.CellAt(rc[0], rc[1]); !seen[o] {
				seen[o] = true
				cells = append(cells, o)
			}
		}
		out = append(out, cells[start:len(cells):len(cells)])
	}
	return out
}

// Rater rates a puzzle on Sudoku Explainer's scale (ER). The rating package provides
// one; DifficultyRater is a stand-in until then.
type Rater func(ctx context.Context, b *board.Board) (er float64, err error)

// DifficultyRater rates a puzzle by the hardest step of its walkthrough with the
// techniques of opt: the Difficulty of that step's technique, which is on Sudoku
// Explainer's scale but ignores SE's own ladder and its chain length rules. It stands
// in for a real ER until the rating package is wired in.
func DifficultyRater(opt techniques.Options) Rater {
	return func(ctx context.Context, b *board.Board) (float64, error) {
		tr, err := techniques.Solve(ctx, b, opt)
		if err != nil {
			return 0, err
		}
		return hardestDifficulty(tr.Steps, difficulties(opt)), nil
	}
}

// difficulties maps each technique ID of opt's set (and the search step) to its
// Difficulty.
func difficulties(opt techniques.Options) map[string]float64 {
	ts := opt.Techniques
	if ts == nil {
		ts = techniques.Default()
	}
	m := map[string]float64{techniques.Search.ID: techniques.Search.Difficulty}
	for _, t := range ts {
		m[t.ID] = t.Difficulty
	}
	return m
}

func hardestDifficulty(steps []explain.Step, diff map[string]float64) float64 {
	var er float64
	for _, s := range steps {
		er = max(er, diff[s.Technique])
	}
	return er
}

// Options say what puzzles to make. The zero value makes unique, minimal 9x9 puzzles
// with no symmetry.
type Options struct {
	// Layout is the grid; nil means board.Classic.
	Layout *board.Layout
	// Symmetry is the pattern of the givens. With a symmetry, minimal means that no
	// group of cells the symmetry maps onto each other can be emptied (a single given
	// may still be removable, at the price of the symmetry).
	Symmetry Symmetry
	// NotMinimal stops removing givens once the puzzle has MaxGivens or fewer, instead
	// of going on until none can be removed (it stops earlier, minimal, when no more
	// can go).
	NotMinimal bool
	// MaxGivens bounds the givens of a NotMinimal puzzle; 0 means DefaultGivens.
	MaxGivens int
	// Techniques, when not empty, keeps only puzzles whose walkthrough (with Solve's
	// technique set) uses at least one of these technique IDs.
	Techniques []string
	// Hardest also asks that one of Techniques be the hardest step of the walkthrough
	// (no step of a technique with a greater Difficulty).
	Hardest bool
	// Solve is the technique set and fallback of the walkthrough Techniques looks at.
	Solve techniques.Options
	// Rater, when set, keeps only puzzles it rates within [MinER, MaxER].
	Rater        Rater
	MinER, MaxER float64
	// MaxAttempts bounds the grids tried for one puzzle when Techniques or Rater
	// filter them; 0 means no bound but ctx.
	MaxAttempts int
}

// DefaultGivens is where a NotMinimal puzzle of l stops when no MaxGivens is set: 37%
// of the cells (29 on 9x9), but 300 of 625 on 25x25, where each search below about
// 300 givens can take minutes (measured: 300 givens, 0.6 s a puzzle; 270, over 30 s).
func DefaultGivens(l *board.Layout) int {
	if l.N() == 25 {
		return 300
	}
	return l.Cells() * 37 / 100
}

// Puzzle is one generated puzzle.
type Puzzle struct {
	// Givens are the puzzle's values row by row, 0 for an empty cell.
	Givens []board.Digit
	// Solution is its one solution.
	Solution []board.Digit
	// Attempts is how many grids were made to find it (1 without a filter).
	Attempts int
	// Trace is the walkthrough when Techniques asked for one, else nil.
	Trace *explain.Trace
	// ER is the rating when Options.Rater was set.
	ER float64
}

// ErrGaveUp is returned when MaxAttempts grids gave no puzzle that passed the filters.
var ErrGaveUp = errors.New("generate: no puzzle passed the filters within the attempts allowed")

// Nth returns puzzle number index of the batch made from seed: its random source is
// derived from both, so the puzzle does not depend on which worker makes it or when.
func Nth(ctx context.Context, seed, index uint64, opt Options) (Puzzle, error) {
	return One(ctx, rand.New(rand.NewPCG(seed, index)), opt)
}

// One makes one puzzle with the randomness of rng.
func One(ctx context.Context, rng *rand.Rand, opt Options) (Puzzle, error) {
	l := opt.Layout
	if l == nil {
		l = board.Classic
	}
	if err := opt.check(); err != nil {
		return Puzzle{}, err
	}
	var diff map[string]float64
	if len(opt.Techniques) > 0 {
		diff = difficulties(opt.Solve)
	}
	for attempt := 1; opt.MaxAttempts == 0 || attempt <= opt.MaxAttempts; attempt++ {
		solution, err := Grid(ctx, l, rng)
		if err != nil {
			return Puzzle{}, err
		}
		keep := 0 // minimal: try every orbit
		if opt.NotMinimal {
			keep = opt.MaxGivens
			if keep <= 0 {
				keep = DefaultGivens(l)
			}
		}
		givens, err := remove(ctx, l, solution, opt.Symmetry, keep, rng)
		if err != nil {
			return Puzzle{}, err
		}
		p := Puzzle{Givens: givens, Solution: solution, Attempts: attempt}
		ok, err := opt.keep(ctx, l, &p, diff)
		if err != nil {
			return Puzzle{}, err
		}
		if ok {
			return p, nil
		}
	}
	return Puzzle{}, ErrGaveUp
}

func (opt Options) check() error {
	for _, id := range opt.Techniques {
		if _, ok := difficulties(opt.Solve)[id]; !ok {
			return fmt.Errorf("generate: technique %q is not in the walkthrough's technique set", id)
		}
	}
	if opt.Hardest && len(opt.Techniques) == 0 {
		return errors.New("generate: Hardest needs Techniques")
	}
	if opt.Rater != nil && opt.MinER > opt.MaxER {
		return fmt.Errorf("generate: rating range %.1f-%.1f is empty", opt.MinER, opt.MaxER)
	}
	return nil
}

// keep applies the filters of opt to p, filling in its trace and rating.
func (opt Options) keep(ctx context.Context, l *board.Layout, p *Puzzle, diff map[string]float64) (bool, error) {
	if len(opt.Techniques) == 0 && opt.Rater == nil {
		return true, nil
	}
	b, err := board.FromDigits(l, p.Givens)
	if err != nil {
		return false, err
	}
	if len(opt.Techniques) > 0 {
		so := opt.Solve
		if opt.Hardest {
			// The pipeline takes the first technique of its list that applies, so the
			// walkthrough with the list cut after the last technique asked for is the
			// same walkthrough, as long as it does not get stuck; stuck, it needs a
			// technique beyond them. Cutting the list skips the chains and the
			// forcing nets, the dearest finders, on most of the puzzles rejected.
			so.Techniques = cutAfter(so.Techniques, opt.Techniques)
			so.Fallback = techniques.FallbackStop
		}
		tr, err := techniques.Solve(ctx, b, so)
		if err != nil {
			return false, err
		}
		p.Trace = &tr
		if !tr.Summary.Solved || !uses(tr.Steps, opt.Techniques, opt.Hardest, diff) {
			return false, nil
		}
	}
	if opt.Rater != nil {
		er, err := opt.Rater(ctx, b)
		if err != nil {
			return false, err
		}
		p.ER = er
		if er < opt.MinER || er > opt.MaxER {
			return false, nil
		}
	}
	return true, nil
}

// cutAfter returns ts (nil: the default list) up to the last technique of ids.
func cutAfter(ts []techniques.Technique, ids []string) []techniques.Technique {
	if ts == nil {
		ts = techniques.Default()
	}
	last := 0
	for i, t := range ts {
		if slices.Contains(ids, t.ID) {
			last = i
		}
	}
	return ts[:last+1]
}

// uses reports whether steps use one of ids, and, if hardest, whether one of ids
// used is at least as difficult as every step.
func uses(steps []explain.Step, ids []string, hardest bool, diff map[string]float64) bool {
	top := hardestDifficulty(steps, diff)
	for _, s := range steps {
		for _, id := range ids {
			if s.Technique == id && (!hardest || diff[id] >= top) {
				return true
			}
		}
	}
	return false
}

// Grid returns a random solved grid of layout l: the diagonal boxes filled at random,
// the rest completed by a search (on the classic grid the generator's own, see
// classic.go; elsewhere the fallback search), then the whole shuffled by a random
// transform (digits, bands, stacks, rows and columns inside them), so that the
// search's fixed order of trying digits leaves no mark. On 4x4 two random diagonal
// boxes may admit no completion; then the first box alone is kept, which always does.
func Grid(ctx context.Context, l *board.Layout, rng *rand.Rand) ([]board.Digit, error) {
	n := l.N()
	values := make([]board.Digit, l.Cells())
	fill := func(i int) {
		perm := rng.Perm(n)
		k := 0
		for r := range l.BoxRows() {
			for c := range l.BoxCols() {
				values[l.CellAt(i*l.BoxRows()+r, i*l.BoxCols()+c)] = board.Digit(perm[k] + 1)
				k++
			}
		}
	}
	for i := range min(n/l.BoxRows(), n/l.BoxCols()) {
		fill(i)
	}
	sol, err := complete(ctx, l, values)
	if errors.Is(err, fallback.ErrNoSolution) {
		clear(values)
		fill(0)
		sol, err = complete(ctx, l, values)
	}
	if err != nil {
		return nil, fmt.Errorf("generate: completing a %dx%d grid: %w", n, n, err)
	}
	return board.RandomTransform(l, rng).Apply(sol)
}

func complete(ctx context.Context, l *board.Layout, values []board.Digit) ([]board.Digit, error) {
	if l.N() == 9 && l.Variant() == 0 {
		return solve9(ctx, values)
	}
	b, err := board.FromDigits(l, values)
	if err != nil {
		return nil, err
	}
	return fallback.Solve(ctx, b)
}

// Minimize empties the givens of puzzle, a grid with one solution, in the order of a
// random permutation from rng, each whenever the puzzle stays unique without it, and
// returns the givens left: a minimal puzzle, where no given can be removed. The
// puzzle is not changed. It fails with fallback.ErrNoSolution or an error saying the
// puzzle has several solutions when it is not unique to begin with.
func Minimize(ctx context.Context, l *board.Layout, puzzle []board.Digit, rng *rand.Rand) ([]board.Digit, error) {
	b, err := board.FromDigits(l, puzzle)
	if err != nil {
		return nil, err
	}
	if ps := b.Problems(); len(ps) > 0 {
		return nil, fmt.Errorf("generate: invalid puzzle: %s", ps[0].Describe(l))
	}
	n, err := fallback.Count(ctx, b, 2)
	if err != nil {
		return nil, err
	}
	switch n {
	case 0:
		return nil, fallback.ErrNoSolution
	case 1:
	default:
		return nil, errors.New("generate: the puzzle has several solutions; only a unique one can be minimized")
	}
	return remove(ctx, l, puzzle, None, 0, rng)
}

// remove empties the cells of grid (a unique puzzle or a solved grid) orbit by orbit
// of sym, in random order, keeping an orbit whenever emptying it would make the
// puzzle non-unique, until keep givens or fewer are left (keep 0: until every orbit
// was tried).
func remove(ctx context.Context, l *board.Layout, grid []board.Digit, sym Symmetry, keep int, rng *rand.Rand) ([]board.Digit, error) {
	p := append([]board.Digit(nil), grid...)
	givens := 0
	for _, d := range p {
		if d != 0 {
			givens++
		}
	}
	orbits := sym.orbits(l)
	k := newChecker(l)
	if givens == len(p) {
		k.known = grid // a solved grid: every puzzle made from it has it as a solution
	}
	saved := make([]board.Digit, 0, 4)
	order := rng.Perm(len(orbits))
	// Uniqueness is monotone: a puzzle with more givens than a unique one is unique.
	// So when the puzzle without the first orbits of the order, taken together, is
	// unique, every one of them would pass its own check: one search answers for
	// all, with the same result. On 9x9, taking out 36 random cells of 81 leaves a
	// unique puzzle most of the time, which saves about half the searches.
	prefix, cut := 0, 0
	for prefix < len(order) && cut+len(orbits[order[prefix]]) <= l.Cells()*4/9 {
		cut += len(orbits[order[prefix]])
		prefix++
	}
	if keep > 0 {
		for prefix > 0 && givens-cut < keep {
			prefix--
			cut -= len(orbits[order[prefix]])
		}
	}
	if prefix > 0 {
		before := append([]board.Digit(nil), p...)
		emptied := 0
		for _, i := range order[:prefix] {
			for _, c := range orbits[i] {
				if p[c] != 0 {
					emptied++
				}
				p[c] = 0
			}
		}
		n, err := k.count(ctx, p, 2)
		if err != nil {
			return nil, err
		}
		if n == 1 {
			givens -= emptied
			order = order[prefix:]
		} else {
			copy(p, before)
		}
	}
	for _, i := range order {
		if keep > 0 && givens <= keep {
			break
		}
		orbit := orbits[i]
		saved = saved[:0]
		emptied := 0
		for _, c := range orbit {
			saved = append(saved, p[c])
			if p[c] != 0 {
				emptied++
			}
			p[c] = 0
		}
		if emptied == 0 {
			continue
		}
		unique, err := k.uniqueWithout(ctx, p, orbit, saved)
		if err != nil {
			return nil, err
		}
		if unique {
			givens -= emptied
			continue
		}
		for k, c := range orbit {
			p[c] = saved[k]
		}
	}
	return p, nil
}

// checker asks the uniqueness questions of remove. On the classic grid it asks its
// own search (classic.go), which reads the digits as they are; on any other layout
// it writes the puzzle's givens as one-digit candidate sets on a copy of a blank
// board, which the fallback search reads as it reads values, without placing each
// given and clearing it from its peers as board.FromDigits does (two thirds of the
// time, measured).
type checker struct {
	classic bool
	g       grid81
	// known is a solution of every puzzle asked about, whose digits the classic
	// search tries first, or nil.
	known       []board.Digit
	blank, work *board.Board
}

func newChecker(l *board.Layout) *checker {
	if l.N() == 9 && l.Variant() == 0 {
		return &checker{classic: true}
	}
	return &checker{blank: board.New(l), work: board.New(l)}
}

// load writes p on the work board.
func (k *checker) load(p []board.Digit) *board.Board {
	k.work.CopyFrom(k.blank)
	for c, d := range p {
		if d != 0 {
			k.work.SetCandidates(board.Cell(c), board.DigitsOf(d))
		}
	}
	return k.work
}

// count returns the number of solutions of p, up to limit.
func (k *checker) count(ctx context.Context, p []board.Digit, limit int) (int, error) {
	if k.classic {
		k.g.load(p)
		return count9(ctx, &k.g, limit, k.known, -1)
	}
	return fallback.Count(ctx, k.load(p), limit)
}

// uniqueWithout reports whether puzzle p, just emptied of the cells of orbit (whose
// values were old), still has one solution. For one cell it asks the cheaper
// question whether any solution gives the cell another digit; the solution with the
// old value is known to exist.
func (k *checker) uniqueWithout(ctx context.Context, p []board.Digit, orbit []board.Cell, old []board.Digit) (bool, error) {
	if len(orbit) > 1 {
		n, err := k.count(ctx, p, 2)
		return n == 1, err
	}
	if k.classic {
		k.g.load(p)
		d := int(old[0]) - 1
		k.g.pos[d] = k.g.pos[d].andNot(cell81(int(orbit[0])))
		n, err := count9(ctx, &k.g, 1, k.known, int(orbit[0]))
		return n == 0, err
	}
	b := k.load(p)
	b.Eliminate(orbit[0], old[0])
	n, err := fallback.Count(ctx, b, 1)
	return n == 0, err
}
