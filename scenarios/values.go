package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/partlab/partlab/internal/lazyregexp"
)

// The types of value a field may hold. Each decodes strictly and describes
// itself in the JSON Schema; the schema accepts exactly the values the
// decoder accepts, field by field, as an editor's YAML 1.2 reader sees them
// (TestSchemaAgreesWithDecoder), and the cross-field checks beside each
// table narrow it.

// str is a string scalar. A scalar that YAML reads as a number, a boolean
// or nothing is not one, as it is not for an editor: title: 2026 and id:
// true are errors that say to quote the text. yaml.v3 tags a date such as
// 2026-01-01 a timestamp; YAML 1.2, which editors read, has no timestamps,
// so a date is a string.
type str struct{}

func (str) decode(d *decoder, n *yaml.Node, path string) any {
	if !isString(n) {
		d.errorf(n, path, "must be a string (got %s)", describeText(n))
		return ""
	}
	if len(n.Value) > MaxText {
		d.errorf(n, path, "must be at most %d bytes (got %d)", MaxText, len(n.Value))
	}
	return n.Value
}

// isString reports whether n is a scalar that str reads; the checks of the
// values built on str look no further at a node that is not.
func isString(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && (n.Tag == "!!str" || n.Tag == "!!timestamp")
}

// describeText names what a node is where text was wanted, saying how to
// write a scalar that YAML reads as something else as text.
func describeText(n *yaml.Node) string {
	what := map[string]string{"!!int": "a number", "!!float": "a number", "!!bool": "true or false", "!!null": "nothing"}[n.Tag]
	if n.Kind != yaml.ScalarNode || what == "" || n.Value == "" || n.Style != 0 {
		return describe(n)
	}
	return fmt.Sprintf("%s, which YAML reads as %s; quote it for the text: %s", n.Value, what, strconv.Quote(n.Value))
}

// MaxText bounds every string of a scenario, Markdown included: goldmark
// takes time superlinear in some inputs ("[a](" repeated), and a template's
// output, Markdown too, is held to the same bound.
const MaxText = 64 << 10

// MaxText counts bytes and maxLength characters, so the schema is the
// looser of the two, never the stricter.
func (str) schema() schema {
	return schema{"type": "string", "maxLength": MaxText}
}

// text is a string that is not blank.
type text struct{}

func (text) decode(d *decoder, n *yaml.Node, path string) any {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
		d.errorf(n, path, "must not be empty")
		return ""
	}
	s := str{}.decode(d, n, path).(string)
	if isString(n) && strings.TrimSpace(s) == "" {
		d.errorf(n, path, "must not be empty")
	}
	return s
}

func (text) schema() schema {
	s := str{}.schema()
	s["pattern"] = `\S`
	return s
}

var idPattern = lazyregexp.New(`^[A-Za-z][A-Za-z0-9_]*$`)

// ident is a name that templates and JSON can use: a letter, then letters,
// digits and _.
type ident struct{}

func (ident) decode(d *decoder, n *yaml.Node, path string) any {
	s := str{}.decode(d, n, path).(string)
	if isString(n) && !idPattern.MatchString(s) {
		d.errorf(n, path, "must start with a letter and hold only letters, digits and _ (got %q)", s)
	}
	return s
}

func (ident) schema() schema {
	return schema{"type": "string", "pattern": idPattern.String(), "maxLength": MaxText}
}

// cellID is a cell's id; one not given is the kind and the cell's number,
// such as grid2.
type cellID struct{ ident }

func (cellID) absent(d *decoder) any { return d.cellID }

// integer is a whole number within b.
type integer struct{ b bounds[int64] }

func (i integer) decode(d *decoder, n *yaml.Node, path string) any {
	if isString(n) {
		return d.expression(n, path, i.b)
	}
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" {
		d.errorf(n, path, "must be a whole number between %d and %d (got %s)", i.b.min, i.b.max, describe(n))
		return int64(0)
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
	if err != nil || !i.b.contains(v) {
		d.errorf(n, path, "must be between %d and %d (got %s)", i.b.min, i.b.max, n.Value)
		return int64(0)
	}
	return v
}

func (i integer) schema() schema {
	return schema{"type": "integer", "minimum": i.b.min, "maximum": i.b.max}
}

// integers is a non-empty list of distinct whole numbers within b.
type integers struct{ b bounds[int64] }

func (l integers) decode(d *decoder, n *yaml.Node, path string) any {
	var out []int
	for i, item := range d.list(n, path) {
		p := fmt.Sprintf("%s[%d]", path, i)
		before := len(d.errs)
		v := int(integer(l).decode(d, item, p).(int64))
		// A value that failed its own check is no duplicate of anything.
		if len(d.errs) == before && slices.Contains(out, v) {
			d.errorf(item, p, "duplicate value %d", v)
		}
		out = append(out, v)
	}
	return out
}

func (l integers) schema() schema { return list(integer(l).schema(), true) }

// counts is one whole number within b, or a non-empty list of distinct
// ones: a partition count, or the partition counts a figure is shown
// against. It reads as a list either way.
type counts struct{ b bounds[int64] }

