package report

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/templates"
)

// cellLayout holds the templates of a page's cells, parsed once, on first
// use: one per cell kind and the table, chart and scoreboard parts.
// RenderCell needs only these.
func cellLayout() *template.Template {
	cellsOnce.Do(parseCells)
	return cellTemplates
}

func parseCells() {
	cellTemplates = template.Must(template.New("cells").ParseFS(templates.Cells, "cells/*.html"))
}

// Each template set is built by a sync.Once, not a sync.OnceValue, whose
// type parameter would keep every method of the template's type in the
// engine in the page.
var (
	cellsOnce     sync.Once
	cellTemplates *template.Template
)

// layout is the page around the cells' bodies: the page, the default icon,
// and the stylesheet and scripts that pages include as template text. It is
// parsed on a page's first render, so that a program that renders only
// cells (the engine in the page) links none of it: a function is linked
// only where it is called, where a variable's initialiser always is. The
// site's index and regions are package site's.
func layout() *template.Template {
	layoutOnce.Do(func() {
		pageLayout = template.Must(template.New("page").ParseFS(templates.FS, "page.html", "icon.html", "style.css", "charts.js", "reader.js", "try.js"))
	})
	return pageLayout
}

var (
	layoutOnce sync.Once
	pageLayout *template.Template
)

// Options say how a page loads ECharts (when its first chart nears the
// viewport, or the page is printed).
type Options struct {
	// ScriptURL is the ECharts script a page loads: relative to the page
	// (../assets/echarts.min.js) or absolute (a CDN).
	ScriptURL string
	// Inline, when set, is ECharts itself, written into the page as text
	// that is run only when a chart needs it; the page then links its
	// DataFiles as data: URLs and refers to no other file. It wins over
	// ScriptURL.
	Inline []byte
	// PDF links the page's NAME.pdf from its header (render --pdf).
	PDF bool
	// Site is the page's regions of the site it is part of (see package
	// site); zero for a page alone.
	Site SiteRegions
	// Edition is who the page is for: the student (the default) or the
	// teacher, whose answer key it then is.
	Edition Edition
	// Assessment, when set, makes the page a student's variant in
	// assessment mode (see Assessment).
	Assessment *Assessment
	// Reveal, when set, makes the page a student's variant after the
	// deadline (see Reveal); it goes without Assessment.
	Reveal *Reveal
	// RunURL, when set, is the folder of the engine in the page
	// (../assets/), whose partlab-run.js a computed cell's "Try your own
	// values" loads when a reader asks for it. A page in assessment mode
	// offers no recomputation.
	RunURL string
}

// The files of a page's folder in a site, which the page links: its
// results beside it, its PDF when printed, and the site's index above it.
const (
	PageFile    = "index.html"
	JSONFile    = "results.json"
	CSVFile     = "results.csv"
	FiguresFile = "figures.csv"
)

// A DataFile is one of the results files beside a page: its name, its media
// type and what writes it.
type DataFile struct {
	Name, Media string
	Write       func(io.Writer, Notebook) error
}

// DataFiles are the results beside every page, in the order the page and
// the index link them: one table per CSV file, so that every tool that reads
// CSV reads each as it is.
func DataFiles() []DataFile {
	return []DataFile{
		{JSONFile, "application/json", JSON},
		{CSVFile, "text/csv", CSV},
		{FiguresFile, "text/csv", FiguresCSV},
	}
}

// A DataLink is a page's link to one of its DataFiles.
type DataLink struct {
	Name string
	URL  template.URL
}

// PDFFile is a page's PDF, beside it: named after the scenario, so that a
// downloaded copy says what it is.
func PDFFile(name string) string { return name + ".pdf" }

// SiteRegions are a page's regions that depend on the whole site it is part
// of, rendered by package site, markers included: in the head the favicon,
// the canonical link and the search script; the navigation; the footer.
// They are zero on a page that is no part of a site (a self-contained page,
// Page).
type SiteRegions struct {
	Head, Nav, Footer template.HTML
}

// pageData is the data of templates/page.html.
type pageData struct {
	Title, Name, File string
	Summary           template.HTML
	Description       string // the summary's text, for search engines' results
	Source            sim.Source
	Uses              SourceUse            // which of Source's parameters the page's figures depend on
	Overrides         []scenarios.Override // what the command line put over the file
	Index             string
	Data              []DataLink   // the results beside the page
	PDF               template.URL // the page's PDF beside it, if printed
	Script            scriptData
	Contents          []markdown.Heading
	Cells             []cellData
	Expected          *expectationsData // nil in the student's edition, or when the scenario expects nothing
	Assessment        *assessmentData   // nil but in assessment mode
	Revealed          bool              // a revealed variant page (Options.Reveal)
	Site              SiteRegions
	Edition           Edition
	Run               string // Options.RunURL, on a page that offers "Try your own values"
}

