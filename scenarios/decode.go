package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"partlab/sim"

	"gopkg.in/yaml.v3"
)

// A decoder reads values out of a YAML node tree strictly, collecting an Error
// with the node's position for every value that is missing, unknown, of the
// wrong type or outside its bounds. It never stops at the first problem, so
// an author sees all of them at once.
type decoder struct {
	file string
	errs ErrorList
	// earlier holds the cells decoded so far by id, in order, for cells
	// that refer to the ones above them.
	earlier map[string]sim.Cell
	order   []string
}

func (d *decoder) errorf(n *yaml.Node, field, format string, args ...any) {
	d.errs = append(d.errs, &Error{File: d.file, Line: n.Line, Col: n.Column, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// fields checks that n is a mapping whose keys are all among allowed and
// returns each present key's value node. required keys that are missing are
// errors at the mapping.
func (d *decoder) fields(n *yaml.Node, path string, allowed, required []string) map[string]*yaml.Node {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, path, "must be a mapping with fields %s", strings.Join(sorted(allowed), ", "))
		return nil
	}
	got := make(map[string]*yaml.Node, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		field := join(path, k.Value)
		switch {
		case !slices.Contains(allowed, k.Value):
			d.errorf(k, field, "unknown field (want one of %s)", strings.Join(sorted(allowed), ", "))
		case got[k.Value] != nil:
			d.errorf(k, field, "duplicate field")
		default:
			got[k.Value] = v
		}
	}
	for _, name := range required {
		if got[name] == nil {
			d.errorf(n, path, "missing required field %q", name)
		}
	}
	return got
}

// str reads a string scalar.
func (d *decoder) str(n *yaml.Node, path string) string {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!str" && n.Tag != "!!int" && n.Tag != "!!float" && n.Tag != "!!bool") {
		d.errorf(n, path, "must be a string")
		return ""
	}
	if len(n.Value) > MaxText {
		d.errorf(n, path, "must be at most %d bytes (got %d)", MaxText, len(n.Value))
	}
	return n.Value
}

// MaxText bounds every string of a scenario, Markdown included: goldmark
// takes time superlinear in some inputs ("[a](" repeated), and a template's
// output, Markdown too, is held to the same bound.
const MaxText = 64 << 10

// text reads a non-empty string.
func (d *decoder) text(n *yaml.Node, path string) string {
	s := d.str(n, path)
	if n.Kind == yaml.ScalarNode && strings.TrimSpace(s) == "" {
		d.errorf(n, path, "must not be empty")
	}
	return s
}

// integer reads a whole number within b.
func (d *decoder) integer(n *yaml.Node, path string, b bounds) int64 {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		d.errorf(n, path, "must be a whole number between %d and %d (got %s)", b.min, b.max, describe(n))
		return 0
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
	if err != nil || v < b.min || v > b.max {
		d.errorf(n, path, "must be between %d and %d (got %s)", b.min, b.max, n.Value)
		return 0
	}
	return v
}

// integers reads a non-empty list of distinct whole numbers within b.
func (d *decoder) integers(n *yaml.Node, path string, b bounds) []int {
	items := d.list(n, path)
	var out []int
	for i, item := range items {
		p := fmt.Sprintf("%s[%d]", path, i)
		before := len(d.errs)
		v := int(d.integer(item, p, b))
		// A value that failed its own check is no duplicate of anything.
		if len(d.errs) == before && slices.Contains(out, v) {
			d.errorf(item, p, "duplicate value %d", v)
		}
		out = append(out, v)
	}
	return out
}

// name reads a string that must be one of valid.
func (d *decoder) name(n *yaml.Node, path string, valid []string) string {
	s := d.str(n, path)
	if n.Kind == yaml.ScalarNode && !slices.Contains(valid, s) {
		d.errorf(n, path, "unknown name %q (want one of %s)", s, strings.Join(valid, ", "))
	}
	return s
}

// names reads a non-empty list of distinct names, each one of valid.
func (d *decoder) names(n *yaml.Node, path string, valid []string) []string {
	items := d.list(n, path)
	var out []string
	for i, item := range items {
		p := fmt.Sprintf("%s[%d]", path, i)
		s := d.name(item, p, valid)
		if slices.Contains(out, s) {
			d.errorf(item, p, "duplicate value %q", s)
		}
		out = append(out, s)
	}
	return out
}

// list checks that n is a non-empty sequence of at most maxList items.
func (d *decoder) list(n *yaml.Node, path string) []*yaml.Node {
	switch {
	case n.Kind != yaml.SequenceNode:
		d.errorf(n, path, "must be a list (got %s)", describe(n))
		return nil
	case len(n.Content) == 0:
		d.errorf(n, path, "must not be empty")
	case len(n.Content) > maxList:
		d.errorf(n, path, "has %d entries; at most %d are allowed", len(n.Content), maxList)
		return nil
	}
	return n.Content
}

// describe names what a node is, for messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "nothing"
	}
	return strconv.Quote(n.Value)
}

func join(path, field string) string {
	if path == "" {
		return field
	}
	return path + "." + field
}

func sorted(s []string) []string {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// number reads a number (whole or not) within [lo, hi].
func (d *decoder) number(n *yaml.Node, path string, lo, hi float64) float64 {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		d.errorf(n, path, "must be a number between %g and %g (got %s)", lo, hi, describe(n))
		return 0
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil || v < lo || v > hi {
		d.errorf(n, path, "must be between %g and %g (got %s)", lo, hi, n.Value)
		return 0
	}
	return v
}

// duration reads a Go duration such as 8ms within [lo, hi].
func (d *decoder) duration(n *yaml.Node, path string, lo, hi time.Duration) time.Duration {
	v, err := time.ParseDuration(d.str(n, path))
	if n.Kind != yaml.ScalarNode {
		return 0
	}
	if err != nil || v < lo || v > hi {
		d.errorf(n, path, "must be a duration between %v and %v, such as 8ms (got %q)", lo, hi, n.Value)
		return 0
	}
	return v
}

// boolean reads true or false.
func (d *decoder) boolean(n *yaml.Node, path string) bool {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		d.errorf(n, path, "must be true or false (got %s)", describe(n))
		return false
	}
	return n.Value == "true"
}

// strs reads a non-empty list of distinct, non-empty strings.
func (d *decoder) strs(n *yaml.Node, path string) []string {
	var out []string
	for i, item := range d.list(n, path) {
		p := fmt.Sprintf("%s[%d]", path, i)
		s := d.text(item, p)
		if slices.Contains(out, s) {
			d.errorf(item, p, "duplicate value %q", s)
		}
		out = append(out, s)
	}
	return out
}

// keySet reads record keys: a list of strings, or one pattern such as
// "user-{0..239}".
func (d *decoder) keySet(n *yaml.Node, path string) []string {
	if n.Kind == yaml.SequenceNode {
		return d.strs(n, path)
	}
	keys, err := expand(d.text(n, path))
	if err != nil && n.Kind == yaml.ScalarNode {
		d.errorf(n, path, "%v", err)
	}
	return keys
}
