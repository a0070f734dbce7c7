package report

import (
	"fmt"
	"strings"
	"time"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// A CheckRun is one scenario file's run for partlab check: its
// expectations' outcomes, or the error that left it without any, and how
// long it took to load, compute and check.
type CheckRun struct {
	File     string
	Scenario *scenarios.Scenario // nil when Err is set
	Outcomes []sim.Outcome
	Err      error
	Elapsed  time.Duration
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
