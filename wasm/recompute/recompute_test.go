package recompute

import (
	"context"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// TestRun: a cell is computed after the cells above it and rendered;
// problems are a scenario file's, at Name; a cancelled context stops it.
func TestRun(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name string
		ctx  context.Context
		req  Request
		want string // the error, or text the cell's HTML holds
	}{
		{"a grid", context.Background(), Request{Kind: sim.KindGrid, Spec: []byte(`{keys: [record], partitions: [12], consumers: [5]}`)},
			`<code>grid1</code>`},
		{"after the cell it draws from", context.Background(), Request{Kind: sim.KindThroughput, Spec: []byte(`{from: {grid: g, key: record, partitions: 4}}`),
			Above: []scenarios.CellSpec{{Kind: sim.KindGrid, Spec: []byte(`{id: g, keys: [record], partitions: [4]}`)}}},
			`<code>throughput2</code>`},
		{"out of bounds", context.Background(), Request{Kind: sim.KindGrid, Spec: []byte(`{keys: [record], partitions: [5000]}`)},
			"cell:1:31: grid.partitions[0]: must be between 1 and 4096 (got 5000)"},
		{"over the budget", context.Background(), Request{Kind: sim.KindGrid, Source: []byte(`{subscribers: 1000000}`),
			Spec: []byte(`{keys: [subscriber, record, period, none], partitions: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32]}`)},
			"cell:1:1: grid: this grid needs 1,536,006,272 record visits; the limit is 1,000,000,000 (raise it with --max-visits)"},
		{"cancelled", cancelled, Request{Kind: sim.KindGrid, Spec: []byte(`{keys: [record], partitions: [2]}`)},
			context.Canceled.Error()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := Run(tc.ctx, tc.req)
			switch {
			case err != nil && err.Error() != tc.want:
				t.Errorf("got error %v, want %q", err, tc.want)
			case err == nil && !strings.Contains(string(c.HTML), tc.want):
				t.Errorf("html %.300s…; want it to hold %q", c.HTML, tc.want)
			case err == nil && len(c.JSON) == 0:
				t.Errorf("no results")
			}
		})
	}
}
