package fallback

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

func TestClassify(t *testing.T) {
	tests := []struct {
		name  string
		grid  string
		want  Verdict
		nSols int
	}{
		{"unique", builtIn[2].grid, UniqueSolution, 1},
		{"several", withoutGiven(builtIn[2].grid, 3), SeveralSolutions, 2},
		{"none", "55" + strings.Repeat(".", 79), NoSolution, 0},
		{"empty grid", strings.Repeat(".", 81), SeveralSolutions, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := parseGrid(t, tc.grid)
			got, sols, err := Classify(t.Context(), b)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			require.Len(t, sols, tc.nSols)
			for _, s := range sols {
				checkSolution(t, b, s)
			}
			if len(sols) == 2 {
				assert.NotEqual(t, sols[0], sols[1], "two different solutions")
			}
		})
	}
}

func TestClassifyErrors(t *testing.T) {
	_, _, err := Classify(t.Context(), nil)
	require.Error(t, err)

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, sols, err := Classify(ctx, parseGrid(t, strings.Repeat(".", 81)))
	require.ErrorIs(t, err, context.Canceled)
	assert.Nil(t, sols)
}

func TestVerdictString(t *testing.T) {
	for v, want := range map[Verdict]string{NoSolution: "no-solution", UniqueSolution: "unique", SeveralSolutions: "several", Verdict(7): "unknown"} {
		assert.Equal(t, want, v.String())
	}
}

func ExampleClassify() {
	b, err := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	if err != nil {
		fmt.Println(err)
		return
	}
	v, sols, err := Classify(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v, len(sols))
	fmt.Println(board.Line(sols[0]))
	// Output:
	// unique 1
	// 316578492529134768487629531263415987974863125851792643138947256692351874745286319
}
