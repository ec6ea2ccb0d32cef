package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"maps"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/stepdoku/stepdoku/board"
)

// Beam finds DoFns and element types by name on the workers, so they are
// registered when the binary starts: the one use of init here, as Beam requires.
func init() {
	beam.RegisterType(reflect.TypeFor[item]())
	beam.RegisterType(reflect.TypeFor[outcome]())
	beam.RegisterType(reflect.TypeFor[tally]())
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(item), error](&readFn{})
	register.Emitter1[item]()
	register.DoFn2x1[context.Context, item, outcome](&workFn{})
	register.DoFn1x2[outcome, int, string](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.Iter1[string]()
	register.Combiner2[tally, outcome](&summaryFn{})
	register.DoFn2x1[context.Context, tally, error](&writeSummaryFn{})
}

// options are the pipeline's own settings (Beam's, such as --runner, are flags
// of Beam's packages).
type options struct {
	Input  string // a glob, local or of a Beam file system (gs://, s3://)
	Output string // the prefix of the shards and the summary
	Shards int
	config
}

// shardName is the path of shard i of n.
func shardName(prefix string, i, n int) string {
	return fmt.Sprintf("%s-%05d-of-%05d.jsonl", prefix, i, n)
}

// summaryName is the path of the summary.
func summaryName(prefix string) string { return prefix + "-summary.json" }

// build adds the pipeline to s: match the files, read their puzzles, spread them
// over the workers, rate or check each, write the results in shards and the
// summary beside them.
func build(s beam.Scope, o options) {
	files := fileio.MatchFiles(s, o.Input, fileio.MatchEmptyDisallow())
	readable := fileio.ReadMatches(s, files, fileio.ReadDirectorySkip())
	items := beam.ParDo(s, &readFn{}, readable)
	// A file is read by one worker, in order, for its line numbers; the reshuffle
	// spreads its puzzles, which cost far more to rate than to read.
	items = beam.Reshuffle(s, items)
	outcomes := beam.ParDo(s, &workFn{Config: o.config}, items)

	keyed := beam.ParDo(s, &shardFn{Shards: o.Shards}, outcomes)
	beam.ParDo0(s, &writeShardFn{Prefix: o.Output, Shards: o.Shards}, beam.GroupByKey(s, keyed))

	sum := beam.Combine(s, &summaryFn{}, outcomes)
	beam.ParDo0(s, &writeSummaryFn{Path: summaryName(o.Output), Mode: o.Mode}, sum)
}

// readFn reads the puzzles of one file with board.Reader, as the CLI does: one per
// line ('#' comments), or grids in blocks, each with the line it starts on.
type readFn struct{}

