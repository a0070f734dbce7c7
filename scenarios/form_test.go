package scenarios

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

// TestForm checks a cell's form: its fields in the spec's order without
// the ones a page leaves out, each input with its bounds, the cell's value
// as the input shows it and the default; and which cells have none.
func TestForm(t *testing.T) {
	tests := []struct {
		name, cell string
		want       string // the form as JSON; "" for none
	}{
		{"grid", `grid: {id: g, keys: [record, subscriber], partitions: [1, 12], engine: sim, answer: true}`,
			`{"kind":"grid","id":"g","spec":"{id: g, keys: [record, subscriber], partitions: [1, 12], engine: sim, answer: true}","fields":[` +
				`{"name":"keys","doc":"the record keys compared","input":"choices","choices":["none","period","record","region","subscriber","type"],"required":true,"value":"record, subscriber"},` +
				`{"name":"partitions","doc":"the partition counts compared","input":"numbers","min":"1","max":"4096","required":true,"value":"1, 12"},` +
				`{"name":"consumers","doc":"the consumer counts compared","input":"numbers","min":"1","max":"4096","default":"4"},` +
				`{"name":"partitioner","doc":"how a key picks its partition","input":"choice","choices":["crc32","lesson","murmur2"],"default":"lesson"},` +
				`{"name":"assignor","doc":"how partitions are shared among the consumers","input":"choice","choices":["range","roundrobin"],"default":"roundrobin"},` +
				`{"name":"deviation","doc":"rows of the serving-deviation table: key and partition count pairs of the grid","input":"yaml"}]}`},
		// A key holding a comma cannot be one of a comma-separated list.
		{"probes with a comma", "spread:\n  keys: [a, b]\n  partitions: 2\n  probes: [\"x,y\", z]\n",
			`{"name":"probes","doc":"keys whose partition is listed","input":"yaml","value":"[\"x,y\", z]"}`},
		// A cell without an id: the spec names the one it has.
		{"a pattern", `ordering: {keys: "k-{0..3}", partitions: 4}`,
			`"spec":"{id: ordering2, keys: \"k-{0..3}\", partitions: 4}"`},
		{"a pattern's field", `ordering: {keys: "k-{0..3}", partitions: 4}`,
			`{"name":"keys","doc":"the keys: a list, or one pattern such as \"key-{0..4}\"","input":"yaml","value":"k-{0..3}","default":"[key-0, key-1, key-2, key-3, key-4]"}`},
		{"the Kafka engine", `grid: {keys: [record], partitions: [2], engine: kafka}`, ""},
		{"a scoreboard", "predictions:\n  - {name: P1, actual: g.rows@record/2/4}\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := head + "  - grid: {id: g, keys: [record], partitions: [2]}\n  - " + strings.ReplaceAll(tt.cell, "\n", "\n    ") + "\n"
			if strings.HasPrefix(tt.cell, "grid: {id: g") {
				src = head + "  - " + tt.cell + "\n"
			}
			s, err := Parse(strings.NewReader(src), "t.yaml")
			if err != nil {
				t.Fatal(err)
			}
			f, ok, err := s.Cells[len(s.Cells)-1].Form()
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				if tt.want != "" {
					t.Fatal("no form")
				}
				return
			}
			b, err := json.Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" || !strings.Contains(string(b), tt.want) {
				t.Errorf("form\n%s\nwant it to hold\n%s", b, tt.want)
			}
		})
	}
}

// TestSourceSpec checks that a source written by SourceSpec decodes back
// to itself, at the bounds of every field.
func TestSourceSpec(t *testing.T) {
	for _, src := range []sim.Source{sourceDefault, {Seed: sim.MaxSeed, Subscribers: sim.MaxSubscribers, Periods: 1}, {Seed: -sim.MaxSeed, Subscribers: 1, Periods: 12}} {
		s, err := ParseCell("cell", []byte(SourceSpec(src)), nil, CellSpec{Kind: sim.KindSizing, Spec: []byte("{target: 1, per_consumer: 1}")})
		if err != nil {
			t.Fatalf("%s: %v", SourceSpec(src), err)
		}
		if s.Source != src {
			t.Errorf("%s decodes to %+v", SourceSpec(src), s.Source)
		}
	}
}
