package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/partlab/partlab/sim"

	"gopkg.in/yaml.v3"
)

// A figure's member may be written relative to its cell's whole-number
// fields, so that one page names the right figure for every variant: with
// the ceiling's partitions at 8,
//
//	ceiling.speedup@partitions    is ceiling.speedup@8
//	ceiling.idle@2*partitions     is ceiling.idle@16
//
// A member the cell computes as written is taken as written (a group named
// A, a grid's max_load@record/4/4); one is relative when every name it
// reads is a field of its cell. Predictions, expectations, answers and
// templates all resolve their figures through ResolveFigure, per variant.

// A FigureRef is a figure as a prediction or an expectation names it:
// Written as the file has it, Figure resolved for the scenario's values.
type FigureRef struct {
	Written string
	Figure  string
	Field   string // where it is written: cells[7].predictions.items[1].actual
	At      Pos
}

// Relative reports whether the reference is written relative to its
// cell's fields.
func (r FigureRef) Relative() bool { return r.Written != r.Figure }

// A figureScope gives a cell's computation and whole-number fields by id.
type figureScope func(id string) (sim.Cell, map[string]int64, bool)

// resolveFigure returns ref with a relative member evaluated; a reference
// that is not relative comes back as written, for the caller's own check
// that its cell computes it.
func resolveFigure(ref string, scope figureScope) (string, error) {
	id, name, _ := strings.Cut(ref, ".")
	family, member, ok := strings.Cut(name, "@")
	if !ok {
		return ref, nil
	}
	c, params, found := scope(id)
	if !found || c == nil || slices.Contains(sim.FigureNames(c), name) {
		return ref, nil
	}
	relative := true
	v, names, err := evalExpr(member, func(n string) (int64, error) {
		v, ok := params[n]
		if !ok {
			relative = false
		}
		return v, nil
	})
	if len(names) == 0 || !relative {
		return ref, nil
	}
	if err != nil {
		return "", fmt.Errorf("%s: the member %q: %v", ref, member, err)
	}
	return id + "." + family + "@" + strconv.FormatInt(v, 10), nil
}

// ResolveFigure is ref, "id.figure", with a member written relative to its
// cell's fields evaluated for this scenario's values.
func (s *Scenario) ResolveFigure(ref string) (string, error) {
	return resolveFigure(ref, func(id string) (sim.Cell, map[string]int64, bool) {
		for _, c := range s.Cells {
			if c.ID == id && c.Sim != nil {
				return c.Sim, c.params, true
			}
		}
		return nil, nil, false
	})
}

// Params are the whole-number fields of the computation with the given id,
// derived ones as their values: what a figure may be written relative to.
func (s *Scenario) Params(id string) map[string]int64 {
	for _, c := range s.Cells {
		if c.ID == id {
			return c.params
		}
	}
	return nil
}

// scope is the decoder's figureScope: the computations decoded so far.
func (d *decoder) scope(id string) (sim.Cell, map[string]int64, bool) {
	c, ok := d.earlier[id]
	return c, d.cellParams[id], ok
}

// figureRef resolves ref, written at n, and keeps both forms for check
// --roster; a problem is reported at n, and ref comes back as written.
func (d *decoder) figureRef(n *yaml.Node, path, ref string) string {
	if n.Kind != yaml.ScalarNode {
		return ref
	}
	figure, err := resolveFigure(ref, d.scope)
	if err != nil {
		d.errorf(n, path, "%v", err)
		return ref
	}
	d.refs = append(d.refs, FigureRef{Written: ref, Figure: figure, Field: path, At: Pos{n.Line, n.Column}})
	return figure
}
