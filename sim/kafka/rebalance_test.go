package kafka

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/sim"
)

// deploy is the shipped page's rebalance: 6 partitions, two members join,
// a third, the first leaves, and a rolling restart of the two left.
var deploy = sim.Rebalance{
	ID: "deploy", Partitions: 6, Protocols: sim.ProtocolOrder(), Engine: sim.EngineBoth,
	Events: []sim.RebalanceEvent{{Join: 2}, {Join: 1}, {Leave: "c0"}, {Restart: true}},
}

// served is the protocol kfake must serve each protocol's group with:
// KIP-848's consumer protocol for the consumer- protocols, not a fallback
// to the classic one.
var served = map[string]string{
	"eager-range":        "classic range",
	"eager-roundrobin":   "classic roundrobin",
	"cooperative-sticky": "classic cooperative-sticky",
	"consumer-uniform":   "consumer uniform",
	"consumer-range":     "consumer range",
}

// On kfake, real franz-go members living through the steps under every
// protocol move and revoke, by their own callbacks, exactly the partitions
// the simulation's rebalance from the same start says, with the members in
// the order of the ids they had. Every protocol but cooperative-sticky
// gives the very same assignment; franz-go's sticky balancer breaks ties
// its own way, so there only the counts must agree.
func TestRebalanceAgreement(t *testing.T) {
	testtool.Slow(t, "starts a Kafka cluster (kfake)")
	for _, tc := range []struct {
		name string
		cell sim.Rebalance
	}{
		{"deploy", deploy},
		{"seven partitions, four members", sim.Rebalance{ID: "seven", Partitions: 7, Protocols: sim.ProtocolOrder(), Engine: sim.EngineKafka,
			Events: []sim.RebalanceEvent{{Join: 3}, {Leave: "c1"}, {Join: 2}, {Leave: "c0"}}}},
		{"five partitions, ties", sim.Rebalance{ID: "ties", Partitions: 5, Protocols: sim.ProtocolOrder(), Engine: sim.EngineKafka,
			Events: []sim.RebalanceEvent{{Join: 3}, {Leave: "c2"}, {Join: 2}, {Leave: "c0"}, {Leave: "c3"}, {Restart: true}}}},
		{"more members than partitions", sim.Rebalance{ID: "crowd", Partitions: 3, Protocols: sim.ProtocolOrder(), Engine: sim.EngineKafka,
			Events: []sim.RebalanceEvent{{Join: 4}, {Leave: "c0"}, {Leave: "c2"}, {Join: 1}, {Restart: true}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := sim.Run(t.Context(), sim.Source{}, []sim.Cell{tc.cell})
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
			defer cancel()
			out, err := Run(ctx, Config{Timeout: 20 * time.Second}, rs)
			if err != nil {
				t.Fatal(err)
			}
			o := observed[*sim.RebalanceObserved](out, tc.cell.ID)
			for _, run := range o.Runs {
				if run.Served != served[run.Protocol] {
					t.Errorf("%s: kfake served %q, want %q", run.Protocol, run.Served, served[run.Protocol])
				}
				for _, s := range run.Steps {
					if !s.Same && run.Protocol != "cooperative-sticky" {
						t.Errorf("%s, %s: the members own %v, not the simulation's assignment", run.Protocol, s.Label, s.Owned)
					}
					if !s.Agrees() {
						t.Errorf("%s, %s: moved %d revoked %d on Kafka, the simulation %d and %d (owned %v)", run.Protocol, s.Label, s.Moved, s.Revoked, s.SimMoved, s.SimRevoked, s.Owned)
					}
				}
			}
			steps, _ := tc.cell.Scale()
			if want := len(tc.cell.Protocols) * int(steps); o.Compared != want || !o.Agree {
				t.Errorf("compared %d steps (want %d), %d agree", o.Compared, want, o.Agreeing)
			}
		})
	}
}

// A rebalance run on a cluster of one's own deletes every topic and group
// it made.
func TestRebalanceLeavesNothing(t *testing.T) {
	fake, adm := fakeCluster(t)
	rs, err := sim.Run(t.Context(), sim.Source{}, []sim.Cell{deploy})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	out, err := Run(ctx, Config{Brokers: fake.ListenAddrs(), Timeout: 20 * time.Second}, rs)
	if err != nil {
		t.Fatal(err)
	}
	if o := observed[*sim.RebalanceObserved](out, deploy.ID); o.Cluster != "brokers" || !o.Agree {
		t.Errorf("cluster %q, %d of %d steps agree", o.Cluster, o.Agreeing, o.Compared)
	}
	if left := leftBehind(t, adm); len(left) > 0 {
		t.Errorf("left behind: %v", left)
	}
}

// A KIP-848 group whose heartbeats the broker never answers does not
// settle: the run stops at the timeout, names the step and what was
// missing, and deletes its topic.
func TestRebalanceDoesNotSettle(t *testing.T) {
	fake, adm := fakeCluster(t)
	fake.ControlKey(int16(kmsg.ConsumerGroupHeartbeat), func(kreq kmsg.Request) (kmsg.Response, error, bool) {
		fake.KeepControl()
		resp := kreq.(*kmsg.ConsumerGroupHeartbeatRequest).ResponseKind().(*kmsg.ConsumerGroupHeartbeatResponse)
		resp.ErrorCode = kerr.CoordinatorLoadInProgress.Code
		return resp, nil, true
	})
	cell := sim.Rebalance{ID: "stuck", Partitions: 2, Protocols: []string{"consumer-uniform"}, Engine: sim.EngineKafka,
		Events: []sim.RebalanceEvent{{Join: 1}}}
	rs, err := sim.Run(t.Context(), sim.Source{}, []sim.Cell{cell})
	if err != nil {
		t.Fatal(err)
	}
	_, err = Run(t.Context(), Config{Brokers: fake.ListenAddrs(), Timeout: time.Second}, rs)
	want := `kafka engine: rebalance "stuck": protocol consumer-uniform: c0 joins: the consumer group did not settle (partition 0 has 0 owners): no answer within 1s (the timeout)`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %v, want %q", err, want)
	}
	if left := leftBehind(t, adm); slices.ContainsFunc(left, func(s string) bool { return strings.Contains(s, "-stuck-") }) {
		t.Errorf("left behind: %v", left)
	}
}

