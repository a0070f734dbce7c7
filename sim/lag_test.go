package sim

import (
	"reflect"
	"testing"
)

// stepByStep is the lag model written out record by record, apart from
// the engine's arithmetic: each record written goes to its partition one
// at a time, and each consumer takes one record at a time from its
// partitions in turn, lowest first, skipping a partition that has none.
func stepByStep(l Lag, owned [][]int, burst bool) [][]int {
	lag := make([]int, l.Partitions)
	var out [][]int
	for s := 1; s <= l.Steps; s++ {
		n := l.Rate
		if burst && l.Burst != nil && s == l.Burst.At {
			n += l.Burst.Records
		}
		write := func(records int) {
			hot := records * l.Hot / 100
			for range hot {
				lag[0]++
			}
			for i := range records - hot {
				lag[i%l.Partitions]++
			}
		}
		if burst && l.Burst != nil && s == l.Burst.At {
			write(l.Rate)
			write(l.Burst.Records)
		} else {
			write(n)
		}
		for _, parts := range owned {
			budget := l.PerConsumer
			for budget > 0 {
				took := false
				for _, p := range parts {
					if budget > 0 && lag[p] > 0 {
						lag[p]--
						budget--
						took = true
					}
				}
				if !took {
					break
				}
			}
		}
		out = append(out, append([]int(nil), lag...))
	}
	return out
}

func TestLagAgreesWithStepByStep(t *testing.T) {
	cases := []struct {
		name string
		lag  Lag
	}{
		{"the doc's hot key", Lag{Partitions: 4, Rate: 400, Hot: 25, PerConsumer: 100, Consumers: []int{1, 2, 4, 8}, Steps: 12, Assignor: "range"}},
		{"no hot key, a burst", Lag{Partitions: 6, Rate: 600, PerConsumer: 150, Consumers: []int{1, 3, 6, 12}, Steps: 30, Burst: &LagBurst{At: 5, Records: 3000}, Assignor: "roundrobin"}},
		{"uneven split", Lag{Partitions: 7, Rate: 101, Hot: 13, PerConsumer: 17, Consumers: []int{1, 2, 3, 5, 7, 9}, Steps: 40, Burst: &LagBurst{At: 1, Records: 333}, Assignor: "range"}},
		{"a burst never drained", Lag{Partitions: 3, Rate: 90, Hot: 50, PerConsumer: 40, Consumers: []int{3}, Steps: 10, Burst: &LagBurst{At: 10, Records: 500}, Assignor: "range"}},
		{"one partition", Lag{Partitions: 1, Rate: 10, PerConsumer: 7, Consumers: []int{1, 4}, Steps: 5, Assignor: "roundrobin"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, err := tc.lag.run(&env{ctx: t.Context()})
			if err != nil {
				t.Fatal(err)
			}
			res := r.(*LagResult)
			assign, _ := AssignorByName(tc.lag.Assignor)
			for _, row := range res.Rows {
				owned := assign(tc.lag.Partitions, row.Consumers)
				want := stepByStep(tc.lag, owned, true)
				if !reflect.DeepEqual(row.Lags, want) {
					t.Fatalf("%d consumers: lags\n%v\nwant\n%v", row.Consumers, row.Lags, want)
				}
				if tc.lag.Burst == nil {
					continue
				}
				calm := stepByStep(tc.lag, owned, false)
				drain := -1
				for s := tc.lag.Burst.At - 1; s < tc.lag.Steps; s++ {
					if reflect.DeepEqual(want[s], calm[s]) {
						drain = s - tc.lag.Burst.At + 1
						break
					}
				}
				if row.Drain != drain {
					t.Errorf("%d consumers: drain %d, want %d", row.Consumers, row.Drain, drain)
				}
			}
		})
	}
}

// The doc's example: partition 0 takes 175 a step and falls 75 behind
// each step once it has a consumer of its own; 4 and 8 consumers are
// alike, so the ceiling is 4.
func TestLagHotCeiling(t *testing.T) {
	l := Lag{Partitions: 4, Rate: 400, Hot: 25, PerConsumer: 100, Consumers: []int{1, 2, 4, 8}, Steps: 10, Assignor: "range"}
	r, err := l.run(&env{ctx: t.Context()})
	if err != nil {
		t.Fatal(err)
	}
	res := r.(*LagResult)
	if res.HotRate != 175 || !reflect.DeepEqual(res.Written, []int{175, 75, 75, 75}) {
		t.Errorf("written %v, hot rate %d; want [175 75 75 75], 175", res.Written, res.HotRate)
	}
	four, _ := res.Row(4)
	eight, _ := res.Row(8)
	if four.MaxLag != 750 || eight.MaxLag != 750 || four.MaxPartition != 0 || eight.Idle != 4 {
		t.Errorf("max lag %d (p%d) and %d, idle %d; want 750 at p0 twice, 4 idle", four.MaxLag, four.MaxPartition, eight.MaxLag, eight.Idle)
	}
	if res.Ceiling != 4 {
		t.Errorf("ceiling %d, want 4", res.Ceiling)
	}
}

// LagCompare compares the assignment, idle consumers and totals of every
// row, and each partition's lag, the largest and the drain only where no
// consumer owns more than one partition; it lists the others with the
// reason, and a difference in a compared figure is a disagreement.
func TestLagCompare(t *testing.T) {
	l := Lag{ID: "l", Partitions: 4, Rate: 100, PerConsumer: 30, Consumers: []int{2, 4}, Steps: 3, Burst: &LagBurst{At: 2, Records: 40}, Assignor: "range"}
	rs, err := Run(t.Context(), Source{}, []Cell{l})
	if err != nil {
		t.Fatal(err)
	}
	res := rs.All[0].Result.(*LagResult)
	owned := [][][]int{{{0, 1}, {2, 3}}, {{0}, {1}, {2}, {3}}}
	o := LagCompare("kfake", res, res.Rows, owned)
	if !o.Agree || o.Compared != 4+7 || len(o.Checks) != 14 {
		t.Fatalf("agree %v, %d compared of %d, want all 11 of 14 compared to agree", o.Agree, o.Compared, len(o.Checks))
	}
	for _, c := range o.Checks {
		if listed := c.Consumers == 2 && (c.Figure == "largest lag" || c.Figure == lagsFigure || c.Figure == "burst drained, steps after"); listed != !c.Compared || listed && c.Why == "" {
			t.Errorf("%d consumers, %s: compared %v, why %q", c.Consumers, c.Figure, c.Compared, c.Why)
		}
	}
	shifted := []LagRow{res.Rows[0], res.Rows[1]}
	shifted[1].Lags = [][]int{shifted[1].Lags[0], {1, 0, 0, 0}, shifted[1].Lags[2]}
	if o := LagCompare("kfake", res, shifted, owned); o.Agree || o.Agreeing != o.Compared-1 {
		t.Errorf("one partition's lag changed: agree %v, %d of %d agree; want one to differ", o.Agree, o.Agreeing, o.Compared)
	}
	wrong := [][][]int{{{0, 1}, {2, 3}}, {{1}, {0}, {2}, {3}}}
	if o := LagCompare("kfake", res, res.Rows, wrong); o.Agree {
		t.Error("another assignment agrees")
	}
}
