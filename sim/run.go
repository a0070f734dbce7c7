package sim

import "fmt"

// A Cell is one computation of a scenario: a Grid or an Offsets.
type Cell interface {
	run(*env) (Result, error)
}

// A Result is a cell's figures: *GridResult or *OffsetsResult.
type Result any

// Run computes every cell over one source, generated once and only if a cell
// needs it; results[i] belongs to cells[i].
func Run(src Source, cells []Cell) ([]Result, error) {
	e := &env{src: src}
	results := make([]Result, len(cells))
	for i, c := range cells {
		r, err := c.run(e)
		if err != nil {
			return nil, fmt.Errorf("cell %d: %w", i+1, err)
		}
		results[i] = r
	}
	return results, nil
}

// env hands cells the scenario's source, generating it on first use.
type env struct {
	src  Source
	d    *Data
	err  error
	done bool
}

func (e *env) data() (*Data, error) {
	if !e.done {
		e.d, e.err = Generate(e.src)
		e.done = true
	}
	return e.d, e.err
}
