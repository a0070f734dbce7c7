package scenarios

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/partlab/partlab/sim"

	"gopkg.in/yaml.v3"
)

// The Day 24 lab's cell kinds: spread, throughput and ordering (its three
// parts), repartition, assignment, groups and sizing (drills D1, D2, D5, D4)
// and predictions (its scoreboard). Their defaults are the lab's own setting.

var spreadSpec = object[sim.Spread]{fields: []field[sim.Spread]{
	idField(func(s *sim.Spread, v string) { s.ID = v }),
	{name: "keys", doc: `the keys spread: a list, or one pattern such as "user-{0..239}"`, value: keySet{}, required: true,
		set: to(func(s *sim.Spread, v []string) { s.Keys = v })},
	{name: "partitions", doc: "the partition count, or a list of them for the spread against P, shown partition by partition at the largest", value: counts{limits.partitions}, required: true,
		set: to(func(s *sim.Spread, v []int) { s.Partitions, s.Along = spreadCounts(v) })},
	{name: "partitioner", doc: "how a key picks its partition", value: enum{sim.PartitionerNames}, def: "crc32",
		set: to(func(s *sim.Spread, v string) { s.Partitioner = v })},
	{name: "probes", doc: "keys whose partition is listed", value: texts{},
		set: to(func(s *sim.Spread, v []string) { s.Probes = v })},
	{name: "hot", doc: "one key sent many times", value: spreadHotSpec,
		set: to(func(s *sim.Spread, v spreadHot) { s.Hot, s.HotCount = v.key, v.count })},
}}

// spreadCounts is a spread's partition counts as the engine takes them: the
// largest, shown partition by partition, and, for a list of more than one,
// the list, along which the spread is shown against P.
func spreadCounts(counts []int) (partitions int, along []int) {
	if len(counts) == 0 {
		return 0, nil
	}
	if len(counts) > 1 {
		along = counts
	}
	return slices.Max(counts), along
}

// spreadHot is a spread's hot key, as the file writes it.
type spreadHot struct {
	key   string
	count int
}

var spreadHotSpec = object[spreadHot]{fields: []field[spreadHot]{
	{name: "key", doc: "the hot key", value: text{}, required: true,
		set: to(func(h *spreadHot, v string) { h.key = v })},
	{name: "count", doc: "how many times it is sent", value: integer{limits.hot}, def: int64(50),
		set: to(func(h *spreadHot, v int64) { h.count = int(v) })},
}}

var throughputSpec = object[sim.Throughput]{
	fields: []field[sim.Throughput]{
		idField(func(t *sim.Throughput, v string) { t.ID = v }),
		{name: "partitions", doc: "the partition count; required unless from is given", value: integer{limits.partitions},
			set: to(func(t *sim.Throughput, v int64) { t.Partitions = int(v) })},
		{name: "records", doc: "records per partition", value: integer{limits.records}, def: int64(100),
			set: to(func(t *sim.Throughput, v int64) { t.Records = int(v) })},
		{name: "from", doc: "instead of partitions and records: the partition sizes of an earlier grid's key and partition count", value: throughputFromSpec,
			set: to(func(t *sim.Throughput, v sim.ThroughputFrom) { t.From = &v })},
		{name: "work", doc: "the time one record takes", value: duration{limits.work, "8ms"}, def: 8 * time.Millisecond,
			set: to(func(t *sim.Throughput, v time.Duration) { t.Work = v })},
		{name: "consumers", doc: "the consumer counts compared", value: integers{limits.consumers}, def: []int{1, 2, 4, 8, 16},
			set: to(func(t *sim.Throughput, v []int) { t.Consumers = v })},
		{name: "assignor", doc: "how partitions are shared among the consumers", value: enum{sim.AssignorNames}, def: "roundrobin",
			set: to(func(t *sim.Throughput, v string) { t.Assignor = v })},
		{name: "measure", doc: "also run it for real, beside the model", value: boolean{}, def: false,
			set: to(func(t *sim.Throughput, v bool) { t.Measure = v })},
	},
	check: func(m mapping, t *sim.Throughput) {
		switch {
		case m.at["from"] != nil && (m.at["partitions"] != nil || m.at["records"] != nil):
			m.errorf("from", "give partitions and records, or from, not both")
		case m.at["from"] == nil && m.at["partitions"] == nil && !m.misspelt("partitions"):
			m.errorf("", `missing required field "partitions" (or "from")`)
		}
	},
}

