package kafka

import (
	"context"
	"errors"
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/partlab/partlab/sim"
)

// spreadObserved is what the scratch run below observes of a spread cell.
type spreadObserved struct {
	Cluster    string
	Watermarks []int64
}

// spreadRunner is a Kafka run added to a kind that has none, the spread
// cell, as the kind's own file would add it: all of it is here, and the
// one line that registers it is in the test.
var spreadRunner = newRunner(runnerSpec[sim.Spread, *sim.SpreadResult]{
	engine: func(*sim.SpreadResult) sim.Engine { return sim.EngineBoth },
	run: func(ctx context.Context, cl *cluster, _ *sim.Data, s sim.Spread, _ *sim.SpreadResult, _ *progress) (_ any, err error) {
		topic := cl.prefix + "-" + s.ID
		if err := cl.createTopic(ctx, topic, s.Partitions); err != nil {
			return nil, err
		}
		defer func() { err = errors.Join(err, cl.deleteTopic(ctx, topic)) }()
		hwm, err := cl.watermarks(ctx, topic, s.Partitions)
		return &spreadObserved{Cluster: cl.name, Watermarks: hwm}, err
	},
})

// A kind gains a Kafka run by a runner in its own file and a line in the
// runners table: Run then runs it on the run's one cluster beside the
// kinds that ran there already, and the cell's one computation carries what
// it observed, with nothing else to change.
func TestAKindAddsAKafkaRun(t *testing.T) {
	fake, _ := fakeCluster(t)
	cfg := Config{Brokers: fake.ListenAddrs()}
	g := lessonGrid
	g.Keys, g.Partitions = []sim.Key{sim.KeyPeriod}, []int{2}
	spread := sim.Spread{ID: "spread", Keys: []string{"a", "b"}, Partitions: 3, Partitioner: "murmur2"}
	rs, err := sim.Run(t.Context(), lessonSource, []sim.Cell{spread, g})
	if err != nil {
		t.Fatal(err)
	}
	without, err := Run(t.Context(), cfg, rs)
	if err != nil {
		t.Fatal(err)
	}
	if without.All[0].Kafka != nil || without.All[1].Kafka == nil {
		t.Fatalf("without the spread runner: Kafka %v for the spread, %v for the grid; want none, then the grid's", without.All[0].Kafka, without.All[1].Kafka)
	}

	added := maps.Clone(runners)
	added[sim.KindSpread] = spreadRunner
	with, err := run(t.Context(), cfg, rs, added)
	if err != nil {
		t.Fatal(err)
	}
	want := &spreadObserved{Cluster: "brokers", Watermarks: []int64{0, 0, 0}}
	if got := with.All[0]; !reflect.DeepEqual(got.Kafka, want) || got.Result != rs.All[0].Result || got.Measured != nil {
		t.Errorf("the spread cell computed %+v, want its sim result and Kafka %+v", got, want)
	}
	if o, ok := with.All[1].Kafka.(*sim.GridObserved); !ok || !o.Agree {
		t.Errorf("the grid beside it observed %+v, want its rows agreeing", with.All[1].Kafka)
	}
	if slices.ContainsFunc(rs.All, func(c sim.Computed) bool { return c.Kafka != nil }) {
		t.Error("Run changed the results it was given")
	}
}
