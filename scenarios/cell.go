package scenarios

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/partlab/partlab/sim"
	"gopkg.in/yaml.v3"
)

// A CellSpec is one computation as a page sends it: its kind, and Spec, the
// mapping a scenario file writes under the kind's key, in YAML or JSON.
type CellSpec struct {
	Kind sim.Kind
	Spec []byte
}

// ParseCell decodes one computation, cell, as a page recomputes it, with
// the field specs, defaults, bounds and messages of a scenario file's
// cells: over source (the mapping a file writes under source; empty for
// the default source) and after above, the computations it may refer to
// (a throughput's from, a scoreboard's guesses), each decoded as it is. It
// returns a scenario titled and named name whose cells are above's and
// cell's, cell last, numbered as if no Markdown came between them. An
// error is at name, the line and column of the piece's own text, and the
// field's path in it: source.seed, above[0].grid.keys, grid.partitions.
// A page computes with the sim engine only: a grid or rebalance whose
// engine is kafka or both is an error.
func ParseCell(name string, source []byte, above []CellSpec, cell CellSpec) (*Scenario, error) {
	if err := CheckAbove(name, len(above)); err != nil {
		return nil, err
	}
	size := len(source) + len(cell.Spec)
	for _, c := range above {
		size += len(c.Spec)
	}
	if size > MaxFileSize {
		return nil, ErrorList{{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("the request's source and specs are larger than %d bytes, a scenario file's bound", MaxFileSize)}}
	}
	d := &decoder{file: name, earlier: map[string]sim.Cell{}, cellParams: map[string]map[string]int64{}}
	s := Scenario{Name: name, File: name, Title: name, Source: sourceDefault}
	if len(bytes.TrimSpace(source)) > 0 {
		root, err := d.piece(source, "source")
		if err != nil {
			return nil, err
		}
		s.Source = sourceSpec.decode(d, root, "source").(sim.Source)
	}
	d.errs.Sort()
	var nodes []*yaml.Node
	for i, c := range append(slices.Clone(above), cell) {
		path := string(c.Kind)
		if i < len(above) {
			path = fmt.Sprintf("above[%d].%s", i, c.Kind)
		}
		k, ok := cellKinds[c.Kind]
		if !ok {
			return nil, ErrorList{{File: name, Line: 1, Col: 1, Field: path, Msg: fmt.Sprintf("unknown computation (want one of %s)", strings.Join(kindNames(), ", "))}}
		}
		root, err := d.piece(c.Spec, path)
		if err != nil {
			return nil, err
		}
		before := len(d.errs)
		if n := fieldNode(root, "engine"); n != nil && n.Value != string(sim.EngineSim) {
			d.errorf(n, join(path, "engine"), "a page computes with the sim engine only (got %q); the Kafka engine runs on the command line", n.Value)
		}
		computed := d.computation(c.Kind, k, root, path, i+1)
		d.errs[before:].Sort() // by place within the piece, the pieces in order
		computed.At = Pos{root.Line, root.Column}
		computed.Input = cellInput(c)
		s.Cells = append(s.Cells, computed)
		nodes = append(nodes, root)
	}
	d.checkIDs(nodes, s.Cells)
	if err := d.errs.Err(); err != nil {
		return nil, err
	}
	return &s, nil
}

// MaxAbove bounds the cells above a recomputed one, so that with it they
// are no more than a scenario file's cells may be.
const MaxAbove = maxList - 1

// CheckAbove refuses n cells above a recomputed one when they are more than
// MaxAbove, as ParseCell does, in ParseCell's words: for a caller that would
// otherwise read them all first (the engine in the page, from a JavaScript
// array).
func CheckAbove(name string, n int) error {
	if n <= MaxAbove {
		return nil
	}
	return ErrorList{{File: name, Line: 1, Col: 1, Field: "above", Msg: fmt.Sprintf("has %d entries; at most %d are allowed", n, MaxAbove)}}
}

// piece parses one piece of a page's request, of at most MaxFileSize bytes,
// as one YAML document; path names it in errors. An empty piece is YAML's
// null, as a file's empty cell is, and its kind's decoder words the error.
func (d *decoder) piece(src []byte, path string) (*yaml.Node, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Line: 1, Column: 1}, nil
	}
	root, _, err := parseDocument(bytes.NewReader(src), d.file, path, "a mapping of its fields")
	return root, err
}

// kindNames are the computations' kinds, sorted.
func kindNames() []string {
	var names []string
	for _, k := range Kinds() {
		names = append(names, string(k))
	}
	return names
}

// cellInput is the cell's input as a scenario file would show it: the
// kind's key and the spec under it, on one line when the spec is one (a
// flow mapping such as JSON), else indented below it.
func cellInput(c CellSpec) string {
	spec := strings.TrimRight(string(c.Spec), " \n\r\t")
	if !strings.Contains(spec, "\n") {
		return fmt.Sprintf("%s: %s\n", c.Kind, strings.TrimSpace(spec))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s:\n", c.Kind)
	for _, line := range strings.Split(spec, "\n") {
		if strings.TrimSpace(line) == "" {
			b.WriteString("\n")
			continue
		}
		fmt.Fprintf(&b, "  %s\n", strings.TrimRight(line, " \r"))
	}
	return b.String()
}
