package scenarios

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/partlab/partlab/sim"
)

// parseFile parses a scenario file of this folder, as package load does.
func parseFile(t *testing.T, name string, overrides ...Override) (*Scenario, error) {
	t.Helper()
	src, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return Parse(bytes.NewReader(src), name, overrides...)
}

func TestLessonScenario(t *testing.T) {
	s, err := parseFile(t, "messaging-systems.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if s.Name != "messaging-systems" || s.Source != (sim.Source{Seed: 20260218, Subscribers: 200, Periods: 12}) {
		t.Errorf("name %q, source %+v", s.Name, s.Source)
	}
	g, ok := s.Cells[1].Sim.(sim.Grid)
	if !ok || g.ID != "keys" || len(g.Deviation) != 4 {
		t.Fatalf("cell 2 is %+v", s.Cells[1])
	}
	if !strings.HasPrefix(s.Cells[1].Input, "grid:\n  id: keys\n") {
		t.Errorf("input of the grid cell:\n%s", s.Cells[1].Input)
	}
}

func TestDefaults(t *testing.T) {
	s, err := Parse(strings.NewReader("title: t\ncells:\n  - grid: {keys: [record], partitions: [3]}\n  - offsets: {partitions: 2}\n"), "d.yaml")
	if err != nil {
		t.Fatal(err)
	}
	want := sim.Grid{ID: "grid1", Keys: []sim.Key{sim.KeyRecord}, Partitions: []int{3}, Consumers: []int{4}, Partitioner: "lesson", Assignor: "roundrobin"}
	if g := s.Cells[0].Sim.(sim.Grid); g.ID != want.ID || g.Consumers[0] != 4 || g.Partitioner != "lesson" || g.Assignor != "roundrobin" {
		t.Errorf("grid %+v, want %+v", g, want)
	}
	if o := s.Cells[1].Sim.(sim.Offsets); o.ID != "offsets2" || o.Key != sim.KeySubscriber || o.Partition != 0 {
		t.Errorf("offsets %+v", o)
	}
	if s.Source != sourceDefault {
		t.Errorf("source %+v", s.Source)
	}
	if g := s.Cells[0].Sim.(sim.Grid); g.Engine != sim.EngineSim || s.Kafka.Brokers != nil || s.Kafka.Timeout != 0 {
		t.Errorf("engine %q, kafka %+v", g.Engine, s.Kafka)
	}
}

func TestEngine(t *testing.T) {
	s, err := Parse(strings.NewReader(`title: t
engine:
  kafka:
    brokers: [kafka1:9092, '[::1]:9093']
    timeout: 1m30s
cells:
  - grid: {keys: [record], partitions: [3], engine: both}
  - offsets: {partitions: 2}
  - grid: {keys: [period], partitions: [2]}
`), "e.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if want := (Kafka{Brokers: []string{"kafka1:9092", "[::1]:9093"}, BrokersAt: Pos{4, 14}, Timeout: 90 * time.Second}); !reflect.DeepEqual(s.Kafka, want) {
		t.Errorf("kafka %+v, want %+v", s.Kafka, want)
	}
	if a, b := s.Cells[0].Sim.(sim.Grid).Engine, s.Cells[2].Sim.(sim.Grid).Engine; a != sim.EngineBoth || b != sim.EngineSim {
		t.Errorf("engines %q, %q", a, b)
	}
	s.SetEngine(sim.EngineKafka)
	if a, b := s.Cells[0].Sim.(sim.Grid).Engine, s.Cells[2].Sim.(sim.Grid).Engine; a != sim.EngineKafka || b != sim.EngineKafka {
		t.Errorf("after SetEngine: engines %q, %q", a, b)
	}
	if _, ok := s.Cells[1].Sim.(sim.Offsets); !ok {
		t.Errorf("SetEngine changed an offsets cell into %T", s.Cells[1].Sim)
	}
}

// head starts a scenario whose cells follow.
const head = "title: t\ncells:\n"

// kindList is the kinds a cell may have, as the messages list them.
var kindList = strings.Join(cellKindNames(), ", ")

// A badInput is a scenario the decoder refuses, and what its message must
// contain.
type badInput struct{ name, yaml, want string }

