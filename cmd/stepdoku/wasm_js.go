//go:build js && wasm

package main

import (
	"context"
	"syscall/js"
	"time"
)

// main of the WebAssembly build that `stepdoku site` makes: the engine in the
// browser's Web Worker (site/worker.js). It answers the page's questions with the
// handler `serve` runs, so the JSON is the same by construction, and keeps nothing
// between them. The worker calls
//
//	stepdokuAsk(method, path, body, done)
//
// and done(status, json) comes once the answer is made. Go on js/wasm has one thread
// and no preemption: while an answer is computed the worker takes no message, so
// the page stops a long one by ending the worker (web/app.js, stop).
func main() {
	cfg := defaultServeConfig()
	// A browser serves one player on the player's own machine: no other client to
	// protect, and the page's stop button ends a long answer sooner.
	cfg.timeout = 2 * time.Minute
	h := newServer(cfg).handler(newHostPolicy(nil, nil))
	js.Global().Set("stepdokuAsk", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 4 || args[3].Type() != js.TypeFunction {
			return "stepdokuAsk takes method, path, body and a function for the answer"
		}
		method, path, body, done := args[0].String(), args[1].String(), args[2].String(), args[3]
		// A callback from JavaScript must not block: the answer is made apart.
		go func() {
			status, data := answerInMemory(context.Background(), h, method, path, body)
			done.Invoke(status, string(data))
		}()
		return nil
	}))
	select {} // answer until the worker ends
}
