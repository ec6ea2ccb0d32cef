//go:build !unix

package cputime

import "time"

// Process is only measured on Unix: it returns false elsewhere.
func Process() (time.Duration, bool) { return 0, false }
