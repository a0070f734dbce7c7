package recompute

import (
	"fmt"

	"github.com/partlab/partlab/scenarios"
)

// What a request passed as a value of the page may hold before it is
// serialised. JSON.stringify recurses: a spec nested 5,000 deep overflows
// its stack, and a long array becomes a string of any size.
const (
	// MaxDepth bounds how deeply a spec may nest: far more than any kind's
	// spec needs (a few levels: a rebalance's events are a list of
	// mappings of numbers), few enough that serialising it is safe.
	MaxDepth = 64
	// MaxValues bounds the values (objects, arrays and scalars) a spec may
	// hold: each takes at least two bytes of JSON, so that a spec with more
	// could not fit in a scenario file.
	MaxValues = scenarios.MaxFileSize / 2
)

// CheckShape walks v, a spec passed as a value of the page, whose children
// returns the values an object or an array holds (none for a scalar), and
// refuses one that nests deeper than MaxDepth or holds more than MaxValues
// values, before anything serialises it; a value that holds itself is
// refused as too deep. path names the value in the error: spec, source,
// above[2].spec.
func CheckShape[V any](path string, v V, children func(V) []V) error {
	values := 0
	var walk func(v V, depth int) error
	walk = func(v V, depth int) error {
		if depth > MaxDepth {
			return fmt.Errorf("partlab.run: %s nests deeper than %d levels", path, MaxDepth)
		}
		if values++; values > MaxValues {
			return fmt.Errorf("partlab.run: %s holds more than %d values", path, MaxValues)
		}
		for _, c := range children(v) {
			if err := walk(c, depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	return walk(v, 1)
}

// Safely calls f and returns its error, or a panic in f as the error:
// a panic that reached the top of a WebAssembly module's goroutine would
// end the module, and every later partlab.run with it. A panic on one of
// the engine's workers reaches f's goroutine (sim runs them so).
func Safely(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(error); ok {
				err = fmt.Errorf("partlab.run: internal error: %w", e)
				return
			}
			err = fmt.Errorf("partlab.run: internal error: %v", p)
		}
	}()
	return f()
}
