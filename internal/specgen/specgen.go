// Package specgen makes cell specs of every kind at random, seeded, across
// their bounds, for the tests that hold the engines to each other
// (wasm/recompute's agreement) and the costs to the work (sim's
// TestCostCoversWork). It is not for scenarios a reader sees.
package specgen

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// A Request is one cell to compute, as recompute.Request: its kind and
// spec, its source and the cells above it that it needs.
type Request struct {
	Kind   sim.Kind
	Spec   []byte
	Source []byte
	Above  []scenarios.CellSpec
}

// Name is what a generated cell's scenario is named, as recompute's.
const Name = "cell"

// A Generator makes specs of a kind at random, seeded, from the JSON Schema
// that scenarios derives from its field specs: every field a kind has,
// each value within its bounds (whole numbers spread evenly over the
// orders of magnitude between them), lists of one to a few distinct items,
// optional fields given half the time. What the schema cannot say (a
// throughput's from, a prediction's figure, the sim engine) it fills in from
// the cells it puts above.
type Generator struct {
	r     *rand.Rand
	kinds map[sim.Kind]map[string]any // each kind's schema, from scenarios.Schema
}

// New is a generator seeded with seed.
func New(seed uint64) (*Generator, error) {
	var doc struct {
		Properties struct {
			Cells struct {
				Items struct {
					Properties map[string]map[string]any // a cell's kind and its mapping
				}
			}
		}
	}
	if err := json.Unmarshal(scenarios.Schema(), &doc); err != nil {
		return nil, err
	}
	g := &Generator{r: rand.New(rand.NewPCG(seed, seed>>1|1)), kinds: map[sim.Kind]map[string]any{}}
	for _, k := range scenarios.Kinds() {
		s, ok := doc.Properties.Cells.Items.Properties[string(k)]
		if !ok {
			return nil, fmt.Errorf("the schema has no %s cell", k)
		}
		g.kinds[k] = s
	}
	return g, nil
}

// Request makes one request of kind, over a source of its own and with the
// cells above that it needs.
func (g *Generator) Request(kind sim.Kind) (Request, error) {
	src, err := json.Marshal(map[string]any{
		"seed":        g.integer(-sim.MaxSeed, sim.MaxSeed),
		"subscribers": g.integer(1, 2000),
		"periods":     g.integer(1, sim.MaxPeriods),
	})
	if err != nil {
		return Request{}, err
	}
	req := Request{Kind: kind, Source: src}
	v := g.value(g.kinds[kind], "")
	if list, ok := v.([]any); ok {
		v = map[string]any{"items": list} // a scoreboard's list, in its mapping form
	}
	spec := v.(map[string]any)
	switch kind {
	case sim.KindThroughput:
		delete(spec, "from")
		if g.r.IntN(3) == 0 {
			grid := g.value(g.kinds[sim.KindGrid], "").(map[string]any)
			grid["id"] = "above"
			req.Above = append(req.Above, g.spec(sim.KindGrid, grid))
			delete(spec, "partitions")
			delete(spec, "records")
			spec["from"] = map[string]any{"grid": "above", "key": first(grid["keys"]), "partitions": first(grid["partitions"])}
		}
	case sim.KindRebalance:
		g.members(spec)
	case sim.KindPredictions:
		kinds := slices.DeleteFunc(scenarios.Kinds(), func(k sim.Kind) bool { return k == sim.KindPredictions })
		k := kinds[g.r.IntN(len(kinds))]
		cell := g.value(g.kinds[k], "").(map[string]any)
		cell["id"] = "above"
		above := g.spec(k, cell)
		names := []string{"figure"} // of an invalid cell, which fails the request as a whole
		if s, err := scenarios.ParseCell(Name, src, nil, above); err == nil {
			names = sim.FigureNames(s.Cells[0].Sim)
		}
		req.Above = append(req.Above, above)
		for _, it := range spec["items"].([]any) {
			it.(map[string]any)["actual"] = "above." + names[g.r.IntN(len(names))]
		}
	}
	req.Spec, err = json.Marshal(spec)
	return req, err
}