// scriptData is where charts.js loads ECharts from when a chart first
// needs it: a URL, or the inlined text of a self-contained page.
type scriptData struct {
	URL    string
	Inline template.HTML
}

type cellData struct {
	Kind, Anchor string
	// Title heads a computed cell at Level, one below the heading before
	// it; the contents list it under the same words.
	Title string
	Level int
	Body  template.HTML
	Try   *tryData // nil for a cell that offers no "Try your own values"
}

// maxDescription bounds a page's meta description: search engines show
// about this much of it.
const maxDescription = 160

// SourceUse is what a page's header and its card on the site's index show
// of the source: the seed alone, or every parameter, or (both false)
// nothing.
type SourceUse struct {
	Seed     bool `json:"seed"`
	Readings bool `json:"readings"`
}

// pageState is what rendering one page carries from cell to cell: the
// results for the authors' templates, and the Markdown document whose
// headings make the contents.
type pageState struct {
	nb    Notebook
	vocab *markdown.Vocabulary
	doc   *markdown.Doc
	// level is the level of the last heading an author wrote, 0 before
	// the first: a computed cell's title goes one below it.
	level   int
	edition Edition
	// regions are the accessible names of the page's table regions so far.
	regions map[string]bool
	// assess is set in assessment mode: answers and figures of the
	// scoreboard are left out.
	assess bool
	// reveal is set on a revealed variant page: every answer open, and
	// the scoreboard holds the student's answers if they were given.
	reveal *Reveal
	// try makes each computed cell's form; nil on a page that offers none.
	try *tries
}

// Page writes a scenario's page: a header with the source's parameters that
// its cells use, the contents, and every cell in order. It writes nothing if any cell fails.
func Page(w io.Writer, nb Notebook, opt Options) error {
	p, err := RenderPage(nb, opt)
	if err != nil {
		return err
	}
	_, err = w.Write(p.HTML)
	return err
}

// A RenderedPage is a scenario's page as RenderPage renders it.
type RenderedPage struct {
	HTML []byte
	// Images are the images its Markdown names, by their paths relative to
	// the page (none when Options.Inline puts them in the page).
	Images []markdown.Image
	// Sections are its prose by section, for the site's search.
	Sections []markdown.Section
}

// RenderPage renders a scenario's page with its images and prose.
func RenderPage(nb Notebook, opt Options) (RenderedPage, error) {
	s := nb.Scenario
	cells := nb.cells()
	p := newPageState(nb, pageAnchors(cells)...)
	// A revealed page opens every answer as the key does, but it is the
	// student's: it lists no expectations.
	p.edition, p.doc.Key, p.reveal = opt.Edition, opt.Edition.Key() || opt.Reveal != nil, opt.Reveal
	p.doc.ReadImages(s, len(opt.Inline) > 0)
	d := pageData{
		Title: s.Title, Name: s.Name, File: filepath.Base(s.File), Source: s.Source, Overrides: s.Overrides,
		Uses:  Uses(s),
		Index: "../" + PageFile,
		Site:  opt.Site, Edition: opt.Edition,
	}
	d.Data = DataLinks("")
	if opt.PDF {
		d.PDF = fileLink(PDFFile(s.Name))
	}
	var (
		withhold        map[int]bool
		withholdSummary bool
	)
	if a := opt.Assessment; a != nil {
		p.assess, p.doc.OmitAnswers = true, true
		d.Assessment = &assessmentData{Scenario: s.Name, Token: a.Token}
		withhold, withholdSummary = withheld(s, cells)
	}
	if opt.Assessment != nil || opt.Reveal != nil {
		// A variant's values are the student's page, not an override of
		// it; its cells' inputs show them. Nothing lies beside the page.
		d.Overrides, d.Data, d.Revealed = nil, nil, opt.Reveal != nil
	}
	var err error
	if !withholdSummary {
		if d.Summary, err = p.vocab.HTML(p.doc, markdown.Summary(s)); err != nil {
			return RenderedPage{}, err
		}
	}
	if d.Summary != "" {
		d.Description = p.doc.Lead(maxDescription)
	}
	if len(opt.Inline) > 0 {
		d.Index = "" // a self-contained page links no other file
		d.Site = SiteRegions{}
		d.Script.Inline = inlineScript(opt.Inline)
		if d.Assessment == nil && opt.Reveal == nil { // the results hold every answer: a variant carries none
			if d.Data, err = dataLinks(nb); err != nil {
				return RenderedPage{}, err
			}
		}
	} else {
		d.Script.URL = opt.ScriptURL
	}
	if opt.RunURL != "" && !p.assess {
		d.Run, p.try = opt.RunURL, newTries(s, opt.Edition.Key())
	}
	for _, c := range cells {
		if p.assess && (c.Answer || withhold[c.Index] && c.Sim == nil) {
			continue
		}
		if opt.Assessment != nil || opt.Reveal != nil {
			c.Input += yourValues(s, c.ID)
		}
		cd, err := p.cell(c, withhold[c.Index])
		if err != nil {
			return RenderedPage{}, err
		}
		d.Cells = append(d.Cells, cd)
	}
	d.Contents = p.doc.Headings
	if opt.Edition.Key() {
		expected, err := nb.Expected()
		if err != nil {
			return RenderedPage{}, err
		}
		if d.Expected = newExpectations(expected); d.Expected != nil {
			d.Contents = append(d.Contents, markdown.Heading{ID: expectAnchor, Text: "Expectations", Level: 2})
		}
	}
	var buf bytes.Buffer
	if err := layout().ExecuteTemplate(&buf, "page.html", d); err != nil {
		return RenderedPage{}, fmt.Errorf("%s: page: %w", s.File, err)
	}
	return RenderedPage{HTML: buf.Bytes(), Images: p.doc.Images(), Sections: p.doc.Sections}, nil
}

