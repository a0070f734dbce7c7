package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"partlab/sim"

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

// expect reads the expect list. It runs after the cells, so an expectation
// may name a figure of any cell, above or below it on the page.
func (d *decoder) expect(n *yaml.Node) []Expect {
	var out []Expect
	for i, item := range d.list(n, "expect") {
		path := fmt.Sprintf("expect[%d]", i)
		f := d.fields(item, path, append([]string{"figure", "tolerance", "why"}, sim.BoundNames()...), []string{"figure"})
		e := Expect{At: Pos{item.Line, item.Column}}
		if v := f["figure"]; v != nil {
			e.Figure = d.text(v, join(path, "figure"))
			if v.Kind == yaml.ScalarNode {
				d.checkExpected(v, join(path, "figure"), e.Figure)
			}
		}
		var bounds []string
		for _, b := range sim.BoundNames() {
			if v := f[b]; v != nil {
				bounds = append(bounds, b)
				e.Bound = sim.Bound(b)
				e.Value = d.number(v, join(path, b), -expectLimit, expectLimit)
			}
		}
		if f != nil && len(bounds) != 1 {
			d.errorf(item, path, "needs exactly one of equals, at_least or at_most (got %s)", orNone(bounds))
		}
		if v := f["tolerance"]; v != nil {
			e.Tolerance = d.number(v, join(path, "tolerance"), 0, expectLimit)
			if len(bounds) == 1 && e.Bound != sim.Equals {
				d.errorf(v, join(path, "tolerance"), "applies to equals only; for %s, move the bound instead", e.Bound)
			}
		}
		if v := f["why"]; v != nil {
			e.Why = d.str(v, join(path, "why"))
		}
		out = append(out, e)
	}
	return out
}

func orNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, " and ")
}

// checkExpected requires ref to be "id.figure" for a figure some cell
// computes. The error lists the names near it: the cells' ids when the id is
// unknown, the members of the figure's family when only the member is wrong,
// and the cell's figures otherwise, so that a grid's hundreds of names do not
// drown the one the author meant.
func (d *decoder) checkExpected(n *yaml.Node, path, ref string) {
	id, name, _ := strings.Cut(ref, ".")
	c := d.earlier[id]
	if c == nil {
		if len(d.order) == 0 {
			d.errorf(n, path, "no cell computes %q: the scenario has no computation", ref)
			return
		}
		d.errorf(n, path, "no cell %q computes %q (the cells are %s)", id, ref, strings.Join(quoteAll(d.order), ", "))
		return
	}
	names := sim.FigureNames(c)
	if slices.Contains(names, name) {
		return
	}
	if len(names) == 0 {
		d.errorf(n, path, "the %s cell %q has no named figures", c.Kind(), id)
		return
	}
	family, _, member := strings.Cut(name, "@")
	var members, families []string
	for _, f := range names {
		fam, _, isMember := strings.Cut(f, "@")
		label := id + "." + f
		if isMember {
			label = id + "." + fam + "@…"
			if member && fam == family {
				members = append(members, id+"."+f)
			}
		}
		if !slices.Contains(families, label) {
			families = append(families, label)
		}
	}
	near := families
	if len(members) > 0 {
		near = members
	}
	d.errorf(n, path, "the %s cell %q computes no %q (want one of %s)", c.Kind(), id, name, strings.Join(near, ", "))
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = fmt.Sprintf("%q", v)
	}
	return out
}

// Expectations returns the scenario's expectations for sim, in file order.
func (s *Scenario) Expectations() []sim.Expectation {
	out := make([]sim.Expectation, len(s.Expect))
	for i, e := range s.Expect {
		out[i] = e.Expectation
	}
	return out
}
