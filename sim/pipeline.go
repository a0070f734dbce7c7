package sim

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// The lesson's pipeline has five stages. On a generated source every reading
// has all its fields and each (subscriber, period) occurs once, so s1_screen
// and s2_dedupe drop nothing and the engine does not spell them out. s3 computes
// consumption (a reading minus the same subscriber's previous period) and drops
// the rows whose previous period it cannot see; s4 totals consumption per region
// and period; s5 serves each region's mean over the periods it has.

// Baseline is the healthy, unpartitioned pipeline (DI23): on the lesson's
// source, 2200 consumption rows and the serving per region.
type Baseline struct {
	Rows    int     `json:"rows"`
	Serving Regions `json:"serving"`
}

// Regions holds one value per region, in the order the lesson's dicts hold
// them: the order in which the healthy pipeline first sees each region.
type Regions []RegionValue

// RegionValue is one region's value.
type RegionValue struct {
	Region string
	Value  float64
}

// Get returns the value of region, if it has one.
func (rs Regions) Get(region string) (float64, bool) {
	for _, r := range rs {
		if r.Region == region {
			return r.Value, true
		}
	}
	return 0, false
}

// Low is the lowest of the values, and 0 when there is none: with High,
// the range a deviation spans (the lesson's "between −15.29 and +16.15").
func (rs Regions) Low() float64 { return rs.extreme(func(a, b float64) bool { return a < b }) }

// High is the highest of the values, and 0 when there is none.
func (rs Regions) High() float64 { return rs.extreme(func(a, b float64) bool { return a > b }) }

// extreme is the value v of rs for which beyond(v, w) holds against every
// other w.
func (rs Regions) extreme(beyond func(a, b float64) bool) float64 {
	if len(rs) == 0 {
		return 0
	}
	x := rs[0].Value
	for _, r := range rs[1:] {
		if beyond(r.Value, x) {
			x = r.Value
		}
	}
	return x
}

// MarshalJSON writes Regions as a JSON object whose keys keep the lesson's order.
func (rs Regions) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for n, r := range rs {
		if n > 0 {
			b.WriteByte(',')
		}
		name, err := json.Marshal(r.Region)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(r.Value)
		if err != nil {
			return nil, err
		}
		b.Write(name)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// Round2 is Python's round(x, 2): the exact binary value of x rounded to two
// decimals, half to even, read back as the nearest float64. round(-0.001, 2) is
// -0.0, as in Python.
func Round2(x float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', 2, 64), 64)
	return v
}

// A tally is what a consumer group computes from one placement of the readings,
// each consumer from its own partitions only (DI22), summed across partitions.
// Every field is a count or an integer sum, so tallies of disjoint sets of
// subscribers add up to the tally of their union, in any order.
type tally struct {
	sizes []int // records per partition
	split int   // subscribers whose readings span more than one partition
	rows  int   // consumption rows computed (s3)
	// total is s4: consumption per region×period, summed across partitions.
	// A reading rises by at least 4, so a cell with a row has a positive
	// total, and a total of 0 is a cell s4 never formed.
	total []int64
}

func (d *Data) newTally(partitions int) tally {
	cells := len(regionNames) * d.Source.Periods
	return tally{sizes: make([]int, partitions), total: make([]int64, cells)}
}

// add consumes one subscriber's readings: row[j] is the partition of its
// reading in period j, rise[j] that reading's consumption and cell the
// subscriber's first region×period cell. A reading yields a consumption row
// when the same subscriber's previous period sits in the same partition,
// whatever the order within it. Whether it does is as random as the hash, so
// the loop adds a 0 or 1 instead of branching on it.
func (tl *tally) add(row []int32, rise []uint8, cell int) {
	sizes, total := tl.sizes, tl.total[cell:cell+len(row)]
	rise = rise[:len(row)]
	prev := row[0]
	sizes[prev]++
	rows, moved := 0, 0
	for j := 1; j < len(row); j++ {
		p := row[j]
		sizes[p]++
		same := 0
		if p == prev {
			same = 1
		}
		moved |= same ^ 1
		rows += same
		total[j] += int64(same * int(rise[j]))
		prev = p
	}
	tl.rows += rows
	tl.split += moved
}

// columns is the tally of a placement in which every subscriber moves
// alike: sizes[p] is partition p's records and stay[j] says whether every
// reading of period j sits in the partition of its subscriber's reading of
// period j-1 (stay[0] is not read). s3 then forms every row of a period or
// none, so the rows and totals are the healthy pipeline's, period by period,
// or nothing, and either no subscriber splits or all do.
func (d *Data) columns(sizes []int, stay []bool) tally {
	t, subs := d.Source.Periods, d.Source.Subscribers
	tl := tally{sizes: sizes, total: make([]int64, len(d.whole.total))}
	for j := 1; j < t; j++ {
		if !stay[j] {
			tl.split = subs
			continue
		}
		tl.rows += subs
		for c := j; c < len(tl.total); c += t {
			tl.total[c] = d.whole.total[c]
		}
	}
	return tl
}

// addUp adds up tallies of disjoint sets of subscribers; tallies without
// sizes, of workers that took no subscriber, count for nothing.
func addUp(tls []tally) tally {
	var s tally
	for _, tl := range tls {
		if tl.sizes == nil {
			continue
		}
		if s.sizes == nil {
			s = tally{sizes: make([]int, len(tl.sizes)), total: make([]int64, len(tl.total))}
		}
		for p, n := range tl.sizes {
			s.sizes[p] += n
		}
		for c, v := range tl.total {
			s.total[c] += v
		}
		s.split += tl.split
		s.rows += tl.rows
	}
	return s
}

// serving is s5 over a tally: each region's mean of its formed cells, rounded
// as the lesson rounds. ok reports whether the region has any cell.
func (d *Data) serving(tl tally, region int) (mean float64, ok bool) {
	t := d.Source.Periods
	var sum int64
	n := 0
	for j := range t {
		if tl.total[region*t+j] > 0 {
			sum += tl.total[region*t+j]
			n++
		}
	}
	if n == 0 {
		return 0, false
	}
	// Python divides two ints with one correctly rounded division; both fit in
	// a float64's 53 bits, so converting first gives the same quotient.
	return Round2(float64(sum) / float64(n)), true
}

// healthy is the unpartitioned pipeline, from the tally of every reading in
// one place.
func (d *Data) healthy(tl tally) Baseline {
	b := Baseline{Rows: tl.rows}
	seen := make([]bool, len(regionNames))
	for _, reg := range d.region {
		// Regions enter s4's dict with the first consumption row of a subscriber
		// in that region, and subscribers are read in index order.
		if seen[reg] || d.Source.Periods < 2 {
			continue
		}
		seen[reg] = true
		mean, _ := d.serving(tl, int(reg))
		b.Serving = append(b.Serving, RegionValue{Region: regionNames[reg], Value: mean})
		if len(b.Serving) == len(regionNames) {
			break
		}
	}
	return b
}

// deviation is round(served - healthy, 2) for every region of the baseline; a
// region that served nothing counts as 0, like the lesson's s.get(b, 0).
func (d *Data) deviation(tl tally) Regions {
	dev := make(Regions, len(d.baseline.Serving))
	for n, base := range d.baseline.Serving {
		mean, _ := d.serving(tl, regionIndex(base.Region))
		dev[n] = RegionValue{Region: base.Region, Value: Round2(mean - base.Value)}
	}
	return dev
}

func regionIndex(name string) int {
	for i, r := range regionNames {
		if r == name {
			return i
		}
	}
	return -1
}
