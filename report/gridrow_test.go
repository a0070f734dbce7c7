package report

import (
	"io"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

// A grid that lacks a row of one of its combinations is an error that
// names the combination on the page, in the text, in results.json and in
// its conclusions, never a row of zeros in a sentence; so is a Kafka run
// that lacks one of the rows it shows in the simulation's place.
func TestGridMissingRow(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(g *sim.GridResult, c *sim.Computed)
		want string
	}{
		{"the simulation's last row", func(g *sim.GridResult, _ *sim.Computed) {
			g.Rows = g.Rows[:len(g.Rows)-1]
		}, `grid "keys" has no row for key period, 8 partitions, 4 consumers`},
		{"a deviation row outside the axes", func(g *sim.GridResult, _ *sim.Computed) {
			g.Grid.Deviation = append(g.Grid.Deviation, sim.GridCombo{Key: sim.KeyRecord, Partitions: 3})
		}, `grid "keys" has no row for its deviation table's key record, 3 partitions`},
		{"Kafka's rows in the simulation's place", func(g *sim.GridResult, c *sim.Computed) {
			g.Engine = sim.EngineKafka
			o := &sim.GridObserved{Engine: "kafka", Cluster: "kfake"}
			for _, r := range g.Rows[1:] {
				o.Rows = append(o.Rows, sim.GridObservedRow{GridRow: r, Differ: []string{}})
			}
			c.Kafka = o
		}, `grid "keys": Kafka measured 11 rows, the simulation computed 12`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nb := lesson(t)
			alsoFound(&nb, 0, func(c *sim.Computed) {
				g := *c.Result.(*sim.GridResult)
				g.Grid.Deviation = append([]sim.GridCombo(nil), g.Grid.Deviation...)
				tc.edit(&g, c)
				c.Result = &g
			})
			if err := Page(io.Discard, nb, copied); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("page: error %v, want %q", err, tc.want)
			}
			if err := Text(io.Discard, nb); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("text: error %v, want %q", err, tc.want)
			}
			if err := JSON(io.Discard, nb); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("results.json: error %v, want %q", err, tc.want)
			}
			cs, err := nb.computations()
			if err != nil {
				t.Fatal(err)
			}
			if _, err := cs[0].conclusions(nb, cs[0].cell); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("conclusions: error %v, want %q", err, tc.want)
			}
		})
	}
}
