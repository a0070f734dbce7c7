// Package scenarios loads and validates the YAML scenario files that course
// authors write: a title, the seeded source, and notebook cells (Markdown and
// computations) in order.
//
// Loading is strict: unknown fields, wrong types, empty or duplicated lists and
// values out of bounds are errors that carry file:line:col and the field's
// path. Parsing has no side effects; defaults live in one struct (defaults) and
// bounds in one table (limits). The package turns a file into sim values; it
// computes nothing and renders nothing.
package scenarios

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"partlab/sim"

	"gopkg.in/yaml.v3"
)

// Scenario is one scenario file, loaded and validated.
type Scenario struct {
	Name      string // the file's base name without extension; names its page
	File      string // as given to Load or Parse
	Title     string
	Summary   string // Markdown
	SummaryAt Pos    // where Summary's text starts in File
	Source    sim.Source
	Kafka     Kafka // where grids on the kafka engine run
	Cells     []Cell
}

// Markdown is the kind of a cell of Markdown narrative: a cell of the
// notebook, but no computation, so sim has no such kind.
const Markdown sim.Kind = "md"

// Cell is one notebook cell: Markdown, or a computation for the engine.
type Cell struct {
	Kind     sim.Kind // Markdown, or the kind of Sim
	ID       string   // names a computation's results; empty for md
	Markdown string   // md cells
	TextAt   Pos      // md cells: where Markdown's text starts in the file
	Input    string   // the cell's YAML as written, shown folded like a notebook's input
	Sim      sim.Cell
	Answer   bool // shown behind "Show the answer" (the cell option answer: true)
}

// SimCells returns the scenario's computations in cell order; Markdown cells
// have none.
func (s *Scenario) SimCells() []sim.Cell {
	var cells []sim.Cell
	for _, c := range s.Cells {
		if c.Sim != nil {
			cells = append(cells, c.Sim)
		}
	}
	return cells
}

// maxFileSize bounds what Load reads; a scenario is a page of YAML.
const maxFileSize = 1 << 20

// Load reads and validates a scenario file.
func Load(path string) (*Scenario, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, path)
}

