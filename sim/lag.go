package sim

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Lag is a consumer group falling behind, step by step: every step the
// producers write Rate records, Hot percent of them with one hot key, which
// lives in partition 0, and the rest spread evenly over the partitions (the
// first Rate mod P partitions one record more); then each consumer reads up
// to PerConsumer records from its partitions. A consumer reads its
// partitions in turn, one record from each that has one, lowest partition
// first, until it has read its records or caught up, as a fetch that asks
// every partition for the same amount does. A partition's lag is the records
// written to it and not yet read, after the step.
//
// 4 partitions, 400 records a step, 25% hot, 100 records a step per consumer:
// partition 0 gets 100 + 75 = 175 a step and the others 75. With 4 consumers
// partition 0 falls 75 behind every step while the others keep up, and 8
// consumers do no better: one partition has one reader, and the hot key's
// partition is the ceiling.
//
// A burst adds records at one step, spread as that step's records are; the
// time it takes to drain is the steps until every partition's lag is what it
// would have been without it.
type Lag struct {
	ID          string
	Partitions  int
	Rate        int // records written per step
	Hot         int // percent of them with the hot key, in partition 0
	PerConsumer int // records one consumer reads per step
	Consumers   []int
	Steps       int
	Burst       *LagBurst
	Assignor    string
	Engine      Engine // "" is EngineSim
}

// LagBurst is extra records written at one step, numbered from 1.
type LagBurst struct {
	At      int
	Records int
}

// LagResult is the group's lag for each consumer count.
type LagResult struct {
	Kind        Kind      `json:"kind"` // KindLag
	ID          string    `json:"id"`
	Partitions  int       `json:"partitions"`
	Rate        int       `json:"rate"`
	Hot         int       `json:"hot"`
	PerConsumer int       `json:"per_consumer"`
	Steps       int       `json:"steps"`
	Burst       *LagBurst `json:"burst,omitempty"`
	Assignor    string    `json:"assignor"`
	Engine      Engine    `json:"engine"`
	Written     []int     `json:"written"`  // records written to each partition per step, without the burst
	HotRate     int       `json:"hot_rate"` // records written to partition 0 per step
	Ceiling     int       `json:"ceiling"`  // the fewest consumers compared past which no count lowers the largest lag
	Rows        []LagRow  `json:"rows"`
	Spec        Lag       `json:"-"`
}

// LagRow is one consumer count: each partition's lag after each step, the
// total per step, the largest lag of one partition and where it was, the
// total at the end, the consumers that own nothing, and the steps the burst
// took to drain (-1: not within the steps).
type LagRow struct {
	Consumers    int     `json:"consumers"`
	Lags         [][]int `json:"lags"` // Lags[s][p]: partition p after step s+1
	Total        []int   `json:"total"`
	MaxLag       int     `json:"max_lag"`
	MaxPartition int     `json:"max_partition"`
	Final        int     `json:"final"`
	Idle         int     `json:"idle"`
	Drain        int     `json:"drain"`
}

// LagRead is how long one read takes in a measured run of a lag cell
// (package sim/measure), whose step is then PerConsumer reads long.
const LagRead = 100 * time.Microsecond

// LagMeasurement is a real run of a lag cell, with the machine it ran on,
// beside the model: package sim/measure makes it.
type LagMeasurement struct {
	Machine string   `json:"machine"`
	Rows    []LagRow `json:"rows"`
}

// KindLag is the kind of a Lag cell.
const KindLag Kind = "lag"

// Kind returns KindLag.
func (Lag) Kind() Kind { return KindLag }

// CellID returns the cell's id.
func (l Lag) CellID() string { return l.ID }

// Split is how n records written at one step spread over the partitions:
// Hot percent to partition 0, the rest evenly, the first ones a record more.
func (l Lag) Split(n int) []int {
	hot := n * l.Hot / 100
	rest := n - hot
	out := make([]int, l.Partitions)
	for p := range out {
		out[p] = rest / l.Partitions
		if p < rest%l.Partitions {
			out[p]++
		}
	}
	out[0] += hot
	return out
}

