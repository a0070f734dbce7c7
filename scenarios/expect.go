package scenarios

import (
	"slices"
	"strings"

	"github.com/partlab/partlab/sim"

	"gopkg.in/yaml.v3"
)

// Expect is one item of a scenario's expect list: a claim about a figure
// that check and render --strict hold the scenario to, and where it is
// written, for file:line:col messages.
type Expect struct {
	sim.Expectation
	At Pos
}

// expectLimit bounds an expectation's numbers, as predictions' guesses are.
const expectLimit = 1e12

// expectSpec is the expect list. Its field comes after cells, so an
// expectation may name a figure of any cell, above or below it on the page.
var expectSpec = items[Expect]{object[Expect]{
	fields: []field[Expect]{
		{name: "figure", doc: "the figure, as cell-id.figure, such as ceiling.speedup@8", value: text{}, required: true,
			set: to(func(e *Expect, v string) { e.Figure = v })},
		{name: string(sim.Equals), doc: "the figure equals this, within tolerance", value: number{expectBounds},
			set: to(func(e *Expect, v float64) { e.Bound, e.Value = sim.Equals, v })},
		{name: string(sim.AtLeast), doc: "the figure is this or more", value: number{expectBounds},
			set: to(func(e *Expect, v float64) { e.Bound, e.Value = sim.AtLeast, v })},
		{name: string(sim.AtMost), doc: "the figure is this or less", value: number{expectBounds},
			set: to(func(e *Expect, v float64) { e.Bound, e.Value = sim.AtMost, v })},
		{name: "tolerance", doc: "how far from equals the figure may be", value: number{bounds[float64]{0, expectLimit}},
			set: to(func(e *Expect, v float64) { e.Tolerance = v })},
		{name: "why", doc: "what the expectation claims, shown when it misses", value: str{},
			set: to(func(e *Expect, v string) { e.Why = v })},
	},
	check: func(m mapping, e *Expect) {
		e.At = Pos{m.node.Line, m.node.Column}
		if m.at == nil {
			return
		}
		if v := m.at["figure"]; v != nil && v.Kind == yaml.ScalarNode {
			m.d.checkExpected(v, join(m.path, "figure"), e.Figure)
		}
		var given []string
		for _, b := range sim.BoundNames() {
			if m.at[b] != nil {
				given = append(given, b)
			}
		}
		if len(given) != 1 {
			m.errorf("", "needs exactly one of equals, at_least or at_most (got %s)", orNone(given))
		} else if m.at["tolerance"] != nil && e.Bound != sim.Equals {
			m.errorf("tolerance", "applies to equals only; for %s, move the bound instead", e.Bound)
		}
	},
}}

// expectBounds bound an expectation's numbers, as predictions' guesses are.
var expectBounds = bounds[float64]{-expectLimit, expectLimit}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, " and ")
}

// checkExpected requires ref to be "id.figure" for a figure some cell
// computes; the error names the few nearest (sim.NoFigure), not the
// hundreds a grid computes.
func (d *decoder) checkExpected(n *yaml.Node, path, ref string) {
	id, name, _ := strings.Cut(ref, ".")
	if c := d.earlier[id]; c != nil && slices.Contains(sim.FigureNames(c), name) || slices.Contains(d.unknown, id) {
		return
	}
	d.errorf(n, path, "%s", sim.NoFigure(ref, d.cells(), "no cell"))
}

// Expectations returns the scenario's expectations for sim, in file order.
func (s *Scenario) Expectations() []sim.Expectation {
	out := make([]sim.Expectation, len(s.Expect))
	for i, e := range s.Expect {
		out[i] = e.Expectation
	}
	return out
}
