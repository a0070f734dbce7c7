package sim

import (
	"cmp"
	"container/heap"
	"math/bits"
	"slices"
)

// A Protocol is how a consumer group rebalances: what the new assignment is
// (its balancer) and how the group gets there (eager, cooperative or the
// KIP-848 consumer protocol). Each names itself as a scenario writes it.
type Protocol struct {
	Name string
	// Style is how members hand partitions over.
	Style RebalanceStyle
	// balance returns the new owner of every partition, given the members
	// in the order the balancer sorts them and the owners before ("" for a
	// partition nobody owns, such as one a leaving member held), counting
	// its work on m; each is linear in the partitions and, but for a
	// log factor, the members.
	balance func(members, owner []string, m *meter) []string
}

// A RebalanceStyle is how a group moves from one assignment to the next.
type RebalanceStyle string

const (
	// Eager: every member revokes every partition and rejoins; one round,
	// in which no member consumes (KIP-429's "stop the world").
	Eager RebalanceStyle = "eager"
	// Cooperative: every member rejoins, keeping what it may keep; a member
	// that must give a partition up revokes it in a first round and the
	// group rejoins for a second, in which it is assigned (KIP-429).
	Cooperative RebalanceStyle = "cooperative"
	// Incremental: the KIP-848 consumer protocol; the broker computes the
	// target and tells each member what to revoke and, once released, what
	// to take, heartbeat by heartbeat; a member with nothing to change does
	// nothing.
	Incremental RebalanceStyle = "incremental"
)

// protocols are the rebalance protocols a rebalance cell may compare.
var protocols = map[string]Protocol{
	"eager-range":        {Name: "eager-range", Style: Eager, balance: positional(Range)},
	"eager-roundrobin":   {Name: "eager-roundrobin", Style: Eager, balance: positional(RoundRobin)},
	"cooperative-sticky": {Name: "cooperative-sticky", Style: Cooperative, balance: rebalanceSticky},
	"consumer-uniform":   {Name: "consumer-uniform", Style: Incremental, balance: rebalanceUniform},
	"consumer-range":     {Name: "consumer-range", Style: Incremental, balance: positional(Range)},
}

// ProtocolOrder is every protocol, in the order a page compares them (a
// rebalance cell's default): the eager balancers, the cooperative one, then
// KIP-848's server assignors.
func ProtocolOrder() []string {
	return []string{"eager-range", "eager-roundrobin", "cooperative-sticky", "consumer-uniform", "consumer-range"}
}

// ProtocolNames lists the protocol names, sorted.
func ProtocolNames() []string { return sortedKeys(protocols) }

// ProtocolByName returns the named protocol.
func ProtocolByName(name string) (Protocol, error) { return byName(protocols, "protocol", name) }

// positional makes an Assignor a balancer that ignores who owned what: the
// eager balancers, and KIP-848's range, recompute from the member order.
func positional(assign Assignor) func(members, owner []string, m *meter) []string {
	return func(members, owner []string, m *meter) []string {
		m.tick(2*len(owner) + len(members))
		out := make([]string, len(owner))
		if len(members) == 0 {
			return out
		}
		for c, parts := range assign(len(owner), len(members)) {
			for _, p := range parts {
				out[p] = members[c]
			}
		}
		return out
	}
}

// RebalanceSticky is a cooperative-sticky balancer: balanced within one partition,
// and among balanced assignments one that moves the fewest partitions. The
// q+1 shares (of P = q·N + r) go to the r members that own the most, ties to
// the earlier member; each member keeps its lowest partitions up to its
// share, and the partitions left over go, lowest first, to the earliest
// member still short of its share.
//
// 7 partitions owned [0 1 2 3] [4 5 6] by c0 and c1, c2 joins: c0 and c1
// own the most, so the r = 1 share of 3 goes to c0; c0 gives up 3, c1 gives
// up 6, c2 takes [3 6]: [0 1 2] [4 5] [3 6], 2 moves, the fewest possible.
//
// franz-go's sticky balancer (pkg/kgo/internal/sticky, behind
// kgo.CooperativeStickyBalancer) is also optimal, but breaks ties its own
// way, and neither matches Java's StickyAssignor partition for partition;
// what they share, and what the tests assert, is balance within one and the
// fewest moves.
func RebalanceSticky(members, owner []string) []string { return rebalanceSticky(members, owner, nil) }

