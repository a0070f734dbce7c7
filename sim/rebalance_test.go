package sim

import (
	"slices"
	"strconv"
	"testing"
	"time"
)

// The worked example of Rebalance's doc comment and the shipped page's
// events, step by step: what each protocol moves, revokes and costs.
func TestReplay(t *testing.T) {
	deploy := Rebalance{ID: "d", Partitions: 6, Protocols: ProtocolOrder(),
		Events: []RebalanceEvent{{Join: 2}, {Join: 1}, {Leave: "c0"}, {Restart: true}}}
	steps, err := deploy.Steps()
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	for _, s := range steps {
		labels = append(labels, s.Label())
	}
	if want := []string{"c0 joins", "c1 joins", "c2 joins", "c0 leaves", "c1 leaves", "c1 rejoins", "c2 leaves", "c2 rejoins"}; !slices.Equal(labels, want) {
		t.Fatalf("steps %v, want %v", labels, want)
	}
	for _, tc := range []struct {
		protocol string
		step     int // from 0
		owned    [][]int
		want     RebalanceTally
	}{
		// c2 joins [0 1 2] [3 4 5]: eager revokes all 6, range moves 3.
		{"eager-range", 2, [][]int{{0, 1}, {2, 3}, {4, 5}}, RebalanceTally{Moved: 3, Revoked: 6, Rounds: 1, Paused: 2, Involved: 3, Stopped: 1, Rebalances: 1}},
		{"eager-roundrobin", 2, [][]int{{0, 3}, {1, 4}, {2, 5}}, RebalanceTally{Moved: 4, Revoked: 6, Rounds: 1, Paused: 2, Involved: 3, Stopped: 1, Rebalances: 1}},
		// Sticky moves 2, revoked in a first round, assigned in a second.
		{"cooperative-sticky", 2, [][]int{{0, 1}, {3, 4}, {2, 5}}, RebalanceTally{Moved: 2, Revoked: 2, Rounds: 2, Involved: 3, Rebalances: 1}},
		// KIP-848: the same moves, but only the three members that change.
		{"consumer-uniform", 2, [][]int{{0, 1}, {3, 4}, {2, 5}}, RebalanceTally{Moved: 2, Revoked: 2, Rounds: 2, Involved: 3, Rebalances: 1}},
		{"consumer-range", 2, [][]int{{0, 1}, {2, 3}, {4, 5}}, RebalanceTally{Moved: 3, Revoked: 3, Rounds: 2, Involved: 3, Rebalances: 1}},
		// c0 leaves: its partitions have no owner to revoke them, so the
		// cooperative protocols hand them over in one round; eager still
		// revokes everything the two who stay held.
		{"eager-range", 3, [][]int{{0, 1, 2}, {3, 4, 5}}, RebalanceTally{Moved: 3, Revoked: 4, Rounds: 1, Paused: 2, Involved: 2, Stopped: 1, Rebalances: 1}},
		{"cooperative-sticky", 3, [][]int{{0, 3, 4}, {1, 2, 5}}, RebalanceTally{Moved: 2, Rounds: 1, Involved: 2, Rebalances: 1}},
		{"consumer-uniform", 3, [][]int{{0, 3, 4}, {1, 2, 5}}, RebalanceTally{Moved: 2, Rounds: 1, Involved: 2, Rebalances: 1}},
		// Range shifts c1 from [2 3] to [0 1 2]: one revoked.
		{"consumer-range", 3, [][]int{{0, 1, 2}, {3, 4, 5}}, RebalanceTally{Moved: 3, Revoked: 1, Rounds: 2, Involved: 2, Rebalances: 1}},
		// c1 leaves a group of c1 and c2: only c2 is left, and takes all.
		{"consumer-uniform", 4, [][]int{{0, 1, 2, 3, 4, 5}}, RebalanceTally{Moved: 3, Rounds: 1, Involved: 1, Rebalances: 1}},
	} {
		proto, err := ProtocolByName(tc.protocol)
		if err != nil {
			t.Fatal(err)
		}
		run := RebalanceReplay(proto, deploy.Partitions, len(deploy.Events), steps)
		got := run.Steps[tc.step]
		if !slices.EqualFunc(got.Owned, tc.owned, slices.Equal) || got.RebalanceTally != tc.want {
			t.Errorf("%s, %s: owned %v, %+v; want %v, %+v", tc.protocol, got.Label, got.Owned, got.RebalanceTally, tc.owned, tc.want)
		}
	}
}