var throughputFromSpec = object[sim.ThroughputFrom]{
	fields: []field[sim.ThroughputFrom]{
		{name: "grid", doc: "the id of a grid cell above this one", value: str{}, required: true,
			set: to(func(c *sim.ThroughputFrom, v string) { c.Grid = v })},
		{name: "key", doc: "one of that grid's keys", value: enum{sim.KeyNames}, required: true,
			set: to(func(c *sim.ThroughputFrom, v string) { c.Key = sim.Key(v) })},
		{name: "partitions", doc: "one of that grid's partition counts", value: integer{limits.partitions}, required: true,
			set: to(func(c *sim.ThroughputFrom, v int64) { c.Partitions = int(v) })},
	},
	check: checkThroughputFrom,
}

// checkThroughputFrom requires the reference to name a combination of an
// earlier grid cell.
func checkThroughputFrom(m mapping, c *sim.ThroughputFrom) {
	if m.at["grid"] == nil || m.at["key"] == nil || m.at["partitions"] == nil {
		return
	}
	g, ok := m.d.earlier[c.Grid].(sim.Grid)
	switch {
	case !ok:
		m.errorf("grid", "no grid cell %q before this cell", c.Grid)
	case !slices.Contains(g.Keys, c.Key):
		m.errorf("key", "grid %q has no key %q", c.Grid, c.Key)
	case !slices.Contains(g.Partitions, c.Partitions):
		m.errorf("partitions", "grid %q has no partition count %d", c.Grid, c.Partitions)
	}
}

var orderingSpec = object[sim.Ordering]{
	fields: []field[sim.Ordering]{
		idField(func(o *sim.Ordering, v string) { o.ID = v }),
		{name: "records", doc: "the records written; record i has key keys[i mod K]", value: integer{limits.records}, def: int64(40),
			set: to(func(o *sim.Ordering, v int64) { o.Records = int(v) })},
		{name: "keys", doc: `the keys: a list, or one pattern such as "key-{0..4}"`, value: keySet{}, def: []string{"key-0", "key-1", "key-2", "key-3", "key-4"},
			set: to(func(o *sim.Ordering, v []string) { o.Keys = v })},
		{name: "partitions", doc: "the partition count", value: integer{limits.partitions}, def: int64(8),
			set: to(func(o *sim.Ordering, v int64) { o.Partitions = int(v) })},
		{name: "partitioner", doc: "how a key picks its partition", value: enum{sim.PartitionerNames}, def: "crc32",
			set: to(func(o *sim.Ordering, v string) { o.Partitioner = v })},
		{name: "read", doc: "the two partitions read together, each below partitions; default the first two that hold records", value: integers{limits.partition},
			set: to(func(o *sim.Ordering, v []int) { o.Read = v })},
	},
	check: checkOrdering,
}

// checkOrdering requires read to name two partitions the cell has.
func checkOrdering(m mapping, o *sim.Ordering) {
	v := m.at["read"]
	if v == nil {
		return
	}
	last := max(o.Partitions, 1) - 1
	for i, p := range o.Read {
		if p > last {
			m.d.errorf(v.Content[i], fmt.Sprintf("%s[%d]", join(m.path, "read"), i), "must be between 0 and %d (got %s)", last, v.Content[i].Value)
		}
	}
	if len(o.Read) != 2 && v.Kind == yaml.SequenceNode {
		m.errorf("read", "must name two partitions (got %d)", len(o.Read))
	}
}