// badInputs are one case per class of bad input, with the message they must
// give; the schema test holds the schema to the decoder on each.
var badInputs = []badInput{
	{"empty file", "", "x.yaml:1:1: empty scenario"},
	{"not YAML", "title: [unclosed\n", "x.yaml:1:1: invalid YAML"},
	{"two documents", head + "  - md: hi\n---\ntitle: u\n", "more than one YAML document"},
	{"not a mapping", "- a\n- b\n", "x.yaml:1:1: must be a mapping with fields cells, engine, expect, source, summary, title"},
	{"missing title", "cells:\n  - md: hi\n", `x.yaml:1:1: missing required field "title"`},
	{"empty title", "title: ''\ncells:\n  - md: hi\n", "x.yaml:1:8: title: must not be empty"},
	{"title a number", "title: 2026\ncells:\n  - md: hi\n", `x.yaml:1:8: title: must be a string (got 2026, which YAML reads as a number; quote it for the text: "2026")`},
	{"partitioner a number", head + "  - grid: {keys: [record], partitions: [1], partitioner: 5}\n", `cells[0].grid.partitioner: must be a string (got 5, which YAML reads as a number; quote it for the text: "5")`},
	{"id a boolean", head + "  - grid: {id: true, keys: [record], partitions: [1]}\n", `x.yaml:3:16: cells[0].grid.id: must be a string (got true, which YAML reads as true or false; quote it for the text: "true")`},
	{"unknown field", "title: t\ncolour: red\ncells:\n  - md: hi\n", "x.yaml:2:1: colour: unknown field (want one of cells, engine, expect, source, summary, title, variants)"},
	{"near unknown field", "titel: t\ncells:\n  - md: hi\n", `x.yaml:1:1: titel: unknown field (want one of cells, engine, expect, source, summary, title, variants) (did you mean "title"?)`},
	{"duplicate field", "title: t\ntitle: u\ncells:\n  - md: hi\n", "x.yaml:2:1: title: duplicate field"},
	{"empty cells", "title: t\ncells: []\n", "x.yaml:2:8: cells: must not be empty"},
	{"tab in the indentation", "title: t\ncells:\n\t- md: hi\n", "x.yaml:3:1: invalid YAML: a tab in the indentation; YAML indents with spaces only"},
	{"tab after spaces", "title: t\ncells:\n  - grid:\n  \tkeys: [record]\n", "x.yaml:4:3: invalid YAML: a tab in the indentation"},
	{"tab in a block scalar", "title: t\ncells:\n  - md: |\n\t hi\n", "x.yaml:4:1: invalid YAML: a tab in the indentation"},
	{"fields beside the kind", head + "  - grid:\n    keys: [record]\n    partitions: [1]\n", `x.yaml:3:5: cells[0]: must be a mapping with one key, the cell's kind (one of ` + kindList + `); "keys" and "partitions" sit beside "grid", at its indentation: indent them further than "grid" to make them fields of the cell`},
	{"answer beside the kind", head + "  - grid: {keys: [record], partitions: [1]}\n    answer: true\n", `cells[0]: must be a mapping with one key, the cell's kind (one of ` + kindList + `); "answer" sits beside "grid", at its indentation: indent it further than "grid" to make it a field of the cell`},
	{"unknown field of a cell lists answer", head + "  - grid: {keys: [record], partitions: [1], answr: true}\n", `cells[0].grid.answr: unknown field (want one of answer, assignor, consumers, deviation, engine, id, keys, partitioner, partitions) (did you mean "answer"?)`},
	{"unknown field of a cell's mapping lists no answer", head + "  - spread: {keys: a, partitions: 2, hot: {key: a, colour: red}}\n", "cells[0].spread.hot.colour: unknown field (want one of count, key)"},
	{"misspelt kind", head + "  - spraed: {}\n", `x.yaml:3:5: cells[0].spraed: unknown cell kind (want one of ` + kindList + `) (did you mean "spread"?)`},
	{"unknown cell kind", head + "  - chart: {}\n", "x.yaml:3:5: cells[0].chart: unknown cell kind (want one of " + kindList + ")"},
	{"keyless batch too small", head + "  - keyless: {partitions: 2, batch: 600, value: 1000}\n", "x.yaml:3:37: cells[0].keyless.batch: must hold one record of 1000 bytes: at least 1128 (got 600)"},
	{"keyless batch below franz-go's", head + "  - keyless: {partitions: 2, batch: 100}\n", "x.yaml:3:37: cells[0].keyless.batch: must be between 512 and 1048576 (got 100)"},
	{"keyless unknown partitioner", head + "  - keyless: {partitions: 2, partitioners: [murmur2]}\n", `cells[0].keyless.partitioners[0]: unknown name "murmur2" (want one of adaptive, roundrobin, sticky, uniform)`},
	{"lag burst past the steps", head + "  - lag: {partitions: 2, rate: 10, per_consumer: 5, steps: 4, burst: {at: 5, records: 9}}\n", "x.yaml:3:75: cells[0].lag.burst.at: must be at most the steps 4 (got 5)"},
	{"lag hot share over 100", head + "  - lag: {partitions: 2, rate: 10, per_consumer: 5, hot: 101}\n", "x.yaml:3:58: cells[0].lag.hot: must be between 0 and 100 (got 101)"},
	{"lag without a rate", head + "  - lag: {partitions: 2, per_consumer: 5}\n", `cells[0].lag: missing required field "rate"`},
	{"two kinds in a cell", head + "  - md: a\n    grid: {}\n", "x.yaml:3:5: cells[0]: must be a mapping with one key"},
	{"wrong type", head + "  - grid: {keys: subscriber, partitions: [1]}\n", `x.yaml:3:18: cells[0].grid.keys: must be a list (got "subscriber")`},
	{"not a number", head + "  - grid: {keys: [subscriber], partitions: [four]}\n", `x.yaml:3:45: cells[0].grid.partitions[0]: must be a whole number between 1 and 4096 (got "four")`},
	{"zero partitions", head + "  - grid: {keys: [subscriber], partitions: [1, 0]}\n", "x.yaml:3:48: cells[0].grid.partitions[1]: must be between 1 and 4096 (got 0)"},
	{"too many consumers", head + "  - grid: {keys: [subscriber], partitions: [1], consumers: [5000]}\n", "cells[0].grid.consumers[0]: must be between 1 and 4096 (got 5000)"},
	{"empty list", head + "  - grid: {keys: [], partitions: [1]}\n", "x.yaml:3:18: cells[0].grid.keys: must not be empty"},
	{"duplicate key", head + "  - grid: {keys: [record, record], partitions: [1]}\n", `x.yaml:3:27: cells[0].grid.keys[1]: duplicate value "record"`},
	{"duplicate partitions", head + "  - grid: {keys: [record], partitions: [2, 2]}\n", "cells[0].grid.partitions[1]: duplicate value 2"},
	{"unknown key", head + "  - grid: {keys: [user], partitions: [1]}\n", `cells[0].grid.keys[0]: unknown name "user" (want one of none, period, record, region, subscriber, type)`},
	{"unknown partitioner", head + "  - grid: {keys: [record], partitions: [1], partitioner: fnv}\n", `cells[0].grid.partitioner: unknown name "fnv" (want one of crc32, lesson, murmur2)`},
	{"unknown assignor", head + "  - grid: {keys: [record], partitions: [1], assignor: sticky}\n", `cells[0].grid.assignor: unknown name "sticky" (want one of range, roundrobin)`},
	{"missing partitions", head + "  - grid: {keys: [record]}\n", `x.yaml:3:11: cells[0].grid: missing required field "partitions"`},
	{"unknown grid field", head + "  - grid: {keys: [record], partitions: [1], colour: red}\n", "cells[0].grid.colour: unknown field (want one of answer, assignor, consumers, deviation, engine, id, keys, partitioner, partitions)"},
	{"subscribers out of range", "title: t\nsource: {subscribers: 2000000}\ncells:\n  - md: hi\n", "x.yaml:2:23: source.subscribers: must be between 1 and 1000000 (got 2000000)"},
	{"periods out of range", "title: t\nsource: {periods: 13}\ncells:\n  - md: hi\n", "source.periods: must be between 1 and 12 (got 13)"},
	{"seed out of range", "title: t\nsource: {seed: 9223372036854775807}\ncells:\n  - md: hi\n", "source.seed: must be between -4611686018427387904 and 4611686018427387904"},
	{"float count", "title: t\nsource: {periods: 2.5}\ncells:\n  - md: hi\n", `source.periods: must be a whole number between 1 and 12 (got "2.5")`},
	{"bad id", head + "  - grid: {id: 2-keys, keys: [record], partitions: [1]}\n", `cells[0].grid.id: must start with a letter and hold only letters, digits and _ (got "2-keys")`},
	{"duplicate id", head + "  - grid: {id: k, keys: [record], partitions: [1]}\n  - offsets: {id: k, partitions: 1}\n", `x.yaml:4:5: cells[1].offsets.id: duplicate id "k"`},
	{"deviation outside the grid", head + "  - grid: {keys: [record], partitions: [1], deviation: [{key: record, partitions: 2}]}\n", "cells[0].grid.deviation[0].partitions: 2 is not among the grid's partition counts"},
	{"partition past the count", head + "  - offsets: {partitions: 4, partition: 4}\n", "cells[0].offsets.partition: must be below the partition count 4 (got 4)"},
	{"long list", head + "  - grid: {keys: [record], partitions: [" + strings.Repeat("1, ", 64) + "1]}\n", "cells[0].grid.partitions: has 65 entries; at most 64 are allowed"},
	{"empty markdown", head + "  - md: ''\n", "cells[0].md: must not be empty"},
	{"unknown engine", head + "  - grid: {keys: [record], partitions: [1], engine: spark}\n", `x.yaml:3:53: cells[0].grid.engine: unknown name "spark" (want one of both, kafka, sim)`},
	{"engine as a string", "title: t\nengine: kafka\ncells:\n  - md: hi\n", "x.yaml:2:9: engine: must be a mapping with fields kafka"},
	{"unknown engine field", "title: t\nengine: {spark: {}}\ncells:\n  - md: hi\n", "x.yaml:2:10: engine.spark: unknown field (want one of kafka)"},
	{"unknown kafka field", "title: t\nengine: {kafka: {acks: all}}\ncells:\n  - md: hi\n", "x.yaml:2:18: engine.kafka.acks: unknown field (want one of brokers, timeout)"},
	{"brokers not a list", "title: t\nengine: {kafka: {brokers: 'a:1'}}\ncells:\n  - md: hi\n", `x.yaml:2:27: engine.kafka.brokers: must be a list (got "a:1")`},
	{"broker without port", "title: t\nengine: {kafka: {brokers: [kafka1]}}\ncells:\n  - md: hi\n", `x.yaml:2:28: engine.kafka.brokers[0]: must be host:port (got "kafka1")`},
	{"broker port out of range", "title: t\nengine: {kafka: {brokers: ['k:9092', 'k:0']}}\ncells:\n  - md: hi\n", `x.yaml:2:38: engine.kafka.brokers[1]: port must be a number between 1 and 65535 (got "0")`},
	{"duplicate broker", "title: t\nengine: {kafka: {brokers: ['k:9092', 'k:9092']}}\ncells:\n  - md: hi\n", `engine.kafka.brokers[1]: duplicate value "k:9092"`},
	{"timeout without unit", "title: t\nengine: {kafka: {timeout: 30}}\ncells:\n  - md: hi\n", "x.yaml:2:27: engine.kafka.timeout: must be a duration between 1s and 10m0s, such as 30s (got 30, a number without a unit)"},
	{"timeout too long", "title: t\nengine: {kafka: {timeout: 2h}}\ncells:\n  - md: hi\n", "engine.kafka.timeout: must be between 1s and 10m0s (got 2h0m0s)"},
}

