package scenarios

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"partlab/sim"

	"gopkg.in/yaml.v3"
)

// The Day 24 lab's cell kinds: spread, throughput and ordering (its three
// parts), repartition, assignment, groups and sizing (drills D1, D2, D5, D4)
// and predictions (its scoreboard). Their defaults are the lab's own setting
// and live in labDefaults.

var labDefaults = struct {
	Spread      sim.Spread
	Throughput  sim.Throughput
	Ordering    sim.Ordering
	Repartition sim.Repartition
	Assignment  sim.Assignment
	Groups      sim.Groups
	Sizing      sim.Sizing
}{
	Spread:      sim.Spread{Partitioner: "crc32", HotCount: 50},
	Throughput:  sim.Throughput{Records: 100, Work: 8 * time.Millisecond, Consumers: []int{1, 2, 4, 8, 16}, Assignor: "roundrobin"},
	Ordering:    sim.Ordering{Records: 40, Keys: []string{"key-0", "key-1", "key-2", "key-3", "key-4"}, Partitions: 8, Partitioner: "crc32"},
	Repartition: sim.Repartition{Partitioner: "murmur2", Before: 500, After: 500},
	Assignment:  sim.Assignment{Assignor: "range"},
	Groups:      sim.Groups{Records: 100, Assignor: "range"},
	Sizing:      sim.Sizing{Headroom: 50},
}

// labLimits bounds the lab's numbers, beside limits.
var labLimits = struct {
	records, hot, target, headroom bounds
	work                           [2]time.Duration
	guess                          [2]float64
}{
	records:  bounds{1, 100_000},
	hot:      bounds{1, 1_000_000},
	target:   bounds{1, 1_000_000_000},
	headroom: bounds{0, 1000},
	work:     [2]time.Duration{time.Microsecond, time.Second},
	guess:    [2]float64{-1e12, 1e12},
}

func (d *decoder) spread(n *yaml.Node, path, def string) (string, sim.Cell) {
	s := labDefaults.Spread
	f := d.fields(n, path, []string{"id", "keys", "partitions", "partitioner", "probes", "hot"}, []string{"keys", "partitions"})
	s.ID = d.id(f, path, def)
	if v := f["keys"]; v != nil {
		s.Keys = d.keySet(v, join(path, "keys"))
	}
	if v := f["partitions"]; v != nil {
		s.Partitions = int(d.integer(v, join(path, "partitions"), limits.partitions))
	}
	if v := f["partitioner"]; v != nil {
		s.Partitioner = d.name(v, join(path, "partitioner"), sim.PartitionerNames())
	}
	if v := f["probes"]; v != nil {
		s.Probes = d.strs(v, join(path, "probes"))
	}
	if v := f["hot"]; v != nil {
		p := join(path, "hot")
		h := d.fields(v, p, []string{"key", "count"}, []string{"key"})
		if k := h["key"]; k != nil {
			s.Hot = d.text(k, join(p, "key"))
		}
		if c := h["count"]; c != nil {
			s.HotCount = int(d.integer(c, join(p, "count"), labLimits.hot))
		}
	}
	return s.ID, s
}

func (d *decoder) throughput(n *yaml.Node, path, def string) (string, sim.Cell) {
	t := labDefaults.Throughput
	f := d.fields(n, path, []string{"id", "partitions", "records", "from", "work", "consumers", "assignor", "measure"}, nil)
	t.ID = d.id(f, path, def)
	switch {
	case f["from"] != nil && (f["partitions"] != nil || f["records"] != nil):
		d.errorf(f["from"], join(path, "from"), "give partitions and records, or from, not both")
	case f["from"] == nil && f["partitions"] == nil:
		d.errorf(n, path, `missing required field "partitions" (or "from")`)
	}
	if v := f["partitions"]; v != nil {
		t.Partitions = int(d.integer(v, join(path, "partitions"), limits.partitions))
	}
	if v := f["records"]; v != nil {
		t.Records = int(d.integer(v, join(path, "records"), labLimits.records))
	}
	if v := f["from"]; v != nil {
		t.From = d.gridCombo(v, join(path, "from"))
	}
	if v := f["work"]; v != nil {
		t.Work = d.duration(v, join(path, "work"), labLimits.work[0], labLimits.work[1])
	}
	if v := f["consumers"]; v != nil {
		t.Consumers = d.integers(v, join(path, "consumers"), limits.consumers)
	}
	if v := f["assignor"]; v != nil {
		t.Assignor = d.name(v, join(path, "assignor"), sim.AssignorNames())
	}
	if v := f["measure"]; v != nil {
		t.Measure = d.boolean(v, join(path, "measure"))
	}
	return t.ID, t
}

