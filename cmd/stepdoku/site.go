package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// site holds the files only a built site needs: the Web Worker that runs the engine,
// the service worker that keeps the site offline, the web app manifest and its icon.
//
//go:embed site
var siteFiles embed.FS

// wasmName is the engine's file in a site; wasmExecName is Go's glue for it.
const (
	wasmName     = "stepdoku.wasm"
	wasmExecName = "wasm_exec.js"
	enginePkg    = "github.com/stepdoku/stepdoku/cmd/stepdoku"
)

// siteHead goes into the site's index.html before </head>: the page asks the worker,
// not a server; the manifest makes it installable; the policy keeps every request
// within the site's own files.
const siteHead = `<meta name="stepdoku-engine" content="worker">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'">
<meta name="theme-color" content="#1f4fa0">
<link rel="manifest" href="manifest.webmanifest">
<link rel="icon" href="icon.svg" type="image/svg+xml">
`

func siteCommand() command {
	c := command{
		name:  "site",
		usage: "[--src DIR] DIR",
		short: "a static web site of the board: the engine in the browser (WebAssembly), offline too",
		long: `Writes the board of serve as a static site into DIR: the same page, with the whole
engine compiled to WebAssembly and run in a Web Worker in the player's browser, a
web app manifest (installable) and a service worker (after the first visit the site
works offline). Any static file server can serve DIR, at / or under any path;
it needs no server code and the page asks nothing of any other site.

The engine is built with the Go toolchain found on PATH (GOOS=js GOARCH=wasm,
-trimpath, -ldflags=-s -w) from the stepdoku source in --src (the current folder
by default: a checkout of the module), and Go's wasm_exec.js comes from the same Go
installation. Files of the site already in DIR are replaced; others are left.`,
	}
	c.run = func(e *env) int {
		fs := c.flagSet(e)
		src := fs.String("src", ".", "the `DIR` of the stepdoku source the engine is built from")
		pos, code, stop := parseFlags(fs, e)
		if stop {
			return code
		}
		if len(pos) != 1 {
			return fail(e, "site takes one folder to write the site into, got %d arguments", len(pos))
		}
		tmp, err := os.MkdirTemp("", "stepdoku-site-")
		if err != nil {
			return fail(e, "site: %v", err)
		}
		defer os.RemoveAll(tmp)
		wasm, wasmExec, err := buildEngine(e.ctx, *src, tmp)
		if err != nil {
			return fail(e, "site: %v", err)
		}
		names, err := writeSite(pos[0], wasm, wasmExec)
		if err != nil {
			return fail(e, "site: %v", err)
		}
		raw, zipped, err := siteSize(pos[0], names)
		if err != nil {
			return fail(e, "site: %v", err)
		}
		fmt.Fprintf(e.stdout, "stepdoku: wrote %d files to %s: %.1f MB, %.1f MB gzipped\n", len(names), pos[0], float64(raw)/1e6, float64(zipped)/1e6)
		return exitOK
	}
	return c
}

// buildEngine builds the engine for the browser from the module in src with the Go
// toolchain on PATH, in folder tmp, and reads it and the toolchain's wasm_exec.js.
func buildEngine(ctx context.Context, src, tmp string) (wasm, wasmExec []byte, err error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return nil, nil, errors.New("no Go toolchain on PATH: the engine is compiled to WebAssembly with Go (https://go.dev/dl/)")
	}
	out, err := exec.CommandContext(ctx, goBin, "env", "GOROOT").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go env GOROOT: %v", err)
	}
	root := strings.TrimSpace(string(out))
	// Go 1.24 moved wasm_exec.js from misc/wasm to lib/wasm.
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		if wasmExec, err = os.ReadFile(filepath.Join(root, dir, wasmExecName)); err == nil {
			break
		}
	}
	if wasmExec == nil {
		return nil, nil, fmt.Errorf("the Go installation in %s has no %s (in lib/wasm or misc/wasm)", root, wasmExecName)
	}
	file := filepath.Join(tmp, wasmName)
	cmd := exec.CommandContext(ctx, goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", file, enginePkg)
	cmd.Dir = src
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		why := strings.TrimSpace(stderr.String())
		if why == "" {
			why = err.Error()
		}
		why, _, _ = strings.Cut(why, "\n")
		return nil, nil, fmt.Errorf("building the engine for WebAssembly in %s (run site in a checkout of github.com/stepdoku/stepdoku, or give --src): %s", src, why)
	}
	if wasm, err = os.ReadFile(file); err != nil {
		return nil, nil, err
	}
	return wasm, wasmExec, nil
}

// writeSite writes the site into dir: the page of serve (its index.html told to ask
// the worker), the site's own files, the engine and its glue. The service worker
// caches every file under a version made from their contents, so a site with any
// file changed replaces the cached one. It returns the names of the files written.
func writeSite(dir string, wasm, wasmExec []byte) ([]string, error) {
	files := map[string][]byte{wasmName: wasm, wasmExecName: wasmExec}
	for _, from := range []struct {
		fsys fs.FS
		dir  string
	}{{webFiles, "web"}, {siteFiles, "site"}} {
		entries, err := fs.ReadDir(from.fsys, from.dir)
		if err != nil {
			return nil, err
		}
		for _, en := range entries {
			if en.IsDir() {
				continue
			}
			data, err := fs.ReadFile(from.fsys, from.dir+"/"+en.Name())
			if err != nil {
				return nil, err
			}
			files[en.Name()] = data
		}
	}
	page := string(files["index.html"])
	if !strings.Contains(page, "</head>") {
		return nil, errors.New("web/index.html has no </head> to add the site's lines to")
	}
	files["index.html"] = []byte(strings.Replace(page, "</head>", siteHead+"</head>", 1))

	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	h := sha256.New()
	var cached []string
	for _, name := range names {
		if name == "sw.js" {
			continue
		}
		fmt.Fprintf(h, "%s %d\n", name, len(files[name]))
		h.Write(files[name])
		if name == "index.html" {
			// The folder's address serves it; "index.html" itself may be a redirect.
			name = "./"
		}
		cached = append(cached, name)
	}
	list, err := json.Marshal(cached)
	if err != nil {
		return nil, err
	}
	sw := string(files["sw.js"])
	if !strings.Contains(sw, `"__VERSION__"`) || !strings.Contains(sw, "__FILES__") {
		return nil, errors.New("site/sw.js has no __VERSION__ or __FILES__ to fill in")
	}
	sw = strings.Replace(sw, "__VERSION__", hex.EncodeToString(h.Sum(nil))[:16], 1)
	files["sw.js"] = []byte(strings.Replace(sw, "__FILES__", string(list), 1))

	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	for _, name := range names {
		if err := os.WriteFile(filepath.Join(dir, name), files[name], 0o644); err != nil {
			return nil, err
		}
	}
	return names, nil
}

// siteSize is the bytes of the named files in dir, and of each compressed with gzip
// at its best, as a static host that compresses would send them.
func siteSize(dir string, names []string) (raw, zipped int64, err error) {
	var count countWriter
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return 0, 0, err
		}
		raw += int64(len(data))
		count = 0
		zw, _ := gzip.NewWriterLevel(&count, gzip.BestCompression) // a valid level
		if _, err := zw.Write(data); err != nil {
			return 0, 0, err
		}
		if err := zw.Close(); err != nil {
			return 0, 0, err
		}
		zipped += int64(count)
	}
	return raw, zipped, nil
}

// countWriter counts the bytes written to it.
type countWriter int64

func (c *countWriter) Write(p []byte) (int, error) {
	*c += countWriter(len(p))
	return len(p), nil
}
