package measure

import (
	"context"
	"math"
	"testing"
	"time"

	"partlab/sim"
)

// A real run lands within 10% of the model at C = P = 8. The work is a sleep,
// so the machine's two cores do not limit eight consumers; 10 ms per record
// keeps the scheduler's wake-up delays, which grow when other tests load the
// machine, small beside it.
func TestMeasuredSpeedupFollowsTheModel(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping a timed run in -short mode")
	}
	rs, err := sim.Run(t.Context(), sim.Source{}, []sim.Cell{sim.Throughput{ID: "t", Partitions: 8, Records: 20,
		Work: 10 * time.Millisecond, Consumers: []int{8, 16}, Assignor: "roundrobin"}})
	if err != nil {
		t.Fatal(err)
	}
	model := rs[0].(*sim.ThroughputResult)
	m, err := Throughput(context.Background(), model, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range m.Rows {
		want := model.Rows[i]
		if math.Abs(row.Speedup-want.Speedup) > 0.1*want.Speedup || row.Idle != want.Idle {
			t.Errorf("%d consumers: measured %.2fx, %d idle; model %.2fx, %d idle", row.Consumers, row.Speedup, row.Idle, want.Speedup, want.Idle)
		}
	}
	if m.Machine == "" {
		t.Error("no machine description")
	}
}

func TestMeasureStopsWithTheContext(t *testing.T) {
	rs, _ := sim.Run(t.Context(), sim.Source{}, []sim.Cell{sim.Throughput{ID: "t", Partitions: 1, Records: 1000,
		Work: time.Second, Consumers: []int{1}, Assignor: "range"}})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Throughput(ctx, rs[0].(*sim.ThroughputResult), nil); err == nil {
		t.Error("a cancelled measurement succeeded")
	}
}
