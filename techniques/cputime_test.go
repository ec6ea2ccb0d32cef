package techniques

import (
	"time"

	"github.com/stepdoku/stepdoku/techniques/internal/cputime"
)

// cpuTime is the process's CPU time so far, for the benchmarks (cputime.Process).
func cpuTime() (time.Duration, bool) { return cputime.Process() }