var repartitionSpec = object[sim.Repartition]{
	fields: []field[sim.Repartition]{
		idField(func(r *sim.Repartition, v string) { r.ID = v }),
		{name: "keys", doc: `the topic's keys: a list, or one pattern such as "user-{0..9999}"`, value: keySet{}, required: true,
			set: to(func(r *sim.Repartition, v []string) { r.Keys = v })},
		{name: "from", doc: "the partition count before", value: integer{limits.partitions}, required: true,
			set: to(func(r *sim.Repartition, v int64) { r.From = int(v) })},
		{name: "to", doc: "the partition count after; differs from from", value: integer{limits.partitions}, required: true,
			set: to(func(r *sim.Repartition, v int64) { r.To = int(v) })},
		{name: "partitioner", doc: "how a key picks its partition", value: enum{sim.PartitionerNames}, def: "murmur2",
			set: to(func(r *sim.Repartition, v string) { r.Partitioner = v })},
		{name: "busy", doc: "the busy key followed across the change", value: text{}, required: true,
			set: to(func(r *sim.Repartition, v string) { r.Busy = v })},
		{name: "before", doc: "the busy key's records before the change", value: integer{limits.records}, def: int64(500),
			set: to(func(r *sim.Repartition, v int64) { r.Before = int(v) })},
		{name: "after", doc: "the busy key's records after the change", value: integer{limits.records}, def: int64(500),
			set: to(func(r *sim.Repartition, v int64) { r.After = int(v) })},
	},
	check: func(m mapping, r *sim.Repartition) {
		if m.at["to"] != nil && r.To == r.From {
			m.errorf("to", "must differ from from (both %d)", r.To)
		}
	},
}

var assignmentSpec = object[sim.Assignment]{fields: []field[sim.Assignment]{
	idField(func(a *sim.Assignment, v string) { a.ID = v }),
	{name: "partitions", doc: "the partition count", value: integer{limits.partitions}, required: true,
		set: to(func(a *sim.Assignment, v int64) { a.Partitions = int(v) })},
	{name: "consumers", doc: "the consumer counts compared", value: integers{limits.consumers}, required: true,
		set: to(func(a *sim.Assignment, v []int) { a.Consumers = v })},
	{name: "assignor", doc: "how partitions are shared among the consumers", value: enum{sim.AssignorNames}, def: "range",
		set: to(func(a *sim.Assignment, v string) { a.Assignor = v })},
}}

var groupsSpec = object[sim.Groups]{
	fields: []field[sim.Groups]{
		idField(func(g *sim.Groups, v string) { g.ID = v }),
		{name: "partitions", doc: "the partition count", value: integer{limits.partitions}, required: true,
			set: to(func(g *sim.Groups, v int64) { g.Partitions = int(v) })},
		{name: "records", doc: "records per partition", value: integer{limits.records}, def: int64(100),
			set: to(func(g *sim.Groups, v int64) { g.Records = int(v) })},
		{name: "groups", doc: "the consumer groups reading the topic", value: items[sim.GroupsGroup]{groupsGroupSpec}, required: true,
			set: to(func(g *sim.Groups, v []sim.GroupsGroup) { g.Groups = v })},
		{name: "assignor", doc: "how partitions are shared among each group's consumers", value: enum{sim.AssignorNames}, def: "range",
			set: to(func(g *sim.Groups, v string) { g.Assignor = v })},
	},
	check: checkGroups,
}

var groupsGroupSpec = object[sim.GroupsGroup]{fields: []field[sim.GroupsGroup]{
	{name: "name", doc: "the group's name; letters, digits and _", value: ident{}, required: true,
		set: to(func(g *sim.GroupsGroup, v string) { g.Name = v })},
	{name: "consumers", doc: "the group's consumer count", value: integer{limits.consumers}, required: true,
		set: to(func(g *sim.GroupsGroup, v int64) { g.Consumers = int(v) })},
}}

// checkGroups requires the groups' names to be distinct.
func checkGroups(m mapping, g *sim.Groups) {
	for i, grp := range g.Groups {
		n := fieldNode(itemNode(m.at["groups"], i), "name")
		if n == nil || n.Kind != yaml.ScalarNode || !idPattern.MatchString(grp.Name) {
			continue
		}
		if slices.ContainsFunc(g.Groups[:i], func(o sim.GroupsGroup) bool { return o.Name == grp.Name }) {
			m.d.errorf(n, fmt.Sprintf("%s[%d].name", join(m.path, "groups"), i), "duplicate group %q", grp.Name)
		}
	}
}

