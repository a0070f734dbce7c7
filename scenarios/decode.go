package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/partlab/partlab/sim"

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
	// unknown are the ids of cells of an unknown kind, whose figures
	// nothing can check.
	unknown []string
	// misspelt are the paths of the fields an unknown field's name is a
	// near miss of: the field is not also reported missing.
	misspelt []string
	// cellID is the id of the cell being decoded when it names none.
	cellID string
	// root and lines are the file's top mapping and its lines, for the
	// cells' input and the positions of Markdown text.
	root  *yaml.Node
	lines [][]byte
	// options is the mapping of the computation being decoded, which takes
	// cellOptions besides its kind's fields; unknown-field messages list them.
	options *yaml.Node
	// patterns are the file's key patterns so far, counted before each
	// is expanded.
	patterns patternTotal
	// inCell is the id of the computation being decoded, "" outside one:
	// only a cell's whole-number fields may be expressions.
	inCell string
	// scopes are the lookups of the mappings being decoded, innermost
	// last, that expressions read.
	scopes []func(string) (int64, error)
	// params are the whole-number fields of the computation last decoded,
	// and cellParams every computation's so far, by id: the parameters a
	// figure's member may be written relative to.
	params     map[string]int64
	cellParams map[string]map[string]int64
	// refs are the figures the predictions and expectations name.
	refs []FigureRef
}

func (d *decoder) errorf(n *yaml.Node, field, format string, args ...any) {
	d.errs.Add(d.file, Pos{n.Line, n.Column}, field, fmt.Sprintf(format, args...))
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
			valid := allowed
			if n == d.options {
				valid = append(slices.Clone(allowed), cellOptions...)
			}
			d.errorf(k, field, "%s", unknownField(k.Value, valid))
			if near := Suggestion(k.Value, valid); near != "" {
				d.misspelt = append(d.misspelt, join(path, near))
			}
		case got[k.Value] != nil:
			d.errorf(k, field, "duplicate field")
		default:
			got[k.Value] = v
		}
	}
	for _, name := range required {
		if got[name] == nil && !slices.Contains(d.misspelt, join(path, name)) {
			d.errorf(n, path, "missing required field %q", name)
		}
	}
	return got
}

// unknownField is the message for a field no table lists, with the near
// one when there is one.
func unknownField(name string, allowed []string) string {
	allowed = sorted(allowed)
	return fmt.Sprintf("unknown field (want one of %s)%s", strings.Join(allowed, ", "), Suggest(name, allowed))
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
