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
type tally struct {
	sizes []int   // records per partition
	split int     // subscribers whose readings span more than one partition
	rows  int     // consumption rows computed (s3)
	total []int64 // s4: consumption per region×period, summed across partitions
	cells []bool  // s4: whether the region×period cell was formed at all
}

func (d *Data) newTally(partitions int) tally {
	cells := len(regionNames) * d.Source.Periods
	return tally{sizes: make([]int, partitions), total: make([]int64, cells), cells: make([]bool, cells)}
}

// tally consumes a placement: part[i*Periods+j] is the partition of reading
// (i, j). A reading yields a consumption row when the same subscriber's
// previous period sits in the same partition, whatever the order within it.
func (d *Data) tally(part []int32, partitions int) tally {
	t := d.Source.Periods
	tl := d.newTally(partitions)
	for i := range d.Source.Subscribers {
		row := part[i*t : i*t+t]
		idx := d.index[i*t : i*t+t]
		cell := int(d.region[i]) * t
		tl.sizes[row[0]]++
		split := false
		for j := 1; j < t; j++ {
			tl.sizes[row[j]]++
			if row[j] != row[j-1] {
				split = true
				continue
			}
			tl.rows++
			tl.total[cell+j] += int64(idx[j] - idx[j-1])
			tl.cells[cell+j] = true
		}
		if split {
			tl.split++
		}
	}
	return tl
}

// serving is s5 over a tally: each region's mean of its formed cells, rounded
// as the lesson rounds. ok reports whether the region has any cell.
func (d *Data) serving(tl tally, region int) (mean float64, ok bool) {
	t := d.Source.Periods
	var sum int64
	n := 0
	for j := range t {
		if tl.cells[region*t+j] {
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

// healthy runs the unpartitioned pipeline: every reading in one place.
func (d *Data) healthy() Baseline {
	tl := d.tally(make([]int32, d.Records()), 1)
	b := Baseline{Rows: tl.rows}
	seen := make([]bool, len(regionNames))
	for i, reg := range d.region {
		// Regions enter s4's dict with the first consumption row of a subscriber
		// in that region, and subscribers are read in index order.
		if seen[reg] || d.Source.Periods < 2 {
			continue
		}
		seen[reg] = true
		mean, _ := d.serving(tl, int(reg))
		b.Serving = append(b.Serving, RegionValue{Region: d.Subscribers[i].Region, Value: mean})
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
