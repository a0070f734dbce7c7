package scenarios

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"github.com/partlab/partlab/sim"
)

// limits is the one table of what a number in a scenario may be; the field
// specs name these ranges.
var limits = struct {
	seed, subscribers, periods, partitions, partition, consumers bounds[int64]
	records, hot, target, headroom, join                         bounds[int64]
	window, batch, value, rate, percent, steps                   bounds[int64]
	timeout, work, session, down                                 bounds[time.Duration]
	guess                                                        bounds[float64]
}{
	seed:        bounds[int64]{-sim.MaxSeed, sim.MaxSeed},
	subscribers: bounds[int64]{1, sim.MaxSubscribers},
	periods:     bounds[int64]{1, sim.MaxPeriods},
	partitions:  bounds[int64]{1, 4096},
	partition:   bounds[int64]{0, 4095},
	consumers:   bounds[int64]{1, 4096},
	records:     bounds[int64]{1, 100_000},
	hot:         bounds[int64]{1, 1_000_000},
	target:      bounds[int64]{1, 1_000_000_000},
	headroom:    bounds[int64]{0, 1000},
	window:      bounds[int64]{1, 1_000_000},
	batch:       bounds[int64]{512, 1 << 20},
	value:       bounds[int64]{1, 100_000},
	rate:        bounds[int64]{1, 1_000_000},
	percent:     bounds[int64]{0, 100},
	steps:       bounds[int64]{1, 1000},
	join:        bounds[int64]{1, 64},
	timeout:     bounds[time.Duration]{time.Second, 10 * time.Minute},
	work:        bounds[time.Duration]{time.Microsecond, time.Second},
	// Kafka's broker bounds session.timeout.ms by default
	// (group.min.session.timeout.ms, group.max.session.timeout.ms); a member
	// may be down past the longest.
	session: bounds[time.Duration]{6 * time.Second, 30 * time.Minute},
	down:    bounds[time.Duration]{0, time.Hour},
	guess:   bounds[float64]{-1e12, 1e12},
}

// maxList bounds every list in a scenario, so that a grid stays a grid.
const maxList = 64

// A kind is how a cell of one kind is written: a doc line and the spec
// that decodes it into the kind's sim.Cell.
type kind struct {
	doc  string
	spec value
}

// cellKinds are the computations a cell may hold, by the key that names
// them; "md" cells are Markdown and handled apart.
var cellKinds = map[sim.Kind]kind{
	sim.KindGrid:        {"every key × partition count × consumer count of the lesson's pipeline", gridSpec},
	sim.KindOffsets:     {"one partition's offsets and one subscriber's partitions", offsetsSpec},
	sim.KindSpread:      {"Day 24 part 1: keys spread over partitions, and one hot key", spreadSpec},
	sim.KindThroughput:  {"Day 24 part 2: the consumer ceiling, modelled", throughputSpec},
	sim.KindOrdering:    {"Day 24 part 3: order inside a partition, across two, per key", orderingSpec},
	sim.KindRepartition: {"drill D1: growing a live topic", repartitionSpec},
	sim.KindAssignment:  {"drill D2: sharing partitions among consumers", assignmentSpec},
	sim.KindGroups:      {"drill D5: several consumer groups on one topic", groupsSpec},
	sim.KindSizing:      {"drill D4: how many partitions", sizingSpec},
	sim.KindKeyless:     {"records without a key: where the partitioners send them over a window", keylessSpec},
	sim.KindLag:         {"a consumer group falling behind, step by step: a hot key, a burst, the consumer count", lagSpec},
	sim.KindRebalance:   {"a consumer group's members joining and leaving, under several rebalance protocols", rebalanceSpec},
	sim.KindPredictions: {"the scoreboard: guesses against figures of the cells above", predictionsSpec},
}

