package scenarios

import "github.com/partlab/partlab/sim"

// The lag kind: a consumer group falling behind. Its defaults are a small
// group compared at 1 to 12 consumers over 20 steps.

var lagSpec = object[sim.Lag]{
	fields: []field[sim.Lag]{
		idField(func(l *sim.Lag, v string) { l.ID = v }),
		{name: "partitions", doc: "the partition count", value: integer{limits.partitions}, required: true,
			set: to(func(l *sim.Lag, v int64) { l.Partitions = int(v) })},
		{name: "rate", doc: "the records written per step", value: integer{limits.rate}, required: true,
			set: to(func(l *sim.Lag, v int64) { l.Rate = int(v) })},
		{name: "hot", doc: "percent of the records with the hot key, which lives in partition 0", value: integer{limits.percent}, def: int64(0),
			set: to(func(l *sim.Lag, v int64) { l.Hot = int(v) })},
		{name: "per_consumer", doc: "the records one consumer reads per step", value: integer{limits.rate}, required: true,
			set: to(func(l *sim.Lag, v int64) { l.PerConsumer = int(v) })},
		{name: "consumers", doc: "the consumer counts compared", value: integers{limits.consumers}, def: []int{1, 2, 3, 6, 12},
			set: to(func(l *sim.Lag, v []int) { l.Consumers = v })},
		{name: "steps", doc: "the time steps run", value: integer{limits.steps}, def: int64(20),
			set: to(func(l *sim.Lag, v int64) { l.Steps = int(v) })},
		{name: "burst", doc: "extra records written at one step", value: lagBurstSpec,
			set: to(func(l *sim.Lag, v sim.LagBurst) { l.Burst = &v })},
		{name: "assignor", doc: "how partitions are shared among the consumers", value: enum{sim.AssignorNames}, def: "range",
			set: to(func(l *sim.Lag, v string) { l.Assignor = v })},
		{name: "engine", doc: "what computes the lags: the model, a real consumer group on a Kafka protocol, or both side by side", value: enum{sim.EngineNames}, def: string(sim.EngineSim),
			set: to(func(l *sim.Lag, v string) { l.Engine = sim.Engine(v) })},
	},
	check: func(m mapping, l *sim.Lag) {
		if b := m.at["burst"]; b != nil && l.Burst != nil && l.Burst.At > l.Steps {
			m.d.errorf(fieldNode(b, "at"), join(m.path, "burst.at"), "must be at most the steps %d (got %d)", l.Steps, l.Burst.At)
		}
	},
}

var lagBurstSpec = object[sim.LagBurst]{fields: []field[sim.LagBurst]{
	{name: "at", doc: "the step of the burst, from 1", value: integer{limits.steps}, required: true,
		set: to(func(b *sim.LagBurst, v int64) { b.At = int(v) })},
	{name: "records", doc: "the extra records written", value: integer{limits.rate}, required: true,
		set: to(func(b *sim.LagBurst, v int64) { b.Records = int(v) })},
}}
