package scenarios

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Variants is what a scenario lets vary from one student to the next
// (render --roster): each path, in the terms --set takes, with the values
// it may take. A variant is one value for each path, put over the file's
// own as an override, so that it meets the same decoder and bounds.
//
//	variants:
//	  vary:
//	    source.seed: any                    # any seed the source takes
//	    cells.ceiling.partitions: [6, 8, 12] # one of these
type Variants struct {
	Vary []Vary // sorted by path
	// PublicPage publishes the scenario's own page beside its variants:
	// without it, a scenario with variants has none, since its page
	// prints every figure its variants grade.
	PublicPage bool
	At         Pos // where the variants mapping starts in the file
}

// A Vary is one path of Variants and the values it takes: Choices values
// in all, the i-th of which Value gives.
type Vary struct {
	Path string
	// Any marks a path that takes any value of its bounds (source.seed
	// only: every seed is a page of its own); Values is then empty.
	Any    bool
	Values []Override
	file   string
	at     Pos // where the values are written
}

// anyPaths are the paths whose every value the engine computes a page for,
// and the values any takes: a seed of nine digits at most, which reads on
// the page like the lesson's own. A count such as partitions varies over a
// list, so that the author knows every page it gives.
var anyPaths = map[string]bounds[int64]{"source.seed": {1, 999_999_999}}

// maxVary bounds the paths and the values of each, as every list is.
const maxVary = maxList

// Choices is how many values v takes.
func (v Vary) Choices() uint64 {
	if v.Any {
		b := anyPaths[v.Path]
		return uint64(b.max-b.min) + 1
	}
	return uint64(len(v.Values))
}

// Value is v's i-th value (i < Choices()) as the override that puts it.
func (v Vary) Value(i uint64) Override {
	if !v.Any {
		return v.Values[i]
	}
	b := anyPaths[v.Path]
	n := strconv.FormatInt(b.min+int64(i), 10)
	node := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: n, Line: v.at.Line, Column: v.at.Col}
	return v.override(v.file, node)
}

// override is the override that puts node, at its place in file, at v's
// path: its problems are reported at that place.
func (v Vary) override(file string, node *yaml.Node) Override {
	return Override{Path: v.Path, Value: flow(node), From: fmt.Sprintf("%s:%d:%d", file, node.Line, node.Column),
		value: node, file: file, at: Pos{node.Line, node.Column}, variant: true}
}

var variantsSpec = object[Variants]{
	fields: []field[Variants]{
		{name: "vary", doc: "each path that varies, as --set takes it, with any (source.seed only) or the list of its values", value: varyMap{}, required: true,
			set: to(func(v *Variants, vary []Vary) { v.Vary = vary })},
		{name: "public_page", doc: "true: publish the scenario's own page too, every figure and answer in it; without it only the students' variant pages are", value: boolean{}, def: false,
			set: to(func(v *Variants, b bool) { v.PublicPage = b })},
	},
	check: func(m mapping, v *Variants) { v.At = Pos{m.node.Line, m.node.Column} },
}

// varyMap is variants.vary: a mapping of paths to any or a list of values.
type varyMap struct{}

func (varyMap) decode(d *decoder, n *yaml.Node, path string) any {
	if n.Kind != yaml.MappingNode || len(n.Content) == 0 {
		d.errorf(n, path, "must be a mapping of paths to values, such as source.seed: any or cells.ceiling.partitions: [6, 8, 12]")
		return []Vary(nil)
	}
	if len(n.Content)/2 > maxVary {
		d.errorf(n, path, "varies %d paths; the limit is %d", len(n.Content)/2, maxVary)
		return []Vary(nil)
	}
	var out []Vary
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		field := join(path, k.Value)
		if slices.ContainsFunc(out, func(o Vary) bool { return o.Path == k.Value }) {
			d.errorf(k, field, "duplicate path")
			continue
		}
		if slices.Contains(strings.Split(k.Value, "."), "") || k.Value == "variants" || strings.HasPrefix(k.Value, "variants.") {
			d.errorf(k, field, "want a path that --set takes, such as source.seed or cells.ceiling.partitions")
			continue
		}
		vary := Vary{Path: k.Value, file: d.file, at: Pos{v.Line, v.Column}}
		switch {
		case v.Kind == yaml.ScalarNode && v.Value == "any":
			if _, ok := anyPaths[k.Value]; !ok {
				d.errorf(v, field, "any is for source.seed, whose every value is a page; give the list of values this path takes, such as [6, 8, 12]")
				continue
			}
			vary.Any = true
		case v.Kind == yaml.SequenceNode && len(v.Content) > 0 && len(v.Content) <= maxVary:
			for _, item := range v.Content {
				if slices.ContainsFunc(vary.Values, func(o Override) bool { return o.Value == flow(item) }) {
					d.errorf(item, field, "duplicate value %s", flow(item))
				}
				vary.Values = append(vary.Values, vary.override(d.file, item))
			}
		default:
			d.errorf(v, field, "must be any or a list of 1 to %d values (got %s)", maxVary, describe(v))
			continue
		}
		out = append(out, vary)
	}
	slices.SortFunc(out, func(a, b Vary) int { return strings.Compare(a.Path, b.Path) })
	return out
}

func (varyMap) schema() schema {
	return schema{"type": "object", "minProperties": 1, "maxProperties": maxVary,
		"additionalProperties": schema{"oneOf": []any{
			schema{"const": "any"},
			schema{"type": "array", "minItems": 1, "maxItems": maxVary},
		}}}
}

// checkVariants decodes the file again with each value of each varying
// path (with the lowest seed for any), through parse, so that a value the
// decoder or its bounds refuse is an error at its place under variants
// before a roster is rendered.
func checkVariants(s *Scenario, parse func(ovs []Override) error) ErrorList {
	var errs ErrorList
	for _, v := range s.Variants.Vary {
		n := v.Choices()
		if v.Any {
			n = 1 // every seed decodes alike
		}
		for i := range n {
			var list ErrorList
			if err := parse(append(slices.Clone(s.Overrides), v.Value(i))); errors.As(err, &list) {
				errs = append(errs, list...)
			}
		}
	}
	return errs
}

// Variant is the overrides of one variant: for each varying path, the
// value pick chooses among its choices (pick returns a number below
// choices). The variant's pages are the file loaded with them after the
// command line's overrides.
func (s *Scenario) Variant(pick func(path string, choices uint64) uint64) []Override {
	var out []Override
	for _, v := range s.Variants.Vary {
		out = append(out, v.Value(pick(v.Path, v.Choices())))
	}
	return out
}
