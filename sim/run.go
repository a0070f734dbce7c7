package sim

import (
	"context"
	"fmt"
	"runtime"
)

// A Cell is one computation of a scenario, of one Kind: a Grid or an Offsets
// for the Messaging Systems lesson, a Spread or a Throughput for the Day 24
// lab, and so on. Each kind's file (grid.go, spread.go, …) holds its spec,
// its result, its run and its figure table.
type Cell interface {
	Kind() Kind
	CellID() string
	// Cost is what computing the cell over src takes, from its spec alone.
	Cost(src Source) Cost
	figures() figureSet
	run(*env) (Result, error)
}

// A Result is a cell's figures: the pointer type named after its cell,
// *GridResult for a Grid and so on.
type Result any

// Run computes every cell over one source, generated once and only if a cell
// needs it. It uses every core GOMAXPROCS allows, and the results do not
// depend on how many that is. A cancelled ctx stops it within a few
// milliseconds of work, with ctx.Err().
func Run(ctx context.Context, src Source, cells []Cell) (Results, error) {
	return run(ctx, src, cells, nil, nil)
}

// RunCounted is Run counting the cells' work into w (see Work).
func RunCounted(ctx context.Context, src Source, cells []Cell, w *Work) (Results, error) {
	return run(ctx, src, cells, w, nil)
}

// RunPausing is Run that calls pause, unless it is nil, wherever the run
// checks ctx: between chunks of a few milliseconds of work, on whichever of
// its goroutines reached the check. The engine in the page pauses there to
// let the browser's event loop run, so that an abort reaches a computation
// under way: a WebAssembly module has one thread, and JavaScript runs only
// while Go waits.
func RunPausing(ctx context.Context, src Source, cells []Cell, pause func()) (Results, error) {
	return run(ctx, src, cells, nil, pause)
}

func run(ctx context.Context, src Source, cells []Cell, w *Work, pause func()) (Results, error) {
	e := &env{ctx: ctx, pause: pause, workers: runtime.GOMAXPROCS(0), src: src, work: w}
	return e.run(cells)
}

func (e *env) run(cells []Cell) (Results, error) {
	e.m = meter{check: e.check, work: e.work}
	for i, c := range cells {
		if err := e.check(); err != nil {
			return Results{}, err
		}
		r, err := c.run(e)
		if err == nil {
			err = e.m.err // a loop that stopped early returns what it had
		}
		if err != nil {
			return Results{}, fmt.Errorf("cell %d (%s): %w", i+1, c.CellID(), err)
		}
		e.done.Cells = append(e.done.Cells, c)
		e.done.All = append(e.done.All, Computed{Result: r})
	}
	e.done.Data = e.d
	return e.done, nil
}

// env hands cells the scenario's source, generating it on first use, and the
// cells computed before them.
type env struct {
	ctx     context.Context
	pause   func() // see RunPausing; nil for none
	workers int    // goroutines a cell may run at once
	src     Source
	work    *Work // counted into, nil for none
	m       meter // the cells' serial loops count and stop through it
	d       *Data
	err     error
	done    Results
}

// tick counts n units of a cell's serial work: see meter.tick.
func (e *env) tick(n int) bool { return e.m.tick(n) }

func (e *env) data() (*Data, error) {
	if e.d == nil && e.err == nil {
		e.d, e.err = generate(e.check, e.src, e.workers)
	}
	return e.d, e.err
}

// check is where a cell's loops stop when the run is cancelled: the run's
// pause, then ctx.Err(). Loops call it, never ctx.Err() alone, so that
// every check is also a pause.
func (e *env) check() error {
	if e.pause != nil {
		e.pause()
	}
	return e.ctx.Err()
}

// result returns the result of an earlier cell.
func (e *env) result(id string) Result {
	_, r, _ := e.done.Of(id)
	return r
}
