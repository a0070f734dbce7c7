package scenarios

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// A value is the type of one value in a scenario file, kept as data (a
// struct literal in a field-spec table). It decodes a node strictly,
// reporting every problem at the node, and describes itself in the JSON
// Schema; the two live side by side so that they cannot drift apart.
type value interface {
	// decode reads n, reporting problems under path. It always returns its
	// own Go type, a zero value when n is wrong, so that setters need no
	// nil checks.
	decode(d *decoder, n *yaml.Node, path string) any
	schema() schema
}

// schema is one JSON Schema object; encoding/json sorts its keys, so the
// generated schema is deterministic.
type schema = map[string]any

// bounds is an inclusive range: the one shape of every limit in a scenario.
type bounds[T int64 | float64 | time.Duration] struct{ min, max T }

func (b bounds[T]) contains(v T) bool {
	return cmp.Compare(v, b.min) >= 0 && cmp.Compare(v, b.max) <= 0
}

// A field is one entry of a mapping's field-spec table. The table is the
// only list of a mapping's fields: the decoder accepts exactly these,
// decodes each one it meets through set, applies def to each one that is
// absent, and the JSON Schema prints them.
type field[U any] struct {
	name     string
	doc      string // one line, the field's description in the schema
	value    value
	required bool
	def      any // what decode would return for the default; nil for none
	set      func(u *U, v any)
}

// to adapts a typed setter to a field's; the assertion holds because a
// value's decode always returns its own type, and def is written in it.
func to[U, V any](set func(*U, V)) func(*U, any) {
	return func(u *U, v any) { set(u, v.(V)) }
}

// absenter is a value whose default depends on where it is, such as a
// cell's id.
type absenter interface{ absent(d *decoder) any }

// object is a mapping decoded into a U by a field-spec table; check holds
// the cross-field rules that no single field can state.
type object[U any] struct {
	fields []field[U]
	check  func(m mapping, u *U) // may be nil
}

// zero is the value an object decodes into, with no field set.
func (object[U]) zero() any {
	var u U
	return u
}

// A mapping is one decoded mapping as its check sees it: where it is and
// each present field's value node.
type mapping struct {
	d    *decoder
	node *yaml.Node
	path string
	at   map[string]*yaml.Node // nil when the node is no mapping
}

// errorf reports a problem at the named field's value, or at the mapping
// itself when field is "".
func (m mapping) errorf(field, format string, args ...any) {
	if field == "" {
		m.d.errorf(m.node, m.path, format, args...)
		return
	}
	m.d.errorf(m.at[field], join(m.path, field), format, args...)
}

// misspelt reports whether an unknown field of the mapping is a near miss
// of field, which is then not missing but misspelt.
func (m mapping) misspelt(field string) bool {
	return slices.Contains(m.d.misspelt, join(m.path, field))
}

func (o object[U]) decode(d *decoder, n *yaml.Node, path string) any {
	allowed := o.fieldNames()
	var required []string
	for _, f := range o.fields {
		if f.required {
			required = append(required, f.name)
		}
	}
	at := d.fields(n, path, allowed, required)
	d.scopes = append(d.scopes, o.lookup(at))
	defer func() { d.scopes = d.scopes[:len(d.scopes)-1] }()
	cell := n == d.options
	if cell {
		d.params = map[string]int64{}
	}
	var u U
	for _, f := range o.fields {
		a, computed := f.value.(absenter)
		switch v := at[f.name]; {
		case v != nil:
			x := f.value.decode(d, v, join(path, f.name))
			if _, whole := f.value.(integer); whole && cell {
				d.params[f.name] = x.(int64)
			}
			f.set(&u, x)
		case f.def != nil:
			if _, whole := f.value.(integer); whole && cell {
				d.params[f.name] = f.def.(int64)
			}
			f.set(&u, f.def)
		case computed:
			f.set(&u, a.absent(d))
		}
	}
	if o.check != nil {
		o.check(mapping{d: d, node: n, path: path, at: at}, &u)
	}
	return u
}

// lookup is the scope of the expressions in the mapping whose present
// fields are at: its whole-number fields, each as written or by default.
// A field that is itself an expression is not one to derive from, so that
// no expression waits on another.
func (o object[U]) lookup(at map[string]*yaml.Node) func(string) (int64, error) {
	return func(name string) (int64, error) {
		var names []string
		for _, f := range o.fields {
			i, whole := f.value.(integer)
			if !whole {
				continue
			}
			names = append(names, f.name)
			if f.name != name {
				continue
			}
			n := at[f.name]
			switch {
			case n == nil && f.def != nil:
				return f.def.(int64), nil
			case n == nil:
				return 0, fmt.Errorf("%s is not given, and has no default", name)
			case n.Kind != yaml.ScalarNode || n.Tag != "!!int":
				return 0, fmt.Errorf("%s is not written as a whole number; derive from a field that is", name)
			}
			v, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
			if err != nil || !i.b.contains(v) {
				return 0, fmt.Errorf("%s is out of its bounds", name)
			}
			return v, nil
		}
		if len(names) == 0 {
			return 0, noName(fmt.Sprintf("unknown name %q: this mapping has no whole-number fields", name))
		}
		return 0, noName(fmt.Sprintf("unknown name %q (want one of %s)%s", name, strings.Join(sorted(names), ", "), Suggest(name, names)))
	}
}

// fieldNames lists the mapping's fields in table order.
func (o object[U]) fieldNames() []string {
	var names []string
	for _, f := range o.fields {
		names = append(names, f.name)
	}
	return names
}

func (o object[U]) schema() schema {
	props := schema{}
	var required []string
	for _, f := range o.fields {
		s := f.value.schema()
		s["description"] = f.doc
		if v, ok := jsonValue(f.def); ok {
			s["default"] = v
		}
		props[f.name] = s
		if f.required {
			required = append(required, f.name)
		}
	}
	s := schema{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		s["required"] = required
	}
	return s
}

// jsonValue is a default as the file would write it. A mapping's default
// is its fields' own, which its schema shows field by field.
func jsonValue(v any) (any, bool) {
	switch v := v.(type) {
	case time.Duration:
		return v.String(), true
	case string, bool, int64, float64, []int, []string:
		return v, true
	}
	return nil, false
}

// items is a non-empty list of mappings, each decoded by item.
type items[U any] struct{ item object[U] }

func (l items[U]) decode(d *decoder, n *yaml.Node, path string) any {
	var out []U
	for i, item := range d.list(n, path) {
		out = append(out, l.item.decode(d, item, fmt.Sprintf("%s[%d]", path, i)).(U))
	}
	return out
}

func (l items[U]) schema() schema { return list(l.item.schema(), false) }

// list is the schema of a non-empty list of at most maxList items.
func list(item schema, distinct bool) schema {
	s := schema{"type": "array", "items": item, "minItems": 1, "maxItems": maxList}
	if distinct {
		s["uniqueItems"] = true
	}
	return s
}

// itemNode returns the node of a list's i-th item, for checks that report
// at an item.
func itemNode(n *yaml.Node, i int) *yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode || i >= len(n.Content) {
		return nil
	}
	return n.Content[i]
}

// fieldNode returns the value of a mapping's first key called name.
func fieldNode(n *yaml.Node, name string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == name {
			return n.Content[i+1]
		}
	}
	return nil
}