// One case per class of bad input: the message, with file:line:col.
func TestBadInput(t *testing.T) {
	for _, tc := range badInputs {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse(strings.NewReader(tc.yaml), "x.yaml")
			if err == nil {
				t.Fatalf("parsed %+v, want an error", s)
			}
			if s != nil {
				t.Errorf("returned a scenario with the error")
			}
			var list ErrorList
			if !errors.As(err, &list) {
				t.Errorf("error %T is not an ErrorList", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error:\n%v\nwant it to contain:\n%s", err, tc.want)
			}
		})
	}
}

// Every problem is reported at once, in file order.
func TestAllErrorsAtOnce(t *testing.T) {
	_, err := Parse(strings.NewReader("title: t\nsource: {periods: 0}\ncells:\n  - grid: {keys: [x], partitions: [0]}\n"), "x.yaml")
	want := `x.yaml:2:19: source.periods: must be between 1 and 12 (got 0)
x.yaml:4:19: cells[0].grid.keys[0]: unknown name "x" (want one of none, period, record, region, subscriber, type)
x.yaml:4:36: cells[0].grid.partitions[0]: must be between 1 and 4096 (got 0)`
	if err == nil || err.Error() != want {
		t.Errorf("error:\n%v\nwant:\n%s", err, want)
	}
}

