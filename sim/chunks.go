package sim

import (
	"sync"
	"sync/atomic"
)

// chunkSize is how many subscribers a worker takes at a time: enough to make
// handing out chunks cheap, few enough that a cancelled run stops within a
// millisecond or so of work.
const chunkSize = 4096

// chunked calls do(w, lo, hi) for consecutive ranges [lo, hi) covering [0, n),
// on up to workers goroutines; w is the calling goroutine's index in
// [0, workers), so that each can keep its own scratch and partial sums.
// Which worker takes which range varies from run to run, so callers combine
// their partial results only in ways that do not depend on it (integer sums,
// writes to disjoint indexes). It calls check (the run's env.check) before
// every range and returns its error once there is one. A panic in do is
// raised again on the calling goroutine once every worker has stopped, so
// that the caller's recover sees it: the engine in the page turns it into
// the run's error.
func chunked(check func() error, workers, n int, do func(w, lo, hi int)) error {
	chunks := (n + chunkSize - 1) / chunkSize
	workers = max(1, min(workers, chunks))
	var next atomic.Int64
	var panicked atomic.Pointer[any]
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					panicked.CompareAndSwap(nil, &p)
					next.Store(int64(chunks)) // the other workers take no more
				}
			}()
			for check() == nil {
				c := int(next.Add(1)) - 1
				if c >= chunks {
					return
				}
				do(w, c*chunkSize, min(n, (c+1)*chunkSize))
			}
		})
	}
	wg.Wait()
	if p := panicked.Load(); p != nil {
		panic(*p)
	}
	return check()
}
