package kafka

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/partlab/partlab/sim"
)

// groupProtocols map a rebalance cell's protocols onto the client's group
// options: the eager balancers, the cooperative-sticky one, and the KIP-848
// consumer protocol, which kgo speaks when asked for a server-side balancer
// (its sticky balancer asks the broker for the uniform assignor, its range
// balancer for range).
var groupProtocols = map[string]func() []kgo.Opt{
	"eager-range":        func() []kgo.Opt { return []kgo.Opt{kgo.Balancers(kgo.RangeBalancer())} },
	"eager-roundrobin":   func() []kgo.Opt { return []kgo.Opt{kgo.Balancers(kgo.RoundRobinBalancer())} },
	"cooperative-sticky": func() []kgo.Opt { return []kgo.Opt{kgo.Balancers(kgo.CooperativeStickyBalancer())} },
	"consumer-uniform": func() []kgo.Opt {
		return []kgo.Opt{kgo.Balancers(kgo.CooperativeStickyBalancer()), kgo.ServerSideBalancer()}
	},
	"consumer-range": func() []kgo.Opt { return []kgo.Opt{kgo.Balancers(kgo.RangeBalancer()), kgo.ServerSideBalancer()} },
}

// rebalanceRunner runs a rebalance cell on Kafka, one consumer group per
// protocol living through the cell's steps, and sets what the members
// observed beside the simulation's.
var rebalanceRunner = newRunner(runnerSpec[sim.Rebalance, *sim.RebalanceResult]{
	engine: func(r *sim.RebalanceResult) sim.Engine { return r.Engine },
	check: func(_ *sim.Data, r sim.Rebalance, _ *sim.RebalanceResult) error {
		if err := checkRebalance(r); err != nil {
			return fmt.Errorf("rebalance %q: %w", r.ID, err)
		}
		return nil
	},
	run: func(ctx context.Context, cl *cluster, _ *sim.Data, r sim.Rebalance, _ *sim.RebalanceResult, _ *progress) (any, error) {
		o, err := cl.rebalance(ctx, r)
		if err != nil {
			return nil, fmt.Errorf("rebalance %q: %w", r.ID, err)
		}
		return o, nil
	},
})

// checkRebalance rejects, before anything starts, a cell the engine cannot
// run. Static members are the model's alone: kfake skips a returning static
// member's rebalance only when its join is byte-identical to its last
// (groups.go, replaceStaticMember), and a restarted franz-go member, owning
// nothing yet, never sends that join.
func checkRebalance(r sim.Rebalance) error {
	if r.Static {
		return errors.New("static members (static: true) run on the simulation only, and their figures are the model's: kfake skips a returning static member's rebalance only when its join is byte-identical to its last, which a restarted franz-go member never sends; give engine: sim")
	}
	for _, p := range r.Protocols {
		if _, ok := groupProtocols[p]; !ok {
			return fmt.Errorf("protocol %q has no Kafka group options", p)
		}
	}
	if _, n := r.Scale(); n > sim.MaxKafkaConsumers {
		return fmt.Errorf("%d members: the kafka engine runs at most %d in a group", n, sim.MaxKafkaConsumers)
	}
	return nil
}

// rebalance runs every protocol of a cell, each on a topic of its own.
func (c *cluster) rebalance(ctx context.Context, r sim.Rebalance) (*sim.RebalanceObserved, error) {
	steps, err := r.Steps()
	if err != nil {
		return nil, err
	}
	o := &sim.RebalanceObserved{Engine: "kafka", Cluster: c.name}
	for _, name := range r.Protocols {
		proto, err := sim.ProtocolByName(name)
		if err != nil {
			return nil, err
		}
		run, err := c.protocolRun(ctx, r, proto, steps)
		if err != nil {
			return nil, fmt.Errorf("protocol %s: %w", name, err)
		}
		for _, s := range run.Steps {
			o.Compared++
			if s.Agrees() {
				o.Agreeing++
			}
		}
		o.Runs = append(o.Runs, run)
	}
	o.Agree = o.Agreeing == o.Compared
	return o, nil
}

// A groupMember is one client of a rebalance run, and what its own
// callbacks told it: what it owns, and how many partitions it has revoked.
type groupMember struct {
	clientID string
	client   *kgo.Client

	mu      sync.Mutex
	owned   map[int]bool
	revoked int
}

