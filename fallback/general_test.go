package fallback

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/stepdoku/stepdoku/board"
)

// grid25 is a unique 25x25 puzzle with 294 givens (techniques' large walkthrough).
const grid25 = "..8..N3.4.C1IJ..AHO79..MD.....H.OA..NK..9.L5..8.B..P.H7G.8.6..DM9......2.4....LD.E.....6B..4..K..H.74.2NKL.5M....APF.G8..........38G.6.......IC.F..2KE6GB89.N.K.J..I..7.A.L..D...4.E5.M.........8..1..IF.1JCF.HA...2E.N.D.MP....9D..5.C1.IFB...G.......O.3.D..AF...BL.M.6KC.......427N3.96L5.H.AO.I.FGB...C..K1EJP.H.A.34.7659...G..B8.GFB3..241EJCKD.P...L9....L...K.C.GF.8...3N.DH...L...5.4.....8G.AN.3.M.D.O.4.K.D.PH..7.NA..6.5..IG.G.FI8..3..E...4M.......L.NA.7.....5PDO..JG.F8...1.HMP..IJF..9..L....EC..7N2...41.5D.H7.N....B..C..F.98.BL...E.......3A7N5D.PH..IJGAO7...4..2........9.P.DM.J.I..6.L98...K.O.A..3O.A..869LDMH..C..I.2K4.."

// TestGeneralBranching counts the 25x25 puzzle's solutions with the general search
// and bounds its guesses: taking the first cell with two candidates, as it once did,
// it made 37,777 of them (0.8 s); the cell whose candidates most open peers share
// brings that under 5,000.
func TestGeneralBranching(t *testing.T) {
	b, err := board.Parse(grid25)
	require.NoError(t, err)
	st, err := General.CountStats(context.Background(), b, 2)
	require.NoError(t, err)
	require.Equal(t, 1, st.Solutions)
	require.Less(t, st.Guesses, 6000)
	require.Positive(t, st.Guesses)
}
