package sim

import (
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Rebalance is one consumer group over a topic of P partitions living
// through membership events, under several rebalance protocols side by
// side. 6 partitions, c0 and c1 joined, then c2: eager range revokes all 6
// and moves 3 ([0 1 2] [3 4 5] → [0 1] [2 3] [4 5]); cooperative-sticky
// revokes only the 2 it moves ([0 1] [3 4] [2 5]), in a first round, and
// assigns them in a second, while c0 and c1 keep consuming the rest.
//
// Static members (KIP-345) have a group.instance.id: one that goes down and
// is back before its session times out takes up its partitions again with
// no rebalance; one away longer is removed by the coordinator, a rebalance,
// and its return is a join, another. A dynamic member leaves as it stops.
type Rebalance struct {
	ID             string
	Partitions     int
	Events         []RebalanceEvent
	Protocols      []string      // in the order compared
	Engine         Engine        // "" is EngineSim
	Static         bool          // members have a group.instance.id
	SessionTimeout time.Duration // how long the coordinator waits for a static member
}

// A RebalanceEvent changes who is in the group. Members are named c0, c1,
// … in the order they first join.
type RebalanceEvent struct {
	Join    int    // this many new members join, one at a time
	Leave   string // this member leaves
	Restart bool   // a rolling restart: every member, in name order, goes down and comes back
	Down    string // this member goes down and comes back
	// For is how long a member is down, in a restart or a down; it matters
	// only to static members.
	For time.Duration
}

// A RebalanceMemberStep is one member joining or leaving, or a static member
// coming back in time: an event is one or more steps, and each step but a
// static member's return in time is one rebalance.
type RebalanceMemberStep struct {
	Event   int    // the event's number, from 1
	Member  string // who joins or leaves
	Join    bool   // joins (or rejoins); false: leaves
	Again   bool   // a rejoin after leaving
	Expired bool   // a leave: the static member's session timed out
	Held    bool   // a static member back within its session: no rebalance
}

// Label is the step in words: "c2 joins", "c0 leaves", "c0 rejoins",
// "c0 times out", "c0 returns".
func (s RebalanceMemberStep) Label() string {
	switch {
	case s.Held:
		return s.Member + " returns"
	case s.Expired:
		return s.Member + " times out"
	case s.Join && s.Again:
		return s.Member + " rejoins"
	case s.Join:
		return s.Member + " joins"
	}
	return s.Member + " leaves"
}

// away is member m down for d at event n: a static member back within its
// session keeps its place, one back later is removed and rejoins, and a
// dynamic member leaves and rejoins.
func (r Rebalance) away(n int, m string, d time.Duration) []RebalanceMemberStep {
	switch {
	case r.held(d):
		return []RebalanceMemberStep{{Event: n, Member: m, Held: true}}
	case r.Static:
		return []RebalanceMemberStep{{Event: n, Member: m, Expired: true}, {Event: n, Member: m, Join: true, Again: true}}
	}
	return []RebalanceMemberStep{{Event: n, Member: m}, {Event: n, Member: m, Join: true, Again: true}}
}

// held reports whether a member down for d keeps its place: a static
// member whose session has not run out, which Kafka times out once d
// reaches the session timeout.
func (r Rebalance) held(d time.Duration) bool { return r.Static && d < r.SessionTimeout }

// Steps expands the events into steps; a leave or a down that names no
// member of the group at that point is an error that names the event.
func (r Rebalance) Steps() ([]RebalanceMemberStep, error) {
	var steps []RebalanceMemberStep
	var live []string
	next := 0
	for i, e := range r.Events {
		n := i + 1
		switch {
		case e.Join > 0:
			for range e.Join {
				m := "c" + strconv.Itoa(next)
				next++
				live = append(live, m)
				steps = append(steps, RebalanceMemberStep{Event: n, Member: m, Join: true})
			}
		case e.Leave != "":
			at := slices.Index(live, e.Leave)
			if at < 0 {
				return nil, &RebalanceEventError{Index: i, Reason: fmt.Sprintf("%q is not in the group at this point (members: %s)", e.Leave, members(live))}
			}
			live = slices.Delete(live, at, at+1)
			steps = append(steps, RebalanceMemberStep{Event: n, Member: e.Leave})
		case e.Down != "":
			if !slices.Contains(live, e.Down) {
				return nil, &RebalanceEventError{Index: i, Reason: fmt.Sprintf("%q is not in the group at this point (members: %s)", e.Down, members(live))}
			}
			steps = append(steps, r.away(n, e.Down, e.For)...)
		case e.Restart:
			if len(live) == 0 {
				return nil, &RebalanceEventError{Index: i, Reason: "a rolling restart of an empty group"}
			}
			slices.SortFunc(live, RebalanceByMemberName)
			for _, m := range live {
				steps = append(steps, r.away(n, m, e.For)...)
			}
		}
	}
	return steps, nil
}

// A RebalanceEventError is an event that cannot happen where the spec puts it.
type RebalanceEventError struct {
	Index  int // in Rebalance.Events, from 0
	Reason string
}

func (e *RebalanceEventError) Error() string { return fmt.Sprintf("events[%d]: %s", e.Index, e.Reason) }

func members(live []string) string {
	if len(live) == 0 {
		return "none"
	}
	return strings.Join(live, ", ")
}

// RebalanceByMemberName orders members by name, c2 before c10.
func RebalanceByMemberName(a, b string) int { return cmp.Compare(memberNumber(a), memberNumber(b)) }

// RebalanceMemberID is a member's id when the group orders members by name: its
// number, zero-padded, so that ids sort as names do.
func RebalanceMemberID(name string) string { return fmt.Sprintf("%08d", memberNumber(name)) }

func memberNumber(name string) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(name, "c"))
	return n
}

