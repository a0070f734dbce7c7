package report

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/scenarios/load"
	"github.com/partlab/partlab/sim"
)

// TestKindsRegistered checks that every kind of computation scenarios
// decodes has a view here and a figure table in sim: the shipped scenarios
// hold a cell of every kind, and each names its figures.
func TestKindsRegistered(t *testing.T) {
	seen := map[sim.Kind]sim.Cell{}
	for _, file := range []string{"../scenarios/messaging-systems.yaml", "../scenarios/day-24-partitions.yaml", "../scenarios/rebalances.yaml"} {
		s, err := load.Scenario(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range s.SimCells() {
			seen[c.Kind()] = c
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
	nb.Results.All = append(nb.Results.All, &sim.SizingResult{ID: "future1"})
	want := "the report has no view of future cells"
	if err := Page(io.Discard, nb, copied); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("page: error %v, want %q", err, want)
	}
	if err := Text(io.Discard, nb); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("text: error %v, want %q", err, want)
	}
}