// gridCombo reads a reference to an earlier grid cell's key and partition
// count.
func (d *decoder) gridCombo(n *yaml.Node, path string) *sim.GridCombo {
	f := d.fields(n, path, []string{"grid", "key", "partitions"}, []string{"grid", "key", "partitions"})
	if f == nil || f["grid"] == nil || f["key"] == nil || f["partitions"] == nil {
		return nil
	}
	c := &sim.GridCombo{
		Grid:       d.str(f["grid"], join(path, "grid")),
		Key:        sim.Key(d.name(f["key"], join(path, "key"), sim.KeyNames())),
		Partitions: int(d.integer(f["partitions"], join(path, "partitions"), limits.partitions)),
	}
	g, ok := d.earlier[c.Grid].(sim.Grid)
	switch {
	case !ok:
		d.errorf(f["grid"], join(path, "grid"), "no grid cell %q before this cell", c.Grid)
	case !slices.Contains(g.Keys, c.Key):
		d.errorf(f["key"], join(path, "key"), "grid %q has no key %q", c.Grid, c.Key)
	case !slices.Contains(g.Partitions, c.Partitions):
		d.errorf(f["partitions"], join(path, "partitions"), "grid %q has no partition count %d", c.Grid, c.Partitions)
	}
	return c
}

func (d *decoder) ordering(n *yaml.Node, path, def string) (string, sim.Cell) {
	o := labDefaults.Ordering
	f := d.fields(n, path, []string{"id", "records", "keys", "partitions", "partitioner", "read"}, nil)
	o.ID = d.id(f, path, def)
	if v := f["records"]; v != nil {
		o.Records = int(d.integer(v, join(path, "records"), labLimits.records))
	}
	if v := f["keys"]; v != nil {
		o.Keys = d.keySet(v, join(path, "keys"))
	}
	if v := f["partitions"]; v != nil {
		o.Partitions = int(d.integer(v, join(path, "partitions"), limits.partitions))
	}
	if v := f["partitioner"]; v != nil {
		o.Partitioner = d.name(v, join(path, "partitioner"), sim.PartitionerNames())
	}
	if v := f["read"]; v != nil {
		p := join(path, "read")
		o.Read = d.integers(v, p, bounds{0, int64(max(o.Partitions, 1) - 1)})
		if len(o.Read) != 2 && v.Kind == yaml.SequenceNode {
			d.errorf(v, p, "must name two partitions (got %d)", len(o.Read))
		}
	}
	return o.ID, o
}

func (d *decoder) repartition(n *yaml.Node, path, def string) (string, sim.Cell) {
	r := labDefaults.Repartition
	f := d.fields(n, path, []string{"id", "keys", "from", "to", "partitioner", "busy", "before", "after"}, []string{"keys", "from", "to", "busy"})
	r.ID = d.id(f, path, def)
	if v := f["keys"]; v != nil {
		r.Keys = d.keySet(v, join(path, "keys"))
	}
	if v := f["from"]; v != nil {
		r.From = int(d.integer(v, join(path, "from"), limits.partitions))
	}
	if v := f["to"]; v != nil {
		r.To = int(d.integer(v, join(path, "to"), limits.partitions))
		if r.To == r.From {
			d.errorf(v, join(path, "to"), "must differ from from (both %d)", r.To)
		}
	}
	if v := f["partitioner"]; v != nil {
		r.Partitioner = d.name(v, join(path, "partitioner"), sim.PartitionerNames())
	}
	if v := f["busy"]; v != nil {
		r.Busy = d.text(v, join(path, "busy"))
	}
	if v := f["before"]; v != nil {
		r.Before = int(d.integer(v, join(path, "before"), labLimits.records))
	}
	if v := f["after"]; v != nil {
		r.After = int(d.integer(v, join(path, "after"), labLimits.records))
	}
	return r.ID, r
}

func (d *decoder) assignment(n *yaml.Node, path, def string) (string, sim.Cell) {
	a := labDefaults.Assignment
	f := d.fields(n, path, []string{"id", "partitions", "consumers", "assignor"}, []string{"partitions", "consumers"})
	a.ID = d.id(f, path, def)
	if v := f["partitions"]; v != nil {
		a.Partitions = int(d.integer(v, join(path, "partitions"), limits.partitions))
	}
	if v := f["consumers"]; v != nil {
		a.Consumers = d.integers(v, join(path, "consumers"), limits.consumers)
	}
	if v := f["assignor"]; v != nil {
		a.Assignor = d.name(v, join(path, "assignor"), sim.AssignorNames())
	}
	return a.ID, a
}

