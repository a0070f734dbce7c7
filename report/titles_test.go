package report

import (
	"testing"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

func TestCellTitle(t *testing.T) {
	for _, k := range scenarios.Kinds() {
		if kinds[k].title == "" {
			t.Errorf("no title for %s cells", k)
		}
	}
	tests := []struct {
		kind sim.Kind
		id   string
		want string
	}{
		{sim.KindSpread, "spread", "Spread of keys over partitions"},
		{sim.KindPredictions, "predictions23", "Predictions against the run"},
		{sim.KindOrdering, "byorder", "Order across partitions: byorder"},
		{sim.KindGrid, "grid-2", "Keys, partitions and consumers: grid-2"},
	}
	for _, tt := range tests {
		var c cell
		c.Kind, c.ID = tt.kind, tt.id
		if got := cellTitle(c); got != tt.want {
			t.Errorf("cellTitle(%s %s) = %q, want %q", tt.kind, tt.id, got, tt.want)
		}
	}
}
