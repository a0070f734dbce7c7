package scenarios

import (
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

func TestDay24Scenario(t *testing.T) {
	s, err := parseFile(t, "day-24-partitions.yaml")
	if err != nil {
		t.Fatal(err)
	}
	sp, ok := s.Cells[1].Sim.(sim.Spread)
	if !ok || len(sp.Keys) != 240 || sp.Keys[239] != "user-239" || sp.Hot != "user-42" || sp.HotCount != 50 {
		t.Errorf("spread cell %+v", s.Cells[1].Sim)
	}
}

// badLabInputs are one case per class of bad input in the lab's cell kinds.
var badLabInputs = []badInput{
	{"unknown spread field", head + "  - spread: {keys: a, partitions: 8, colour: red}\n", "cells[0].spread.colour: unknown field (want one of answer, hot, id, keys, partitioner, partitions, probes)"},
	{"pattern makes no keys", head + "  - spread: {keys: 'user-{9..0}', partitions: 8}\n", `x.yaml:3:20: cells[0].spread.keys: pattern "user-{9..0}" makes no keys: 9..0 is empty`},
	{"pattern too large", head + "  - spread: {keys: 'u{0..2000000}', partitions: 8}\n", "makes 2000001 keys; at most 1000000 are allowed"},
	{"two ranges", head + "  - spread: {keys: 'u{0..2}-{0..2}', partitions: 8}\n", "has 2 ranges; one {a..b} is allowed"},
	{"zero partitions", head + "  - spread: {keys: a, partitions: 0}\n", "cells[0].spread.partitions: must be between 1 and 4096 (got 0)"},
	{"zero among the partition counts", head + "  - spread: {keys: a, partitions: [2, 0]}\n", "cells[0].spread.partitions[1]: must be between 1 and 4096 (got 0)"},
	{"duplicate partition count", head + "  - spread: {keys: a, partitions: [2, 2]}\n", "cells[0].spread.partitions[1]: duplicate value 2"},
	{"hot without key", head + "  - spread: {keys: a, partitions: 2, hot: {count: 5}}\n", `cells[0].spread.hot: missing required field "key"`},
	{"throughput without partitions", head + "  - throughput: {records: 5}\n", `cells[0].throughput: missing required field "partitions" (or "from")`},
	{"throughput both", head + "  - grid: {id: g, keys: [period], partitions: [2]}\n  - throughput: {partitions: 2, from: {grid: g, key: period, partitions: 2}}\n", "cells[1].throughput.from: give partitions and records, or from, not both"},
	{"throughput from nothing", head + "  - throughput: {from: {grid: g, key: period, partitions: 2}}\n", `cells[0].throughput.from.grid: no grid cell "g" before this cell`},
	{"throughput from missing combo", head + "  - grid: {id: g, keys: [period], partitions: [2]}\n  - throughput: {from: {grid: g, key: record, partitions: 2}}\n", `cells[1].throughput.from.key: grid "g" has no key "record"`},
	{"bad work", head + "  - throughput: {partitions: 2, work: fast}\n", `cells[0].throughput.work: must be a duration between 1µs and 1s, such as 8ms (got "fast")`},
	{"measure not bool", head + "  - throughput: {partitions: 2, measure: yes please}\n", `cells[0].throughput.measure: must be true or false (got "yes please")`},
	{"read one partition", head + "  - ordering: {partitions: 4, read: [1]}\n", "cells[0].ordering.read: must name two partitions (got 1)"},
	{"read past the count", head + "  - ordering: {partitions: 4, read: [1, 4]}\n", "cells[0].ordering.read[1]: must be between 0 and 3 (got 4)"},
	{"ordering zero records", head + "  - ordering: {records: 0}\n", "cells[0].ordering.records: must be between 1 and 100000 (got 0)"},
	{"repartition to same", head + "  - repartition: {keys: 'k{0..9}', from: 6, to: 6, busy: k1}\n", "cells[0].repartition.to: must differ from from (both 6)"},
	{"repartition without busy", head + "  - repartition: {keys: 'k{0..9}', from: 6, to: 12}\n", `cells[0].repartition: missing required field "busy"`},
	{"assignment empty consumers", head + "  - assignment: {partitions: 6, consumers: []}\n", "cells[0].assignment.consumers: must not be empty"},
	{"duplicate group", head + "  - groups: {partitions: 6, groups: [{name: A, consumers: 1}, {name: A, consumers: 2}]}\n", `cells[0].groups.groups[1].name: duplicate group "A"`},
	{"zero consumers in a group", head + "  - groups: {partitions: 6, groups: [{name: A, consumers: 0}]}\n", "cells[0].groups.groups[0].consumers: must be between 1 and 4096 (got 0)"},
	{"sizing zero rate", head + "  - sizing: {target: 60000, per_consumer: 0}\n", "cells[0].sizing.per_consumer: must be between 1 and 1000000000 (got 0)"},
	{"prediction of nothing", head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - predictions: [{name: P1, you: 1, actual: s.speedup}]\n",
		`cells[1].predictions[0].actual: the sizing cell "s" computes no "speedup" (nearest: s.minimum, s.recommended)`},
	{"prediction before its cell", head + "  - predictions: [{name: P1, you: 1, actual: s.minimum}]\n  - sizing: {id: s, target: 10, per_consumer: 5}\n",
		`cells[0].predictions[0].actual: no cell before this one computes "s.minimum"; predictions name figures of the cells above them`},
	{"prediction not a number", head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - predictions: [{name: P1, you: many, actual: s.minimum}]\n",
		`cells[1].predictions[0].you: must be a number between -1e+12 and 1e+12 (got "many")`},
	{"answer not a bool", head + "  - sizing: {target: 10, per_consumer: 5, answer: yes please}\n", `x.yaml:3:51: cells[0].sizing.answer: must be true or false (got "yes please")`},
	{"predictions without items", head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - predictions: {id: board}\n", `cells[1].predictions: missing required field "items"`},
	{"predictions mapping field", head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - predictions: {id: board, items: [], colour: red}\n", "cells[1].predictions.colour: unknown field (want one of answer, id, items)"},
	{"predictions item of nothing", head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - predictions: {items: [{name: P1, actual: s.speedup}]}\n",
		`cells[1].predictions.items[0].actual: the sizing cell "s" computes no "speedup"`},
	{"negative tolerance", head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - predictions: [{name: P1, you: 1, actual: s.minimum, tolerance: -1}]\n",
		"cells[1].predictions[0].tolerance: must be between 0 and 1e+12 (got -1)"},
}

// One case per class of bad input in the lab's cell kinds.
func TestBadLabInput(t *testing.T) {
	for _, tc := range badLabInputs {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse(strings.NewReader(tc.yaml), "x.yaml")
			if err == nil {
				t.Fatalf("parsed %+v, want an error", s)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, tc.want)
			}
		})
	}
}