// A rebalance the engine cannot run is refused before anything starts,
// saying why.
func TestRefusesRebalancesItCannotRun(t *testing.T) {
	crowd := sim.Rebalance{ID: "crowd", Partitions: 2, Protocols: []string{"eager-range"}, Engine: sim.EngineKafka}
	for range 5 {
		crowd.Events = append(crowd.Events, sim.RebalanceEvent{Join: 64})
	}
	static := sim.Rebalance{ID: "static", Partitions: 2, Protocols: []string{"eager-range"}, Engine: sim.EngineKafka,
		Static: true, SessionTimeout: 45 * time.Second, Events: []sim.RebalanceEvent{{Join: 2}, {Restart: true, For: 10 * time.Second}}}
	for _, tc := range []struct {
		name string
		cell sim.Rebalance
		want string
	}{
		{"too many members", crowd, `kafka engine: rebalance "crowd": 320 members: the kafka engine runs at most 256 in a group`},
		{"static members", static, `kafka engine: rebalance "static": static members (static: true) run on the simulation only, and their figures are the model's: kfake skips a returning static member's rebalance only when its join is byte-identical to its last, which a restarted franz-go member never sends; give engine: sim`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs := sim.Results{Cells: []sim.Cell{tc.cell}, All: []sim.Computed{{Result: &sim.RebalanceResult{Kind: sim.KindRebalance, ID: tc.cell.ID, Engine: sim.EngineKafka}}}}
			// Brokers that do not exist: reaching for them would fail differently.
			_, err := Run(t.Context(), Config{Brokers: []string{"127.0.0.1:1"}}, rs)
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}