// Parse reads a scenario from r; name is used in errors and names the page.
func Parse(r io.Reader, name string) (*Scenario, error) {
	src, err := io.ReadAll(io.LimitReader(r, maxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(src) > maxFileSize {
		return nil, ErrorList{{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("file is larger than %d bytes", maxFileSize)}}
	}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, ErrorList{{File: name, Line: 1, Col: 1, Msg: "empty scenario: want a mapping with a title and cells"}}
		}
		return nil, syntaxError(name, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		line := extra.Line
		if err != nil {
			return nil, syntaxError(name, err)
		}
		return nil, ErrorList{{File: name, Line: line, Col: 1, Msg: "more than one YAML document; a scenario is one"}}
	}
	if len(doc.Content) == 0 {
		return nil, ErrorList{{File: name, Line: 1, Col: 1, Msg: "empty scenario: want a mapping with a title and cells"}}
	}
	d := &decoder{file: name, earlier: map[string]sim.Cell{}}
	s := d.scenario(doc.Content[0], src)
	s.File = name
	s.Name = strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	if len(d.errs) > 0 {
		d.errs.sort()
		return nil, d.errs
	}
	return s, nil
}

var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// syntaxError turns yaml.v3's "yaml: line N: msg" into file:line:col form.
func syntaxError(name string, err error) error {
	if m := yamlLine.FindStringSubmatch(err.Error()); m != nil {
		line, _ := strconv.Atoi(m[1])
		return ErrorList{{File: name, Line: line, Col: 1, Msg: "invalid YAML: " + m[2]}}
	}
	return ErrorList{{File: name, Line: 1, Col: 1, Msg: "invalid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}}
}

func (d *decoder) scenario(n *yaml.Node, src []byte) *Scenario {
	s := &Scenario{Source: defaults.Source}
	f := d.fields(n, "", []string{"title", "summary", "source", "engine", "cells"}, []string{"title", "cells"})
	if v := f["title"]; v != nil {
		s.Title = d.text(v, "title")
	}
	lines := bytes.Split(src, []byte("\n"))
	if v := f["summary"]; v != nil {
		s.Summary = d.str(v, "summary")
		s.SummaryAt = textPos(v, lines)
	}
	if v := f["source"]; v != nil {
		d.source(v, &s.Source)
	}
	if v := f["engine"]; v != nil {
		d.engine(v, &s.Kafka)
	}
	if v := f["cells"]; v != nil {
		items := d.list(v, "cells")
		end := len(lines) + 1 // the line after the cells list
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := n.Content[i]; k.Line > v.Line && k.Line < end && n.Content[i+1] != v {
				end = k.Line
			}
		}
		for i, item := range items {
			next := end
			if i+1 < len(items) {
				next = items[i+1].Line
			}
			c := d.cell(item, fmt.Sprintf("cells[%d]", i), i+1, lines)
			c.Input = input(lines, item, next)
			s.Cells = append(s.Cells, c)
		}
		d.checkIDs(items, s.Cells)
	}
	return s
}

func (d *decoder) source(n *yaml.Node, src *sim.Source) {
	f := d.fields(n, "source", []string{"seed", "subscribers", "periods"}, nil)
	if v := f["seed"]; v != nil {
		src.Seed = d.integer(v, "source.seed", limits.seed)
	}
	if v := f["subscribers"]; v != nil {
		src.Subscribers = int(d.integer(v, "source.subscribers", limits.subscribers))
	}
	if v := f["periods"]; v != nil {
		src.Periods = int(d.integer(v, "source.periods", limits.periods))
	}
}

// cell decodes one item of cells: a mapping with exactly one key, its kind.
func (d *decoder) cell(n *yaml.Node, path string, number int, lines [][]byte) Cell {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		d.errorf(n, path, "must be a mapping with one key, the cell's kind (one of %s)", strings.Join(cellKindNames(), ", "))
		return Cell{}
	}
	k, v := n.Content[0], n.Content[1]
	kind := sim.Kind(k.Value)
	path = join(path, k.Value)
	if kind == Markdown {
		return Cell{Kind: kind, Markdown: d.text(v, path), TextAt: textPos(v, lines)}
	}
	decode, ok := cellKinds[kind]
	if !ok {
		d.errorf(k, path, "unknown cell kind (want one of %s)", strings.Join(cellKindNames(), ", "))
		return Cell{}
	}
	v, answer := d.answer(v, path)
	id, c := decode(d, v, path, fmt.Sprintf("%s%d", kind, number))
	if d.earlier[id] == nil {
		d.earlier[id] = c
		d.order = append(d.order, id)
	}
	return Cell{Kind: kind, ID: id, Sim: c, Answer: answer}
}

// answer reads the option every computation shares, answer: true, and
// returns the cell's mapping without it for the kind's own decoder.
func (d *decoder) answer(n *yaml.Node, path string) (*yaml.Node, bool) {
	if n.Kind != yaml.MappingNode {
		return n, false
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "answer" {
			rest := *n
			rest.Content = slices.Delete(slices.Clone(n.Content), i, i+2)
			return &rest, d.boolean(n.Content[i+1], join(path, "answer"))
		}
	}
	return n, false
}

var idPattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// checkIDs requires the computations' IDs to be unique; they name results in
// templates and JSON.
func (d *decoder) checkIDs(items []*yaml.Node, cells []Cell) {
	seen := map[string]bool{}
	for i, c := range cells {
		if c.ID == "" {
			continue
		}
		if seen[c.ID] {
			d.errorf(items[i], fmt.Sprintf("cells[%d]", i), "duplicate id %q", c.ID)
		}
		seen[c.ID] = true
	}
}

// input returns the source lines of one cells item, up to the line before
// next, without the list's dash, the shared indentation, and trailing blank
// or comment lines.
func input(lines [][]byte, item *yaml.Node, next int) string {
	start := item.Line - 1
	stop := min(next-1, len(lines))
	if start < 0 || start >= stop {
		return ""
	}
	block := slices.Clone(lines[start:stop])
	for len(block) > 1 {
		last := strings.TrimSpace(string(block[len(block)-1]))
		if last != "" && !strings.HasPrefix(last, "#") {
			break
		}
		block = block[:len(block)-1]
	}
	// The dash introducing the item sits just left of its first key.
	first := []byte(string(block[0]))
	if dash := item.Column - 3; dash >= 0 && dash < len(first) && first[dash] == '-' {
		first[dash] = ' '
	}
	block[0] = first
	indent := -1
	for _, l := range block {
		if strings.TrimSpace(string(l)) == "" {
			continue
		}
		n := len(l) - len(bytes.TrimLeft(l, " "))
		if indent < 0 || n < indent {
			indent = n
		}
	}
	var b strings.Builder
	for _, l := range block {
		if len(l) >= indent {
			l = l[indent:]
		}
		b.Write(bytes.TrimRight(l, " \r"))
		b.WriteByte('\n')
	}
	return b.String()
}