// Invariants of every protocol over many membership histories: one owner
// per partition, balance within one, an event's tally the sum of its
// steps', revocations only by staying members (never more than moved, but
// under eager), and eager stopping everyone who was consuming.
func TestRebalanceInvariants(t *testing.T) {
	histories := [][]RebalanceEvent{
		{{Join: 3}, {Leave: "c1"}, {Join: 2}, {Leave: "c0"}, {Restart: true}},
		{{Join: 1}, {Join: 4}, {Leave: "c4"}, {Leave: "c0"}, {Leave: "c2"}, {Join: 1}},
		{{Join: 9}, {Restart: true}, {Leave: "c8"}},
	}
	for _, events := range histories {
		for partitions := 1; partitions <= 8; partitions++ {
			r := Rebalance{ID: "r", Partitions: partitions, Protocols: ProtocolOrder(), Events: events}
			res, err := r.run(&env{ctx: t.Context()})
			if err != nil {
				t.Fatal(err)
			}
			for _, run := range res.(*RebalanceResult).Runs {
				var sum RebalanceTally
				for _, s := range run.Steps {
					label := run.Protocol + ", " + s.Label
					owners := make([]int, partitions)
					lo, hi := partitions, 0
					for _, parts := range s.Owned {
						lo, hi = min(lo, len(parts)), max(hi, len(parts))
						for _, p := range parts {
							owners[p]++
						}
					}
					for p, n := range owners {
						if n != 1 && len(s.Members) > 0 {
							t.Errorf("P=%d %s: partition %d has %d owners", partitions, label, p, n)
						}
					}
					if hi-lo > 1 {
						t.Errorf("P=%d %s: %v is not balanced within one", partitions, label, s.Owned)
					}
					if run.Style != Eager && s.Revoked > s.Moved {
						t.Errorf("P=%d %s: revoked %d of %d moved", partitions, label, s.Revoked, s.Moved)
					}
					if run.Style == Eager && s.Paused > 0 && s.Stopped != 1 {
						t.Errorf("P=%d %s: eager paused %d without stopping everyone", partitions, label, s.Paused)
					}
					sum.add(s.RebalanceTally)
				}
				if sum != run.Total {
					t.Errorf("P=%d %s: total %+v, steps sum to %+v", partitions, run.Protocol, run.Total, sum)
				}
			}
		}
	}
}

// A rebalance's figures name every protocol's totals and each event's,
// from the spec alone, and resolve to the run's.
func TestRebalanceFigures(t *testing.T) {
	r := Rebalance{ID: "roll", Partitions: 4, Protocols: []string{"eager-range", "cooperative-sticky"},
		Events: []RebalanceEvent{{Join: 2}, {Leave: "c0"}}}
	names := FigureNames(r)
	for _, want := range []string{"moved@eager-range", "revoked@eager-range/1", "stopped@cooperative-sticky/2", "involved@cooperative-sticky"} {
		if !slices.Contains(names, want) {
			t.Errorf("figure names lack %s: %v", want, names)
		}
	}
	rs, err := Run(t.Context(), Source{}, []Cell{r})
	if err != nil {
		t.Fatal(err)
	}
	for ref, want := range map[string]float64{
		"roll.revoked@eager-range/1":        4, // c1 joins: c0 revokes its 4
		"roll.revoked@cooperative-sticky/1": 2,
		"roll.moved@cooperative-sticky":     4, // 2 when c1 joins, c0's 2 when it leaves
		"roll.stopped@eager-range":          2,
	} {
		if got, err := rs.Figure(ref); err != nil || got != want {
			t.Errorf("%s = %v (%v), want %v", ref, got, err, want)
		}
	}
	if _, err := rs.Figure("roll.moved@eager-range/3"); err == nil {
		t.Error("an event the cell does not have resolved")
	}
	if c := r.Cost(Source{}); c.Rows != 6 || c.KafkaGroups != 0 {
		t.Errorf("cost %+v, want 6 rows (3 steps × 2 protocols) and no Kafka group", c)
	}
	r.Engine = EngineBoth
	if c := r.Cost(Source{}); c.KafkaGroups != 6 || c.KafkaConsumers != 2 {
		t.Errorf("cost on Kafka %+v, want 6 group runs (a rebalance per row) of at most 2 members", c)
	}
}

// A result names its events in words, a join by the members it brings.
func TestRebalanceEventWords(t *testing.T) {
	for _, tc := range []struct {
		name   string
		events []RebalanceEvent
		want   []string
	}{
		{"the page", []RebalanceEvent{{Join: 2}, {Join: 1}, {Leave: "c0"}, {Restart: true}}, []string{"c0 and c1 join", "c2 joins", "c0 leaves", "a rolling restart"}},
		{"three at once", []RebalanceEvent{{Join: 3}, {Leave: "c1"}, {Join: 1}}, []string{"c0, c1 and c2 join", "c1 leaves", "c3 joins"}},
		{"members down", []RebalanceEvent{{Join: 2}, {Down: "c1", For: 90 * time.Second}, {Restart: true, For: 2 * time.Minute}, {Restart: true, For: time.Hour}},
			[]string{"c0 and c1 join", "c1 down for 1m30s", "a rolling restart (each down 2m)", "a rolling restart (each down 1h)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := Run(t.Context(), Source{}, []Cell{Rebalance{ID: "r", Partitions: 4, Protocols: []string{"eager-range"}, Events: tc.events}})
			if err != nil {
				t.Fatal(err)
			}
			if got := rs.All[0].Result.(*RebalanceResult).Events; !slices.Equal(got, tc.want) {
				t.Errorf("events %q, want %q", got, tc.want)
			}
		})
	}
}

