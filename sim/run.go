package sim

import (
	"context"
	"fmt"
	"runtime"
)

// A Cell is one computation of a scenario: a Grid or an Offsets for the
// Messaging Systems lesson; a Spread, Throughput, Ordering, Repartition,
// Assignment, Groups, Sizing or Predictions for the Day 24 lab.
type Cell interface {
	cellID() string
	run(*env) (Result, error)
}

// A Result is a cell's figures: the pointer type named after its cell,
// *GridResult for a Grid and so on.
type Result any

// Run computes every cell over one source, generated once and only if a cell
// needs it; results[i] belongs to cells[i]. It uses every core GOMAXPROCS
// allows, and the results do not depend on how many that is. A cancelled ctx
// stops it within a few milliseconds of work, with ctx.Err().
func Run(ctx context.Context, src Source, cells []Cell) ([]Result, error) {
	e := &env{ctx: ctx, workers: runtime.GOMAXPROCS(0), src: src, results: map[string]Result{}}
	return e.run(cells)
}

func (e *env) run(cells []Cell) ([]Result, error) {
	results := make([]Result, len(cells))
	for i, c := range cells {
		if err := e.ctx.Err(); err != nil {
			return nil, err
		}
		r, err := c.run(e)
		if err != nil {
			return nil, fmt.Errorf("cell %d (%s): %w", i+1, c.cellID(), err)
		}
		results[i] = r
		e.results[c.cellID()] = r
	}
	return results, nil
}

// env hands cells the scenario's source, generating it on first use, and the
// results of the cells before them.
type env struct {
	ctx     context.Context
	workers int // goroutines a cell may run at once
	src     Source
	d       *Data
	err     error
	done    bool
	results map[string]Result
}

func (e *env) data() (*Data, error) {
	if !e.done {
		e.d, e.err = generate(e.ctx, e.src, e.workers)
		e.done = true
	}
	return e.d, e.err
}