// members fills in what a rebalance's schema cannot say: a session
// timeout only for static members and within the broker's bounds, and for
// (a time in seconds, either side of the timeout) on every down and half
// the restarts, never elsewhere.
func (g *Generator) members(spec map[string]any) {
	if _, ok := spec["session_timeout"]; ok {
		spec["static"] = true
		spec["session_timeout"] = fmt.Sprintf("%ds", g.integer(6, 1800))
	}
	events, _ := spec["events"].([]any)
	for _, e := range events {
		ev := e.(map[string]any)
		_, restart := ev["restart"]
		_, down := ev["down"]
		_, timed := ev["for"]
		if down || restart && timed {
			ev["for"] = fmt.Sprintf("%ds", g.integer(0, 3600))
		} else {
			delete(ev, "for")
		}
	}
}

func (g *Generator) spec(kind sim.Kind, spec map[string]any) scenarios.CellSpec {
	b, _ := json.Marshal(spec) // maps of JSON values always marshal
	return scenarios.CellSpec{Kind: kind, Spec: b}
}

func first(list any) any { return list.([]any)[0] }

// value makes a value of schema s for the field name.
func (g *Generator) value(s map[string]any, name string) any {
	if enum, ok := s["enum"].([]any); ok {
		if name == "engine" {
			return string(sim.EngineSim)
		}
		return enum[g.r.IntN(len(enum))]
	}
	for _, of := range []string{"oneOf", "anyOf"} {
		if alts, ok := s[of].([]any); ok {
			return g.value(alts[g.r.IntN(len(alts))].(map[string]any), name)
		}
	}
	typ, _ := s["type"].(string)
	if types, ok := s["type"].([]any); ok {
		typ = types[0].(string)
	}
	num := func(k string) float64 { f, _ := s[k].(float64); return f }
	switch typ {
	case "object":
		props, _ := s["properties"].(map[string]any)
		required, _ := s["required"].([]any)
		out := map[string]any{}
		for _, field := range sortedKeys(props) {
			if field == "engine" || (!slices.Contains(required, any(field)) && g.r.IntN(2) == 0) {
				continue
			}
			out[field] = g.value(props[field].(map[string]any), field)
		}
		return out
	case "array":
		item := s["items"].(map[string]any)
		n := 1 + g.r.IntN(min(int(num("maxItems")), 5))
		var out []any
		for range 4 * n {
			if len(out) == n {
				break
			}
			v := g.value(item, name)
			if s["uniqueItems"] == true && slices.ContainsFunc(out, func(o any) bool { return fmt.Sprint(o) == fmt.Sprint(v) }) {
				continue
			}
			out = append(out, v)
		}
		return out
	case "integer":
		return g.integer(int64(num("minimum")), int64(num("maximum")))
	case "number":
		return math.Round(float64(g.integer(0, 1000))*g.r.Float64()*100) / 100
	case "boolean":
		return g.r.IntN(2) == 0
	}
	return g.text(s, name)
}

// integer is a whole number in [lo, hi], its distance from lo spread
// evenly over the orders of magnitude up to hi.
func (g *Generator) integer(lo, hi int64) int64 {
	if lo < 0 {
		v := g.integer(0, hi)
		if g.r.IntN(2) == 0 {
			return -v
		}
		return v
	}
	span := float64(hi-lo) + 1
	return lo + min(hi-lo, int64(math.Exp(g.r.Float64()*math.Log(span)))-1)
}

// text is a string for the field name: a duration, an id, a key pattern,
// a member's name or a word.
func (g *Generator) text(s map[string]any, name string) string {
	pattern, _ := s["pattern"].(string)
	switch {
	case strings.Contains(pattern, "ms|s|m|h"):
		return fmt.Sprintf("%d%s", g.integer(1, 999), []string{"us", "ms"}[g.r.IntN(2)])
	case strings.HasPrefix(pattern, "^[A-Za-z]"):
		return fmt.Sprintf("c%d", g.integer(0, 99))
	case name == "keys" && g.r.IntN(2) == 0:
		return fmt.Sprintf("user-{0..%d}", g.integer(0, 999))
	case name == "leave":
		return fmt.Sprintf("c%d", g.integer(0, 8))
	}
	return fmt.Sprintf("%s-%d", []string{"user", "key", "order", "meter"}[g.r.IntN(4)], g.integer(0, 99))
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
