package main

import (
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// The JUnit XML that CI test views read (GitHub, GitLab, Jenkins): one
// testsuite per scenario file, one testcase per expectation, a failure for
// each miss and an error for a file that could not be computed. It carries
// no timestamps or durations, so the same run writes the same bytes.
type (
	junitSuites struct {
		XMLName  xml.Name     `xml:"testsuites"`
		Name     string       `xml:"name,attr"`
		Tests    int          `xml:"tests,attr"`
		Failures int          `xml:"failures,attr"`
		Errors   int          `xml:"errors,attr"`
		Suites   []junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Cases    []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		Classname string        `xml:"classname,attr"`
		File      string        `xml:"file,attr"`
		Line      int           `xml:"line,attr,omitempty"`
		Failure   *junitProblem `xml:"failure"`
		Error     *junitProblem `xml:"error"`
	}
	junitProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",chardata"`
	}
)

// junitReport builds the report of check's runs.
func junitReport(runs []checked) junitSuites {
	doc := junitSuites{Name: "partlab check"}
	for _, r := range runs {
		s := junitSuite{Name: r.file}
		if r.err != nil {
			s.Cases = append(s.Cases, junitCase{Name: "compute", Classname: r.file, File: r.file,
				Error: &junitProblem{Message: firstLine(r.err.Error()), Type: "scenario", Text: r.err.Error()}})
			s.Errors++
		} else {
			for i, o := range r.outcomes {
				e := r.scenario.Expect[i]
				c := junitCase{Name: fmt.Sprintf("expect[%d]: %s, expected %s", i, o.Figure, o.Want()),
					Classname: r.scenario.Name, File: r.file, Line: e.At.Line}
				if !o.Held {
					c.Failure = &junitProblem{Message: o.String(), Type: "expectation", Text: missLine(r.scenario, i, o)}
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

// writeJUnit writes the report to path through a temporary file renamed
// into place, so a CI step never reads half a report.
func writeJUnit(path string, runs []checked) error {
	data, err := xml.MarshalIndent(junitReport(runs), "", "  ")
	if err != nil {
		return err
	}
	data = append([]byte(xml.Header), append(data, '\n')...)
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := tmp.Chmod(0o644); err != nil { // CreateTemp's 0600 would hide the report from a CI step run as another user
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
