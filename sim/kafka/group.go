package kafka

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/partlab/partlab/sim"
)

// balancers map the grid's assignors onto the group's: Kafka's
// RangeAssignor and RoundRobinAssignor, as kgo implements them.
var balancers = map[string]func() kgo.GroupBalancer{
	"range":      kgo.RangeBalancer,
	"roundrobin": kgo.RoundRobinBalancer,
}

func balancer(assignor string) (kgo.GroupBalancer, error) {
	b, ok := balancers[assignor]
	if !ok {
		return nil, fmt.Errorf("assignor %q has no Kafka balancer", assignor)
	}
	return b(), nil
}

// instanceID is consumer c's static instance ID. Zero-padded, the IDs sort
// in consumer order, and the balancers order members by it.
func instanceID(c int) string { return fmt.Sprintf("c%04d", c) }

// Group timing: a short heartbeat lets a group of a few members settle in
// milliseconds; the session timeout is the smallest a broker accepts by
// default (group.min.session.timeout.ms); a member whose join fails retries
// soon, so that a group that never forms also closes quickly.
const (
	heartbeat    = 20 * time.Millisecond
	session      = 6 * time.Second
	rebalance    = 2 * time.Second
	retryBackoff = 100 * time.Millisecond
	settleTick   = 5 * time.Millisecond
)

// fetched is one record as a consumer fetched it.
type fetched struct {
	Partition int
	Offset    int64
	Reading   sim.Reading
}

// groupRead is what one consumer group read of a topic: owned[c] are
// consumer c's partitions, ascending, and got[c] its records in fetch order.
type groupRead struct {
	owned [][]int
	got   [][]fetched
}

// member is one consumer of the group.
type member struct {
	id     string
	client *kgo.Client

	mu      sync.Mutex
	gen     int32 // the generation of the last assignment
	events  int   // assignments and losses seen: a rebalance adds to it
	owned   []int // the current assignment, ascending
	records []fetched
}

func (m *member) assigned(_ context.Context, cl *kgo.Client, topics map[string][]int32) {
	_, gen := cl.GroupMetadata()
	var owned []int
	for _, ps := range topics {
		for _, p := range ps {
			owned = append(owned, int(p))
		}
	}
	sort.Ints(owned)
	m.mu.Lock()
	m.gen, m.owned = gen, owned
	m.events++
	m.mu.Unlock()
}

func (m *member) lost(context.Context, *kgo.Client, map[string][]int32) {
	m.mu.Lock()
	m.gen, m.owned = 0, nil
	m.events++
	m.mu.Unlock()
}

// consume runs a group of consumers over a topic whose partitions end at
// the watermarks hwm, and returns what each member read.
func (c *cluster) consume(ctx context.Context, d *sim.Data, topic, group string, hwm []int64, consumers int, bal kgo.GroupBalancer, prog *progress) (r groupRead, err error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	ms, ids, err := c.join(group, topic, consumers, bal, kgo.FetchMaxWait(100*time.Millisecond))
	defer func() { err = errors.Join(err, c.leave(ctx, group, ms, ids)) }()
	if err != nil {
		return groupRead{}, err
	}
	gen, events, err := c.settle(ctx, ms, len(hwm))
	if err != nil {
		return groupRead{}, fmt.Errorf("group %q: %w", group, err)
	}
	var (
		wg    sync.WaitGroup
		once  sync.Once
		first error
	)
	for _, m := range ms {
		wg.Go(func() {
			if err := m.read(ctx, d, hwm, prog); err != nil {
				once.Do(func() { first = err; cancel() })
			}
		})
	}
	wg.Wait()
	if first != nil {
		return groupRead{}, fmt.Errorf("group %q: %w", group, c.deadline(first))
	}
	r = groupRead{owned: make([][]int, consumers), got: make([][]fetched, consumers)}
	for i, m := range ms {
		m.mu.Lock()
		moved := m.gen != gen || m.events != events[i]
		r.owned[i], r.got[i] = m.owned, m.records
		m.mu.Unlock()
		if moved {
			return groupRead{}, fmt.Errorf("group %q rebalanced while its consumers read (generation %d)", group, gen)
		}
	}
	return r, nil
}

// join starts consumers members of a group over a topic, with the static
// instance IDs c0000, c0001, …, reading from the start and committing only
// when asked; more are further client options. On an error the members
// started so far are returned, for leave.
func (c *cluster) join(group, topic string, consumers int, bal kgo.GroupBalancer, more ...kgo.Opt) ([]*member, []string, error) {
	ms := make([]*member, 0, consumers)
	ids := make([]string, consumers)
	for i := range consumers {
		ids[i] = instanceID(i)
		m := &member{id: ids[i]}
		cl, err := kgo.NewClient(c.opts(append(groupOpts(group, topic, m.assigned, m.lost),
			append([]kgo.Opt{
				kgo.Balancers(bal),
				kgo.InstanceID(m.id),
				kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()),
			}, more...)...)...)...)
		if err != nil {
			return ms, ids, err
		}
		m.client = cl
		ms = append(ms, m)
	}
	return ms, ids, nil
}