// RebalanceResult is every protocol's run through the steps.
type RebalanceResult struct {
	Kind       Kind     `json:"kind"` // KindRebalance
	ID         string   `json:"id"`
	Partitions int      `json:"partitions"`
	Engine     Engine   `json:"engine"`
	Events     []string `json:"events"` // each event in words
	// Static: the members are static (KIP-345), with this session timeout
	// in words, such as "45s".
	Static         bool           `json:"static,omitempty"`
	SessionTimeout string         `json:"session_timeout,omitempty"`
	Runs           []RebalanceRun `json:"runs"` // one per protocol, in the spec's order
}

// Members is the most members the group had at once, which a page's
// prose names ("a group of 4").
func (r *RebalanceResult) Members() int {
	most := 0
	if len(r.Runs) > 0 {
		for _, s := range r.Runs[0].Steps {
			most = max(most, len(s.Members))
		}
	}
	return most
}

// RebalanceRun is one protocol's steps, each event's totals and the whole
// run's.
type RebalanceRun struct {
	Protocol string           `json:"protocol"`
	Style    RebalanceStyle   `json:"style"`
	Steps    []RebalanceStep  `json:"steps"`
	Events   []RebalanceTally `json:"events"` // Events[e] sums event e+1's steps
	Total    RebalanceTally   `json:"total"`
}

// RebalanceStep is one step under one protocol: who owns what after it, and
// what it cost.
type RebalanceStep struct {
	Event   int      `json:"event"`
	Label   string   `json:"label"`
	Members []string `json:"members"` // the group after the step, in name order
	Owned   [][]int  `json:"owned"`   // Owned[i]: Members[i]'s partitions, ascending
	// TimedOut: a static member's leave, its session having run out.
	TimedOut bool `json:"timed_out,omitempty"`
	RebalanceTally
}

// A RebalanceTally is what rebalancing cost, for one step or summed.
type RebalanceTally struct {
	// Moved: partitions owned before whose owner changed (a leaving
	// member's partitions all move).
	Moved int `json:"moved"`
	// Revoked: partitions taken from members that stay in the group.
	Revoked int `json:"revoked"`
	// Rounds: eager, one join round; cooperative, one, or two when a member
	// revokes; incremental, none when no member's assignment changes, one,
	// or two when a partition must be released before its new owner takes it.
	Rounds int `json:"rounds"`
	// Paused: consumer-rounds in which a member that was consuming
	// consumes nothing, waiting for the rebalance.
	Paused int `json:"paused"`
	// Involved: members that take part (every member, for the classic
	// protocols; those whose assignment changes, for KIP-848).
	Involved int `json:"involved"`
	// Stopped: steps at which every consuming member stopped at once.
	Stopped int `json:"stopped"`
	// Rebalances: steps that were a rebalance of the group, a new
	// generation; every step but a static member's return in time.
	Rebalances int `json:"rebalances"`
	// Held: partitions a static member took up again on its return in
	// time, which no one read while it was away.
	Held int `json:"held"`
}