// fuzzSeeds are FuzzParse's seed inputs besides the shipped scenarios; the
// schema test checks the valid ones too.
var fuzzSeeds = []string{
	"title: t\ncells:\n  - grid: {keys: [record], partitions: [1, 2]}\n",
	"title: t\nsource: {seed: -1, subscribers: 3, periods: 2}\ncells:\n  - offsets: {partitions: 2, partition: 1, compare: [record]}\n  - md: x\n",
	"title: [\n",
	"cells:\r-\n", // an item of blank lines: its input once sliced at -1
	"title: t\nengine: {kafka: {brokers: [k:9092], timeout: 5s}}\ncells:\n  - grid: {keys: [none], partitions: [2], engine: both}\n",
}

func FuzzParse(f *testing.F) {
	for _, src := range fuzzSeeds {
		f.Add(src)
	}
	for _, name := range []string{"messaging-systems.yaml", "day-24-partitions.yaml", "rebalances.yaml"} {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(src))
	}
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Parse(strings.NewReader(src), "f.yaml")
		if err != nil {
			var list ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %v is not a non-empty ErrorList", err)
			}
			for _, e := range list {
				if e.Line < 1 || e.Col < 1 {
					t.Fatalf("error without a position: %v", e)
				}
			}
			return
		}
		if s.Title == "" || len(s.Cells) == 0 {
			t.Fatalf("accepted a scenario without title or cells: %+v", s)
		}
	})
}

