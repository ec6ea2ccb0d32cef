// Command stepdoku solves Sudoku the way a strong human does and explains every step.
//
// Run `stepdoku help` for the commands and `stepdoku help <command>` for each one's
// flags. Exit codes: 0 success, 1 a negative answer (no solution, not unique, not
// solvable by logic, ...), 2 a usage or input error, 130 a batch interrupted by SIGINT
// or SIGTERM (what it finished is written, in order).
//
// The README says what the command does for a user; what follows is for the people
// who work on it: how the tests are switched, how the batches and the server behave
// under load, where things live, and the figures measured beyond the README's table
// of peers, each with its command.
//
// # Tests
//
// `go test ./...` reads the public puzzle sets, conformance cases, ratings and variant
// sets in ../shared beside the checkout when it is there; without it those parts skip
// and the project's own fixtures still run. STEPDOKU_FULL=1 adds the long sweeps
// (thousands of walkthroughs checked step by step against the solution, the static
// site's browser test) and STEPDOKU_LOAD=1 the web service's full load test; CI
// (`bash .ci/run`) turns both on, then runs the race detector with -short. The
// browser tests play whole puzzles in headless Chromium (`apt-get install chromium`;
// STEPDOKU_SHOTS=DIR keeps a screenshot of each); without one they skip, except under
// CI=true. TestGNUParallel runs the README's GNU parallel example when parallel is
// installed.
//
// # Batches
//
// A file is streamed: memory stays flat (`check --logic` on a million lines peaks
// near 25 MB). A progress bar shows on a terminal (--quiet hides it). While fewer
// puzzles than cores are being worked on (a single large puzzle, the end of a batch),
// a walk lends its forcing nets to an idle core and counts the solutions beside the
// walk: the same steps, sooner (serve does the same).
//
// # The server
//
// serve's JSON API takes lower-case keys only: up_to, techniques, with and logic_only
// as the CLI's flags; grid, marks, level and picture for hint; logic for check; from
// and grid for walk, which is paged: {"trace" (first page), "from", "screens", "next",
// "pictures"}. At most --solves requests work at once (default: the cores) with a
// bounded queue behind; past it the answer is 503 with Retry-After. One deadline
// (--timeout, 20 s) covers solving, drawing and writing (504 past it); bodies are
// capped at 64 KiB (413 at once, 408 if slow), answers at 16 MB, grids at 16x16;
// errors are {"error": "..."}. Ctrl-C lets requests in flight finish (--grace; past
// it they get a 503). The server answers only Host names it is bound to unless
// --allow-host adds more, and warns when --addr is not a loopback address.
//
// # Where things live
//
//   - board/: the vocabulary (digits, digit sets, cells, houses, layouts), the
//     candidate board, every input and output format, validity checks.
//   - fallback/: depth-first search: solve, count solutions (Classify: none, one or
//     several), refute a candidate; a 9x9 bitboard, a general solver and an
//     exact-cover (DLX) search, chosen by fallback.Method.
//   - explain/: the step record, the trace, the one-liner, prose catalogues
//     (explain/messages/en.yaml, ja.yaml), JSON/YAML, hints.
//   - explain/svg/, explain/html/: the pictures of steps (for a single, the beams from
//     each digit that rules the other cells out), and the walkthrough page; golden
//     pictures in testdata/svg/ (`go test ./explain/svg -update`).
//   - cmd/stepdoku/web/: the web app's files, embedded; cmd/stepdoku/site/: a static
//     site's own.
//   - techniques/: one file per technique family, Default() (the ordered list), the
//     pipeline (Solve, Solver), the Pass each finder gets (the board, the context, the
//     results shared on one board state), HoDoKu conformance (Conform).
//   - techniques/hint/: a hint from a player's grid and marks; techniques/rate/: the
//     rating, with Sudoku Explainer's scale as data (scale.yaml); techniques/generate/:
//     new puzzles.
//   - testdata/techniques/<id>.yaml: what each technique must find, and must not;
//     testdata/walkthroughs/: golden walkthroughs
//     (`go test ./techniques -run Walkthroughs -update`).
//
// # Figures
//
// Measured on the project's 2-core machines, one core used unless said, while other
// work shared them; ranges are over several runs.
//
// Search, Count up to 2 solutions, on the first 10,000 puzzles of the two large sets
// (-benchall for all): `go test ./fallback -run '^$' -bench 'Count$/SET' -benchtime
// 2s`, CPU time, medians of three runs, each alternately with tdoku's `run_benchmark
// -s tdoku -r 0 -t 2 -w 1` on the same file (tdoku had 92-99% of a core to itself).
//
//	set                    µs/puzzle  guesses/puzzle  tdoku µs/puzzle
//	17-clue                     2.49            0.40             4.0
//	top1465                    10.01            8.56            11.1
//	forum-hardest-11plus       60.97            76.8            62.2
//
// Whole walkthroughs with step records (no text): `go test ./techniques -run '^$'
// -bench BenchmarkWalkthrough -benchtime 1x` (17-clue: 500 puzzles spread over the
// set, -benchtime 10x for the steady median; hardest: 200; mean is the wall time per
// puzzle, the benchmark also reports the process's CPU time).
//
//	set                    median     mean           without a search step  steps/puzzle
//	17-clue                62-68 µs   132-140 µs     100%                   67.0
//	top1465                3.4 ms     13.8-14.3 ms   1,462 of 1,465         84.6
//	kaggle3m-expert        3.4 ms     10.0 ms        100%                   80.2
//	forum-hardest-11plus   62 ms      58 ms          0% (before the nets)   99.5
//
// The forum's hardest list by logic (every 48th line, 1,015 puzzles, `stepdoku check
// --logic --jobs 1`): all 1,015 without a search step, 0.28 s CPU a puzzle (279 s in
// all, on a loaded machine), 52 MB peak; 603 of them need a nested net. Every
// written proof of their nets replayed by explain/proofcheck
// (`STEPDOKU_FULL=1 go test ./explain/proofcheck -run TestHardestProofs`).
//
// Variants, every step checked against the set's solution:
//
//   - x-dev (Sudoku-X): 300/300 by logic, 26 s CPU
//     (`stepdoku check --logic --variant x --jobs 1`).
//   - windoku, jigsaw, killer: 299/300, 66/66, 334/334 by logic
//     (`STEPDOKU_VARIANT_STATS=1 go test ./techniques -run TestVariantStats -v`).
//   - killer-hard-dev: 18/34 by logic, the file in 64 s CPU (`check --logic --jobs
//     1`), no timeout; the others stall where a net over every cage's whole
//     arithmetic refutes nothing (`STEPDOKU_KILLER_HARD=1 go test ./techniques -run
//     'TestKillerHard(Stall|NeedsSearch)' -v`).
//   - the killer search: killer-dev 0.3 ms median (`go test ./fallback -run '^$'
//     -bench BenchmarkKiller -benchtime 1x`); killer-hard-dev 1.6 s CPU mean, 0.7 ms
//     median, the slowest 9.5 s (the same with -killerbudget 120s).
//
// Large grids (`go test ./techniques -run '^$' -bench BenchmarkWalkthroughLarge
// -benchtime 10x`, wall time of Solve; /cores lends the costliest techniques to a
// second core): 16x16 0.36-0.41 s on one core, 0.23-0.27 s with two; 25x25
// 1.04-1.23 s with two.
//
// The static site of `site`: 4.2 MB gzipped (16.8 MB), which `stepdoku site DIR`
// prints; a board 1.0-2.4 s after navigation in headless Chromium on the shared 2
// cores, a hint on the Easter Monster 0.9-2.0 s (`go test ./cmd/stepdoku -run
// TestBrowserSite -v` logs the times).
//
// The generator: BenchmarkGenerate in techniques/generate reports puzzles per second
// and CPU time per puzzle for plain, rot180, expert-like and X-Wing-hardest puzzles.
package main
