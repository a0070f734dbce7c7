package sim

import (
	"context"
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
// writes to disjoint indexes). It checks ctx before every range and returns
// ctx.Err() once cancelled.
func chunked(ctx context.Context, workers, n int, do func(w, lo, hi int)) error {
	chunks := (n + chunkSize - 1) / chunkSize
	workers = max(1, min(workers, chunks))
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for ctx.Err() == nil {
				c := int(next.Add(1)) - 1
				if c >= chunks {
					return
				}
				do(w, c*chunkSize, min(n, (c+1)*chunkSize))
			}
		})
	}
	wg.Wait()
	return ctx.Err()
}
