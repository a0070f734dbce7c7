package sim

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"
)

func run1[R Result](t *testing.T, c Cell) R {
	t.Helper()
	rs, err := Run(t.Context(), Source{Seed: 20260218, Subscribers: 200, Periods: 12}, []Cell{c})
	if err != nil {
		t.Fatal(err)
	}
	return rs.All[0].Result.(R)
}

func keyRange(prefix string, n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return keys
}

// The Day 24 lab's reference run, Part 1.
func TestSpreadLab(t *testing.T) {
	r := run1[*SpreadResult](t, Spread{Keys: keyRange("user-", 240), Partitions: 8, Partitioner: "crc32",
		Probes: []string{"cart-9", "order-7", "user-42", "payment-3"}, Hot: "user-42", HotCount: 50})
	if want := []int{31, 29, 30, 30, 30, 30, 31, 29}; !reflect.DeepEqual(r.Records, want) {
		t.Errorf("records %v, want %v", r.Records, want)
	}
	if want := []SpreadProbe{{"cart-9", 6}, {"order-7", 2}, {"user-42", 3}, {"payment-3", 2}}; !reflect.DeepEqual(r.Probes, want) {
		t.Errorf("probes %v, want %v", r.Probes, want)
	}
	if r.Covered != 8 || r.Hot == nil || !reflect.DeepEqual(r.Hot.Partitions, []int{3}) {
		t.Errorf("covered %d, hot %+v", r.Covered, r.Hot)
	}
}

// Along the partition counts, each row is the keys spread over that count
// alone: the lab's 8 partitions give 31 to 29 keys against an even 30, and
// every count's row agrees with a spread at that count.
func TestSpreadAlong(t *testing.T) {
	keys := keyRange("user-", 240)
	along := []int{1, 2, 5, 8, 12, 300}
	r := run1[*SpreadResult](t, Spread{Keys: keys, Partitions: 12, Along: along, Partitioner: "crc32"})
	if row, _ := r.Row(8); row != (SpreadRow{Partitions: 8, Covered: 8, Most: 31, Fewest: 29, Share: 30}) {
		t.Errorf("along 8: %+v, want the lab's 31 to 29 keys", row)
	}
	for i, p := range along {
		one := run1[*SpreadResult](t, Spread{Keys: keys, Partitions: p, Partitioner: "crc32"})
		want := SpreadRow{Partitions: p, Covered: one.Covered, Most: slices.Max(one.Records), Fewest: slices.Min(one.Records), Share: 240 / float64(p)}
		if r.Along[i] != want {
			t.Errorf("along %d: %+v, a spread over %d gives %+v", p, r.Along[i], p, want)
		}
	}
	if row, _ := r.Row(300); row.Fewest != 0 || row.Covered > 240 {
		t.Errorf("along 300: %+v, want empty partitions", row)
	}
}

// A hot key lands in one partition, for every partitioner and count.
func TestHotKeyLandsInOnePartition(t *testing.T) {
	for _, pt := range PartitionerNames() {
		for _, n := range []int{1, 3, 8, 100} {
			for _, key := range []string{"user-42", "0", "ключ", "a-little-bit-long-string"} {
				r := run1[*SpreadResult](t, Spread{Keys: []string{"x"}, Partitions: n, Partitioner: pt, Hot: key, HotCount: 500})
				if len(r.Hot.Partitions) != 1 {
					t.Errorf("%s, %d partitions: %q landed in %v", pt, n, key, r.Hot.Partitions)
				}
			}
		}
	}
}

// The lab's Part 2, modelled: 1, 2, 4, 8, 8 times, 8 idle at 16.
func TestThroughputModel(t *testing.T) {
	r := run1[*ThroughputResult](t, Throughput{Partitions: 8, Records: 100, Work: 8 * time.Millisecond,
		Consumers: []int{1, 2, 4, 8, 16}, Assignor: "roundrobin"})
	for i, want := range []struct {
		speedup, perSecond, wall float64
		idle                     int
	}{{1, 125, 6.4, 0}, {2, 250, 3.2, 0}, {4, 500, 1.6, 0}, {8, 1000, 0.8, 0}, {8, 1000, 0.8, 8}} {
		row := r.Rows[i]
		if row.Speedup != want.speedup || row.PerSecond != want.perSecond || row.WallS != want.wall || row.Idle != want.idle {
			t.Errorf("%d consumers: %+v, want %+v", row.Consumers, row, want)
		}
	}
}

