package main

import (
	"context"
	"fmt"
	"io"

	"partlab/report"
	"partlab/scenarios"
	"partlab/sim"
	"partlab/sim/kafka"
	"partlab/sim/measure"
)

// compute is the one place a scenario runs. It loads the scenario, then runs
// its computations in three steps, each returning its own results: the
// simulation; the Kafka engine, for the grids that ask for it, on the
// readings the simulation generated; and a real run of the throughput cells
// that ask for one (all of them with --measure), which takes as long as
// their work says. Progress goes to stderr.
func compute(ctx context.Context, file string, flags *computeFlags, stderr io.Writer) (report.Notebook, error) {
	nb, err := simulate(ctx, file, flags)
	if err != nil {
		return report.Notebook{}, err
	}
	s, rs := nb.Scenario, nb.Results
	observed, err := kafka.Run(ctx, kafkaConfig(s, stderr), rs)
	if err != nil {
		return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
	}
	measured := map[string]*sim.Measurement{}
	for _, r := range rs.All {
		t, ok := r.(*sim.ThroughputResult)
		if !ok || !(flags.measure || t.Spec.Measure) {
			continue
		}
		fmt.Fprintf(stderr, "%s: measuring throughput cell %s, %s of modelled work …\n", file, t.ID, t.MeasureCost())
		if measured[t.ID], err = measure.Throughput(ctx, t, stderr); err != nil {
			return report.Notebook{}, fmt.Errorf("%s: cell %s: %w", file, t.ID, err)
		}
	}
	return report.Notebook{Scenario: s, Results: rs, Observed: observed, Measured: measured}, nil
}

// simulate loads a scenario, applies the command line's flags (none for
// validate), computes it with the sim engine and checks its Markdown's
// templates against the results: all that render checks before the Kafka
// engine and measuring.
func simulate(ctx context.Context, file string, flags *computeFlags) (report.Notebook, error) {
	s, err := scenarios.Load(file)
	if err != nil {
		return report.Notebook{}, err
	}
	if flags != nil {
		if err := flags.apply(s); err != nil {
			return report.Notebook{}, err
		}
	}
	rs, err := sim.Run(ctx, s.Source, s.SimCells())
	if err != nil {
		return report.Notebook{}, fmt.Errorf("%s: %w", file, err)
	}
	nb := report.Notebook{Scenario: s, Results: rs}
	return nb, report.Check(ctx, nb)
}
