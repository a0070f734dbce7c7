package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/scenarios/load"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/sim/kafka"
	"github.com/partlab/partlab/sim/measure"
)

// compute is the one place a scenario runs. It loads the scenario, checks
// its cost against the budget and its templates against the simulation's
// results, then runs its computations in three steps, each adding to every
// cell's one computation (sim.Computed): the simulation; the Kafka engine,
// for the cells that ask for it, on one cluster and the readings the
// simulation generated; and, with --measure only, a real run of every cell
// that can be measured, which takes as long as its work says. A cell's
// measure: true without --measure is a note.
// Progress goes to stderr.
func compute(ctx context.Context, file string, flags *computeFlags, stderr io.Writer) (report.Notebook, error) {
	s, loadErr := prepare(file, flags)
	if s == nil {
		return report.Notebook{}, loadErr
	}
	return computePrepared(ctx, s, loadErr, flags, stderr)
}

// computePrepared is compute of the scenario s that prepare loaded, with
// loadErr the errors of the cells it left out: the roster's variants are
// loaded once, to be costed, and computed from that load.
func computePrepared(ctx context.Context, s *scenarios.Scenario, loadErr error, flags *computeFlags, stderr io.Writer) (report.Notebook, error) {
	file := s.File
	nb, err := simulatePrepared(ctx, s, loadErr, flags, stderr)
	if err != nil {
		return report.Notebook{}, err
	}
	if nb.Results, err = kafka.Run(ctx, kafkaConfig(nb.Scenario, stderr), nb.Results); err != nil {
		return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
	}
	if flags.measure {
		if nb.Results, err = measure.Run(ctx, measure.Config{Name: file, Progress: stderr}, nb.Results); err != nil {
			return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
		}
	}
	return nb, nil
}

// simulate prepares a scenario, computes it with the sim engine and checks
// its Markdown's templates against the results: all that render checks
// before the Kafka engine and measuring, which validate checks too. A cell's
// measure: true without --measure is a note on stderr.
//
// A file with errors in some of its cells is still computed without them,
// and its templates and images checked, so that every problem of the file
// is reported at once, in file order (scenarios.Salvage).
func simulate(ctx context.Context, file string, flags *computeFlags, stderr io.Writer) (report.Notebook, error) {
	s, loadErr := prepare(file, flags)
	if s == nil {
		return report.Notebook{}, loadErr
	}
	return simulatePrepared(ctx, s, loadErr, flags, stderr)
}

// simulatePrepared is simulate of the scenario s that prepare loaded, with
// loadErr the errors of the cells it left out.
func simulatePrepared(ctx context.Context, s *scenarios.Scenario, loadErr error, flags *computeFlags, stderr io.Writer) (report.Notebook, error) {
	file := s.File
	if loadErr == nil {
		for _, note := range measureNotes(s, flags) {
			fmt.Fprintln(stderr, note)
		}
	}
	rs, err := sim.Run(ctx, s.Source, s.SimCells())
	switch {
	case err != nil && loadErr != nil:
		return report.Notebook{}, loadErr // a cell that leans on a broken one
	case err != nil:
		return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
	}
	nb := report.Notebook{Scenario: s, Results: rs}
	return nb, scenarios.Merge(loadErr, s.Relocate(report.Check(ctx, nb)))
}

// prepare loads a scenario with the command line's overrides, puts the
// compute flags over it and checks
// its cost against the budget, before anything is computed. A file with
// errors in its cells comes back with them, without its broken cells, when
// the rest can be computed (scenarios.Salvage); the scenario is nil when
// nothing can.
func prepare(file string, flags *computeFlags) (*scenarios.Scenario, error) {
	ovs, err := flags.overrides.list()
	if err != nil {
		return nil, err
	}
	s, loadErr := load.Salvage(file, append(ovs, flags.variant...)...)
	if s == nil {
		return nil, loadErr
	}
	if err := flags.apply(s); err != nil {
		return nil, scenarios.Merge(loadErr, err)
	}
	// After flags.apply has set every grid's engine.
	if err := s.CheckBudget(flags.budget, flags.measure); err != nil {
		return nil, scenarios.Merge(loadErr, err)
	}
	return s, loadErr
}

// measureNotes says on stderr which cells ask for measure: true when the
// command line does not say --measure: the file alone cannot start a
// measured run, which sleeps for as long as its work says.
func measureNotes(s *scenarios.Scenario, flags *computeFlags) []string {
	if flags.measure {
		return nil
	}
	var notes []string
	for i, c := range s.Cells {
		if t, ok := c.Sim.(sim.Throughput); ok && t.Measure {
			notes = append(notes, fmt.Sprintf("%s:%d:%d: cells[%d].%s: measure: true is ignored without --measure on the command line",
				s.File, c.At.Line, c.At.Col, i, c.Kind))
		}
	}
	return notes
}
