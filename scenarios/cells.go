package scenarios

import (
	"fmt"
	"slices"
	"sort"
	"time"

	"partlab/sim"

	"gopkg.in/yaml.v3"
)

// defaults holds every default of the scenario format: the lesson's source and
// consumer group, and the lesson's partitioner and assignor.
var defaults = struct {
	Source  sim.Source
	Grid    sim.Grid
	Offsets sim.Offsets
}{
	Source:  sim.Source{Seed: 20260218, Subscribers: 200, Periods: 12},
	Grid:    sim.Grid{Consumers: []int{4}, Partitioner: "lesson", Assignor: "roundrobin", Engine: sim.EngineSim},
	Offsets: sim.Offsets{Key: sim.KeySubscriber, Partition: 0, Partitioner: "lesson"},
}

// bounds is an inclusive range of whole numbers.
type bounds struct{ min, max int64 }

// limits is the one table of what a number in a scenario may be.
var limits = struct {
	seed, subscribers, periods, partitions, partition, consumers bounds
	timeout                                                      bounds // nanoseconds
}{
	seed:        bounds{-sim.MaxSeed, sim.MaxSeed},
	subscribers: bounds{1, sim.MaxSubscribers},
	periods:     bounds{1, sim.MaxPeriods},
	partitions:  bounds{1, 4096},
	partition:   bounds{0, 4095},
	consumers:   bounds{1, 4096},
	timeout:     bounds{int64(time.Second), int64(10 * time.Minute)},
}

// maxList bounds every list in a scenario, so that a grid stays a grid.
const maxList = 64

// cellKinds are the computations a cell may hold, by the key that names them;
// "md" cells are Markdown and handled apart. A decoder returns the cell's id
// and the engine's cell; def is the id of a cell that names none.
var cellKinds = map[sim.Kind]func(d *decoder, n *yaml.Node, path, def string) (string, sim.Cell){
	sim.KindGrid:        (*decoder).grid,
	sim.KindOffsets:     (*decoder).offsets,
	sim.KindSpread:      (*decoder).spread,
	sim.KindThroughput:  (*decoder).throughput,
	sim.KindOrdering:    (*decoder).ordering,
	sim.KindRepartition: (*decoder).repartition,
	sim.KindAssignment:  (*decoder).assignment,
	sim.KindGroups:      (*decoder).groups,
	sim.KindSizing:      (*decoder).sizing,
	sim.KindPredictions: (*decoder).predictions,
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

func cellKindNames() []string {
	names := []string{string(Markdown)}
	for k := range cellKinds {
		names = append(names, string(k))
	}
	sort.Strings(names)
	return names
}

func (d *decoder) id(f map[string]*yaml.Node, path, def string) string {
	v := f["id"]
	if v == nil {
		return def
	}
	id := d.str(v, join(path, "id"))
	if v.Kind == yaml.ScalarNode && !idPattern.MatchString(id) {
		d.errorf(v, join(path, "id"), "must start with a letter and hold only letters, digits and _ (got %q)", id)
	}
	return id
}

func (d *decoder) keys(n *yaml.Node, path string) []sim.Key {
	var ks []sim.Key
	for _, s := range d.names(n, path, sim.KeyNames()) {
		ks = append(ks, sim.Key(s))
	}
	return ks
}

func (d *decoder) grid(n *yaml.Node, path, def string) (string, sim.Cell) {
	g := defaults.Grid
	f := d.fields(n, path, []string{"id", "keys", "partitions", "consumers", "partitioner", "assignor", "engine", "deviation"}, []string{"keys", "partitions"})
	g.ID = d.id(f, path, def)
	if v := f["keys"]; v != nil {
		g.Keys = d.keys(v, join(path, "keys"))
	}
	if v := f["partitions"]; v != nil {
		g.Partitions = d.integers(v, join(path, "partitions"), limits.partitions)
	}
	if v := f["consumers"]; v != nil {
		g.Consumers = d.integers(v, join(path, "consumers"), limits.consumers)
	}
	if v := f["partitioner"]; v != nil {
		g.Partitioner = d.name(v, join(path, "partitioner"), sim.PartitionerNames())
	}
	if v := f["assignor"]; v != nil {
		g.Assignor = d.name(v, join(path, "assignor"), sim.AssignorNames())
	}
	if v := f["engine"]; v != nil {
		g.Engine = sim.Engine(d.name(v, join(path, "engine"), sim.EngineNames()))
	}
	if v := f["deviation"]; v != nil {
		g.Deviation = d.deviation(v, join(path, "deviation"), g)
	}
	return g.ID, g
}

// deviation reads the serving-deviation table's rows: key and partition count
// pairs that the grid computes.
func (d *decoder) deviation(n *yaml.Node, path string, g sim.Grid) []sim.Combo {
	var out []sim.Combo
	for i, item := range d.list(n, path) {
		p := fmt.Sprintf("%s[%d]", path, i)
		f := d.fields(item, p, []string{"key", "partitions"}, []string{"key", "partitions"})
		if f["key"] == nil || f["partitions"] == nil {
			continue
		}
		c := sim.Combo{
			Key:        sim.Key(d.name(f["key"], join(p, "key"), sim.KeyNames())),
			Partitions: int(d.integer(f["partitions"], join(p, "partitions"), limits.partitions)),
		}
		switch {
		case !slices.Contains(g.Keys, c.Key):
			d.errorf(f["key"], join(p, "key"), "key %q is not among the grid's keys", c.Key)
		case !slices.Contains(g.Partitions, c.Partitions):
			d.errorf(f["partitions"], join(p, "partitions"), "%d is not among the grid's partition counts", c.Partitions)
		case slices.Contains(out, c):
			d.errorf(item, p, "duplicate row")
		}
		out = append(out, c)
	}
	return out
}

func (d *decoder) offsets(n *yaml.Node, path, def string) (string, sim.Cell) {
	o := defaults.Offsets
	f := d.fields(n, path, []string{"id", "key", "partitions", "partition", "partitioner", "compare"}, []string{"partitions"})
	o.ID = d.id(f, path, def)
	if v := f["key"]; v != nil {
		o.Key = sim.Key(d.name(v, join(path, "key"), sim.KeyNames()))
	}
	if v := f["partitions"]; v != nil {
		o.Partitions = int(d.integer(v, join(path, "partitions"), limits.partitions))
	}
	if v := f["partition"]; v != nil {
		o.Partition = int(d.integer(v, join(path, "partition"), limits.partition))
		if o.Partitions > 0 && o.Partition >= o.Partitions {
			d.errorf(v, join(path, "partition"), "must be below the partition count %d (got %d)", o.Partitions, o.Partition)
		}
	}
	if v := f["partitioner"]; v != nil {
		o.Partitioner = d.name(v, join(path, "partitioner"), sim.PartitionerNames())
	}
	if v := f["compare"]; v != nil {
		o.Compare = d.keys(v, join(path, "compare"))
	}
	return o.ID, o
}
