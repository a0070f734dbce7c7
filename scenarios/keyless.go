package scenarios

import "github.com/partlab/partlab/sim"

// The keyless kind: records without a key. Its defaults are Kafka's own
// (16 KiB batches of 100-byte values).

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