// yourValues notes under a cell's input the values a variant puts over
// it: the input is the file's text, the page the student's own, and a
// variant page has no override line.
func yourValues(s *scenarios.Scenario, id string) string {
	var b strings.Builder
	for _, o := range s.Overrides {
		if field, ok := strings.CutPrefix(o.Path, "cells."+id+"."); ok {
			fmt.Fprintf(&b, "# on your page: %s: %s\n", field, o.Value)
		}
	}
	return b.String()
}

// pageAnchors are the ids a page reserves before converting any Markdown:
// its contents, its expectations and every computation's.
func pageAnchors(cells []cell) []string {
	anchors := []string{"contents", expectAnchor}
	for _, c := range cells {
		if c.Sim != nil {
			anchors = append(anchors, cellAnchor(c))
		}
	}
	return anchors
}

// DataLinks are the links to the DataFiles in the folder dir ("" beside
// the page, "NAME/" from the index).
func DataLinks(dir string) []DataLink {
	var links []DataLink
	for _, f := range DataFiles() {
		links = append(links, DataLink{f.Name, fileLink(dir + f.Name)})
	}
	return links
}

// dataLinks are a self-contained page's links to its results: data: URLs.
func dataLinks(nb Notebook) ([]DataLink, error) {
	var links []DataLink
	for _, f := range DataFiles() {
		var b bytes.Buffer
		if err := f.Write(&b, nb); err != nil {
			return nil, err
		}
		links = append(links, DataLink{f.Name, dataURL(f.Media, b.Bytes())})
	}
	return links, nil
}

// cell renders one cell with its kind's view and template, or, withheld,
// a computed cell's input alone.
func (p *pageState) cell(c cell, withheld bool) (cellData, error) {
	authored := len(p.doc.Headings)
	searched := slices.Clone(p.doc.Sections)
	var (
		body []byte
		err  error
	)
	if withheld {
		body, err = p.withheldBody(c)
	} else {
		body, _, err = p.body(c)
	}
	if err != nil {
		return cellData{}, err
	}
	if c.Answer && !p.doc.Key {
		p.doc.Sections = searched // the student's search holds no answer
	}
	if n := len(p.doc.Headings); n > authored {
		p.level = p.doc.Headings[n-1].Level
	}
	cd := cellData{Kind: string(c.Kind), Body: cellHTML(body)}
	if c.Sim != nil {
		cd.Anchor, cd.Title, cd.Level = cellAnchor(c), cellTitle(c), p.cellLevel()
		p.doc.Headings = append(p.doc.Headings, markdown.Heading{ID: cd.Anchor, Text: cd.Title, Level: cd.Level})
		if p.try != nil {
			if cd.Try, err = p.try.form(c); err != nil {
				return cellData{}, fmt.Errorf("%s: %w", p.nb.Scenario.File, err)
			}
		}
	}
	return cd, nil
}