func (fn *readFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emit func(item)) error {
	path := f.Metadata.Path
	rc, err := f.Open(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer rc.Close()
	rd := board.NewReader(rc)
	for {
		b, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		it := item{File: path, Line: rd.Line(), Puzzle: "-"}
		var pe *board.ParseError
		switch {
		case err == nil:
			it.Puzzle = b.String()
			if it.Board, err = beyondLine(b, it.Puzzle); err != nil {
				return fmt.Errorf("%s: line %d: %w", path, it.Line, err)
			}
		case errors.As(err, &pe):
			it.Err = placeInLine(pe, it.Line)
		default:
			// A failed read, not a bad puzzle: let Beam retry or fail the job.
			return fmt.Errorf("%s: line %d: %w", path, rd.Line(), err)
		}
		emit(it)
	}
}

// beyondLine returns b as JSON when its line (b.String()) does not say all of
// it: placed values that are not givens, or candidates taken out. Else it returns
// "", and the line travels alone: the JSON of a board is some forty times larger,
// and Prism keeps what it reshuffles in memory.
func beyondLine(b *board.Board, line string) (string, error) {
	if b.Givens().Count() == b.Layout().Cells()-b.EmptyCells() {
		fresh, err := board.Parse(line)
		if err == nil && fresh.CandidateLine() == b.CandidateLine() {
			return "", nil
		}
	}
	data, err := b.MarshalJSON()
	return string(data), err
}

// placeInLine says pe for an entry that gives its line beside it: "column 14: '?'
// is not a digit", with a line only when it is another one.
func placeInLine(pe *board.ParseError, line int) string {
	msg := pe.Msg
	if pe.Column > 0 {
		msg = fmt.Sprintf("column %d: %s", pe.Column, msg)
	}
	if pe.Line > 0 && pe.Line != line {
		msg = fmt.Sprintf("line %d, %s", pe.Line, msg)
	}
	return msg
}

// workFn rates or checks one puzzle.
type workFn struct {
	Config config
}

func (fn *workFn) ProcessElement(ctx context.Context, it item) outcome {
	return process(ctx, fn.Config, it)
}

// shardFn picks a shard for an entry by a hash of it, so that a retried bundle
// sends its entries to the same shards.
type shardFn struct {
	Shards int
}

func (fn *shardFn) ProcessElement(o outcome) (int, string) {
	h := fnv.New32a()
	h.Write([]byte(o.JSON))
	return int(h.Sum32() % uint32(fn.Shards)), o.JSON
}

// writeShardFn writes one shard, the whole of it in one call so that a retry
// rewrites the file rather than appending to it. A shard with no entries has no
// file.
type writeShardFn struct {
	Prefix string
	Shards int
}

func (fn *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	path := shardName(fn.Prefix, shard, fn.Shards)
	return writeFile(ctx, path, func(w io.Writer) error {
		var line string
		for lines(&line) {
			if _, err := io.WriteString(w, line+"\n"); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeFile creates path on its file system and writes it with write.
func writeFile(ctx context.Context, path string, write func(io.Writer) error) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	defer fs.Close()
	w, err := fs.OpenWrite(ctx, path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := write(w); err != nil {
		w.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// tally is the summary's count, and summaryFn's accumulator.
type tally struct {
	Total  int
	OK     int
	Failed int
	// Levels counts the rated puzzles per level (rate).
	Levels map[string]int
	// Verdicts counts the puzzles per verdict (check) or per reason they were
	// not rated (rate).
	Verdicts map[string]int
	// Hardest counts the puzzles per hardest technique ID.
	Hardest map[string]int
}

// summaryFn counts the outcomes.
type summaryFn struct{}

func (fn *summaryFn) CreateAccumulator() tally {
	return tally{Levels: map[string]int{}, Verdicts: map[string]int{}, Hardest: map[string]int{}}
}

func (fn *summaryFn) AddInput(t tally, o outcome) tally {
	t = fill(t)
	t.Total++
	if o.Failed {
		t.Failed++
	} else {
		t.OK++
	}
	if o.Level != "" {
		t.Levels[o.Level]++
	}
	if o.Verdict != "" {
		t.Verdicts[o.Verdict]++
	}
	if o.Hardest != "" {
		t.Hardest[o.Hardest]++
	}
	return t
}

func (fn *summaryFn) MergeAccumulators(a, b tally) tally {
	a = fill(a)
	a.Total += b.Total
	a.OK += b.OK
	a.Failed += b.Failed
	for _, m := range []struct{ to, from map[string]int }{
		{a.Levels, b.Levels}, {a.Verdicts, b.Verdicts}, {a.Hardest, b.Hardest},
	} {
		for k, n := range m.from {
			m.to[k] += n
		}
	}
	return a
}

// fill gives t its maps: a decoded accumulator may come without the empty ones.
func fill(t tally) tally {
	for _, m := range []*map[string]int{&t.Levels, &t.Verdicts, &t.Hardest} {
		if *m == nil {
			*m = map[string]int{}
		}
	}
	return t
}

// summary is the summary file.
type summary struct {
	Mode string `json:"mode"`
	// Total puzzles read, OK rated (rate) or checked (check), Errors those that
	// could not be (unreadable, not unique for rate, timed out).
	Total  int `json:"total"`
	OK     int `json:"ok"`
	Errors int `json:"errors"`
	// Levels per level of the rated puzzles (rate only).
	Levels map[string]int `json:"levels,omitempty"`
	// Verdicts per verdict (check), or per reason a puzzle was not rated (rate).
	Verdicts map[string]int `json:"verdicts"`
	// Hardest per technique ID of the hardest step (rate; check with --logic).
	Hardest map[string]int `json:"hardest"`
}

// writeSummaryFn writes the summary as indented JSON.
type writeSummaryFn struct {
	Path string
	Mode string
}

func (fn *writeSummaryFn) ProcessElement(ctx context.Context, t tally) error {
	t = fill(t)
	s := summary{Mode: fn.Mode, Total: t.Total, OK: t.OK, Errors: t.Failed,
		Verdicts: maps.Clone(t.Verdicts), Hardest: maps.Clone(t.Hardest)}
	if fn.Mode == "rate" {
		s.Levels = maps.Clone(t.Levels)
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return writeFile(ctx, fn.Path, func(w io.Writer) error {
		_, err := w.Write(append(data, '\n'))
		return err
	})
}
