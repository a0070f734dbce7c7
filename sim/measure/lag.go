package measure

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/partlab/partlab/sim"
)

// lagMeasurer measures a lag cell with Lag, each read taking sim.LagRead.
var lagMeasurer = newMeasurer(measurerSpec[*sim.LagResult]{
	about: func(r *sim.LagResult) string {
		// A lag's cost does not depend on the source.
		return fmt.Sprintf("lag cell %s, %s of steps", r.ID, r.Spec.Cost(sim.Source{}).Measure)
	},
	run: func(ctx context.Context, r *sim.LagResult, _ io.Writer) (any, error) {
		return Lag(ctx, r, sim.LagRead)
	},
})

// Lag runs every consumer count of a lag cell for real: a writer adds each
// step's records at the step's start, and one goroutine per consumer reads
// its partitions in turns of one record, each read taking work, for as long
// as the step leaves time for another read. A step lasts PerConsumer × work,
// so a consumer that is never late reads PerConsumer records a step, as the
// model says; a late one reads fewer. At each step's end every consumer
// stops and the lags are taken. With a burst the run is repeated without
// it, to time the drain. Under a fake clock (testing/synctest) the rows are
// the model's; on a machine they show what its timers allow.
func Lag(ctx context.Context, res *sim.LagResult, work time.Duration) (*sim.LagMeasurement, error) {
	l := res.Spec
	assign, err := sim.AssignorByName(l.Assignor)
	if err != nil {
		return nil, err
	}
	var rows []sim.LagRow
	for _, c := range l.Consumers {
		owned := assign(l.Partitions, c)
		lags, err := lagRun(ctx, l, owned, work, true)
		if err != nil {
			return nil, err
		}
		var calm [][]int
		if l.Burst != nil {
			if calm, err = lagRun(ctx, l, owned, work, false); err != nil {
				return nil, err
			}
		}
		rows = append(rows, l.NewRow(owned, lags, calm))
	}
	return &sim.LagMeasurement{Machine: Machine(), Rows: rows}, nil
}

// lagRun is one group's steps; it returns every partition's lag after
// every step.
func lagRun(ctx context.Context, l sim.Lag, owned [][]int, work time.Duration, burst bool) ([][]int, error) {
	var mu sync.Mutex // guards lag: the writer touches every partition, a consumer its own
	lag := make([]int, l.Partitions)
	steady, extra := l.Split(l.Rate), []int(nil)
	if burst && l.Burst != nil {
		extra = l.Split(l.Burst.Records)
	}
	step := time.Duration(l.PerConsumer) * work
	start := time.Now()
	out := make([][]int, l.Steps)
	for s := range out {
		end := start.Add(time.Duration(s+1) * step)
		mu.Lock()
		for p := range lag {
			lag[p] += steady[p]
			if extra != nil && s == l.Burst.At-1 {
				lag[p] += extra[p]
			}
		}
		mu.Unlock()
		var wg sync.WaitGroup
		for _, parts := range owned {
			wg.Go(func() { consume(ctx, &mu, lag, parts, work, end) })
		}
		wg.Wait()
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("measuring lag: %w", err)
		}
		if err := sleepUntil(ctx, end); err != nil {
			return nil, fmt.Errorf("measuring lag: %w", err)
		}
		mu.Lock()
		out[s] = slices.Clone(lag)
		mu.Unlock()
	}
	return out, nil
}

// consume reads one record at a time from the partitions that have one,
// in turns, lowest first, while a read still ends by end.
func consume(ctx context.Context, mu *sync.Mutex, lag, parts []int, work time.Duration, end time.Time) {
	for {
		read := false
		for _, p := range parts {
			if time.Now().Add(work).After(end) {
				return
			}
			mu.Lock()
			has := lag[p] > 0
			mu.Unlock()
			if !has {
				continue
			}
			if sleep(ctx, work) != nil {
				return
			}
			mu.Lock()
			lag[p]--
			mu.Unlock()
			read = true
		}
		if !read {
			return
		}
	}
}

// sleepUntil waits until t, or less when ctx ends first.
func sleepUntil(ctx context.Context, t time.Time) error {
	if d := time.Until(t); d > 0 {
		return sleep(ctx, d)
	}
	return ctx.Err()
}
