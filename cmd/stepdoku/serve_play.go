package main

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques/generate"
)

// The calls the player's board needs besides the walk and the hint: the board of a
// pasted puzzle in a form a page can draw and check (/api/board), and a new puzzle
// from the generator (/api/new). The page keeps the game; these answer questions
// about a grid and keep nothing.

// houseDoc is one house of a board: its name in notation (r1, c2, b3, d1, w4), its
// kind (row, column, box, diagonal, window) and its cells, numbered row by row from 0.
type houseDoc struct {
	Name  string `json:"name"`
	Kind  string `json:"kind"`
	Cells []int  `json:"cells"`
}

// cageDoc is a killer cage: its sum and cells.
type cageDoc struct {
	Sum   int   `json:"sum"`
	Cells []int `json:"cells"`
}

// boardDoc is the answer of /api/board: what a page needs to draw the puzzle and to
// see a repeated digit at once, and whether the puzzle can be played.
type boardDoc struct {
	Size int `json:"size"`
	// Symbols are the digits 1..size as written in a grid ("123456789", then A-Z).
	Symbols string `json:"symbols"`
	// Givens are the puzzle's values row by row, 0 for an empty cell.
	Givens  []int      `json:"givens"`
	Variant string     `json:"variant"`
	Houses  []houseDoc `json:"houses"`
	Cages   []cageDoc  `json:"cages,omitempty"`
	// Verdict is unique, several, no-solution or invalid (Problems says why).
	Verdict  string   `json:"verdict"`
	Problems []string `json:"problems,omitempty"`
}

func cellInts(cs []board.Cell) []int {
	out := make([]int, len(cs))
	for i, c := range cs {
		out[i] = int(c)
	}
	return out
}

// apiBoard answers the board of a puzzle in any format the API reads.
func apiBoard(ctx context.Context, req apiRequest) (job, error) {
	b, err := parseBounded("puzzle", req.Puzzle, req)
	if err != nil {
		return job{}, err
	}
	cost := light
	if b.Layout().N() > 9 || b.Layout().Variant() != 0 {
		cost = costOf(ctx, b)
	}
	return job{cost: cost, run: func(ctx context.Context) (any, error) {
		l := b.Layout()
		doc := boardDoc{Size: l.N(), Variant: l.Variant().String()}
		var sym strings.Builder
		for d := 1; d <= l.N(); d++ {
			sym.WriteRune(board.Digit(d).Rune())
		}
		doc.Symbols = sym.String()
		for c := range board.Cell(l.Cells()) {
			doc.Givens = append(doc.Givens, int(b.Value(c)))
		}
		for h := range board.House(l.Houses()) {
			doc.Houses = append(doc.Houses, houseDoc{Name: l.HouseName(h), Kind: l.Kind(h).String(), Cells: cellInts(l.HouseCells(h))})
		}
		for _, cg := range l.Cages() {
			doc.Cages = append(doc.Cages, cageDoc{Sum: cg.Sum, Cells: cellInts(cg.Cells)})
		}
		if ps := b.Problems(); len(ps) > 0 {
			doc.Verdict = "invalid"
			for _, p := range ps {
				doc.Problems = append(doc.Problems, p.Describe(l))
			}
			return doc, nil
		}
		n, err := fallback.Count(ctx, b, 2)
		if err != nil {
			return nil, err
		}
		doc.Verdict = [...]string{"no-solution", "unique", "several"}[n]
		return doc, nil
	}}, nil
}

// newDoc is the answer of /api/new: a puzzle and its rating.
type newDoc struct {
	Puzzle string  `json:"puzzle"`
	Level  string  `json:"level"`
	ER     float64 `json:"er,omitempty"`
}

// newAttempts bounds the grids one /api/new request tries; the request's deadline
// bounds it too. Minimal random puzzles are mostly easy to hard: the extreme level
// can take many grids.
const newAttempts = 2000

// apiNew makes a new unique, minimal 9x9 puzzle whose rating is within the named
// level of the rating scale (difficulty; any level when empty).
func apiNew(ctx context.Context, req apiRequest) (job, error) {
	lo, hi := 0.0, 20.0
	if req.Difficulty != "" {
		if !slices.Contains(levelNames(), req.Difficulty) {
			return job{}, badRequest("difficulty %q: want one of %s", req.Difficulty, strings.Join(levelNames(), ", "))
		}
		var err error
		if lo, hi, err = erRange(req.Difficulty, ""); err != nil {
			return job{}, badRequest("difficulty: %v", err)
		}
	}
	return job{cost: heavy, run: func(ctx context.Context) (any, error) {
		opt := generate.Options{MaxAttempts: newAttempts}
		if req.Difficulty != "" {
			opt.Rater, opt.MinER, opt.MaxER = generateRater(opt.Solve), lo, hi
		}
		p, err := generate.One(ctx, rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64())), opt)
		if errors.Is(err, generate.ErrGaveUp) {
			return nil, &apiError{status: http.StatusUnprocessableEntity, msg: "no puzzle of level " + req.Difficulty + " was found in time; try again or choose another level"}
		}
		if err != nil {
			return nil, err
		}
		var line strings.Builder
		for _, d := range p.Givens {
			line.WriteRune(d.Rune())
		}
		doc := newDoc{Puzzle: line.String(), Level: req.Difficulty, ER: p.ER}
		return doc, nil
	}}, nil
}

// levelNames are the names /api/new takes, easiest first.
func levelNames() []string {
	var out []string
	for _, l := range generateLevels() {
		out = append(out, l.name)
	}
	return out
}

// playerGrid reads the player's grid of a request (field "grid") on the puzzle's
// layout l; nil when there is none.
func playerGrid(grid string, l *board.Layout) (*board.Board, error) {
	if grid == "" {
		return nil, nil
	}
	g, err := parseBounded("grid", grid, apiRequest{})
	if err != nil {
		return nil, err
	}
	if g.Layout() != l && g.Layout().N() == l.N() {
		// The player's grid follows the puzzle's rules, whatever it says itself.
		if g, err = g.OnLayout(l); err != nil {
			return nil, badRequest("grid: %v", err)
		}
	}
	if n := g.Layout().N(); g.Layout() != l {
		return nil, badRequest("grid is %dx%d, the puzzle %dx%d", n, n, l.N(), l.N())
	}
	return g, nil
}

// fromPosition is the puzzle with the player's grid filled in: a walk from where the
// player is. The grid must keep the puzzle's givens.
func fromPosition(pz *board.Board, req apiRequest) (*board.Board, error) {
	g, err := playerGrid(req.Grid, pz.Layout())
	if err != nil || g == nil {
		return pz, err
	}
	l := pz.Layout()
	for c := range board.Cell(l.Cells()) {
		if d := pz.Value(c); d != 0 && g.Value(c) != d {
			return nil, badRequest("grid changes the given %s=%d of the puzzle", l.CellName(c), d)
		}
	}
	return g, nil
}
