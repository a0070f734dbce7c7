package markdown

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"maps"
	"reflect"
	"slices"
	"strings"
	texttemplate "text/template"

	"github.com/yuin/goldmark/ast"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// The Markdown of md cells and of a scenario's summary is a text/template,
// executed with the scenario's results before goldmark converts it, so an
// author can print the engine's figures and never types one. What a
// template prints is Markdown, so goldmark still escapes it. The docs
// (reference.md, printed from Funcs) list this vocabulary for authors.
//
// The dot (vocabulary):
//
//	.Title                  the scenario's title
//	.Source                 .Seed .Subscribers .Periods .Records
//	.Baseline               the healthy pipeline: .Rows, .Serving (range: .Region .Value)
//
// Functions:
//
//	grid "ID"               a grid cell's results: .Records .Baseline .Rows .Partitioner .Assignor
//	row "ID" "KEY" P [C]    one combination of a grid: .MaxLoad .MinLoad .Idle .Split
//	                        .Rows .Lost .Skew .Drift .Swing .Speedup .Ideal .Loads .Sizes
//	                        .Deviation; C defaults to the grid's first consumer count
//	offsets "ID"            an offsets cell's results: .Key .Partitions .Partition
//	                        .Records .LastOffset .First .Subscriber .Spread
//	cell "ID"               any computation cell's results, by id: the fields
//	                        of its kind's result in package sim
//	figure "ID.NAME"        a named figure of a Day 24 lab cell, as predictions
//	                        name them: figure "ceiling.speedup@8", or relative
//	                        to the cell's fields: figure "ceiling.idle@2*partitions"
//	predict "NAME"          the reader's input for a prediction of a
//	                        predictions cell, beside its question
//	list X                  a list in words: 0, 1, 2 and 3
//	fixed X                 two decimals: 1.44
//	short X                 at most two decimals: 8, 7.86
//	thousands N             a whole number, grouped: 60,000
//	signed X                two decimals and a sign: +16.15
//	percent PART WHOLE      a whole percentage: 55%
//
// and text/template's own: printf, index, len, range, with, if, eq, lt…
type Vocabulary struct {
	Title   string
	Source  sim.Source
	cells   []Cell
	results sim.Results
	file    string
	// predictions are the page's, in order, which predict names;
	// brokenBoard is set when a scoreboard was left out for its own errors
	// (scenarios.Salvage), whose predictions are then none of these.
	predictions []prediction
	brokenBoard bool
	// ctx stops the templates' execution when cancelled: the vocabulary
	// lives for one page's rendering or one Check, the context's lifetime.
	ctx context.Context
	// broken are the ids of the computations left out for their own errors
	// (scenarios.Salvage): a text that names one is not checked further.
	broken []string
	// built is what the texts' string-making functions took in so far
	// (budget.take), for the file's texts together.
	built int
	// resolve is the scenario's one resolver of figure names, which reads
	// a member written relative to its cell's fields.
	resolve func(string) (string, error)
}

// errBroken is a template's reference to a broken computation, whose own
// errors are reported: the text's error would only repeat them.
var errBroken = errors.New("the cell has errors of its own")

// A Cell is a computation cell of the scenario as a template reaches it:
// by its id, with its results (nil when none were computed).
type Cell struct {
	ID     string
	Kind   sim.Kind
	Sim    sim.Cell
	Result sim.Result
}

// NewVocabulary is the vocabulary of scenario s, whose computation cells,
// in order, computed results. Cancelling ctx stops its templates.
func NewVocabulary(ctx context.Context, s *scenarios.Scenario, cells []Cell, results sim.Results) *Vocabulary {
	return &Vocabulary{Title: s.Title, Source: s.Source, cells: cells, results: results, file: s.File,
		predictions: predictionsOf(cells), brokenBoard: brokenBoard(s), ctx: ctx, broken: s.BrokenIDs(), resolve: s.ResolveFigure}
}