func (m *groupMember) assigned(_ context.Context, _ *kgo.Client, topics map[string][]int32) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, ps := range topics {
		for _, p := range ps {
			m.owned[int(p)] = true
		}
	}
}

func (m *groupMember) revoke(_ context.Context, _ *kgo.Client, topics map[string][]int32) {
	m.release(topics, true)
}

func (m *groupMember) lost(_ context.Context, _ *kgo.Client, topics map[string][]int32) {
	m.release(topics, false)
}

// release takes partitions from the member: revoked, counted as such, or
// lost (a member that missed its session has them taken without revoking).
func (m *groupMember) release(topics map[string][]int32, revoked bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, ps := range topics {
		for _, p := range ps {
			delete(m.owned, int(p))
			if revoked {
				m.revoked++
			}
		}
	}
}

// state is what the member's callbacks say now.
func (m *groupMember) state() ([]int, int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Sorted(maps.Keys(m.owned)), m.revoked
}

// protocolRun takes one group through the steps under one protocol and
// returns each step as the members saw it, beside the simulation's
// rebalance from the same start.
func (c *cluster) protocolRun(ctx context.Context, r sim.Rebalance, proto sim.Protocol, steps []sim.RebalanceMemberStep) (run sim.RebalanceObservedRun, err error) {
	protocol := proto.Name
	topic := fmt.Sprintf("%s-%s-%s", c.prefix, r.ID, protocol)
	group := topic
	live := map[string]*groupMember{}
	defer func() {
		var wg sync.WaitGroup
		for _, m := range live {
			wg.Go(m.client.Close)
		}
		wg.Wait()
		err = errors.Join(err, c.removeGroup(ctx, group, nil), c.deleteTopic(ctx, topic))
	}()
	tctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	err = c.createTopic(tctx, topic, r.Partitions)
	cancel()
	if err != nil {
		return run, err
	}
	run.Protocol = protocol
	for _, s := range steps {
		before := ownership(live, r.Partitions)
		revokedBefore := map[string]int{}
		for name, m := range live {
			_, revokedBefore[name] = m.state()
		}
		if s.Join {
			// Classic members are ordered by member id, which the broker
			// makes from the client id: ids in name order keep them so.
			m := &groupMember{clientID: c.prefix + "-" + sim.RebalanceMemberID(s.Member), owned: map[int]bool{}}
			opts := append(c.opts(append(groupOpts(group, topic, m.assigned, m.lost),
				kgo.ClientID(m.clientID),
				kgo.OnPartitionsRevoked(m.revoke),
			)...), groupProtocols[protocol]()...)
			if m.client, err = kgo.NewClient(opts...); err != nil {
				return run, err
			}
			live[s.Member] = m
		} else {
			m := live[s.Member]
			delete(live, s.Member)
			m.client.Close()
		}
		served, err := c.settleGroup(ctx, group, live, r.Partitions)
		if err != nil {
			return run, fmt.Errorf("%s: %w", s.Label(), err)
		}
		run.Served = cmp.Or(served, run.Served)
		after := ownership(live, r.Partitions)
		step := sim.RebalanceObservedStep{Label: s.Label()}
		for p, o := range before {
			if o != "" && after[p] != o {
				step.Moved++
			}
		}
		names := slices.SortedFunc(maps.Keys(live), sim.RebalanceByMemberName)
		for _, name := range names {
			owned, revoked := live[name].state()
			if was, ok := revokedBefore[name]; ok {
				step.Revoked += revoked - was
			}
			step.Owned = append(step.Owned, owned)
		}
		// The balancers order members by member id: a KIP-848 client
		// draws its own at random, a classic one gets one made from its
		// client id.
		byID := slices.SortedFunc(maps.Keys(live), func(a, b string) int {
			ia, _ := live[a].client.GroupMetadata()
			ib, _ := live[b].client.GroupMetadata()
			return cmp.Compare(ia, ib)
		})
		want, t := sim.Rebalanced(proto, byID, before)
		step.SimMoved, step.SimRevoked, step.Same = t.Moved, t.Revoked, slices.Equal(want, after)
		run.Steps = append(run.Steps, step)
	}
	return run, nil
}

