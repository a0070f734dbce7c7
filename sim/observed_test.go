package sim

import (
	"reflect"
	"strings"
	"testing"
)

func TestEngineByName(t *testing.T) {
	for _, name := range EngineNames() {
		if e, err := EngineByName(name); err != nil || string(e) != name {
			t.Errorf("EngineByName(%q) = %q, %v", name, e, err)
		}
	}
	if _, err := EngineByName("spark"); err == nil || !strings.Contains(err.Error(), `unknown engine "spark" (want one of both, kafka, sim)`) {
		t.Errorf("error %v", err)
	}
	if EngineSim.Kafka() || !EngineKafka.Kafka() || !EngineBoth.Kafka() {
		t.Error("Kafka() is wrong")
	}
}

func TestRowDiffer(t *testing.T) {
	rs, err := Run(t.Context(), Source{Seed: 1, Subscribers: 50, Periods: 4}, []Cell{Grid{Keys: []Key{KeyRecord}, Partitions: []int{3}, Consumers: []int{2}, Partitioner: "lesson", Assignor: "range"}})
	if err != nil {
		t.Fatal(err)
	}
	a := rs.All[0].Result.(*GridResult).Rows[0]
	if got := a.Differ(a); got == nil || len(got) != 0 {
		t.Errorf("a row differs from itself in %#v, want []", got)
	}
	b := a
	b.Loads = append([]int{a.Loads[1], a.Loads[0]}, a.Loads[2:]...)
	b.Deviation = append(Regions{}, a.Deviation...)
	b.Deviation[0].Value += 0.01
	b.Speedup += 1e-9
	if got, want := a.Differ(b), []string{"loads", "deviation", "speedup"}; !reflect.DeepEqual(got, want) {
		t.Errorf("differ %v, want %v", got, want)
	}
}