// The modelled speedup never exceeds min(C, P), skewed or not.
func TestThroughputCeiling(t *testing.T) {
	src := Source{Seed: 3, Subscribers: 250, Periods: 12}
	g := Grid{ID: "g", Keys: []Key{KeySubscriber, KeyPeriod, KeyRecord}, Partitions: []int{3, 8, 20}, Consumers: []int{4}, Partitioner: "lesson", Assignor: "roundrobin"}
	for _, k := range g.Keys {
		for _, p := range g.Partitions {
			for _, as := range AssignorNames() {
				tp := Throughput{ID: "t", From: &ThroughputFrom{Grid: "g", Key: k, Partitions: p}, Work: time.Millisecond,
					Consumers: []int{1, 2, 3, 5, 8, 13, 40}, Assignor: as}
				rs, err := Run(t.Context(), src, []Cell{g, tp})
				if err != nil {
					t.Fatal(err)
				}
				grid, tr := rs.All[0].Result.(*GridResult), rs.All[1].Result.(*ThroughputResult)
				row, _ := grid.Row(k, p, 4)
				if !reflect.DeepEqual(tr.Sizes, row.Sizes) {
					t.Fatalf("sizes %v, grid's %v", tr.Sizes, row.Sizes)
				}
				for _, r := range tr.Rows {
					if r.Speedup > float64(r.Ideal)+1e-9 || r.Ideal != min(r.Consumers, p) {
						t.Errorf("%s P=%d %s: %+v", k, p, as, r)
					}
				}
			}
		}
	}
}

func TestOrdering(t *testing.T) {
	// The lab's setting: order inside each partition and per key, not across.
	r := run1[*OrderingResult](t, Ordering{Records: 40, Keys: keyRange("key-", 5), Partitions: 8, Partitioner: "crc32"})
	if r.Inversions == 0 || r.KeyInv != 0 || r.Useful != 5 {
		t.Errorf("inversions %d, per key %d, useful %d", r.Inversions, r.KeyInv, r.Useful)
	}
	// Drill D3: a constant key, one partition, global order.
	r = run1[*OrderingResult](t, Ordering{Records: 40, Keys: []string{"all"}, Partitions: 8, Partitioner: "crc32"})
	if r.Inversions != 0 || r.Useful != 1 || len(r.Seen) != 40 {
		t.Errorf("constant key: inversions %d, useful %d, seen %d", r.Inversions, r.Useful, len(r.Seen))
	}
}

// Zero inversions inside every partition and per key, whatever the setting.
func TestOrderingInvariants(t *testing.T) {
	for seed := range int64(20) {
		for _, pt := range PartitionerNames() {
			o := Ordering{Records: 200 + int(seed), Keys: keyRange("k", 1+int(seed)%9), Partitions: 1 + int(seed)%7, Partitioner: pt}
			rs, err := Run(t.Context(), Source{Seed: seed}, []Cell{o})
			if err != nil {
				t.Fatal(err)
			}
			r := rs.All[0].Result.(*OrderingResult)
			total := 0
			for p, log := range r.Logs {
				total += len(log)
				if r.LogInv[p] != 0 {
					t.Errorf("seed %d %s: partition %d has %d inversions", seed, pt, p, r.LogInv[p])
				}
			}
			if r.KeyInv != 0 || total != o.Records {
				t.Errorf("seed %d %s: %d per-key inversions, %d records", seed, pt, r.KeyInv, total)
			}
		}
	}
}

func TestRepartition(t *testing.T) {
	r := run1[*RepartitionResult](t, Repartition{Keys: keyRange("user-", 10000), From: 12, To: 24,
		Partitioner: "murmur2", Busy: "user-7", Before: 500, After: 500})
	// Doubling P: a key stays or moves up by the old count, about half move.
	if r.BusyTo != r.BusyFrom && r.BusyTo != r.BusyFrom+12 {
		t.Errorf("busy key went from %d to %d", r.BusyFrom, r.BusyTo)
	}
	if r.Share < 0.45 || r.Share > 0.55 {
		t.Errorf("share %v of keys moved doubling murmur2 partitions", r.Share)
	}
	if (r.BusyFrom != r.BusyTo) != (r.Exposed == 500) {
		t.Errorf("busy %d -> %d, exposed %d", r.BusyFrom, r.BusyTo, r.Exposed)
	}
}

