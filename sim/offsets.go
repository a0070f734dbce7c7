package sim

// Offsets follows one partition of one placement (DI19): how many records it
// holds and its last offset, its first records with their offsets, and the
// partitions that hold the first record's subscriber under this key and under
// each key of Compare. The lesson's closing lines use subscriber key, 4
// partitions, partition 0, compared with the record key.
type Offsets struct {
	ID          string
	Key         Key
	Partitions  int
	Partition   int
	Partitioner string
	Compare     []Key
}

// OffsetsResult is what an Offsets cell prints. LastOffset is -1 when the
// partition is empty, and then First and Subscriber are empty too.
type OffsetsResult struct {
	Kind        Kind               `json:"kind"` // KindOffsets
	ID          string             `json:"id"`
	Key         Key                `json:"key"`
	Partitions  int                `json:"partitions"`
	Partition   int                `json:"partition"`
	Records     int                `json:"records"`
	LastOffset  int                `json:"last_offset"`
	First       []OffsetsPlacement `json:"first"`
	Subscriber  string             `json:"subscriber"`
	Spread      []OffsetsKeySpread `json:"spread"`
	Partitioner string             `json:"partitioner"`
}

// OffsetsPlacement is one record of a partition.
type OffsetsPlacement struct {
	Subscriber string `json:"subscriber"`
	Period     string `json:"period"`
	Offset     int    `json:"offset"`
}

// OffsetsKeySpread lists the partitions that hold a subscriber's records under Key.
type OffsetsKeySpread struct {
	Key        Key   `json:"key"`
	Partitions []int `json:"partitions"`
}

// firstRecords is how many records of the partition an Offsets cell lists,
// as the lesson's "first three records".
const firstRecords = 3

func (o Offsets) run(e *env) (Result, error) {
	d, err := e.data()
	if err != nil {
		return nil, err
	}
	pt, err := PartitionerByName(o.Partitioner, d.Source.Seed)
	if err != nil {
		return nil, err
	}
	res := &OffsetsResult{
		Kind: KindOffsets, ID: o.ID, Key: o.Key, Partitions: o.Partitions,
		Partition: o.Partition, LastOffset: -1, Partitioner: o.Partitioner,
	}
	part := make([]int32, d.Records())
	e.tick(2 * d.Records())
	newPlacer(d, o.Key, pt).fill(part, o.Partitions)
	t := d.Source.Periods
	first := -1
	for r := range d.WriteOrder {
		if int(part[r.Subscriber*t+r.Period]) != o.Partition {
			continue
		}
		if first < 0 {
			first = r.Subscriber
		}
		if len(res.First) < firstRecords {
			res.First = append(res.First, OffsetsPlacement{
				Subscriber: d.Subscriber(r.Subscriber).Name, Period: d.periods[r.Period], Offset: res.Records,
			})
		}
		res.Records++
	}
	if first < 0 {
		return res, nil
	}
	res.LastOffset = res.Records - 1
	res.Subscriber = d.Subscriber(first).Name
	for _, k := range append([]Key{o.Key}, o.Compare...) {
		if !e.tick(d.Records()) {
			break
		}
		newPlacer(d, k, pt).fill(part, o.Partitions)
		in := make([]bool, o.Partitions)
		for j := range t {
			in[part[first*t+j]] = true
		}
		ks := OffsetsKeySpread{Key: k, Partitions: indexes(in)}
		res.Spread = append(res.Spread, ks)
	}
	return res, nil
}

// KindOffsets is the kind of a Offsets cell.
const KindOffsets Kind = "offsets"

// Kind returns KindOffsets.
func (Offsets) Kind() Kind { return KindOffsets }

// CellID returns the cell's id.
func (o Offsets) CellID() string { return o.ID }

var offsetsFigures = figureTable[Offsets, *OffsetsResult, struct{}]{figures: []figure[Offsets, *OffsetsResult]{
	{name: "records", value: func(r *OffsetsResult) float64 { return float64(r.Records) }},
	{name: "last_offset", value: func(r *OffsetsResult) float64 { return float64(r.LastOffset) }},
}}

func (Offsets) figures() figureSet { return offsetsFigures }

// Cost of an offsets cell: the readings placed under its key and each
// compared key, and walked once in write order; a few short rows.
func (o Offsets) Cost(src Source) Cost {
	readings := src.readings()
	rows := int64(firstRecords + 1 + len(o.Compare))
	return Cost{Visits: readings * int64(2+len(o.Compare)), Rows: rows, Bytes: cellBytes + rows*rowBytes}
}

func (Offsets) sourceUse() SourceUse { return UsesSeed | UsesReadings }
