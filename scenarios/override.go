package scenarios

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Override is one value put over a scenario file's own before the file is
// decoded, so that it meets the same decoder and bounds: from the command
// line's --set PATH=VALUE, or from one entry of a --params file.
type Override struct {
	// Path is in the file's own terms: title, source.seed,
	// engine.kafka.timeout, or cells.ID.FIELD for the cell with that id
	// (its id: or its default, kind and cell number such as grid2).
	Path string
	// Value is the YAML that replaces the value at Path: a scalar, or a
	// sequence in flow style.
	Value string
	// From says where the override was given: "--set", or the params
	// file's name, line and column.
	From string

	value *yaml.Node // Value parsed; in a params file, at its place there
	file  string     // the params file; empty for --set
	at    Pos        // the key's place in the params file
	base  int        // set while parsing: the line Path's new keys take
	// variant marks a value of the file's own variants (Scenario.Variant):
	// a file loaded with one is a variant, whose values are not checked
	// again.
	variant bool
}

// place is where an override's problems are reported: "--set source.seed" or
// the params file.
func (o Override) place() string {
	if o.file == "" {
		return "--set " + o.Path
	}
	return o.file
}

// ParseSet reads one --set argument, PATH=VALUE, with VALUE in YAML. A
// mapping sets each of its fields, so --set 'source={seed: 7, periods: 3}' is
// --set source.seed=7 --set source.periods=3; anything else replaces the
// value at PATH whole.
func ParseSet(arg string) ([]Override, error) {
	path, text, ok := strings.Cut(arg, "=")
	if !ok {
		return nil, fmt.Errorf("want PATH=VALUE, such as source.seed=7 (got %q)", arg)
	}
	var doc yaml.Node
	err := yaml.Unmarshal([]byte(text), &doc)
	switch {
	case err != nil:
		return nil, fmt.Errorf("%s: value is not YAML: %v", path, strings.TrimPrefix(err.Error(), "yaml: "))
	case len(doc.Content) == 0: // an empty VALUE is YAML's null
		doc.Content = []*yaml.Node{{Kind: yaml.ScalarNode, Tag: "!!null", Line: 1, Column: 1}}
	}
	var out []Override
	err = flatten(path, doc.Content[0], doc.Content[0], func(path string, k, v *yaml.Node) {
		out = append(out, Override{Path: path, Value: flow(v), From: "--set", value: v})
	})
	return out, err
}

// ParseParams reads a --params file's bytes, src, named path: a mapping of
// paths to values. Keys may be dotted paths (source.seed: 7) or nest
// (source: {seed: 7}); as with --set, a mapping sets each of its fields.
func ParseParams(src []byte, path string) ([]Override, error) {
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(src)).Decode(&doc); err != nil && err != io.EOF {
		return nil, syntaxError(path, src, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, ErrorList{{File: path, Line: max(doc.Line, 1), Col: max(doc.Column, 1), Msg: "want a mapping of paths to values, such as source.seed: 7"}}
	}
	var out []Override
	var errs ErrorList
	for i := 0; i+1 < len(doc.Content[0].Content); i += 2 {
		k, v := doc.Content[0].Content[i], doc.Content[0].Content[i+1]
		err := flatten(k.Value, k, v, func(p string, k, v *yaml.Node) {
			out = append(out, Override{Path: p, Value: flow(v), From: fmt.Sprintf("%s:%d:%d", path, k.Line, k.Column),
				value: v, file: path, at: Pos{k.Line, k.Column}})
		})
		if err != nil {
			errs.Add(path, Pos{k.Line, k.Column}, "", err.Error())
		}
	}
	if err := errs.Err(); err != nil {
		return nil, err
	}
	return out, nil
}

