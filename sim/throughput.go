package sim

import (
	"fmt"
	"slices"
	"strconv"
	"time"
)

// Throughput is Part 2 of the Day 24 lab, modelled: a group of C consumers
// works a topic's partitions, each consumer its own partitions record by
// record, Work per record. A consumer's time is its load × Work; the group
// finishes with its slowest consumer. 8 partitions × 100 records × 8 ms:
// 1, 2, 4, 8 consumers reach 1×, 2×, 4×, 8×; 16 consumers stay at 8× with 8
// idle, because a partition has one owner.
//
// The partitions are equal (Records each) unless From names a grid
// combination, whose partition sizes are used instead, so that a key's skew
// shows in the throughput.
type Throughput struct {
	ID         string
	Partitions int
	Records    int // per partition
	From       *ThroughputFrom
	Work       time.Duration
	Consumers  []int
	Assignor   string
	Measure    bool // the author asks for a measured run beside the model
}

// ThroughputFrom names one key and partition count of an earlier grid cell.
type ThroughputFrom struct {
	Grid       string
	Key        Key
	Partitions int
}

// ThroughputResult is the modelled group for each consumer count.
type ThroughputResult struct {
	Kind     Kind            `json:"kind"` // KindThroughput
	ID       string          `json:"id"`
	Assignor string          `json:"assignor"`
	Sizes    []int           `json:"sizes"` // records per partition
	Records  int             `json:"records"`
	WorkMS   float64         `json:"work_ms"`
	Rows     []ThroughputRow `json:"rows"`
	Spec     Throughput      `json:"-"`
}

// ThroughputRow is one consumer count.
type ThroughputRow struct {
	Consumers int     `json:"consumers"`
	Loads     []int   `json:"loads"`
	WallS     float64 `json:"wall_s"`     // the slowest consumer's time
	PerSecond float64 `json:"per_second"` // records ÷ wall time
	Speedup   float64 `json:"speedup"`    // against one consumer doing everything
	Ideal     int     `json:"ideal"`      // min(consumers, partitions)
	Idle      int     `json:"idle"`       // consumers with no record to work
}

// MaxLoad is the most loaded consumer's records: the group's pace.
func (r ThroughputRow) MaxLoad() int { return slices.Max(r.Loads) }

// Lost is the speedup lost against the ideal min(C, P); 0 when the row
// reaches it.
func (r ThroughputRow) Lost() float64 { return max(float64(r.Ideal)-r.Speedup, 0) }

// ThroughputMeasuredClose is how far, in percent of the model, a measured speedup may
// stray and still ride the partition count as the model does.
const ThroughputMeasuredClose = 10

// ThroughputApart is how far a measured row's speedup is from the model's, in percent
// of the model's: |run − model| ÷ model; 0 when the model has no speedup.
func ThroughputApart(model, run ThroughputRow) float64 {
	if model.Speedup <= 0 {
		return 0
	}
	return 100 * max(run.Speedup-model.Speedup, model.Speedup-run.Speedup) / model.Speedup
}

// ThroughputMeasurement is a real run of a Throughput cell, with the machine it ran
// on: package sim/measure makes it, beside the model, since the engine
// itself reads no clock.
type ThroughputMeasurement struct {
	Machine string          `json:"machine"`
	Rows    []ThroughputRow `json:"rows"`
}

// KindThroughput is the kind of a Throughput cell.
const KindThroughput Kind = "throughput"

// Kind returns KindThroughput.
func (Throughput) Kind() Kind { return KindThroughput }

// CellID returns the cell's id.
func (t Throughput) CellID() string { return t.ID }

func (t Throughput) run(e *env) (Result, error) {
	assign, err := AssignorByName(t.Assignor)
	if err != nil {
		return nil, err
	}
	sizes := t.sizes()
	if t.From != nil {
		g, ok := e.result(t.From.Grid).(*GridResult)
		if !ok {
			return nil, fmt.Errorf("no grid %q before this cell", t.From.Grid)
		}
		row, ok := g.Row(t.From.Key, t.From.Partitions, g.Grid.Consumers[0])
		if !ok {
			return nil, fmt.Errorf("grid %q has no %s key with %d partitions", t.From.Grid, t.From.Key, t.From.Partitions)
		}
		sizes = row.Sizes
	}
	for _, n := range t.Consumers {
		e.tick(len(sizes) + n)
	}
	return t.model(sizes, assign), nil
}

// model is the group's run over partitions of the given sizes, for each
// consumer count.
func (t Throughput) model(sizes []int, assign Assignor) *ThroughputResult {
	res := &ThroughputResult{Kind: KindThroughput, ID: t.ID, Assignor: t.Assignor, Sizes: sizes,
		WorkMS: float64(t.Work) / float64(time.Millisecond), Spec: t}
	for _, n := range sizes {
		res.Records += n
	}
	for _, c := range t.Consumers {
		loads := GroupLoads(sizes, assign(len(sizes), c))
		slowest := 0
		for _, l := range loads {
			slowest = max(slowest, l)
		}
		res.Rows = append(res.Rows, NewThroughputRow(res.Records, loads, len(sizes),
			time.Duration(slowest)*t.Work, time.Duration(res.Records)*t.Work))
	}
	return res
}

