// Package scenarios loads and validates the YAML scenario files that course
// authors write: a title, the seeded source, and notebook cells (Markdown and
// computations) in order.
//
// Loading is strict: unknown fields, wrong types, empty or duplicated lists and
// values out of bounds are errors that carry file:line:col and the field's
// path. Parsing has no side effects. Each mapping of the format is one
// field-spec table (name, type, default, bounds, doc line) from which the
// decoder, the defaults and the JSON Schema all derive; bounds come from one
// table (limits). The package turns a file into sim values; it computes
// nothing and renders nothing.
package scenarios

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/partlab/partlab/internal/lazyregexp"
	"github.com/partlab/partlab/sim"
	"gopkg.in/yaml.v3"
)

// Scenario is one scenario file, loaded and validated.
type Scenario struct {
	Name      string // the file's base name without extension; names its page
	File      string // as given to Parse
	Title     string
	Summary   string // Markdown
	SummaryAt Pos    // where Summary's text starts in File
	Source    sim.Source
	Kafka     Kafka // where grids on the kafka engine run
	Cells     []Cell
	Expect    []Expect // claims about the figures, checked after the run
	// Refs are the figures its predictions and expectations name, each as
	// written and as resolved, in file order.
	Refs      []FigureRef
	Variants  Variants   // what may vary from one student to the next
	Overrides []Override // put over the file's values, in order
	// Folder reads the files the scenario names beside it, its Markdown's
	// images; nil for a scenario parsed from bytes alone, which can name
	// none (package load sets it).
	Folder Folder
}

// A Folder reads a file of a scenario's folder: name is a clean relative
// path with slashes; a file over limit bytes, or one that leads out of the
// folder, is an error.
type Folder interface {
	ReadFile(name string, limit int64) ([]byte, error)
}

// Markdown is the kind of a cell of Markdown narrative: a cell of the
// notebook, but no computation, so sim has no such kind.
const Markdown sim.Kind = "md"

// Cell is one notebook cell: Markdown, or a computation for the engine.
type Cell struct {
	Kind     sim.Kind // Markdown, or the kind of Sim
	At       Pos      // where the cell's mapping starts in the file
	ID       string   // names a computation's results; empty for md
	Markdown string   // md cells
	TextAt   Pos      // md cells: where Markdown's text starts in the file
	Input    string   // the cell's YAML as written, shown folded like a notebook's input
	Sim      sim.Cell
	Answer   bool   // shown behind "Show the answer" (the cell option answer: true)
	path     string // a computation's path in errors: cells[2].grid
	// params are a computation's whole-number fields as decoded, derived
	// ones included: what its figures' members may be written relative to.
	params map[string]int64
	// Broken marks a cell with errors in a scenario that Salvage returns:
	// it has no Sim, and nothing that names it is checked further.
	Broken bool
}

