//go:build unix

package generate

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used so far (user and system, the
// garbage collector's included), which unlike the wall clock does not grow when
// other processes share the machine.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
