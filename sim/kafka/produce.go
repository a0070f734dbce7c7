package kafka

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/partlab/partlab/sim"
)

// producerPartitioner maps a grid's partitioner onto the producer. murmur2
// is the client's own key partitioner, which is Kafka's; the others call the
// simulation's function. Records without a key go where the client sends
// them, whatever the grid names.
func producerPartitioner(name string, k sim.Key, seed int64) (kgo.Partitioner, error) {
	if name == "murmur2" || k == sim.KeyNone {
		return kgo.StickyKeyPartitioner(nil), nil
	}
	pt, err := sim.PartitionerByName(name, seed)
	if err != nil {
		return nil, err
	}
	return simPartitioner{pt}, nil
}

// simPartitioner is a kgo.Partitioner that routes every record with one of
// the simulation's partitioners.
type simPartitioner struct{ pt sim.Partitioner }

func (s simPartitioner) ForTopic(string) kgo.TopicPartitioner { return s }

// RequiresConsistency is true: a key always goes to the same partition
// (DI19), even one that is briefly unwritable.
func (simPartitioner) RequiresConsistency(*kgo.Record) bool { return true }

func (s simPartitioner) Partition(r *kgo.Record, n int) int { return s.pt.Partition(r.Key, n) }

// A record's value is its reading: subscriber, period and meter index as
// three unsigned varints, so that a consumer knows exactly what it read.
func appendReading(b []byte, r sim.Reading) []byte {
	b = binary.AppendUvarint(b, uint64(r.Subscriber))
	b = binary.AppendUvarint(b, uint64(r.Period))
	return binary.AppendUvarint(b, uint64(r.Index))
}

// readReading decodes a record's value, checking it against the source.
func readReading(d *sim.Data, v []byte) (sim.Reading, error) {
	var f [3]uint64
	for i := range f {
		x, n := binary.Uvarint(v)
		if n <= 0 {
			return sim.Reading{}, fmt.Errorf("record value %x is not a reading", v)
		}
		f[i], v = x, v[n:]
	}
	if len(v) > 0 || f[0] >= uint64(d.Source.Subscribers) || f[1] >= uint64(len(d.Periods())) || f[2] > 1<<31 {
		return sim.Reading{}, errors.New("record value is not a reading of this source")
	}
	return sim.Reading{Subscriber: int(f[0]), Period: int(f[1]), Index: int(f[2])}, nil
}

// fill creates a topic and produces every reading to it in write order, and
// returns the partitions' high watermarks once they account for every record.
func (c *cluster) fill(ctx context.Context, d *sim.Data, topic string, partitions int, k sim.Key, part kgo.Partitioner, prog *progress) ([]int64, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	if err := c.createTopic(ctx, topic, partitions); err != nil {
		return nil, err
	}
	cl, err := kgo.NewClient(c.opts(
		kgo.DefaultProduceTopic(topic),
		kgo.RecordPartitioner(part),
		kgo.RecordDeliveryTimeout(c.cfg.Timeout),
	)...)
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	var (
		mu     sync.Mutex
		failed error
	)
	done := func(_ *kgo.Record, err error) {
		if err != nil {
			mu.Lock()
			failed = cmp.Or(failed, err)
			mu.Unlock()
			return
		}
		prog.add(1)
	}
	var key []byte
	for r := range d.WriteOrder {
		rec := &kgo.Record{Value: appendReading(nil, r)}
		if k != sim.KeyNone {
			key = d.Value(key[:0], k, r.Subscriber, r.Period)
			rec.Key = append([]byte(nil), key...)
		}
		cl.Produce(ctx, rec, done)
	}
	err = cl.Flush(ctx)
	mu.Lock()
	err = cmp.Or(failed, err)
	mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("produce to topic %q: %w", topic, c.deadline(err))
	}
	hwm, err := c.watermarks(ctx, topic, partitions)
	if err != nil {
		return nil, err
	}
	var sum int64
	for _, n := range hwm {
		sum += n
	}
	if sum != int64(d.Records()) {
		return nil, fmt.Errorf("topic %q holds %d records after %d were produced", topic, sum, d.Records())
	}
	return hwm, nil
}
