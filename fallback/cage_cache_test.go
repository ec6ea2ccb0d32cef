package fallback

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCachedSupport holds the killer search with its cache of cage supports to
// the search without it: on every puzzle of the shared killer sets that search
// cheaply (every 10th easy killer under -short, and the hard ones that need no
// more than a few thousand guesses), both count the same solutions with the same
// guesses (the cache must not change the tree, only its cost), and the solution
// is the file's. One of them must guess a thousand times, or the cache went unused.
func TestCachedSupport(t *testing.T) {
	ctx := context.Background()
	step := 1
	if testing.Short() {
		step = 10
	}
	cases := variantSet(t, "killer", 0, step)
	for _, vc := range variantSet(t, "killer-hard", 0, 1) {
		if !killerHardBig(vc.line) && vc.line != 33 {
			cases = append(cases, vc)
		}
	}
	most := 0
	for _, vc := range cases {
		with, err := search(ctx, vc.b, query{limit: 2, keep: 1, method: General})
		require.NoError(t, err, "line %d", vc.line)
		without, err := search(ctx, vc.b, query{limit: 2, keep: 1, method: General, noCache: true})
		require.NoError(t, err, "line %d", vc.line)
		require.Equal(t, 1, with.count, "line %d", vc.line)
		require.Equal(t, without.count, with.count, "line %d", vc.line)
		require.Equal(t, without.guesses, with.guesses, "line %d: guesses", vc.line)
		require.Equal(t, gridString(vc.solution), gridString(with.sols[0]), "line %d", vc.line)
		most = max(most, with.guesses)
	}
	require.Greater(t, most, 1000, "no puzzle guessed enough to use the cache")
}
