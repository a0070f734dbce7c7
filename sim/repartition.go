package sim

// Repartition is drill D1: the partition count of a live topic changes from
// From to To, and hash(key) mod P sends keys elsewhere. It counts the keys
// whose partition moves and follows one busy key: Before records written
// before the change stay in the old partition, After records written after
// it may go to a new one, where a consumer can read them before the older
// ones.
type Repartition struct {
	ID            string
	Keys          []string
	From, To      int
	Partitioner   string
	Busy          string
	Before, After int
}

// RepartitionResult is what moved.
type RepartitionResult struct {
	Kind        Kind    `json:"kind"` // KindRepartition
	ID          string  `json:"id"`
	Partitioner string  `json:"partitioner"`
	Keys        int     `json:"keys"`
	From        int     `json:"from"`
	To          int     `json:"to"`
	Moved       int     `json:"moved"` // keys whose partition changes
	Share       float64 `json:"share"` // Moved ÷ Keys
	Busy        string  `json:"busy"`
	BusyFrom    int     `json:"busy_from"` // the busy key's partition before the change
	BusyTo      int     `json:"busy_to"`   // and after it
	Before      int     `json:"before"`
	After       int     `json:"after"`
	// Exposed is how many of the busy key's newer records a consumer can
	// read before its older ones: all of After when the key moved, else 0.
	Exposed int `json:"exposed"`
}

// KindRepartition is the kind of a Repartition cell.
const KindRepartition Kind = "repartition"

// Kind returns KindRepartition.
func (Repartition) Kind() Kind { return KindRepartition }

// CellID returns the cell's id.
func (r Repartition) CellID() string { return r.ID }

func (r Repartition) run(e *env) (Result, error) {
	pt, err := PartitionerByName(r.Partitioner, e.src.Seed)
	if err != nil {
		return nil, err
	}
	res := &RepartitionResult{Kind: KindRepartition, ID: r.ID, Partitioner: r.Partitioner, Keys: len(r.Keys),
		From: r.From, To: r.To, Busy: r.Busy, Before: r.Before, After: r.After}
	e.tick(len(r.Keys) + 2)
	for _, k := range r.Keys {
		h := pt.Hash([]byte(k))
		if pt.Place(h, r.From) != pt.Place(h, r.To) {
			res.Moved++
		}
	}
	if res.Keys > 0 {
		res.Share = float64(res.Moved) / float64(res.Keys)
	}
	res.BusyFrom = pt.Partition([]byte(r.Busy), r.From)
	res.BusyTo = pt.Partition([]byte(r.Busy), r.To)
	if res.BusyFrom != res.BusyTo {
		res.Exposed = r.After
	}
	return res, nil
}

var repartitionFigures = figureTable[Repartition, *RepartitionResult, struct{}]{figures: []figure[Repartition, *RepartitionResult]{
	{name: "moved", value: func(r *RepartitionResult) float64 { return float64(r.Moved) }},
	{name: "share", value: func(r *RepartitionResult) float64 { return r.Share }},
	{name: "exposed", value: func(r *RepartitionResult) float64 { return float64(r.Exposed) }},
}}

func (Repartition) figures() figureSet { return repartitionFigures }

// Cost of a repartition: every key hashed once, one row.
func (r Repartition) Cost(Source) Cost {
	return Cost{Visits: int64(len(r.Keys)) + 2, Rows: 1, Bytes: cellBytes + rowBytes}
}

func (r Repartition) sourceUse() SourceUse { return seededBy(r.Partitioner) }
