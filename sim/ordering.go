package sim

import (
	"cmp"
	"math/bits"
	"slices"
)

// Ordering is Part 3 of the Day 24 lab: Records records, record i with key
// Keys[i mod len(Keys)], written to Partitions partitions. Each partition on
// its own is in production order; two partitions read together by two
// consumers at different speeds are not; each key's records, read from the
// whole stream, are in order again, because a key lives in one partition.
// With one key (the constant key of drill D3) every record shares one
// partition: global order, and one consumer's throughput.
type Ordering struct {
	ID          string
	Records     int
	Keys        []string
	Partitions  int
	Partitioner string
	Read        []int // the two partitions read together; default the first two that hold records
}

// OrderingResult counts inversions: adjacent pairs where a later record has a
// smaller production sequence number than the one before it.
type OrderingResult struct {
	Kind        Kind    `json:"kind"` // KindOrdering
	ID          string  `json:"id"`
	Partitioner string  `json:"partitioner"`
	Records     int     `json:"records"`
	Keys        int     `json:"keys"`
	Logs        [][]int `json:"logs"`                 // each partition's sequence numbers, in offset order
	LogInv      []int   `json:"partition_inversions"` // each partition's own inversions
	Read        []int   `json:"read"`
	Seen        []int   `json:"seen"`           // the order the application sees reading Read together
	Inversions  int     `json:"inversions"`     // in Seen
	KeyInv      int     `json:"key_inversions"` // per key, summed, over the whole stream read at once
	Useful      int     `json:"useful"`         // partitions holding records: consumers that can work at once
}

// OrderingInversions is the lab's out-of-order counter: how many times a sequence
// number is smaller than the one before it.
func OrderingInversions(seqs []int) int {
	n := 0
	for i := 1; i < len(seqs); i++ {
		if seqs[i] < seqs[i-1] {
			n++
		}
	}
	return n
}

// KindOrdering is the kind of a Ordering cell.
const KindOrdering Kind = "ordering"

// Kind returns KindOrdering.
func (Ordering) Kind() Kind { return KindOrdering }

// CellID returns the cell's id.
func (o Ordering) CellID() string { return o.ID }

func (o Ordering) run(e *env) (Result, error) {
	pt, err := PartitionerByName(o.Partitioner, e.src.Seed)
	if err != nil {
		return nil, err
	}
	res := &OrderingResult{Kind: KindOrdering, ID: o.ID, Partitioner: o.Partitioner, Records: o.Records,
		Keys: len(o.Keys), Logs: make([][]int, o.Partitions)}
	e.tick(len(o.Keys) + 2*o.Records + o.Partitions)
	home := make([]int, len(o.Keys))
	for k, key := range o.Keys {
		home[k] = pt.Partition([]byte(key), o.Partitions)
	}
	for i := range o.Records {
		p := home[i%len(o.Keys)]
		res.Logs[p] = append(res.Logs[p], i)
	}
	for p, log := range res.Logs {
		res.LogInv = append(res.LogInv, OrderingInversions(log))
		if len(log) > 0 {
			res.Useful++
			if o.Read == nil && len(res.Read) < 2 {
				res.Read = append(res.Read, p)
			}
		}
	}
	if o.Read != nil {
		res.Read = o.Read
	}
	res.Seen = e.interleave(res.Logs, res.Read)
	res.Inversions = OrderingInversions(res.Seen)
	all := make([]int, o.Partitions)
	for p := range all {
		all[p] = p
	}
	byKey := make([][]int, len(o.Keys))
	for _, seq := range e.interleave(res.Logs, all) {
		k := seq % len(o.Keys)
		byKey[k] = append(byKey[k], seq)
	}
	for _, seqs := range byKey {
		res.KeyInv += OrderingInversions(seqs)
	}
	return res, nil
}

// interleave is the order an application sees when one consumer per
// partition reads the partitions given, each at its own pace: record k of a
// partition takes 1 to 9 time units, drawn from the seed, and the application
// sees records as they finish (ties in partition order).
func (e *env) interleave(logs [][]int, read []int) []int {
	type done struct{ at, p, seq int }
	var all []done
	for _, p := range read {
		r := NewRand(e.src.Seed + 7919*int64(p+1))
		at := 0
		for _, seq := range logs[p] {
			at += 1 + r.Intn(9)
			all = append(all, done{at, p, seq})
		}
	}
	e.tick(len(all) * (bits.Len(uint(len(all))) + 2))
	slices.SortFunc(all, func(a, b done) int { return cmp.Or(cmp.Compare(a.at, b.at), cmp.Compare(a.p, b.p)) })
	seen := make([]int, len(all))
	for i, d := range all {
		seen[i] = d.seq
	}
	return seen
}

var orderingFigures = figureTable[Ordering, *OrderingResult, struct{}]{figures: []figure[Ordering, *OrderingResult]{
	{name: "inversions", value: func(r *OrderingResult) float64 { return float64(r.Inversions) }},
	{name: "partition_inversions", value: func(r *OrderingResult) float64 { return float64(r.PartitionInversions()) }},
	{name: "key_inversions", value: func(r *OrderingResult) float64 { return float64(r.KeyInv) }},
	{name: "useful", value: func(r *OrderingResult) float64 { return float64(r.Useful) }},
}}

func (Ordering) figures() figureSet { return orderingFigures }

// PartitionInversions is the inversions of every partition on its own, summed:
// 0 whenever the partitions keep production order.
func (r *OrderingResult) PartitionInversions() int {
	n := 0
	for _, x := range r.LogInv {
		n += x
	}
	return n
}

// Cost of an ordering cell: every record routed, then read twice (the two
// partitions read together and the whole stream) and sorted by arrival, log
// n steps a record; its logs, the order seen and each partition's
// inversions are lists of records.
func (o Ordering) Cost(Source) Cost {
	records, parts := int64(o.Records), int64(o.Partitions)
	return Cost{
		Visits: int64(len(o.Keys)) + parts + 2*records*int64(bits.Len64(uint64(records))+3),
		Rows:   parts,
		Bytes:  cellBytes + parts*rowBytes + listBytes(3*records+parts, records),
	}
}

// sourceUse: the partitions read together interleave by the seed.
func (Ordering) sourceUse() SourceUse { return UsesSeed }
