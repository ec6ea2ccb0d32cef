package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
	"github.com/stepdoku/stepdoku/explain"
	"github.com/stepdoku/stepdoku/fallback"
	"github.com/stepdoku/stepdoku/techniques"
	hints "github.com/stepdoku/stepdoku/techniques/hint"
)

// result is what one in-process run of the CLI gave.
type result struct {
	code           int
	stdout, stderr string
}

func runCLI(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var in *strings.Reader
	var out, errOut bytes.Buffer
	if stdin != "" {
		in = strings.NewReader(stdin)
	}
	var code int
	if in == nil {
		code = run(args, nil, &out, &errOut)
	} else {
		code = run(args, in, &out, &errOut)
	}
	return result{code, out.String(), errOut.String()}
}

const (
	example = examplePuzzle
	// exampleSolution is checked against the search in TestExampleSolution.
	exampleSolution = "316578492529134768487629531263415987974863125851792643138947256692351874745286319"
	// several: a 17-clue puzzle (they are all minimal) with one clue removed.
	several = ".......................2.3......3.2...1.4......5....6..3......4.7..8...962...7..."
	// no solution: the example with r1c2 set to 9, which its column and box allow but
	// the rest of the grid does not.
	clash = "3365.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63.."
)

func TestExampleSolution(t *testing.T) {
	b, err := board.Parse(example)
	require.NoError(t, err)
	sol, err := fallback.Unique(t.Context(), b)
	require.NoError(t, err)
	got := solved(b, sol).String()
	require.Equal(t, exampleSolution, got)
}

func TestUsageAndHelp(t *testing.T) {
	r := runCLI(t, "")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "Commands:")

	r = runCLI(t, "", "help")
	assert.Equal(t, exitOK, r.code)
	for _, c := range commands() {
		assert.Contains(t, r.stdout, c.name, "the command list")
	}

	r = runCLI(t, "", "frobnicate")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, `unknown command "frobnicate"`)

	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			r := runCLI(t, "", c.name, "--help")
			assert.Equal(t, exitOK, r.code, r.stderr)
			assert.Contains(t, r.stdout, "Usage: stepdoku "+c.name)
			assert.Empty(t, r.stderr, "help goes to stdout only")
			r = runCLI(t, "", c.name, "--no-such-flag")
			assert.Equal(t, exitUsage, r.code)
			assert.Contains(t, r.stderr, "no-such-flag")
			assert.Contains(t, r.stderr, "Usage: stepdoku "+c.name)
			assert.Empty(t, r.stdout)
		})
	}
}

func TestSolve(t *testing.T) {
	tests := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		contains []string
	}{
		{"example by default", "", []string{"solve"}, exitOK, []string{"3 1 6 | 5 7 8 | 4 9 2", "------+-------+------"}},
		{"argument", "", []string{"solve", example}, exitOK, []string{"7 4 5 | 2 8 6 | 3 1 9"}},
		{"several", "", []string{"solve", several}, exitNegative, []string{"Several solutions exist"}},
		{"no solution", "", []string{"solve", clash}, exitNegative, []string{"No solution exists"}},
		{"lines from stdin", example + "\n" + clash + "\n", []string{"solve", "-"}, exitNegative,
			[]string{exampleSolution + "\n", clash + "\tno-solution\n"}},
		{"format line", "", []string{"solve", "--format", "line", example}, exitOK, []string{exampleSolution + "\n"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.stdin, tc.args...)
			require.Equal(t, tc.code, r.code, "stderr: %s", r.stderr)
			for _, s := range tc.contains {
				assert.Contains(t, r.stdout, s)
			}
		})
	}
}

func TestInputErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"short line", []string{"solve", strings.Repeat(".", 80)}, "80"},
		{"bad character", []string{"check", "3.65.84..52...?...." + strings.Repeat(".", 62)}, "'?'"},
		{"missing file", []string{"solve", "no/such/file.txt"}, "no such file"},
		{"two puzzles", []string{"solve", example, example}, "want one puzzle"},
		{"dash without stdin", []string{"solve", "-"}, "nothing is piped in"},
		{"bad format", []string{"solve", "--format", "xml"}, "--format"},
		{"bad lang", []string{"explain", "--lang", "fr"}, "--lang"},
		{"bad technique", []string{"explain", "--up-to", "x-wings"}, "x-wings"},
		{"bad cell", []string{"candidates", "--why", "r0c3"}, "r0c3"},
		{"bad level", []string{"hint", "--level", "5"}, "--level"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", tc.args...)
			assert.Equal(t, exitUsage, r.code)
			assert.Contains(t, r.stderr, tc.want)
			assert.NotContains(t, r.stderr, "goroutine", "no stack trace")
		})
	}
}

func TestBatchKeepsBadLinesAndOrder(t *testing.T) {
	in := example + "\n" + "12?\n" + several + "\n"
	r := runCLI(t, in, "check")
	assert.Equal(t, exitUsage, r.code, "an input error wins over a negative answer")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 3, r.stdout)
	assert.Equal(t, example+"\tunique", lines[0])
	assert.Equal(t, "-\terror", lines[1])
	assert.Equal(t, several+"\tseveral", lines[2])
	assert.Contains(t, r.stderr, "line 2")
}

