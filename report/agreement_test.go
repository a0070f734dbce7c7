package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// A grid measured on Kafka with one differing row: the simulation's figures
// and Kafka's, made up so that the table is readable by eye.
func kafkaNotebook(engine sim.Engine) Notebook {
	row := func(k sim.Key, loads ...int) sim.GridRow {
		r := sim.GridRow{Key: k, Partitions: 2, Consumers: 2, Loads: loads, Sizes: loads, Rows: 10}
		r.MaxLoad, r.MinLoad = max(loads[0], loads[1]), min(loads[0], loads[1])
		return r
	}
	simRows := []sim.GridRow{row(sim.KeyPeriod, 6, 6), row(sim.KeyNone, 6, 6)}
	spec := sim.Grid{ID: "g", Consumers: []int{2}, Engine: engine}
	g := &sim.GridResult{Kind: sim.KindGrid, ID: "g", Engine: engine, Records: 12, Rows: simRows, Grid: spec}
	kafka := &sim.GridObserved{Engine: "kafka", Cluster: "kfake", Agreeing: 1, Rows: []sim.GridObservedRow{
		{GridRow: simRows[0], Differ: []string{}},
		{GridRow: row(sim.KeyNone, 12, 0), Differ: []string{"loads", "max_load", "min_load", "sizes"}, Reason: "keyless"},
	}}
	return Notebook{
		Scenario: &scenarios.Scenario{Title: "t", Cells: []scenarios.Cell{{Kind: sim.KindGrid, ID: "g", Sim: spec}}},
		Results:  sim.Results{Cells: []sim.Cell{spec}, All: []sim.Computed{{Result: g, Kafka: kafka}}},
	}
}

func TestAgreementText(t *testing.T) {
	for _, tc := range []struct {
		engine sim.Engine
		table  string // the lesson's table, of the featured rows
	}{
		{sim.EngineBoth, "period              2        6        6     0                 0                   10\n" +
			"none                2        6        6     0                 0                   10\n"},
		{sim.EngineKafka, "period              2        6        6     0                 0                   10\n" +
			"none                2       12        0     0                 0                   10\n"},
	} {
		var b strings.Builder
		if err := Text(&b, kafkaNotebook(tc.engine)); err != nil {
			t.Fatal(err)
		}
		want := tc.table + `
kafka engine (kfake) beside the simulation: 1 of 2 rows agree
key        partitions consumers engine max load min load  idle split     rows  agreement
period              2         2 both          6        6     0     0       10  agrees
none                2         2 kafka        12        0     0     0       10  differs in loads, max_load, min_load, sizes: keyless
                                sim           6        6     0     0       10
`
		if !strings.HasSuffix(b.String(), want) {
			t.Errorf("engine %s: text\n%s\nwant it to end with\n%s", tc.engine, b.String(), want)
		}
	}
}

func TestKafkaCSVColumns(t *testing.T) {
	var b strings.Builder
	if err := CSV(&b, kafkaNotebook(sim.EngineBoth)); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	for i, want := range []string{
		"engine,kafka_max_load,kafka_min_load,kafka_idle,kafka_split,kafka_rows,kafka_loads,kafka_sizes,kafka_differ,kafka_reason",
		"both,6,6,0,0,10,6 6,6 6,,",
		"both,12,0,0,0,10,12 0,12 0,loads max_load min_load sizes,keyless",
	} {
		if !strings.HasSuffix(lines[i], want) {
			t.Errorf("line %d %q does not end with %q", i, lines[i], want)
		}
	}
}

// alsoFound sets what another engine found of cell i's computation, on a
// copy of the results, so that a notebook shared between tests stays as it
// was.
func alsoFound(nb *Notebook, i int, set func(*sim.Computed)) {
	nb.Results.All = slices.Clone(nb.Results.All)
	set(&nb.Results.All[i])
}
