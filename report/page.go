package report

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"path/filepath"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
	"github.com/partlab/partlab/templates"
)

// layout holds every HTML template of the report, parsed once: the page, the
// index, one template per cell kind, the table and chart parts, and the
// stylesheet and chart script that pages include as template text.
var layout = template.Must(template.New("layout").ParseFS(templates.FS, "*.html", "cells/*.html", "*.css", "*.js"))

// Options say how a page loads ECharts.
type Options struct {
	// ScriptURL is the ECharts script a page loads: relative to the page
	// (../assets/echarts.min.js) or absolute (a CDN).
	ScriptURL string
	// Inline, when set, is ECharts itself, written into the page, which then
	// links its results.json and CSV as data: URLs and refers to no other
	// file. It wins over ScriptURL.
	Inline []byte
	// PDF links the page's NAME.pdf from its header (render --pdf).
	PDF bool
	// site is the page's regions of the site it is part of (see nav.go);
	// zero for a page alone.
	site siteRegions
}

// pageData is the data of templates/page.html.
type pageData struct {
	Title, Name, File string
	Summary           template.HTML
	Description       string // the summary's text, for search engines' results
	Source            sim.Source
	Uses              sourceUse            // which of Source's parameters the page's figures depend on
	Overrides         []scenarios.Override // what the command line put over the file
	Index             string
	JSON, CSV         template.URL
	PDF               template.URL // the page's PDF beside it, if printed
	Script            scriptData
	Contents          []heading
	Cells             []cellData
	Expected          *expectationsData // nil when the scenario expects nothing
	Site              siteRegions
}

type scriptData struct {
	URL    string
	Inline template.JS
}

type cellData struct {
	Kind, Anchor string
	// Title heads a computed cell at Level, one below the heading before
	// it; the contents list it under the same words.
	Title string
	Level int
	Body  template.HTML
}

// maxDescription bounds a page's meta description: search engines show
// about this much of it.
const maxDescription = 160

// description is a page's meta description made of its summary's text:
// cut on a word boundary, with an ellipsis when it was cut.
func description(summary string) string {
	if len(summary) <= maxDescription {
		return summary
	}
	return cut(summary, maxDescription-len("…")) + "…"
}

// sourceUse is what the page header shows of the source: the seed alone,
// or every parameter, or (both false) nothing.
type sourceUse struct{ Seed, Readings bool }

// pageState is what rendering one page carries from cell to cell: the
// results for the authors' templates, and the Markdown document whose
// headings make the contents.
type pageState struct {
	nb    Notebook
	vocab *vocabulary
	doc   *doc
	// level is the level of the last heading an author wrote, 0 before
	// the first: a computed cell's title goes one below it.
	level int
}

// Page writes a scenario's page: a header with the source's parameters that
// its cells use, the contents, and every cell in order. It writes nothing if any cell fails.
func Page(w io.Writer, nb Notebook, opt Options) error {
	b, _, _, err := renderPage(nb, opt)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// renderPage renders a scenario's page, and returns the images its Markdown
// names, by their paths relative to the page (none when opt.Inline puts
// them in the page), and its prose by section for the site's search.
func renderPage(nb Notebook, opt Options) ([]byte, []file, []section, error) {
	s := nb.Scenario
	cells := nb.cells()
	anchors := []string{"contents", expectAnchor}
	for _, c := range cells {
		if c.Sim != nil {
			anchors = append(anchors, cellAnchor(c))
		}
	}
	p := newPageState(nb, newDoc(anchors...))
	p.doc.images = newImageSet(s.File, len(opt.Inline) > 0)
	d := pageData{
		Title: s.Title, Name: s.Name, File: filepath.Base(s.File), Source: s.Source, Overrides: s.Overrides,
		Uses:  newSourceUse(sim.Uses(s.SimCells()...)),
		Index: "../" + pageFile,
		JSON:  fileLink(jsonFile),
		CSV:   fileLink(csvFile),
		Site:  opt.site,
	}
	if opt.PDF {
		d.PDF = fileLink(pdfFile(s.Name))
	}
	var err error
	if d.Summary, err = p.authorHTML(summaryText(s)); err != nil {
		return nil, nil, nil, err
	}
	if len(p.doc.sections) > 0 { // the summary's text, converted first
		d.Description = description(p.doc.sections[0].Text)
	}
	if len(opt.Inline) > 0 {
		d.Index = "" // a self-contained page links no other file
		d.Site = siteRegions{}
		d.Script.Inline = inlineScript(opt.Inline)
		if d.JSON, d.CSV, err = dataLinks(nb); err != nil {
			return nil, nil, nil, err
		}
	} else {
		d.Script.URL = opt.ScriptURL
	}
	for _, c := range cells {
		cd, err := p.cell(c)
		if err != nil {
			return nil, nil, nil, err
		}
		d.Cells = append(d.Cells, cd)
	}
	d.Contents = p.doc.headings
	expected, err := nb.Expected()
	if err != nil {
		return nil, nil, nil, err
	}
	if d.Expected = newExpectations(expected); d.Expected != nil {
		d.Contents = append(d.Contents, heading{ID: expectAnchor, Text: "Expectations", Level: 2})
	}
	var buf bytes.Buffer
	if err := layout.ExecuteTemplate(&buf, "page.html", d); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: page: %w", s.File, err)
	}
	if len(opt.Inline) > 0 {
		return buf.Bytes(), nil, p.doc.sections, nil
	}
	return buf.Bytes(), p.doc.images.files, p.doc.sections, nil
}

