package kafka

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/sim"
)

// On kfake a real consumer group, driven step by step, agrees with the
// lag model in every figure it compares: the assignment, the idle
// consumers, the records behind after every step and at the end, and,
// where every consumer owns at most one partition, each partition's lag,
// the largest and the drain. Where a consumer owns several, those are
// listed beside with the reason, and the row's totals still agree. Nothing
// is left behind.
func TestLagAgrees(t *testing.T) {
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
	for _, l := range []sim.Lag{
		{ID: "burst", Partitions: 6, Rate: 600, PerConsumer: 250, Consumers: []int{1, 3, 6, 12}, Steps: 12, Burst: &sim.LagBurst{At: 5, Records: 3000}, Assignor: "range"},
		{ID: "hot", Partitions: 6, Rate: 600, Hot: 40, PerConsumer: 250, Consumers: []int{2, 6}, Steps: 8, Assignor: "range"},
		{ID: "uneven", Partitions: 5, Rate: 97, Hot: 13, PerConsumer: 31, Consumers: []int{2, 5}, Steps: 6, Burst: &sim.LagBurst{At: 2, Records: 101}, Assignor: "roundrobin"},
	} {
		t.Run(l.ID, func(t *testing.T) {
			l.Engine = sim.EngineBoth
			rs, err := sim.Run(t.Context(), sim.Source{}, []sim.Cell{l})
			if err != nil {
				t.Fatal(err)
			}
			want := rs.All[0].Result.(*sim.LagResult)
			fake, adm := fakeCluster(t)
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			got, err := Run(ctx, Config{Brokers: fake.ListenAddrs()}, rs)
			if err != nil {
				t.Fatal(err)
			}
			o := observed[*sim.LagObserved](got, l.ID)
			if o == nil || len(o.Rows) != len(l.Consumers) {
				t.Fatalf("observation %+v, want a row per consumer count", o)
			}
			for _, c := range o.Checks {
				if c.Compared && !c.Agrees {
					t.Errorf("%d consumers, %s: kafka %s, model %s", c.Consumers, c.Figure, c.Kafka, c.Sim)
				}
				if !c.Compared && c.Why == "" {
					t.Errorf("%d consumers, %s: listed beside without a reason", c.Consumers, c.Figure)
				}
			}
			if !o.Agree || o.Compared == 0 {
				t.Errorf("agree %v, %d of %d compared figures agree", o.Agree, o.Agreeing, o.Compared)
			}
			for i, row := range o.Rows {
				single := len(o.Owned[i]) >= l.Partitions
				if single && !reflect.DeepEqual(row, want.Rows[i]) {
					t.Errorf("%d consumers, each with at most one partition: row %+v, the model's %+v", row.Consumers, row, want.Rows[i])
				}
			}
			if left := leftBehind(t, adm); len(left) > 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// A lag cell that does not ask for the Kafka engine starts nothing.
func TestLagsWithoutKafkaCellsStartNothing(t *testing.T) {
	rs, err := sim.Run(t.Context(), sim.Source{}, []sim.Cell{sim.Lag{ID: "l", Partitions: 2, Rate: 10, PerConsumer: 10, Consumers: []int{1}, Steps: 2, Assignor: "range"}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Run(t.Context(), Config{Brokers: []string{"127.0.0.1:1"}}, rs)
	if err != nil || ranOnKafka(got) {
		t.Fatalf("got %v, %v; want nothing started", got.All, err)
	}
}
