package sim

import (
	"math"
	"reflect"
	"slices"
	"testing"
)

func TestRound2(t *testing.T) {
	for _, tc := range []struct{ in, want float64 }{
		{2.675, 2.67}, // 2.67499999… in binary
		{0.125, 0.12}, // an exact tie goes to even
		{0.375, 0.38}, // an exact tie goes to even
		{-977.2727, -977.27},
		{1321.454545, 1321.45},
		{16.155, 16.16}, // 16.155000000000001…
	} {
		if got := Round2(tc.in); got != tc.want {
			t.Errorf("Round2(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	if got := Round2(-0.001); got != 0 || !math.Signbit(got) {
		t.Errorf("Round2(-0.001) = %v, want -0.0 as Python gives", got)
	}
}

func lessonGrid(partitioner, assignor string, keys ...Key) Grid {
	return Grid{Keys: keys, Partitions: []int{1, 2, 3, 4, 8, 13}, Consumers: []int{1, 4, 16},
		Partitioner: partitioner, Assignor: assignor}
}

// Invariants of every row, for every partitioner, assignor and key.
func TestGridInvariants(t *testing.T) {
	src := Source{Seed: 99, Subscribers: 317, Periods: 7}
	d, err := Generate(src)
	if err != nil {
		t.Fatal(err)
	}
	if src.Records() != d.Records() {
		t.Errorf("Source.Records() = %d, the generated source has %d", src.Records(), d.Records())
	}
	for _, pt := range PartitionerNames() {
		for _, as := range AssignorNames() {
			g := lessonGrid(pt, as, allKeys()...)
			rs, err := Run(t.Context(), src, []Cell{g})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs.All[0].Result.(*GridResult).Rows {
				sum, idle := 0, 0
				for _, l := range r.Loads {
					sum += l
					if l == 0 {
						idle++
					}
				}
				sizes := 0
				for _, s := range r.Sizes {
					sizes += s
				}
				switch {
				case sum != d.Records() || sizes != d.Records():
					t.Errorf("%s/%s %+v: loads sum to %d, sizes to %d, want %d", pt, as, r, sum, sizes, d.Records())
				case idle != r.Idle || r.MaxLoad < r.MinLoad:
					t.Errorf("%s/%s %+v: idle or max/min wrong", pt, as, r)
				case r.Speedup > float64(r.Ideal)+1e-9:
					t.Errorf("%s/%s %+v: speedup above min(C, P)", pt, as, r)
				case r.Rows+r.Lost != d.Baseline().Rows:
					t.Errorf("%s/%s %+v: rows and lost do not add up", pt, as, r)
				case r.Key.perSubscriber() && (r.Split != 0 || r.Lost != 0):
					t.Errorf("%s/%s %+v: the %s key split a subscriber", pt, as, r, r.Key)
				case r.Key == KeyRegion && covered(r.Sizes) > len(regionNames), r.Key == KeyType && covered(r.Sizes) > len(typeNames):
					t.Errorf("%s/%s %+v: more partitions hold records than the %s key has values", pt, as, r, r.Key)
				case r.Partitions == 1 && (r.Split != 0 || r.Lost != 0 || r.Idle != r.Consumers-1):
					t.Errorf("%s/%s %+v: one partition must keep every row and idle C-1", pt, as, r)
				case math.Abs(r.Swing) != r.Drift || !slices.ContainsFunc(r.Deviation, func(v RegionValue) bool { return v.Value == r.Swing }):
					t.Errorf("%s/%s %+v: swing %v is not a region's deviation of size drift %v", pt, as, r, r.Swing, r.Drift)
				}
			}
		}
	}
}

// Observe, the record-list path other engines use, agrees with the grid's
// placement path on every placement.
func TestObserveAgreesWithGrid(t *testing.T) {
	src := Source{Seed: -5, Subscribers: 1003, Periods: 4}
	d, _ := Generate(src)
	for _, name := range PartitionerNames() {
		pt, _ := PartitionerByName(name, src.Seed)
		for _, k := range allKeys() {
			for _, p := range []int{1, 3, 8} {
				part := make([]int32, d.Records())
				newPlacer(d, k, pt).fill(part, p)
				logs := make([][]Reading, p)
				for r := range d.WriteOrder {
					x := part[r.Subscriber*src.Periods+r.Period]
					logs[x] = append(logs[x], r)
				}
				owned := Range(p, 5)
				tl := tallyOf(d, part, p)
				want := d.row(k, owned, tl, d.deviation(tl))
				if got := d.Observe(k, owned, logs); !reflect.DeepEqual(got, want) {
					t.Errorf("%s %s P=%d:\nObserve %+v\ngrid    %+v", name, k, p, got, want)
				}
			}
		}
	}
}

// The grid's tallies, which skip the readings of placements that move every
// subscriber alike and count only the sizes of the subscriber key, agree
// with tallying every reading of the placement: for every partitioner and
// key, one period and twelve, subscriber counts that partition counts divide
// and do not, more partitions than subscribers, and on several workers.
func TestShortcutsAgreeWithReadings(t *testing.T) {
	custom := Partitioner{Hash: Murmur2Partitioner.Hash, Place: func(h uint32, n int) int { return int(h>>7) % n }}
	keys := allKeys()
	partitions := []int{1, 2, 3, 4, 5, 8, 13, 64, 1001}
	for _, src := range []Source{
		{Seed: 20260218, Subscribers: 1, Periods: 12},
		{Seed: 7, Subscribers: 8, Periods: 1},
		{Seed: -3, Subscribers: 1000, Periods: 12},
		{Seed: 11, Subscribers: 1003, Periods: 7},
		{Seed: 5, Subscribers: 2*chunkSize + 13, Periods: 2},
	} {
		d, err := Generate(src)
		if err != nil {
			t.Fatal(err)
		}
		pts := map[string]Partitioner{"custom": custom}
		for _, name := range PartitionerNames() {
			pts[name], _ = PartitionerByName(name, src.Seed)
		}
		for name, pt := range pts {
			g := Grid{Keys: keys, Partitions: partitions}
			got, err := g.tally(&env{ctx: t.Context(), workers: 3}, d, pt)
			if err != nil {
				t.Fatal(err)
			}
			for x, k := range keys {
				for y, p := range partitions {
					part := make([]int32, d.Records())
					newPlacer(d, k, pt).fill(part, p)
					if want := tallyOf(d, part, p); !reflect.DeepEqual(got[x*len(partitions)+y], want) {
						t.Errorf("%+v %s %s P=%d: tally %+v, the readings give %+v", src, name, k, p, got[x*len(partitions)+y], want)
					}
				}
			}
		}
	}
}

// allKeys is every key a grid takes.
func allKeys() []Key {
	var ks []Key
	for _, name := range KeyNames() {
		ks = append(ks, Key(name))
	}
	return ks
}

// Keyed by a field of few values, every reading of a value shares its
// partition: the region key's readings are those of each region's
// subscribers, on the partition route gives the region's name.
func TestFieldKeysPlaceByValue(t *testing.T) {
	src := Source{Seed: 20260218, Subscribers: 200, Periods: 12}
	d, _ := Generate(src)
	pt, _ := PartitionerByName("lesson", src.Seed)
	for _, k := range []Key{KeyRegion, KeyType} {
		want := make([]int, 8)
		for i := range src.Subscribers {
			want[pt.placeOne(pt.Hash(d.Value(nil, k, i, 0)), 8)] += src.Periods
		}
		rs, err := Run(t.Context(), src, []Cell{Grid{Keys: []Key{k}, Partitions: []int{8}, Consumers: []int{8}, Partitioner: "lesson", Assignor: "roundrobin"}})
		if err != nil {
			t.Fatal(err)
		}
		r := rs.All[0].Result.(*GridResult).Rows[0]
		if !reflect.DeepEqual(r.Sizes, want) || r.Idle < 8-covered(want) {
			t.Errorf("%s key: sizes %v, idle %d; want sizes %v", k, r.Sizes, r.Idle, want)
		}
	}
}

// tallyOf tallies a whole placement: part[i*Periods+j] is the partition of
// reading (i, j).
func tallyOf(d *Data, part []int32, n int) tally {
	t := d.Source.Periods
	tl := d.newTally(n)
	for i := range d.Source.Subscribers {
		tl.add(part[i*t:i*t+t], d.rise[i*t:i*t+t], int(d.region[i])*t)
	}
	return tl
}

func TestWriteOrderSortsNamesAsStrings(t *testing.T) {
	d, _ := Generate(Source{Seed: 1, Subscribers: 1001, Periods: 2})
	var names []string
	for r := range d.WriteOrder {
		if r.Period == 0 && len(names) < 4 {
			names = append(names, d.Subscriber(r.Subscriber).Name)
		}
	}
	// Python sorts "A1000" before "A101", and "A100" before both.
	if want := []string{"A001", "A002", "A003", "A004"}; !reflect.DeepEqual(names, want) {
		t.Errorf("first names %v, want %v", names, want)
	}
	pos := map[string]int{}
	i := 0
	for r := range d.WriteOrder {
		if r.Period == 0 {
			pos[d.Subscriber(r.Subscriber).Name] = i
		}
		i++
	}
	if !(pos["A100"] < pos["A1000"] && pos["A1000"] < pos["A1001"] && pos["A1001"] < pos["A101"]) {
		t.Errorf("A100, A1000, A1001, A101 at %d, %d, %d, %d", pos["A100"], pos["A1000"], pos["A1001"], pos["A101"])
	}
}

func TestGenerateRejectsBadSources(t *testing.T) {
	for _, src := range []Source{
		{Seed: 1, Subscribers: 0, Periods: 12},
		{Seed: 1, Subscribers: 10, Periods: 13},
		{Seed: MaxSeed + 1, Subscribers: 10, Periods: 12},
	} {
		if _, err := Generate(src); err == nil {
			t.Errorf("Generate(%+v) succeeded", src)
		}
	}
}

// Row finds every combination by its place on the grid's axes, and nothing
// off them.
func TestGridRow(t *testing.T) {
	g := lessonGrid("lesson", "range", KeyPeriod, KeyNone, KeySubscriber)
	rs, err := Run(t.Context(), Source{Seed: 3, Subscribers: 41, Periods: 5}, []Cell{g})
	if err != nil {
		t.Fatal(err)
	}
	res := rs.All[0].Result.(*GridResult)
	for _, want := range res.Rows {
		got, ok := res.Row(want.Key, want.Partitions, want.Consumers)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("Row(%s, %d, %d) = %+v, %v; want %+v", want.Key, want.Partitions, want.Consumers, got, ok, want)
		}
	}
	for _, c := range []struct {
		k    Key
		p, c int
	}{{KeyRecord, 2, 4}, {KeyPeriod, 5, 4}, {KeyPeriod, 2, 2}} {
		if _, ok := res.Row(c.k, c.p, c.c); ok {
			t.Errorf("Row(%s, %d, %d) found a row off the grid", c.k, c.p, c.c)
		}
	}
}
