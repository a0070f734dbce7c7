package junit

import (
	"encoding/xml"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"

	_ "github.com/partlab/partlab/internal/golden"
)

// runs are a file whose expectations hold and miss, one that could not be
// computed at a line, and one whose error has no line.
func runs(t *testing.T) []report.CheckRun {
	t.Helper()
	s, err := scenarios.Parse(strings.NewReader(`title: t
cells:
  - spread: {id: spread, keys: "user-{0..9}", partitions: 4}
expect:
  - figure: spread.keys
    equals: 10
  - figure: spread.covered
    at_most: 2
    why: a  few   partitions
`), "scenarios/lab.yaml")
	if err != nil {
		t.Fatal(err)
	}
	outcomes := []sim.Outcome{
		{Expectation: s.Expect[0].Expectation, Actual: 10, Held: true},
		{Expectation: s.Expect[1].Expectation, Actual: 4},
	}
	return []report.CheckRun{
		{File: "scenarios/lab.yaml", Scenario: s, Outcomes: outcomes, Elapsed: 1500 * time.Millisecond},
		{File: "scenarios/bad.yaml", Err: scenarios.ErrorList{{File: "scenarios/bad.yaml", Line: 7, Col: 3, Field: "cells[0]", Msg: "no such kind"}}, Elapsed: 250 * time.Millisecond},
		{File: "scenarios/gone.yaml", Err: errors.New("open scenarios/gone.yaml: no such file\nand more"), Elapsed: time.Millisecond},
	}
}

func TestWrite(t *testing.T) {
	var b strings.Builder
	if err := Write(&b, runs(t)); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), xml.Header) {
		t.Errorf("no XML header:\n%s", b.String())
	}
	var doc Suites
	if err := xml.Unmarshal([]byte(b.String()), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Tests != 4 || doc.Failures != 1 || doc.Errors != 2 || doc.Time != "1.751" || len(doc.Suites) != 3 {
		t.Errorf("totals: %d tests, %d failures, %d errors, time %s, %d suites", doc.Tests, doc.Failures, doc.Errors, doc.Time, len(doc.Suites))
	}
	for _, tc := range []struct {
		name                    string
		got                     Case
		want, classname, reason string
		line                    int
	}{
		{"held", doc.Suites[0].Cases[0], "expect[0]: spread.keys, expected 10", "lab", "", 5},
		{"missed", doc.Suites[0].Cases[1], "expect[1]: spread.covered, expected at most 2", "lab",
			"scenarios/lab.yaml:7:5: expect[1]: spread.covered is 4, expected at most 2 — a few partitions", 7},
		{"not computed", doc.Suites[1].Cases[0], "compute", "bad", "scenarios/bad.yaml:7:3: cells[0]: no such kind", 7},
		{"no line", doc.Suites[2].Cases[0], "compute", "gone", "open scenarios/gone.yaml: no such file\nand more", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.got
			if c.Name != tc.want || c.Classname != tc.classname || c.Line != tc.line {
				t.Errorf("case %q of class %q at line %d; want %q, %q, %d", c.Name, c.Classname, c.Line, tc.want, tc.classname, tc.line)
			}
			var text string
			switch {
			case c.Failure != nil:
				text = c.Failure.Text
			case c.Error != nil:
				text = c.Error.Text
				if first, _, _ := strings.Cut(text, "\n"); c.Error.Message != first {
					t.Errorf("message %q, want the error's first line", c.Error.Message)
				}
			}
			if strings.TrimSpace(text) != tc.reason {
				t.Errorf("reason %q, want %q", text, tc.reason)
			}
		})
	}
	if s := doc.Suites[1]; s.Time != "0.250" || s.Cases[0].Time != s.Time {
		t.Errorf("an error's case shares its suite's time: %s, %s", s.Time, s.Cases[0].Time)
	}
}