// brokenBoard reports whether a scoreboard of s was left out for its own
// errors: a prediction the page names may be one of its.
func brokenBoard(s *scenarios.Scenario) bool {
	return slices.ContainsFunc(s.Cells, func(c scenarios.Cell) bool { return c.Broken && c.Kind == sim.KindPredictions })
}

// NewDoc starts a page's Markdown in the vocabulary, its own anchors
// reserved: predict's markers number the vocabulary's predictions.
func (v *Vocabulary) NewDoc(reserved ...string) *Doc {
	d := NewDoc(reserved...)
	d.predictions, d.brokenBoard = v.predictions, v.brokenBoard
	return d
}

// Baseline is the healthy pipeline, as the scenario's first grid computed it.
func (v *Vocabulary) Baseline() (sim.Baseline, error) {
	for _, c := range v.cells {
		if g, ok := c.Result.(*sim.GridResult); ok {
			return g.Baseline, nil
		}
	}
	return sim.Baseline{}, errors.New(".Baseline needs a grid cell, and the scenario has none")
}

// result returns the result of the cell with the given id and kind; kind
// "cell" stands for any computation.
func (v *Vocabulary) result(kind sim.Kind, id string) (sim.Result, error) {
	c, err := v.computation(kind, id)
	return c.Result, err
}

// computation returns the cell with the given id and kind.
func (v *Vocabulary) computation(kind sim.Kind, id string) (Cell, error) {
	if slices.Contains(v.broken, id) {
		return Cell{}, fmt.Errorf("%q: %w", id, errBroken)
	}
	var ids []string
	for _, c := range v.cells {
		if kind != "cell" && c.Kind != kind {
			continue
		}
		if c.ID == id && c.Result != nil {
			return c, nil
		}
		ids = append(ids, c.ID)
	}
	what := string(kind) + " cell"
	if kind == "cell" {
		what = "cell"
	}
	if len(ids) == 0 {
		return Cell{}, fmt.Errorf("no %s %q: the scenario has no %s", what, id, what)
	}
	if near := scenarios.Suggest(id, ids); near != "" {
		return Cell{}, fmt.Errorf("no %s %q%s", what, id, near)
	}
	return Cell{}, fmt.Errorf("no %s %q (want one of %s)", what, id, quoted(ids))
}

// cell returns any computation's results.
func (v *Vocabulary) cell(id string) (sim.Result, error) { return v.result("cell", id) }

// figure returns a figure of a cell by the name a prediction would give
// it, "ceiling.speedup@8" or "ceiling.speedup@partitions"; a name the cell
// does not compute is an error that lists the ones it does.
func (v *Vocabulary) figure(ref string) (float64, error) {
	if id, _, _ := strings.Cut(ref, "."); slices.Contains(v.broken, id) {
		return 0, fmt.Errorf("%q: %w", id, errBroken)
	}
	ref, err := v.resolve(ref)
	if err != nil {
		return 0, err
	}
	return v.results.Figure(ref)
}

func (v *Vocabulary) grid(id string) (*sim.GridResult, error) {
	r, err := v.result(sim.KindGrid, id)
	if err != nil {
		return nil, err
	}
	return r.(*sim.GridResult), nil
}

func (v *Vocabulary) row(id, key string, partitions int, consumers ...int) (sim.GridRow, error) {
	g, err := v.grid(id)
	if err != nil {
		return sim.GridRow{}, err
	}
	c := g.Grid.Consumers[0]
	switch len(consumers) {
	case 0:
	case 1:
		c = consumers[0]
	default:
		return sim.GridRow{}, errors.New("row takes one consumer count at most")
	}
	r, ok := g.Row(sim.Key(key), partitions, c)
	if !ok {
		return sim.GridRow{}, fmt.Errorf("grid %q has no row for key %q, %d partitions and %d consumers", id, key, partitions, c)
	}
	return r, nil
}

func (v *Vocabulary) offsets(id string) (*sim.OffsetsResult, error) {
	r, err := v.result(sim.KindOffsets, id)
	if err != nil {
		return nil, err
	}
	return r.(*sim.OffsetsResult), nil
}

