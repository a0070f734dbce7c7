// Package recompute computes one cell as a page recomputes it with a
// reader's own values: the spec decoded by package scenarios with a
// scenario file's field specs, defaults, bounds and messages, the budget of
// the command line checked, the sim engine run, and the cell rendered by
// package report exactly as its page and results.json hold it.
//
// It is what the WebAssembly engine (the main package above it) runs, and
// it links nothing that needs files, a network or a process: it is not for
// rendering pages or sites, publishing, the PDF or the Kafka engine, which
// stay with the command line.
package recompute

import (
	"context"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// A Request is one cell to recompute: its kind and spec, the source it is
// computed over (the mapping a scenario writes under source; empty for the
// default) and the computations above it that it refers to. See
// scenarios.ParseCell.
type Request struct {
	Kind   sim.Kind
	Spec   []byte
	Source []byte
	Above  []scenarios.CellSpec
}

// Name is what a recomputed cell's errors are reported at, in place of a
// scenario file's name.
const Name = "cell"

// Run computes the request's cell, and the cells above it first, within
// sim.DefaultBudget, and renders it. Errors are a scenario file's, at Name;
// cancelling ctx stops the computation with ctx.Err().
func Run(ctx context.Context, r Request) (report.Cell, error) {
	return RunPausing(ctx, r, nil)
}

// RunPausing is Run that calls pause, unless it is nil, wherever the engine
// checks ctx (see sim.RunPausing).
func RunPausing(ctx context.Context, r Request, pause func()) (report.Cell, error) {
	s, err := scenarios.ParseCell(Name, r.Source, r.Above, scenarios.CellSpec{Kind: r.Kind, Spec: r.Spec})
	if err != nil {
		return report.Cell{}, err
	}
	if err := s.CheckBudget(sim.DefaultBudget(), false); err != nil {
		return report.Cell{}, err
	}
	rs, err := sim.RunPausing(ctx, s.Source, s.SimCells(), pause)
	if err != nil {
		return report.Cell{}, err
	}
	return report.RenderCell(report.Notebook{Scenario: s, Results: rs}, len(s.Cells)-1)
}
