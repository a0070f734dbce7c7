package sim

import (
	"slices"
	"testing"
	"time"
)

func TestCount(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", 65_536: "65,536", 3_084_570_624: "3,084,570,624"} {
		if got := count(n); got != want {
			t.Errorf("count(%d) = %q, want %q", n, got, want)
		}
	}
}

// costly is a cell that costs what it says.
type costly struct{ cost Cost }

func (costly) Kind() Kind               { return "grid" }
func (costly) CellID() string           { return "c" }
func (c costly) Cost(Source) Cost       { return c.cost }
func (costly) figures() figureSet       { return nil }
func (costly) run(*env) (Result, error) { return nil, nil }

// A limit a cell exceeds alone is an overrun at that cell; one the cells
// exceed only together is one overrun, at the cell that crosses it.
func TestBudgetCheck(t *testing.T) {
	b := Budget{Visits: 100, Rows: 10, Output: 1 << 20, KafkaGroups: 2, KafkaBytes: 1 << 20, KafkaSteps: 50, Measure: time.Second}
	cells := []Cell{
		costly{Cost{Visits: 60, Rows: 11, KafkaSteps: 30}},
		nil, // a Markdown cell
		costly{Cost{Visits: 60, KafkaConsumers: MaxKafkaConsumers + 1, KafkaBytes: 1<<20 + 1, KafkaSteps: 30, Measure: time.Hour}},
		costly{Cost{Visits: 60}},
	}
	want := []Overrun{
		{0, "this grid needs 11 result rows; the limit is 10 (raise it with --max-rows)"},
		{2, "with the cells before it, this scenario needs 120 record visits; the limit is 100 (raise it with --max-visits)"},
		{2, "this grid needs 1,048,577 bytes of records held by the Kafka engine; the limit is 1 MB (raise it with --max-kafka-bytes)"},
		{2, "with the cells before it, this scenario needs 60 Kafka group member-steps; the limit is 50 (raise it with --max-kafka-steps)"},
		{2, "this grid needs 257 consumers in one Kafka group; the limit is 256 (the Kafka engine's own)"},
	}
	if got := b.Check(Source{}, cells, false); !slices.Equal(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	measured := b.Check(Source{}, cells, true)
	if last := measured[len(measured)-1]; last.Msg != "this grid needs 1h0m0s of measured sleep; the limit is 1s (raise it with --max-measure)" {
		t.Errorf("with measure, the last overrun is %+v", last)
	}
}
