package sim

import (
	"sync/atomic"
)

// Work counts the basic operations a run does: a record dealt, a partition
// or member scanned, a step of a heap, a number of a result's lists. The
// count is the same for the same cells whatever the workers, so that a test
// can hold each kind's Cost to what its computation really does
// (TestCostCoversWork); a nil *Work counts nothing.
type Work struct{ n atomic.Int64 }

// Units is the work counted so far.
func (w *Work) Units() int64 {
	if w == nil {
		return 0
	}
	return w.n.Load()
}

// add counts n units; safe from several goroutines.
func (w *Work) add(n int) {
	if w != nil {
		w.n.Add(int64(n))
	}
}

// checkEvery is how many units of work a meter does between two looks at
// its context: a few microseconds of work, so that a cancelled run stops
// within a millisecond in every kind's loops.
const checkEvery = 1 << 14

// A meter is one goroutine's view of a run's work: it counts into the
// run's Work and looks at the run's context every checkEvery units. A nil
// meter counts nothing and never stops, for the exported functions that
// other engines call outside a run; one without a check never stops.
type meter struct {
	check func() error // the run's check (env.check), nil for none
	work  *Work
	left  int // units until ctx is looked at again
	err   error
}

// tick counts n units of work and reports whether the run goes on: false
// once its context is done, after which every tick is false and err holds
// the context's error.
func (m *meter) tick(n int) bool {
	if m == nil {
		return true
	}
	if m.err != nil {
		return false
	}
	m.work.add(n)
	if m.left -= n; m.left <= 0 && m.check != nil {
		m.left = checkEvery
		m.err = m.check()
	}
	return m.err == nil
}
