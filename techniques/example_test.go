package techniques_test

import (
	"context"
	"fmt"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/techniques"
)

func ExampleSolve() {
	b, _ := board.Parse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	tr, err := techniques.Solve(context.Background(), b, techniques.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := tr.Summary
	fmt.Println("solved:", s.Solved, "search used:", s.UsedFallback)
	for i, st := range tr.Steps[:5] {
		fmt.Printf("%d. %s\n", i+1, explain.OneLiner(b.Layout(), st))
	}
	// Output:
	// solved: true search used: false
	// 1. Hidden Single: r9c3=7 (in b7)
	// 2. Locked Candidates Type 1 (Pointing): 2 in b7 => r1c2<>2, r2c2<>2, r3c2<>2, r4c2<>2
	// 3. Locked Candidates Type 1 (Pointing): 5 in b4 => r1c3<>5, r2c3<>5, r3c3<>5
	// 4. Locked Candidates Type 1 (Pointing): 9 in b4 => r1c3<>9, r2c3<>9, r3c3<>9
	// 5. Locked Candidates Type 1 (Pointing): 1 in b7 => r1c2<>1, r2c2<>1, r4c2<>1
}

func ExampleSolve_upTo() {
	// Is the puzzle solvable with techniques up to X-Wing, without search?
	ts, _ := techniques.UpTo("x-wing")
	b, _ := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	tr, _ := techniques.Solve(context.Background(), b, techniques.Options{Techniques: ts, Fallback: techniques.FallbackStop})
	fmt.Println("solved:", tr.Summary.Solved, "in", tr.Summary.Steps, "steps")
	for _, c := range tr.Summary.ByTechnique {
		fmt.Printf("%3d %s\n", c.Count, explain.Name(c.Technique))
	}
	// Output:
	// solved: true in 49 steps
	//  30 Hidden Single
	//  19 Full House
}

func ExampleFirst() {
	b, _ := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	s, t, ok, err := techniques.First(context.Background(), b, techniques.Default(), techniques.Knowledge{Unique: true})
	if err != nil || !ok {
		fmt.Println("no technique applies")
		return
	}
	fmt.Println(t.ID, t.Difficulty)
	fmt.Println(explain.OneLiner(b.Layout(), s))
	// Output:
	// hidden-single 1.2
	// Hidden Single: r3c7=5 (in b3)
}
