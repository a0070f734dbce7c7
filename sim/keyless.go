package sim

import (
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// Keyless is records without a key: where the producer's partitioner sends
// them over a window of the first N records, for each window and partitioner
// compared. Four partitioners, as franz-go implements them
// (pkg/kgo/partitioner.go):
//
//   - roundrobin: record i goes to partition i mod P (Kafka's default for
//     keyless records up to 2.3; kgo.RoundRobinPartitioner). 4 partitions,
//     10 records: 3 3 2 2.
//   - sticky: stay on one partition until its batch is sent (here when it
//     is full: a producer's linger.ms may send it sooner), then pick
//     another at random, never the one just left (KIP-480, Kafka 2.4 to 3.2;
//     kgo.StickyPartitioner). With 16,384-byte batches of 100-byte values a
//     batch holds 148 records, so 1,000 records over 4 partitions land in
//     runs of 148: every count a multiple of 148 but one, whatever the seed
//     (seed 20260218: 112 148 296 444).
//   - uniform: stay on one partition until batch bytes of records have gone
//     to it, counting each record as franz-go does (its encoded length in a
//     batch, without the batch's header), then pick any partition at random,
//     the one just left included (KIP-794, Kafka 3.3 on;
//     kgo.UniformBytesPartitioner(batch, false, …)).
//   - adaptive: uniform, but the next partition is drawn with weight
//     1 ÷ (backlog + 1), the backlog being the records a partition holds
//     that have not left in a full batch (kgo.UniformBytesPartitioner(batch,
//     true, …)). franz-go reads the backlog from its buffers, which depends
//     on the network; the simulation's backlog is the partition's records
//     mod the records a batch holds, as if every full batch left at once.
//     Its draw is franz-go's, step for step: the weights summed from the
//     last partition down to the first, a uniform draw scaled by the sum,
//     the first partition whose weights take it to zero or below (a test
//     gives franz-go's partitioner a seeded generator and checks that
//     both pick the same partitions from the same draws).
//
// The random choices come from the lesson's generator seeded with the
// scenario's seed, one generator per partitioner; franz-go seeds its own from
// the clock, so on the Kafka engine only what does not depend on the draw is
// compared: the run lengths, the totals, and round robin's counts.
type Keyless struct {
	ID           string
	Partitions   int
	Windows      []int    // the window sizes, in records, each from the first record
	Batch        int      // batch.size, in bytes
	Value        int      // the bytes of each record's value
	Partitioners []string // the keyless partitioners compared
	Engine       Engine
}

// KeylessResult is each partitioner's counts over each window.
type KeylessResult struct {
	Kind       Kind         `json:"kind"` // KindKeyless
	ID         string       `json:"id"`
	Partitions int          `json:"partitions"`
	Batch      int          `json:"batch"`
	Value      int          `json:"value"`
	Engine     Engine       `json:"engine"`
	Rows       []KeylessRow `json:"rows"`
	Spec       Keyless      `json:"-"`
}

// KeylessRow is one partitioner: how many records go to a partition before
// it switches (Stick), the partition of every record of the largest window
// (Sequence, for the Kafka engine's comparison), and its windows.
type KeylessRow struct {
	Partitioner string          `json:"partitioner"`
	Stick       int             `json:"stick"`
	Windows     []KeylessWindow `json:"windows"`
	Sequence    []int           `json:"-"`
}

// KeylessWindow is the first Records records: the records each partition
// got, the most and fewest, the partitions that got none, and the spread,
// Max ÷ Min; 0 when a partition got none, since then no ratio says it.
type KeylessWindow struct {
	Records int     `json:"records"`
	Counts  []int   `json:"counts"`
	Max     int     `json:"max"`
	Min     int     `json:"min"`
	Empty   int     `json:"empty"`
	Spread  float64 `json:"spread"`
}

// KindKeyless is the kind of a Keyless cell.
const KindKeyless Kind = "keyless"

// Kind returns KindKeyless.
func (Keyless) Kind() Kind { return KindKeyless }

// CellID returns the cell's id.
func (k Keyless) CellID() string { return k.ID }

// A keylessPartitioner deals n records without a key over p partitions:
// the partition of each, in order, and the records it sends to a partition
// before it switches; it counts its work on m, and stops early when m does.
type keylessPartitioner func(k Keyless, rng *Rand, n int, m *meter) (seq []int, stick int)

var keylessPartitioners = map[string]keylessPartitioner{
	"roundrobin": roundRobinKeyless,
	"sticky":     stickyKeyless,
	"uniform":    func(k Keyless, rng *Rand, n int, m *meter) ([]int, int) { return uniformKeyless(k, rng, n, false, m) },
	"adaptive":   func(k Keyless, rng *Rand, n int, m *meter) ([]int, int) { return uniformKeyless(k, rng, n, true, m) },
}

// KeylessPartitionerNames lists the keyless partitioners, sorted.
func KeylessPartitionerNames() []string { return sortedKeys(keylessPartitioners) }

func roundRobinKeyless(k Keyless, _ *Rand, n int, m *meter) ([]int, int) {
	seq := make([]int, n)
	for i := range seq {
		if !m.tick(1) {
			break
		}
		seq[i] = i % k.Partitions
	}
	return seq, 1
}

// stickyKeyless is kgo's stickyTopicPartitioner: on a new batch, Intn(P),
// moved on by one when it is the partition just left.
func stickyKeyless(k Keyless, rng *Rand, n int, m *meter) ([]int, int) {
	stick := KeylessBatchRecords(k.Batch, k.Value)
	seq := make([]int, 0, n)
	last := -1
	for len(seq) < n && m.tick(1+min(stick, n-len(seq))) {
		on := rng.Intn(k.Partitions)
		if on == last {
			on = (on + 1) % k.Partitions
		}
		for range min(stick, n-len(seq)) {
			seq = append(seq, on)
		}
		last = on
	}
	return seq, stick
}

// uniformKeyless is kgo's uniformBytesTopicPartitioner for records without
// a key: bytes accumulate per record, and reaching Batch starts a new stick
// counted from that record. The adaptive draw's weights change only for
// the partition just left, so they are brought up to date at each switch.
func uniformKeyless(k Keyless, rng *Rand, n int, adaptive bool, m *meter) ([]int, int) {
	l := KeylessUniformRecordBytes(k.Value)
	seq := make([]int, n)
	counts := make([]int, k.Partitions)
	var draw *adaptiveDraw
	if adaptive {
		m.tick(k.Partitions)
		draw = newAdaptiveDraw(k.Partitions, KeylessBatchRecords(k.Batch, k.Value))
	}
	bytes, on, left := 0, -1, -1
	for i := range seq {
		if !m.tick(1) {
			break
		}
		bytes += l
		if bytes >= k.Batch {
			bytes, left, on = l, on, -1
		}
		if on < 0 {
			if adaptive {
				if left >= 0 {
					draw.set(left, counts[left])
				}
				on = draw.pick(rng, m)
			} else {
				on = rng.Intn(k.Partitions)
			}
		}
		seq[i] = on
		counts[on]++
	}
	return seq, uniformStick(l, k.Batch)
}

// KeylessAdaptivePick is the last step of kgo's adaptive draw: pick is a uniform
// draw scaled by the weights' sum; partitions are visited from the last to
// the first, each taking its weight off pick, and the first that takes it
// to zero or below is chosen; rounding that leaves pick above zero chooses
// partition 0, the last visited. Weights [1 1 0.5] and pick 1.2: p2 takes it
// to 0.7, p1 to -0.3, so p1.
func KeylessAdaptivePick(weights []float64, pick float64) int {
	for p := len(weights) - 1; p >= 0; p-- {
		pick -= weights[p]
		if pick <= 0 {
			return p
		}
	}
	return 0
}

// uniformStick is how many records a uniform stick holds: the first record
// counts l bytes, and the record that brings the count to batch starts the
// next stick.
func uniformStick(l, batch int) int {
	stick := 1
	for (stick+1)*l < batch {
		stick++
	}
	return stick
}

// KeylessUniformRecordBytes is what kgo's uniform partitioner counts for a record
// without a key or headers whose value has v bytes: attributes, timestamp
// delta and offset delta at one byte each, the key's length (-1… franz-go
// counts len(nil) = 0, one byte), the value's length and the value, and the
// header count. 100-byte values: 1+1+1+1+2+100+1 = 107.
func KeylessUniformRecordBytes(v int) int { return 5 + varintLen(int64(v)) + v }

// KeylessBatchRecords is how many records without a key, of v-byte values and one
// timestamp, fit in a batch of at most batch bytes as franz-go fills one
// for a flexible produce request: a 65-byte batch header, then each record's
// length prefix and body, the body holding its offset delta; the batch's
// size counts a varint of its length in place of the 4-byte length.
// 16,384-byte batches of 100-byte values hold 148 records (franz-go's, on
// kfake); at least 1.
func KeylessBatchRecords(batch, v int) int {
	wire := recordBatchOverhead
	for n := 0; ; n++ {
		body := 1 + 1 + varintLen(int64(n)) + 1 + varintLen(int64(v)) + v + 1
		next := wire + varintLen(int64(body)) + body
		if flexibleBatchBytes(next) > batch {
			return max(n, 1)
		}
		wire = next
	}
}

// recordBatchOverhead is a record batch's header as franz-go counts it,
// with the 4-byte array length of the produce request before it.
const recordBatchOverhead = 4 + 8 + 4 + 4 + 1 + 4 + 2 + 4 + 8 + 8 + 8 + 2 + 4 + 4

// flexibleBatchBytes is a batch's size in a flexible produce request: its
// 4-byte length replaced by the unsigned varint of length + 1.
func flexibleBatchBytes(wire int) int {
	length := wire - 4
	return uvarintLen(uint64(length+1)) + length
}

func varintLen(v int64) int { return uvarintLen(uint64(v<<1) ^ uint64(v>>63)) }

func uvarintLen(u uint64) int {
	n := 1
	for ; u >= 0x80; u >>= 7 {
		n++
	}
	return n
}

func (k Keyless) run(e *env) (Result, error) {
	res := &KeylessResult{Kind: KindKeyless, ID: k.ID, Partitions: k.Partitions, Batch: k.Batch, Value: k.Value,
		Engine: k.Engine, Spec: k}
	n := slices.Max(k.Windows)
	for _, name := range k.Partitioners {
		deal, err := byName(keylessPartitioners, "keyless partitioner", name)
		if err != nil {
			return nil, err
		}
		if err := e.check(); err != nil {
			return nil, err
		}
		rng := NewRand(e.src.Seed)
		seq, stick := deal(k, &rng, n, &e.m)
		res.Rows = append(res.Rows, newKeylessRow(&e.m, name, stick, seq, k.Partitions, k.Windows))
	}
	return res, nil
}

// NewKeylessRow counts a partitioner's sequence of partitions over each
// window; the simulation and the Kafka engine both count through it.
func NewKeylessRow(name string, stick int, seq []int, partitions int, windows []int) KeylessRow {
	return newKeylessRow(nil, name, stick, seq, partitions, windows)
}

func newKeylessRow(m *meter, name string, stick int, seq []int, partitions int, windows []int) KeylessRow {
	row := KeylessRow{Partitioner: name, Stick: stick, Sequence: seq}
	for _, w := range windows {
		m.tick(min(w, len(seq)) + 4*partitions)
		win := KeylessWindow{Records: w, Counts: make([]int, partitions)}
		for _, p := range seq[:min(w, len(seq))] {
			win.Counts[p]++
		}
		win.Max, win.Min = slices.Max(win.Counts), slices.Min(win.Counts)
		for _, c := range win.Counts {
			if c == 0 {
				win.Empty++
			}
		}
		if win.Min > 0 {
			win.Spread = float64(win.Max) / float64(win.Min)
		}
		row.Windows = append(row.Windows, win)
	}
	return row
}

// KeylessRuns returns the lengths of the runs of one partition in a sequence:
// [0 0 1 1 1 0] has runs 2 3 1.
func KeylessRuns(seq []int) []int {
	var runs []int
	for i, p := range seq {
		if i == 0 || p != seq[i-1] {
			runs = append(runs, 0)
		}
		runs[len(runs)-1]++
	}
	return runs
}

// Row returns a partitioner's row.
func (r *KeylessResult) Row(partitioner string) (KeylessRow, bool) {
	for _, row := range r.Rows {
		if row.Partitioner == partitioner {
			return row, true
		}
	}
	return KeylessRow{}, false
}

// Window returns one window of a row.
func (r KeylessRow) Window(records int) (KeylessWindow, bool) {
	for _, w := range r.Windows {
		if w.Records == records {
			return w, true
		}
	}
	return KeylessWindow{}, false
}

// keylessPoint is one member of a keyless cell's family: a partitioner over
// a window.
type keylessPoint struct {
	KeylessWindow
	stick int
}

// A keyless cell's figures are a family over its partitioners and windows,
// "spread@sticky/1000": max, min, empty, spread and stick.
var keylessFigures = figureTable[Keyless, *KeylessResult, keylessPoint]{
	members: func(k Keyless) []string {
		var out []string
		for _, p := range k.Partitioners {
			for _, w := range k.Windows {
				out = append(out, p+"/"+strconv.Itoa(w))
			}
		}
		return out
	},
	row: func(r *KeylessResult, member string) (keylessPoint, bool) {
		name, window, _ := strings.Cut(member, "/")
		w, err := strconv.Atoi(window)
		if err != nil {
			return keylessPoint{}, false
		}
		row, ok := r.Row(name)
		if !ok {
			return keylessPoint{}, false
		}
		win, ok := row.Window(w)
		return keylessPoint{win, row.Stick}, ok
	},
	family: []figure[Keyless, keylessPoint]{
		{name: "max", value: func(p keylessPoint) float64 { return float64(p.Max) }},
		{name: "min", value: func(p keylessPoint) float64 { return float64(p.Min) }},
		{name: "empty", value: func(p keylessPoint) float64 { return float64(p.Empty) }},
		{name: "spread", value: func(p keylessPoint) float64 { return p.Spread }},
		{name: "stick", value: func(p keylessPoint) float64 { return float64(p.stick) }},
	},
}

func (Keyless) figures() figureSet { return keylessFigures }

// Cost of a keyless cell: every record of the largest window dealt once per
// partitioner, and counted once per window; a row per partitioner and
// window, listing a count per partition (and scanning it for the most, the
// fewest and the empty); the adaptive draw's log P steps at each switch.
func (k Keyless) Cost(Source) Cost {
	n := largest(k.Windows)
	parts := int64(len(k.Partitioners))
	rows := parts * int64(len(k.Windows))
	ps := int64(k.Partitions)
	visits := parts*(n+sum(k.Windows)) + rows*4*ps
	if slices.Contains(k.Partitioners, "adaptive") {
		switches := n/int64(uniformStick(KeylessUniformRecordBytes(k.Value), k.Batch)) + 1
		visits += ps + switches*int64(bits.Len(uint(k.Partitions)))
	}
	c := Cost{Visits: visits, Rows: rows,
		Bytes: cellBytes + rows*rowBytes + listBytes(rows*ps, n)}
	if k.Engine.Kafka() {
		c.KafkaRecords = n
		c.KafkaBytes = parts * n * (int64(k.Value) + kafkaRecordBytes)
		c.KafkaSteps = parts
	}
	return c
}

func (k Keyless) sourceUse() SourceUse {
	for _, p := range k.Partitioners {
		if p != "roundrobin" {
			return UsesSeed
		}
	}
	return 0
}

// KeylessObserved is a keyless cell measured on the Kafka engine: each
// partitioner's row as franz-go's partitioner dealt the largest window into
// a topic, and the figures compared with the simulation's.
type KeylessObserved struct {
	Engine  string             `json:"engine"`  // "kafka"
	Cluster string             `json:"cluster"` // "kfake" or "brokers"
	Agree   bool               `json:"agree"`   // every compared figure agrees
	Rows    []KeylessRow       `json:"rows"`
	Checks  []KeylessAgreement `json:"checks"`
}

// KeylessAgreement is one figure of one partitioner on both engines. A
// figure that depends on a random draw is listed with Compared false: the
// simulation's generator is not franz-go's.
type KeylessAgreement struct {
	Partitioner string `json:"partitioner"`
	Figure      string `json:"figure"`
	Sim         string `json:"sim"`
	Kafka       string `json:"kafka"`
	Compared    bool   `json:"compared"`
	Agrees      bool   `json:"agrees"`
}

// KeylessCompare puts the rows measured on Kafka beside the simulation's:
// the total; the stick, the commonest run of one partition; whether a
// switch ever picks the partition just left (a run longer than a stick),
// which sticky and round robin never do; and, for round robin, the counts
// and spread. The others' counts depend on the draw, and the first run on
// when the broker first answers: they are listed beside, not compared.
func KeylessCompare(cluster string, sim *KeylessResult, got []KeylessRow) *KeylessObserved {
	o := &KeylessObserved{Engine: "kafka", Cluster: cluster, Agree: true, Rows: got}
	add := func(partitioner, figure, a, b string, compared bool) {
		c := KeylessAgreement{Partitioner: partitioner, Figure: figure, Sim: a, Kafka: b, Compared: compared, Agrees: a == b}
		if compared && !c.Agrees {
			o.Agree = false
		}
		o.Checks = append(o.Checks, c)
	}
	for i, want := range sim.Rows {
		row := got[i]
		name, drawn := want.Partitioner, want.Partitioner != "roundrobin"
		wl, gl := want.Windows[len(want.Windows)-1], row.Windows[len(row.Windows)-1]
		itoa := strconv.Itoa
		add(name, "records", itoa(int(sum(wl.Counts))), itoa(int(sum(gl.Counts))), true)
		add(name, "stick", itoa(KeylessStick(want.Sequence)), itoa(KeylessStick(row.Sequence)), true)
		add(name, "first run", itoa(KeylessRuns(want.Sequence)[0]), itoa(KeylessRuns(row.Sequence)[0]), false)
		add(name, "picks the partition just left", strconv.FormatBool(KeylessRepeats(want.Sequence, want.Stick)),
			strconv.FormatBool(KeylessRepeats(row.Sequence, want.Stick)), name == "sticky" || name == "roundrobin")
		add(name, "counts", fmt.Sprint(wl.Counts), fmt.Sprint(gl.Counts), !drawn)
		add(name, "spread", strconv.FormatFloat(wl.Spread, 'f', 2, 64), strconv.FormatFloat(gl.Spread, 'f', 2, 64), !drawn)
	}
	return o
}

// KeylessStick is the commonest length of a run of one partition, the last run
// left out unless it is the only one; of equally common lengths, the
// shortest. Runs 118 118 83 148 148 148 40: 148.
func KeylessStick(seq []int) int {
	runs := KeylessRuns(seq)
	if len(runs) > 1 {
		runs = runs[:len(runs)-1]
	}
	seen := map[int]int{}
	best := 0
	for _, r := range runs {
		seen[r]++
	}
	for r, n := range seen {
		if n > seen[best] || n == seen[best] && r < best {
			best = r
		}
	}
	return best
}

// KeylessRepeats reports whether a switch picked the partition just left: a run
// longer than a stick of s records.
func KeylessRepeats(seq []int, s int) bool {
	return slices.ContainsFunc(KeylessRuns(seq), func(r int) bool { return r > s })
}
