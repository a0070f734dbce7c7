package sim

import (
	"reflect"
	"testing"
	"time"
)

// Pinned costs: the lesson's grid at a million subscribers, the issue's
// hostile grid, measured throughput and Kafka grids.
func TestCost(t *testing.T) {
	million := Source{Seed: 1, Subscribers: 1_000_000, Periods: 12}
	lesson := Source{Seed: 1, Subscribers: 200, Periods: 12}
	wide := make([]int, 64)
	for i := range wide {
		wide[i] = 4033 + i
	}
	lessonGrid := Grid{Keys: []Key{KeySubscriber, KeyRecord, KeyPeriod}, Partitions: []int{1, 2, 4, 8}, Consumers: []int{4}}
	for _, tc := range []struct {
		name string
		cell Cell
		src  Source
		want func(Cost) bool
	}{
		{"lesson grid at a million", lessonGrid, million,
			func(c Cost) bool {
				// 144,000,000 readings placed; each placement read per
				// partition and period (3 × (15 + 4·12)) and each row's
				// partitions and consumers listed (3 × (15 + 4·4)).
				return c.Visits == 144_000_000+3*(15+4*12)+3*(15+4*4) && c.Rows == 12 && c.KafkaGroups == 0 && c.Measure == 0
			}},
		{"lesson grid on kafka", func() Grid { g := lessonGrid; g.Engine = EngineBoth; return g }(), lesson,
			func(c Cost) bool { return c.KafkaGroups == 12 && c.KafkaConsumers == 4 && c.KafkaRecords == 2400 }},
		// 2.2 GB written by the engine before the budget; the estimate is above
		// it. Its visits are mostly the rows' lists: 16,384 rows of about
		// 8,200 numbers each.
		{"grid of 4033–4096", Grid{Keys: []Key{KeySubscriber, KeyRecord, KeyPeriod, KeyNone}, Partitions: wide, Consumers: wide}, lesson,
			func(c Cost) bool { return c.Rows == 16_384 && c.Bytes > 2_200_000_000 && c.Visits == 134_843_520 }},
		// The 113,805 hours: 2,113 × 100,000 s alone, then the
		// slowest of 2, 4, 8 and 16 consumers (1,057, 529, 265 and 133
		// partitions).
		{"measured throughput", Throughput{Partitions: 2113, Records: 100_000, Work: time.Second, Consumers: []int{1, 2, 4, 8, 16}, Assignor: "roundrobin"}, lesson,
			func(c Cost) bool { return c.Measure == (2113+1057+529+265+133)*100_000*time.Second }},
		// From a grid: every reading in one partition, every group as slow as one consumer.
		{"throughput from a grid", Throughput{From: &ThroughputFrom{Grid: "g", Key: KeyRecord, Partitions: 4}, Work: time.Millisecond, Consumers: []int{1, 2, 4}, Assignor: "range"}, lesson,
			func(c Cost) bool { return c.Measure == 3*2400*time.Millisecond }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if c := tc.cell.Cost(tc.src); !tc.want(c) {
				t.Errorf("cost %+v", c)
			}
		})
	}
}

// A cost's rows are the rows its cell computes, and a throughput's measured
// sleep is the MeasureCost of its result: the estimate and the engine read
// the same spec the same way.
func TestCostAgreesWithTheRun(t *testing.T) {
	src := Source{Seed: 20260218, Subscribers: 200, Periods: 12}
	grid := Grid{ID: "g", Keys: []Key{KeySubscriber, KeyRecord}, Partitions: []int{1, 3, 8}, Consumers: []int{2, 5},
		Partitioner: "lesson", Assignor: "range"}
	tp := Throughput{ID: "t", Partitions: 6, Records: 7, Work: time.Millisecond, Consumers: []int{1, 2, 4, 16}, Assignor: "range"}
	as := Assignment{ID: "a", Partitions: 6, Consumers: []int{4, 10}, Assignor: "range"}
	gs := Groups{ID: "gs", Partitions: 5, Records: 3, Groups: []GroupsGroup{{"a", 2}, {"b", 3}}, Assignor: "roundrobin"}
	rs, err := Run(t.Context(), src, []Cell{grid, tp, as, gs})
	if err != nil {
		t.Fatal(err)
	}
	rows := []int{len(rs.All[0].Result.(*GridResult).Rows), len(rs.All[1].Result.(*ThroughputResult).Rows),
		len(rs.All[2].Result.(*AssignmentResult).Rows), len(rs.All[3].Result.(*GroupsResult).Groups)}
	var costs []int
	for _, c := range rs.Cells {
		costs = append(costs, int(c.Cost(src).Rows))
	}
	if !reflect.DeepEqual(costs, rows) {
		t.Errorf("rows by cost %v, computed %v", costs, rows)
	}
	if got, want := tp.Cost(src).Measure, rs.All[1].Result.(*ThroughputResult).MeasureCost(); got != want || got == 0 {
		t.Errorf("measured sleep %v by cost, %v by the result", got, want)
	}
	// 2,400 readings placed under 2 keys and 3 partition counts; each
	// placement read per partition and period, 2 × (12 + 3·12); each of the
	// 12 rows listing its partitions and consumers, 2 × (2·12 + 3·7).
	if c := grid.Cost(src); c.Visits != 2400*2*3+2*(12+3*12)+2*(2*12+3*7) || c.KafkaGroups != 0 {
		t.Errorf("grid cost %+v", c)
	}
}

func TestCostAdd(t *testing.T) {
	a := Cost{Visits: 1, Rows: 2, Bytes: 3, KafkaGroups: 4, KafkaConsumers: 5, KafkaRecords: 6, KafkaBytes: 8, KafkaSteps: 9, Measure: 7}
	b := Cost{Visits: 10, Rows: 20, Bytes: 30, KafkaGroups: 40, KafkaConsumers: 3, KafkaRecords: 60, KafkaBytes: 80, KafkaSteps: 90, Measure: 70}
	if got, want := a.Add(b), (Cost{11, 22, 33, 44, 5, 60, 88, 99, 77}); got != want {
		t.Errorf("%+v + %+v = %+v, want %+v", a, b, got, want)
	}
}
