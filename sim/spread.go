package sim

// Spread is Part 1 of the Day 24 lab: many keys spread over the partitions,
// and one hot key sent many times. With crc32, 8 partitions and the keys
// user-0 … user-239 it puts 31 29 30 30 30 30 31 29 keys in p0 … p7, and
// user-42, sent 50 times, in one partition (p3) every time.
type Spread struct {
	ID          string
	Keys        []string
	Partitions  int
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
		Partitions: s.Partitions, Records: make([]int, s.Partitions)}
	for _, k := range s.Keys {
		res.Records[pt.Partition([]byte(k), s.Partitions)]++
	}
	for _, n := range res.Records {
		if n > 0 {
			res.Covered++
		}
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

var spreadFigures = figureTable[Spread, *SpreadResult, struct{}]{figures: []figure[Spread, *SpreadResult]{
	{name: "keys", value: func(r *SpreadResult) float64 { return float64(r.Keys) }},
	{name: "covered", value: func(r *SpreadResult) float64 { return float64(r.Covered) }},
	{name: "hot_partitions", value: func(r *SpreadResult) float64 { return float64(len(r.Hot.Partitions)) },
		when: func(s Spread) bool { return s.Hot != "" }},
}}

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
// row per partition and per probe.
func (s Spread) Cost(Source) Cost {
	rows := int64(s.Partitions + len(s.Probes))
	keys := int64(len(s.Keys))
	return Cost{
		Visits: keys + int64(len(s.Probes)) + int64(s.HotCount),
		Rows:   rows,
		Bytes:  cellBytes + rows*rowBytes + listBytes(int64(s.Partitions), keys),
	}
}

func (s Spread) sourceUse() SourceUse { return seededBy(s.Partitioner) }
