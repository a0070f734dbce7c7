package report

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// TestKindsRegistered checks that every kind of computation scenarios
// decodes has a view here and a figure table in sim: the shipped scenarios
// hold a cell of every kind, and each names its figures.
func TestKindsRegistered(t *testing.T) {
	seen := map[sim.Kind]sim.Cell{}
	for _, c := range reporttest.Shipped(t) {
		for _, cell := range c.Scenario.SimCells() {
			seen[cell.Kind()] = cell
		}
	}
	for _, k := range scenarios.Kinds() {
		if _, ok := kinds[k]; !ok {
			t.Errorf("report has no view of %s cells", k)
		}
		c, ok := seen[k]
		if !ok {
			t.Errorf("no shipped scenario holds a %s cell, so no test renders one", k)
			continue
		}
		if names := sim.FigureNames(c); k != sim.KindPredictions && len(names) == 0 {
			t.Errorf("sim names no figure of %s cells", k)
		}
	}
	for k := range kinds {
		if !slices.Contains(scenarios.Kinds(), k) {
			t.Errorf("report has a view of %s cells, which no scenario can hold", k)
		}
	}
}

// TestUnregisteredKind checks that a computation the report has no view of
// is an error on the page and in the text, not a silent gap.
func TestUnregisteredKind(t *testing.T) {
	nb := lesson(t)
	nb.Scenario.Cells = append(nb.Scenario.Cells, scenarios.Cell{Kind: "future", ID: "future1", Sim: sim.Sizing{ID: "future1"}})
	nb.Results.All = append(nb.Results.All, sim.Computed{Result: &sim.SizingResult{ID: "future1"}})
	want := "the report has no view of future cells"
	if err := Page(io.Discard, nb, copied); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("page: error %v, want %q", err, want)
	}
	if err := Text(io.Discard, nb); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("text: error %v, want %q", err, want)
	}
}

// TestKindTemplates checks that every kind's descriptor names templates
// that exist: its page template, and the narrative the shared computed
// template words its story with.
func TestKindTemplates(t *testing.T) {
	for k, d := range kinds {
		if cellLayout().Lookup(d.template) == nil {
			t.Errorf("%s: no page template %q", k, d.template)
		}
		switch {
		case d.template == computedTemplate && d.narrative == "":
			t.Errorf("%s: computed cells need a narrative template", k)
		case d.narrative != "" && narratives().Lookup(d.narrative) == nil:
			t.Errorf("%s: no narrative template %q under templates/narrative/", k, d.narrative)
		}
	}
}
