package sim

import (
	"fmt"
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
	From       *GridCombo
	Work       time.Duration
	Consumers  []int
	Assignor   string
	Measure    bool // the author asks for a measured run beside the model
}

// GridCombo names one key and partition count of an earlier grid cell.
type GridCombo struct {
	Grid       string
	Key        Key
	Partitions int
}

// ThroughputResult is the modelled group for each consumer count.
type ThroughputResult struct {
	Kind     string          `json:"kind"` // "throughput"
	ID       string          `json:"id"`
	Assignor string          `json:"assignor"`
	Sizes    []int           `json:"sizes"` // records per partition
	Records  int             `json:"records"`
	WorkMS   float64         `json:"work_ms"`
	Rows     []ThroughputRow `json:"rows"`
	// Measured is filled by package sim/measure when a run is asked for;
	// the engine itself reads no clock.
	Measured *Measurement `json:"measured,omitempty"`
	Spec     Throughput   `json:"-"`
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

// Measurement is a real run of a Throughput cell, with the machine it ran on.
type Measurement struct {
	Machine string          `json:"machine"`
	Rows    []ThroughputRow `json:"rows"`
}

func (t Throughput) cellID() string { return t.ID }

func (t Throughput) run(e *env) (Result, error) {
	assign, err := AssignorByName(t.Assignor)
	if err != nil {
		return nil, err
	}
	sizes := make([]int, t.Partitions)
	for p := range sizes {
		sizes[p] = t.Records
	}
	if t.From != nil {
		g, ok := e.results[t.From.Grid].(*GridResult)
		if !ok {
			return nil, fmt.Errorf("no grid %q before this cell", t.From.Grid)
		}
		row, ok := g.Row(t.From.Key, t.From.Partitions, g.Grid.Consumers[0])
		if !ok {
			return nil, fmt.Errorf("grid %q has no %s key with %d partitions", t.From.Grid, t.From.Key, t.From.Partitions)
		}
		sizes = row.Sizes
	}
	res := &ThroughputResult{Kind: "throughput", ID: t.ID, Assignor: t.Assignor, Sizes: sizes,
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
	return res, nil
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

// Row returns the row of a consumer count.
func (r *ThroughputResult) Row(consumers int) (ThroughputRow, bool) {
	for _, row := range r.Rows {
		if row.Consumers == consumers {
			return row, true
		}
	}
	return ThroughputRow{}, false
}

// Value answers speedup@C, per_second@C, wall_s@C and idle@C.
func (r *ThroughputResult) Value(name string) (float64, bool) {
	figure, c, ok := atCount(name)
	if !ok {
		return 0, false
	}
	row, ok := r.Row(c)
	if !ok {
		return 0, false
	}
	switch figure {
	case "speedup":
		return row.Speedup, true
	case "per_second":
		return row.PerSecond, true
	case "wall_s":
		return row.WallS, true
	case "idle":
		return float64(row.Idle), true
	}
	return 0, false
}

// Values lists the names Value answers for this cell.
func (t Throughput) Values() []string {
	var names []string
	for _, c := range t.Consumers {
		for _, f := range []string{"speedup", "per_second", "wall_s", "idle"} {
			names = append(names, f+"@"+strconv.Itoa(c))
		}
	}
	return names
}

// atCount splits "figure@N".
func atCount(name string) (figure string, n int, ok bool) {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '@' {
			n, err := strconv.Atoi(name[i+1:])
			return name[:i], n, err == nil
		}
	}
	return "", 0, false
}