func (t *RebalanceTally) add(o RebalanceTally) {
	t.Moved += o.Moved
	t.Revoked += o.Revoked
	t.Rounds += o.Rounds
	t.Paused += o.Paused
	t.Involved += o.Involved
	t.Stopped += o.Stopped
	t.Rebalances += o.Rebalances
	t.Held += o.Held
}

// KindRebalance is the kind of a Rebalance cell.
const KindRebalance Kind = "rebalance"

// Kind returns KindRebalance.
func (Rebalance) Kind() Kind { return KindRebalance }

// CellID returns the cell's id.
func (r Rebalance) CellID() string { return r.ID }

func (r Rebalance) run(e *env) (Result, error) {
	steps, err := r.Steps()
	if err != nil {
		return nil, err
	}
	res := &RebalanceResult{Kind: KindRebalance, ID: r.ID, Partitions: r.Partitions, Engine: cmp.Or(r.Engine, EngineSim), Static: r.Static}
	if r.Static {
		res.SessionTimeout = DurationWords(r.SessionTimeout)
	}
	for i, e := range r.Events {
		res.Events = append(res.Events, e.words(steps, i))
	}
	for _, name := range r.Protocols {
		proto, err := ProtocolByName(name)
		if err != nil {
			return nil, err
		}
		res.Runs = append(res.Runs, rebalanceReplay(&e.m, proto, r.Partitions, len(r.Events), steps))
	}
	return res, nil
}

// String is the event in words: "3 join", "c1 leaves", "c1 down for 30s",
// "a rolling restart", "a rolling restart (each down 30s)".
func (e RebalanceEvent) String() string {
	switch {
	case e.Join == 1:
		return "1 joins"
	case e.Join > 0:
		return strconv.Itoa(e.Join) + " join"
	case e.Leave != "":
		return e.Leave + " leaves"
	case e.Down != "":
		return e.Down + " down for " + DurationWords(e.For)
	case e.For > 0:
		return "a rolling restart (each down " + DurationWords(e.For) + ")"
	}
	return "a rolling restart"
}

// DurationWords is a duration as a page writes it: "45s", "2m", "1m30s", "1h".
func DurationWords(d time.Duration) string {
	s := d.String()
	for _, zero := range []string{"m0s", "h0m"} {
		if strings.HasSuffix(s, zero) {
			s = strings.TrimSuffix(s, zero[1:])
		}
	}
	return s
}

