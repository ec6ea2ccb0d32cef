//go:build !linux

package fallback

// threadCPU is only measured on Linux.
func threadCPU() (nanos int64, ok bool) { return 0, false }
