package explain

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// TestApplyRejectsFaultySteps checks Apply's checks: a step that changes nothing, or
// places or removes a candidate that is not there, is an error naming it, and leaves
// the board as it was.
func TestApplyRejectsFaultySteps(t *testing.T) {
	b, err := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	require.NoError(t, err)
	l := b.Layout()
	r1c2 := l.CellAt(0, 1)
	tests := []struct {
		name string
		step Step
		want string
	}{
		{"changes nothing", Step{Technique: "x"}, "changes nothing"},
		{"places a non-candidate", Step{Technique: "x", Placements: []board.Candidate{{Cell: r1c2, Digit: 2}}}, "r1c2=2"},
		{"removes a non-candidate", Step{Technique: "x", Eliminations: []board.Candidate{{Cell: r1c2, Digit: 3}}}, "r1c2<>3"},
		{"places in a filled cell", Step{Technique: "x", Placements: []board.Candidate{{Cell: 0, Digit: 3}}}, "r1c1=3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := b.Clone()
			err := Apply(c, tc.step)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
			assert.Equal(t, b.String(), c.String(), "a rejected step must not change the board")
		})
	}
}

// TestApplyMakesStep checks that Apply removes the eliminations and makes the
// placements of a sound step.
func TestApplyMakesStep(t *testing.T) {
	b, err := board.Parse("3.65.84..52........87....31..3.1..8.9..863..5.5..9.6..13....25........74..52.63..")
	require.NoError(t, err)
	l := b.Layout()
	r1c2, r2c3 := l.CellAt(0, 1), l.CellAt(1, 2)
	require.True(t, b.Has(r1c2, 1))
	el := b.Candidates(r2c3).First()
	require.NoError(t, Apply(b, Step{Technique: "x",
		Placements:   []board.Candidate{{Cell: r1c2, Digit: 1}},
		Eliminations: []board.Candidate{{Cell: r2c3, Digit: el}}}))
	assert.Equal(t, board.Digit(1), b.Value(r1c2))
	assert.False(t, b.Has(r2c3, el))
}