// flatten calls set for every value v under path: each field of a mapping
// in turn, anything else whole; k is the key that names v.
func flatten(path string, k, v *yaml.Node, set func(path string, k, v *yaml.Node)) error {
	if slices.Contains(strings.Split(path, "."), "") {
		return fmt.Errorf("path %q has an empty part; want names joined by dots, such as cells.keys.partitions", path)
	}
	if v.Kind != yaml.MappingNode {
		set(path, k, v)
		return nil
	}
	for i := 0; i+1 < len(v.Content); i += 2 {
		if k := v.Content[i]; k.Kind != yaml.ScalarNode {
			return fmt.Errorf("%s: a mapping's keys must be names (got %s); quote text that starts with { or [", path, describe(k))
		}
		if err := flatten(path+"."+v.Content[i].Value, v.Content[i], v.Content[i+1], set); err != nil {
			return err
		}
	}
	return nil
}

// flow is v as one line of YAML, for the page's header.
func flow(v *yaml.Node) string {
	if v.Kind == yaml.ScalarNode {
		return v.Value
	}
	c := *v
	c.Style = yaml.FlowStyle
	b, err := yaml.Marshal(&c)
	if err != nil {
		return v.Value
	}
	return strings.TrimSpace(string(b))
}

// span is more lines than any file holds: the lines from an override's base
// up to base+span are its own.
const span = MaxFileSize + 2

// applyOverrides puts each override's value at its path in the document
// root, in order, creating the mappings on the way. The values it puts are
// copies whose lines are moved past the file's last line into the
// override's own range (setting each base), so that whatever the decoder
// finds in them is reported at the override (relocate). Paths that cannot be
// placed are returned as errors, and skipped.
func applyOverrides(root *yaml.Node, lines int, ovs []Override) ErrorList {
	var errs ErrorList
	known := filePaths(root)
	for i := range ovs {
		o := &ovs[i]
		o.base = lines + 1 + i*span
		segs := strings.Split(o.Path, ".")
		n := root
		for j, seg := range segs {
			if j == 1 && segs[0] == "cells" {
				if n = cellBody(root, seg); n == nil {
					errs = append(errs, o.unknown(fmt.Sprintf("no cell has id %q (ids: %s)", seg, strings.Join(cellIDs(root), ", ")),
						slices.Concat(known, cellAlternatives(root, segs))))
					break
				}
				continue
			}
			if n.Kind != yaml.MappingNode {
				errs = append(errs, o.unknown(fmt.Sprintf("%s is not a mapping", cmp.Or(strings.Join(segs[:j], "."), "the scenario")), known))
				break
			}
			if j == len(segs)-1 {
				setField(n, seg, o.base, j, o.shifted(o.value))
				break
			}
			next := fieldNode(n, seg)
			if next == nil {
				next = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: o.base, Column: j + 1}
				setField(n, seg, o.base, j, next)
			}
			n = next
		}
	}
	return errs
}

// setField replaces the value of key in mapping n, or adds key at the given
// line and at column j+1, so that an unknown key tells relocate which part
// of the path it is.
func setField(n *yaml.Node, key string, line, j int, v *yaml.Node) {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			n.Content[i+1] = v
			return
		}
	}
	k := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key, Line: line, Column: j + 1}
	n.Content = append(n.Content, k, v)
}

// shifted copies v with every line moved into o's range.
func (o *Override) shifted(v *yaml.Node) *yaml.Node {
	c := *v
	c.Line += o.base
	c.Content = make([]*yaml.Node, len(v.Content))
	for i, n := range v.Content {
		c.Content[i] = o.shifted(n)
	}
	return &c
}

// cells returns the items of root's cells list that hold a computation,
// with their ids: the cell's id: or its kind and cell number, as the decoder
// gives them.
func cells(root *yaml.Node) (ids []string, bodies []*yaml.Node) {
	list := fieldNode(root, "cells")
	if root.Kind != yaml.MappingNode || list == nil || list.Kind != yaml.SequenceNode {
		return nil, nil
	}
	for i, item := range list.Content {
		if item.Kind != yaml.MappingNode || len(item.Content) != 2 || item.Content[0].Value == string(Markdown) {
			continue
		}
		body := item.Content[1]
		id := item.Content[0].Value + strconv.Itoa(i+1)
		if body.Kind == yaml.MappingNode {
			if v := fieldNode(body, "id"); v != nil && v.Kind == yaml.ScalarNode {
				id = v.Value
			}
		}
		ids, bodies = append(ids, id), append(bodies, body)
	}
	return ids, bodies
}

