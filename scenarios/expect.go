package scenarios

import (
	"fmt"
	"maps"
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
		{name: string(sim.Equals), doc: "the figure equals this, within tolerance", value: bound{},
			set: to(func(e *Expect, v float64) { e.Bound, e.Value = sim.Equals, v })},
		{name: string(sim.AtLeast), doc: "the figure is this or more", value: bound{},
			set: to(func(e *Expect, v float64) { e.Bound, e.Value = sim.AtLeast, v })},
		{name: string(sim.AtMost), doc: "the figure is this or less", value: bound{},
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
			e.Figure = m.d.figureRef(v, join(m.path, "figure"), e.Figure)
			m.d.checkExpected(v, join(m.path, "figure"), e.Figure)
		}
		var given []string
		for _, b := range sim.BoundNames() {
			if m.at[b] != nil {
				given = append(given, b)
			}
			if n := m.at[b]; n != nil && isString(n) {
				e.Value = m.d.relativeBound(n, join(m.path, b), e.Figure)
			}
		}
		if len(given) != 1 {
			m.errorf("", "needs exactly one of equals, at_least or at_most (got %s)", orNone(given))
		} else if m.at["tolerance"] != nil && e.Bound != sim.Equals {
			m.errorf("tolerance", "applies to equals only; for %s, move the bound instead", e.Bound)
		}
	},
}}

// bound is an expectation's number, or an expression of the whole-number
// fields of the figure's cell, so that the claim follows the variant:
// figure: ceiling.idle@2*partitions, equals: partitions. The expectation's
// check evaluates it, once the figure is known.
type bound struct{}

func (bound) decode(d *decoder, n *yaml.Node, path string) any {
	if isString(n) {
		return 0.0
	}
	return number{expectBounds}.decode(d, n, path)
}

func (bound) schema() schema {
	e := exprSchema()
	e["description"] = "an expression of the whole-number fields of the figure's cell, such as partitions or 2*partitions"
	return schema{"anyOf": []schema{number{expectBounds}.schema(), e}}
}

// relativeBound evaluates the expression n holds in the fields of the cell
// of figure, "id.name".
func (d *decoder) relativeBound(n *yaml.Node, path, figure string) float64 {
	id, _, _ := strings.Cut(figure, ".")
	params, ok := d.cellParams[id]
	if !ok {
		d.errorf(n, path, "must be a number, or an expression of the fields of the figure's cell (got %q, and no cell %q)", n.Value, id)
		return 0
	}
	lookup := func(name string) (int64, error) {
		if v, ok := params[name]; ok {
			return v, nil
		}
		return 0, noName(fmt.Sprintf("unknown name %q (the fields of the cell %q are %s)%s", name, id, strings.Join(slices.Sorted(maps.Keys(params)), ", "), Suggest(name, slices.Collect(maps.Keys(params)))))
	}
	if bareUnknown(n.Value, lookup) {
		d.errorf(n, path, "must be a number between %g and %g (got %s); %q names no whole-number field of the cell %q", expectBounds.min, expectBounds.max, describe(n), n.Value, id)
		return 0
	}
	v, _ := d.eval(n, path, lookup, "an expectation's bound may be an expression of the whole-number fields of the figure's cell, such as partitions")
	return float64(v)
}

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
