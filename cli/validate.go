package cli

import (
	"context"
	"errors"
	"flag"
	"io"
)

var validateCommand = &Command{
	Name:      "validate",
	UsageLine: "partlab validate [--site FILE] [compute flags] FILE…",
	Short:     "check scenario files, their cost and site.yaml as render would; print nothing",
	Long: `Validate checks everything render would but the Kafka engine and measuring: it
loads each file with the command line's overrides, checks its cost against the
budget, computes it with the sim engine, runs every template of its Markdown
against the results, and checks the site settings (site.yaml, or --site FILE)
when there are some. It writes nothing, prints nothing on success, and reports
the problems of every file at once, so a file that validates renders.`,
	Flags: func(fs *flag.FlagSet) runFunc {
		site := siteFlag(fs)
		flags := addComputeFlags(fs)
		return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			if len(args) == 0 {
				return usageError{error: errors.New("validate takes one or more scenario files")}
			}
			var errs []error
			if _, err := loadSite(*site, args); err != nil {
				errs = append(errs, err)
			}
			for _, name := range args {
				if _, err := simulate(ctx, name, flags, stderr); err != nil {
					errs = append(errs, err)
				}
			}
			return errors.Join(errs...)
		}
	},
}