func TestCheck(t *testing.T) {
	r := runCLI(t, "", "check", clash)
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stdout, "3 twice in row 1: r1c1, r1c2")
	assert.Contains(t, r.stdout, "3 twice in box 1: r1c1, r1c2")
	assert.Contains(t, r.stdout, "3 twice in column 2: r1c2, r7c2")

	r = runCLI(t, "", "check", several)
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stdout, "several")
	assert.Contains(t, r.stdout, "Two of them differ in")

	r = runCLI(t, "", "check")
	assert.Equal(t, exitOK, r.code)
	assert.Contains(t, r.stdout, "exactly one")
}

func TestCheckLogic(t *testing.T) {
	hard := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	r := runCLI(t, example+"\n"+hard+"\n"+several+"\n", "check", "--logic", "--up-to", "x-wing")
	assert.Equal(t, exitNegative, r.code)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 3)
	f := strings.Split(lines[0], "\t")
	require.Len(t, f, 4)
	assert.Equal(t, []string{example, "logic"}, f[:2])
	assert.Equal(t, "fallback", strings.Split(lines[1], "\t")[1])
	assert.Equal(t, "several", strings.Split(lines[2], "\t")[1])

	r = runCLI(t, example+"\n", "check", "--logic", "--format", "json")
	require.Equal(t, exitOK, r.code, r.stderr)
	var got checkJSON
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	assert.Equal(t, "logic", got.Verdict)
	require.NotNil(t, got.Steps)
	assert.Positive(t, *got.Steps)

	r = runCLI(t, "", "check", "--up-to", "x-wing")
	assert.Equal(t, exitUsage, r.code, "--up-to without --logic")
}

func TestCandidatesWhy(t *testing.T) {
	r := runCLI(t, "", "candidates", "--why", "r1c2")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "1: yes")
	assert.Contains(t, r.stdout, "9: yes")
	assert.Contains(t, r.stdout, "3: no — r1c1 holds 3 (row 1)")
	assert.Contains(t, r.stdout, "2: no — r2c2 holds 2 (column 2)")

	r = runCLI(t, "", "candidates", "--why", "r1c1")
	assert.Contains(t, r.stdout, "r1c1 holds 3 (a given)")

	// A killer's cage arithmetic rules out digits the board still lists: the cage of 11
	// over r1c1, r2c1, r2c2 and r3c2 can only be 1+2+3+5.
	killer := strings.Repeat(".", 81) + " ABBBCDDEEAAFBCGGHIJAFKLMMHIJNNKLOOPPJJJJQQPPPJRRSTUUPPJVWSTXXYZVVWabccYZVaaabddee " +
		"A=11,B=25,C=14,D=9,E=12,F=15,G=4,H=14,I=6,J=40,K=3,L=15,M=9,N=8,O=12,P=38,Q=11,R=15,S=13,T=6,U=4,V=17,W=7,X=13,Y=10,Z=6,a=26,b=4,c=15,d=11,e=12\n"
	r = runCLI(t, killer, "candidates", "--why", "r1c1", "-")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "5: yes")
	assert.Contains(t, r.stdout, "9: no — the 4-cell cage of 11 can only be 1+2+3+5")

	r = runCLI(t, "", "candidates")
	require.Equal(t, exitOK, r.code)
	b, err := board.Parse(r.stdout)
	require.NoError(t, err, "the pencil-mark grid reads back")
	assert.Equal(t, example, b.String())
}

func TestExplain(t *testing.T) {
	r := runCLI(t, "", "explain")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "Hidden Single: r3c7=5 (in b3)")
	assert.Contains(t, r.stdout, "r3c7 must be 5")

	r = runCLI(t, "", "explain", "--lang", "ja")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "隠れたシングル")

	r = runCLI(t, "", "explain", "--brief")
	require.Equal(t, exitOK, r.code)
	assert.NotContains(t, r.stdout, "must be 5")

	r = runCLI(t, "", "explain", "--format", "json")
	require.Equal(t, exitOK, r.code, r.stderr)
	l, tr, err := explain.ReadJSON(strings.NewReader(r.stdout))
	require.NoError(t, err, "the JSON parses back with the documented schema")
	assert.Equal(t, 9, l.N())
	assert.Equal(t, exampleSolution, tr.Solution)
	assert.True(t, tr.Summary.Solved)
	assert.Equal(t, len(tr.Steps), tr.Summary.Steps)

	r = runCLI(t, "", "explain", "--format", "yaml")
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "technique: hidden-single")

	hard := "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
	r = runCLI(t, "", "explain", "--brief", "--up-to", "x-wing", hard)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "Search: ")
	assert.Contains(t, r.stdout, "leaves no solution")

	r = runCLI(t, "", "explain", "--logic-only", "--up-to", "x-wing", hard)
	assert.Equal(t, exitNegative, r.code)
	assert.NotContains(t, r.stdout, "Search: ")

	r = runCLI(t, "", "explain", clash)
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stderr, "3 twice in row 1")
}

