//go:build !unix

package techniques

import "time"

// cpuTime is not measured on this system.
func cpuTime() (time.Duration, bool) { return 0, false }
