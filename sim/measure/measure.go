// Package measure runs a Throughput cell for real: one goroutine per consumer,
// each working its partitions record by record, timed with the clock. It is
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
	"strings"
	"sync"
	"time"

	"github.com/partlab/partlab/sim"
)

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
