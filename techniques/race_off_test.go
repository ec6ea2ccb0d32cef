//go:build !race

package techniques

// raceEnabled is true under -race (see race_on_test.go).
const raceEnabled = false
