package kafka

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/partlab/partlab/sim"
)

// lagRunner runs a lag cell on Kafka, one consumer group per consumer
// count (and, with a burst, a second one without it, to time the drain),
// and sets the rows observed beside the model's.
//
// The run is driven by its steps, not by a clock. Each step the producer
// writes the step's records to each partition, as sim.Lag.Split says, and
// waits until the broker has them all; then every consumer polls records
// until it has read its per-step budget or has reached the high watermark
// of each of its partitions, and commits what it read; then each
// partition's lag is its high watermark less the group's committed offset.
// A step is a round of real produce, fetch and commit requests, so the
// figures do not depend on how fast the machine is.
var lagRunner = newRunner(runnerSpec[sim.Lag, *sim.LagResult]{
	engine: func(l *sim.LagResult) sim.Engine { return l.Engine },
	check: func(_ *sim.Data, _ sim.Lag, l *sim.LagResult) error {
		if _, err := balancer(l.Assignor); err != nil {
			return fmt.Errorf("lag cell %q: %w", l.ID, err)
		}
		return nil
	},
	run: func(ctx context.Context, cl *cluster, _ *sim.Data, _ sim.Lag, l *sim.LagResult, prog *progress) (any, error) {
		var (
			rows  []sim.LagRow
			owned [][][]int
		)
		for _, n := range l.Spec.Consumers {
			got, lags, err := cl.lagRun(ctx, l.Spec, n, true, prog)
			if err != nil {
				return nil, fmt.Errorf("lag cell %q, consumers %d: %w", l.ID, n, err)
			}
			var calm [][]int
			if l.Burst != nil {
				if _, calm, err = cl.lagRun(ctx, l.Spec, n, false, prog); err != nil {
					return nil, fmt.Errorf("lag cell %q, consumers %d, without the burst: %w", l.ID, n, err)
				}
			}
			rows = append(rows, l.Spec.NewRow(got, lags, calm))
			owned = append(owned, got)
		}
		return sim.LagCompare(cl.name, l, rows, owned), nil
	},
})

// lagRun is one group's steps on a topic of its own: it returns each
// consumer's partitions, as the group assigned them, and every partition's
// lag after every step.
func (c *cluster) lagRun(ctx context.Context, l sim.Lag, consumers int, burst bool, prog *progress) (owned [][]int, lags [][]int, err error) {
	bal, err := balancer(l.Assignor)
	if err != nil {
		return nil, nil, err
	}
	topic := fmt.Sprintf("%s-%s-p%d-c%d", c.prefix, l.ID, l.Partitions, consumers)
	if !burst {
		topic += "-calm"
	}
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	defer func() { err = errors.Join(err, c.deleteTopic(ctx, topic)) }()
	if err := c.createTopic(ctx, topic, l.Partitions); err != nil {
		return nil, nil, err
	}
	producer, err := kgo.NewClient(c.opts(
		kgo.DefaultProduceTopic(topic),
		kgo.RecordPartitioner(kgo.ManualPartitioner()),
		kgo.RecordDeliveryTimeout(c.cfg.Timeout),
	)...)
	if err != nil {
		return nil, nil, err
	}
	defer producer.Close()
	ms, ids, err := c.join(topic, topic, consumers, bal, kgo.FetchMaxWait(100*time.Millisecond))
	defer func() { err = errors.Join(err, c.leave(ctx, topic, ms, ids)) }()
	if err != nil {
		return nil, nil, err
	}
	gen, events, err := c.settle(ctx, ms, l.Partitions)
	if err != nil {
		return nil, nil, fmt.Errorf("group %q: %w", topic, err)
	}
	owned = make([][]int, consumers)
	for i, m := range ms {
		m.mu.Lock()
		owned[i] = m.owned
		m.mu.Unlock()
	}
	steady, extra := l.Split(l.Rate), []int(nil)
	if burst && l.Burst != nil {
		extra = l.Split(l.Burst.Records)
	}
	label := fmt.Sprintf("kafka %s: consumers %d", l.ID, consumers)
	if !burst {
		label += ", without the burst"
	}
	prog.start(label, "steps", l.Steps)
	defer prog.end()
	pos := make([]int64, l.Partitions) // the next offset each partition's owner reads
	for s := range l.Steps {
		write := steady
		if extra != nil && s == l.Burst.At-1 {
			write = addInts(steady, extra)
		}
		if err := produceStep(ctx, producer, write); err != nil {
			return nil, nil, fmt.Errorf("step %d: produce to topic %q: %w", s+1, topic, c.deadline(err))
		}
		hwm, err := c.watermarks(ctx, topic, l.Partitions)
		if err != nil {
			return nil, nil, fmt.Errorf("step %d: %w", s+1, err)
		}
		if err := readStep(ctx, ms, pos, hwm, l.PerConsumer); err != nil {
			return nil, nil, fmt.Errorf("step %d: %w", s+1, c.deadline(err))
		}
		step, err := c.groupLag(ctx, topic, hwm)
		if err != nil {
			return nil, nil, fmt.Errorf("step %d: %w", s+1, err)
		}
		lags = append(lags, step)
		prog.add(1)
	}
	for i, m := range ms {
		m.mu.Lock()
		moved := m.gen != gen || m.events != events[i]
		m.mu.Unlock()
		if moved {
			return nil, nil, fmt.Errorf("group %q rebalanced during its steps (generation %d)", topic, gen)
		}
	}
	return owned, lags, nil
}

