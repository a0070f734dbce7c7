package sim

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Grid is the lesson's experiment: every key × partition count × consumer
// count, written to a topic with the named partitioner, read by one consumer
// group whose partitions the named assignor shares out.
type Grid struct {
	ID          string
	Keys        []Key
	Partitions  []int
	Consumers   []int
	Partitioner string // see PartitionerNames
	Assignor    string // see AssignorNames
	Engine      Engine // what computes the figures; "" is EngineSim
	// Deviation lists the key and partition count pairs of the serving
	// deviation table, in the table's order; every row carries its deviation
	// whether listed or not.
	Deviation []GridCombo
}

// GridCombo names one key and partition count of a grid.
type GridCombo struct {
	Key        Key
	Partitions int
}

// GridResult is a grid's figures: one GridRow per combination, keys outermost and
// consumer counts innermost, as the lesson's loops run. Rows are always the
// simulation's; package partlab/sim/kafka measures the same combinations,
// in a GridObserved of their own, when the grid's engine asks for them.
type GridResult struct {
	Kind        Kind      `json:"kind"` // KindGrid
	ID          string    `json:"id"`
	Partitioner string    `json:"partitioner"`
	Assignor    string    `json:"assignor"`
	Engine      Engine    `json:"engine"`
	Records     int       `json:"records"`
	Baseline    Baseline  `json:"baseline"`
	Rows        []GridRow `json:"rows"`
	Grid        Grid      `json:"-"`
}

// GridRow is one combination of a grid: what its consumers read and computed.
type GridRow struct {
	Key        Key     `json:"key"`
	Partitions int     `json:"partitions"`
	Consumers  int     `json:"consumers"`
	Loads      []int   `json:"loads"`    // records each consumer reads
	MaxLoad    int     `json:"max_load"` // the most loaded consumer's records
	MinLoad    int     `json:"min_load"`
	Idle       int     `json:"idle"`  // consumers that read no record
	Split      int     `json:"split"` // subscribers spread over more than one partition
	Rows       int     `json:"rows"`  // consumption rows computed (DI22)
	Lost       int     `json:"lost"`  // rows the healthy pipeline computes and this one does not
	Deviation  Regions `json:"deviation"`
	// Drift is the largest deviation of any region, in absolute value: how
	// far the served number moved.
	Drift float64 `json:"drift"`
	// Swing is that deviation with its sign (the first region's, of two
	// equally far): which way the served number moved. results.json keeps
	// drift alone; the deviations there carry the signs.
	Swing float64 `json:"-"`
	// Skew is MaxLoad ÷ MinLoad, the lesson's "1.44 times"; 0 when a
	// consumer is idle and the ratio has no value.
	Skew  float64 `json:"skew"`
	Sizes []int   `json:"sizes"` // records per partition
	// Speedup is the modelled throughput: records ÷ the most loaded
	// consumer's records, against one consumer reading everything. Ideal is
	// min(consumers, partitions), what equal partitions would give.
	Speedup float64 `json:"speedup"`
	Ideal   int     `json:"ideal"`
}

// Range is the smallest and the largest value over the regions; 0, 0 when
// there is none.
func (rs Regions) Range() (low, high float64) {
	for i, v := range rs {
		if i == 0 || v.Value < low {
			low = v.Value
		}
		if i == 0 || v.Value > high {
			high = v.Value
		}
	}
	return low, high
}

// SplitRange is the fewest and the most subscribers a key splits over the
// grid's partition counts that split any, at one consumer count; 0, 0 when
// none does.
func (r *GridResult) SplitRange(k Key, consumers int) (fewest, most int) {
	for _, p := range r.Grid.Partitions {
		row, _ := r.Row(k, p, consumers)
		if row.Split > 0 {
			if most == 0 || row.Split < fewest {
				fewest = row.Split
			}
			most = max(most, row.Split)
		}
	}
	return fewest, most
}

