package sim

import (
	"context"
	"errors"
	"fmt"
	"math"
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

	// The cancel comes while the grid is under way: a run never cancelled
	// makes every check; one cancelled ten checks before its end, well
	// inside the grid's 64 chunks and past the source's 64, stops there.
	src.Subscribers = 64 * chunkSize
	cells = []Cell{Grid{ID: "g", Keys: []Key{KeySubscriber}, Partitions: []int{7}, Consumers: []int{4},
		Partitioner: "lesson", Assignor: "roundrobin"}}
	full := newCountdown(math.MaxInt64)
	if _, err := (&env{ctx: full, workers: 1, src: src}).run(cells); err != nil {
		t.Fatal(err)
	}
	checks := full.calls.Load()
	late := newCountdown(checks - 10)
	_, err := (&env{ctx: late, workers: 1, src: src}).run(cells)
	if !errors.Is(err, context.Canceled) || late.calls.Load() >= checks {
		t.Errorf("a run cancelled at check %d of %d returned %v after %d checks; want context.Canceled before its end",
			checks-10, checks, err, late.calls.Load())
	}
}

// RunPausing pauses at every check of the context, on every worker.
func TestRunPausing(t *testing.T) {
	src := Source{Seed: -77, Subscribers: 8*chunkSize + 1, Periods: 7}
	cells := []Cell{Grid{ID: "g", Keys: []Key{KeySubscriber, KeyRecord}, Partitions: []int{3, 7}, Consumers: []int{2},
		Partitioner: "lesson", Assignor: "range"}}
	ctx := newCountdown(math.MaxInt64)
	var pauses atomic.Int64
	if _, err := RunPausing(ctx, src, cells, func() { pauses.Add(1) }); err != nil {
		t.Fatal(err)
	}
	if pauses.Load() == 0 || pauses.Load() != ctx.calls.Load() {
		t.Errorf("%d pauses for %d checks of the context; want one at each", pauses.Load(), ctx.calls.Load())
	}
}

// A cancel in the middle of a chunked loop stops the loop: the chunks after
// it are not worked.
func TestChunkedStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	var worked atomic.Int64
	err := chunked(ctx.Err, 1, 100*chunkSize, func(w, lo, hi int) {
		if worked.Add(1) == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || worked.Load() != 3 {
		t.Errorf("chunked returned %v after %d chunks; want context.Canceled after 3", err, worked.Load())
	}
}

// A panic on a worker reaches chunked's caller, whatever the number of
// workers, so that the caller can recover it.
func TestChunkedPanics(t *testing.T) {
	for _, workers := range []int{1, 3} {
		t.Run(fmt.Sprintf("%d workers", workers), func(t *testing.T) {
			defer func() {
				if p := recover(); p != "chunk 3" {
					t.Errorf("recovered %v; want the worker's panic, chunk 3", p)
				}
			}()
			chunked(context.Background().Err, workers, 100*chunkSize, func(w, lo, hi int) {
				if lo == 3*chunkSize {
					panic("chunk 3")
				}
			})
			t.Error("chunked returned")
		})
	}
}

// countdown is a context whose Err is nil for its first n calls and
// context.Canceled from then on: a cancel at a chosen check of a run under
// way, with no clock and no goroutine of its own.
type countdown struct {
	context.Context
	left, calls atomic.Int64
}

func newCountdown(n int64) *countdown {
	c := &countdown{Context: context.Background()}
	c.left.Store(n)
	return c
}

func (c *countdown) Err() error {
	c.calls.Add(1)
	if c.left.Add(-1) < 0 {
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
		{"rebalance of 256 members", Rebalance{Partitions: 4096, Events: joins, Protocols: ProtocolOrder()}},
		{"lag over 1000 steps", Lag{Partitions: 64, Rate: 1000, PerConsumer: 10, Consumers: []int{1, 2, 4, 8, 16, 32, 64}, Steps: 1000, Assignor: "range"}},
		{"spread along many partition counts", Spread{Keys: keyRange("user-", 20000), Partitions: 4096, Along: []int{4096, 4095, 4094, 4093, 4092, 4091, 4090, 4089}, Partitioner: "crc32"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var all, cut Work
			if _, err := RunCounted(t.Context(), src, []Cell{tc.cell}, &all); err != nil {
				t.Fatal(err)
			}
			_, err := RunCounted(newCountdown(3), src, []Cell{tc.cell}, &cut)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("a run cancelled after 3 looks returned %v", err)
			}
			if cut.Units() > all.Units()/2 {
				t.Errorf("cancelled, it did %d units of work of %d", cut.Units(), all.Units())
			}
		})
	}
}
