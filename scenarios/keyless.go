package scenarios

import "github.com/partlab/partlab/sim"

// The keyless and lag kinds: records without a key, and a group falling
// behind. Their defaults are Kafka's own (16 KiB batches) and a small
// group on six partitions.

var keylessSpec = object[sim.Keyless]{
	fields: []field[sim.Keyless]{
		idField(func(k *sim.Keyless, v string) { k.ID = v }),
		{name: "partitions", doc: "the partition count", value: integer{limits.partitions}, required: true,
			set: to(func(k *sim.Keyless, v int64) { k.Partitions = int(v) })},
		{name: "windows", doc: "the windows counted, in records, each from the first record", value: integers{limits.window}, def: []int{100, 1000, 10000},
			set: to(func(k *sim.Keyless, v []int) { k.Windows = v })},
		{name: "batch", doc: "batch.size: the bytes of a batch, after which the sticky partitioners switch", value: integer{limits.batch}, def: int64(16384),
			set: to(func(k *sim.Keyless, v int64) { k.Batch = int(v) })},
		{name: "value", doc: "the bytes of each record's value", value: integer{limits.value}, def: int64(100),
			set: to(func(k *sim.Keyless, v int64) { k.Value = int(v) })},
		{name: "partitioners", doc: "the keyless partitioners compared", value: enums{sim.KeylessPartitionerNames}, def: []string{"roundrobin", "sticky", "uniform", "adaptive"},
			set: to(func(k *sim.Keyless, v []string) { k.Partitioners = v })},
		{name: "engine", doc: "what deals the records: the simulation, franz-go's partitioners on a Kafka protocol, or both side by side", value: enum{sim.EngineNames}, def: string(sim.EngineSim),
			set: to(func(k *sim.Keyless, v string) { k.Engine = sim.Engine(v) })},
	},
	check: func(m mapping, k *sim.Keyless) {
		if m.at["batch"] != nil && k.Batch > 0 && k.Batch < k.Value+batchRoom {
			m.errorf("batch", "must hold one record of %d bytes: at least %d (got %d)", k.Value, k.Value+batchRoom, k.Batch)
		}
	},
}

// batchRoom is what a batch needs beside one record's value: its header
// and the record's own fields, with room to spare.
const batchRoom = 128

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
		{name: "burst", doc: "extra records written at one step", value: burstSpec,
			set: to(func(l *sim.Lag, v sim.Burst) { l.Burst = &v })},
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

var burstSpec = object[sim.Burst]{fields: []field[sim.Burst]{
	{name: "at", doc: "the step of the burst, from 1", value: integer{limits.steps}, required: true,
		set: to(func(b *sim.Burst, v int64) { b.At = int(v) })},
	{name: "records", doc: "the extra records written", value: integer{limits.rate}, required: true,
		set: to(func(b *sim.Burst, v int64) { b.Records = int(v) })},
}}
