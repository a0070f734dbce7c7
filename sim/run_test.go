package sim

import (
	"context"
	"errors"
	"reflect"
	"testing"
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
	run := func(workers int) []Result {
		e := &env{ctx: t.Context(), workers: workers, src: src, results: map[string]Result{}}
		rs, err := e.run(cells)
		if err != nil {
			t.Fatal(err)
		}
		return rs
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

	// The cancel comes from another goroutine once the source is generating.
	ctx, cancel = context.WithCancel(t.Context())
	started := make(chan struct{})
	go func() {
		<-started
		cancel()
	}()
	e := &env{ctx: ctx, workers: 2, src: src, results: map[string]Result{}}
	cells = append([]Cell{startCell{started}}, cells...)
	if _, err := e.run(cells); !errors.Is(err, context.Canceled) {
		t.Errorf("a run cancelled while it ran returned %v", err)
	}
}

// startCell closes a channel when it runs, telling a test that Run began.
type startCell struct{ started chan struct{} }

func (startCell) cellID() string { return "start" }

func (s startCell) run(*env) (Result, error) {
	close(s.started)
	return nil, nil
}
