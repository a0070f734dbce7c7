package sim

import (
	"context"
	"fmt"
	"runtime"
	"strconv"
	"sync"
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
	Source  Source
	periods []string
	// A subscriber is kept as its draws, without pointers, so that a
	// million of them cost 6 MB and nothing for the garbage collector to
	// scan; Subscriber spells one out.
	region []uint8 // region of each subscriber, as an index into regionNames
	kind   []uint8 // customer type of each subscriber, as an index into typeNames
	start  []int32 // each subscriber's Start
	// rise[i*Periods+j] is how far subscriber i's meter index rose in period
	// j (4…49): the index is Start plus the rises so far, and a consumption
	// row is the rise of its period. A byte each keeps the readings of a
	// million subscribers in 12 MB.
	rise []uint8
	// whole is the tally of every reading in one partition, the healthy
	// pipeline's, whose rows and totals a placement that moves every
	// subscriber alike reuses period by period.
	whole    tally
	baseline Baseline
	// The write order is ranked on first use: the grid places keyless
	// readings by arithmetic and never needs it.
	ranking sync.Once
	rank    []int32 // rank[i]: subscriber i's position when names sort as strings
	byRank  []int32 // byRank[r]: the subscriber of rank r
}

// Generate builds the source: subscriber i draws region, type and start from
// rng(seed + 37·i); its reading in period j adds 4 + int(rng(seed + 101·i + 7·j)·46)
// to the previous index.
func Generate(src Source) (*Data, error) {
	return generate(context.Background().Err, src, runtime.GOMAXPROCS(0))
}

// generate is Generate on up to workers goroutines, each subscriber's draws
// being independent of the others'; it stops with the first error of check
// (see chunked).
func generate(check func() error, src Source, workers int) (*Data, error) {
	if err := src.validate(); err != nil {
		return nil, err
	}
	n, t := src.Subscribers, src.Periods
	d := &Data{
		Source:  src,
		periods: make([]string, t),
		region:  make([]uint8, n),
		kind:    make([]uint8, n),
		start:   make([]int32, n),
		rise:    make([]uint8, n*t),
	}
	for j := range t {
		d.periods[j] = fmt.Sprintf("2026-%02d", j+1)
	}
	whole := make([]tally, workers)
	err := chunked(check, workers, n, func(w, lo, hi int) {
		if whole[w].sizes == nil {
			whole[w] = d.newTally(1)
		}
		tl := &whole[w]
		for i := lo; i < hi; i++ {
			r := NewRand(src.Seed + 37*int64(i))
			reg := r.Intn(len(regionNames))
			d.region[i] = uint8(reg)
			d.kind[i] = uint8(r.Intn(len(typeNames)))
			d.start[i] = int32(10000 + r.Intn(60000))
			rise, total := d.rise[i*t:i*t+t], tl.total[reg*t:reg*t+t]
			for j := range rise {
				r := NewRand(src.Seed + 101*int64(i) + 7*int64(j))
				rise[j] = uint8(4 + r.Intn(46))
			}
			// In one partition every reading after the first yields a row.
			for j := 1; j < t; j++ {
				total[j] += int64(rise[j])
			}
		}
		tl.sizes[0] += (hi - lo) * t
		tl.rows += (hi - lo) * (t - 1)
	})
	if err != nil {
		return nil, err
	}
	d.whole = addUp(whole)
	d.baseline = d.healthy(d.whole)
	return d, nil
}

// ranked ranks the subscribers by name as strings, once.
func (d *Data) ranked() {
	d.ranking.Do(func() {
		n := d.Source.Subscribers
		d.rank, d.byRank = make([]int32, n), make([]int32, n)
		for i := range n {
			d.rank[i] = int32(nameRank(i+1, n))
			d.byRank[d.rank[i]] = int32(i)
		}
	})
}

// Subscriber returns subscriber i, 0-based: the lesson's A001 is Subscriber(0).
func (d *Data) Subscriber(i int) Subscriber {
	return Subscriber{
		Name:   string(appendName(nil, i)),
		Region: regionNames[d.region[i]],
		Type:   typeNames[d.kind[i]],
		Start:  int(d.start[i]),
	}
}

// appendName appends the name of subscriber i, the lesson's f"A{i+1:03d}".
func appendName(buf []byte, i int) []byte {
	v := i + 1
	buf = append(buf, 'A')
	switch {
	case v < 10:
		buf = append(buf, "00"...)
	case v < 100:
		buf = append(buf, '0')
	}
	return strconv.AppendInt(buf, int64(v), 10)
}

// nameRank is the position of subscriber number v (1…n) when the names A001…
// sort as strings, computed instead of sorted. Past A999 the names lengthen,
// so A100 < A1000 < A1009 < A101: a name's rank counts, for every name
// length m, the names of that length that sort before it. Names of its own
// length compare as numbers; a shorter name sorts first when it is a prefix
// of or smaller than the name's first m digits; a longer one when its first
// digits are smaller than the name's.
func nameRank(v, n int) int {
	digits := nameDigits(v)
	rank := 0
	for m, lo := 3, 1; lo <= n; m, lo = m+1, pow10(m) {
		hi := min(pow10(m)-1, n) // the names of length m are the numbers lo…hi
		var below int            // the names of length m before v's are those below this number
		switch {
		case m < digits:
			below = v/pow10(digits-m) + 1
		case m == digits:
			below = v
		default:
			below = v * pow10(m-digits)
		}
		rank += min(max(below-lo, 0), hi-lo+1)
	}
	return rank
}

// nameDigits is the number of digits in the name of subscriber number v.
func nameDigits(v int) int {
	digits := 3
	for v >= pow10(digits) {
		digits++
	}
	return digits
}

func pow10(m int) int {
	p := 1
	for range m {
		p *= 10
	}
	return p
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
func (d *Data) Records() int { return len(d.rise) }

// Baseline is the healthy, unpartitioned run (DI23).
func (d *Data) Baseline() Baseline { return d.baseline }

// Reading is one record of the source.
type Reading struct {
	Subscriber int // see Data.Subscriber
	Period     int // index into Data.Periods()
	Index      int // the meter's index at the end of the period
}

// WriteOrder calls yield for every reading in the order the topic is written
// (DI18): period by period, and within a period by subscriber name as a string,
// so A1000 comes before A101.
func (d *Data) WriteOrder(yield func(Reading) bool) {
	d.ranked()
	t := d.Source.Periods
	index := make([]int, len(d.start))
	for i, s := range d.start {
		index[i] = int(s)
	}
	for j := range t {
		for _, i := range d.byRank {
			index[i] += int(d.rise[int(i)*t+j])
			if !yield(Reading{Subscriber: int(i), Period: j, Index: index[i]}) {
				return
			}
		}
	}
}

// position is a reading's place in the write order.
func (d *Data) position(i, j int) int {
	d.ranked()
	return j*d.Source.Subscribers + int(d.rank[i])
}
