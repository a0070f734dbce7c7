package scenarios

import (
	"errors"
	"fmt"
	"time"

	"github.com/partlab/partlab/sim"
)

// rebalanceSpec is a rebalance cell: a group's membership events under
// several rebalance protocols.
var rebalanceSpec = object[sim.Rebalance]{
	fields: []field[sim.Rebalance]{
		idField(func(r *sim.Rebalance, v string) { r.ID = v }),
		{name: "partitions", doc: "the topic's partition count", value: integer{limits.partitions}, required: true,
			set: to(func(r *sim.Rebalance, v int64) { r.Partitions = int(v) })},
		{name: "events", doc: "what happens to the group, in order; members are named c0, c1, … as they first join", value: items[sim.RebalanceEvent]{rebalanceEventSpec}, required: true,
			set: to(func(r *sim.Rebalance, v []sim.RebalanceEvent) { r.Events = v })},
		{name: "protocols", doc: "the rebalance protocols compared, in order", value: enums{sim.ProtocolNames}, def: sim.ProtocolOrder(),
			set: to(func(r *sim.Rebalance, v []string) { r.Protocols = v })},
		{name: "engine", doc: "what computes the figures: the simulation, real group members on Kafka, or both side by side", value: enum{sim.EngineNames}, def: string(sim.EngineSim),
			set: to(func(r *sim.Rebalance, v string) { r.Engine = sim.Engine(v) })},
		{name: "static", doc: "true: the members are static (KIP-345), each with a group.instance.id; one down for less than session_timeout keeps its partitions with no rebalance", value: boolean{},
			set: to(func(r *sim.Rebalance, v bool) { r.Static = v })},
		{name: "session_timeout", doc: "how long the coordinator waits for a static member that is down before it removes it, session.timeout.ms; default 45s, Kafka's", value: duration{limits.session, "45s"}, def: 45 * time.Second,
			set: to(func(r *sim.Rebalance, v time.Duration) { r.SessionTimeout = v })},
	},
	check: checkRebalance,
}

// rebalanceEventSpec is one membership event: exactly one of join, leave,
// restart and down, with for saying how long a member is down.
var rebalanceEventSpec = object[sim.RebalanceEvent]{
	fields: []field[sim.RebalanceEvent]{
		{name: "join", doc: "this many new members join, one at a time", value: integer{limits.join},
			set: to(func(e *sim.RebalanceEvent, v int64) { e.Join = int(v) })},
		{name: "leave", doc: "this member leaves, such as c1", value: text{},
			set: to(func(e *sim.RebalanceEvent, v string) { e.Leave = v })},
		{name: "restart", doc: "true: a rolling restart, every member going down and coming back in turn", value: boolean{},
			set: to(func(e *sim.RebalanceEvent, v bool) { e.Restart = v })},
		{name: "down", doc: "this member goes down for the time for says and comes back, such as c1", value: text{},
			set: to(func(e *sim.RebalanceEvent, v string) { e.Down = v })},
		{name: "for", doc: "how long a member of a restart or a down is down; only a static member's session notices; default 0s, a restart at once", value: duration{limits.down, "30s"},
			set: to(func(e *sim.RebalanceEvent, v time.Duration) { e.For = v })},
	},
	check: func(m mapping, e *sim.RebalanceEvent) {
		given := 0
		for _, f := range []string{"join", "leave", "restart", "down"} {
			if m.at[f] != nil {
				given++
			}
		}
		switch {
		case m.at == nil:
		case given != 1:
			m.errorf("", "give exactly one of join, leave, restart and down (got %d)", given)
		case m.at["restart"] != nil && !e.Restart:
			m.errorf("restart", "must be true; leave the field out for no restart")
		case m.at["down"] != nil && m.at["for"] == nil:
			m.errorf("", "a down needs for: how long the member is down, such as 30s")
		case m.at["for"] != nil && m.at["restart"] == nil && m.at["down"] == nil:
			m.errorf("for", "for is how long a member of a restart or a down is down; give it with restart or down")
		}
	},
}

// checkRebalance requires every leave and down to name a member of the
// group at that point, a restart to restart someone, and a session timeout
// only for static members.
func checkRebalance(m mapping, r *sim.Rebalance) {
	if m.at["session_timeout"] != nil && !r.Static {
		m.errorf("session_timeout", "only static members have a session the coordinator waits on; add static: true or leave session_timeout out")
	}
	if m.at["events"] == nil {
		return
	}
	_, err := r.Steps()
	var bad *sim.RebalanceEventError
	if errors.As(err, &bad) {
		if n := itemNode(m.at["events"], bad.Index); n != nil {
			m.d.errorf(n, fmt.Sprintf("%s[%d]", join(m.path, "events"), bad.Index), "%s", bad.Reason)
		}
	}
}
