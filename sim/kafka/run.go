package kafka

import (
	"context"
	"errors"
	"fmt"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/partlab/partlab/sim"
)

// gridRunner measures a grid's combinations on Kafka, putting the readings
// the simulation generated through it, and sets its rows beside the
// simulation's.
var gridRunner = newRunner(runnerSpec[sim.Grid, *sim.GridResult]{
	engine: func(g *sim.GridResult) sim.Engine { return g.Engine },
	check: func(d *sim.Data, _ sim.Grid, g *sim.GridResult) error {
		if err := checkGrid(d, g.Grid); err != nil {
			return fmt.Errorf("grid %q: %w", g.ID, err)
		}
		return nil
	},
	run: func(ctx context.Context, cl *cluster, d *sim.Data, _ sim.Grid, g *sim.GridResult, prog *progress) (any, error) {
		rows, err := cl.grid(ctx, d, g.Grid, prog)
		if err != nil {
			return nil, fmt.Errorf("grid %q: %w", g.ID, err)
		}
		return compare(cl.name, g.Rows, rows), nil
	},
})

// checkGrid rejects, before anything starts, a grid the engine cannot run.
func checkGrid(d *sim.Data, g sim.Grid) error {
	if _, err := balancer(g.Assignor); err != nil {
		return err
	}
	if d.Records() > sim.MaxKafkaRecords {
		return fmt.Errorf("%d records: the kafka engine puts at most %d through Kafka", d.Records(), sim.MaxKafkaRecords)
	}
	for _, c := range g.Consumers {
		if c > sim.MaxKafkaConsumers {
			return fmt.Errorf("%d consumers: the kafka engine runs at most %d in a group", c, sim.MaxKafkaConsumers)
		}
	}
	return nil
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
