//go:build !unix

package generate

import "time"

// cpuTime is only measured on Unix.
func cpuTime() (time.Duration, bool) { return 0, false }
