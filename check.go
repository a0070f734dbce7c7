package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// errMissed is check's and render --strict's answer when an expectation
// does not hold: a scenario error, exit status 1.
var errMissed = errors.New("an expectation does not hold")

// check computes each file as render would, writes no page, and prints every
// expectation that does not hold; --junit also writes every outcome as a
// JUnit report for CI test views. A file that fails to compute is reported
// in both and does not stop the others.
func check(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("check", stderr)
	var junit string
	fs.Func("junit", "also write a JUnit XML report of every expectation to `FILE`", func(s string) error {
		if s == "" {
			return errors.New("needs a file name")
		}
		junit = s
		return nil
	})
	flags := addComputeFlags(fs)
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if fs.NArg() == 0 {
		return usageError{errors.New("check takes one or more scenario files")}
	}
	var (
		suites []checked
		errs   []error
	)
	for _, file := range fs.Args() {
		c := checked{file: file}
		nb, err := compute(ctx, file, flags, stderr)
		if ctx.Err() != nil {
			return context.Cause(ctx)
		}
		if err == nil {
			c.scenario = nb.Scenario
			c.outcomes, err = nb.Expected()
		}
		if c.err = err; err != nil {
			errs = append(errs, err)
		}
		suites = append(suites, c)
	}
	var out bytes.Buffer
	total, missed := 0, 0
	for _, c := range suites {
		for i, o := range c.outcomes {
			total++
			if !o.Held {
				missed++
				fmt.Fprintln(&out, printable(missLine(c.scenario, i, o)))
			}
		}
	}
	fmt.Fprintf(&out, "check: %s in %s: %d held, %d missed", plural(total, "expectation"), plural(len(suites), "file"), total-missed, missed)
	if len(errs) > 0 {
		fmt.Fprintf(&out, ", %s could not be computed", plural(len(errs), "file"))
	}
	fmt.Fprintln(&out)
	if junit != "" {
		if err := writeJUnit(junit, suites); err != nil {
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

// checked is one file's run for check: its expectations' outcomes, or why
// there are none.
type checked struct {
	file     string
	scenario *scenarios.Scenario
	outcomes []sim.Outcome
	err      error
}

// missLine words a missed expectation at its place in the file:
// "lab.yaml:40:5: expect[2]: ceiling.idle@16 is 8, expected at most 2 — why".
func missLine(s *scenarios.Scenario, i int, o sim.Outcome) string {
	e := s.Expect[i]
	line := fmt.Sprintf("%s:%d:%d: expect[%d]: %s", s.File, e.At.Line, e.At.Col, i, o)
	if why := strings.TrimSpace(o.Why); why != "" {
		line += " — " + strings.Join(strings.Fields(why), " ")
	}
	return line
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
				lines = append(lines, missLine(nb.Scenario, i, o))
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
