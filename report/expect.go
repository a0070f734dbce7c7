package report

import (
	"fmt"

	"github.com/partlab/partlab/sim"
)

// Expected checks the scenario's expectations against its results, in the
// order of its expect list: the page, check and render --strict all read
// them here.
func (nb Notebook) Expected() ([]sim.Outcome, error) {
	out, err := nb.Results.Expect(nb.Scenario.Expectations())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", nb.Scenario.File, err)
	}
	return out, nil
}

// expectAnchor is the id of the page's expectations section, reserved
// before any Markdown is converted so that no heading takes it.
const expectAnchor = "expectations"

// expectationsData is the page's checked list of the scenario's
// expectations, at the end of the page: each figure as the engine computed
// it, and a mark in words as well as a sign, so that a miss does not rest on
// colour alone.
type expectationsData struct {
	Held, Total int
	Items       []expectedItem
}

type expectedItem struct {
	Held         bool
	Mark         string // "✓ holds" or "✗ misses"
	Figure       string
	Actual, Want string
	Why          string // the author's, escaped by html/template
}

func newExpectations(outcomes []sim.Outcome) *expectationsData {
	if len(outcomes) == 0 {
		return nil
	}
	d := &expectationsData{Total: len(outcomes)}
	for _, o := range outcomes {
		it := expectedItem{Held: o.Held, Mark: "✗ misses", Figure: o.Figure, Actual: sim.Number(o.Actual), Want: o.Want(), Why: o.Why}
		if o.Held {
			it.Mark = "✓ holds"
			d.Held++
		}
		d.Items = append(d.Items, it)
	}
	return d
}
