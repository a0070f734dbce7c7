// Package report renders a scenario's results: the lesson's fixed-width text
// tables, JSON, CSV and the HTML notebook pages. It computes no figure of its
// own; every number it prints comes from package sim.
package report

import (
	"partlab/scenarios"
	"partlab/sim"
)

// A Notebook is a scenario with its results, ready to render. Results holds
// one result per computation, in cell order (see scenarios.Scenario.SimCells).
type Notebook struct {
	Scenario *scenarios.Scenario
	Results  []sim.Result
}

// cell pairs a scenario cell with its result; Result is nil for Markdown.
// Index is the cell's place in the scenario's cells.
type cell struct {
	scenarios.Cell
	Index  int
	Result sim.Result
}

// cells returns the notebook's cells with their results.
func (nb Notebook) cells() []cell {
	out := make([]cell, len(nb.Scenario.Cells))
	next := 0
	for i, c := range nb.Scenario.Cells {
		out[i].Cell, out[i].Index = c, i
		if c.Sim != nil && next < len(nb.Results) {
			out[i].Result = nb.Results[next]
			next++
		}
	}
	return out
}