func (d *decoder) groups(n *yaml.Node, path, def string) (string, sim.Cell) {
	g := labDefaults.Groups
	f := d.fields(n, path, []string{"id", "partitions", "records", "groups", "assignor"}, []string{"partitions", "groups"})
	g.ID = d.id(f, path, def)
	if v := f["partitions"]; v != nil {
		g.Partitions = int(d.integer(v, join(path, "partitions"), limits.partitions))
	}
	if v := f["records"]; v != nil {
		g.Records = int(d.integer(v, join(path, "records"), labLimits.records))
	}
	if v := f["assignor"]; v != nil {
		g.Assignor = d.name(v, join(path, "assignor"), sim.AssignorNames())
	}
	if v := f["groups"]; v != nil {
		p := join(path, "groups")
		for i, item := range d.list(v, p) {
			ip := fmt.Sprintf("%s[%d]", p, i)
			gf := d.fields(item, ip, []string{"name", "consumers"}, []string{"name", "consumers"})
			var grp sim.Group
			if v := gf["name"]; v != nil {
				grp.Name = d.str(v, join(ip, "name"))
				switch {
				case v.Kind == yaml.ScalarNode && !idPattern.MatchString(grp.Name):
					d.errorf(v, join(ip, "name"), "must start with a letter and hold only letters, digits and _ (got %q)", grp.Name)
				case slices.ContainsFunc(g.Groups, func(o sim.Group) bool { return o.Name == grp.Name }):
					d.errorf(v, join(ip, "name"), "duplicate group %q", grp.Name)
				}
			}
			if v := gf["consumers"]; v != nil {
				grp.Consumers = int(d.integer(v, join(ip, "consumers"), limits.consumers))
			}
			g.Groups = append(g.Groups, grp)
		}
	}
	return g.ID, g
}

func (d *decoder) sizing(n *yaml.Node, path, def string) (string, sim.Cell) {
	s := labDefaults.Sizing
	f := d.fields(n, path, []string{"id", "target", "per_consumer", "headroom"}, []string{"target", "per_consumer"})
	s.ID = d.id(f, path, def)
	if v := f["target"]; v != nil {
		s.Target = int(d.integer(v, join(path, "target"), labLimits.target))
	}
	if v := f["per_consumer"]; v != nil {
		s.PerConsumer = int(d.integer(v, join(path, "per_consumer"), labLimits.target))
	}
	if v := f["headroom"]; v != nil {
		s.Headroom = int(d.integer(v, join(path, "headroom"), labLimits.headroom))
	}
	return s.ID, s
}

// predictions reads the scoreboard: a list of guesses, each naming a figure
// of an earlier cell as "id.figure", or a mapping of an id and that list as
// items. A guess's you is the author's example; the reader types their own.
func (d *decoder) predictions(n *yaml.Node, path, def string) (string, sim.Cell) {
	p := sim.Predictions{ID: def}
	items, itemsPath := n, path
	if n.Kind == yaml.MappingNode {
		f := d.fields(n, path, []string{"id", "items"}, []string{"items"})
		p.ID = d.id(f, path, def)
		if items, itemsPath = f["items"], join(path, "items"); items == nil {
			return p.ID, p
		}
	}
	for i, item := range d.list(items, itemsPath) {
		ip := fmt.Sprintf("%s[%d]", itemsPath, i)
		f := d.fields(item, ip, []string{"name", "question", "you", "actual", "tolerance"}, []string{"name", "actual"})
		var pr sim.Prediction
		if v := f["name"]; v != nil {
			pr.Name = d.text(v, join(ip, "name"))
		}
		if v := f["question"]; v != nil {
			pr.Question = d.str(v, join(ip, "question"))
		}
		if v := f["you"]; v != nil {
			pr.You = new(d.number(v, join(ip, "you"), labLimits.guess[0], labLimits.guess[1]))
		}
		if v := f["tolerance"]; v != nil {
			pr.Tolerance = d.number(v, join(ip, "tolerance"), 0, labLimits.guess[1])
		}
		if v := f["actual"]; v != nil {
			pr.Actual = d.str(v, join(ip, "actual"))
			d.checkFigure(v, join(ip, "actual"), pr.Actual)
		}
		p.Items = append(p.Items, pr)
	}
	return p.ID, p
}

// checkFigure requires "id.figure" to name a figure an earlier cell computes.
func (d *decoder) checkFigure(n *yaml.Node, path, ref string) {
	if n.Kind != yaml.ScalarNode {
		return
	}
	id, figure, _ := strings.Cut(ref, ".")
	if c := d.earlier[id]; c != nil && slices.Contains(sim.FigureNames(c), figure) {
		return
	}
	var offer []string
	for _, id := range d.order {
		for _, f := range sim.FigureNames(d.earlier[id]) {
			offer = append(offer, id+"."+f)
		}
	}
	if len(offer) == 0 {
		d.errorf(n, path, "no cell before this one computes %q; predictions name figures of the cells above them", ref)
		return
	}
	d.errorf(n, path, "no cell before this one computes %q (want one of %s)", ref, strings.Join(offer, ", "))
}
