package sim

import (
	"context"
	"errors"
	"reflect"
	"sync/atomic"
	"testing"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// The workers share the subscribers out in chunks; however many there are,
// and however the chunks fall, the figures are those of one worker alone.
func TestWorkersAgree(t *testing.T) {
	src := Source{Seed: -77, Subscribers: 3*chunkSize + 1001, Periods: 7}
	cells := []Cell{
		Grid{ID: "g", Keys: []Key{KeyRecord, KeyNone, KeySubscriber, KeyPeriod}, Partitions: []int{1, 3, 7, 13},
			Consumers: []int{1, 5}, Partitioner: "lesson", Assignor: "range"},
		Grid{ID: "h", Keys: []Key{KeyRecord, KeySubscriber}, Partitions: []int{2, 5}, Consumers: []int{3},
			Partitioner: "murmur2", Assignor: "roundrobin"},
		Grid{ID: "i", Keys: []Key{KeyRecord}, Partitions: []int{11}, Consumers: []int{4},
			Partitioner: "crc32", Assignor: "roundrobin"},
	}
	run := func(workers int) []Computed {
		e := &env{ctx: t.Context(), workers: workers, src: src}
		rs, err := e.run(cells)
		if err != nil {
			t.Fatal(err)
		}
		return rs.All
	}
	one := run(1)
	for _, workers := range []int{2, 3, 8} {
		if got := run(workers); !reflect.DeepEqual(got, one) {
			t.Errorf("%d workers give other figures than one", workers)
		}
	}
}

// A cancelled run stops with the context's error, whether it was cancelled
// before it began or while it ran.
func TestRunCancelled(t *testing.T) {
	src := Source{Seed: 20260218, Subscribers: MaxSubscribers, Periods: MaxPeriods}
	cells := []Cell{Grid{ID: "g", Keys: []Key{KeySubscriber, KeyRecord, KeyPeriod, KeyNone},
		Partitions: []int{1, 2, 4, 8, 16, 32, 64}, Consumers: []int{4}, Partitioner: "lesson", Assignor: "roundrobin"}}

	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, err := Run(ctx, src, cells); !errors.Is(err, context.Canceled) {
		t.Errorf("a run cancelled before it began returned %v", err)
	}

	// The cancel comes while the run is under way: a cell before the grid
	// cancels, and the grid must not run to its end.
	ctx, cancel = context.WithCancel(t.Context())
	e := &env{ctx: ctx, workers: 2, src: src}
	cells = append([]Cell{cancelCell{cancel}}, cells...)
	if _, err := e.run(cells); !errors.Is(err, context.Canceled) {
		t.Errorf("a run cancelled while it ran returned %v", err)
	}
}

// A cancel in the middle of a chunked loop stops the loop: the chunks after
// it are not worked.
func TestChunkedStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	var worked atomic.Int64
	err := chunked(ctx, 1, 100*chunkSize, func(w, lo, hi int) {
		if worked.Add(1) == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || worked.Load() != 3 {
		t.Errorf("chunked returned %v after %d chunks; want context.Canceled after 3", err, worked.Load())
	}
}

// cancelCell cancels the run's context when it runs.
type cancelCell struct{ cancel context.CancelFunc }

func (cancelCell) Kind() Kind         { return "cancel" }
func (cancelCell) CellID() string     { return "cancel" }
func (cancelCell) figures() figureSet { return figureTable[cancelCell, Result, struct{}]{} }
func (cancelCell) Cost(Source) Cost   { return Cost{} }

func (c cancelCell) run(*env) (Result, error) {
	c.cancel()
	return nil, nil
}

// countdown is a context that is cancelled once its Err has been asked
// after times: a cancel at a known point of a run, without a clock.
type countdown struct {
	context.Context
	after int
}

func (c *countdown) Err() error {
	if c.after--; c.after < 0 {
		return context.Canceled
	}
	return nil
}

// Every kind's long loops look at the context as they count their work: a
// run cancelled after a few looks stops with the context's error, having
// done a small part of its work.
func TestCancelledInEveryLoop(t *testing.T) {
	src := Source{Seed: 1, Subscribers: 2000, Periods: 12}
	joins := make([]RebalanceEvent, 4)
	for i := range joins {
		joins[i] = RebalanceEvent{Join: 64}
	}
	for _, tc := range []struct {
		name string
		cell Cell
	}{
		{"adaptive keyless over 4096 partitions", Keyless{Partitions: 4096, Windows: []int{1_000_000}, Batch: 512, Value: 384, Partitioners: []string{"adaptive"}}},
		{"roundrobin keyless", Keyless{Partitions: 4, Windows: []int{1_000_000}, Batch: 16384, Value: 100, Partitioners: []string{"roundrobin", "sticky", "uniform"}}},
		{"rebalance of 256 members", Rebalance{Partitions: 4096, Events: joins, Protocols: ProtocolOrder}},
		{"lag over 1000 steps", Lag{Partitions: 64, Rate: 1000, PerConsumer: 10, Consumers: []int{1, 2, 4, 8, 16, 32, 64}, Steps: 1000, Assignor: "range"}},
		{"spread along many partition counts", Spread{Keys: keyRange("user-", 20000), Partitions: 4096, Along: []int{4096, 4095, 4094, 4093, 4092, 4091, 4090, 4089}, Partitioner: "crc32"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var all, cut Work
			if _, err := RunCounted(t.Context(), src, []Cell{tc.cell}, &all); err != nil {
				t.Fatal(err)
			}
			_, err := RunCounted(&countdown{Context: t.Context(), after: 3}, src, []Cell{tc.cell}, &cut)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("a run cancelled after 3 looks returned %v", err)
			}
			if cut.Units() > all.Units()/2 {
				t.Errorf("cancelled, it did %d units of work of %d", cut.Units(), all.Units())
			}
		})
	}
}