func (c counts) decode(d *decoder, n *yaml.Node, path string) any {
	if n.Kind == yaml.SequenceNode {
		return integers(c).decode(d, n, path)
	}
	return []int{int(integer(c).decode(d, n, path).(int64))}
}

func (c counts) schema() schema {
	return schema{"anyOf": []schema{integer(c).schema(), integers(c).schema()}}
}

// number is a number, whole or not, within b.
type number struct{ b bounds[float64] }

func (x number) decode(d *decoder, n *yaml.Node, path string) any {
	if n.Kind != yaml.ScalarNode || (n.Tag != "!!int" && n.Tag != "!!float") {
		d.errorf(n, path, "must be a number between %g and %g (got %s)", x.b.min, x.b.max, describe(n))
		return 0.0
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
	if err != nil || !x.b.contains(v) {
		d.errorf(n, path, "must be between %g and %g (got %s)", x.b.min, x.b.max, n.Value)
		return 0.0
	}
	return v
}

func (x number) schema() schema {
	return schema{"type": "number", "minimum": x.b.min, "maximum": x.b.max}
}

// duration is a Go duration such as 8ms within b; example shows the author
// one.
type duration struct {
	b       bounds[time.Duration]
	example string
}

func (x duration) decode(d *decoder, n *yaml.Node, path string) any {
	if n.Kind == yaml.ScalarNode && (n.Tag == "!!int" || n.Tag == "!!float") {
		d.errorf(n, path, "must be a duration between %v and %v, such as %s (got %s, a number without a unit)", x.b.min, x.b.max, x.example, n.Value)
		return time.Duration(0)
	}
	s := str{}.decode(d, n, path).(string)
	if !isString(n) {
		return time.Duration(0)
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		d.errorf(n, path, "must be a duration between %v and %v, such as %s (got %q)", x.b.min, x.b.max, x.example, s)
		return time.Duration(0)
	}
	if err := x.b.check(v); err != nil {
		d.errorf(n, path, "%v", err)
	}
	return v
}

// durationPattern is what time.ParseDuration reads.
const durationPattern = `^[-+]?(0|(([0-9]+(\.[0-9]*)?|\.[0-9]+)(ns|us|µs|μs|ms|s|m|h))+)$`

func (x duration) schema() schema {
	return schema{"type": "string", "pattern": durationPattern, "examples": []string{x.example}}
}

// check reports whether v is within b, in the words of every bounds error.
func (b bounds[T]) check(v T) error {
	if !b.contains(v) {
		return fmt.Errorf("must be between %v and %v (got %v)", b.min, b.max, v)
	}
	return nil
}

// boolean is true or false.
type boolean struct{}

func (boolean) decode(d *decoder, n *yaml.Node, path string) any {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		d.errorf(n, path, "must be true or false (got %s)", describe(n))
		return false
	}
	return n.Value == "true"
}

func (boolean) schema() schema { return schema{"type": "boolean"} }

// enum is one of the names a registry of sim lists, such as
// sim.PartitionerNames.
type enum struct{ names func() []string }

func (e enum) decode(d *decoder, n *yaml.Node, path string) any {
	s := str{}.decode(d, n, path).(string)
	if valid := e.names(); isString(n) && !slices.Contains(valid, s) {
		d.errorf(n, path, "unknown name %q (want one of %s)", s, strings.Join(valid, ", "))
	}
	return s
}

func (e enum) schema() schema { return schema{"type": "string", "enum": e.names()} }

// enums is a non-empty list of distinct names, each one of the registry's.
type enums struct{ names func() []string }

func (e enums) decode(d *decoder, n *yaml.Node, path string) any {
	return distinct(d, n, path, enum(e))
}

func (e enums) schema() schema { return list(enum(e).schema(), true) }

// texts is a non-empty list of distinct, non-empty strings.
type texts struct{}

func (texts) decode(d *decoder, n *yaml.Node, path string) any { return distinct(d, n, path, text{}) }

func (texts) schema() schema { return list(text{}.schema(), true) }

// distinct reads a list of strings, each an item, none twice.
func distinct(d *decoder, n *yaml.Node, path string, item value) []string {
	var out []string
	for i, n := range d.list(n, path) {
		p := fmt.Sprintf("%s[%d]", path, i)
		s := item.decode(d, n, p).(string)
		if slices.Contains(out, s) {
			d.errorf(n, p, "duplicate value %q", s)
		}
		out = append(out, s)
	}
	return out
}

// keySet is record keys: a list of strings, or one pattern such as
// "user-{0..239}".
type keySet struct{}

func (keySet) decode(d *decoder, n *yaml.Node, path string) any {
	if n.Kind == yaml.SequenceNode {
		return texts{}.decode(d, n, path)
	}
	p, err := parsePattern(text{}.decode(d, n, path).(string))
	if err == nil {
		err = d.patterns.take(p)
	}
	if err != nil {
		if isString(n) && err != errPatternsOver {
			d.errorf(n, path, "%v", err)
		}
		return []string(nil)
	}
	return p.keys()
}

func (keySet) schema() schema {
	return schema{"anyOf": []schema{text{}.schema(), texts{}.schema()}}
}