// groupOpts are the options of every group member the engine starts: its
// group and topic, commits only when asked, the short group timing, and
// the callbacks that tell it what it owns.
func groupOpts(group, topic string, assigned, lost func(context.Context, *kgo.Client, map[string][]int32)) []kgo.Opt {
	return []kgo.Opt{
		kgo.ConsumerGroup(group),
		kgo.ConsumeTopics(topic),
		kgo.DisableAutoCommit(),
		kgo.HeartbeatInterval(heartbeat),
		kgo.SessionTimeout(session),
		kgo.RebalanceTimeout(rebalance),
		kgo.OnPartitionsAssigned(assigned),
		kgo.OnPartitionsLost(lost),
		kgo.RetryBackoffFn(func(int) time.Duration { return retryBackoff }),
	}
}

// leave closes the members' clients and removes the group.
func (c *cluster) leave(ctx context.Context, group string, ms []*member, ids []string) error {
	var wg sync.WaitGroup
	for _, m := range ms {
		wg.Go(m.client.Close)
	}
	wg.Wait()
	return c.removeGroup(ctx, group, ids)
}

// settle waits until every member is in the same generation and every
// partition has exactly one owner, and returns that generation and each
// member's count of assignment events.
func (c *cluster) settle(ctx context.Context, ms []*member, partitions int) (gen int32, events []int, err error) {
	err = c.until(ctx, "stabilise", func() (state string) {
		gen, events, state = settled(ms, partitions)
		return state
	})
	return gen, events, err
}

// until polls check every settleTick until it says nothing is missing, or
// ctx ends, when the error says what the group did not do and what was
// still missing.
func (c *cluster) until(ctx context.Context, what string, check func() string) error {
	tick := time.NewTicker(settleTick)
	defer tick.Stop()
	for {
		state := check()
		if state == "" {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("the consumer group did not %s (%s): %w", what, state, c.deadline(ctx.Err()))
		case <-tick.C:
		}
	}
}

// settled reports the group's generation when it is stable, or says what is
// missing.
func settled(ms []*member, partitions int) (int32, []int, string) {
	owners := make([]int, partitions)
	gens := map[int32]int{}
	events := make([]int, len(ms))
	for i, m := range ms {
		m.mu.Lock()
		if m.gen > 0 {
			gens[m.gen]++
		}
		for _, p := range m.owned {
			if p < partitions {
				owners[p]++
			}
		}
		events[i] = m.events
		m.mu.Unlock()
	}
	once := 0
	for _, n := range owners {
		if n == 1 {
			once++
		}
	}
	var gen int32
	for g, n := range gens {
		if n == len(ms) {
			gen = g
		}
	}
	if gen > 0 && once == partitions {
		return gen, events, ""
	}
	joined := 0
	for _, n := range gens {
		joined = max(joined, n)
	}
	return 0, nil, fmt.Sprintf("%d of %d consumers in one generation, %d of %d partitions with exactly one owner", joined, len(ms), once, partitions)
}

// read fetches the member's partitions up to their watermarks.
func (m *member) read(ctx context.Context, d *sim.Data, hwm []int64, prog *progress) error {
	m.mu.Lock()
	owned := slices.Clone(m.owned)
	m.mu.Unlock()
	var want int64
	for _, p := range owned {
		want += hwm[p]
	}
	for n := int64(0); n < want; {
		fs := m.client.PollFetches(ctx)
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("consumer %s read %d of its %d records: %w", m.id, n, want, err)
		}
		var errs []string
		fs.EachError(func(_ string, p int32, err error) {
			errs = append(errs, fmt.Sprintf("partition %d: %v", p, err))
		})
		if len(errs) > 0 {
			return fmt.Errorf("consumer %s: fetch: %s", m.id, strings.Join(errs, "; "))
		}
		batch := make([]fetched, 0, fs.NumRecords())
		var bad error
		fs.EachRecord(func(r *kgo.Record) {
			reading, err := readReading(d, r.Value)
			bad = cmp.Or(bad, err)
			batch = append(batch, fetched{Partition: int(r.Partition), Offset: r.Offset, Reading: reading})
		})
		if bad != nil {
			return fmt.Errorf("consumer %s: %w", m.id, bad)
		}
		m.mu.Lock()
		m.records = append(m.records, batch...)
		m.mu.Unlock()
		n += int64(len(batch))
		prog.add(len(batch))
	}
	return nil
}

// logs rebuilds each partition's log from what its owner fetched, and checks
// that the records travelled as Kafka promises: every partition has one
// owner, which fetched it at offsets 0…n-1 in order, and no consumer
// fetched a partition it does not own.
func (r groupRead) logs(hwm []int64) ([][]sim.Reading, error) {
	logs := make([][]sim.Reading, len(hwm))
	owner := make([]int, len(hwm))
	for c, ps := range r.owned {
		for _, p := range ps {
			owner[p] = c + 1
		}
	}
	for c, recs := range r.got {
		for _, f := range recs {
			p := f.Partition
			if p >= len(hwm) || owner[p] != c+1 {
				return nil, fmt.Errorf("consumer %s fetched partition %d, which it does not own", instanceID(c), p)
			}
			if f.Offset != int64(len(logs[p])) {
				return nil, fmt.Errorf("consumer %s fetched offset %d of partition %d after %d records", instanceID(c), f.Offset, p, len(logs[p]))
			}
			logs[p] = append(logs[p], f.Reading)
		}
	}
	for p, log := range logs {
		if int64(len(log)) != hwm[p] {
			return nil, fmt.Errorf("partition %d: fetched %d of its %d records", p, len(log), hwm[p])
		}
	}
	return logs, nil
}
