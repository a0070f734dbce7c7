package report

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// A CheckRun is one scenario file's run for partlab check: its
// expectations' outcomes, or the error that left it without any.
type CheckRun struct {
	File     string
	Scenario *scenarios.Scenario // nil when Err is set
	Outcomes []sim.Outcome
	Err      error
}

// The JUnit XML that CI test views read (GitHub, GitLab, Jenkins): one
// testsuite per scenario file, one testcase per expectation, a failure for
// each miss and an error for a file that could not be computed. It carries
// no timestamps or durations, so the same run writes the same bytes.
type (
	JUnitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Suites   []JUnitSuite `xml:"testsuite"`
	}
	JUnitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Cases    []JUnitCase `xml:"testcase"`
	}
	JUnitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		File      string        `xml:"file,attr"`
		Line      int           `xml:"line,attr,omitempty"`
		Failure   *JUnitProblem `xml:"failure"`
		Error     *JUnitProblem `xml:"error"`
	}
	JUnitProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
)

// junitReport builds the report of check's runs.
func junitReport(runs []CheckRun) JUnitSuites {
	doc := JUnitSuites{Name: "partlab check"}
	for _, r := range runs {
		s := JUnitSuite{Name: r.File}
		if r.Err != nil {
			s.Cases = append(s.Cases, JUnitCase{Name: "compute", Classname: r.File, File: r.File,
				Error: &JUnitProblem{Message: firstLine(r.Err.Error()), Type: "scenario", Text: r.Err.Error()}})
			s.Errors++
		} else {
			for i, o := range r.Outcomes {
				e := r.Scenario.Expect[i]
				c := JUnitCase{Name: fmt.Sprintf("expect[%d]: %s, expected %s", i, o.Figure, o.Want()),
					Classname: r.Scenario.Name, File: r.File, Line: e.At.Line}
				if !o.Held {
					c.Failure = &JUnitProblem{Message: o.String(), Type: "expectation", Text: MissLine(r.Scenario, i, o)}
					s.Failures++
				}
				s.Cases = append(s.Cases, c)
			}
		}
		s.Tests = len(s.Cases)
		doc.Tests += s.Tests
		doc.Failures += s.Failures
		doc.Errors += s.Errors
		doc.Suites = append(doc.Suites, s)
	}
	return doc
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// JUnit writes the report of check's runs as an XML document.
func JUnit(w io.Writer, runs []CheckRun) error {
	data, err := xml.MarshalIndent(junitReport(runs), "", "  ")
	if err != nil {
		return err
	}
	data = append([]byte(xml.Header), append(data, '\n')...)
	_, err = w.Write(data)
	return err
}

// MissLine words a missed expectation at its place in the file:
// "lab.yaml:40:5: expect[2]: ceiling.idle@16 is 8, expected at most 2 — why".
func MissLine(s *scenarios.Scenario, i int, o sim.Outcome) string {
	e := s.Expect[i]
	line := fmt.Sprintf("%s:%d:%d: expect[%d]: %s", s.File, e.At.Line, e.At.Col, i, o)
	if why := strings.TrimSpace(o.Why); why != "" {
		line += " — " + strings.Join(strings.Fields(why), " ")
	}
	return line
}
