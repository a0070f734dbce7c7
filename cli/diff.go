package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/partlab/partlab/report/resultsdiff"
)

// errChanged is diff's answer when the results differ: exit status 1, as
// diff(1) has it.
var errChanged = errors.New("the results differ")

// diffFormats are diff's outputs. Text and Markdown are read in a terminal
// or a pull request, so their control characters are escaped; JSON escapes
// its own.
var diffFormats = map[string]struct {
	write  func(io.Writer, []resultsdiff.Scenario) error
	escape bool
}{
	"text":     {resultsdiff.Text, true},
	"markdown": {resultsdiff.Markdown, true},
	"json":     {resultsdiff.JSON, false},
}

var diffCommand = &Command{
	Name:      "diff",
	UsageLine: "partlab diff [--format text|markdown|json] OLD NEW",
	Short:     "the figures and conclusions that changed between two results (exit 1)",
	Long: `Diff compares two results.json files, or two output folders (every
*/results.json in them, matched by the scenario's folder name; scenarios on one
side only are listed as added or removed). For each cell it lists the conclusions
that flipped, in words, and the named figures that changed, id.figure: old → new,
named as expect: names them.

It exits 0 when nothing changed, 1 when something did, 2 on a usage error or
when an input cannot be read, so that CI tells "changed" from "broken".
--format markdown is a pull-request comment (a table per scenario, conclusions
first); --format json is the comparison as data.`,
	Examples: []Example{
		{"partlab diff out site", "what changed between two output folders (exit 1 when something did)"},
		{"partlab diff --format markdown out/partitions/results.json site/partitions/results.json", "the changes of one page as a pull-request comment"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		format := fs.String("format", "text", "print the changes as `text|markdown|json` (markdown: a pull-request comment)")
		return func(_ context.Context, args []string, stdout, stderr io.Writer) error {
			f, ok := diffFormats[*format]
			switch {
			case !ok:
				return usageError{error: fmt.Errorf("unknown format %q (want json, markdown or text)", *format)}
			case len(args) != 2:
				return usageError{error: errors.New("diff takes two results: OLD NEW, each a results.json or an output folder")}
			}
			diffs, err := resultsdiff.Compare(args[0], args[1])
			if err != nil {
				return usageError{error: err}
			}
			var out bytes.Buffer
			if err := f.write(&out, diffs); err != nil {
				return err
			}
			text := out.String()
			if f.escape {
				text = printable(text)
			}
			if _, err := io.WriteString(stdout, text); err != nil {
				return err
			}
			if len(diffs) > 0 {
				return errChanged
			}
			return nil
		}
	},
}
