package measure

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/partlab/partlab/sim"
)

// Run measures every cell of a kind that has a measurer, in the
// scenario's order, each announced with its cost, and leaves the others and
// the results it was given as they were.
func TestRunMeasuresEachKindThroughItsMeasurer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		cells := []sim.Cell{
			sim.Throughput{ID: "tp", Partitions: 2, Records: 5, Work: 10 * time.Millisecond, Consumers: []int{1, 2}, Assignor: "range"},
			sim.Assignment{ID: "a", Partitions: 4, Consumers: []int{2}, Assignor: "range"},
			sim.Lag{ID: "l", Partitions: 2, Rate: 10, PerConsumer: 10, Consumers: []int{1}, Steps: 2, Assignor: "range"},
		}
		rs, err := sim.Run(context.Background(), sim.Source{}, cells)
		if err != nil {
			t.Fatal(err)
		}
		var progress strings.Builder
		out, err := Run(context.Background(), Config{Name: "lab.yaml", Progress: &progress}, rs)
		if err != nil {
			t.Fatal(err)
		}
		if m, ok := out.All[0].Measured.(*sim.ThroughputMeasurement); !ok || len(m.Rows) != 2 {
			t.Errorf("throughput measured %+v, want two rows", out.All[0].Measured)
		}
		if out.All[1].Measured != nil {
			t.Errorf("assignment measured %+v, want nothing", out.All[1].Measured)
		}
		if m, ok := out.All[2].Measured.(*sim.LagMeasurement); !ok || len(m.Rows) != 1 {
			t.Errorf("lag measured %+v, want one row", out.All[2].Measured)
		}
		for i, c := range out.All {
			if c.Result != rs.All[i].Result || rs.All[i].Measured != nil {
				t.Errorf("cell %d: the results changed", i)
			}
		}
		for _, want := range []string{
			"lab.yaml: measuring throughput cell tp, 200ms of modelled work …\n  one consumer alone: 0.10 s\n",
			"lab.yaml: measuring lag cell l, 2ms of steps …\n",
		} {
			if !strings.Contains(progress.String(), want) {
				t.Errorf("progress %q lacks %q", progress.String(), want)
			}
		}
	})
}

// A measurement that fails names its cell.
func TestRunNamesTheCellThatFailed(t *testing.T) {
	rs, err := sim.Run(context.Background(), sim.Source{}, []sim.Cell{
		sim.Throughput{ID: "tp", Partitions: 2, Records: 5, Work: time.Millisecond, Consumers: []int{1}, Assignor: "range"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{}, rs); err == nil || !strings.HasPrefix(err.Error(), "cell tp: ") {
		t.Errorf("error %v, want one naming cell tp", err)
	}
}
