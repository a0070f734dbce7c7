// Package measure runs throughput and lag cells for real: one goroutine per
// consumer, each working its partitions record by record, timed with the
// clock. Run is the one entry point, with a measurer per kind in the kind's
// file (Throughput here, Lag in lag.go). It is
// the one place partlab reads the time, which is why it is not in package sim;
// its figures vary from run to run and stay out of the default output.
//
// Its tests give it a fake clock without a seam in this code: they run it
// inside a testing/synctest bubble, where time.Now and timers are virtual and
// time moves only when every goroutine sleeps, so sleeping consumers overlap
// exactly and a test never waits on, or asserts on, the machine's speed.
package measure

import (
	"context"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/partlab/partlab/sim"
)

// Config says where a measured run reports.
type Config struct {
	// Name begins the line that announces each cell, as an error would
	// name the scenario: its file.
	Name string
	// Progress receives that line and the run's own; nil is quiet.
	Progress io.Writer
}

// Run measures every cell among the results whose kind can be measured
// (measurers), in the scenario's order, and returns the results with each
// one's measurement (sim.Computed.Measured). Each takes as long as its work
// says, which a line on cfg.Progress tells before it starts.
func Run(ctx context.Context, cfg Config, rs sim.Results) (sim.Results, error) {
	if cfg.Progress == nil {
		cfg.Progress = io.Discard
	}
	out := rs
	out.All = slices.Clone(rs.All)
	for i, c := range rs.All {
		m, ok := measurers[rs.Cells[i].Kind()]
		if !ok {
			continue
		}
		var err error
		if out.All[i].Measured, err = m(ctx, cfg, c.Result); err != nil {
			return sim.Results{}, fmt.Errorf("cell %s: %w", rs.Cells[i].CellID(), err)
		}
	}
	return out, nil
}

// measurers are the kinds of cell a real run measures, one line each; a
// kind's measurer lives in its own file.
var measurers = map[sim.Kind]measurer{
	sim.KindThroughput: throughputMeasurer,
	sim.KindLag:        lagMeasurer,
}

// A measurer measures one kind of cell; what it returns is the cell's
// sim.Computed.Measured.
type measurer func(ctx context.Context, cfg Config, r sim.Result) (any, error)

// A measurerSpec is one kind's measured run as its file writes it, for its
// result type R: what announces it, and the run.
type measurerSpec[R sim.Result] struct {
	// about names the cell and how long its run takes ("throughput cell
	// tp, 1.2s of modelled work").
	about func(R) string
	run   func(ctx context.Context, r R, progress io.Writer) (any, error)
}

// newMeasurer makes a measurer from its spec: a result of another type is
// an error.
func newMeasurer[R sim.Result](s measurerSpec[R]) measurer {
	return func(ctx context.Context, cfg Config, r sim.Result) (any, error) {
		tr, ok := r.(R)
		if !ok {
			return nil, fmt.Errorf("no %T result to measure", tr)
		}
		fmt.Fprintf(cfg.Progress, "%s: measuring %s …\n", cfg.Name, s.about(tr))
		return s.run(ctx, tr, cfg.Progress)
	}
}

// throughputMeasurer measures a throughput cell with Throughput.
var throughputMeasurer = newMeasurer(measurerSpec[*sim.ThroughputResult]{
	about: func(r *sim.ThroughputResult) string {
		return fmt.Sprintf("throughput cell %s, %s of modelled work", r.ID, r.MeasureCost())
	},
	run: func(ctx context.Context, r *sim.ThroughputResult, progress io.Writer) (any, error) {
		return Throughput(ctx, r, progress)
	},
})

// Throughput measures every consumer count of a modelled throughput result
// and returns the measured rows with a description of the machine. Work is
// a sleep per record, so the cores of the machine do not limit the speedup;
// the speedup is against the time one consumer takes for all the records,
// measured too. A line per group run goes to progress, which may be nil.
func Throughput(ctx context.Context, res *sim.ThroughputResult, progress io.Writer) (*sim.ThroughputMeasurement, error) {
	if progress == nil {
		progress = io.Discard
	}
	assign, err := sim.AssignorByName(res.Assignor)
	if err != nil {
		return nil, err
	}
	work := res.Spec.Work
	single, err := group(ctx, res.Sizes, assign(len(res.Sizes), 1), work)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(progress, "  one consumer alone: %.2f s\n", single.Seconds())
	m := &sim.ThroughputMeasurement{Machine: Machine()}
	for _, row := range res.Rows {
		owned := assign(len(res.Sizes), row.Consumers)
		wall := single // one consumer was measured already
		if row.Consumers > 1 {
			if wall, err = group(ctx, res.Sizes, owned, work); err != nil {
				return nil, err
			}
		}
		got := sim.NewThroughputRow(res.Records, sim.GroupLoads(res.Sizes, owned), len(res.Sizes), wall, single)
		fmt.Fprintf(progress, "  %d consumers: %.2f s, %.2f× (model %.2f×)\n", got.Consumers, got.WallS, got.Speedup, row.Speedup)
		m.Rows = append(m.Rows, got)
	}
	return m, nil
}

// group runs one consumer group and returns its wall time.
func group(ctx context.Context, sizes []int, owned [][]int, work time.Duration) (time.Duration, error) {
	var wg sync.WaitGroup
	start := time.Now()
	for _, parts := range owned {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, p := range parts {
				for range sizes[p] {
					if sleep(ctx, work) != nil {
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("measuring throughput: %w", err)
	}
	return time.Since(start), nil
}

// sleep waits d, or less when ctx ends first, so that a cancelled run
// returns within one timer wake-up rather than after its current record.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Machine describes where a measurement ran: CPU model, cores, OS and Go.
func Machine() string {
	cpu := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if name, ok := strings.CutPrefix(line, "model name"); ok {
				cpu = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(name), ":"))
				break
			}
		}
	}
	return fmt.Sprintf("%s, %d cores, %s/%s, %s", cpu, runtime.NumCPU(), runtime.GOOS, runtime.GOARCH, runtime.Version())
}
