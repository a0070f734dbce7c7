package sim

import "time"

// Cost is what computing a cell takes, worked out from its spec and the
// source before anything runs, so that a scenario too big for the machine is
// refused before it starts. Each kind states its own cost in its file
// (Grid.Cost and so on). Counts are int64: the scenario's bounds (lists of
// at most 64, counts of at most 4096, a million subscribers) keep every
// product far inside it.
type Cost struct {
	// Visits are the records and keys the engine places or reads: a grid
	// visits every reading once per key and partition count.
	Visits int64
	// Rows are the rows of the cell's result tables: a grid has one per key,
	// partition count and consumer count.
	Rows int64
	// Bytes estimate what the cell adds to results.json, results.csv and its
	// page; numbers in lists dominate (a grid row lists a load per consumer
	// and a size per partition).
	Bytes int64
	// KafkaGroups are the consumer groups the Kafka engine runs, one per grid
	// row; KafkaConsumers the most consumers in one of them, each a client
	// of its own; KafkaRecords the most records in one of its topics, which
	// an in-process cluster holds in memory.
	KafkaGroups    int64
	KafkaConsumers int64
	KafkaRecords   int64
	// KafkaBytes are what the Kafka engine's topics hold, every record's
	// key and value and kfake's own share of it (kafkaRecordBytes), all of
	// which an in-process cluster keeps in memory until the run ends;
	// KafkaSteps are the member-steps of its groups, a member taking part
	// in one step of its group's run (one for a grid's group, one per
	// rebalance or lag step), each a round trip or more to the cluster.
	KafkaBytes int64
	KafkaSteps int64
	// Measure is the sleep a measured run of the cell takes (--measure).
	Measure time.Duration
}

// Add is the cost of computing both.
func (c Cost) Add(o Cost) Cost {
	return Cost{
		Visits: c.Visits + o.Visits, Rows: c.Rows + o.Rows, Bytes: c.Bytes + o.Bytes,
		KafkaGroups: c.KafkaGroups + o.KafkaGroups, KafkaConsumers: max(c.KafkaConsumers, o.KafkaConsumers),
		KafkaRecords: max(c.KafkaRecords, o.KafkaRecords), KafkaBytes: c.KafkaBytes + o.KafkaBytes,
		KafkaSteps: c.KafkaSteps + o.KafkaSteps, Measure: c.Measure + o.Measure,
	}
}

// The output estimate: a cell's fixed share (its input, headings, narrative
// and JSON frame), a result row's fixed fields (indented in results.json, a
// line of results.csv, a row of the page's table), and a number in one of a
// row's lists. Measured on grids of 16 to 16,384 rows, the estimate is
// within 1.5× of the bytes written, above them.
const (
	cellBytes = 4 << 10
	rowBytes  = 1300
)

// kafkaRecordBytes is what kfake holds for a record besides its key and
// value (its batch's share, offsets and bookkeeping), about 200 bytes.
const kafkaRecordBytes = 200

// listBytes is the estimated output of n numbers of at most largest: each
// has a line of its own in the indented results.json (12 spaces, its digits,
// ",\n") and a field in results.csv.
func listBytes(n, largest int64) int64 {
	digits := int64(1)
	for ; largest >= 10; largest /= 10 {
		digits++
	}
	return n * (15 + 2*digits)
}

// readings is how many readings the source generates.
func (s Source) readings() int64 { return int64(s.Subscribers) * int64(s.Periods) }

// largest is the greatest of ns, 0 for none.
func largest(ns []int) int64 {
	var m int64
	for _, n := range ns {
		m = max(m, int64(n))
	}
	return m
}

func sum(ns []int) int64 {
	var t int64
	for _, n := range ns {
		t += int64(n)
	}
	return t
}