// Row returns the row of a combination, or false if the grid has none. Rows
// run keys outermost and consumer counts innermost, so the row's index follows
// from its place on each of the grid's axes: a page that reads every row stays
// linear in the number of rows.
func (r *GridResult) Row(k Key, partitions, consumers int) (GridRow, bool) {
	g := r.Grid
	ki, pi, ci := slices.Index(g.Keys, k), slices.Index(g.Partitions, partitions), slices.Index(g.Consumers, consumers)
	if ki < 0 || pi < 0 || ci < 0 {
		return GridRow{}, false
	}
	i := (ki*len(g.Partitions)+pi)*len(g.Consumers) + ci
	if i >= len(r.Rows) {
		return GridRow{}, false
	}
	return r.Rows[i], true
}

func (g Grid) run(e *env) (Result, error) {
	d, err := e.data()
	if err != nil {
		return nil, err
	}
	pt, err := PartitionerByName(g.Partitioner, d.Source.Seed)
	if err != nil {
		return nil, err
	}
	assign, err := AssignorByName(g.Assignor)
	if err != nil {
		return nil, err
	}
	res := &GridResult{
		Kind: KindGrid, ID: g.ID, Partitioner: g.Partitioner, Assignor: g.Assignor,
		Engine: cmp.Or(g.Engine, EngineSim), Records: d.Records(), Baseline: d.baseline, Grid: g,
	}
	tls, err := g.tally(e, d, pt)
	if err != nil {
		return nil, err
	}
	for x, k := range g.Keys {
		for y, p := range g.Partitions {
			tl := tls[x*len(g.Partitions)+y]
			dev := d.deviation(tl)
			for _, c := range g.Consumers {
				e.tick(p + c)
				res.Rows = append(res.Rows, d.row(k, assign(p, c), tl, dev))
			}
		}
	}
	return res, nil
}

// tally places the readings under every key and partition count of the grid
// and tallies each placement, keys outermost. A placement that moves every
// subscriber alike is tallied without visiting a reading (placer.uniform);
// the rest are tallied in one pass over the subscribers, shared out in
// chunks among the workers, each of which tallies every such combination of
// its chunks while their readings are in cache; the workers' tallies then
// add up exactly, however the chunks fell.
func (g Grid) tally(e *env, d *Data, pt Partitioner) ([]tally, error) {
	np := len(g.Partitions)
	tls := make([]tally, len(g.Keys)*np)
	// pending[x] lists, by index, the partition counts whose placements
	// under key x depend on the subscriber.
	pending := make([][]int, len(g.Keys))
	passes := false
	for x, k := range g.Keys {
		pl := newPlacer(d, k, pt)
		for y, p := range g.Partitions {
			e.tick(p + d.Source.Periods)
			if sizes, stay, ok := pl.uniform(p); ok {
				tls[x*np+y] = d.columns(sizes, stay)
				continue
			}
			pending[x] = append(pending[x], y)
			passes = true
		}
	}
	if !passes {
		return tls, nil
	}
	t := d.Source.Periods
	partial := make([][]tally, e.workers)
	err := chunked(e.check, e.workers, d.Source.Subscribers, func(w, lo, hi int) {
		if partial[w] == nil {
			partial[w] = make([]tally, len(tls))
			for x, ys := range pending {
				for _, y := range ys {
					partial[w][x*np+y] = d.newTally(g.Partitions[y])
				}
			}
		}
		var row [MaxPeriods]int32
		for x, k := range g.Keys {
			ys, tls := pending[x], partial[w][x*np:(x+1)*np]
			if len(ys) == 0 {
				continue
			}
			pl := newPlacer(d, k, pt)
			if k.perSubscriber() {
				// A subscriber's readings share one partition: only the
				// sizes depend on it (see columns for the rest).
				e.work.add((hi - lo) * len(ys))
				for i := lo; i < hi; i++ {
					h := pl.subscriberDigest(i)
					for _, y := range ys {
						tls[y].sizes[pt.placeOne(h, g.Partitions[y])] += t
					}
				}
				continue
			}
			e.work.add((hi - lo) * t * len(ys))
			for i := lo; i < hi; i++ {
				h := pl.digests(i)
				rise, cell := d.rise[i*t:i*t+t], int(d.region[i])*t
				for _, y := range ys {
					pl.row(row[:t], h, g.Partitions[y])
					tls[y].add(row[:t], rise, cell)
				}
			}
		}
	})
	if err != nil {
		return nil, err
	}
	column := make([]tally, len(partial))
	stay := make([]bool, t)
	for j := range stay {
		stay[j] = true
	}
	for x, k := range g.Keys {
		for _, y := range pending[x] {
			c := x*np + y
			for w := range partial {
				column[w] = tally{}
				if partial[w] != nil {
					column[w] = partial[w][c]
				}
			}
			tls[c] = addUp(column)
			if k.perSubscriber() {
				tls[c] = d.columns(tls[c].sizes, stay)
			}
		}
	}
	return tls, nil
}

