package kafka

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/partlab/partlab/sim"
)

// Config says where and how long the engine runs.
type Config struct {
	// Brokers are host:port seeds of a real cluster; none starts an
	// in-process kfake cluster for the run.
	Brokers []string
	// Timeout bounds each step of the run: reaching the brokers, creating
	// and filling one topic, one consumer group's run. 0 is DefaultTimeout.
	Timeout time.Duration
	// Progress receives a line per combination, redrawn as records are
	// produced and consumed; nil is quiet. Meant for a terminal.
	Progress io.Writer
}

// DefaultTimeout is Config.Timeout's default.
const DefaultTimeout = 30 * time.Second

// Run measures on Kafka every grid among the results whose engine asks for
// it (sim.Engine.Kafka), putting the readings the simulation generated
// (rs.Data) through Kafka, and returns each grid's rows by grid id. A run
// with no such grid starts nothing and returns nil.
func Run(ctx context.Context, cfg Config, rs sim.Results) (map[string]*sim.GridObserved, error) {
	grids := onKafka(rs, func(g *sim.GridResult) sim.Engine { return g.Engine })
	if len(grids) == 0 {
		return nil, nil
	}
	d := rs.Data
	for _, g := range grids {
		if err := check(d, g.Grid); err != nil {
			return nil, fmt.Errorf("kafka engine: grid %q: %w", g.ID, err)
		}
	}
	c, err := start(ctx, cfg)
	if err != nil {
		return nil, err
	}
	defer c.close()
	observed, err := c.run(ctx, d, grids)
	if err != nil {
		return nil, fmt.Errorf("kafka engine: %w", err)
	}
	byID := make(map[string]*sim.GridObserved, len(grids))
	for i, g := range grids {
		byID[g.ID] = observed[i]
	}
	return byID, nil
}

// onKafka returns the results of type R whose engine asks for Kafka, in
// the scenario's order.
func onKafka[R sim.Result](rs sim.Results, engine func(R) sim.Engine) []R {
	var out []R
	for _, r := range rs.All {
		if c, ok := r.(R); ok && engine(c).Kafka() {
			out = append(out, c)
		}
	}
	return out
}

// start reaches the cluster of a run, with the default timeout where the
// configuration has none.
func start(ctx context.Context, cfg Config) (*cluster, error) {
	cfg.Timeout = cmp.Or(cfg.Timeout, DefaultTimeout)
	c, err := connect(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("kafka engine: %w", err)
	}
	return c, nil
}

// check rejects, before anything starts, a grid the engine cannot run.
func check(d *sim.Data, g sim.Grid) error {
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