func (l Lag) run(e *env) (Result, error) {
	assign, err := AssignorByName(l.Assignor)
	if err != nil {
		return nil, err
	}
	w := l.Split(l.Rate)
	res := &LagResult{Kind: KindLag, ID: l.ID, Partitions: l.Partitions, Rate: l.Rate, Hot: l.Hot,
		PerConsumer: l.PerConsumer, Steps: l.Steps, Burst: l.Burst, Assignor: l.Assignor, Engine: cmp.Or(l.Engine, EngineSim), Written: w, HotRate: w[0], Spec: l}
	for _, c := range l.Consumers {
		if err := e.check(); err != nil {
			return nil, err
		}
		if !e.tick(l.Partitions + c) {
			break
		}
		owned := assign(l.Partitions, c)
		e.tick(l.Steps * l.Partitions)
		var calm [][]int
		if l.Burst != nil {
			e.tick(l.Steps * l.Partitions)
			calm = l.steps(owned, false)
		}
		res.Rows = append(res.Rows, l.NewRow(owned, l.steps(owned, true), calm))
	}
	res.Ceiling = lagCeiling(res.Rows)
	return res, nil
}

// NewRow states one group's run from every partition's lag after every
// step, and, with a burst, the same group's lags without it, which time
// the drain. The model and a measured run (package sim/measure) both report
// through it.
func (l Lag) NewRow(owned [][]int, lags, calm [][]int) LagRow {
	row := LagRow{Consumers: len(owned), Lags: lags, Drain: -1}
	for _, parts := range owned {
		if len(parts) == 0 {
			row.Idle++
		}
	}
	for _, lags := range row.Lags {
		t := 0
		for p, n := range lags {
			t += n
			if n > row.MaxLag {
				row.MaxLag, row.MaxPartition = n, p
			}
		}
		row.Total = append(row.Total, t)
	}
	row.Final = row.Total[len(row.Total)-1]
	if l.Burst != nil {
		for s := l.Burst.At - 1; s < l.Steps; s++ {
			if slices.Equal(row.Lags[s], calm[s]) {
				row.Drain = s - (l.Burst.At - 1)
				break
			}
		}
	}
	return row
}

// steps returns every partition's lag after every step.
func (l Lag) steps(owned [][]int, burst bool) [][]int {
	lag := make([]int, l.Partitions)
	w := l.Split(l.Rate)
	var extra []int
	if burst && l.Burst != nil {
		extra = l.Split(l.Burst.Records)
	}
	out := make([][]int, l.Steps)
	for s := range out {
		for p := range lag {
			lag[p] += w[p]
			if extra != nil && s == l.Burst.At-1 {
				lag[p] += extra[p]
			}
		}
		for _, parts := range owned {
			read(lag, parts, l.PerConsumer)
		}
		out[s] = slices.Clone(lag)
	}
	return out
}

