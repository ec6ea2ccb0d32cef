//go:build race

package techniques

// raceEnabled is true under -race, where the variant sweeps run a hundred times slower
// and are left to the plain runs; TestConcurrent covers the variants under -race.
const raceEnabled = true
