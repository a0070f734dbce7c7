// Command partlab turns scenario files into reports on partitioned logs.
//
//	partlab [render flags]                    render every scenarios/*.yaml into out/, --clean
//	partlab render [-o DIR] [--strict] [--pdf] [--site FILE] [--clean] [render flags] [compute flags] FILE…
//	partlab results [--format json|csv|text] [compute flags] FILE
//	partlab validate [--site FILE] [compute flags] FILE…
//	partlab check [--junit FILE] [compute flags] FILE…
//	partlab diff [--format text|markdown|json] OLD NEW
//	partlab schema [--site] [-o FILE]
//	partlab serve [--addr 127.0.0.1:8000] [render flags] [compute flags] [FILE…]
//	partlab init DIR                          scaffold a course repository in DIR
//
// The render flags say how pages load ECharts: --self-contained, --cdn URL or
// --echarts PATH. The compute flags include the parameters --set PATH=VALUE
// and --params FILE.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/partlab/partlab/report"
	reportsite "github.com/partlab/partlab/report/site"
	"github.com/partlab/partlab/scenarios"
)

func main() {
	ctx, exit := interruptible(context.Background(), grace, func(ctx context.Context, err error) int {
		return finish(ctx, err, os.Stderr)
	})
	exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// finish prints err on stderr, escaped, and returns the exit status. A
// signal decides the status whatever the work returned.
func finish(ctx context.Context, err error, stderr io.Writer) int {
	var sig interrupted
	if errors.As(context.Cause(ctx), &sig) {
		err = sig
	}
	var internal *internalError
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp): // the flag package has printed the usage
	case errors.As(err, &internal):
		io.WriteString(stderr, printable(fmt.Sprintf("partlab: internal error, please report\n%v\n%s", internal.value, internal.stack)))
	default:
		io.WriteString(stderr, printable(fmt.Sprintf("partlab: %v\n", err)))
	}
	return exitCode(err)
}

// usageError marks a mistake in the command line, which exits with 2.
type usageError struct{ error }

func (u usageError) Unwrap() error { return u.error }

// internalError is a panic recovered in run: a bug in partlab, not in the
// scenario, which exits with 3.
type internalError struct {
	value any
	stack []byte
}

func (e *internalError) Error() string { return fmt.Sprintf("internal error: %v", e.value) }

// exitCode is 0 for success and for -h (the flag package has printed the
// usage), 1 for a scenario or run error, 2 for a mistake in the command
// line, 3 for an internal error and 128 + the signal's number for a run
// stopped by SIGINT (130) or SIGTERM (143).
func exitCode(err error) int {
	var (
		u        usageError
		internal *internalError
		sig      interrupted
	)
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &sig):
		return sig.code()
	case errors.As(err, &internal):
		return 3
	case errors.As(err, &u):
		return 2
	}
	return 1
}

// testHookRun, when set, is called by run first: tests use it to inject a
// panic or to learn that the work has begun.
var testHookRun func()

const usage = `usage:
  partlab [render flags]                         render every scenarios/*.yaml into out/ with
                                                 site.yaml's settings, as render --clean
  partlab render [-o DIR] [--strict] [--pdf] [--site FILE] [--clean] [render flags] FILE…
                                                 add the given scenario files' pages to DIR's
                                                 site; --strict writes nothing if an
                                                 expectation misses; --pdf prints each page to
                                                 NAME/NAME.pdf; --clean removes the pages
                                                 whose scenario file is gone
  partlab results [--format json|csv|text] FILE  print one scenario's results
  partlab validate [--site FILE] FILE…           check scenario files and their cost, and
                                                 site.yaml, as render would; prints nothing
  partlab check [--junit FILE] FILE…             compute, write no page, print the expectations
                                                 that miss (exit 1); --junit writes a JUnit report
  partlab diff [--format text|markdown|json] OLD NEW
                                                 the figures and conclusions that changed between
                                                 two results.json or output folders (exit 1)
  partlab schema [--site] [-o FILE]              print the JSON Schema of scenario files, or
                                                 with --site of site.yaml
  partlab serve [--addr 127.0.0.1:8000] [--allow-remote] [render flags] [FILE…]
                                                 preview the site (default: scenarios/*.yaml),
                                                 rendered again and reloaded on every save
  partlab init DIR                               scaffold a course repository in DIR: a starter
                                                 scenario, site.yaml, package.json pinning
                                                 ECharts and a GitHub Pages workflow

The render flags say how pages load ECharts: --self-contained inlines it (and the
results) into every page; --cdn URL loads it from URL; --echarts PATH copies the
echarts.min.js at PATH (default $PARTLAB_ECHARTS, else node_modules/echarts, looked
up from the working directory upwards, as npm ci installs it).

render, results, validate, check and serve also take the compute flags: --engine
sim|kafka|both, --brokers host:port,… and --timeout 30s run the grids on a Kafka
protocol (an in-process kfake cluster unless --brokers); --allow-brokers lets them
use the brokers a scenario names; --measure also runs every throughput cell for real
(a cell's measure: true alone runs nothing).

Before anything runs, a scenario's cost is checked against a budget whose limits the
flags raise: --max-visits 1000000000 (records and keys visited), --max-rows 65536
(result rows), --max-output 256MB (estimated output), --max-kafka-groups 64
(consumer groups run on Kafka), --max-measure 10m (sleep of measured runs).

The compute flags include the parameters: --set PATH=VALUE puts VALUE (YAML) over
the file's value at PATH, such as source.seed=7 or cells.keys.partitions=[1,2,3];
--params FILE does so for every path: value of a YAML mapping. Both repeat; the last wins.

exit status: 0 ok, 1 a scenario or run error, 2 usage, 3 internal error,
130 or 143 stopped by SIGINT or SIGTERM (nothing is written)
`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &internalError{value: v, stack: debug.Stack()}
		}
		// Work stopped by a cancelled context reports why it was cancelled:
		// a signal's cause decides the exit status.
		if err != nil && ctx.Err() != nil {
			err = context.Cause(ctx)
		}
	}()
	if testHookRun != nil {
		testHookRun()
	}
	if len(args) == 0 {
		return renderDefault(ctx, nil, stderr)
	}
	switch args[0] {
	case "render":
		return render(ctx, args[1:], stderr)
	case "results":
		return results(ctx, args[1:], stdout, stderr)
	case "validate":
		return validate(ctx, args[1:], stdout, stderr)
	case "check":
		return check(ctx, args[1:], stdout, stderr)
	case "diff":
		return diff(args[1:], stdout, stderr)
	case "schema":
		return schema(args[1:], stdout, stderr)
	case "serve":
		return serveCmd(ctx, args[1:], stdout, stderr)
	case "init":
		return initCmd(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	if strings.HasPrefix(args[0], "-") {
		return renderDefault(ctx, args, stderr)
	}
	fmt.Fprint(stderr, usage)
	return usageError{fmt.Errorf("unknown command %q", args[0])}
}

// renderDefault is partlab without a command: every scenarios/*.yaml into
// out/, with the render flags.
func renderDefault(ctx context.Context, args []string, stderr io.Writer) error {
	fs := newFlags("partlab", stderr)
	rf := addRenderFlags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("partlab without a command renders scenarios/*.yaml and takes no files (got %q): use partlab render FILE…", fs.Arg(0))}
	}
	if err := rf.check(); err != nil {
		return err
	}
	files, err := defaultScenarios()
	if err != nil {
		return err
	}
	settings, err := loadSite("", files)
	if err != nil {
		return err
	}
	return renderSite(ctx, files, defaultOut, rf, siteChoice{settings, true}, &computeFlags{budget: defaultBudget}, false, "", stderr)
}