// row turns a tally into a grid row for one consumer group.
func (d *Data) row(k Key, owned [][]int, tl tally, dev Regions) GridRow {
	r := GridRow{
		Key: k, Partitions: len(tl.sizes), Consumers: len(owned),
		Loads: GroupLoads(tl.sizes, owned), Split: tl.split, Rows: tl.rows,
		Lost: d.baseline.Rows - tl.rows, Deviation: dev, Sizes: tl.sizes,
		Ideal: min(len(owned), len(tl.sizes)),
	}
	r.MaxLoad, r.MinLoad = r.Loads[0], r.Loads[0]
	for _, l := range r.Loads {
		r.MaxLoad = max(r.MaxLoad, l)
		r.MinLoad = min(r.MinLoad, l)
		if l == 0 {
			r.Idle++
		}
	}
	if r.MaxLoad > 0 {
		r.Speedup = float64(d.Records()) / float64(r.MaxLoad)
	}
	if r.MinLoad > 0 {
		r.Skew = float64(r.MaxLoad) / float64(r.MinLoad)
	}
	for _, v := range dev {
		if math.Abs(v.Value) > r.Drift {
			r.Drift, r.Swing = math.Abs(v.Value), v.Value
		}
	}
	return r
}

// Observe reports in the grid's terms what a consumer group saw on a real
// topic (see package sim/kafka): owned[c] are consumer c's partitions and
// logs[p] the readings of partition p in offset order. Each consumer computes
// consumption from its own partitions' records alone, as the lesson's
// s3_consumption does: a reading yields a row when the partition also holds
// the same subscriber's previous period. It shares no code with the grid's
// placement path, so agreement between the two is evidence, not tautology.
func (d *Data) Observe(k Key, owned [][]int, logs [][]Reading) GridRow {
	t := d.Source.Periods
	tl := d.newTally(len(logs))
	home := make([]int32, d.Source.Subscribers) // a subscriber's first partition + 1
	split := make([]bool, d.Source.Subscribers)
	table := make([]int32, d.Records()) // index + 1 of the readings in this partition
	for p, log := range logs {
		tl.sizes[p] = len(log)
		for _, r := range log {
			table[r.Subscriber*t+r.Period] = int32(r.Index) + 1
			switch home[r.Subscriber] {
			case 0:
				home[r.Subscriber] = int32(p) + 1
			case int32(p) + 1:
			default:
				split[r.Subscriber] = true
			}
		}
		for _, r := range log {
			if r.Period == 0 {
				continue
			}
			prev := table[r.Subscriber*t+r.Period-1]
			if prev == 0 {
				continue
			}
			cell := int(d.region[r.Subscriber])*t + r.Period
			tl.rows++
			tl.total[cell] += int64(r.Index - int(prev-1))
		}
		for _, r := range log {
			table[r.Subscriber*t+r.Period] = 0
		}
	}
	for _, s := range split {
		if s {
			tl.split++
		}
	}
	return d.row(k, owned, tl, d.deviation(tl))
}

