// Package report renders a scenario's results: the lesson's fixed-width text
// tables, JSON, CSV and the HTML notebook pages. It computes no figure of its
// own; every number it prints comes from package sim, and report chooses only
// which rows to show and the words around them.
package report

import (
	"cmp"
	"fmt"
	"io"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// A Notebook is a scenario with everything computed for it, ready to render:
// each cell's one computation (sim.Computed), the simulation's result with,
// where the cell ran on Kafka or was measured, what those found beside it.
type Notebook struct {
	Scenario *scenarios.Scenario
	Results  sim.Results
}

// cell pairs a scenario cell with its computation; Result is nil for
// Markdown. Index is the cell's place in the scenario's cells.
type cell struct {
	scenarios.Cell
	Index int
	sim.Computed
}

// cells returns the notebook's cells with their computations.
func (nb Notebook) cells() []cell {
	out := make([]cell, len(nb.Scenario.Cells))
	next := 0
	for i, c := range nb.Scenario.Cells {
		out[i].Cell, out[i].Index = c, i
		if c.Sim != nil && next < len(nb.Results.All) {
			out[i].Computed = nb.Results.All[next]
			next++
		}
	}
	return out
}

// A kind is how the report shows one kind of computation: its title, the
// template of its page view, the narrative template its story is worded
// with and the view that fills them, its lines in the text output, and,
// when other engines add to it, its entry in results.json. newKind makes one
// from a kindSpec, in the kind's own file.
type kind struct {
	// title names what the kind's cells show, as a reader would: a
	// computed cell's heading and its entry in the contents.
	title     string
	template  string // under templates/cells/
	narrative string // under templates/narrative/; "" for a kind whose template words none
	view      func(p *pageState, c computation) (any, error)
	text      func(w io.Writer, c cell) error
	json      func(c cell) (any, error) // nil: the result as it is
	// conclusions are the statements the kind's story makes or withholds,
	// by name, for results.json and diff; nil: the story draws none.
	conclusions func(nb Notebook, c cell) (map[string]bool, error)
}

// kinds are the views of every kind of computation, each defined in the
// kind's own file (grid.go, spread.go, …). A kind missing here is an error
// when a page or the text meets it, and TestKindsRegistered finds it first.
var kinds = map[sim.Kind]kind{
	sim.KindGrid:        gridKind,
	sim.KindOffsets:     offsetsKind,
	sim.KindSpread:      spreadKind,
	sim.KindThroughput:  throughputKind,
	sim.KindOrdering:    orderingKind,
	sim.KindRepartition: repartitionKind,
	sim.KindAssignment:  assignmentKind,
	sim.KindGroups:      groupsKind,
	sim.KindSizing:      sizingKind,
	sim.KindKeyless:     keylessKind,
	sim.KindLag:         lagKind,
	sim.KindRebalance:   rebalanceKind,
	sim.KindPredictions: predictionsKind,
}

// A computation is a computation cell with its kind's view.
type computation struct {
	cell
	kind
}

// computations returns the notebook's computation cells in order, each with
// its kind's view; a kind without one is an error.
func (nb Notebook) computations() ([]computation, error) {
	var out []computation
	for _, c := range nb.cells() {
		if c.Kind == scenarios.Markdown {
			continue
		}
		k, err := kindOf(c)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", nb.Scenario.File, err)
		}
		out = append(out, computation{c, k})
	}
	return out, nil
}

// kindOf returns the view of a computation cell's kind.
func kindOf(c cell) (kind, error) {
	k, ok := kinds[c.Kind]
	if !ok {
		return kind{}, fmt.Errorf("cells[%d]: the report has no view of %s cells", c.Index, c.Kind)
	}
	return k, nil
}

// A kindSpec is one kind of computation as its file writes it, with
// functions of its result type T.
type kindSpec[T sim.Result] struct {
	title     string
	template  string // computedTemplate when empty
	narrative string
	view      func(p *pageState, c computation, r T) (any, error)
	text      func(w io.Writer, c cell, r T)
	json      func(c cell, r T) any // optional
	// check refuses a result the kind cannot show whole, before its view,
	// text, JSON or conclusions read it; optional.
	check func(c cell, r T) error
	// conclusions are the booleans the kind's narrative template branches
	// on, so that the page and results.json cannot disagree; optional.
	conclusions func(nb Notebook, c cell, r T) map[string]bool
}

// computedTemplate is the template every kind shares unless it has its own.
const computedTemplate = "computed.html"

// newKind makes a kind from its spec: a cell whose result is not a T, or
// that the spec's check refuses, is an error.
func newKind[T sim.Result](s kindSpec[T]) kind {
	result := func(c cell) (T, error) {
		r, ok := c.Result.(T)
		if !ok {
			return r, fmt.Errorf("%s cell %q has no %s results", c.Kind, c.ID, c.Kind)
		}
		if s.check != nil {
			return r, s.check(c, r)
		}
		return r, nil
	}
	k := kind{
		title:     s.title,
		template:  cmp.Or(s.template, computedTemplate),
		narrative: s.narrative,
		view: func(p *pageState, c computation) (any, error) {
			r, err := result(c.cell)
			if err != nil {
				return nil, p.cellErr(c.cell, err)
			}
			return s.view(p, c, r)
		},
		text: func(w io.Writer, c cell) error {
			r, err := result(c)
			if err == nil {
				s.text(w, c, r)
			}
			return err
		},
	}
	if s.json != nil {
		k.json = func(c cell) (any, error) {
			r, err := result(c)
			if err != nil {
				return nil, err
			}
			return s.json(c, r), nil
		}
	}
	if s.conclusions != nil {
		k.conclusions = func(nb Notebook, c cell) (map[string]bool, error) {
			r, err := result(c)
			if err != nil {
				return nil, err
			}
			return s.conclusions(nb, c, r), nil
		}
	}
	return k
}

// found is what another engine found of a cell (its Kafka or Measured), as
// the type the kind's file names: nil where that engine did not run.
func found[T any](v any) T {
	t, _ := v.(T)
	return t
}
