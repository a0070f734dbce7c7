// Command partlab turns scenario files into reports on partitioned logs.
//
//	partlab                                   render every scenarios/*.yaml into out/
//	partlab render [-o DIR] [--self-contained | --cdn URL] [compute flags] FILE…
//	partlab results [--format json|csv|text] [compute flags] FILE
//	partlab validate FILE…
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"partlab/report"
	"partlab/scenarios"
	"partlab/sim"
	"partlab/sim/kafka"
	"partlab/sim/measure"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "partlab:", err)
		}
		os.Exit(exitCode(err))
	}
}

// usageError marks a mistake in the command line, which exits with 2.
type usageError struct{ error }

func (u usageError) Unwrap() error { return u.error }

// exitCode is 0 for -h (the flag package has printed the usage), 2 for a
// mistake in the command line and 1 for anything else.
func exitCode(err error) int {
	var u usageError
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &u):
		return 2
	}
	return 1
}

const usage = `usage:
  partlab                                        render every scenarios/*.yaml into out/
  partlab render [-o DIR] [--self-contained | --cdn URL] FILE…
                                                 render the given scenario files
  partlab results [--format json|csv|text] FILE  print one scenario's results
  partlab validate FILE…                         check scenario files, print nothing on success

render and results also take the compute flags: --engine sim|kafka|both, --brokers
host:port,… and --timeout 30s run the grids on a Kafka protocol (an in-process kfake
cluster unless --brokers); --measure also runs every throughput cell for real.
`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		files, err := filepath.Glob(filepath.Join("scenarios", "*.yaml"))
		if err != nil {
			return err
		}
		if len(files) == 0 {
			return errors.New("no scenarios/*.yaml here: run partlab in the project's root, or use 'partlab render FILE…'")
		}
		return renderSite(ctx, files, defaultOut, report.Site{}, &computeFlags{}, stderr)
	}
	switch args[0] {
	case "render":
		return render(ctx, args[1:], stderr)
	case "results":
		return results(ctx, args[1:], stdout, stderr)
	case "validate":
		return validate(ctx, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return usageError{fmt.Errorf("unknown command %q", args[0])}
}

func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// formats are the outputs of the results command.
var formats = map[string]func(io.Writer, report.Notebook) error{
	"json": report.JSON,
	"csv":  report.CSV,
	"text": report.Text,
}

func results(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("results", stderr)
	format := fs.String("format", "json", "output format: json, csv or text")
	flags := addComputeFlags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	write, ok := formats[*format]
	if !ok {
		return usageError{fmt.Errorf("unknown format %q (want csv, json or text)", *format)}
	}
	if fs.NArg() != 1 {
		return usageError{errors.New("results takes one scenario file")}
	}
	nb, err := compute(ctx, fs.Arg(0), flags, stderr)
	if err != nil {
		return err
	}
	return write(stdout, nb)
}

// validate finds everything render would, in every file, and writes nothing.
func validate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("validate", stderr)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() == 0 {
		return usageError{errors.New("validate takes one or more scenario files")}
	}
	var errs []error
	for _, name := range fs.Args() {
		if _, err := simulate(ctx, name, &computeFlags{}); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// defaultOut is where the site goes.
const defaultOut = "out"

func render(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlags("render", stderr)
	out := fs.String("o", defaultOut, "write the site into `DIR`")
	self := fs.Bool("self-contained", false, "inline ECharts and the results: each page is one file that refers to no other")
	cdn := fs.String("cdn", "", "load ECharts from `URL` instead of copying it into DIR/assets")
	flags := addComputeFlags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	switch {
	case fs.NArg() == 0:
		return usageError{errors.New("render takes one or more scenario files")}
	case *self && *cdn != "":
		return usageError{errors.New("--self-contained and --cdn exclude each other")}
	}
	return renderSite(ctx, fs.Args(), *out, report.Site{SelfContained: *self, CDN: *cdn}, flags, stderr)
}

// renderSite computes every scenario, then writes the site into dir; a bad
// scenario stops it before anything is written.
func renderSite(ctx context.Context, files []string, dir string, site report.Site, flags *computeFlags, stderr io.Writer) error {
	var errs []error
	for _, f := range files {
		nb, err := compute(ctx, f, flags, stderr)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		site.Notebooks = append(site.Notebooks, nb)
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	if site.CDN == "" {
		wd, err := os.Getwd()
		if err != nil {
			return err
		}
		path, err := report.FindECharts(wd)
		if err != nil {
			return err
		}
		if site.ECharts, err = os.ReadFile(path); err != nil {
			return err
		}
	}
	return site.Write(dir, stderr)
}

// simulate loads a scenario, computes it with the sim engine and checks its
// Markdown's templates against the results: all that render checks.
func simulate(ctx context.Context, file string, flags *computeFlags) (report.Notebook, error) {
	s, err := scenarios.Load(file)
	if err != nil {
		return report.Notebook{}, err
	}
	flags.apply(s)
	res, err := sim.Run(s.Source, s.SimCells())
	if err != nil {
		return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
	}
	nb := report.Notebook{Scenario: s, Results: res}
	return nb, report.Check(ctx, nb)
}

// compute loads a scenario and runs its computations: the simulation, then
// the Kafka engine for the grids that ask for it, then a real run of the
// throughput cells that ask for one (all of them with --measure), which takes
// as long as their work says; progress goes to stderr.
func compute(ctx context.Context, file string, flags *computeFlags, stderr io.Writer) (report.Notebook, error) {
	nb, err := simulate(ctx, file, flags)
	if err != nil {
		return report.Notebook{}, err
	}
	s, res := nb.Scenario, nb.Results
	if err := kafka.Run(ctx, kafkaConfig(s, stderr), s.Source, res); err != nil {
		return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
	}
	for _, r := range res {
		t, ok := r.(*sim.ThroughputResult)
		if !ok || !(flags.measure || t.Spec.Measure) {
			continue
		}
		fmt.Fprintf(stderr, "%s: measuring throughput cell %s, %s of modelled work …\n", file, t.ID, modelled(t))
		if t.Measured, err = measure.Throughput(ctx, t, stderr); err != nil {
			return report.Notebook{}, fmt.Errorf("%s: cell %s: %w", file, t.ID, err)
		}
	}
	return report.Notebook{Scenario: s, Results: res}, nil
}

// modelled is how long measuring a throughput cell takes by its own model:
// one consumer alone, then every larger consumer count of the cell.
func modelled(t *sim.ThroughputResult) time.Duration {
	total := float64(t.Records) * t.WorkMS / 1000
	for _, r := range t.Rows {
		if r.Consumers > 1 {
			total += r.WallS
		}
	}
	return time.Duration(total * float64(time.Second)).Round(100 * time.Millisecond)
}
