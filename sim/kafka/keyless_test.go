package kafka

import (
	"context"
	"testing"
	"time"

	"github.com/partlab/partlab/sim"
)

// On kfake franz-go's partitioners agree with the simulation in every
// figure that does not depend on a random draw: the totals, each
// partitioner's stick, sticky and round robin never picking the partition
// just left, and round robin's counts; the high watermarks match where the
// producer was told each record went (Keyless checks it), and no topic is
// left behind.
func TestKeylessAgrees(t *testing.T) {
	for _, k := range []sim.Keyless{
		{ID: "page", Partitions: 6, Windows: []int{100, 1000, 10000}, Batch: 16384, Value: 100},
		{ID: "small", Partitions: 3, Windows: []int{50, 500}, Batch: 512, Value: 100},
		{ID: "one", Partitions: 1, Windows: []int{300}, Batch: 1024, Value: 10},
	} {
		t.Run(k.ID, func(t *testing.T) {
			k.Partitioners, k.Engine = sim.KeylessPartitionerNames(), sim.EngineBoth
			rs, err := sim.Run(t.Context(), lessonSource, []sim.Cell{k})
			if err != nil {
				t.Fatal(err)
			}
			fake, adm := fakeCluster(t)
			ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
			defer cancel()
			got, err := Keyless(ctx, Config{Brokers: fake.ListenAddrs()}, rs)
			if err != nil {
				t.Fatal(err)
			}
			o := got[k.ID]
			if o == nil || o.Cluster != "brokers" || len(o.Rows) != len(k.Partitioners) {
				t.Fatalf("observation %+v, want a row per partitioner", o)
			}
			for _, c := range o.Checks {
				if c.Compared && !c.Agrees {
					t.Errorf("%s %s: kafka %s, sim %s", c.Partitioner, c.Figure, c.Kafka, c.Sim)
				}
			}
			if !o.Agree {
				t.Error("Agree is false")
			}
			if left := leftBehind(t, adm); len(left) > 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// A run without a keyless cell on Kafka starts nothing.
func TestKeylessNothingToRun(t *testing.T) {
	k := sim.Keyless{ID: "k", Partitions: 2, Windows: []int{10}, Batch: 16384, Value: 100, Partitioners: []string{"sticky"}, Engine: sim.EngineSim}
	rs, err := sim.Run(t.Context(), lessonSource, []sim.Cell{k})
	if err != nil {
		t.Fatal(err)
	}
	got, err := Keyless(t.Context(), Config{Brokers: []string{"127.0.0.1:1"}}, rs)
	if got != nil || err != nil {
		t.Errorf("got %v, %v; want nothing run", got, err)
	}
}
