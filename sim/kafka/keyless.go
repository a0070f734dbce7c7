package kafka

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/partlab/partlab/sim"
)

// keylessRunner runs a keyless cell: for each of its partitioners,
// franz-go's own partitioner deals the cell's largest window of records
// without a key into a new topic, and the engine reads back where each
// record went (its produce promise) and what each partition holds (the high
// watermarks, which must match).
var keylessRunner = newRunner(runnerSpec[sim.Keyless, *sim.KeylessResult]{
	engine: func(k *sim.KeylessResult) sim.Engine { return k.Engine },
	check: func(_ *sim.Data, _ sim.Keyless, k *sim.KeylessResult) error {
		if n := slices.Max(k.Spec.Windows); n > sim.MaxKafkaRecords {
			return fmt.Errorf("keyless cell %q: %d records: the kafka engine puts at most %d through Kafka", k.ID, n, sim.MaxKafkaRecords)
		}
		return nil
	},
	run: func(ctx context.Context, cl *cluster, _ *sim.Data, _ sim.Keyless, k *sim.KeylessResult, prog *progress) (any, error) {
		var rows []sim.KeylessRow
		for _, row := range k.Rows {
			got, err := cl.keyless(ctx, k.Spec, row.Partitioner, prog)
			if err != nil {
				return nil, fmt.Errorf("keyless cell %q, partitioner %s: %w", k.ID, row.Partitioner, err)
			}
			rows = append(rows, sim.NewKeylessRow(row.Partitioner, row.Stick, got, k.Partitions, k.Spec.Windows))
		}
		return sim.KeylessCompare(cl.name, k, rows), nil
	},
})

// keylessPartitioner is franz-go's partitioner of a keyless cell's name.
func keylessPartitioner(name string, batch int) (kgo.Partitioner, error) {
	switch name {
	case "roundrobin":
		return kgo.RoundRobinPartitioner(), nil
	case "sticky":
		return kgo.StickyPartitioner(), nil
	case "uniform", "adaptive":
		return kgo.UniformBytesPartitioner(batch, name == "adaptive", false, nil), nil
	}
	return nil, fmt.Errorf("unknown keyless partitioner %q", name)
}

// keyless produces one partitioner's records into a topic of its own and
// returns the partition of each record, in produce order. Batches leave
// only when full or flushed (a linger of a minute, the longest franz-go allows, and room to
// buffer every record), so that a batch ends where its bytes say, as the
// simulation's does, and not when the network is quick.
func (c *cluster) keyless(ctx context.Context, k sim.Keyless, name string, prog *progress) (seq []int, err error) {
	part, err := keylessPartitioner(name, k.Batch)
	if err != nil {
		return nil, err
	}
	n := slices.Max(k.Windows)
	topic := fmt.Sprintf("%s-%s-%s-p%d", c.prefix, k.ID, name, k.Partitions)
	warmup := topic + "-warmup"
	defer func() { err = errors.Join(err, c.deleteTopic(ctx, topic), c.deleteTopic(ctx, warmup)) }()
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	for _, t := range []string{topic, warmup} {
		if err := c.createTopic(ctx, t, k.Partitions); err != nil {
			return nil, err
		}
	}
	cl, err := kgo.NewClient(c.opts(
		kgo.DefaultProduceTopic(topic),
		kgo.RecordPartitioner(part),
		kgo.ProducerBatchMaxBytes(int32(k.Batch)),
		kgo.ProducerLinger(time.Minute),
		kgo.MaxBufferedRecords(n+1),
		kgo.RecordDeliveryTimeout(c.cfg.Timeout),
	)...)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	// Until a broker has answered a produce request, franz-go sizes a batch
	// by its largest possible encoding, and 16 KiB batches of 100-byte
	// values hold 118 records instead of 148, for as long as the first
	// answer takes. One record to a topic of its own first makes the batches
	// end where the simulation's do.
	var warm error
	cl.Produce(ctx, &kgo.Record{Topic: warmup}, func(_ *kgo.Record, err error) { warm = err })
	if err := cmp.Or(cl.Flush(ctx), warm); err != nil {
		return nil, fmt.Errorf("produce to topic %q: %w", warmup, c.deadline(err))
	}
	prog.start(fmt.Sprintf("kafka %s: %s, partitions %d", k.ID, name, k.Partitions), "produced", n)
	defer prog.end()
	seq = make([]int, n)
	var (
		mu     sync.Mutex
		failed error
	)
	value := make([]byte, k.Value)
	// Every record has one timestamp, so that its size in a batch does not
	// depend on when it was produced; a recent one, since franz-go times a
	// record's delivery from it.
	stamp := time.Now()
	for i := range n {
		rec := &kgo.Record{Value: value, Timestamp: stamp}
		cl.Produce(ctx, rec, func(r *kgo.Record, err error) {
			if err != nil {
				mu.Lock()
				failed = cmp.Or(failed, err)
				mu.Unlock()
				return
			}
			seq[i] = int(r.Partition)
			prog.add(1)
		})
	}
	err = cl.Flush(ctx)
	mu.Lock()
	err = cmp.Or(failed, err)
	mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("produce to topic %q: %w", topic, c.deadline(err))
	}
	hwm, err := c.watermarks(ctx, topic, k.Partitions)
	if err != nil {
		return nil, err
	}
	counts := make([]int64, k.Partitions)
	for _, p := range seq {
		counts[p]++
	}
	if !slices.Equal(counts, hwm) {
		return nil, fmt.Errorf("topic %q holds %v records per partition, its producer was told %v", topic, hwm, counts)
	}
	return seq, nil
}
