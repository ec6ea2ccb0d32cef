// Command stepdoku-beam rates or checks collections of puzzles too large for one
// machine, as an Apache Beam pipeline: it reads puzzle files (a glob), rates each
// with techniques/rate or checks it with fallback.Classify (and techniques.Solve
// for --logic), the same library calls as stepdoku rate and check, and writes
// JSON Lines in shards plus a summary (counts per level, per verdict and per
// hardest technique).
//
// It runs on Beam's Prism runner in this process by default, and on Dataflow,
// Flink or Spark with Beam's own flags (--runner, --project, --endpoint ...); see
// README.md.
//
//	stepdoku-beam --input 'puzzles/*.txt' --output out/rated
//	stepdoku-beam --mode check --logic --input 'gs://b/p/*.txt' --output gs://b/out/checked \
//	    --runner dataflow --project P --region europe-west1 --staging_location gs://b/staging
//
// It is its own Go module, so that the library and the CLI do not carry Beam's
// dependencies.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
)

func main() {
	o, err := parseFlags(flag.CommandLine, os.Args[1:])
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "stepdoku-beam: %v\n", err)
		os.Exit(2)
	}
	// Beam's workers start this binary too; Init turns it into one when it is one.
	beam.Init()
	ctx := context.Background()
	if err := checkInput(ctx, o.Input); err != nil {
		fmt.Fprintf(os.Stderr, "stepdoku-beam: %v\n", err)
		os.Exit(2)
	}
	p, s := beam.NewPipelineWithRoot()
	build(s, o)
	if err := beamx.Run(ctx, p); err != nil {
		fmt.Fprintf(os.Stderr, "stepdoku-beam: %v\n", err)
		os.Exit(1)
	}
}

// parseFlags reads the pipeline's flags from args into fs, which also holds
// Beam's own (--runner and the runners' options) when it is flag.CommandLine.
func parseFlags(fs *flag.FlagSet, args []string) (options, error) {
	var o options
	fs.StringVar(&o.Input, "input", "", "puzzle files: a glob, local or gs://bucket/... (required)")
	fs.StringVar(&o.Output, "output", "", "prefix of the output: PREFIX-00000-of-00008.jsonl ... and PREFIX-summary.json (required)")
	fs.StringVar(&o.Mode, "mode", "rate", "rate (Sudoku Explainer's ER/EP/ED, level, score) or check (the number of solutions)")
	fs.BoolVar(&o.Logic, "logic", false, "check: also solve with the techniques, giving logic or fallback, the hardest technique and the steps")
	fs.IntVar(&o.Shards, "shards", 8, "number of output shards")
	fs.DurationVar(&o.Timeout, "timeout", 30*time.Second, "give up on a puzzle after this long (0: never)")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: stepdoku-beam --input GLOB --output PREFIX [--mode rate|check] [--logic] [--runner prism|direct|dataflow|flink|spark ...]\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case fs.NArg() > 0:
		return o, fmt.Errorf("unexpected argument %q: the puzzles are given by --input", fs.Arg(0))
	case o.Input == "":
		return o, errors.New("--input is required: a glob of puzzle files")
	case o.Output == "":
		return o, errors.New("--output is required: the prefix of the output files")
	case o.Mode != "rate" && o.Mode != "check":
		return o, fmt.Errorf("--mode %q: want rate or check", o.Mode)
	case o.Logic && o.Mode != "check":
		return o, errors.New("--logic goes with --mode check (rate always solves with the techniques)")
	case o.Shards < 1:
		return o, fmt.Errorf("--shards %d: want 1 or more", o.Shards)
	case o.Timeout < 0:
		return o, fmt.Errorf("--timeout %v: want 0 (never) or more", o.Timeout)
	}
	return o, nil
}

// checkInput fails when glob matches no file, before a job is started for
// nothing (the pipeline would fail too, deep in a worker's log).
func checkInput(ctx context.Context, glob string) error {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return fmt.Errorf("--input %q: %v", glob, err)
	}
	defer fs.Close()
	files, err := fs.List(ctx, glob)
	if err != nil {
		return fmt.Errorf("--input %q: %v", glob, err)
	}
	if len(files) == 0 {
		return fmt.Errorf("--input %q: no file matches", glob)
	}
	return nil
}
