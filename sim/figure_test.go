package sim

import (
	"slices"
	"strings"
	"testing"
	"time"
)

func TestFigure(t *testing.T) {
	cells := []Cell{
		Grid{ID: "keys", Keys: []Key{KeyRecord, KeyPeriod}, Partitions: []int{4}, Consumers: []int{4}, Partitioner: "lesson", Assignor: "roundrobin"},
		Throughput{ID: "tp", Partitions: 8, Records: 100, Work: time.Millisecond, Consumers: []int{8, 16}, Assignor: "roundrobin"},
		Spread{ID: "sp", Keys: []string{"a", "b"}, Partitions: 2, Partitioner: "crc32"},
		Groups{ID: "gr", Partitions: 6, Records: 10, Groups: []GroupsGroup{{Name: "A", Consumers: 3}, {Name: "B", Consumers: 8}}, Assignor: "range"},
	}
	rs, err := Run(t.Context(), Source{Seed: 20260218, Subscribers: 200, Periods: 12}, cells)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		ref  string
		want float64
		err  string
	}{
		{ref: "keys.max_load@record/4/4", want: 621},
		{ref: "keys.idle@period/4/4", want: 0},
		{ref: "tp.speedup@8", want: 8},
		{ref: "tp.idle@16", want: 8},
		{ref: "sp.keys", want: 2},
		{ref: "gr.received@A", want: 60},
		{ref: "gr.idle@A", want: 0},
		{ref: "gr.idle@B", want: 2},
		{ref: "gr.received@B", want: 60},
		{ref: "tp.speedup@3", err: `the throughput cell "tp" computes no "speedup@3" (nearest: tp.speedup@8, tp.speedup@16)`},
		{ref: "keys.max_load@record/5/4", err: `computes no "max_load@record/5/4" (nearest: keys.max_load@record/4/4,`},
		{ref: "sp.hot_partitions", err: `(nearest: sp.covered, sp.keys)`},
		{ref: "nope.keys", err: `no cell computes "nope.keys" (nearest: sp.keys)`},
	} {
		got, err := rs.Figure(tc.ref)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one containing %q", tc.ref, err, tc.err)
		case tc.err == "" && (err != nil || got != tc.want):
			t.Errorf("%s = %v, %v; want %v", tc.ref, got, err, tc.want)
		}
	}
}

// TestFigureNames checks that every name a cell offers resolves: the list and
// the lookup read one table.
func TestFigureNames(t *testing.T) {
	cells := []Cell{
		Grid{ID: "g", Keys: []Key{KeySubscriber}, Partitions: []int{2, 3}, Consumers: []int{1, 4}, Partitioner: "lesson", Assignor: "range"},
		Offsets{ID: "o", Key: KeySubscriber, Partitions: 4, Partitioner: "lesson"},
		Spread{ID: "s", Keys: []string{"a"}, Partitions: 3, Partitioner: "crc32", Hot: "a", HotCount: 5},
		Throughput{ID: "t", Partitions: 2, Records: 3, Work: time.Millisecond, Consumers: []int{1, 3}, Assignor: "range"},
		Ordering{ID: "or", Records: 10, Keys: []string{"k0", "k1"}, Partitions: 4, Partitioner: "crc32"},
		Repartition{ID: "r", Keys: []string{"a", "b"}, From: 2, To: 3, Partitioner: "murmur2", Busy: "a", Before: 1, After: 1},
		Assignment{ID: "a", Partitions: 6, Consumers: []int{4, 10}, Assignor: "range"},
		Groups{ID: "gr", Partitions: 6, Records: 1, Groups: []GroupsGroup{{Name: "A", Consumers: 2}}, Assignor: "range"},
		Sizing{ID: "si", Target: 10, PerConsumer: 3, Headroom: 50},
	}
	rs, err := Run(t.Context(), Source{Seed: 1, Subscribers: 20, Periods: 3}, cells)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cells {
		names := FigureNames(c)
		if len(names) == 0 || len(slices.Compact(slices.Sorted(slices.Values(names)))) != len(names) {
			t.Errorf("%s: figures %v, want some, each once", c.Kind(), names)
		}
		for _, n := range names {
			if _, err := rs.Figure(c.CellID() + "." + n); err != nil {
				t.Errorf("%s: %v", c.Kind(), err)
			}
		}
	}
}

func TestCompareFigureNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []string
		want []string
	}{
		{"a family by consumer count", []string{"speedup@16", "idle@2", "speedup@2", "idle@16", "speedup@4"},
			[]string{"idle@2", "idle@16", "speedup@2", "speedup@4", "speedup@16"}},
		{"a grid's key, partitions and consumers", []string{"max_load@record/16/4", "max_load@record/4/8", "max_load@period/4/4", "max_load@record/4/4"},
			[]string{"max_load@period/4/4", "max_load@record/4/4", "max_load@record/4/8", "max_load@record/16/4"}},
		{"names without numbers, by bytes", []string{"keys", "covered", "hot_partitions"}, []string{"covered", "hot_partitions", "keys"}},
		{"a prefix first", []string{"idle@2x", "idle@2", "idle"}, []string{"idle", "idle@2", "idle@2x"}},
		{"leading zeros, a total order", []string{"a@07", "a@7", "a@8"}, []string{"a@07", "a@7", "a@8"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := slices.SortedFunc(slices.Values(tc.in), CompareFigureNames)
			if !slices.Equal(got, tc.want) {
				t.Errorf("got %q, want %q", got, tc.want)
			}
			for _, a := range tc.in {
				for _, b := range tc.in {
					if CompareFigureNames(a, b) != -CompareFigureNames(b, a) || (CompareFigureNames(a, b) == 0) != (a == b) {
						t.Errorf("%q and %q: not a total order", a, b)
					}
				}
			}
		})
	}
}