// TestPredictionsForms reads a scoreboard as a list and as a mapping with
// an id, with and without the author's example, and the answer option.
func TestPredictionsForms(t *testing.T) {
	const head = "title: t\ncells:\n  - sizing: {id: s, target: 10, per_consumer: 5, answer: true}\n"
	for _, tc := range []struct {
		name, yaml, id string
		answer         bool
	}{
		{"list", head + "  - predictions: [{name: P1, actual: s.minimum}, {name: P2, you: 3, actual: s.minimum}]\n", "predictions2", false},
		{"mapping", head + "  - predictions: {id: board, items: [{name: P1, actual: s.minimum}, {name: P2, you: 3, actual: s.minimum}]}\n", "board", false},
		{"mapping answer", head + "  - predictions: {id: board, answer: true, items: [{name: P1, actual: s.minimum}, {name: P2, you: 3, actual: s.minimum}]}\n", "board", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse(strings.NewReader(tc.yaml), "x.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if !s.Cells[0].Answer {
				t.Error("the sizing cell's answer: true was lost")
			}
			c := s.Cells[1]
			p, ok := c.Sim.(sim.Predictions)
			if !ok || c.ID != tc.id || p.ID != tc.id || c.Answer != tc.answer || len(p.Items) != 2 {
				t.Fatalf("cell %+v", c)
			}
			if p.Items[0].You != nil || p.Items[1].You == nil || *p.Items[1].You != 3 {
				t.Errorf("examples %v, %v; want none and 3", p.Items[0].You, p.Items[1].You)
			}
		})
	}
}

// A spread's partitions are one count or a list: the list is the spread
// against P, shown partition by partition at its largest count.
func TestSpreadCounts(t *testing.T) {
	for _, tc := range []struct {
		partitions string
		want       int
		along      []int
	}{
		{"8", 8, nil},
		{"[8]", 8, nil},
		{"[4, 12, 2]", 12, []int{4, 12, 2}},
	} {
		s, err := Parse(strings.NewReader(head+"  - spread: {keys: 'k{0..9}', partitions: "+tc.partitions+"}\n"), "x.yaml")
		if err != nil {
			t.Fatal(err)
		}
		if sp := s.Cells[0].Sim.(sim.Spread); sp.Partitions != tc.want || !slices.Equal(sp.Along, tc.along) {
			t.Errorf("partitions: %s gives %d along %v, want %d along %v", tc.partitions, sp.Partitions, sp.Along, tc.want, tc.along)
		}
	}
}