// BrokenIDs lists the ids of the computations Salvage left without a Sim
// for their errors.
func (s *Scenario) BrokenIDs() []string {
	var ids []string
	for _, c := range s.Cells {
		if c.Broken && c.ID != "" {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// CheckBudget refuses a scenario whose computations cost more than budget
// allows (sim.Budget.Check), before anything runs, with every limit
// exceeded as an error at its cell. Measured sleep counts only when measure
// is set.
func (s *Scenario) CheckBudget(budget sim.Budget, measure bool) error {
	cells := make([]sim.Cell, len(s.Cells))
	for i, c := range s.Cells {
		cells[i] = c.Sim
	}
	var errs ErrorList
	for _, o := range budget.Check(s.Source, cells, measure) {
		c := s.Cells[o.Cell]
		errs.Add(s.File, c.At, c.path, o.Msg)
	}
	return errs.Err()
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

// MaxFileSize bounds a scenario, a site file and a --params file; each is
// a page of YAML.
const MaxFileSize = 1 << 20

// Parse reads a scenario from r; name is used in errors and names the page.
// Package load reads a scenario file and parses it.
// The overrides are put over the file's values before they are decoded, and
// a problem in one is reported at the override.
func Parse(r io.Reader, name string, overrides ...Override) (*Scenario, error) {
	s, err := Salvage(r, name, overrides...)
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Salvage is Parse that keeps what it can of a file with errors, so that
// the rest of its problems (its templates', its images') are found in the
// same run: with the errors, it returns the scenario with every cell that
// has one marked Broken, when every error lies inside the cells or the
// expectations. It returns no scenario when the file as a whole is wrong
// (its YAML, its title, its source, an override that fits nowhere).
func Salvage(r io.Reader, name string, overrides ...Override) (*Scenario, error) {
	root, src, err := parseDocument(r, name, "scenario", "a mapping with a title and cells")
	if err != nil {
		return nil, err
	}
	s, errs := salvage(root, src, name, overrides)
	if len(errs) == 0 && !slices.ContainsFunc(overrides, func(o Override) bool { return o.variant }) {
		err := checkVariants(s, func(ovs []Override) error {
			_, err := Salvage(bytes.NewReader(src), name, ovs...)
			return err
		}).Err()
		if err != nil {
			return nil, err
		}
	}
	return s, errs.Err()
}

// salvage decodes the document root of src, with the overrides put over
// it: the scenario, or as much of it as Salvage keeps, and its errors.
func salvage(root *yaml.Node, src []byte, name string, overrides []Override) (*Scenario, ErrorList) {
	overrides = slices.Clone(overrides) // applyOverrides places each
	known := filePaths(root)
	misplaced := applyOverrides(root, bytes.Count(src, []byte("\n"))+1, overrides)
	d := &decoder{file: name, earlier: map[string]sim.Cell{}, cellParams: map[string]map[string]int64{}, root: root, lines: bytes.Split(src, []byte("\n"))}
	s := scenarioSpec.decode(d, root, "").(Scenario)
	s.File = name
	s.Name = NameOf(name)
	s.Overrides = overrides
	s.Refs = d.refs
	if len(d.errs)+len(misplaced) > 0 {
		salvaged := &s
		for _, e := range d.errs {
			if !strings.HasPrefix(e.Field, "cells[") && !strings.HasPrefix(e.Field, "expect") {
				salvaged = nil
			}
		}
		if len(misplaced) > 0 {
			salvaged = nil
		}
		d.errs.Sort()
		for i, e := range d.errs {
			d.errs[i] = relocate(overrides, known, e)
		}
		return salvaged, append(d.errs, misplaced...)
	}
	return &s, nil
}

// parseDocument reads one YAML document of at most MaxFileSize bytes from
// r: what (a scenario, a site) is what the file is, and want what its top
// level must be, for the messages.
func parseDocument(r io.Reader, name, what, want string) (root *yaml.Node, src []byte, err error) {
	src, err = io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(src) > MaxFileSize {
		return nil, nil, ErrorList{{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("file is larger than %d bytes", MaxFileSize)}}
	}
	empty := ErrorList{{File: name, Line: 1, Col: 1, Msg: fmt.Sprintf("empty %s: want %s", what, want)}}
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(src))
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, nil, empty
		}
		return nil, nil, syntaxError(name, src, err)
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err != io.EOF {
		line := extra.Line
		if err != nil {
			return nil, nil, syntaxError(name, src, err)
		}
		return nil, nil, ErrorList{{File: name, Line: line, Col: 1, Msg: fmt.Sprintf("more than one YAML document; a %s is one", what)}}
	}
	if len(doc.Content) == 0 {
		return nil, nil, empty
	}
	return doc.Content[0], src, nil
}

var yamlLine = lazyregexp.New(`^yaml: line (\d+): (.*)$`)

// syntaxError turns yaml.v3's "yaml: line N: msg" into file:line:col form.
// yaml.v3 says "found character that cannot start any token" of a tab that
// indents a line; the message names the tab instead, at its column. Other
// messages learn what to do where yamlHint sees why.
func syntaxError(name string, src []byte, err error) error {
	m := yamlLine.FindStringSubmatch(err.Error())
	if m == nil {
		return ErrorList{{File: name, Line: 1, Col: 1, Msg: "invalid YAML: " + strings.TrimPrefix(err.Error(), "yaml: ")}}
	}
	line, _ := strconv.Atoi(m[1])
	lines := bytes.Split(src, []byte("\n"))
	// A tab in a block scalar's indentation is reported at the line above it.
	for l := max(line, 1); l <= line+1 && l <= len(lines); l++ {
		indent := lines[l-1][:len(lines[l-1])-len(bytes.TrimLeft(lines[l-1], " \t"))]
		if tab := bytes.IndexByte(indent, '\t'); tab >= 0 {
			return ErrorList{{File: name, Line: l, Col: tab + 1, Msg: "invalid YAML: a tab in the indentation; YAML indents with spaces only, so replace the tab with spaces"}}
		}
	}
	if at, hint, ok := yamlHint(lines, line, m[2]); ok {
		return ErrorList{{File: name, Line: at.Line, Col: at.Col, Msg: "invalid YAML: " + m[2] + "; " + hint}}
	}
	return ErrorList{{File: name, Line: line, Col: 1, Msg: "invalid YAML: " + m[2]}}
}

// scenarioSpec is the file's top level. A new top-level field is one entry
// here.
var scenarioSpec = object[Scenario]{
	fields: []field[Scenario]{
		{name: "title", doc: "the page's title", value: text{}, required: true,
			set: to(func(s *Scenario, v string) { s.Title = v })},
		{name: "summary", doc: "one paragraph of Markdown shown on the index page", value: str{},
			set: to(func(s *Scenario, v string) { s.Summary = v })},
		{name: "source", doc: "the lesson's seeded meter-reading source", value: sourceSpec, def: sourceDefault,
			set: to(func(s *Scenario, v sim.Source) { s.Source = v })},
		{name: "engine", doc: "where grids on the kafka engine run", value: engineSpec,
			set: to(func(s *Scenario, v Kafka) { s.Kafka = v })},
		{name: "variants", doc: "what may vary from one student's page to the next (render --roster)", value: variantsSpec,
			set: to(func(s *Scenario, v Variants) { s.Variants = v })},
		{name: "cells", doc: "the notebook's cells, rendered in order", value: cellList{}, required: true,
			set: to(func(s *Scenario, v []Cell) { s.Cells = v })},
		// After cells, so that an expectation may name a figure of any cell.
		{name: "expect", doc: "claims about the figures that check and render --strict hold the scenario to", value: expectSpec,
			set: to(func(s *Scenario, v []Expect) { s.Expect = v })},
	},
	check: func(m mapping, s *Scenario) {
		if v := m.at["summary"]; v != nil {
			s.SummaryAt = textPos(v, m.d.lines)
		}
	},
}

// sourceDefault is the lesson's source; a file's source mapping changes
// only the fields it gives.
var sourceDefault = sim.Source{Seed: 20260218, Subscribers: 200, Periods: 12}

var sourceSpec = object[sim.Source]{fields: []field[sim.Source]{
	{name: "seed", doc: "seeds every reading", value: integer{limits.seed}, def: sourceDefault.Seed,
		set: to(func(s *sim.Source, v int64) { s.Seed = v })},
	{name: "subscribers", doc: "the subscribers, A001 …", value: integer{limits.subscribers}, def: int64(sourceDefault.Subscribers),
		set: to(func(s *sim.Source, v int64) { s.Subscribers = int(v) })},
	{name: "periods", doc: "monthly periods from 2026-01", value: integer{limits.periods}, def: int64(sourceDefault.Periods),
		set: to(func(s *sim.Source, v int64) { s.Periods = int(v) })},
}}

// cellList is the cells: a list of one-key mappings, each its kind.
type cellList struct{}

func (cellList) decode(d *decoder, n *yaml.Node, path string) any {
	items := d.list(n, path)
	end := len(d.lines) + 1 // the line after the cells list
	for i := 0; i+1 < len(d.root.Content); i += 2 {
		if k := d.root.Content[i]; k.Line > n.Line && k.Line < end && d.root.Content[i+1] != n {
			end = k.Line
		}
	}
	var cells []Cell
	for i, item := range items {
		next := end
		if i+1 < len(items) {
			next = items[i+1].Line
		}
		before := len(d.errs)
		c := d.cell(item, fmt.Sprintf("%s[%d]", path, i), i+1)
		if len(d.errs) > before {
			c.Broken, c.Sim = true, nil
		}
		c.At = Pos{item.Line, item.Column}
		c.Input = input(d.lines, item, next)
		cells = append(cells, c)
	}
	d.checkIDs(items, cells)
	return cells
}

// cellList's schema is a list of mappings of one key, named by an enum of
// the kinds, each kind's value under its own property: a misspelt kind is
// one problem, "not one of the kinds", as the decoder says, not one per
// kind it is not.
func (cellList) schema() schema {
	kinds := schema{}
	for _, name := range cellKindNames() {
		k := kind{"Markdown narrative", text{}}
		if name != string(Markdown) {
			k = cellKinds[sim.Kind(name)]
		}
		s := k.spec.schema()
		if name != string(Markdown) {
			withAnswer(s)
			withExpressions(s)
		}
		s["description"] = k.doc
		kinds[name] = s
	}
	return list(schema{
		"type": "object", "minProperties": 1, "maxProperties": 1,
		"propertyNames": schema{"enum": cellKindNames()}, "properties": kinds,
	}, false)
}

// cell decodes one item of cells: a mapping with exactly one key, its kind.
func (d *decoder) cell(n *yaml.Node, path string, number int) Cell {
	if n.Kind != yaml.MappingNode || len(n.Content) != 2 {
		d.errorf(n, path, "must be a mapping with one key, the cell's kind (one of %s)%s", strings.Join(cellKindNames(), ", "), indentHint(n))
		return Cell{}
	}
	k, v := n.Content[0], n.Content[1]
	kind := sim.Kind(k.Value)
	path = join(path, k.Value)
	if kind == Markdown {
		return Cell{Kind: kind, Markdown: text{}.decode(d, v, path).(string), TextAt: textPos(v, d.lines)}
	}
	spec, ok := cellKinds[kind]
	if !ok {
		d.errorf(k, path, "unknown cell kind (want one of %s)%s", strings.Join(cellKindNames(), ", "), Suggest(k.Value, cellKindNames()))
		// What the cell computes is unknown: what names it is not checked,
		// so that the one mistake is one error.
		id := idOf(v)
		if id != "" {
			d.unknown = append(d.unknown, id)
		}
		return Cell{ID: id}
	}
	return d.computation(kind, spec, v, path, number)
}

// computation decodes v, the mapping of a cell of kind, the number-th of
// its scenario, and keeps it for the cells after it to refer to.
func (d *decoder) computation(kind sim.Kind, spec kind, v *yaml.Node, path string, number int) Cell {
	d.cellID = fmt.Sprintf("%s%d", kind, number)
	v, answer := d.answer(v, path)
	d.options, d.params, d.inCell = v, nil, d.cellID
	c := spec.spec.decode(d, v, path).(sim.Cell)
	d.inCell = ""
	id := c.CellID()
	if d.earlier[id] == nil {
		d.earlier[id] = c
		d.cellParams[id] = d.params
		d.order = append(d.order, id)
	}
	return Cell{Kind: kind, ID: id, Sim: c, Answer: answer, path: path, params: d.params}
}

// idOf is the id a cell's mapping gives, or "".
func idOf(n *yaml.Node) string {
	if n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "id" && n.Content[i+1].Kind == yaml.ScalarNode {
			return n.Content[i+1].Value
		}
	}
	return ""
}

// cellOptions are the fields every computation's mapping takes besides its
// kind's own (see answer).
var cellOptions = []string{"answer"}

// indentHint says, of a cell mapping with more than one key whose first
// key is a kind, that the other keys look like that kind's fields written
// beside it instead of under it: the commonest way to mis-indent a cell.
func indentHint(n *yaml.Node) string {
	if n.Kind != yaml.MappingNode || len(n.Content) < 4 {
		return ""
	}
	kind, ok := cellKinds[sim.Kind(n.Content[0].Value)]
	fields, isObject := kind.spec.(interface{ fieldNames() []string })
	if !ok || !isObject {
		return ""
	}
	var beside []string
	for i := 2; i+1 < len(n.Content); i += 2 {
		if name := n.Content[i].Value; slices.Contains(fields.fieldNames(), name) || slices.Contains(cellOptions, name) {
			beside = append(beside, strconv.Quote(name))
		}
	}
	kindName := strconv.Quote(n.Content[0].Value)
	switch len(beside) {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("; %s sits beside %s, at its indentation: indent it further than %s to make it a field of the cell", beside[0], kindName, kindName)
	}
	list := strings.Join(beside[:len(beside)-1], ", ") + " and " + beside[len(beside)-1]
	return fmt.Sprintf("; %s sit beside %s, at its indentation: indent them further than %s to make them fields of the cell", list, kindName, kindName)
}

// withAnswer adds answer, the option every computation's mapping takes (see
// answer), to a kind's schema, or to the mapping among its forms.
func withAnswer(s schema) {
	if props, ok := s["properties"].(schema); ok {
		props["answer"] = schema{"type": "boolean", "default": false,
			"description": `hide the cell's output behind a "Show the answer" summary until the reader opens it`}
	}
	if forms, ok := s["oneOf"].([]schema); ok {
		for _, f := range forms {
			withAnswer(f)
		}
	}
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
			return &rest, boolean{}.decode(d, n.Content[i+1], join(path, "answer")).(bool)
		}
	}
	return n, false
}

// checkIDs requires the computations' IDs to be unique; they name results in
// templates and JSON.
func (d *decoder) checkIDs(items []*yaml.Node, cells []Cell) {
	seen := map[string]bool{}
	for i, c := range cells {
		if c.ID == "" {
			continue
		}
		if seen[c.ID] {
			d.errorf(items[i], join(c.path, "id"), "duplicate id %q", c.ID)
			cells[i].Broken, cells[i].Sim = true, nil
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
	indent = max(indent, 0) // an item of blank lines only
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

// NameOf is the name of the scenario in the file: its base name without its
// extension, which names its page's folder and its JUnit class.
func NameOf(file string) string {
	return strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
}
