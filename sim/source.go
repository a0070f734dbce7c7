package sim

import (
	"fmt"
	"slices"
	"strings"
)

// Source describes the lesson's seeded meter-reading source (DI17): one reading
// per subscriber per monthly period, from 2026-01 onward. The lesson's own
// source is Source{Seed: 20260218, Subscribers: 200, Periods: 12}.
type Source struct {
	Seed        int64
	Subscribers int
	Periods     int
}

// Limits on a Source; they keep every intermediate value of the lesson's
// arithmetic inside an int64 and every label inside the lesson's formats.
const (
	MaxSeed        = 1 << 62
	MaxSubscribers = 1_000_000
	MaxPeriods     = 12
)

// Regions and customer types, in the order the lesson draws them from.
var (
	regionNames = [...]string{"east", "west", "north", "south", "central"}
	typeNames   = [...]string{"residential", "commercial"}
)

// Subscriber is one meter of the source, named A001, A002, … (A1000 after A999).
type Subscriber struct {
	Name   string
	Region string
	Type   string
	Start  int // the meter's index before the first period
}

// Data is a generated source: its subscribers, their readings and the write
// order of the topic. It is built once per scenario and shared by its cells.
type Data struct {
	Source      Source
	Subscribers []Subscriber
	periods     []string
	region      []uint8 // region of each subscriber, as an index into regionNames
	index       []int32 // index[i*Periods+j]: subscriber i's meter index in period j
	rank        []int32 // rank[i]: subscriber i's position when names sort as strings
	byRank      []int32 // byRank[r]: the subscriber of rank r
	baseline    Baseline
}

// Generate builds the source: subscriber i draws region, type and start from
// rng(seed + 37·i); its reading in period j adds 4 + int(rng(seed + 101·i + 7·j)·46)
// to the previous index.
func Generate(src Source) (*Data, error) {
	if err := src.validate(); err != nil {
		return nil, err
	}
	n, t := src.Subscribers, src.Periods
	d := &Data{
		Source:      src,
		Subscribers: make([]Subscriber, n),
		periods:     make([]string, t),
		region:      make([]uint8, n),
		index:       make([]int32, n*t),
	}
	for j := range t {
		d.periods[j] = fmt.Sprintf("2026-%02d", j+1)
	}
	for i := range n {
		r := NewRand(src.Seed + 37*int64(i))
		reg := r.Intn(len(regionNames))
		d.region[i] = uint8(reg)
		d.Subscribers[i] = Subscriber{
			Name:   fmt.Sprintf("A%03d", i+1),
			Region: regionNames[reg],
			Type:   typeNames[r.Intn(len(typeNames))],
			Start:  10000 + r.Intn(60000),
		}
		e := int32(d.Subscribers[i].Start)
		for j := range t {
			r := NewRand(src.Seed + 101*int64(i) + 7*int64(j))
			e += int32(4 + r.Intn(46))
			d.index[i*t+j] = e
		}
	}
	d.byRank = make([]int32, n)
	for i := range d.byRank {
		d.byRank[i] = int32(i)
	}
	slices.SortFunc(d.byRank, func(a, b int32) int {
		return strings.Compare(d.Subscribers[a].Name, d.Subscribers[b].Name)
	})
	d.rank = make([]int32, n)
	for r, i := range d.byRank {
		d.rank[i] = int32(r)
	}
	d.baseline = d.healthy()
	return d, nil
}

// Records is the number of readings the source yields: one per subscriber
// per period (DI17: 200 × 12 = 2400).
func (src Source) Records() int { return src.Subscribers * src.Periods }

func (src Source) validate() error {
	switch {
	case src.Seed < -MaxSeed || src.Seed > MaxSeed:
		return fmt.Errorf("seed %d outside ±2⁶²", src.Seed)
	case src.Subscribers < 1 || src.Subscribers > MaxSubscribers:
		return fmt.Errorf("subscribers %d outside 1..%d", src.Subscribers, MaxSubscribers)
	case src.Periods < 1 || src.Periods > MaxPeriods:
		return fmt.Errorf("periods %d outside 1..%d", src.Periods, MaxPeriods)
	}
	return nil
}

// Periods returns the period labels, 2026-01 onward.
func (d *Data) Periods() []string { return d.periods }

// Records is the number of readings: subscribers × periods.
func (d *Data) Records() int { return len(d.index) }

// Baseline is the healthy, unpartitioned run (DI23).
func (d *Data) Baseline() Baseline { return d.baseline }

// Reading is one record of the source.
type Reading struct {
	Subscriber int // index into Data.Subscribers
	Period     int // index into Data.Periods()
	Index      int // the meter's index at the end of the period
}

// WriteOrder calls yield for every reading in the order the topic is written
// (DI18): period by period, and within a period by subscriber name as a string,
// so A1000 comes before A101.
func (d *Data) WriteOrder(yield func(Reading) bool) {
	t := d.Source.Periods
	for j := range t {
		for _, i := range d.byRank {
			if !yield(Reading{Subscriber: int(i), Period: j, Index: int(d.index[int(i)*t+j])}) {
				return
			}
		}
	}
}

// position is a reading's place in the write order.
func (d *Data) position(i, j int) int {
	return j*d.Source.Subscribers + int(d.rank[i])
}
