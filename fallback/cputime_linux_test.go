package fallback

import "syscall"

// threadCPU returns the CPU time the calling thread has used, so that benchmarks can
// report a figure that other work on a shared machine does not inflate. The caller
// must hold its thread (runtime.LockOSThread).
func threadCPU() (nanos int64, ok bool) {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0, false
	}
	return ru.Utime.Nano() + ru.Stime.Nano(), true
}
