// Package junit writes partlab check's runs as the JUnit XML that CI test
// views read (GitHub, GitLab, Jenkins). It only words the runs, which the
// command line makes (report.CheckRun); it is apart from report so that
// what renders a cell, which the engine in the page links, holds no XML
// encoder.
package junit

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
)

// The document: one
// testsuite per scenario file, one testcase per expectation, a failure for
// each miss and an error for a file that could not be computed. Every case's
// classname is the scenario's name (its file's base name without .yaml);
// file and line on a testcase are where annotation reporters put the
// message, and line is there whenever the position is known. time, in
// seconds, is the one figure that differs from run to run: a suite's is its
// file's load, computation and check, which its error case shares; an
// expectation reads a figure computed once for the suite, so its case's time
// is 0.
type (
	Suites struct {
		XMLName  xml.Name `xml:"testsuites"`
		Name     string   `xml:"name,attr"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Errors   int      `xml:"errors,attr"`
		Time     string   `xml:"time,attr"`
		Suites   []Suite  `xml:"testsuite"`
	}
	Suite struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   int    `xml:"errors,attr"`
		Time     string `xml:"time,attr"`
		Cases    []Case `xml:"testcase"`
	}
	Case struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		File      string   `xml:"file,attr"`
		Line      int      `xml:"line,attr,omitempty"`
		Time      string   `xml:"time,attr"`
		Failure   *Problem `xml:"failure"`
		Error     *Problem `xml:"error"`
	}
	Problem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
)

// suites builds the report of check's runs.
func suites(runs []report.CheckRun) Suites {
	doc := Suites{Name: "partlab check"}
	var total time.Duration
	for _, r := range runs {
		total += r.Elapsed
		s := Suite{Name: r.File, Time: seconds(r.Elapsed)}
		class := scenarios.NameOf(r.File)
		if r.Err != nil {
			s.Cases = append(s.Cases, Case{Name: "compute", Classname: class, File: r.File, Line: errorLine(r.Err), Time: s.Time,
				Error: &Problem{Message: firstLine(r.Err.Error()), Type: "scenario", Text: r.Err.Error()}})
			s.Errors++
		} else {
			for i, o := range r.Outcomes {
				e := r.Scenario.Expect[i]
				c := Case{Name: fmt.Sprintf("expect[%d]: %s, expected %s", i, o.Figure, o.Want()),
					Classname: class, File: r.File, Line: e.At.Line, Time: seconds(0)}
				if !o.Held {
					c.Failure = &Problem{Message: o.String(), Type: "expectation", Text: report.MissLine(r.Scenario, i, o)}
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
	doc.Time = seconds(total)
	return doc
}

// seconds is a JUnit time: seconds, to the millisecond.
func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }

// errorLine is the line of the first problem of a scenario error, 0 when it
// has none (a file that cannot be read, a --set override).
func errorLine(err error) int {
	var list scenarios.ErrorList
	if errors.As(err, &list) && len(list) > 0 {
		return list[0].Line
	}
	var one *scenarios.Error
	if errors.As(err, &one) {
		return one.Line
	}
	return 0
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Write writes the report of check's runs as an XML document.
func Write(w io.Writer, runs []report.CheckRun) error {
	data, err := xml.MarshalIndent(suites(runs), "", "  ")
	if err != nil {
		return err
	}
	data = append([]byte(xml.Header), append(data, '\n')...)
	_, err = w.Write(data)
	return err
}