// A static member (KIP-345) down for less than its session timeout comes
// back to its partitions with no rebalance: nothing moves, nothing is
// revoked, no generation. Down as long as the timeout or longer, the
// coordinator removes it, a rebalance as a leave is, and its return is a
// join; a dynamic member always leaves and rejoins. Every protocol is held
// to staticReference, the rule step by step.
func TestStaticRestartMovesNothing(t *testing.T) {
	const timeout = 45 * time.Second
	for _, tc := range []struct {
		name   string
		static bool
		event  RebalanceEvent // after 3 join, over 6 partitions
		// rebalances and held: the event's, under every protocol.
		rebalances, held int
	}{
		{"static restart within the timeout", true, RebalanceEvent{Restart: true, For: 10 * time.Second}, 0, 6},
		{"static restart at once", true, RebalanceEvent{Restart: true}, 0, 6},
		{"static restart at the timeout", true, RebalanceEvent{Restart: true, For: timeout}, 6, 0},
		{"static restart past the timeout", true, RebalanceEvent{Restart: true, For: time.Minute}, 6, 0},
		{"dynamic restart within the timeout", false, RebalanceEvent{Restart: true, For: 10 * time.Second}, 6, 0},
		{"static down within the timeout", true, RebalanceEvent{Down: "c1", For: 30 * time.Second}, 0, 2},
		{"static down past the timeout", true, RebalanceEvent{Down: "c1", For: 2 * time.Minute}, 2, 0},
		{"dynamic down", false, RebalanceEvent{Down: "c1", For: time.Second}, 2, 0},
	} {
		r := Rebalance{ID: "s", Partitions: 6, Static: tc.static, SessionTimeout: timeout,
			Events: []RebalanceEvent{{Join: 3}, tc.event, {Join: 1}}}
		steps, err := r.Steps()
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range ProtocolOrder() {
			t.Run(tc.name+"/"+name, func(t *testing.T) {
				proto, err := ProtocolByName(name)
				if err != nil {
					t.Fatal(err)
				}
				run := RebalanceReplay(proto, r.Partitions, len(r.Events), steps)
				owner, want := staticReference(proto, r)
				for e, w := range want {
					got := run.Events[e]
					if got.Moved != w.Moved || got.Revoked != w.Revoked || got.Rebalances != w.Rebalances || got.Held != w.Held {
						t.Errorf("event %d: %+v, want moved %d, revoked %d, rebalances %d, held %d", e+1, got, w.Moved, w.Revoked, w.Rebalances, w.Held)
					}
				}
				if ev := run.Events[1]; ev.Rebalances != tc.rebalances || ev.Held != tc.held {
					t.Errorf("%s: %d rebalances, %d held; want %d and %d", r.Events[1], ev.Rebalances, ev.Held, tc.rebalances, tc.held)
				}
				if tc.rebalances == 0 && (run.Events[1].Moved != 0 || run.Events[1].Rounds != 0 || run.Events[1].Revoked != 0) {
					t.Errorf("a return in time cost %+v, want nothing", run.Events[1])
				}
				last := run.Steps[len(run.Steps)-1]
				for i, m := range last.Members {
					for _, p := range last.Owned[i] {
						if owner[p] != m {
							t.Errorf("partition %d: %s owns it, the reference says %s", p, m, owner[p])
						}
					}
				}
			})
		}
	}
}

// staticReference is KIP-345 the plain way: members c0, c1, … in a sorted
// list; a join and a leave each one rebalance from the owners before; a
// member down is kept, its partitions counted as held, when it is static and
// back before the session times out, and otherwise leaves and rejoins. It
// returns the owners at the end and each event's moved, revoked,
// rebalances and held.
func staticReference(proto Protocol, r Rebalance) ([]string, []RebalanceTally) {
	owner := make([]string, r.Partitions)
	var live []string
	next := 0
	var out []RebalanceTally
	var t RebalanceTally
	rebalance := func() {
		slices.SortFunc(live, RebalanceByMemberName)
		var step RebalanceTally
		owner, step = Rebalanced(proto, live, owner)
		t.Moved += step.Moved
		t.Revoked += step.Revoked
		t.Rebalances++
	}
	down := func(m string, d time.Duration) {
		if r.Static && d < r.SessionTimeout {
			for _, o := range owner {
				if o == m {
					t.Held++
				}
			}
			return
		}
		live = slices.DeleteFunc(live, func(x string) bool { return x == m })
		rebalance()
		live = append(live, m)
		rebalance()
	}
	for _, e := range r.Events {
		t = RebalanceTally{}
		switch {
		case e.Join > 0:
			for range e.Join {
				live = append(live, "c"+strconv.Itoa(next))
				next++
				rebalance()
			}
		case e.Down != "":
			down(e.Down, e.For)
		case e.Restart:
			for _, m := range slices.Clone(live) {
				down(m, e.For)
			}
		}
		out = append(out, t)
	}
	return owner, out
}