var sizingSpec = object[sim.Sizing]{fields: []field[sim.Sizing]{
	idField(func(s *sim.Sizing, v string) { s.ID = v }),
	{name: "target", doc: "the records per second the topic must take", value: integer{limits.target}, required: true,
		set: to(func(s *sim.Sizing, v int64) { s.Target = int(v) })},
	{name: "per_consumer", doc: "the records per second one consumer handles", value: integer{limits.target}, required: true,
		set: to(func(s *sim.Sizing, v int64) { s.PerConsumer = int(v) })},
	{name: "headroom", doc: "percent above the minimum", value: integer{limits.headroom}, def: int64(50),
		set: to(func(s *sim.Sizing, v int64) { s.Headroom = int(v) })},
}}

// scoreboard is the predictions cell: a list of guesses, whose id is the
// kind and the cell's number, or a mapping of an id and that list as items.
type scoreboard struct{}

var predictionsSpec = scoreboard{}

// zero is the scoreboard's computation with no guess.
func (scoreboard) zero() any { return scoreboardSpec.zero() }

// scoreboardSpec is the scoreboard's mapping form.
var scoreboardSpec = object[sim.Predictions]{fields: []field[sim.Predictions]{
	idField(func(p *sim.Predictions, v string) { p.ID = v }),
	{name: "items", doc: "the guesses", value: predictionItems, required: true,
		set: to(func(p *sim.Predictions, v []sim.Prediction) { p.Items = v })},
}}

var predictionItems = items[sim.Prediction]{predictionSpec}

func (scoreboard) decode(d *decoder, n *yaml.Node, path string) any {
	if n.Kind == yaml.MappingNode {
		return scoreboardSpec.decode(d, n, path)
	}
	return sim.Predictions{ID: d.cellID, Items: predictionItems.decode(d, n, path).([]sim.Prediction)}
}

func (scoreboard) schema() schema {
	return schema{"oneOf": []schema{predictionItems.schema(), scoreboardSpec.schema()}}
}

var predictionSpec = object[sim.Prediction]{
	fields: []field[sim.Prediction]{
		{name: "name", doc: "the prediction's label, such as P2", value: text{}, required: true,
			set: to(func(p *sim.Prediction, v string) { p.Name = v })},
		{name: "question", doc: "the question guessed at", value: str{},
			set: to(func(p *sim.Prediction, v string) { p.Question = v })},
		{name: "you", doc: "an example guess, shown as the reader's input's placeholder", value: number{limits.guess},
			set: to(func(p *sim.Prediction, v float64) { p.You = &v })},
		{name: "actual", doc: "the figure guessed, as cell-id.figure, of a cell above", value: text{}, required: true,
			set: to(func(p *sim.Prediction, v string) { p.Actual = v })},
		{name: "tolerance", doc: "how far the guess may be from the figure and still count", value: number{bounds[float64]{0, limits.guess.max}},
			set: to(func(p *sim.Prediction, v float64) { p.Tolerance = v })},
	},
	check: func(m mapping, p *sim.Prediction) {
		if v := m.at["actual"]; v != nil {
			p.Actual = m.d.figureRef(v, join(m.path, "actual"), p.Actual)
			m.d.checkFigure(v, join(m.path, "actual"), p.Actual)
		}
	},
}

// checkFigure requires "id.figure" to name a figure an earlier cell computes.
func (d *decoder) checkFigure(n *yaml.Node, path, ref string) {
	if n.Kind != yaml.ScalarNode {
		return
	}
	id, figure, _ := strings.Cut(ref, ".")
	if c := d.earlier[id]; c != nil && slices.Contains(sim.FigureNames(c), figure) || slices.Contains(d.unknown, id) {
		return
	}
	if len(d.order) == 0 {
		d.errorf(n, path, "no cell before this one computes %q; predictions name figures of the cells above them", ref)
		return
	}
	d.errorf(n, path, "%s", sim.NoFigure(ref, d.cells(), "no cell before this one"))
}

// cells are the computations decoded so far, in order.
func (d *decoder) cells() []sim.Cell {
	cells := make([]sim.Cell, len(d.order))
	for i, id := range d.order {
		cells[i] = d.earlier[id]
	}
	return cells
}