func cellBody(root *yaml.Node, id string) *yaml.Node {
	ids, bodies := cells(root)
	if i := slices.Index(ids, id); i >= 0 {
		return bodies[i]
	}
	return nil
}

func cellIDs(root *yaml.Node) []string {
	ids, _ := cells(root)
	return ids
}

// cellAlternatives are segs with each cell's id in place of the unknown one.
func cellAlternatives(root *yaml.Node, segs []string) []string {
	var out []string
	for _, id := range cellIDs(root) {
		out = append(out, strings.Join(append([]string{"cells", id}, segs[2:]...), "."))
	}
	return out
}

// filePaths lists the paths the file has, in override terms: every field of
// every mapping, with the cells by id.
func filePaths(root *yaml.Node) []string {
	var out []string
	var walk func(prefix string, n *yaml.Node)
	walk = func(prefix string, n *yaml.Node) {
		if n.Kind != yaml.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			p := join(prefix, n.Content[i].Value)
			out = append(out, p)
			if p != "cells" {
				walk(p, n.Content[i+1])
			}
		}
	}
	walk("", root)
	ids, bodies := cells(root)
	for i, id := range ids {
		walk("cells."+id, bodies[i])
	}
	return out
}

// unknown is the error for an override whose path leads nowhere: why, and
// the near paths among valid.
func (o *Override) unknown(why string, valid []string) *Error {
	msg := fmt.Sprintf("unknown path %q", o.Path)
	if near := Suggest(o.Path, valid); near != "" {
		msg += near
	} else {
		msg += ": " + why
	}
	e := &Error{File: o.place(), Msg: msg}
	if o.file != "" {
		e.Line, e.Col = o.at.Line, o.at.Col
	}
	return e
}

// unknownFieldPrefix starts the decoder's message for a field it does not
// know (see unknownField), which lists the ones it does.
const unknownFieldPrefix = "unknown field (want one of "

// relocate reports an error found in an override's value at the override:
// "--set source.seed: …", or the value's place in the params file. An
// unknown field that the override's path added becomes an unknown path with
// the near ones: the paths of the file and the fields allowed where the
// path went astray.
func relocate(ovs []Override, known []string, e *Error) *Error {
	for i := range ovs {
		o := &ovs[i]
		if e.Line < o.base || e.Line >= o.base+span {
			continue
		}
		if rest, ok := strings.CutPrefix(e.Msg, unknownFieldPrefix); ok && e.Line == o.base {
			list, _, _ := strings.Cut(rest, ")") // without the decoder's suggestion
			// A key the path added, which the column says.
			segs := strings.Split(o.Path, ".")
			j := min(max(e.Col-1, 0), len(segs)-1)
			parent, rest := strings.Join(segs[:j], "."), segs[j+1:]
			valid := slices.Clip(known)
			for _, name := range strings.Split(list, ", ") {
				valid = append(valid, strings.Join(append([]string{join(parent, name)}, rest...), "."))
			}
			return o.unknown(fmt.Sprintf("%s has no field %q (want one of %s)", cmp.Or(parent, "a scenario"), segs[j], list), valid)
		}
		r := *e
		r.File, r.Line, r.Col = o.place(), 0, 0
		switch {
		case o.file == "": // --set has no lines
		case e.Line == o.base: // a mapping the path added
			r.Line, r.Col = o.at.Line, o.at.Col
		default:
			r.Line, r.Col = e.Line-o.base, e.Col
		}
		return &r
	}
	return e
}

// Relocate returns err with every problem found in an override's value
// reported at the override, as Parse reports the decoder's. Commands use it
// for the errors they find at a scenario's positions after Parse, such as
// the consent for its brokers and the templates of its Markdown.
func (s *Scenario) Relocate(err error) error {
	if len(s.Overrides) == 0 {
		return err
	}
	var list ErrorList
	var one *Error
	switch {
	case errors.As(err, &list):
		out := make(ErrorList, len(list))
		for i, e := range list {
			out[i] = relocate(s.Overrides, nil, e)
		}
		return out
	case errors.As(err, &one):
		return relocate(s.Overrides, nil, one)
	}
	return err
}
