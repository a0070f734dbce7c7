package sim

import (
	"reflect"
	"strings"
)

// Engine names what computes a grid's figures: the simulation alone, a real
// Kafka protocol (package partlab/sim/kafka), or both side by side. sim itself
// only ever simulates; a grid whose engine is kafka or both gets its Kafka
// figures from package kafka, in GridResult.Kafka.
type Engine string

// The engines a grid may name.
const (
	EngineSim   Engine = "sim"   // the simulation only
	EngineKafka Engine = "kafka" // Kafka's figures are the ones shown; the simulation's stay beside them
	EngineBoth  Engine = "both"  // the simulation's figures are shown, Kafka's beside them
)

var engines = map[string]Engine{
	string(EngineSim):   EngineSim,
	string(EngineKafka): EngineKafka,
	string(EngineBoth):  EngineBoth,
}

// EngineNames lists the engine names, sorted.
func EngineNames() []string { return sortedKeys(engines) }

// EngineByName returns the named engine.
func EngineByName(name string) (Engine, error) { return byName(engines, "engine", name) }

// Kafka reports whether the engine runs the grid on Kafka.
func (e Engine) Kafka() bool { return e == EngineKafka || e == EngineBoth }

// GridObserved is what another engine measured for a grid, row by row beside the
// simulation's: Rows[i] is the same combination as GridResult.Rows[i].
type GridObserved struct {
	Engine   string            `json:"engine"`   // "kafka"
	Cluster  string            `json:"cluster"`  // where it ran: "kfake" (in-process) or "brokers"
	Agree    bool              `json:"agree"`    // every row equals the simulation's
	Agreeing int               `json:"agreeing"` // rows that equal the simulation's
	Rows     []GridObservedRow `json:"rows"`
}

// GridObservedRow is one combination as another engine measured it: its figures,
// the figures in which it differs from the simulation's row, and the known
// cause of the difference when there is one.
type GridObservedRow struct {
	GridRow
	Differ []string `json:"differ"`           // JSON names of the differing figures; empty when the rows agree
	Reason string   `json:"reason,omitempty"` // why they differ, when the cause is known
}

// Agrees reports whether the row equals the simulation's.
func (r GridObservedRow) Agrees() bool { return len(r.Differ) == 0 }

// Differ lists the figures in which o differs from r, by their JSON names in
// the GridRow's field order: for a simulated row and the same combination
// measured on Kafka, [] when every figure agrees, [loads max_load …] when not.
// Figures are compared exactly, floats included: both rows come from the same
// arithmetic, so any difference is a difference in what was read.
func (r GridRow) Differ(o GridRow) []string {
	differ := []string{}
	a, b := reflect.ValueOf(r), reflect.ValueOf(o)
	for i := range a.NumField() {
		if !reflect.DeepEqual(a.Field(i).Interface(), b.Field(i).Interface()) {
			name, _, _ := strings.Cut(a.Type().Field(i).Tag.Get("json"), ",")
			differ = append(differ, name)
		}
	}
	return differ
}
