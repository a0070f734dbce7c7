package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/partlab/partlab/internal/roster"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// rosterFlags are --roster, --id-column and --secret-file, which render,
// check and grade take to work on every student's variant.
type rosterFlags struct {
	roster, idColumn, secretFile string
}

// addRosterFlags defines --roster and --secret-file on fs.
func addRosterFlags(fs *flag.FlagSet) *rosterFlags {
	f := &rosterFlags{}
	fs.StringVar(&f.roster, "roster", "", "work on every student's variant: `FILE` is a CSV with an id column, and optionally name and email (an LMS's export as it is)")
	fs.StringVar(&f.idColumn, "id-column", "", "with --roster, take each student's id from the column `NAME` (default id, else Email address)")
	fs.StringVar(&f.secretFile, "secret-file", "", "read the course's secret from `FILE` (default $"+roster.SecretEnv+"); it chooses every variant and token")
	return f
}

// load reads the roster and the secret, and names on stderr the roster's
// columns it ignores.
func (f *rosterFlags) load(stderr io.Writer) ([]roster.Student, roster.Secret, error) {
	students, ignored, err := roster.Read(f.roster, f.idColumn)
	if err != nil {
		return nil, nil, err
	}
	if len(ignored) > 0 {
		fmt.Fprintf(stderr, "%s: %s %q ignored: a roster needs an id, and optionally a name and an email\n", f.roster, plural(len(ignored), "column"), ignored)
	}
	secret, err := roster.LoadSecret(f.secretFile, os.Getenv(roster.SecretEnv))
	return students, secret, err
}

// A variant is one student's variant of a scenario: the student, the
// token its page goes by, the values put over the file's (after the
// command line's) and its notebook: once planned, its scenario loaded with
// those values; once computed, its results too.
type variant struct {
	student roster.Student
	token   string
	values  []scenarios.Override
	nb      report.Notebook
}

// variants plans every student's variant of file, checking each against
// the budget as render would and all of them together, before anything is
// computed: a roster that would exceed the budget is refused here. Each
// variant's scenario is loaded once, here, and computed from that load.
func variants(file string, flags *computeFlags, students []roster.Student, secret roster.Secret) ([]variant, error) {
	base, err := prepare(file, flags)
	if err != nil {
		return nil, err
	}
	if len(base.Variants.Vary) == 0 {
		return nil, fmt.Errorf("%s: the scenario has no variants: say what varies, such as variants: {vary: {source.seed: any}}", file)
	}
	var (
		out   []variant
		total sim.Cost
	)
	for _, st := range students {
		v := variant{student: st, token: secret.Token(st.ID, base.Name), values: base.Variant(secret.Pick(st.ID, base.Name))}
		s, err := prepare(file, flags.with(v.values))
		if err != nil {
			return nil, fmt.Errorf("variant %s: %w", v.token, err)
		}
		total = total.Add(sim.RunCost(s.Source, s.SimCells(), flags.measure))
		v.nb = report.Notebook{Scenario: s}
		out = append(out, v)
	}
	if over := flags.budget.CheckTotal(fmt.Sprintf("%s: the roster's %s", file, plural(len(out), "variant")), total); len(over) > 0 {
		return nil, errors.New(strings.Join(over, "\n"))
	}
	return out, nil
}

// computeVariants computes every variant of every file for the roster and
// secret the flags name, each as render computes a scenario, by file; the
// files' variants are planned first, so that a roster over the budget is
// refused before any is computed.
func computeVariants(ctx context.Context, files []string, flags *computeFlags, rosterFlags *rosterFlags, stderr io.Writer) ([][]variant, error) {
	students, secret, err := rosterFlags.load(stderr)
	if err != nil {
		return nil, err
	}
	plans := make([][]variant, len(files))
	var errs []error
	for i, f := range files {
		var err error
		if plans[i], err = variants(f, flags, students, secret); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for _, plan := range plans {
		for j := range plan {
			v := &plan[j]
			var err error
			if v.nb, err = computePrepared(ctx, v.nb.Scenario, nil, flags.with(v.values), io.Discard); err != nil {
				return nil, fmt.Errorf("variant %s: %w", v.token, err)
			}
		}
	}
	return plans, nil
}
