package cli

import (
	"context"
	"errors"
	"flag"
	"io"
)

var validateCommand = &Command{
	Name:      "validate",
	UsageLine: "partlab validate [--site FILE] [compute flags] [FILE…]",
	Short:     "check scenario files, their cost and site.yaml as render would; print nothing",
	Long: `Validate checks each file (default scenarios/*.yaml) for everything render would but the Kafka engine and measuring: it
loads each file with the command line's overrides, checks its cost against the
budget, computes it with the sim engine, runs every template of its Markdown
against the results, and checks the site settings (site.yaml, or --site FILE)
when there are some. It writes nothing, prints nothing on success, and reports
the problems of every file at once, so a file that validates renders.`,
	Examples: []Example{
		{"partlab validate", "check every scenarios/*.yaml and site.yaml; silent when all is well"},
		{"partlab validate --set source.seed=7 scenarios/partitions.yaml", "check one file with another seed put over its own"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		site := siteFlag(fs)
		flags := addComputeFlags(fs)
		return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			args, err := scenarioFiles(args)
			if err != nil {
				return err
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
