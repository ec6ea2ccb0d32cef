package techniques

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// The large grids of the walkthrough benchmarks and of the cancellation tests.
const (
	grid25 = "..8..N3.4.C1IJ..AHO79..MD.....H.OA..NK..9.L5..8.B..P.H7G.8.6..DM9......2.4....LD.E.....6B..4..K..H.74.2NKL.5M....APF.G8..........38G.6.......IC.F..2KE6GB89.N.K.J..I..7.A.L..D...4.E5.M.........8..1..IF.1JCF.HA...2E.N.D.MP....9D..5.C1.IFB...G.......O.3.D..AF...BL.M.6KC.......427N3.96L5.H.AO.I.FGB...C..K1EJP.H.A.34.7659...G..B8.GFB3..241EJCKD.P...L9....L...K.C.GF.8...3N.DH...L...5.4.....8G.AN.3.M.D.O.4.K.D.PH..7.NA..6.5..IG.G.FI8..3..E...4M.......L.NA.7.....5PDO..JG.F8...1.HMP..IJF..9..L....EC..7N2...41.5D.H7.N....B..C..F.98.BL...E.......3A7N5D.PH..IJGAO7...4..2........9.P.DM.J.I..6.L98...K.O.A..3O.A..869LDMH..C..I.2K4.."
	grid16 = "..2...45..9...E.....83...5..B...A.4.D.....E..1..D..9.E.F213....AE......28..7AB.9...G..D6C.....5774.5....D6..C21.3..1.5...B...6..B75.6..9...2...4..1..A.7.9.........C4..3..A.G.D.6..D2...13..5.......5..8.......F...4GB.A.D..E...F....2..3...7.B..A.B..9.EC.13845"
	// hard9 is forum-hardest-11plus:1.
	hard9 = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
)

// BenchmarkWalkthroughLarge times a walkthrough of the 16x16 and 25x25 grids above:
// the finders whose cost grows steeply with the grid size bound their work there.
// The /cores runs lend the forcing nets to a second core (Options.Cores).
// cpu-ms is the process's CPU time, which other processes on a shared machine do not
// inflate as they do the wall clock.
func BenchmarkWalkthroughLarge(b *testing.B) {
	for _, c := range []struct {
		name, grid string
		cores      int
	}{{"16x16", grid16, 0}, {"16x16/cores", grid16, runtime.GOMAXPROCS(0)}, {"25x25", grid25, 0}, {"25x25/cores", grid25, runtime.GOMAXPROCS(0)}} {
		b.Run(c.name, func(b *testing.B) {
			var opt Options
			if c.cores > 0 {
				// One solve lent every core, as the command does for a single puzzle.
				opt.Cores = NewCores(c.cores)
			}
			p := parsed(c.grid)(b)
			var wall time.Duration
			cpu0, cpuOK := cpuTime()
			for b.Loop() {
				start := time.Now()
				tr, err := Solve(context.Background(), p, opt)
				wall += time.Since(start)
				if err != nil || !tr.Summary.Solved {
					b.Fatalf("%s: solved %v, %v", c.name, tr.Summary.Solved, err)
				}
			}
			b.ReportMetric(float64(wall.Milliseconds())/float64(b.N), "wall-ms")
			if cpu1, ok := cpuTime(); ok && cpuOK {
				b.ReportMetric(float64((cpu1-cpu0).Milliseconds())/float64(b.N), "cpu-ms")
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}
