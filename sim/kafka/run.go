package kafka

import (
	"context"
	"errors"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/partlab/partlab/sim"
)

// run measures every grid on the cluster; observed[i] belongs to grids[i].
func (c *cluster) run(ctx context.Context, d *sim.Data, grids []*sim.GridResult) ([]*sim.GridObserved, error) {
	prog := newProgress(c.cfg.Progress)
	observed := make([]*sim.GridObserved, len(grids))
	for i, g := range grids {
		rows, err := c.grid(ctx, d, g.Grid, prog)
		if err != nil {
			return nil, fmt.Errorf("grid %q: %w", g.ID, err)
		}
		observed[i] = compare(c.name, g.Rows, rows)
	}
	return observed, nil
}

// grid measures a grid's rows in the simulation's order: keys outermost,
// consumer counts innermost.
func (c *cluster) grid(ctx context.Context, d *sim.Data, g sim.Grid, prog *progress) ([]sim.GridRow, error) {
	bal, err := balancer(g.Assignor)
	if err != nil {
		return nil, err
	}
	var rows []sim.GridRow
	for _, k := range g.Keys {
		part, err := producerPartitioner(g.Partitioner, k, d.Source.Seed)
		if err != nil {
			return nil, err
		}
		for _, p := range g.Partitions {
			rs, err := c.topic(ctx, d, g, k, p, part, bal, prog)
			if err != nil {
				return nil, fmt.Errorf("key %s, partitions %d: %w", k, p, err)
			}
			rows = append(rows, rs...)
		}
	}
	return rows, nil
}

// topic measures one key and partition count: one topic, filled once and
// read by one group per consumer count, and deleted whatever happens.
func (c *cluster) topic(ctx context.Context, d *sim.Data, g sim.Grid, k sim.Key, partitions int, part kgo.Partitioner, bal kgo.GroupBalancer, prog *progress) (rows []sim.GridRow, err error) {
	topic := fmt.Sprintf("%s-%s-%s-p%d", c.prefix, g.ID, k, partitions)
	defer func() { err = errors.Join(err, c.deleteTopic(ctx, topic)) }()
	label := fmt.Sprintf("kafka %s: key %s, partitions %d", g.ID, k, partitions)
	prog.start(label, "produced", d.Records())
	hwm, err := c.fill(ctx, d, topic, partitions, k, part, prog)
	prog.end()
	if err != nil {
		return nil, err
	}
	for _, n := range g.Consumers {
		prog.start(fmt.Sprintf("%s, consumers %d", label, n), "consumed", d.Records())
		r, err := c.consume(ctx, d, topic, fmt.Sprintf("%s-c%d", topic, n), hwm, n, bal, prog)
		prog.end()
		if err != nil {
			return nil, fmt.Errorf("consumers %d: %w", n, err)
		}
		if c.inspect != nil {
			c.inspect(topic, hwm, r)
		}
		logs, err := r.logs(hwm)
		if err != nil {
			return nil, fmt.Errorf("consumers %d: %w", n, err)
		}
		rows = append(rows, d.Observe(k, r.owned, logs))
	}
	return rows, nil
}

// keylessReason explains why a keyless row measured on Kafka differs.
const keylessReason = "keyless records: the client's sticky partitioner sends each batch to one partition, the simulation deals records round robin"

// compare puts measured rows beside the simulation's, the same combinations
// in the same order, and explains the differences it knows the cause of.
func compare(cluster string, want, got []sim.GridRow) *sim.GridObserved {
	o := &sim.GridObserved{Engine: "kafka", Cluster: cluster, Rows: make([]sim.GridObservedRow, len(got))}
	for i, row := range got {
		r := sim.GridObservedRow{GridRow: row, Differ: want[i].Differ(row)}
		switch {
		case r.Agrees():
			o.Agreeing++
		case row.Key == sim.KeyNone:
			r.Reason = keylessReason
		}
		o.Rows[i] = r
	}
	o.Agree = o.Agreeing == len(o.Rows)
	return o
}