// cell renders one cell with its kind's view and template.
func (p *pageState) cell(c cell) (cellData, error) {
	k := kind{template: "md.html", view: mdView}
	if c.Kind != scenarios.Markdown {
		var err error
		if k, err = kindOf(c); err != nil {
			return cellData{}, fmt.Errorf("%s: %w", p.nb.Scenario.File, err)
		}
	}
	authored := len(p.doc.headings)
	data, err := k.view(p, c)
	if err != nil {
		return cellData{}, err
	}
	if n := len(p.doc.headings); n > authored {
		p.level = p.doc.headings[n-1].Level
	}
	var buf bytes.Buffer
	if err := layout.ExecuteTemplate(&buf, k.template, data); err != nil {
		return cellData{}, fmt.Errorf("%s: cells[%d]: %w", p.nb.Scenario.File, c.Index, err)
	}
	body := buf.Bytes()
	if c.Answer {
		body = cellAnswer(c, body)
	}
	cd := cellData{Kind: string(c.Kind), Body: cellHTML(body)}
	if c.Sim != nil {
		cd.Anchor, cd.Title, cd.Level = cellAnchor(c), cellTitle(c), p.cellLevel()
		p.doc.headings = append(p.doc.headings, heading{ID: cd.Anchor, Text: cd.Title, Level: cd.Level})
	}
	return cd, nil
}

// cellLevel is a computed cell's heading level: one below the author's
// heading before it, so the page's outline stays whole, from h2 to h4.
func (p *pageState) cellLevel() int { return min(max(p.level+1, 2), 4) }

func newSourceUse(u sim.SourceUse) sourceUse {
	return sourceUse{Seed: u&sim.UsesSeed != 0, Readings: u&sim.UsesReadings != 0}
}

// cellAnchor is a computation cell's id on the page. Headings never take it:
// the page reserves it before converting any Markdown.
func cellAnchor(c cell) string { return "cell-" + c.ID }

// authorHTML runs an author's Markdown through the vocabulary, then goldmark.
func (p *pageState) authorHTML(t authorText) (template.HTML, error) {
	if t.src == "" {
		return "", nil
	}
	md, err := p.vocab.markdown(t.src)
	if err != nil {
		return "", scenarios.ErrorList{p.vocab.textError(t, err)}
	}
	h, err := p.doc.html(md)
	var imgs imageErrors
	if errors.As(err, &imgs) {
		list := make(scenarios.ErrorList, len(imgs))
		for i, e := range imgs {
			line, col := imageAt(t, e.dest)
			list[i] = &scenarios.Error{File: p.nb.Scenario.File, Line: line, Col: col, Field: t.field, Msg: e.Error()}
		}
		return "", list
	}
	if err != nil {
		return "", scenarios.ErrorList{{File: p.nb.Scenario.File, Line: t.at.Line, Col: t.at.Col, Field: t.field, Msg: err.Error()}}
	}
	return h, nil
}

func mdView(p *pageState, c cell) (any, error) {
	return p.authorHTML(mdText(c.Index, c.Cell))
}
