// Package cputime reads the CPU time of the process, for the benchmarks of the
// techniques and the generator: unlike the wall clock it does not grow while other
// processes share the machine.
package cputime
