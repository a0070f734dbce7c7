package scenarios

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/partlab/partlab/sim"
)

// overridden is the scenario the override tests change: a grid with an id,
// one without (grid3, the third cell), and no engine or summary.
const overridden = `title: t
source: {seed: 1}
cells:
  - md: "## Keys"
  - grid:
      id: keys
      keys: [record]
      partitions: [3]
  - grid: {keys: [period], partitions: [2]}
`

func sets(t *testing.T, args ...string) []Override {
	t.Helper()
	var out []Override
	for _, a := range args {
		ovs, err := ParseSet(a)
		if err != nil {
			t.Fatalf("ParseSet(%q): %v", a, err)
		}
		out = append(out, ovs...)
	}
	return out
}

func TestOverrides(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  []string
		// check reports what is wrong with the scenario decoded
		check func(s *Scenario) string
	}{
		{"seed", []string{"source.seed=7"}, func(s *Scenario) string {
			if s.Source != (sim.Source{Seed: 7, Subscribers: 200, Periods: 12}) {
				return "source not overridden"
			}
			return ""
		}},
		{"a later value wins", []string{"source.seed=7", "source.seed=8"}, func(s *Scenario) string {
			if s.Source.Seed != 8 {
				return "seed is not 8"
			}
			return ""
		}},
		{"a field the file lacks", []string{"source.periods=3", "title=other"}, func(s *Scenario) string {
			if s.Source.Periods != 3 || s.Source.Seed != 1 || s.Title != "other" {
				return "source or title not overridden"
			}
			return ""
		}},
		{"a mapping the file lacks", []string{"engine.kafka.timeout=5s"}, func(s *Scenario) string {
			if s.Kafka.Timeout != 5*time.Second {
				return "timeout not 5s"
			}
			return ""
		}},
		{"a mapping sets each field", []string{"source={seed: 9, subscribers: 57}"}, func(s *Scenario) string {
			if s.Source != (sim.Source{Seed: 9, Subscribers: 57, Periods: 12}) {
				return "source not merged"
			}
			return ""
		}},
		{"a cell by id and by default id", []string{"cells.keys.partitions=[1, 2, 3]", "cells.grid3.consumers=[2]", "cells.keys.assignor=range"}, func(s *Scenario) string {
			a, b := s.Cells[1].Sim.(sim.Grid), s.Cells[2].Sim.(sim.Grid)
			if !reflect.DeepEqual(a.Partitions, []int{1, 2, 3}) || a.Assignor != "range" || !reflect.DeepEqual(b.Consumers, []int{2}) {
				return "cells not overridden"
			}
			return ""
		}},
		{"a renamed cell", []string{"cells.grid3.id=periods", "cells.periods.partitions=[5]"}, func(s *Scenario) string {
			if g := s.Cells[2].Sim.(sim.Grid); g.ID != "periods" || !reflect.DeepEqual(g.Partitions, []int{5}) {
				return "cell not renamed and overridden"
			}
			return ""
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ovs := sets(t, tc.set...)
			s, err := Parse(strings.NewReader(overridden), "o.yaml", ovs...)
			if err != nil {
				t.Fatal(err)
			}
			if msg := tc.check(s); msg != "" {
				t.Error(msg)
			}
			if len(s.Overrides) != len(ovs) {
				t.Errorf("the scenario carries %d overrides, want %d", len(s.Overrides), len(ovs))
			}
		})
	}
}

// An override's value is copied into each file it is put over, so one
// command line serves many files and many renders alike.
func TestOverridesReused(t *testing.T) {
	ovs := sets(t, "cells.keys.partitions=[0]")
	var msgs []string
	for range 2 {
		_, err := Parse(strings.NewReader(overridden), "o.yaml", ovs...)
		if err == nil {
			t.Fatal("no error")
		}
		msgs = append(msgs, err.Error())
	}
	if msgs[0] != msgs[1] {
		t.Errorf("the second parse says\n%s\nthe first\n%s", msgs[1], msgs[0])
	}
}

func TestOverrideErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  []string
		want string
	}{
		{"out of bounds, as in the file", []string{"source.seed=4611686018427387905"},
			"--set source.seed: source.seed: must be between -4611686018427387904 and 4611686018427387904 (got 4611686018427387905)"},
		{"in a list", []string{"cells.keys.partitions=[1, 0]"},
			"--set cells.keys.partitions: cells[1].grid.partitions[1]: must be between 1 and 4096 (got 0)"},
		{"wrong type", []string{"cells.grid3.keys=record"},
			`--set cells.grid3.keys: cells[2].grid.keys: must be a list (got "record")`},
		{"a name", []string{"cells.keys.assignor=sticky"},
			`--set cells.keys.assignor: cells[1].grid.assignor: unknown name "sticky" (want one of range, roundrobin)`},
		{"empty value", []string{"title="}, "--set title: title: must not be empty"},
		{"unknown field, near", []string{"source.sed=7"}, `--set source.sed: unknown path "source.sed" (did you mean "source.seed"?)`},
		{"unknown top-level field", []string{"titel=x"}, `--set titel: unknown path "titel" (did you mean "title"?)`},
		{"unknown field, far", []string{"source.zzzzzzz=1"},
			`--set source.zzzzzzz: unknown path "source.zzzzzzz": source has no field "zzzzzzz" (want one of periods, seed, subscribers)`},
		{"unknown field of a kind", []string{"cells.keys.partitoins=[1]"},
			`--set cells.keys.partitoins: unknown path "cells.keys.partitoins" (did you mean "cells.keys.partitions"?)`},
		{"unknown field inside a new mapping", []string{"engine.kafak.timeout=5s"},
			`--set engine.kafak.timeout: unknown path "engine.kafak.timeout" (did you mean "engine.kafka.timeout"?)`},
		{"unknown cell, near", []string{"cells.kyes.partitions=[1]"},
			`--set cells.kyes.partitions: unknown path "cells.kyes.partitions" (did you mean "cells.keys.partitions"?)`},
		{"unknown cell, far", []string{"cells.zzzzzzzzzz.partitions=[1]"},
			`--set cells.zzzzzzzzzz.partitions: unknown path "cells.zzzzzzzzzz.partitions": no cell has id "zzzzzzzzzz" (ids: keys, grid3)`},
		{"a Markdown cell has no id", []string{"cells.md1.x=1"},
			`--set cells.md1.x: unknown path "cells.md1.x": no cell has id "md1" (ids: keys, grid3)`},
		{"through a value", []string{"source.seed.something=1"},
			`--set source.seed.something: unknown path "source.seed.something": source.seed is not a mapping`},
		{"every problem at once", []string{"cells.zzzzzzzzzz.x=1", "source.periods=0"},
			"--set source.periods: source.periods: must be between 1 and 12 (got 0)\n" +
				`--set cells.zzzzzzzzzz.x: unknown path "cells.zzzzzzzzzz.x": no cell has id "zzzzzzzzzz" (ids: keys, grid3)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(overridden), "o.yaml", sets(t, tc.set...)...)
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

func TestParseSetErrors(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{
		{"source.seed", `want PATH=VALUE, such as source.seed=7 (got "source.seed")`},
		{"=7", `path "" has an empty part; want names joined by dots, such as cells.keys.partitions`},
		{"source..seed=7", `path "source..seed" has an empty part; want names joined by dots, such as cells.keys.partitions`},
		{"source.seed=[1", "source.seed: value is not YAML: line 1: did not find expected ',' or ']'"},
	} {
		if _, err := ParseSet(tc.arg); err == nil || err.Error() != tc.want {
			t.Errorf("ParseSet(%q): got %v, want %s", tc.arg, err, tc.want)
		}
	}
	ovs, err := ParseSet("source={seed: 7, periods: 3}")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range ovs {
		got = append(got, o.Path+" = "+o.Value+" from "+o.From)
	}
	if want := []string{"source.seed = 7 from --set", "source.periods = 3 from --set"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestParams(t *testing.T) {
	const path = "params.yaml"
	ovs, err := ParseParams([]byte("source.seed: 7\nsource:\n  subscribers: 57\ncells.keys:\n  partitions: [1, 2]\n"), path)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, o := range ovs {
		got = append(got, o.Path+" = "+o.Value+" from "+strings.TrimPrefix(o.From, path))
	}
	want := []string{"source.seed = 7 from :1:1", "source.subscribers = 57 from :3:3", "cells.keys.partitions = [1, 2] from :5:3"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	s, err := Parse(strings.NewReader(overridden), "o.yaml", ovs...)
	if err != nil {
		t.Fatal(err)
	}
	if s.Source.Seed != 7 || s.Source.Subscribers != 57 || !reflect.DeepEqual(s.Cells[1].Sim.(sim.Grid).Partitions, []int{1, 2}) {
		t.Errorf("source %+v, cell %+v", s.Source, s.Cells[1].Sim)
	}
}

func TestParamsErrors(t *testing.T) {
	for _, tc := range []struct{ name, params, want string }{
		{"a value out of bounds, at its place", "source:\n  seed: 1\n  periods: 13\n", "P:3:12: source.periods: must be between 1 and 12 (got 13)"},
		{"in a list", "cells.keys.partitions: [1,\n  0]\n", "P:2:3: cells[1].grid.partitions[1]: must be between 1 and 4096 (got 0)"},
		{"an unknown path, at its key", "source:\n  sed: 7\n", `P:2:3: unknown path "source.sed" (did you mean "source.seed"?)`},
		{"an unknown cell, at its key", "\ncells.kyes.partitions: [1]\n", `P:2:1: unknown path "cells.kyes.partitions" (did you mean "cells.keys.partitions"?)`},
		{"not a mapping", "- source.seed: 7\n", "P:1:1: want a mapping of paths to values, such as source.seed: 7"},
		{"empty", "", "P:1:1: want a mapping of paths to values, such as source.seed: 7"},
		{"invalid YAML", "source: [\n", "P:1:1: invalid YAML: did not find expected node content"},
		{"an empty part", "x:\n  .y: 1\n", `P:1:1: path "x..y" has an empty part; want names joined by dots, such as cells.keys.partitions`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ovs, err := ParseParams([]byte(tc.params), "P")
			if err == nil {
				_, err = Parse(strings.NewReader(overridden), "o.yaml", ovs...)
			}
			if err == nil || err.Error() != tc.want {
				t.Errorf("got  %v\nwant %s", err, tc.want)
			}
		})
	}
}

// Errors found after Parse at a scenario's positions, such as a template's
// in an overridden summary, are reported at the override.
func TestRelocate(t *testing.T) {
	s, err := Parse(strings.NewReader(overridden), "o.yaml", sets(t, "summary=text")...)
	if err != nil {
		t.Fatal(err)
	}
	at := s.SummaryAt
	err = s.Relocate(ErrorList{{File: s.File, Line: at.Line, Col: at.Col, Field: "summary", Msg: "template: bad"}, {File: s.File, Line: 1, Col: 1, Msg: "file"}})
	if want := "--set summary: summary: template: bad\no.yaml:1:1: file"; err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
}

// A nested field: set in a mapping the cell has, or in one the path adds,
// whose missing fields are the override's problem.
func TestOverrideNested(t *testing.T) {
	s, err := parseFile(t, "day-24-partitions.yaml", sets(t, "cells.spread.hot.count=7")...)
	if err != nil {
		t.Fatal(err)
	}
	if sp := s.Cells[1].Sim.(sim.Spread); sp.Hot != "user-42" || sp.HotCount != 7 {
		t.Errorf("hot %q × %d, want user-42 × 7", sp.Hot, sp.HotCount)
	}
	const src = "title: t\ncells:\n  - spread: {keys: [a, b], partitions: 2}\n"
	for _, tc := range []struct {
		ovs  []Override
		want string
	}{
		{sets(t, "cells.spread1.hot.count=5"), `--set cells.spread1.hot.count: cells[0].spread.hot: missing required field "key"`},
		{params(t, "cells.spread1.hot:\n  count: 5\n"), `P:2:3: cells[0].spread.hot: missing required field "key"`},
	} {
		_, err := Parse(strings.NewReader(src), "o.yaml", tc.ovs...)
		if f := tc.ovs[0].file; err != nil && f != "" {
			err = errors.New(strings.ReplaceAll(err.Error(), f, "P"))
		}
		if err == nil || err.Error() != tc.want {
			t.Errorf("got  %v\nwant %s", err, tc.want)
		}
	}
}

func params(t *testing.T, text string) []Override {
	t.Helper()
	ovs, err := ParseParams([]byte(text), "params.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return ovs
}
