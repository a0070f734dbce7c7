package kafka

import (
	"context"
	"math/rand"
	"reflect"
	"slices"
	"testing"
	"time"
	"unsafe"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/sim"
)

// On kfake franz-go's partitioners agree with the simulation in every
// figure that does not depend on a random draw: the totals, each
// partitioner's stick, sticky and round robin never picking the partition
// just left, and round robin's counts; the high watermarks match where the
// producer was told each record went (Keyless checks it), and no topic is
// left behind.
func TestKeylessAgrees(t *testing.T) {
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
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
			got, err := Run(ctx, Config{Brokers: fake.ListenAddrs()}, rs)
			if err != nil {
				t.Fatal(err)
			}
			o := observed[*sim.KeylessObserved](got, k.ID)
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
	got, err := Run(t.Context(), Config{Brokers: []string{"127.0.0.1:1"}}, rs)
	if ranOnKafka(got) || err != nil {
		t.Errorf("got %v, %v; want nothing run", got.All, err)
	}
}

// backlog is a kgo.TopicBackupIter over fixed backlogs, handed out from the
// last partition to the first as franz-go's own iterator does.
type backlog struct{ left []int64 }

func (b *backlog) Next() (int, int64) {
	last := len(b.left) - 1
	n := b.left[last]
	b.left = b.left[:last]
	return last, n
}

func (b *backlog) Rem() int { return len(b.left) }

// franz-go's adaptive draw, with its generator replaced by one the test
// seeds, picks exactly what sim.KeylessAdaptivePick picks from the same draw and
// the weights 1 ÷ (backlog + 1): the simulation's draw is franz-go's, step
// for step. A batch of one byte makes every record switch.
func TestAdaptivePickIsFranzGos(t *testing.T) {
	tp := kgo.UniformBytesPartitioner(1, true, false, nil).ForTopic("t").(kgo.TopicBackupPartitioner)
	rng := reflect.ValueOf(tp).Elem().FieldByName("rng")
	reflect.NewAt(rng.Type(), unsafe.Pointer(rng.UnsafeAddr())).Elem().Set(reflect.ValueOf(rand.New(rand.NewSource(7))))
	draws := rand.New(rand.NewSource(7))
	backlogs := [][]int64{{0, 0, 0}, {5, 0, 0, 0}, {0, 3, 1, 7, 2, 0}, {100, 0}, {1, 1, 1, 1, 1, 1, 1, 1}, {0}}
	for i := range 3000 {
		b := backlogs[i%len(backlogs)]
		weights := make([]float64, len(b))
		var total float64
		for p := len(b) - 1; p >= 0; p-- {
			weights[p] = 1 / float64(b[p]+1)
			total += weights[p]
		}
		want := sim.KeylessAdaptivePick(weights, draws.Float64()*total)
		got := tp.PartitionByBackup(&kgo.Record{Value: []byte("v")}, len(b), &backlog{slices.Clone(b)})
		if got != want {
			t.Fatalf("draw %d, backlogs %v: franz-go picks %d, sim %d", i, b, got, want)
		}
	}
}
