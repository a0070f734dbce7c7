package sim

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// A Budget bounds what computing one scenario may cost, so that a scenario
// file, which may come from anyone, cannot keep a CI machine busy for hours
// or fill its disk. Each cell states its cost from its spec (Cell.Cost); the
// budget is checked before anything runs.
type Budget struct {
	Visits, Rows, Output, KafkaGroups int64
	KafkaBytes, KafkaSteps            int64
	Measure                           time.Duration
}

// DefaultBudget is the budget when no flag raises a limit. It fits the
// shipped scenarios, the lesson's grid at a million subscribers
// (144,000,000 visits) and a 4-key 64×64 grid (16,384 rows, about 46 MB)
// several times over, and the third page on the Kafka engine (its
// rebalance and lag cells run 83 consumer groups); the Kafka engine's
// records in a gigabyte of memory.
func DefaultBudget() Budget {
	return Budget{
		Visits:      1_000_000_000,
		Rows:        65_536,
		Output:      256 << 20,
		KafkaGroups: 128,
		KafkaBytes:  1 << 30,
		KafkaSteps:  65_536,
		Measure:     10 * time.Minute,
	}
}

// Limits of what the Kafka engine (sim/kafka) puts through Kafka, which no
// budget raises: every consumer is a client with its own connections, and
// kfake holds every record in memory (about 200 bytes a record).
// MaxKafkaRecords is a thousand times the lesson's source.
const (
	MaxKafkaConsumers = 256
	MaxKafkaRecords   = 2_400_000
)

// A limit is one line of the budget: what it counts, how a cell's cost
// gives the count, the bound, how the numbers read and the flag that raises
// it ("" for a bound of the engine that no flag raises).
type limit struct {
	what  string
	flag  string
	cost  func(Cost) int64
	bound func(Budget) int64
	show  func(int64) string
}

var limits = []limit{
	{"record visits", "max-visits", func(c Cost) int64 { return c.Visits }, func(b Budget) int64 { return b.Visits }, count},
	{"result rows", "max-rows", func(c Cost) int64 { return c.Rows }, func(b Budget) int64 { return b.Rows }, count},
	{"of output (estimated)", "max-output", func(c Cost) int64 { return c.Bytes }, func(b Budget) int64 { return b.Output }, showBytes},
	{"Kafka consumer group runs", "max-kafka-groups", func(c Cost) int64 { return c.KafkaGroups }, func(b Budget) int64 { return b.KafkaGroups }, count},
	{"of records held by the Kafka engine", "max-kafka-bytes", func(c Cost) int64 { return c.KafkaBytes }, func(b Budget) int64 { return b.KafkaBytes }, showBytes},
	{"Kafka group member-steps", "max-kafka-steps", func(c Cost) int64 { return c.KafkaSteps }, func(b Budget) int64 { return b.KafkaSteps }, count},
	{"consumers in one Kafka group", "", func(c Cost) int64 { return c.KafkaConsumers }, func(Budget) int64 { return MaxKafkaConsumers }, count},
	{"records in one Kafka topic", "", func(c Cost) int64 { return c.KafkaRecords }, func(Budget) int64 { return MaxKafkaRecords }, count},
	{"of measured sleep", "max-measure", func(c Cost) int64 { return int64(c.Measure) }, func(b Budget) int64 { return int64(b.Measure) },
		func(n int64) string { return time.Duration(n).String() }},
}

// An Overrun is a limit of the budget that a cell exceeds: Cell is its
// index among the cells given to Check, Msg says by how much and how to
// raise the limit.
type Overrun struct {
	Cell int
	Msg  string
}

// Check lists every limit that the cells' computations exceed, before
// anything runs: every limit a cell exceeds alone is an overrun at the cell,
// and a limit the cells exceed only together is one overrun at the cell that
// crosses it. A nil cell (a Markdown cell) costs nothing. Measured sleep
// counts only when measure is set (--measure measures every throughput
// cell).
func (b Budget) Check(src Source, cells []Cell, measure bool) []Overrun {
	var out []Overrun
	var total Cost
	crossed := make([]bool, len(limits))
	for i, c := range cells {
		if c == nil {
			continue
		}
		cost := cellCost(c, src, measure)
		total = total.Add(cost)
		for j, l := range limits {
			bound := l.bound(b)
			var msg string
			switch n, sum := l.cost(cost), l.cost(total); {
			case n > bound:
				msg = fmt.Sprintf("this %s needs %s %s; the limit is %s", c.Kind(), l.show(n), l.what, l.show(bound))
			case sum > bound && !crossed[j]:
				msg = fmt.Sprintf("with the cells before it, this scenario needs %s %s; the limit is %s", l.show(sum), l.what, l.show(bound))
			default:
				continue
			}
			crossed[j] = true
			if l.flag == "" {
				msg += " (the Kafka engine's own)"
			} else {
				msg += fmt.Sprintf(" (raise it with --%s)", l.flag)
			}
			out = append(out, Overrun{Cell: i, Msg: msg})
		}
	}
	return out
}

// cellCost is what c costs over src; measured sleep only with measure.
func cellCost(c Cell, src Source, measure bool) Cost {
	cost := c.Cost(src)
	if !measure {
		cost.Measure = 0
	}
	return cost
}

// RunCost is what computing the cells over src costs in all (see Check).
func RunCost(src Source, cells []Cell, measure bool) Cost {
	var total Cost
	for _, c := range cells {
		if c != nil {
			total = total.Add(cellCost(c, src, measure))
		}
	}
	return total
}

// CheckTotal lists every limit of the budget that total, the cost of many
// runs written at once (what, such as "a roster's 300 variants"), exceeds:
// the limits of one Kafka group or topic are each run's own, and Check's.
func (b Budget) CheckTotal(what string, total Cost) []string {
	var out []string
	for _, l := range limits {
		if n, bound := l.cost(total), l.bound(b); l.flag != "" && n > bound {
			out = append(out, fmt.Sprintf("%s need %s %s together; the limit is %s (raise it with --%s)", what, l.show(n), l.what, l.show(bound), l.flag))
		}
	}
	return out
}

// count spells a whole number with thousands separators: 16,384.
func count(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// showBytes spells a size in MB when it is a whole number of them, such as
// the default limit, and else exactly in bytes.
func showBytes(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return count(n>>20) + " MB"
	}
	return count(n) + " bytes"
}
