package fallback

import (
	"syscall"
	"unsafe"
)

// threadCPU returns the CPU time the calling thread has used, so that benchmarks can
// report a figure that other work on a shared machine does not inflate. The caller
// must hold its thread (runtime.LockOSThread). It reads the thread's CPU clock, which
// counts nanoseconds (getrusage counts scheduler ticks, too coarse to time one
// puzzle); getrusage stands in where the clock cannot be read.
func threadCPU() (nanos int64, ok bool) {
	const clockThreadCPUTime = 3 // CLOCK_THREAD_CPUTIME_ID
	var ts syscall.Timespec
	if _, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); errno == 0 {
		return ts.Nano(), true
	}
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
