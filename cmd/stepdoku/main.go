//go:build !(js && wasm)

package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// After the first signal, a second one kills at once, as without the handler.
		<-ctx.Done()
		stop()
	}()
	code := runContext(ctx, os.Args[1:], pipedStdin(), os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// pipedStdin returns standard input when something is piped or redirected into it,
// and nil when it is a terminal or missing, so that a bare `stepdoku solve` uses the
// example puzzle instead of waiting for typing.
func pipedStdin() io.Reader {
	fi, err := os.Stdin.Stat()
	if err != nil || fi.Mode()&os.ModeCharDevice != 0 {
		return nil
	}
	return os.Stdin
}