// KindGrid is the kind of a Grid cell.
const KindGrid Kind = "grid"

// Kind returns KindGrid.
func (Grid) Kind() Kind { return KindGrid }

// CellID returns the cell's id.
func (g Grid) CellID() string { return g.ID }

// A grid's figures are a family over its combinations, each named
// KEY/P/C: max_load@record/4/4 is the most loaded consumer's records with
// the record key, 4 partitions and 4 consumers.
var gridFigures = figureTable[Grid, *GridResult, GridRow]{
	members: func(g Grid) []string {
		var names []string
		for _, k := range g.Keys {
			for _, p := range g.Partitions {
				for _, c := range g.Consumers {
					names = append(names, fmt.Sprintf("%s/%d/%d", k, p, c))
				}
			}
		}
		return names
	},
	row: func(r *GridResult, member string) (GridRow, bool) {
		var k string
		var p, c int
		if n, err := fmt.Sscanf(strings.ReplaceAll(member, "/", " "), "%s %d %d", &k, &p, &c); err != nil || n != 3 {
			return GridRow{}, false
		}
		return r.Row(Key(k), p, c)
	},
	family: []figure[Grid, GridRow]{
		{name: "max_load", value: func(r GridRow) float64 { return float64(r.MaxLoad) }},
		{name: "min_load", value: func(r GridRow) float64 { return float64(r.MinLoad) }},
		{name: "idle", value: func(r GridRow) float64 { return float64(r.Idle) }},
		{name: "split", value: func(r GridRow) float64 { return float64(r.Split) }},
		{name: "rows", value: func(r GridRow) float64 { return float64(r.Rows) }},
		{name: "lost", value: func(r GridRow) float64 { return float64(r.Lost) }},
		{name: "skew", value: func(r GridRow) float64 { return r.Skew }},
		{name: "drift", value: func(r GridRow) float64 { return r.Drift }},
		{name: "speedup", value: func(r GridRow) float64 { return r.Speedup }},
		{name: "ideal", value: func(r GridRow) float64 { return float64(r.Ideal) }},
	},
}

func (Grid) figures() figureSet { return gridFigures }

// Cost of a grid: every reading placed once per key and partition count,
// and each placement's tally read per partition and period; a row per
// combination, listing a load per consumer and a size per partition, each
// at most the readings; on the Kafka engine, a topic of every reading
// per key and partition count, one consumer group per row, and the rows
// again, as observed.
func (g Grid) Cost(src Source) Cost {
	readings := src.readings()
	keys, ps, cs := int64(len(g.Keys)), int64(len(g.Partitions)), int64(len(g.Consumers))
	c := Cost{Rows: keys * ps * cs}
	numbers := keys * (cs*sum(g.Partitions) + ps*sum(g.Consumers))
	c.Visits = readings*keys*ps + keys*(sum(g.Partitions)+ps*int64(src.Periods)) + numbers
	rows := c.Rows*rowBytes + listBytes(numbers, readings)
	if g.Engine.Kafka() {
		rows *= 2
		c.KafkaGroups = c.Rows
		c.KafkaConsumers = largest(g.Consumers)
		c.KafkaRecords = readings
		c.KafkaBytes = keys * ps * readings * (gridRecordBytes + kafkaRecordBytes)
		c.KafkaSteps = keys * ps * sum(g.Consumers)
	}
	c.Bytes = cellBytes + rows
	return c
}

// gridRecordBytes bound a reading's key and value on the Kafka engine: a
// key of the source's names or periods, three varints of value.
const gridRecordBytes = 48

func (Grid) sourceUse() SourceUse { return UsesSeed | UsesReadings }