// read takes up to n records from the partitions parts, in turns of one
// record from each partition that has one, lowest first. k whole turns
// take min(lag, k) from each; the largest k the records allow is found by
// bisection, and what is left after them goes one record each to the
// lowest partitions that still have one. Lags 1 10 10 and 5 records: two
// turns take 1 2 2.
func read(lag []int, parts []int, n int) {
	taken := func(k int) int {
		t := 0
		for _, p := range parts {
			t += min(lag[p], k)
		}
		return t
	}
	most := 0
	for _, p := range parts {
		most = max(most, lag[p])
	}
	lo, hi := 0, most // taken(lo) <= n; find the largest such k
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if taken(mid) <= n {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	left := n - taken(lo)
	for _, p := range parts {
		t := min(lag[p], lo)
		if left > 0 && lag[p] > lo {
			t++
			left--
		}
		lag[p] -= t
	}
}

// lagCeiling is the fewest consumers, among the counts compared, past which
// no count compared has a smaller largest lag.
func lagCeiling(rows []LagRow) int {
	best := rows[0]
	for _, r := range rows[1:] {
		if r.MaxLag < best.MaxLag || r.MaxLag == best.MaxLag && r.Consumers < best.Consumers {
			best = r
		}
	}
	return best.Consumers
}

// Row returns the row of a consumer count.
func (r *LagResult) Row(consumers int) (LagRow, bool) {
	for _, row := range r.Rows {
		if row.Consumers == consumers {
			return row, true
		}
	}
	return LagRow{}, false
}

// A lag cell's figures: hot_rate and ceiling, and a family over its
// consumer counts, max_lag@C, final@C, idle@C and, with a burst, drain@C.
var lagFigures = figureTable[Lag, *LagResult, LagRow]{
	figures: []figure[Lag, *LagResult]{
		{name: "hot_rate", value: func(r *LagResult) float64 { return float64(r.HotRate) }},
		{name: "ceiling", value: func(r *LagResult) float64 { return float64(r.Ceiling) }},
	},
	members: func(l Lag) []string { return itoaAll(l.Consumers) },
	row: func(r *LagResult, member string) (LagRow, bool) {
		c, err := strconv.Atoi(member)
		if err != nil {
			return LagRow{}, false
		}
		return r.Row(c)
	},
	family: []figure[Lag, LagRow]{
		{name: "max_lag", value: func(r LagRow) float64 { return float64(r.MaxLag) }},
		{name: "final", value: func(r LagRow) float64 { return float64(r.Final) }},
		{name: "idle", value: func(r LagRow) float64 { return float64(r.Idle) }},
		{name: "drain", value: func(r LagRow) float64 { return float64(r.Drain) }, when: func(l Lag) bool { return l.Burst != nil }},
	},
}

func (Lag) figures() figureSet { return lagFigures }

// Cost of a lag cell: every partition at every step for every consumer
// count, twice with a burst; a row per consumer count and step, listing a
// lag per partition, which grows by at most the records written; and a
// measured run's sleep, a step of PerConsumer reads for each of those steps;
// on the Kafka engine, a consumer group and a topic per run, and the rows
// again, as observed.
func (l Lag) Cost(Source) Cost {
	runs := int64(len(l.Consumers))
	largestLag := int64(l.Rate) * int64(l.Steps)
	if l.Burst != nil {
		largestLag += int64(l.Burst.Records)
	}
	rows := runs * int64(l.Steps)
	visits := rows * int64(l.Partitions)
	if l.Burst != nil {
		visits *= 2
	}
	c := Cost{Visits: visits + runs*int64(l.Partitions) + sum(l.Consumers), Rows: rows, Bytes: cellBytes + rows*rowBytes + listBytes(rows*int64(l.Partitions+1), largestLag),
		Measure: time.Duration(visits/int64(l.Partitions)*int64(l.PerConsumer)) * LagRead}
	if l.Engine.Kafka() {
		c.Bytes += rows*rowBytes + listBytes(rows*int64(l.Partitions+1), largestLag)
		c.KafkaGroups = visits / int64(l.Partitions) / int64(l.Steps)
		c.KafkaConsumers = int64(slices.Max(l.Consumers))
		c.KafkaRecords = largestLag
		c.KafkaBytes = c.KafkaGroups * largestLag * kafkaRecordBytes
		c.KafkaSteps = sum(l.Consumers) * int64(l.Steps)
	}
	return c
}

// LagObserved is a lag cell run on the Kafka engine: each consumer count's
// row as a real consumer group read the topic, step by step, with each
// partition's lag taken from the group's committed offsets and the high
// watermarks, and its figures beside the model's.
type LagObserved struct {
	Engine   string         `json:"engine"`  // "kafka"
	Cluster  string         `json:"cluster"` // "kfake" or "brokers"
	Agree    bool           `json:"agree"`   // every compared figure agrees
	Compared int            `json:"compared"`
	Agreeing int            `json:"agreeing"`
	Rows     []LagRow       `json:"rows"`
	Owned    [][][]int      `json:"owned"` // Owned[i][c]: consumer c's partitions in row i, as the group assigned them
	Checks   []LagAgreement `json:"checks"`
}

// LagAgreement is one figure of one consumer count on both engines; one
// listed beside, not compared, says why.
type LagAgreement struct {
	Consumers int    `json:"consumers"`
	Figure    string `json:"figure"`
	Sim       string `json:"sim"`
	Kafka     string `json:"kafka"`
	Compared  bool   `json:"compared"`
	Agrees    bool   `json:"agrees"`
	Why       string `json:"why,omitempty"`
}

// lagsFigure compares every partition's lag after every step.
const lagsFigure = "each partition's lag after each step"

// stepsWords names the lags of steps steps over partitions partitions.
func stepsWords(steps, partitions int) string {
	return fmt.Sprintf("%d steps × %d partitions", steps, partitions)
}

// lagsDiffer is stepsWords when every partition's lag agrees, or the
// first step where one does not.
func lagsDiffer(want, got [][]int, partitions int) string {
	for s := range want {
		if !slices.Equal(want[s], got[s]) {
			return fmt.Sprintf("after step %d: %v, the model %v", s+1, got[s], want[s])
		}
	}
	return stepsWords(len(want), partitions)
}

// LagSharedWhy is why a figure that depends on how one consumer shares its
// reads among its partitions is listed beside the model's, not compared.
const LagSharedWhy = "a consumer of several partitions takes what a fetch returned, a batch of one partition after another; the model takes a record from each in turn"

// LagCompare puts the rows measured on Kafka beside the model's. What a
// real group must match exactly is compared: the assignment the group
// agreed, the idle consumers, the records behind after every step (each
// consumer reads its budget or catches up) and at the end. How those
// records are shared among one consumer's partitions is the fetch's, not
// the model's: the largest lag, where it was, every partition's lag and
// the drain, which compares those lags, are compared only in rows where no
// consumer owns more than one partition, and listed beside otherwise.
func LagCompare(cluster string, res *LagResult, rows []LagRow, owned [][][]int) *LagObserved {
	o := &LagObserved{Engine: "kafka", Cluster: cluster, Rows: rows, Owned: owned}
	assign, _ := AssignorByName(res.Assignor)
	for i, want := range res.Rows {
		got := rows[i]
		single := true
		for _, ps := range owned[i] {
			single = single && len(ps) <= 1
		}
		add := func(figure, a, b string, compared bool) {
			c := LagAgreement{Consumers: want.Consumers, Figure: figure, Sim: a, Kafka: b, Compared: compared, Agrees: a == b}
			if compared {
				o.Compared++
				if c.Agrees {
					o.Agreeing++
				}
			} else {
				c.Why = LagSharedWhy
			}
			o.Checks = append(o.Checks, c)
		}
		var simOwned [][]int
		if assign != nil {
			simOwned = assign(res.Partitions, want.Consumers)
		}
		add("assignment", fmt.Sprint(simOwned), fmt.Sprint(owned[i]), true)
		add("idle", strconv.Itoa(want.Idle), strconv.Itoa(got.Idle), true)
		add("records behind after each step", strings.Join(itoaAll(want.Total), " "), strings.Join(itoaAll(got.Total), " "), true)
		add("lag at the end", strconv.Itoa(want.Final), strconv.Itoa(got.Final), true)
		add("largest lag", fmt.Sprintf("%d in p%d", want.MaxLag, want.MaxPartition), fmt.Sprintf("%d in p%d", got.MaxLag, got.MaxPartition), single)
		add(lagsFigure, stepsWords(len(want.Lags), res.Partitions), lagsDiffer(want.Lags, got.Lags, res.Partitions), single)
		if res.Burst != nil {
			add("burst drained, steps after", strconv.Itoa(want.Drain), strconv.Itoa(got.Drain), single)
		}
	}
	o.Agree = o.Agreeing == o.Compared
	return o
}
