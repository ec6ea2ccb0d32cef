package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBinaryUnderMemoryLimit runs the built command as a user would, under
// `ulimit -v 2000000` (2 GB of address space): on /dev/zero, /dev/urandom and huge
// --jobs, each command refuses in one line (exit 2), or works until SIGINT or
// SIGTERM stops it (exit 130); none is killed by the limit or panics.
func TestBinaryUnderMemoryLimit(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash to set the limit with")
	}
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	if testing.Short() {
		t.Skip("builds the command")
	}
	bin := filepath.Join(t.TempDir(), "stepdoku")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(out))

	// start runs bin with args under the limit; stdin is a pipe nobody writes to.
	start := func(t *testing.T, args ...string) (*exec.Cmd, *bytes.Buffer) {
		t.Helper()
		cmd := exec.Command(bash, append([]string{"-c", `ulimit -v 2000000 && exec "$0" "$@"`, bin}, args...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		pr, pw, err := os.Pipe()
		require.NoError(t, err)
		t.Cleanup(func() { pw.Close() })
		cmd.Stdin = pr
		require.NoError(t, cmd.Start())
		pr.Close()
		return cmd, &stderr
	}
	// wait waits for cmd, killing it after limit (a hang: the test fails).
	wait := func(t *testing.T, cmd *exec.Cmd, limit time.Duration) int {
		t.Helper()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			var ee *exec.ExitError
			if errors.As(err, &ee) {
				return ee.ExitCode()
			}
			require.NoError(t, err)
			return 0
		case <-time.After(limit):
			_ = cmd.Process.Kill()
			<-done
			t.Fatalf("%v still running after %v", cmd.Args[3:], limit)
			return -1
		}
	}

	p := hostileP
	refused := [][]string{
		{"check", "/dev/zero"}, {"solve", "/dev/zero"}, {"explain", "/dev/zero"}, {"rate", "/dev/zero"},
		{"candidates", "/dev/zero"}, {"minimize", "/dev/zero"}, {"transform", "--seed", "1", "/dev/zero"},
		{"conform", "/dev/zero"}, {"candidates", "/dev/urandom"}, {"conform", "/dev/urandom"},
		{"hint", p, "--grid", "/dev/zero"}, {"hint", p, "--marks", "/dev/urandom"}, {"hint", "/dev/zero"},
		{"check", "--jobs", "1000000000", p}, {"check", "--jobs", "2305843009213693952", p},
		{"generate", "--jobs", "1000000000"}, {"generate", "--er", "13.5-20"},
		{"serve", "--solves", "9223372036854775807", "--addr", "127.0.0.1:0"},
	}
	for _, args := range refused {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			cmd, stderr := start(t, args...)
			code := wait(t, cmd, time.Minute)
			assert.Equal(t, exitUsage, code, stderr.String())
			assert.Equal(t, 1, strings.Count(stderr.String(), "\n"), "one line: %q", stderr.String())
			assert.True(t, strings.HasPrefix(stderr.String(), "stepdoku: "), stderr.String())
		})
	}

	// Batches of /dev/urandom (each line an error) and a read that blocks end on a signal.
	stopped := []struct {
		args []string
		sig  syscall.Signal
	}{
		{[]string{"check", "/dev/urandom"}, syscall.SIGINT},
		{[]string{"explain", "/dev/urandom"}, syscall.SIGTERM},
		{[]string{"check", "-"}, syscall.SIGINT},
		{[]string{"solve", "-"}, syscall.SIGTERM},
		{[]string{"hint", p, "--grid", "-"}, syscall.SIGINT},
		{[]string{"conform", "-"}, syscall.SIGTERM},
		{[]string{"generate", "--er", "12-13"}, syscall.SIGINT},
	}
	for _, tc := range stopped {
		t.Run(strings.Join(tc.args, " ")+" "+tc.sig.String(), func(t *testing.T) {
			cmd, stderr := start(t, tc.args...)
			time.Sleep(500 * time.Millisecond)
			require.NoError(t, cmd.Process.Signal(tc.sig))
			code := wait(t, cmd, 10*time.Second)
			assert.Equal(t, exitInterrupted, code, lastLine(stderr.String()))
			assert.Contains(t, lastLine(stderr.String()), "interrupted")
		})
	}
}

func lastLine(s string) string {
	s = strings.TrimRight(s, "\n")
	return s[strings.LastIndex(s, "\n")+1:]
}
