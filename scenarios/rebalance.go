package scenarios

import (
	"errors"
	"fmt"

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
	},
	check: checkRebalance,
}

// rebalanceEventSpec is one membership event: exactly one of join, leave and restart.
var rebalanceEventSpec = object[sim.RebalanceEvent]{
	fields: []field[sim.RebalanceEvent]{
		{name: "join", doc: "this many new members join, one at a time", value: integer{limits.join},
			set: to(func(e *sim.RebalanceEvent, v int64) { e.Join = int(v) })},
		{name: "leave", doc: "this member leaves, such as c1", value: text{},
			set: to(func(e *sim.RebalanceEvent, v string) { e.Leave = v })},
		{name: "restart", doc: "true: a rolling restart, every member leaving and rejoining in turn", value: boolean{},
			set: to(func(e *sim.RebalanceEvent, v bool) { e.Restart = v })},
	},
	check: func(m mapping, e *sim.RebalanceEvent) {
		given := 0
		for _, f := range []string{"join", "leave", "restart"} {
			if m.at[f] != nil {
				given++
			}
		}
		switch {
		case m.at == nil:
		case given != 1:
			m.errorf("", "give exactly one of join, leave and restart (got %d)", given)
		case m.at["restart"] != nil && !e.Restart:
			m.errorf("restart", "must be true; leave the field out for no restart")
		}
	},
}

// checkRebalance requires every leave to name a member of the group at
// that point, and a restart to restart someone.
func checkRebalance(m mapping, r *sim.Rebalance) {
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
