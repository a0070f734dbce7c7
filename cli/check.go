package cli

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/junit"
)

// errMissed is check's and render --strict's answer when an expectation
// does not hold: a scenario error, exit status 1.
var errMissed = errors.New("an expectation does not hold")

var checkCommand = &Command{
	Name:      "check",
	UsageLine: "partlab check [--junit FILE] [--roster FILE [--id-column NAME] [--secret-file FILE]] [compute flags] [FILE…]",
	Short:     "compute, write no page, print the expectations that miss (exit 1)",
	Long: `Check computes each file (default scenarios/*.yaml) exactly as render does and writes no page. It prints
every expectation (expect:) that does not hold, at its place in the file, then a
summary; it exits 1 on any miss and on a file that cannot be loaded or computed
(the other files are still checked), 0 when every expectation holds.

--junit also writes a JUnit XML report of every expectation to FILE for CI test
views: one testsuite per file, one testcase per expectation, a failure per miss,
an error for a file that could not be computed, with file and line on every
case whose position is known and the scenario's name as classname. Its time
attributes are the run's seconds; the rest is the same bytes on every run.

--roster checks every expectation on every student's variant instead (see
render --roster), and names a variant that breaks one by its token and its
values, never by the student. It also proves the page safe to vary: every
figure its predictions, expectations, answers and templates name exists in
every variant, and a figure named by a number that is a varied value of its
cell (ceiling.speedup@8 with partitions varied) is reported with the
relative form to write (ceiling.speedup@partitions).`,
	Examples: []Example{
		{"partlab check", "print the expectations of scenarios/*.yaml that miss"},
		{"partlab check --junit check.xml scenarios/partitions.yaml", "also write a JUnit report for CI"},
		{"partlab check --engine sim scenarios/partitions.yaml", "the same on the seeded engine only, as the engine in the page computes"},
	},
	Flags: func(fs *flag.FlagSet) runFunc {
		var junitFile string
		fs.Func("junit", "also write a JUnit XML report of every expectation to `FILE`", func(s string) error {
			if s == "" {
				return errors.New("needs a file name")
			}
			junitFile = s
			return nil
		})
		rosterFlags := addRosterFlags(fs)
		flags := addComputeFlags(fs)
		return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
			args, err := scenarioFiles(args)
			switch {
			case err != nil:
				return err
			case rosterFlags.roster != "" && junitFile != "":
				return usageError{error: errors.New("--roster and --junit exclude each other")}
			case rosterFlags.roster != "":
				return checkRoster(ctx, args, flags, rosterFlags, stdout, stderr)
			case rosterFlags.secretFile != "" || rosterFlags.idColumn != "":
				return usageError{error: errors.New("--secret-file and --id-column go with --roster")}
			}
			return check(ctx, args, junitFile, flags, stdout, stderr)
		}
	},
}

// check computes each file as render would, writes no page, and prints every
// expectation that does not hold; with junitFile set it also writes every
// outcome there as a JUnit report. A file that fails to compute is reported
// in both and does not stop the others.
func check(ctx context.Context, files []string, junitFile string, flags *computeFlags, stdout, stderr io.Writer) error {
	var (
		runs []report.CheckRun
		errs []error
	)
	for _, file := range files {
		r := report.CheckRun{File: file}
		start := time.Now()
		nb, err := compute(ctx, file, flags, stderr)
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		if err == nil {
			r.Scenario = nb.Scenario
			r.Outcomes, err = nb.Expected()
		}
		if r.Err = err; err != nil {
			errs = append(errs, err)
		}
		r.Elapsed = time.Since(start)
		runs = append(runs, r)
	}
	var out bytes.Buffer
	total, missed := 0, 0
	for _, r := range runs {
		for i, o := range r.Outcomes {
			total++
			if !o.Held {
				missed++
				fmt.Fprintln(&out, printable(report.MissLine(r.Scenario, i, o)))
			}
		}
	}
	fmt.Fprintf(&out, "check: %s in %s: %d held, %d missed", plural(total, "expectation"), plural(len(runs), "file"), total-missed, missed)
	if len(errs) > 0 {
		fmt.Fprintf(&out, ", %s could not be computed", plural(len(errs), "file"))
	}
	fmt.Fprintln(&out)
	if junitFile != "" {
		var doc bytes.Buffer
		if err := junit.Write(&doc, runs); err != nil {
			return err
		}
		if err := writeFile(junitFile, doc.Bytes()); err != nil {
			return err
		}
	}
	if _, err := out.WriteTo(stdout); err != nil {
		return err
	}
	if missed > 0 {
		errs = append(errs, fmt.Errorf("%d of %s missed", missed, plural(total, "expectation")))
	}
	return errors.Join(errs...)
}

// checkRoster computes every student's variant of each file and prints
// every expectation that one of them misses, the variant named by its
// token; it fails on any miss.
func checkRoster(ctx context.Context, files []string, flags *computeFlags, rosterFlags *rosterFlags, stdout, stderr io.Writer) error {
	plans, err := computeVariants(ctx, files, flags, rosterFlags, stderr)
	if err != nil {
		return err
	}
	lines, err := variantMisses(plans)
	if err != nil {
		return err
	}
	total := 0
	for _, plan := range plans {
		for _, v := range plan {
			total += len(v.nb.Scenario.Expect)
		}
	}
	var literal []string
	for _, plan := range plans {
		nbs := make([]report.Notebook, len(plan))
		for j, v := range plan {
			nbs[j] = v.nb
		}
		literal = append(literal, report.LiteralFigures(nbs)...)
	}
	var out bytes.Buffer
	for _, l := range slices.Concat(literal, lines) {
		fmt.Fprintln(&out, printable(l))
	}
	fmt.Fprintf(&out, "check: %s on %s of %s: %d held, %d missed", plural(total, "expectation"), plural(len(plans[0]), "student"), plural(len(files), "file"), total-len(lines), len(lines))
	if len(literal) > 0 {
		fmt.Fprintf(&out, "; %s named by a varied value", plural(len(literal), "figure"))
	}
	fmt.Fprintln(&out)
	if _, err := out.WriteTo(stdout); err != nil {
		return err
	}
	var errs []error
	if len(lines) > 0 {
		errs = append(errs, fmt.Errorf("%d of %s missed", len(lines), plural(total, "expectation")))
	}
	if len(literal) > 0 {
		errs = append(errs, fmt.Errorf("%s named by a varied value: the page is not safe to vary", plural(len(literal), "figure")))
	}
	return errors.Join(errs...)
}

// strict fails when any expectation of the notebooks does not hold, listing
// every miss; render --strict calls it before writing anything.
func strict(nbs []report.Notebook) error {
	var lines []string
	for _, nb := range nbs {
		outcomes, err := nb.Expected()
		if err != nil {
			return err
		}
		for i, o := range outcomes {
			if !o.Held {
				lines = append(lines, report.MissLine(nb.Scenario, i, o))
			}
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return fmt.Errorf("%w (--strict, nothing written):\n%s", errMissed, strings.Join(lines, "\n"))
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