// ownership is each partition's owner by the members' callbacks, "" for
// none (or more than one, which a settled group never has).
func ownership(live map[string]*groupMember, partitions int) []string {
	owner := make([]string, partitions)
	for name, m := range live {
		owned, _ := m.state()
		for _, p := range owned {
			if p < partitions {
				owner[p] = name
			}
		}
	}
	return owner
}

// settleGroup waits until the group has settled after a step: the broker
// lists exactly the live members, each with the assignment its own
// callbacks report (for KIP-848, also its target, at the group's epoch),
// and every partition has exactly one owner.
// It returns the protocol the broker served, as sim.RebalanceObservedRun.Served
// names it ("" for a group without members).
func (c *cluster) settleGroup(ctx context.Context, group string, live map[string]*groupMember, partitions int) (served string, err error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	err = c.until(ctx, "settle", func() (state string) {
		served, state = c.unsettled(ctx, group, live, partitions)
		return state
	})
	return served, err
}

// unsettled says what keeps the group from having settled, "" when
// nothing, and the protocol served.
func (c *cluster) unsettled(ctx context.Context, group string, live map[string]*groupMember, partitions int) (served, state string) {
	byClient := map[string][]int{}
	owners := make([]int, partitions)
	for _, m := range live {
		owned, _ := m.state()
		byClient[m.clientID] = owned
		for _, p := range owned {
			if p < partitions {
				owners[p]++
			}
		}
	}
	if len(live) > 0 {
		for p, n := range owners {
			if n != 1 {
				return "", fmt.Sprintf("partition %d has %d owners", p, n)
			}
		}
	}
	served, brokers, err := c.brokerAssignments(ctx, group)
	if err != nil {
		return "", err.Error()
	}
	if len(brokers) != len(live) {
		return "", fmt.Sprintf("the broker lists %d of %d members", len(brokers), len(live))
	}
	for client, parts := range brokers {
		owned, ok := byClient[client]
		if !ok || !slices.Equal(owned, parts) {
			return "", fmt.Sprintf("member %s owns %v by its callbacks, %v by the broker", client, owned, parts)
		}
	}
	return served, ""
}

// brokerAssignments is each member's assignment as the group's coordinator
// has it, by client id, once the group is stable, and the protocol it
// serves: "consumer uniform" (KIP-848 and its assignor) or "classic range"
// (the classic protocol and the balancer its members agreed on). A group
// that is rebalancing is an error that says so.
func (c *cluster) brokerAssignments(ctx context.Context, group string) (string, map[string][]int, error) {
	out := map[string][]int{}
	next, err := c.admin.DescribeConsumerGroups(ctx, group)
	if d, ok := next[group]; err == nil && ok && d.Err == nil && len(d.Members) > 0 {
		if d.Epoch != d.AssignmentEpoch {
			return "", nil, fmt.Errorf("group epoch %d, assignment epoch %d", d.Epoch, d.AssignmentEpoch)
		}
		for _, m := range d.Members {
			if m.MemberEpoch != d.Epoch {
				return "", nil, fmt.Errorf("member %s at epoch %d of %d", m.ClientID, m.MemberEpoch, d.Epoch)
			}
			now, target := partitionsOf(m.Assignment), partitionsOf(m.TargetAssignment)
			if !slices.Equal(now, target) {
				return "", nil, fmt.Errorf("member %s owns %v, its target is %v", m.ClientID, now, target)
			}
			out[m.ClientID] = now
		}
		return "consumer " + d.AssignorName, out, nil
	}
	classic, err := c.admin.DescribeGroups(ctx, group)
	if err != nil {
		return "", nil, err
	}
	d := classic[group]
	if len(d.Members) > 0 && d.State != "Stable" {
		return "", nil, fmt.Errorf("the group is %s", d.State)
	}
	for _, m := range d.Members {
		var parts []int
		if a, ok := m.Assigned.AsConsumer(); ok {
			for _, t := range a.Topics {
				for _, p := range t.Partitions {
					parts = append(parts, int(p))
				}
			}
		}
		slices.Sort(parts)
		out[m.ClientID] = parts
	}
	if len(out) == 0 {
		return "", out, nil
	}
	return "classic " + d.Protocol, out, nil
}

func partitionsOf(s map[string]map[int32]struct{}) []int {
	var out []int
	for _, ps := range s {
		for p := range ps {
			out = append(out, int(p))
		}
	}
	slices.Sort(out)
	return out
}
