package sim

import (
	"fmt"
	"math"
	"strconv"
)

// A Bound says how an expectation compares a figure with its number.
type Bound string

// The bounds an expectation may use; their names are the scenario's fields.
const (
	Equals  Bound = "equals"   // within Tolerance of Value
	AtLeast Bound = "at_least" // Value or more
	AtMost  Bound = "at_most"  // Value or less
)

// BoundNames lists the bounds in the order messages name them.
func BoundNames() []string { return []string{string(Equals), string(AtLeast), string(AtMost)} }

// An Expectation is an author's claim about a figure of the scenario,
// "keys.rows@record/4/4 equals 527", which check and render --strict hold
// the scenario to. Tolerance applies to Equals alone: a bound with slack is
// just another bound.
type Expectation struct {
	Figure    string // "id.figure", as Results.Figure resolves it
	Bound     Bound
	Value     float64
	Tolerance float64
	Why       string // the author's reason, shown with the outcome
}

// An Outcome is an expectation against the figure the engine computed.
type Outcome struct {
	Expectation
	Actual float64
	Held   bool
}

// Holds reports whether actual satisfies the expectation. Figures are
// compared exactly: both sides are numbers the engine computes
// deterministically, so only an explicit tolerance loosens equals.
func (e Expectation) Holds(actual float64) bool {
	switch e.Bound {
	case Equals:
		return math.Abs(actual-e.Value) <= e.Tolerance
	case AtLeast:
		return actual >= e.Value
	case AtMost:
		return actual <= e.Value
	}
	return false
}

// Want words the expectation's side: "at most 2", "527", "3.1 ± 0.05".
func (e Expectation) Want() string {
	switch e.Bound {
	case AtLeast:
		return "at least " + Number(e.Value)
	case AtMost:
		return "at most " + Number(e.Value)
	}
	if e.Tolerance > 0 {
		return Number(e.Value) + " ± " + Number(e.Tolerance)
	}
	return Number(e.Value)
}

// String words the outcome as check prints a miss:
// "ceiling.idle@16 is 8, expected at most 2".
func (o Outcome) String() string {
	return fmt.Sprintf("%s is %s, expected %s", o.Figure, Number(o.Actual), o.Want())
}

// Number writes a figure exactly, in the fewest digits that read back as the
// same float64: 527, 7.5, 0.1.
func Number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Expect resolves each expectation's figure and checks it. A figure no cell
// computes is an error: scenarios checks the names before anything runs, so
// it means the results are not the scenario's.
func (rs Results) Expect(es []Expectation) ([]Outcome, error) {
	out := make([]Outcome, len(es))
	for i, e := range es {
		v, err := rs.Figure(e.Figure)
		if err != nil {
			return nil, fmt.Errorf("expect[%d]: %w", i, err)
		}
		out[i] = Outcome{Expectation: e, Actual: v, Held: e.Holds(v)}
	}
	return out, nil
}