func TestAssignmentDrill(t *testing.T) {
	r := run1[*AssignmentResult](t, Assignment{Partitions: 6, Consumers: []int{4, 10}, Assignor: "range"})
	if got := fmt.Sprint(r.Rows[0].Owned); got != "[[0 1] [2 3] [4] [5]]" {
		t.Errorf("6 partitions, 4 consumers: %s", got)
	}
	if r.Rows[1].Useful != 6 || r.Rows[1].Idle != 4 {
		t.Errorf("10 consumers: %d useful, %d idle", r.Rows[1].Useful, r.Rows[1].Idle)
	}
}

// Every group receives every record; within a group every partition has one
// owner.
func TestGroups(t *testing.T) {
	r := run1[*GroupsResult](t, Groups{Partitions: 6, Records: 100, Assignor: "range",
		Groups: []GroupsGroup{{"A", 3}, {"B", 1}, {"C", 9}}})
	for _, g := range r.Groups {
		owners := make([]int, r.Partitions)
		for _, parts := range g.Owned {
			for _, p := range parts {
				owners[p]++
			}
		}
		if g.Received != 600 || fmt.Sprint(owners) != "[1 1 1 1 1 1]" {
			t.Errorf("group %s received %d, owners %v", g.Name, g.Received, owners)
		}
	}
	if fmt.Sprint(r.Groups[0].Loads) != "[200 200 200]" {
		t.Errorf("group A's loads %v", r.Groups[0].Loads)
	}
}

func TestSizing(t *testing.T) {
	for _, tc := range []struct{ target, per, headroom, min, rec int }{
		{60000, 5000, 50, 12, 18}, // drill D4
		{60001, 5000, 0, 13, 13},
		{60000, 5000, 100, 12, 24},
		{1, 5000, 10, 1, 2},
	} {
		r := run1[*SizingResult](t, Sizing{Target: tc.target, PerConsumer: tc.per, Headroom: tc.headroom})
		if r.Minimum != tc.min || r.Recommended != tc.rec {
			t.Errorf("%+v: got %d and %d", tc, r.Minimum, r.Recommended)
		}
	}
}

func TestPredictions(t *testing.T) {
	cells := []Cell{
		Throughput{ID: "tp", Partitions: 8, Records: 100, Work: time.Millisecond, Consumers: []int{8, 16}, Assignor: "roundrobin"},
		Predictions{ID: "p", Items: []Prediction{
			{Name: "P2", You: new(7.6), Actual: "tp.speedup@8", Tolerance: 0.5},
			{Name: "P3", You: new(4.0), Actual: "tp.idle@16"},
			{Name: "P4", Actual: "tp.idle@16"}, // the reader's to make: nothing to score
		}},
	}
	rs, err := Run(t.Context(), Source{}, cells)
	if err != nil {
		t.Fatal(err)
	}
	rows := rs.All[1].Result.(*PredictionsResult).Rows
	if !rows[0].Close || rows[0].Actual != 8 || rows[1].Close || rows[1].Actual != 8 || rows[2].Close || rows[2].Actual != 8 {
		t.Errorf("scores %+v", rows)
	}
	cells[1] = Predictions{ID: "p", Items: []Prediction{{Name: "P9", Actual: "tp.nothing"}}}
	if _, err := Run(t.Context(), Source{}, cells); err == nil {
		t.Error("a prediction of a figure no cell computes ran")
	}
}

func TestHit(t *testing.T) {
	for _, tc := range []struct {
		guess, actual, tolerance float64
		want                     bool
	}{
		{8, 8, 0, true},
		{7.5, 8, 0.5, true},
		{7.49, 8, 0.5, false},
		{8.5, 8, 0.5, true},
		{9, 8, 0.5, false},
		{0, 0, 0, true},
	} {
		if got := Hit(tc.guess, tc.actual, tc.tolerance); got != tc.want {
			t.Errorf("Hit(%g, %g, %g) = %v, want %v", tc.guess, tc.actual, tc.tolerance, got, tc.want)
		}
	}
}
