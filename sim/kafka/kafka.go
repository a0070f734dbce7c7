package kafka

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"slices"
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

// Run runs on Kafka every cell among the results whose kind has a run
// there (runners) and whose engine asks for it, in the scenario's order, on
// one cluster started for the run, and returns the results with what Kafka
// observed of each (sim.Computed.Kafka). Every cell is checked before the
// cluster starts; a run with no such cell starts nothing and returns rs as
// it is.
func Run(ctx context.Context, cfg Config, rs sim.Results) (sim.Results, error) {
	return run(ctx, cfg, rs, runners)
}

// runners are the kinds of cell that run on Kafka, one line each; a kind's
// run lives in its own file.
var runners = map[sim.Kind]runner{
	sim.KindGrid:      gridRunner,
	sim.KindKeyless:   keylessRunner,
	sim.KindRebalance: rebalanceRunner,
	sim.KindLag:       lagRunner,
}

// A runner is how one kind of cell runs on Kafka; newRunner makes one from
// a runnerSpec, in the kind's own file.
type runner struct {
	// plan says whether the cell's engine asks for Kafka, and refuses,
	// before the cluster starts, a cell that asks but cannot run there.
	plan func(d *sim.Data, c sim.Cell, r sim.Result) (bool, error)
	// run runs the cell: what it returns is the cell's sim.Computed.Kafka.
	run func(ctx context.Context, cl *cluster, d *sim.Data, c sim.Cell, r sim.Result, prog *progress) (any, error)
}

// A runnerSpec is one kind's run on Kafka as its file writes it, with
// functions of its cell type C and result type R. Its errors name the
// cell ("grid \"keys\": …").
type runnerSpec[C sim.Cell, R sim.Result] struct {
	engine func(R) sim.Engine
	check  func(d *sim.Data, c C, r R) error // optional
	run    func(ctx context.Context, cl *cluster, d *sim.Data, c C, r R, prog *progress) (any, error)
}

// newRunner makes a runner from its spec: a cell or a result of another
// type is an error.
func newRunner[C sim.Cell, R sim.Result](s runnerSpec[C, R]) runner {
	typed := func(c sim.Cell, r sim.Result) (C, R, error) {
		tc, okc := c.(C)
		tr, okr := r.(R)
		if !okc || !okr {
			return tc, tr, fmt.Errorf("%s cell %q has no %T spec and %T result", c.Kind(), c.CellID(), tc, tr)
		}
		return tc, tr, nil
	}
	return runner{
		plan: func(d *sim.Data, c sim.Cell, r sim.Result) (bool, error) {
			tc, tr, err := typed(c, r)
			switch {
			case err != nil:
				return false, err
			case !s.engine(tr).Kafka():
				return false, nil
			case s.check != nil:
				return true, s.check(d, tc, tr)
			}
			return true, nil
		},
		run: func(ctx context.Context, cl *cluster, d *sim.Data, c sim.Cell, r sim.Result, prog *progress) (any, error) {
			tc, tr, err := typed(c, r)
			if err != nil {
				return nil, err
			}
			return s.run(ctx, cl, d, tc, tr, prog)
		},
	}
}

// run is Run with the runners given, so that a test can add a kind's.
func run(ctx context.Context, cfg Config, rs sim.Results, runners map[sim.Kind]runner) (sim.Results, error) {
	var todo []int
	for i, cr := range rs.All {
		c := rs.Cells[i]
		r, ok := runners[c.Kind()]
		if !ok {
			continue
		}
		wants, err := r.plan(rs.Data, c, cr.Result)
		if err != nil {
			return sim.Results{}, fmt.Errorf("kafka engine: %w", err)
		}
		if wants {
			todo = append(todo, i)
		}
	}
	if len(todo) == 0 {
		return rs, nil
	}
	cl, err := start(ctx, cfg)
	if err != nil {
		return sim.Results{}, err
	}
	defer cl.close()
	prog := newProgress(cfg.Progress)
	out := rs
	out.All = slices.Clone(rs.All)
	for _, i := range todo {
		c := rs.Cells[i]
		if out.All[i].Kafka, err = runners[c.Kind()].run(ctx, cl, rs.Data, c, rs.All[i].Result, prog); err != nil {
			return sim.Results{}, fmt.Errorf("kafka engine: %w", err)
		}
	}
	return out, nil
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
