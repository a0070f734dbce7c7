package scenarios

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/partlab/partlab/sim"
)

// A Form is one computation as a page's "Try your own values" offers it:
// the fields of its kind's spec, in the spec's order, each with the input
// that edits it and the cell's own value. The page builds a spec from the
// inputs and hands it to partlab.run, whose decoder (ParseCell) is this
// package's, with the same bounds and messages; a Form checks nothing.
type Form struct {
	Kind sim.Kind `json:"kind"`
	// ID is the cell's id, which a recomputed cell keeps so that its
	// regions keep their names.
	ID string `json:"id"`
	// Spec is the cell's mapping as flow YAML, its id included: what a
	// cell below it that refers to it passes as above.
	Spec   string      `json:"spec"`
	Fields []FormField `json:"fields"`
}

// A FormField is one field of a Form. Every value is text, as an input
// holds it: a seed or a bound beyond 2^53 would not survive a JavaScript
// number.
type FormField struct {
	Name string `json:"name"`
	Doc  string `json:"doc"`
	// Input is how the page edits the field:
	//
	//	number   one whole number, within Min and Max
	//	numbers  whole numbers, separated by commas, each within Min and Max
	//	choice   one of Choices
	//	choices  some of Choices
	//	check    true or false
	//	text     one string
	//	texts    strings, separated by commas
	//	yaml     anything else, as flow YAML (a mapping, rows, a pattern or a list)
	Input    string   `json:"input"`
	Choices  []string `json:"choices,omitempty"`
	Min      string   `json:"min,omitempty"`
	Max      string   `json:"max,omitempty"`
	Required bool     `json:"required,omitempty"`
	// Value is the cell's value as its input shows it; empty when the
	// cell leaves the field to its default.
	Value string `json:"value,omitempty"`
	// Default is the field's default as its input shows it; empty for a
	// required field or a default that depends on other fields.
	Default string `json:"default,omitempty"`
}

// notInForm are the fields a page's form leaves out: the id (kept), how
// the page shows the cell (answer), and what a page cannot do, the Kafka
// engine and measured runs.
var notInForm = map[string]bool{"id": true, "answer": true, "engine": true, "measure": true}

// Form returns the form of a computed cell; ok is false for Markdown, a
// scoreboard, a cell the decoder left broken and one on the Kafka engine,
// which a page cannot run.
func (c Cell) Form() (f Form, ok bool, err error) {
	kd, known := cellKinds[c.Kind]
	fielded, isObject := kd.spec.(interface{ formFields() []formField })
	if !known || !isObject || c.Broken || c.Kind == sim.KindPredictions {
		return Form{}, false, nil
	}
	spec, err := cellNode(c)
	if err != nil {
		return Form{}, false, fmt.Errorf("cell %s: %w", c.ID, err)
	}
	if n := fieldNode(spec, "engine"); n != nil && n.Value != string(sim.EngineSim) {
		return Form{}, false, nil
	}
	f = Form{Kind: c.Kind, ID: c.ID, Spec: flow(withID(spec, c.ID))}
	for _, ff := range fielded.formFields() {
		if notInForm[ff.name] {
			continue
		}
		field := formInput(ff.value)
		field.Name, field.Doc, field.Required = ff.name, ff.doc, ff.required
		field.Default = formText(field.Input, ff.def)
		if n := fieldNode(spec, ff.name); n != nil {
			field.Value = nodeText(&field, n)
		}
		f.Fields = append(f.Fields, field)
	}
	return f, true, nil
}

// A formField is one field of an object spec as a form sees it.
type formField struct {
	name, doc string
	value     value
	required  bool
	def       any
}

func (o object[U]) formFields() []formField {
	out := make([]formField, len(o.fields))
	for i, f := range o.fields {
		out[i] = formField{f.name, f.doc, f.value, f.required, f.def}
	}
	return out
}

// formInput is the input that edits a value, with its bounds and choices.
func formInput(v value) FormField {
	switch v := v.(type) {
	case integer:
		return FormField{Input: "number", Min: strconv.FormatInt(v.b.min, 10), Max: strconv.FormatInt(v.b.max, 10)}
	case integers:
		return FormField{Input: "numbers", Min: strconv.FormatInt(v.b.min, 10), Max: strconv.FormatInt(v.b.max, 10)}
	case enum:
		return FormField{Input: "choice", Choices: v.names()}
	case enums:
		return FormField{Input: "choices", Choices: v.names()}
	case boolean:
		return FormField{Input: "check"}
	case str, text, duration:
		return FormField{Input: "text"}
	case texts:
		return FormField{Input: "texts"}
	}
	return FormField{Input: "yaml"}
}

// formText is a default as its input shows it; empty for none, or for one
// a form cannot show.
func formText(input string, def any) string {
	switch def := def.(type) {
	case int64:
		return strconv.FormatInt(def, 10)
	case string:
		return def
	case bool:
		return strconv.FormatBool(def)
	case time.Duration:
		return def.String()
	case []int:
		s := make([]string, len(def))
		for i, v := range def {
			s[i] = strconv.Itoa(v)
		}
		return strings.Join(s, ", ")
	case []string:
		if input == "yaml" {
			return "[" + strings.Join(def, ", ") + "]"
		}
		return strings.Join(def, ", ")
	}
	return ""
}

// nodeText is a field's value as its input shows it. A list item that
// holds a comma cannot be one of a comma-separated input's: the field is
// then edited as YAML.
func nodeText(f *FormField, n *yaml.Node) string {
	switch f.Input {
	case "numbers", "choices", "texts":
		if n.Kind != yaml.SequenceNode {
			break
		}
		items := make([]string, len(n.Content))
		for i, item := range n.Content {
			if item.Kind != yaml.ScalarNode || strings.Contains(item.Value, ",") {
				f.Input, f.Choices, f.Min, f.Max = "yaml", nil, "", ""
				f.Default = ""
				return flow(n)
			}
			items[i] = item.Value
		}
		return strings.Join(items, ", ")
	case "yaml":
		return flow(n)
	default:
		if n.Kind == yaml.ScalarNode {
			return n.Value
		}
	}
	return flow(n)
}

// withID is a cell's mapping with its id first when it names none: a cell
// that refers to it by the id it has by default finds it among others.
func withID(spec *yaml.Node, id string) *yaml.Node {
	if fieldNode(spec, "id") != nil {
		return spec
	}
	named := *spec
	named.Content = append([]*yaml.Node{
		{Kind: yaml.ScalarNode, Tag: "!!str", Value: "id"},
		{Kind: yaml.ScalarNode, Tag: "!!str", Value: id},
	}, spec.Content...)
	return &named
}

// cellNode is the mapping of a cell's input, under its kind's key.
func cellNode(c Cell) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(c.Input), &doc); err != nil {
		return nil, err
	}
	if len(doc.Content) == 1 && doc.Content[0].Kind == yaml.MappingNode && len(doc.Content[0].Content) == 2 {
		return doc.Content[0].Content[1], nil
	}
	return nil, fmt.Errorf("input is not one mapping of the kind %s", c.Kind)
}

// SourceSpec is a source as the mapping a scenario writes under source, in
// flow YAML: what a page passes to partlab.run as its source.
func SourceSpec(src sim.Source) string {
	return fmt.Sprintf("{seed: %d, subscribers: %d, periods: %d}", src.Seed, src.Subscribers, src.Periods)
}