// GroupLoads returns the records each consumer owns.
func GroupLoads(sizes []int, owned [][]int) []int {
	loads := make([]int, len(owned))
	for c, parts := range owned {
		for _, p := range parts {
			loads[c] += sizes[p]
		}
	}
	return loads
}

// NewThroughputRow states a group's run: wall is its slowest consumer's time
// and single what one consumer alone would take. The model and a measured run
// (package sim/measure) both report through it.
func NewThroughputRow(records int, loads []int, partitions int, wall, single time.Duration) ThroughputRow {
	r := ThroughputRow{Consumers: len(loads), Loads: loads, WallS: wall.Seconds(), Ideal: min(len(loads), partitions)}
	for _, l := range loads {
		if l == 0 {
			r.Idle++
		}
	}
	if wall > 0 {
		r.PerSecond = float64(records) / wall.Seconds()
		r.Speedup = float64(single) / float64(wall)
	}
	return r
}

// MeasureCost is how long measuring the cell takes by its own model: one
// consumer alone, then every larger consumer count of the cell, to a tenth
// of a second.
func (r *ThroughputResult) MeasureCost() time.Duration {
	total := float64(r.Records) * r.WorkMS / 1000
	for _, row := range r.Rows {
		if row.Consumers > 1 {
			total += row.WallS
		}
	}
	return time.Duration(total * float64(time.Second)).Round(100 * time.Millisecond)
}

// Row returns the row of a consumer count.
func (r *ThroughputResult) Row(consumers int) (ThroughputRow, bool) {
	for _, row := range r.Rows {
		if row.Consumers == consumers {
			return row, true
		}
	}
	return ThroughputRow{}, false
}

// A throughput's figures are a family over its consumer counts: speedup@C,
// per_second@C, wall_s@C and idle@C.
var throughputFigures = figureTable[Throughput, *ThroughputResult, ThroughputRow]{
	members: func(t Throughput) []string { return itoaAll(t.Consumers) },
	row: func(r *ThroughputResult, member string) (ThroughputRow, bool) {
		c, err := strconv.Atoi(member)
		if err != nil {
			return ThroughputRow{}, false
		}
		return r.Row(c)
	},
	family: []figure[Throughput, ThroughputRow]{
		{name: "speedup", value: func(r ThroughputRow) float64 { return r.Speedup }},
		{name: "per_second", value: func(r ThroughputRow) float64 { return r.PerSecond }},
		{name: "wall_s", value: func(r ThroughputRow) float64 { return r.WallS }},
		{name: "idle", value: func(r ThroughputRow) float64 { return float64(r.Idle) }},
	},
}

func (Throughput) figures() figureSet { return throughputFigures }

// itoaAll spells whole numbers: the members of a family over counts.
func itoaAll(ns []int) []string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = strconv.Itoa(n)
	}
	return out
}

// sizes are the cell's equal partitions, Records each.
func (t Throughput) sizes() []int {
	sizes := make([]int, t.Partitions)
	for p := range sizes {
		sizes[p] = t.Records
	}
	return sizes
}

// Cost of a throughput cell: its model, a row per consumer count listing
// their loads, and the sleep of a measured run, which is MeasureCost of the
// model. The model of equal partitions takes at most a few hundred thousand
// steps, so Cost runs it; the partitions of a From grid are unknown until the grid runs, so
// for them Cost takes the most they can cost: every reading in one
// partition, every consumer count as slow as one consumer.
func (t Throughput) Cost(src Source) Cost {
	sizes := t.sizes()
	if t.From != nil {
		sizes = []int{int(src.readings())}
	}
	c := Cost{Rows: int64(len(t.Consumers))}
	parts := int64(len(sizes))
	if t.From != nil {
		parts = int64(t.From.Partitions)
	}
	for _, n := range t.Consumers {
		c.Visits += parts + int64(n)
	}
	records := sum(sizes)
	c.Bytes = cellBytes + c.Rows*rowBytes + listBytes(sum(t.Consumers)+int64(len(sizes)), records)
	if assign, err := AssignorByName(t.Assignor); err == nil {
		c.Measure = t.model(sizes, assign).MeasureCost()
	}
	return c
}

// Refs lists the ids of the earlier cells that c is computed from: a
// throughput's From grid; none for every other cell. A page that
// recomputes c hands them to the engine first.
func Refs(c Cell) []string {
	if t, ok := c.(Throughput); ok && t.From != nil {
		return []string{t.From.Grid}
	}
	return nil
}
