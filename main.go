// Command partlab turns scenario files into reports on partitioned logs.
//
//	partlab                                   render every scenarios/*.yaml into out/
//	partlab render [-o DIR] [--self-contained | --cdn URL] FILE…
//	partlab results [--format json|csv|text] FILE
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

	"partlab/report"
	"partlab/scenarios"
	"partlab/sim"
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

func exitCode(err error) int {
	var u usageError
	if errors.As(err, &u) || errors.Is(err, flag.ErrHelp) {
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
		return renderSite(files, defaultOut, report.Site{}, stderr)
	}
	switch args[0] {
	case "render":
		return render(args[1:], stderr)
	case "results":
		return results(args[1:], stdout, stderr)
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

func results(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("results", stderr)
	format := fs.String("format", "json", "output format: json, csv or text")
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
	nb, err := compute(fs.Arg(0))
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
		if _, err := load(name); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// defaultOut is where the site goes.
const defaultOut = "out"

func render(args []string, stderr io.Writer) error {
	fs := newFlags("render", stderr)
	out := fs.String("o", defaultOut, "write the site into `DIR`")
	self := fs.Bool("self-contained", false, "inline ECharts and the results: each page is one file that refers to no other")
	cdn := fs.String("cdn", "", "load ECharts from `URL` instead of copying it into DIR/assets")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	switch {
	case fs.NArg() == 0:
		return usageError{errors.New("render takes one or more scenario files")}
	case *self && *cdn != "":
		return usageError{errors.New("--self-contained and --cdn exclude each other")}
	}
	return renderSite(fs.Args(), *out, report.Site{SelfContained: *self, CDN: *cdn}, stderr)
}

// renderSite computes every scenario, then writes the site into dir; a bad
// scenario stops it before anything is written.
func renderSite(files []string, dir string, site report.Site, stderr io.Writer) error {
	var errs []error
	for _, f := range files {
		nb, err := compute(f)
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

// load reads a scenario and checks the templates in its Markdown.
func load(file string) (*scenarios.Scenario, error) {
	s, err := scenarios.Load(file)
	if err != nil {
		return nil, err
	}
	if err := report.Check(s); err != nil {
		return nil, err
	}
	return s, nil
}

// compute loads a scenario and runs its computations.
func compute(file string) (report.Notebook, error) {
	s, err := load(file)
	if err != nil {
		return report.Notebook{}, err
	}
	res, err := sim.Run(s.Source, s.SimCells())
	if err != nil {
		return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
	}
	return report.Notebook{Scenario: s, Results: res}, nil
}