// body renders a cell's body with its kind's view and template, and
// returns it with the view's data.
func (p *pageState) body(c cell) ([]byte, any, error) {
	k := kind{template: "md.html", view: mdView}
	if c.Kind != scenarios.Markdown {
		var err error
		if k, err = kindOf(c); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", p.nb.Scenario.File, err)
		}
	}
	data, err := k.view(p, computation{c, k})
	if err != nil {
		return nil, nil, err
	}
	var buf bytes.Buffer
	if err := cellLayout().ExecuteTemplate(&buf, k.template, data); err != nil {
		return nil, nil, fmt.Errorf("%s: cells[%d]: %w", p.nb.Scenario.File, c.Index, err)
	}
	body := buf.Bytes()
	if c.Answer {
		body = markdown.CellAnswer(p.doc.Key, c.Kind, c.ID, body)
	}
	return body, data, nil
}

// withheldBody is a computed cell of an assessment page whose output a
// prediction grades: its input, which holds the student's values, and a
// word on why the rest is not shown.
func (p *pageState) withheldBody(c cell) ([]byte, error) {
	var buf bytes.Buffer
	if err := cellLayout().ExecuteTemplate(&buf, "withheld.html", withheldData{Kind: string(c.Kind), ID: c.ID, Input: c.Input}); err != nil {
		return nil, fmt.Errorf("%s: cells[%d]: %w", p.nb.Scenario.File, c.Index, err)
	}
	return buf.Bytes(), nil
}

// cellTitle is a computed cell's heading: its kind's title, and its id when
// an author chose one, so two cells of a kind read apart. An id the
// scenario gave by default (the kind, or the kind and the cell's index)
// says nothing a reader needs.
func cellTitle(c cell) string {
	title := kinds[c.Kind].title
	if title == "" {
		title = string(c.Kind)
	}
	if rest, ok := strings.CutPrefix(c.ID, string(c.Kind)); ok && strings.Trim(rest, "0123456789") == "" {
		return title
	}
	return title + ": " + c.ID
}

// cellLevel is a computed cell's heading level: one below the author's
// heading before it, so the page's outline stays whole, from h2 to h4.
func (p *pageState) cellLevel() int { return min(max(p.level+1, 2), 4) }

// Uses is which of the source's parameters the figures of s depend on.
func Uses(s *scenarios.Scenario) SourceUse {
	u := sim.Uses(s.SimCells()...)
	return SourceUse{Seed: u&sim.UsesSeed != 0, Readings: u&sim.UsesReadings != 0}
}

// cellAnchor is a computation cell's id on the page. Headings never take it:
// the page reserves it before converting any Markdown.
func cellAnchor(c cell) string { return "cell-" + c.ID }

func mdView(p *pageState, c computation) (any, error) {
	return p.vocab.HTML(p.doc, markdown.CellText(c.Index, c.Cell))
}

// newPageState starts rendering nb's Markdown, the page's own anchors
// reserved.
func newPageState(nb Notebook, reserved ...string) *pageState {
	v := nb.vocabulary(context.Background())
	return &pageState{nb: nb, vocab: v, doc: v.NewDoc(reserved...)}
}

// vocabulary is what an author's templates can reach of nb, its
// computation cells by id; cancelling ctx stops them.
func (nb Notebook) vocabulary(ctx context.Context) *markdown.Vocabulary {
	var cells []markdown.Cell
	for _, c := range nb.cells() {
		if c.Sim != nil {
			cells = append(cells, markdown.Cell{ID: c.ID, Kind: c.Kind, Sim: c.Sim, Result: c.Result})
		}
	}
	return markdown.NewVocabulary(ctx, nb.Scenario, cells, nb.Results)
}

// Summary is the scenario's summary, its template values printed, as the
// site's index shows it.
func Summary(nb Notebook) (template.HTML, error) {
	p := newPageState(nb)
	return p.vocab.HTML(p.doc, markdown.Summary(nb.Scenario))
}

// WorkedAnswers are nb's answers that name a prediction (":::answer P3"),
// by the prediction's name, as Markdown with nb's figures printed.
func WorkedAnswers(ctx context.Context, nb Notebook) (map[string]string, error) {
	return nb.vocabulary(ctx).WorkedAnswers(nb.Scenario)
}

// Check runs the templates in a scenario's summary and md cells with its
// results and converts their Markdown, output discarded, as rendering does;
// it reports every error at its file:line:col. Cancelling ctx stops it.
func Check(ctx context.Context, nb Notebook) error {
	return nb.vocabulary(ctx).Check(nb.Scenario)
}
