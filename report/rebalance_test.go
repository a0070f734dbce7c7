package report

import (
	"strings"
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/sim"
)

func rebalances(t testing.TB) Notebook { return computed(reporttest.Rebalances(t)) }

// TestRebalancesGolden renders the third page and its results.json twice:
// both renders must be byte-identical and equal the files in testdata/.
func TestRebalancesGolden(t *testing.T) { goldenPage(t, "rebalances", rebalances) }

// rebalanceCell computes one rebalance cell given as YAML.
func rebalanceCell(t *testing.T, spec string) Notebook {
	t.Helper()
	return computed(reporttest.Compute(t, "r.yaml", "title: t\ncells:\n  - rebalance:\n"+spec))
}

// The rebalance narrative follows the data: it claims only what the
// figures show, per protocol style, and says when Kafka disagrees.
func TestRebalanceNarrative(t *testing.T) {
	for _, tc := range []struct {
		name       string
		spec       string
		observed   func(o *sim.RebalanceObserved)
		want, not  []string
		conclusion map[string]bool
	}{
		{name: "every protocol",
			spec:       "      id: r\n      partitions: 6\n      events: [{join: 2}, {join: 1}, {leave: c0}]\n",
			want:       []string{"4 steps", "Eager rebalancing stops the world", "never stopped the whole group", "takes no part at all", "moved the fewest partitions", "optimal but does not give Java"},
			not:        []string{"On Kafka"},
			conclusion: map[string]bool{"eager_stops_the_world": true, "cooperative_keeps_consuming": true, "sticky_moves_fewest": true}},
		{name: "eager only",
			spec:       "      id: r\n      partitions: 4\n      events: [{join: 2}]\n      protocols: [eager-range]\n",
			want:       []string{"<strong>eager-range</strong> (eager): 4 partitions revoked", "stops the world"},
			not:        []string{"never stopped the whole group", "KIP-848", "moved the fewest", "StickyAssignor"},
			conclusion: map[string]bool{"eager_stops_the_world": true, "cooperative_keeps_consuming": false, "sticky_moves_fewest": false}},
		// c1 owns p1 and c2 nothing; when c0 leaves, range gives c1 p0 and
		// c2 p1: c1, the one member consuming, revokes all it had.
		{name: "KIP-848 range stops the one consuming member",
			spec:       "      id: r\n      partitions: 2\n      events: [{join: 3}, {leave: c0}]\n      protocols: [consumer-range]\n",
			want:       []string{"<strong>consumer-range</strong> (the KIP-848 consumer protocol)", "every consuming member stopped at once at 1 step"},
			not:        []string{"StickyAssignor", "Eager", "never stopped"},
			conclusion: map[string]bool{"cooperative_keeps_consuming": false}},
		// When c3 joins c0 [0 1], c1 [2 3] and c2 [4], range moves c2 from p4 to p3
		// while c0 and c1 keep consuming.
		{name: "KIP-848 range pauses one member",
			spec: "      id: r\n      partitions: 5\n      events: [{join: 4}]\n      protocols: [consumer-range]\n",
			want: []string{"no step stopped every member, though 1 consumer-round went without a partition"}},
		{name: "static members back in time",
			spec: "      id: r\n      partitions: 4\n      static: true\n      events: [{join: 2}, {restart: true, for: 10s}]\n      protocols: [cooperative-sticky]\n",
			want: []string{"4 steps, one member joining or leaving at each or a static member coming back, and each step but the 2 returns in time is one rebalance",
				"static (KIP-345), with a session timeout of 45s", "nothing moved, nothing was revoked, the group had no rebalance", "took up 4 partitions held for them"},
			not: []string{"stayed down as long as the timeout"}},
		{name: "static members past the timeout",
			spec: "      id: r\n      partitions: 4\n      static: true\n      session_timeout: 30s\n      events: [{join: 2}, {down: c1, for: 1m}]\n      protocols: [cooperative-sticky]\n",
			want: []string{"4 steps, one member joining or leaving at each, and each step is one rebalance", "session timeout of 30s",
				"A member stayed down as long as the timeout or longer: the coordinator removed it"},
			not: []string{"coming back", "nobody else noticed", "held for them"}},
		{name: "dynamic members down",
			spec: "      id: r\n      partitions: 4\n      events: [{join: 2}, {down: c1, for: 10s}]\n      protocols: [cooperative-sticky]\n",
			want: []string{"4 steps, one member joining or leaving at each, and each step is one rebalance"},
			not:  []string{"static", "held"}},
		{name: "kafka disagrees",
			spec: "      id: r\n      partitions: 4\n      events: [{join: 2}]\n      protocols: [cooperative-sticky]\n",
			observed: func(o *sim.RebalanceObserved) {
				*o = sim.RebalanceObserved{Engine: "kafka", Cluster: "kfake", Compared: 2, Agreeing: 1, Runs: []sim.RebalanceObservedRun{{Protocol: "cooperative-sticky", Served: "classic cooperative-sticky",
					Steps: []sim.RebalanceObservedStep{{Label: "c0 joins", Owned: [][]int{{0, 1, 2, 3}}, Same: true}, {Label: "c1 joins", Owned: [][]int{{0, 1}, {2, 3}}, Moved: 2, Revoked: 3, SimMoved: 2, SimRevoked: 2}}}}}
			},
			want:       []string{"On Kafka (kfake)", "of 2 steps compared, 1 agrees", "The steps that differ are marked", "In 1 of those steps", "under cooperative-sticky, they owned another assignment"},
			conclusion: map[string]bool{"kafka_agrees": false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nb := rebalanceCell(t, tc.spec)
			if tc.observed != nil {
				o := &sim.RebalanceObserved{}
				tc.observed(o)
				alsoFound(&nb, 0, func(c *sim.Computed) { c.Kafka = o })
			}
			got := labNarrative(t, page(t, nb, copied), "r")
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("the narrative lacks %q:\n%s", w, got)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("the narrative says %q:\n%s", n, got)
				}
			}
			c := nb.cells()[0]
			concl, err := kinds[sim.KindRebalance].conclusions(nb, c)
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tc.conclusion {
				if concl[k] != v {
					t.Errorf("conclusion %s = %v, want %v", k, concl[k], v)
				}
			}
		})
	}
}