// FormatFuncs print figures in words; the narrative templates use them too.
// Each call returns a map of its own.
func FormatFuncs() texttemplate.FuncMap { return maps.Clone(formatFuncs) }

var formatFuncs = texttemplate.FuncMap{
	"list":      format.List,
	"tally":     format.Tally,
	"fixed":     format.Fixed,
	"short":     format.Short,
	"signed":    format.Signed,
	"percent":   format.Percent,
	"plural":    format.Plural,
	"thousands": format.Thousands,
}

// funcDocs say what each function of an author's templates does, in a line:
// the docs' reference prints them beside each function's Go signature, and a
// test keeps them and the function map the same.
var funcDocs = map[string]string{
	"cell":      `any computation's results by id: {{ (cell "ceiling").WorkMS }}`,
	"figure":    `a named figure of a cell, as predictions and expect: name it, its member a number or relative to the cell's fields: {{ figure "ceiling.speedup@8" }}, {{ figure "ceiling.speedup@partitions" }}`,
	"grid":      `a grid cell's results by id: {{ (grid "keys").Rows }}`,
	"row":       `one row of a grid: id, key, partition count and, optionally, consumer count (default the grid's first): {{ (row "keys" "subscriber" 4).MaxLoad }}`,
	"offsets":   `an offsets cell's results by id`,
	"predict":   `the input of the named prediction, beside its question in the prose, kept in step with the scoreboard's: {{ predict "P1" }}`,
	"list":      `the items of a list in words: "0, 1, 2 and 3"`,
	"tally":     `whole numbers in words, a list of nine or more by value: "2, 2 and 1"; "6 × 2 and 3 × 1" (six 2s, three 1s)`,
	"fixed":     `a number with two decimals: 1.44`,
	"short":     `a number with at most two decimals and no trailing zeros: 8, 7.86`,
	"signed":    `a number with two decimals and its sign: +16.15`,
	"percent":   `part of a whole as a whole percentage: {{ percent 11 20 }} is 55%`,
	"plural":    `a count and its noun: {{ plural 4 "partition" }} is 4 partitions`,
	"thousands": `a whole number with its thousands grouped: 60,000`,
}

// A Func is one function of an author's templates: its name, its Go type
// and what it does.
type Func struct {
	Name string
	Type reflect.Type
	Doc  string
}

// Funcs lists the functions an author's templates may call, by name, with
// text/template's own (print, printf, len, index, …) left to its docs.
func Funcs() []Func {
	var v Vocabulary
	var out []Func
	for name, f := range v.funcs() {
		out = append(out, Func{name, reflect.TypeOf(f), funcDocs[name]})
	}
	slices.SortFunc(out, func(a, b Func) int { return strings.Compare(a.Name, b.Name) })
	return out
}

func (v *Vocabulary) funcs() texttemplate.FuncMap {
	m := texttemplate.FuncMap{"grid": v.grid, "row": v.row, "offsets": v.offsets, "cell": v.cell, "figure": v.figure, "predict": v.predict}
	for name, f := range formatFuncs {
		m[name] = f
	}
	return m
}

// parse parses an author's Markdown as a template of the vocabulary, every
// loop and template body instrumented with b.
func (v *Vocabulary) parse(src string, b *budget) (*texttemplate.Template, error) {
	t, err := texttemplate.New("text").Option("missingkey=error").
		Funcs(b.bounded(v.funcs())).Funcs(b.funcs()).Parse(src)
	if err != nil {
		return nil, err
	}
	bound(t)
	return t, nil
}

// markdown runs an author's text with the scenario's results, within the
// bounds of bounded.go, and returns the Markdown it prints.
func (v *Vocabulary) markdown(src string) (string, error) {
	b := &budget{ctx: v.ctx, built: &v.built}
	t, err := v.parse(src, b)
	if err != nil {
		return "", err
	}
	var md strings.Builder
	if err := t.Execute(&limitedWriter{w: &md}, v); err != nil {
		return "", err
	}
	return md.String(), nil
}