func TestExplainWithOptional(t *testing.T) {
	// top1465.txt line 63: with the Franken Swordfish added, the walkthrough uses it.
	p := "...3.9.7.8..4.....1........2..5..6...3.....4.....1....5.....8......2.1.....7....9"
	r := runCLI(t, "", "explain", "--brief", p)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.NotContains(t, r.stdout, "Franken", "optional techniques are not in the default set")
	r = runCLI(t, "", "explain", "--brief", "--with", "franken-swordfish", p)
	require.Equal(t, exitOK, r.code, r.stderr)
	assert.Contains(t, r.stdout, "Franken Swordfish: 9 r4,r7,b1 c2,c3,c5 => r5c5<>9, r6c2<>9, r6c3<>9, r8c2<>9, r8c3<>9")

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown", []string{"explain", "--with", "franken-swordfishes"}, `"franken-swordfishes"`},
		{"already there", []string{"explain", "--with", "x-wing"}, "already in the set"},
		{"with techniques", []string{"explain", "--with", "franken-swordfish", "--techniques", "x-wing"}, "exclude each other"},
		{"check without logic", []string{"check", "--with", "franken-swordfish"}, "go with --logic"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", tc.args...)
			assert.Equal(t, exitUsage, r.code)
			assert.Contains(t, r.stderr, tc.want)
		})
	}
}

func TestHint(t *testing.T) {
	// The player has filled r1c2=1 (right) and nothing else.
	grid := "31" + example[2:]
	r := runCLI(t, "", "hint", example, "--grid", grid, "--level", "1")
	require.Equal(t, exitOK, r.code, r.stderr)
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 1)

	r = runCLI(t, "", "hint", example, "--grid", grid, "--level", "4")
	require.Equal(t, exitOK, r.code, r.stderr)
	lines = strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, 4, "one line per level")
	assert.Regexp(t, `r\dc\d(=|<>)\d`, lines[3], "the move is revealed at level 4")

	// A wrong entry is found and, at level 3, named by place only.
	wrong := "39" + example[2:]
	r = runCLI(t, "", "hint", example, "--grid", wrong, "--level", "3")
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stdout, "r1c2: this entry is not right")
	assert.NotContains(t, r.stdout, " 1 ", "the right digit is not revealed")

	// HoDoKu's '+' convention in one string.
	r = runCLI(t, "", "hint", "3+1"+example[2:], "--level", "2", "--format", "json")
	require.Equal(t, exitOK, r.code, r.stderr)
	var h hints.Hint
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &h))
	assert.Len(t, h.Hints, 2)
	assert.Nil(t, h.Step, "the step is only given at the last level")

	// A pencil mark removed that the cell needs: r1c2 is 1 in the solution.
	b, err := board.Parse(example)
	require.NoError(t, err)
	b.Eliminate(1, 1)
	r = runCLI(t, "", "hint", example, "--marks", b.PencilMarks(), "--level", "3")
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stdout, "r1c2: a pencil mark was removed")

	r = runCLI(t, "", "hint", example, "--grid", "4"+example[1:])
	assert.Equal(t, exitNegative, r.code)
	assert.Contains(t, r.stdout, "does not keep the given 3 at r1c1")
}

func TestTechniquesList(t *testing.T) {
	r := runCLI(t, "", "techniques")
	require.Equal(t, exitOK, r.code)
	ts := techniques.Default()
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	require.Len(t, lines, len(ts)+3+len(techniques.Optional()), "a header, one line per technique, a blank line and the optional ones")
	for i, tech := range ts {
		assert.True(t, strings.HasPrefix(lines[i+1], tech.ID+" "), "line %d: %s", i+2, lines[i+1])
	}
}

func TestConform(t *testing.T) {
	const path = "../../../shared/conformance/reglib-1.3-dev.txt"
	if _, err := os.Stat(path); err != nil {
		t.Skip("the HoDoKu library is absent")
	}
	r := runCLI(t, "", "conform", path)
	last := strings.Split(strings.TrimSpace(r.stdout), "\n")
	summary := last[len(last)-1]
	assert.Regexp(t, `^\d+ passed, \d+ failed, \d+ skipped$`, summary)
	assert.Contains(t, r.stdout, " passed, ")
	if r.code != exitOK {
		t.Logf("conformance failures:\n%s", r.stdout)
	}
	// Issue 3's techniques must pass every case: no failure line names one of their codes.
	for _, line := range last[:len(last)-1] {
		for _, code := range []string{": 0000:", ": 0002:", ": 0003:", ": 0100:", ": 0101:", ": 0110:", ": 0111:", ": 0200:", ": 0201:", ": 0202:", ": 0210:", ": 0211:", ": 0212:", ": 0300:", ": 0301:", ": 0302:"} {
			assert.NotContains(t, line, code)
		}
	}
}