// TestOutOfBoundsIsNoDuplicate checks that values that failed their bounds
// are not counted as duplicates of each other: [0, 5000] is two values out
// of bounds, not a duplicate 0.
func TestOutOfBoundsIsNoDuplicate(t *testing.T) {
	_, err := Parse(strings.NewReader("title: t\ncells:\n  - grid: {keys: [subscriber], partitions: [0, 5000]}\n"), "x.yaml")
	if err == nil || strings.Contains(err.Error(), "duplicate") || strings.Count(err.Error(), "must be between 1 and 4096") != 2 {
		t.Errorf("error %v, want two bounds errors and no duplicate", err)
	}
}

// TestEveryKindsDefaults decodes a cell of every registered kind with each
// of its mappings present and every other field absent, so that each
// default goes through its setter, which panics on a default of the wrong
// type. The cells lack their required fields; only the panic is looked for.
func TestEveryKindsDefaults(t *testing.T) {
	for _, k := range Kinds() {
		for _, cell := range skeletons(cellKinds[k].spec.schema()) {
			src := "title: t\nengine: {kafka: {}}\ncells:\n  - " + string(k) + ": " + cell + "\n"
			t.Run(string(k), func(t *testing.T) {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s: %v", src, r)
					}
				}()
				_, _ = Parse(strings.NewReader(src), "x.yaml")
			})
		}
	}
}

// skeletons are the YAML values s allows that hold every mapping it can
// nest and no other field: {} for a mapping, [{}] for a list of mappings,
// one value per alternative of a oneOf.
func skeletons(s schema) []string {
	if alts, ok := s["oneOf"].([]schema); ok {
		var out []string
		for _, alt := range alts {
			out = append(out, skeletons(alt)...)
		}
		return out
	}
	switch s["type"] {
	case "object":
		props := s["properties"].(schema)
		var fields []string
		for _, name := range slices.Sorted(maps.Keys(props)) {
			if v := skeletons(props[name].(schema)); len(v) > 0 {
				fields = append(fields, name+": "+v[0])
			}
		}
		return []string{"{" + strings.Join(fields, ", ") + "}"}
	case "array":
		if item := skeletons(s["items"].(schema)); len(item) > 0 {
			return []string{"[" + item[0] + "]"}
		}
	}
	return nil
}