// expand runs an author's text through the vocabulary; its error is a
// scenarios.ErrorList at the text's file:line:col, or errBroken for a text
// that names a broken computation, whose own errors are reported.
func (v *Vocabulary) expand(t Text) (string, error) {
	md, err := v.markdown(t.src)
	if errors.Is(err, errBroken) {
		return "", errBroken
	}
	if err != nil {
		return "", scenarios.ErrorList{v.textError(t, err)}
	}
	return md, nil
}

// WorkedAnswers are the answers of scenario s's md cells that name a
// prediction (":::answer P3"), by the prediction's name: each answer's
// Markdown with the figures of these results printed, two for one
// prediction joined in page order. grade quotes them in each student's
// feedback.
func (v *Vocabulary) WorkedAnswers(s *scenarios.Scenario) (map[string]string, error) {
	d := v.NewDoc()
	out := map[string]string{}
	for _, t := range Texts(s) {
		md, err := v.expand(t)
		if errors.Is(err, errBroken) {
			continue
		}
		if err != nil {
			return nil, err
		}
		source := []byte(md)
		ast.Walk(d.parse(source), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if a, ok := n.(*answerNode); ok && entering && a.prediction != "" {
				out[a.prediction] = strings.TrimSpace(out[a.prediction] + "\n\n" + answerText(a, source))
			}
			return ast.WalkContinue, nil
		})
	}
	return out, nil
}

// HTML runs an author's Markdown through the vocabulary, then converts it
// into d; its errors are a scenarios.ErrorList, at their file:line:col.
func (v *Vocabulary) HTML(d *Doc, t Text) (template.HTML, error) {
	if t.src == "" {
		return "", nil
	}
	md, err := v.expand(t)
	if errors.Is(err, errBroken) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	h, err := d.HTML(md)
	if errors.Is(err, errBroken) {
		return "", nil
	}
	var imgs imageErrors
	if errors.As(err, &imgs) {
		var list scenarios.ErrorList
		for _, e := range imgs {
			line, col := imageAt(t, e.dest)
			list.Add(v.file, scenarios.Pos{Line: line, Col: col}, t.field, e.Error())
		}
		return "", list.Err()
	}
	if err != nil {
		return "", scenarios.ErrorList{{File: v.file, Line: t.at.Line, Col: t.at.Col, Field: t.field, Msg: err.Error()}}
	}
	return h, nil
}

// Check runs the templates in scenario s's summary and md cells and
// converts their Markdown, output discarded, as rendering does; it reports
// every error at its file:line:col.
func (v *Vocabulary) Check(s *scenarios.Scenario) error {
	d := v.NewDoc()
	d.ReadImages(s, false)
	var errs scenarios.ErrorList
	for _, t := range Texts(s) {
		if _, err := v.HTML(d, t); err != nil {
			var list scenarios.ErrorList
			if !errors.As(err, &list) {
				return err
			}
			errs = append(errs, list...)
		}
	}
	return errs.Err()
}

// A Text is Markdown an author wrote, and where.
type Text struct {
	field string
	at    scenarios.Pos
	src   string
}

// Texts are the texts of scenario s: its summary, then its md cells'.
func Texts(s *scenarios.Scenario) []Text {
	out := []Text{Summary(s)}
	for i, c := range s.Cells {
		if c.Kind == scenarios.Markdown {
			out = append(out, CellText(i, c))
		}
	}
	return out
}

// Summary is the text of scenario s's summary.
func Summary(s *scenarios.Scenario) Text {
	return Text{"summary", s.SummaryAt, s.Summary}
}

// CellText is the text of md cell c, the scenario's cells[i].
func CellText(i int, c scenarios.Cell) Text {
	return Text{fmt.Sprintf("cells[%d].md", i), c.TextAt, c.Markdown}
}