// siteChoice is what a render knows of the site beyond its pages: its
// settings (site.yaml) and whether pages whose scenario is gone go too.
type siteChoice struct {
	settings *scenarios.Site
	clean    bool
}

// defaultScenarios are the files partlab and partlab serve take when given
// none.
func defaultScenarios() ([]string, error) {
	files, err := filepath.Glob(filepath.Join("scenarios", "*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, errors.New("no scenarios/*.yaml here: run partlab in the project's root, or name the scenario files")
	}
	return files, nil
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
	// Buffered, so that an interrupted run prints nothing rather than part.
	var buf bytes.Buffer
	if err := write(&buf, nb); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	_, err = buf.WriteTo(stdout)
	return err
}

// validate finds everything render would, in every file, and writes nothing.
func validate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("validate", stderr)
	site := siteFlag(fs)
	flags := addComputeFlags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() == 0 {
		return usageError{errors.New("validate takes one or more scenario files")}
	}
	var errs []error
	if _, err := loadSite(*site, fs.Args()); err != nil {
		errs = append(errs, err)
	}
	for _, name := range fs.Args() {
		if _, err := simulate(ctx, name, flags, stderr); err != nil {
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
	rf := addRenderFlags(fs)
	strictly := fs.Bool("strict", false, "fail, writing nothing, when an expectation of a scenario does not hold")
	pdf := fs.Bool("pdf", false, "also print each page to NAME/NAME.pdf with the headless Chromium on PATH")
	site := siteFlag(fs)
	clean := fs.Bool("clean", false, "remove the pages of DIR's site whose scenario file is gone (only what partlab wrote)")
	flags := addComputeFlags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	switch {
	case fs.NArg() == 0:
		return usageError{errors.New("render takes one or more scenario files")}
	case *out == "":
		return usageError{errors.New("-o needs a directory (got an empty name)")}
	}
	if err := rf.check(); err != nil {
		return err
	}
	var chromium string
	if *pdf {
		// Before anything is computed: without a browser nothing is written.
		var err error
		if chromium, err = reportsite.FindChromium(); err != nil {
			return err
		}
	}
	settings, err := loadSite(*site, fs.Args())
	if err != nil {
		return err
	}
	return renderSite(ctx, fs.Args(), *out, rf, siteChoice{settings, *clean}, flags, *strictly, chromium, stderr)
}

// renderSite computes every scenario, then writes the site into dir, with
// each page printed to PDF by the Chromium at chromium if set; a bad
// scenario, or with strictly a missed expectation, stops it before anything
// is written.
func renderSite(ctx context.Context, files []string, dir string, rf *renderFlags, sc siteChoice, flags *computeFlags, strictly bool, chromium string, stderr io.Writer) error {
	var (
		notebooks []report.Notebook
		errs      []error
	)
	for _, f := range files {
		nb, err := compute(ctx, f, flags, stderr)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		notebooks = append(notebooks, nb)
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	if strictly {
		if err := strict(notebooks); err != nil {
			return err
		}
	}
	site, err := rf.site()
	if err != nil {
		return err
	}
	site.Notebooks, site.Settings, site.Clean = notebooks, sc.settings, sc.clean
	if ctx.Err() != nil {
		return context.Cause(ctx)
	}
	defer onInterrupt(ctx, removeNewTemps(filepath.Join(filepath.Dir(filepath.Clean(dir)), "."+filepath.Base(dir)+".tmp-*")))()
	if chromium != "" {
		return site.WritePrinted(ctx, dir, chromium, stderr)
	}
	return site.Write(dir, stderr)
}

// echartsScript is the ECharts build npm installed for the project that
// partlab runs in.
func echartsScript() ([]byte, error) {
	wd, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	path, err := reportsite.FindECharts(wd)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(path)
}