func addInts(a, b []int) []int {
	out := make([]int, len(a))
	for i := range a {
		out[i] = a[i] + b[i]
	}
	return out
}

// produceStep writes n[p] records to each partition p and waits until the
// broker has acknowledged them all.
func produceStep(ctx context.Context, cl *kgo.Client, n []int) error {
	var (
		mu     sync.Mutex
		failed error
	)
	for p, k := range n {
		for range k {
			cl.Produce(ctx, &kgo.Record{Partition: int32(p)}, func(_ *kgo.Record, err error) {
				if err != nil {
					mu.Lock()
					failed = cmp.Or(failed, err)
					mu.Unlock()
				}
			})
		}
	}
	err := cl.Flush(ctx)
	mu.Lock()
	defer mu.Unlock()
	return cmp.Or(failed, err)
}

// readStep lets every consumer read, at once, up to budget records of its
// partitions, stopping early when it reaches their high watermarks, and
// commit what it read. pos[p] is the next offset of partition p its owner
// reads, and moves with what is read.
func readStep(ctx context.Context, ms []*member, pos, hwm []int64, budget int) error {
	errs := make([]error, len(ms))
	var wg sync.WaitGroup
	for i, m := range ms {
		wg.Go(func() { errs[i] = m.readBudget(ctx, pos, hwm, budget) })
	}
	wg.Wait()
	return errors.Join(errs...)
}

// readBudget polls the member's partitions for at most budget records, or
// until each is read to its high watermark, and commits the offsets it
// polled. Only this member touches its partitions' entries of pos.
func (m *member) readBudget(ctx context.Context, pos, hwm []int64, budget int) error {
	behind := func() bool {
		for _, p := range m.owned {
			if pos[p] < hwm[p] {
				return true
			}
		}
		return false
	}
	for read := 0; read < budget && behind(); {
		fs := m.client.PollRecords(ctx, budget-read)
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("consumer %s read %d of its %d records this step: %w", m.id, read, budget, err)
		}
		var errs []string
		fs.EachError(func(_ string, p int32, err error) {
			errs = append(errs, fmt.Sprintf("partition %d: %v", p, err))
		})
		if len(errs) > 0 {
			return fmt.Errorf("consumer %s: fetch: %s", m.id, strings.Join(errs, "; "))
		}
		var bad error
		fs.EachRecord(func(r *kgo.Record) {
			if p := int(r.Partition); r.Offset != pos[p] || !slices.Contains(m.owned, p) {
				bad = cmp.Or(bad, fmt.Errorf("consumer %s fetched offset %d of partition %d, expected %d of a partition it owns", m.id, r.Offset, p, pos[p]))
				return
			}
			pos[r.Partition]++
			read++
		})
		if bad != nil {
			return bad
		}
	}
	if err := m.client.CommitUncommittedOffsets(ctx); err != nil {
		return fmt.Errorf("consumer %s: commit: %w", m.id, err)
	}
	return nil
}

// groupLag is each partition's lag as Kafka reports it: the high watermark
// less the group's committed offset, all of it where nothing is committed.
// A lag run's group has its topic's name.
func (c *cluster) groupLag(ctx context.Context, group string, hwm []int64) ([]int, error) {
	offsets, err := c.admin.FetchOffsets(ctx, group)
	if err == nil {
		err = offsets.Error()
	}
	if err != nil {
		return nil, fmt.Errorf("fetch the committed offsets of group %q: %w", group, c.deadline(err))
	}
	lag := make([]int, len(hwm))
	for p, end := range hwm {
		committed := int64(0)
		if o, ok := offsets.Lookup(group, int32(p)); ok && o.At >= 0 {
			committed = o.At
		}
		lag[p] = int(end - committed)
	}
	return lag, nil
}
