// Command partlab turns scenario files into reports on partitioned logs.
//
//	partlab                                   render every scenarios/*.yaml into out/
//	partlab render [-o DIR] FILE…             render chosen scenarios
//	partlab results [--format json|csv|text] [--engine sim|kafka|both] [--brokers host:port,…] [--timeout 30s] [--measure] FILE
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
  partlab render [-o DIR] FILE…                  render the given scenario files
  partlab results [--format json|csv|text] [--measure] FILE
                                                 print one scenario's results
  partlab validate FILE…                         check scenario files, print nothing on success

results also takes --engine sim|kafka|both, --brokers host:port,… and --timeout 30s
to run the grids on a Kafka protocol (an in-process kfake cluster unless --brokers).
`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New("rendering is not built yet; try 'partlab results FILE'")}
	}
	switch args[0] {
	case "results":
		return results(ctx, args[1:], stdout, stderr)
	case "validate":
		return validate(args[1:], stdout, stderr)
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

func validate(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("validate", stderr)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() == 0 {
		return usageError{errors.New("validate takes one or more scenario files")}
	}
	var errs []error
	for _, name := range fs.Args() {
		if _, err := scenarios.Load(name); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// compute loads a scenario and runs its computations: the simulation, then
// the Kafka engine for the grids that ask for it, then a real run of the
// throughput cells that ask for one (all of them with --measure), which takes
// as long as their work says; progress goes to stderr.
func compute(ctx context.Context, file string, flags *computeFlags, stderr io.Writer) (report.Notebook, error) {
	s, err := scenarios.Load(file)
	if err != nil {
		return report.Notebook{}, err
	}
	flags.apply(s)
	res, err := sim.Run(s.Source, s.SimCells())
	if err == nil {
		err = kafka.Run(ctx, kafkaConfig(s, stderr), s.Source, res)
	}
	if err != nil {
		return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
	}
	for _, r := range res {
		t, ok := r.(*sim.ThroughputResult)
		if !ok || !(flags.measure || t.Spec.Measure) {
			continue
		}
		fmt.Fprintf(stderr, "%s: measuring throughput cell %s …\n", file, t.ID)
		if t.Measured, err = measure.Throughput(ctx, t); err != nil {
			return report.Notebook{}, fmt.Errorf("%s: cell %s: %w", file, t.ID, err)
		}
	}
	return report.Notebook{Scenario: s, Results: res}, nil
}