// words is event i in words, with the names of the members that join:
// "c0 and c1 join", "c2 joins"; other events as String says.
func (e RebalanceEvent) words(steps []RebalanceMemberStep, i int) string {
	if e.Join == 0 {
		return e.String()
	}
	var names []string
	for _, s := range steps {
		if s.Event == i+1 && s.Join {
			names = append(names, s.Member)
		}
	}
	if len(names) == 1 {
		return names[0] + " joins"
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " join"
}

// RebalanceReplay runs a protocol through the steps of events events over a topic of
// partitions. The balancers see the members in name order, as a group of
// static members with those instance ids, or the Kafka engine's named
// classic clients, sorts them.
func RebalanceReplay(proto Protocol, partitions, events int, steps []RebalanceMemberStep) RebalanceRun {
	return rebalanceReplay(nil, proto, partitions, events, steps)
}

// rebalanceReplay is RebalanceReplay counting on m: each step is linear in
// the partitions and the members, the members kept in name order as they
// come and go.
func rebalanceReplay(m *meter, proto Protocol, partitions, events int, steps []RebalanceMemberStep) RebalanceRun {
	run := RebalanceRun{Protocol: proto.Name, Style: proto.Style, Events: make([]RebalanceTally, events)}
	owner := make([]string, partitions)
	var live []string
	for _, s := range steps {
		if !m.tick(partitions + 2*len(live) + bits.Len(uint(len(live)))) {
			break
		}
		at, found := slices.BinarySearchFunc(live, s.Member, RebalanceByMemberName)
		switch {
		case s.Held:
		case s.Join && !found:
			live = slices.Insert(live, at, s.Member)
		case !s.Join && found:
			live = slices.Delete(live, at, at+1)
		}
		var t RebalanceTally
		if s.Held {
			t.Held = counts(owner)[s.Member]
		} else {
			owner, t = rebalanced(m, proto, live, owner)
			t.Rebalances = 1
		}
		step := RebalanceStep{Event: s.Event, Label: s.Label(), Members: slices.Clone(live), TimedOut: s.Expired, RebalanceTally: t,
			Owned: make([][]int, len(live))}
		place := make(map[string]int, len(live))
		for i, name := range live {
			place[name] = i
		}
		for p, o := range owner {
			if i, ok := place[o]; ok {
				step.Owned[i] = append(step.Owned[i], p)
			}
		}
		run.Steps = append(run.Steps, step)
		run.Events[s.Event-1].add(t)
		run.Total.add(t)
	}
	return run
}

// Rebalanced is one rebalance under a protocol: from before, each
// partition's owner ("" for none), to the owners once the members live,
// in the order the balancer sorts them (by member id), have rebalanced,
// and what it cost. A partition of a member no longer live has no owner
// to keep it.
func Rebalanced(proto Protocol, live, before []string) ([]string, RebalanceTally) {
	return rebalanced(nil, proto, live, before)
}

func rebalanced(m *meter, proto Protocol, live, before []string) ([]string, RebalanceTally) {
	m.tick(4*len(before) + 2*len(live))
	owner := slices.Clone(before)
	staying := make(map[string]bool, len(live))
	for _, name := range live {
		staying[name] = true
	}
	for p, o := range owner {
		if !staying[o] {
			owner[p] = ""
		}
	}
	after := proto.balance(live, owner, m)
	return after, costOf(proto.Style, live, before, after)
}

// costOf is what one rebalance from before to after costs in a style; live
// are the members after it.
func costOf(style RebalanceStyle, live, before, after []string) RebalanceTally {
	var t RebalanceTally
	staying := map[string]bool{}
	for _, m := range live {
		staying[m] = true
	}
	had, keeps, gets, changed := map[string]bool{}, map[string]bool{}, map[string]bool{}, map[string]bool{}
	for p, o := range before {
		if o != "" && after[p] != o {
			t.Moved++
		}
		if staying[o] {
			had[o] = true
			if after[p] == o {
				keeps[o] = true
			} else {
				t.Revoked++
				changed[o] = true
			}
		}
		if after[p] != "" {
			gets[after[p]] = true
			if after[p] != o {
				changed[after[p]] = true
			}
		}
	}
	if style == Eager {
		t.Revoked = 0
		for _, o := range before {
			if staying[o] {
				t.Revoked++
			}
		}
		keeps = map[string]bool{}
	}
	for m := range had {
		if !keeps[m] && (style == Eager || gets[m]) {
			t.Paused++
		}
	}
	if len(had) > 0 && t.Paused == len(had) {
		t.Stopped = 1
	}
	switch style {
	case Eager:
		t.Rounds, t.Involved = 1, len(live)
	case Cooperative:
		t.Rounds, t.Involved = 1, len(live)
		if t.Revoked > 0 {
			t.Rounds = 2
		}
	case Incremental:
		t.Involved = len(changed)
		if t.Involved > 0 {
			t.Rounds = 1
		}
		if t.Revoked > 0 {
			t.Rounds = 2
		}
	}
	return t
}

// A rebalance's figures are a family over its protocols and events:
// moved@cooperative-sticky is the whole run's, moved@cooperative-sticky/2
// event 2's; likewise revoked, rounds, paused, involved, stopped,
// rebalances and held.
var rebalanceFigures = figureTable[Rebalance, *RebalanceResult, RebalanceTally]{
	members: func(r Rebalance) []string {
		var out []string
		for _, p := range r.Protocols {
			out = append(out, p)
			for e := range r.Events {
				out = append(out, p+"/"+strconv.Itoa(e+1))
			}
		}
		return out
	},
	row: func(r *RebalanceResult, member string) (RebalanceTally, bool) {
		proto, event, each := strings.Cut(member, "/")
		for _, run := range r.Runs {
			if run.Protocol != proto {
				continue
			}
			if !each {
				return run.Total, true
			}
			e, err := strconv.Atoi(event)
			if err != nil || e < 1 || e > len(run.Events) {
				return RebalanceTally{}, false
			}
			return run.Events[e-1], true
		}
		return RebalanceTally{}, false
	},
	family: []figure[Rebalance, RebalanceTally]{
		{name: "moved", value: func(t RebalanceTally) float64 { return float64(t.Moved) }},
		{name: "revoked", value: func(t RebalanceTally) float64 { return float64(t.Revoked) }},
		{name: "rounds", value: func(t RebalanceTally) float64 { return float64(t.Rounds) }},
		{name: "paused", value: func(t RebalanceTally) float64 { return float64(t.Paused) }},
		{name: "involved", value: func(t RebalanceTally) float64 { return float64(t.Involved) }},
		{name: "stopped", value: func(t RebalanceTally) float64 { return float64(t.Stopped) }},
		{name: "rebalances", value: func(t RebalanceTally) float64 { return float64(t.Rebalances) }},
		{name: "held", value: func(t RebalanceTally) float64 { return float64(t.Held) }},
	},
}

func (Rebalance) figures() figureSet { return rebalanceFigures }

// Scale is how many steps the events expand into and the most members the
// group has at once, from the spec alone: a join of N is N steps, a leave
// one, a member down and back two, or one for a static member back in time,
// and a rolling restart that for every member.
func (r Rebalance) Scale() (steps, members int64) {
	var live int64
	away := func(d time.Duration) int64 {
		if r.held(d) {
			return 1
		}
		return 2
	}
	for _, e := range r.Events {
		switch {
		case e.Join > 0:
			steps += int64(e.Join)
			live += int64(e.Join)
		case e.Leave != "":
			steps++
			live = max(live-1, 0)
		case e.Down != "":
			steps += away(e.For)
		case e.Restart:
			steps += away(e.For) * live
		}
		members = max(members, live)
	}
	return steps, members
}

// Cost of a rebalance: every protocol balances every partition and every
// member at every step, sorting the members by what they own (log M steps
// each); a row per step and protocol, listing every partition under its
// owner and every member of the group; on the Kafka engine, a group
// rebalance per step and protocol (each a consumer group run, as a grid's
// row is), and the steps again, as observed.
func (r Rebalance) Cost(Source) Cost {
	steps, members := r.Scale()
	rows := steps * int64(len(r.Protocols))
	numbers := rows * int64(r.Partitions)
	names := rows * members
	c := Cost{Visits: numbers + names*int64(bits.Len64(uint64(members))+1), Rows: rows,
		Bytes: cellBytes + rows*rowBytes + listBytes(numbers, int64(r.Partitions)) + listBytes(names, members)}
	if r.Engine.Kafka() {
		c.Bytes += rows * rowBytes
		c.KafkaGroups = rows
		c.KafkaConsumers = members
		c.KafkaSteps = names
	}
	return c
}

// RebalanceObserved is a rebalance cell's steps as real group members
// lived them on another engine, beside the simulation's.
type RebalanceObserved struct {
	Engine   string                 `json:"engine"`   // "kafka"
	Cluster  string                 `json:"cluster"`  // "kfake" or "brokers"
	Agree    bool                   `json:"agree"`    // every step of every protocol served agrees
	Agreeing int                    `json:"agreeing"` // steps that agree
	Compared int                    `json:"compared"` // steps compared
	Runs     []RebalanceObservedRun `json:"runs"`     // one per protocol, in the cell's order
}

// RebalanceObservedRun is one protocol's steps as the group's members saw them in
// their own callbacks (assigned, revoked).
type RebalanceObservedRun struct {
	Protocol string `json:"protocol"`
	// Served is the protocol the broker served the group, as it describes
	// the group: "classic range", "classic cooperative-sticky", "consumer
	// uniform" (KIP-848, with its server assignor).
	Served string                  `json:"served"`
	Steps  []RebalanceObservedStep `json:"steps"`
}

// RebalanceObservedStep is one step as observed: who owned what once the group
// settled, the partitions that moved and that members staying in the group
// revoked, and the simulation's figures for the same rebalance
// (sim.Rebalanced), from the ownership the step started from on Kafka, with
// the members in the order of the ids they had there.
type RebalanceObservedStep struct {
	Label      string  `json:"label"`
	Owned      [][]int `json:"owned"` // as RebalanceStep.Owned
	Moved      int     `json:"moved"`
	Revoked    int     `json:"revoked"`
	SimMoved   int     `json:"sim_moved"`
	SimRevoked int     `json:"sim_revoked"`
	// Same: the members own exactly what the simulation's balancer gives
	// them from the same start. The sticky balancers may differ here and
	// still agree: several assignments are balanced with the fewest moves.
	Same bool `json:"same_assignment"`
}

// Agrees reports whether the moved and revoked counts equal the
// simulation's.
func (s RebalanceObservedStep) Agrees() bool {
	return s.Moved == s.SimMoved && s.Revoked == s.SimRevoked
}
