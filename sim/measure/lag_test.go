package measure

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"testing/synctest"
	"time"

	"github.com/partlab/partlab/sim"
)

func lagModel(t testing.TB, l sim.Lag) *sim.LagResult {
	t.Helper()
	rs, err := sim.Run(context.Background(), sim.Source{}, []sim.Cell{l})
	if err != nil {
		t.Fatal(err)
	}
	return rs.All[0].Result.(*sim.LagResult)
}

// Under synctest's fake clock a measured lag run, writer and consumers as
// goroutines reading against the clock, equals the model step for step and
// partition for partition: the page's burst and hot key, and a group that
// reads its partitions unevenly.
func TestMeasuredLagEqualsTheModelUnderAFakeClock(t *testing.T) {
	for _, l := range []sim.Lag{
		{ID: "burst", Partitions: 6, Rate: 600, PerConsumer: 250, Consumers: []int{1, 3, 6, 12}, Steps: 20, Burst: &sim.LagBurst{At: 5, Records: 3000}, Assignor: "range"},
		{ID: "hot", Partitions: 6, Rate: 600, Hot: 40, PerConsumer: 250, Consumers: []int{1, 2, 6}, Steps: 10, Assignor: "range"},
		{ID: "uneven", Partitions: 5, Rate: 97, Hot: 13, PerConsumer: 31, Consumers: []int{2, 3}, Steps: 12, Burst: &sim.LagBurst{At: 2, Records: 101}, Assignor: "roundrobin"},
	} {
		t.Run(l.ID, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				want := lagModel(t, l)
				start := time.Now()
				m, err := Lag(t.Context(), want, sim.LagRead)
				if err != nil {
					t.Fatal(err)
				}
				for i, got := range m.Rows {
					if !reflect.DeepEqual(got, want.Rows[i]) {
						t.Errorf("%d consumers: measured max lag %d, final %d, drain %d; model %d, %d, %d",
							got.Consumers, got.MaxLag, got.Final, got.Drain, want.Rows[i].MaxLag, want.Rows[i].Final, want.Rows[i].Drain)
					}
				}
				if took, cost := time.Since(start), l.Cost(sim.Source{}).Measure; took != cost {
					t.Errorf("the run took %v of fake time, its cost says %v", took, cost)
				}
			})
		})
	}
}

// A cancelled measured lag run stops at once with the context's error.
func TestMeasuredLagStopsOnCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		want := lagModel(t, sim.Lag{ID: "l", Partitions: 2, Rate: 100, PerConsumer: 100, Consumers: []int{1}, Steps: 1000, Assignor: "range"})
		ctx, cancel := context.WithTimeout(t.Context(), 3*time.Second)
		defer cancel()
		start := time.Now()
		_, err := Lag(ctx, want, time.Millisecond)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("error %v, want the deadline", err)
		}
		if since := time.Since(start); since > 3*time.Second+time.Millisecond {
			t.Errorf("stopped after %v of fake time, want the 3s deadline", since)
		}
	})
}
