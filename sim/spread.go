package sim

import (
	"slices"
	"strconv"
)

// Spread is Part 1 of the Day 24 lab: many keys spread over the partitions,
// and one hot key sent many times. With crc32, 8 partitions and the keys
// user-0 … user-239 it puts 31 29 30 30 30 30 31 29 keys in p0 … p7, and
// user-42, sent 50 times, in one partition (p3) every time. Along the
// partition counts 1 … 12 the same keys show how the spread moves with P:
// at 8, the most and the fewest keys in one partition are 31 and 29 against
// an even share of 30.
type Spread struct {
	ID         string
	Keys       []string
	Partitions int // the partition count shown partition by partition
	// Along lists partition counts to spread the keys over besides, for the
	// spread against P; nil for none.
	Along       []int
	Partitioner string
	Probes      []string // keys whose partition is listed
	Hot         string   // a key sent HotCount times; none when empty
	HotCount    int
}

// SpreadResult is where the keys went.
type SpreadResult struct {
	Kind        Kind          `json:"kind"` // KindSpread
	ID          string        `json:"id"`
	Partitioner string        `json:"partitioner"`
	Keys        int           `json:"keys"`
	Partitions  int           `json:"partitions"`
	Records     []int         `json:"records"` // keys per partition
	Covered     int           `json:"covered"` // partitions that got at least one key
	Probes      []SpreadProbe `json:"probes"`
	Hot         *SpreadHotKey `json:"hot,omitempty"`
	// Along is the keys spread over each of the cell's Along partition
	// counts, in the cell's order.
	Along []SpreadRow `json:"along,omitempty"`
}

// SpreadRow is the keys spread over one partition count.
type SpreadRow struct {
	Partitions int `json:"partitions"`
	Covered    int `json:"covered"` // partitions that got at least one key
	Most       int `json:"most"`    // keys in the fullest partition
	Fewest     int `json:"fewest"`  // keys in the emptiest partition
	// Share is the even share, keys ÷ partitions: what Most and Fewest
	// would both be if the keys spread perfectly.
	Share float64 `json:"share"`
}

// Row returns the row of a partition count of Along.
func (r *SpreadResult) Row(partitions int) (SpreadRow, bool) {
	for _, row := range r.Along {
		if row.Partitions == partitions {
			return row, true
		}
	}
	return SpreadRow{}, false
}

// SpreadProbe is one key's partition.
type SpreadProbe struct {
	Key       string `json:"key"`
	Partition int    `json:"partition"`
}

// SpreadHotKey is one key sent many times: the partitions it landed in.
type SpreadHotKey struct {
	Key        string `json:"key"`
	Sent       int    `json:"sent"`
	Partitions []int  `json:"partitions"`
}

// KindSpread is the kind of a Spread cell.
const KindSpread Kind = "spread"

// Kind returns KindSpread.
func (Spread) Kind() Kind { return KindSpread }

// CellID returns the cell's id.
func (s Spread) CellID() string { return s.ID }

func (s Spread) run(e *env) (Result, error) {
	pt, err := PartitionerByName(s.Partitioner, e.src.Seed)
	if err != nil {
		return nil, err
	}
	res := &SpreadResult{Kind: KindSpread, ID: s.ID, Partitioner: s.Partitioner, Keys: len(s.Keys),
		Partitions: s.Partitions, Records: spreadKeys(pt, s.Keys, s.Partitions)}
	e.tick(len(s.Keys) + 2*s.Partitions + len(s.Probes) + s.HotCount)
	res.Covered = covered(res.Records)
	for _, p := range s.Along {
		if err := e.check(); err != nil {
			return nil, err
		}
		if !e.tick(len(s.Keys) + 4*p) {
			break
		}
		records := spreadKeys(pt, s.Keys, p)
		res.Along = append(res.Along, SpreadRow{Partitions: p, Covered: covered(records),
			Most: slices.Max(records), Fewest: slices.Min(records), Share: float64(len(s.Keys)) / float64(p)})
	}
	for _, k := range s.Probes {
		res.Probes = append(res.Probes, SpreadProbe{Key: k, Partition: pt.Partition([]byte(k), s.Partitions)})
	}
	if s.Hot != "" {
		// Sending is routing the same key again and again; the lab counts the
		// distinct partitions the copies landed in.
		landed := make([]bool, s.Partitions)
		for range s.HotCount {
			landed[pt.Partition([]byte(s.Hot), s.Partitions)] = true
		}
		res.Hot = &SpreadHotKey{Key: s.Hot, Sent: s.HotCount, Partitions: indexes(landed)}
	}
	return res, nil
}

// spreadKeys counts the keys each of n partitions gets.
func spreadKeys(pt Partitioner, keys []string, n int) []int {
	records := make([]int, n)
	for _, k := range keys {
		records[pt.Partition([]byte(k), n)]++
	}
	return records
}

// covered counts the partitions that got at least one key.
func covered(records []int) int {
	n := 0
	for _, r := range records {
		if r > 0 {
			n++
		}
	}
	return n
}

// A spread's figures: keys, covered and hot_partitions at its partition
// count, and along the partition counts P of Along, covered@P, most@P,
// fewest@P and share@P.
var spreadFigures = figureTable[Spread, *SpreadResult, SpreadRow]{
	figures: []figure[Spread, *SpreadResult]{
		{name: "keys", value: func(r *SpreadResult) float64 { return float64(r.Keys) }},
		{name: "covered", value: func(r *SpreadResult) float64 { return float64(r.Covered) }},
		{name: "hot_partitions", value: func(r *SpreadResult) float64 { return float64(len(r.Hot.Partitions)) },
			when: func(s Spread) bool { return s.Hot != "" }},
	},
	members: func(s Spread) []string {
		var names []string
		for _, p := range s.Along {
			names = append(names, strconv.Itoa(p))
		}
		return names
	},
	row: func(r *SpreadResult, member string) (SpreadRow, bool) {
		p, err := strconv.Atoi(member)
		if err != nil {
			return SpreadRow{}, false
		}
		return r.Row(p)
	},
	family: []figure[Spread, SpreadRow]{
		{name: "covered", value: func(r SpreadRow) float64 { return float64(r.Covered) }},
		{name: "most", value: func(r SpreadRow) float64 { return float64(r.Most) }},
		{name: "fewest", value: func(r SpreadRow) float64 { return float64(r.Fewest) }},
		{name: "share", value: func(r SpreadRow) float64 { return r.Share }},
	},
}

func (Spread) figures() figureSet { return spreadFigures }

// indexes returns the positions of the true entries.
func indexes(set []bool) []int {
	var out []int
	for i, ok := range set {
		if ok {
			out = append(out, i)
		}
	}
	return out
}

// Cost of a spread: every key, probe and copy of the hot key routed once; a
// row per partition and per probe; along the partition counts of Along,
// every key routed again for each, a row each and a count per partition,
// each scanned for the most, the fewest and the covered.
func (s Spread) Cost(Source) Cost {
	rows := int64(s.Partitions + len(s.Probes) + len(s.Along))
	keys := int64(len(s.Keys))
	counts := int64(s.Partitions) + sum(s.Along)
	return Cost{
		Visits: keys*int64(1+len(s.Along)) + counts + int64(len(s.Probes)) + int64(s.HotCount),
		Rows:   rows,
		Bytes:  cellBytes + rows*rowBytes + listBytes(counts, keys*int64(1+len(s.Along))),
	}
}

func (s Spread) sourceUse() SourceUse { return seededBy(s.Partitioner) }