// The kinds' defaults are their lessons' own settings, and a scoreboard in
// its list form takes its id from its place.
func TestKindDefaults(t *testing.T) {
	src := `title: t
cells:
  - spread: {keys: a, partitions: 2, hot: {key: a}}
  - throughput: {partitions: 2}
  - ordering: {}
  - rebalance: {partitions: 2, events: [{join: 2}]}
  - keyless: {partitions: 2}
  - lag: {partitions: 2, rate: 10, per_consumer: 5, burst: {at: 1, records: 3}}
  - predictions: [{name: P1, actual: spread1.covered}]
`
	s, err := Parse(strings.NewReader(src), "x.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if sp := s.Cells[0].Sim.(sim.Spread); sp.HotCount != 50 || sp.Partitioner != "crc32" {
		t.Errorf("spread %+v, want the hot key sent 50 times by crc32", sp)
	}
	if th := s.Cells[1].Sim.(sim.Throughput); th.Work != 8*time.Millisecond || th.Records != 100 || len(th.Consumers) != 5 {
		t.Errorf("throughput %+v, want the lab's setting", th)
	}
	if o := s.Cells[2].Sim.(sim.Ordering); o.Records != 40 || o.Partitions != 8 || len(o.Keys) != 5 {
		t.Errorf("ordering %+v, want the lab's setting", o)
	}
	if r := s.Cells[3].Sim.(sim.Rebalance); !slices.Equal(r.Protocols, sim.ProtocolOrder()) || r.Engine != sim.EngineSim {
		t.Errorf("rebalance %+v, want every protocol on the simulation", r)
	}
	if k := s.Cells[4].Sim.(sim.Keyless); k.Batch != 16384 || k.Value != 100 || len(k.Partitioners) != 4 || len(k.Windows) != 3 || k.Engine != sim.EngineSim {
		t.Errorf("keyless %+v, want Kafka's 16 KiB batches, 100-byte values, every partitioner", k)
	}
	if l := s.Cells[5].Sim.(sim.Lag); l.Steps != 20 || l.Hot != 0 || l.Assignor != "range" || len(l.Consumers) != 5 || *l.Burst != (sim.LagBurst{At: 1, Records: 3}) {
		t.Errorf("lag %+v, want 20 steps, no hot key, range", l)
	}
	if p := s.Cells[6].Sim.(sim.Predictions); p.ID != "predictions7" {
		t.Errorf("predictions id %q, want predictions7", p.ID)
	}
}

// Salvage returns, with every error, the scenario with its broken cells
// marked, when every error lies in the cells; a file wrong as a whole
// comes back without one, and Parse never returns a scenario with errors.
func TestSalvage(t *testing.T) {
	for _, tc := range []struct {
		name, yaml string
		broken     []string // the broken cells' ids; nil for no scenario
	}{
		{"a cell's value", head + "  - grid: {id: g, keys: [record], partitions: [0]}\n  - sizing: {id: s, target: 10, per_consumer: 5}\n  - md: hi\n", []string{"g"}},
		{"a cell of no kind", head + "  - spraed: {}\n  - sizing: {target: 10, per_consumer: 5}\n", []string{}},
		{"a duplicate id", head + "  - sizing: {id: s, target: 10, per_consumer: 5}\n  - sizing: {id: s, target: 20, per_consumer: 5}\n", []string{"s"}},
		{"the source", "title: t\nsource: {periods: 0}\ncells:\n  - md: hi\n", nil},
		{"the title", "cells:\n  - md: hi\n", nil},
		{"the YAML", "title: [\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Salvage(strings.NewReader(tc.yaml), "x.yaml")
			if err == nil {
				t.Fatal("no error")
			}
			if p, perr := Parse(strings.NewReader(tc.yaml), "x.yaml"); p != nil || perr.Error() != err.Error() {
				t.Errorf("Parse: %v, %v; want no scenario and Salvage's errors", p, perr)
			}
			if tc.broken == nil {
				if s != nil {
					t.Errorf("salvaged %+v from a file wrong as a whole", s)
				}
				return
			}
			if s == nil {
				t.Fatalf("no scenario salvaged (%v)", err)
			}
			if got := s.BrokenIDs(); !slices.Equal(got, tc.broken) {
				t.Errorf("broken %v, want %v", got, tc.broken)
			}
			for _, c := range s.Cells {
				if c.Broken && c.Sim != nil {
					t.Errorf("broken cell %q has a computation", c.ID)
				}
			}
			if len(s.SimCells()) == 0 {
				t.Errorf("no computation left to run")
			}
		})
	}
}
