package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/partlab/partlab/report"
)

// formats are the outputs of the results command.
var formats = map[string]func(io.Writer, report.Notebook) error{
	"json":    report.JSON,
	"csv":     report.CSV,
	"figures": report.FiguresCSV,
	"text":    report.Text,
}

var resultsCommand = &Command{
	Name:      "results",
	UsageLine: "partlab results [--format json|csv|figures|text] [compute flags] FILE",
	Short:     "print one scenario's results",
	Long: `Results computes one scenario file and prints its results on stdout, once they
are complete: --format json (the default) is the machine-readable contract that
results.json holds; csv is results.csv, one line per grid combination; figures
is figures.csv, the figures of every other cell, one per line (cell, figure, at,
value); text prints the lesson's tables in the lesson's
fixed-width layout, byte for byte the lesson's output for its scenario.`,
	Examples: []Example{
		{"partlab results scenarios/partitions.yaml", "the results as JSON, as results.json holds them"},
		{"partlab results --format text scenarios/partitions.yaml", "the tables in the lesson's fixed-width layout"},
		{"partlab results --format figures --engine sim scenarios/partitions.yaml", "every named figure, one per line, every grid on the sim engine"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		format := fs.String("format", "json", "print the results as `json|csv|figures|text`")
		flags := addComputeFlags(fs)
		return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			write, ok := formats[*format]
			if !ok {
				return usageError{error: fmt.Errorf("unknown format %q (want csv, figures, json or text)", *format)}
			}
			if len(args) != 1 {
				return usageError{error: errors.New("results takes one scenario file")}
			}
			nb, err := compute(ctx, args[0], flags, stderr)
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
	},
}
