package kafka

import (
	"context"
	"testing"
	"time"

	"github.com/partlab/partlab/sim"
)

// keylessCell is the page's keyless cell: six partitions, windows from a
// hundred to ten thousand records, 16 KiB batches of 100-byte values.
var keylessCell = sim.Keyless{ID: "keyless", Partitions: 6, Windows: []int{100, 1000, 10000},
	Batch: 16384, Value: 100, Partitioners: sim.KeylessPartitionerNames(), Engine: sim.EngineBoth}

// On kfake franz-go's partitioners agree with the simulation in every
// figure that does not depend on a random draw: the totals, runs of whole
// sticks, sticky never picking the partition it just left, and round
// robin's counts; and the high watermarks match where the producer was told
// each record went.
func TestKeylessAgrees(t *testing.T) {
	rs, err := sim.Run(t.Context(), lessonSource, []sim.Cell{keylessCell})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	got, err := Keyless(ctx, Config{}, rs)
	if err != nil {
		t.Fatal(err)
	}
	o := got["keyless"]
	if o == nil {
		t.Fatal("no observation of the keyless cell")
	}
	for _, c := range o.Checks {
		t.Logf("%-10s %-32s sim %-24s kafka %-24s compared %v", c.Partitioner, c.Figure, c.Sim, c.Kafka, c.Compared)
		if c.Compared && !c.Agrees {
			t.Errorf("%s %s: kafka %s, sim %s", c.Partitioner, c.Figure, c.Kafka, c.Sim)
		}
	}
	for _, r := range o.Rows {
		t.Logf("%s runs %v", r.Partitioner, sim.Runs(r.Sequence)[:12])
	}
}