// Kinds lists the kinds of computation a scenario may hold, sorted; the
// report and the engine must know every one (TestKindsRegistered).
func Kinds() []sim.Kind {
	var out []sim.Kind
	for k := range cellKinds {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// KindDoc is what a kind of computation is for, in a line, and its
// computation with no field set, whose engine's tables (its figures) the
// docs' reference prints; ok is false for a kind no cell may hold.
func KindDoc(k sim.Kind) (doc string, zero sim.Cell, ok bool) {
	kd, ok := cellKinds[k]
	if !ok {
		return "", nil, false
	}
	zs, ok := kd.spec.(interface{ zero() any })
	if !ok {
		return kd.doc, nil, false
	}
	z, ok := zs.zero().(sim.Cell)
	return kd.doc, z, ok
}

func cellKindNames() []string {
	names := []string{string(Markdown)}
	for k := range cellKinds {
		names = append(names, string(k))
	}
	sort.Strings(names)
	return names
}

// idField is every computation's id.
func idField[C any](set func(*C, string)) field[C] {
	return field[C]{name: "id", doc: "names the cell's results; letters, digits and _; default the kind and the cell's number, such as grid2", value: cellID{}, set: to(set)}
}

func keys(names []string) []sim.Key {
	var ks []sim.Key
	for _, s := range names {
		ks = append(ks, sim.Key(s))
	}
	return ks
}

var gridSpec = object[sim.Grid]{
	fields: []field[sim.Grid]{
		idField(func(g *sim.Grid, v string) { g.ID = v }),
		{name: "keys", doc: "the record keys compared", value: enums{sim.KeyNames}, required: true,
			set: to(func(g *sim.Grid, v []string) { g.Keys = keys(v) })},
		{name: "partitions", doc: "the partition counts compared", value: integers{limits.partitions}, required: true,
			set: to(func(g *sim.Grid, v []int) { g.Partitions = v })},
		{name: "consumers", doc: "the consumer counts compared", value: integers{limits.consumers}, def: []int{4},
			set: to(func(g *sim.Grid, v []int) { g.Consumers = v })},
		{name: "partitioner", doc: "how a key picks its partition", value: enum{sim.PartitionerNames}, def: "lesson",
			set: to(func(g *sim.Grid, v string) { g.Partitioner = v })},
		{name: "assignor", doc: "how partitions are shared among the consumers", value: enum{sim.AssignorNames}, def: "roundrobin",
			set: to(func(g *sim.Grid, v string) { g.Assignor = v })},
		{name: "engine", doc: "what computes the figures: the simulation, a Kafka protocol, or both side by side", value: enum{sim.EngineNames}, def: string(sim.EngineSim),
			set: to(func(g *sim.Grid, v string) { g.Engine = sim.Engine(v) })},
		{name: "deviation", doc: "rows of the serving-deviation table: key and partition count pairs of the grid", value: items[sim.GridCombo]{gridComboSpec},
			set: to(func(g *sim.Grid, v []sim.GridCombo) { g.Deviation = v })},
	},
	check: checkGrid,
}

var gridComboSpec = object[sim.GridCombo]{fields: []field[sim.GridCombo]{
	{name: "key", doc: "one of the grid's keys", value: enum{sim.KeyNames}, required: true,
		set: to(func(c *sim.GridCombo, v string) { c.Key = sim.Key(v) })},
	{name: "partitions", doc: "one of the grid's partition counts", value: integer{limits.partitions}, required: true,
		set: to(func(c *sim.GridCombo, v int64) { c.Partitions = int(v) })},
}}

// checkGrid requires the deviation rows to be combinations the grid
// computes, each once.
func checkGrid(m mapping, g *sim.Grid) {
	var seen []sim.GridCombo
	for i, c := range g.Deviation {
		item := itemNode(m.at["deviation"], i)
		k, p := fieldNode(item, "key"), fieldNode(item, "partitions")
		if k == nil || p == nil {
			continue
		}
		path := fmt.Sprintf("%s[%d]", join(m.path, "deviation"), i)
		switch {
		case !slices.Contains(g.Keys, c.Key):
			m.d.errorf(k, join(path, "key"), "key %q is not among the grid's keys", c.Key)
		case !slices.Contains(g.Partitions, c.Partitions):
			m.d.errorf(p, join(path, "partitions"), "%d is not among the grid's partition counts", c.Partitions)
		case slices.Contains(seen, c):
			m.d.errorf(item, path, "duplicate row")
		}
		seen = append(seen, c)
	}
}

var offsetsSpec = object[sim.Offsets]{
	fields: []field[sim.Offsets]{
		idField(func(o *sim.Offsets, v string) { o.ID = v }),
		{name: "key", doc: "the record key", value: enum{sim.KeyNames}, def: string(sim.KeySubscriber),
			set: to(func(o *sim.Offsets, v string) { o.Key = sim.Key(v) })},
		{name: "partitions", doc: "the partition count", value: integer{limits.partitions}, required: true,
			set: to(func(o *sim.Offsets, v int64) { o.Partitions = int(v) })},
		{name: "partition", doc: "the partition whose offsets are listed; below partitions", value: integer{limits.partition}, def: int64(0),
			set: to(func(o *sim.Offsets, v int64) { o.Partition = int(v) })},
		{name: "partitioner", doc: "how a key picks its partition", value: enum{sim.PartitionerNames}, def: "lesson",
			set: to(func(o *sim.Offsets, v string) { o.Partitioner = v })},
		{name: "compare", doc: "keys to compare the subscriber's partitions under", value: enums{sim.KeyNames},
			set: to(func(o *sim.Offsets, v []string) { o.Compare = keys(v) })},
	},
	check: func(m mapping, o *sim.Offsets) {
		if m.at["partition"] != nil && o.Partitions > 0 && o.Partition >= o.Partitions {
			m.errorf("partition", "must be below the partition count %d (got %d)", o.Partitions, o.Partition)
		}
	},
}
