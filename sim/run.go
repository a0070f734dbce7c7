package sim

import "fmt"

// A Cell is one computation of a scenario: a Grid or an Offsets for the
// Messaging Systems lesson; a Spread, Throughput, Ordering, Repartition,
// Assignment, Groups, Sizing or Predictions for the Day 24 lab. Each kind's
// file holds its spec, its result, its run and its figure table.
type Cell interface {
	Kind() Kind
	CellID() string
	figures() figureSet
	run(*env) (Result, error)
}

// A Result is a cell's figures: the pointer type named after its cell,
// *GridResult for a Grid and so on.
type Result any

// Run computes every cell over one source, generated once and only if a cell
// needs it.
func Run(src Source, cells []Cell) (Results, error) {
	e := &env{src: src}
	for i, c := range cells {
		r, err := c.run(e)
		if err != nil {
			return Results{}, fmt.Errorf("cell %d (%s): %w", i+1, c.CellID(), err)
		}
		e.done.Cells = append(e.done.Cells, c)
		e.done.All = append(e.done.All, r)
	}
	e.done.Data = e.d
	return e.done, nil
}

// env hands cells the scenario's source, generating it on first use, and the
// cells computed before them.
type env struct {
	src  Source
	d    *Data
	err  error
	done Results
}

func (e *env) data() (*Data, error) {
	if e.d == nil && e.err == nil {
		e.d, e.err = Generate(e.src)
	}
	return e.d, e.err
}

// result returns the result of an earlier cell.
func (e *env) result(id string) Result {
	_, r, _ := e.done.Of(id)
	return r
}
