package report

import (
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// tryData is what a computed cell's "Try your own values" needs, written
// into its section as JSON: the cell's form, the source it is computed
// over and the cells above it that it is computed from, which the engine in
// the page computes first (partlab.run's options).
type tryData struct {
	scenarios.Form
	Source string     `json:"source"`
	Above  []tryAbove `json:"above,omitempty"`
}

// tryAbove is one cell a recomputed cell refers to, as partlab.run takes
// it.
type tryAbove struct {
	Kind sim.Kind `json:"kind"`
	Spec string   `json:"spec"`
}

// tries makes the forms of a page's cells as the page renders them, in
// order, so that a cell finds the specs of the cells it refers to.
type tries struct {
	source string
	// key is the teacher's edition, whose answers are open: a student's
	// page offers no form on a cell behind "Show the answer", since
	// recomputing it with the page's values shows the answer.
	key   bool
	above map[string]*tryAbove // the page's cells so far that a page can compute, by id
}

func newTries(s *scenarios.Scenario, key bool) *tries {
	return &tries{source: scenarios.SourceSpec(s.Source), key: key, above: map[string]*tryAbove{}}
}

// form is cell c's form, or nil for a cell that offers none: one that is no
// computation the engine in the page runs, whose figures come in part from
// another engine or a measured run, that refers to such a cell, or whose
// answer is closed.
func (t *tries) form(c cell) (*tryData, error) {
	f, ok, err := c.Form()
	if err != nil || !ok || c.Kafka != nil || c.Measured != nil {
		return nil, err
	}
	d := &tryData{Form: f, Source: t.source}
	refs := sim.Refs(c.Sim)
	for _, id := range refs {
		if a := t.above[id]; a != nil {
			d.Above = append(d.Above, *a)
		}
	}
	t.above[f.ID] = &tryAbove{Kind: f.Kind, Spec: f.Spec}
	if len(d.Above) < len(refs) || (c.Answer && !t.key) {
		return nil, nil
	}
	return d, nil
}
