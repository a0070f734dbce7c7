package scenarios

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/partlab/partlab/sim"
)

// One case per class of bad rebalance input, at the event's line and
// column.
func TestRebalanceBadInput(t *testing.T) {
	const head = "title: t\ncells:\n  - rebalance:\n      partitions: 4\n      events:\n"
	for _, tc := range []struct {
		name, events, want string
	}{
		{"leave of a stranger", "        - join: 2\n        - leave: c7\n",
			`x.yaml:7:11: cells[0].rebalance.events[1]: "c7" is not in the group at this point (members: c0, c1)`},
		{"leave twice", "        - join: 1\n        - leave: c0\n        - leave: c0\n",
			`x.yaml:8:11: cells[0].rebalance.events[2]: "c0" is not in the group at this point (members: none)`},
		{"restart of nobody", "        - restart: true\n",
			"x.yaml:6:11: cells[0].rebalance.events[0]: a rolling restart of an empty group"},
		{"two at once", "        - {join: 1, leave: c0}\n",
			"x.yaml:6:11: cells[0].rebalance.events[0]: give exactly one of join, leave, restart and down (got 2)"},
		{"none", "        - {}\n",
			"x.yaml:6:11: cells[0].rebalance.events[0]: give exactly one of join, leave, restart and down (got 0)"},
		{"restart false", "        - restart: false\n",
			"x.yaml:6:20: cells[0].rebalance.events[0].restart: must be true; leave the field out for no restart"},
		{"join zero", "        - join: 0\n",
			"x.yaml:6:17: cells[0].rebalance.events[0].join: must be between 1 and 64 (got 0)"},
		{"down of a stranger", "        - join: 1\n        - {down: c3, for: 10s}\n",
			`x.yaml:7:11: cells[0].rebalance.events[1]: "c3" is not in the group at this point (members: c0)`},
		{"down for no time said", "        - join: 1\n        - down: c0\n",
			"x.yaml:7:11: cells[0].rebalance.events[1]: a down needs for: how long the member is down, such as 30s"},
		{"for alone", "        - {join: 1, for: 10s}\n",
			"x.yaml:6:26: cells[0].rebalance.events[0].for: for is how long a member of a restart or a down is down; give it with restart or down"},
		{"for without a unit", "        - join: 1\n        - {restart: true, for: 30}\n",
			"x.yaml:7:32: cells[0].rebalance.events[1].for: must be a duration between 0s and 1h0m0s, such as 30s (got 30, a number without a unit)"},
		{"session timeout too short", "        - join: 1\n      static: true\n      session_timeout: 1s\n",
			"x.yaml:8:24: cells[0].rebalance.session_timeout: must be between 6s and 30m0s (got 1s)"},
		{"session timeout of dynamic members", "        - join: 1\n      session_timeout: 45s\n",
			"x.yaml:7:24: cells[0].rebalance.session_timeout: only static members have a session the coordinator waits on; add static: true or leave session_timeout out"},
		{"unknown protocol", "        - join: 1\n      protocols: [eager-sticky]\n",
			`x.yaml:7:19: cells[0].rebalance.protocols[0]: unknown name "eager-sticky" (want one of consumer-range, consumer-uniform, cooperative-sticky, eager-range, eager-roundrobin)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(head+tc.events), "x.yaml")
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, tc.want)
			}
		})
	}
}

// A rebalance cell decodes into its events, in order, and --engine reaches
// it as it reaches a grid.
func TestRebalanceDecodes(t *testing.T) {
	s, err := Parse(strings.NewReader("title: t\ncells:\n  - rebalance:\n      id: r\n      partitions: 6\n      events: [{join: 2}, {leave: c0}, {restart: true}]\n      protocols: [cooperative-sticky, eager-range]\n"), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r := s.Cells[0].Sim.(sim.Rebalance)
	want := []sim.RebalanceEvent{{Join: 2}, {Leave: "c0"}, {Restart: true}}
	if r.ID != "r" || r.Partitions != 6 || !slices.Equal(r.Events, want) || !slices.Equal(r.Protocols, []string{"cooperative-sticky", "eager-range"}) {
		t.Errorf("decoded %+v", r)
	}
	if r.Static || r.SessionTimeout != 45*time.Second {
		t.Errorf("static %v, session timeout %v: want dynamic members and Kafka's default 45s", r.Static, r.SessionTimeout)
	}
	s.SetEngine(sim.EngineBoth)
	if e := s.Cells[0].Sim.(sim.Rebalance).Engine; e != sim.EngineBoth {
		t.Errorf("after SetEngine: engine %q", e)
	}
}

// A lag cell's engine decodes, defaults to the model, and --engine reaches
// it as it reaches a grid.
func TestLagEngine(t *testing.T) {
	for _, tc := range []struct {
		name, field string
		want, after sim.Engine
	}{
		{"default", "", sim.EngineSim, sim.EngineBoth},
		{"both", "      engine: both\n", sim.EngineBoth, sim.EngineSim},
		{"kafka", "      engine: kafka\n", sim.EngineKafka, sim.EngineSim},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse(strings.NewReader("title: t\ncells:\n  - lag:\n      partitions: 2\n      rate: 10\n      per_consumer: 5\n"+tc.field), "x.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if e := s.Cells[0].Sim.(sim.Lag).Engine; e != tc.want {
				t.Errorf("engine %q, want %q", e, tc.want)
			}
			s.SetEngine(tc.after)
			if e := s.Cells[0].Sim.(sim.Lag).Engine; e != tc.after {
				t.Errorf("after SetEngine(%q): engine %q", tc.after, e)
			}
		})
	}
}

// Static members decode with their session timeout, and a down with how
// long it lasts.
func TestRebalanceDecodesStatic(t *testing.T) {
	s, err := Parse(strings.NewReader("title: t\ncells:\n  - rebalance:\n      partitions: 6\n      static: true\n      session_timeout: 1m\n      events: [{join: 2}, {down: c0, for: 90s}, {restart: true, for: 10s}]\n"), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r := s.Cells[0].Sim.(sim.Rebalance)
	want := []sim.RebalanceEvent{{Join: 2}, {Down: "c0", For: 90 * time.Second}, {Restart: true, For: 10 * time.Second}}
	if !r.Static || r.SessionTimeout != time.Minute || !slices.Equal(r.Events, want) {
		t.Errorf("decoded %+v", r)
	}
	s.SetEngine(sim.EngineBoth)
	if e := s.Cells[0].Sim.(sim.Rebalance).Engine; e != sim.EngineSim {
		t.Errorf("after SetEngine: engine %q, want static members left on the simulation, which alone computes them", e)
	}
}