// rebalanceSticky is RebalanceSticky in one pass over the partitions: a
// member once at its share stays there, so the earliest member still short
// only moves on.
func rebalanceSticky(members, owner []string, m *meter) []string {
	out, kept, share := keep(members, owner, m)
	m.tick(len(out) + len(members))
	short := 0
	for p := range out {
		if out[p] != "" {
			continue
		}
		for short < len(members) && kept[members[short]] >= share[members[short]] {
			short++
		}
		if short < len(members) {
			out[p] = members[short]
			kept[members[short]]++
		}
	}
	return out
}

// keep is what the sticky balancers share: each member's balanced share
// (shares) and, up to it, its lowest partitions kept; the rest of out is "".
func keep(members, owner []string, m *meter) (out []string, kept, share map[string]int) {
	share = shares(members, owner)
	m.tick(3*len(owner) + len(members)*(bits.Len(uint(len(members)))+1))
	out = make([]string, len(owner))
	kept = map[string]int{}
	for p, o := range owner {
		if _, live := share[o]; live && kept[o] < share[o] {
			out[p] = o
			kept[o]++
		}
	}
	return out, kept, share
}

// shares gives each member its count in a balanced assignment that keeps
// the most of owner: q each, and q+1 for the r members owning the most.
func shares(members, owner []string) map[string]int {
	share := make(map[string]int, len(members))
	if len(members) == 0 {
		return share
	}
	owns := counts(owner)
	byOwned := slices.Clone(members)
	slices.SortStableFunc(byOwned, func(a, b string) int { return cmp.Compare(owns[b], owns[a]) })
	q, r := len(owner)/len(members), len(owner)%len(members)
	for i, m := range byOwned {
		share[m] = q
		if i < r {
			share[m]++
		}
	}
	return share
}

func counts(owner []string) map[string]int {
	n := map[string]int{}
	for _, o := range owner {
		if o != "" {
			n[o]++
		}
	}
	return n
}

// RebalanceUniform is the KIP-848 server assignor "uniform" as kfake implements it
// (pkg/kfake groups.go, assignUniform), itself a sticky assignor like
// Kafka's UniformAssignor for one topic: members keep what they own; with
// P = q·N + r, the r members owning the most (ties to the lower member id)
// may keep q+1 and the rest q, a member over its allowance shedding its
// highest partitions; then every partition without an owner, lowest first,
// goes to the member owning the fewest (ties to the lower member id).
//
// 6 partitions owned [0 1 2] [3 4 5] by c0 and c1, c2 joins: each may keep
// 2, so c0 sheds 2 and c1 sheds 5, and c2, owning the fewest, takes both:
// [0 1] [3 4] [2 5], 2 moves. Kafka's own UniformAssignor reaches the same
// counts, not always the same partitions.
func RebalanceUniform(members, owner []string) []string { return rebalanceUniform(members, owner, nil) }

// rebalanceUniform is RebalanceUniform with the members in a heap by what
// they own and their place, log M steps a partition.
func rebalanceUniform(members, owner []string, m *meter) []string {
	out, kept, _ := keep(members, owner, m)
	if len(members) == 0 {
		return out
	}
	fewest := &owning{members: members, kept: kept}
	for i := range members {
		fewest.at = append(fewest.at, i)
	}
	heap.Init(fewest)
	m.tick(len(out) + len(members))
	for p := range out {
		if out[p] != "" {
			continue
		}
		m.tick(bits.Len(uint(len(members))))
		best := members[fewest.at[0]]
		out[p] = best
		kept[best]++
		heap.Fix(fewest, 0)
	}
	return out
}

// owning is a heap of members, by index into members: the one owning the
// fewest first, ties to the earlier.
type owning struct {
	members []string
	kept    map[string]int
	at      []int
}

func (o *owning) Len() int { return len(o.at) }
func (o *owning) Less(i, j int) bool {
	a, b := o.kept[o.members[o.at[i]]], o.kept[o.members[o.at[j]]]
	return a < b || a == b && o.at[i] < o.at[j]
}
func (o *owning) Swap(i, j int) { o.at[i], o.at[j] = o.at[j], o.at[i] }
func (o *owning) Push(x any)    { o.at = append(o.at, x.(int)) }
func (o *owning) Pop() any {
	x := o.at[len(o.at)-1]
	o.at = o.at[:len(o.at)-1]
	return x
}
