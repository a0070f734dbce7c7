package sim

// Sizing is drill D4: the partition count a target rate needs. One consumer
// handles PerConsumer records a second, so Target needs at least
// ⌈Target ÷ PerConsumer⌉ partitions (60,000 ÷ 5,000 → 12); Headroom percent
// more leaves room for spikes, skew and a consumer or two (50% → 18).
type Sizing struct {
	ID          string
	Target      int // records per second
	PerConsumer int // records per second one consumer handles
	Headroom    int // percent above the minimum
}

// SizingResult is the minimum and the recommended partition count.
type SizingResult struct {
	Kind        Kind   `json:"kind"` // KindSizing
	ID          string `json:"id"`
	Target      int    `json:"target"`
	PerConsumer int    `json:"per_consumer"`
	Headroom    int    `json:"headroom"`
	Minimum     int    `json:"minimum"`
	Recommended int    `json:"recommended"`
}

// KindSizing is the kind of a Sizing cell.
const KindSizing Kind = "sizing"

// Kind returns KindSizing.
func (Sizing) Kind() Kind { return KindSizing }

// CellID returns the cell's id.
func (s Sizing) CellID() string { return s.ID }

func (s Sizing) run(e *env) (Result, error) {
	e.tick(1)
	minimum := ceilDiv(s.Target, s.PerConsumer)
	return &SizingResult{Kind: KindSizing, ID: s.ID, Target: s.Target, PerConsumer: s.PerConsumer,
		Headroom: s.Headroom, Minimum: minimum, Recommended: ceilDiv(minimum*(100+s.Headroom), 100)}, nil
}

func ceilDiv(a, b int) int { return (a + b - 1) / b }

var sizingFigures = figureTable[Sizing, *SizingResult, struct{}]{figures: []figure[Sizing, *SizingResult]{
	{name: "minimum", value: func(r *SizingResult) float64 { return float64(r.Minimum) }},
	{name: "recommended", value: func(r *SizingResult) float64 { return float64(r.Recommended) }},
}}

func (Sizing) figures() figureSet { return sizingFigures }

// Cost of a sizing cell: two divisions, one row.
func (Sizing) Cost(Source) Cost { return Cost{Visits: 1, Rows: 1, Bytes: cellBytes + rowBytes} }
