package site

import (
	"bytes"
	"fmt"
	"html/template"
	"io"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/scenarios"
)

// indexData is the data of templates/index.html: the site's settings and
// its pages in site order.
type indexData struct {
	Title   string
	Intro   template.HTML
	Site    report.SiteRegions
	Entries []indexEntry
}

// indexEntry is one scenario on the index page.
type indexEntry struct {
	manifestPage
	Link string
	Data []report.DataLink
}

// Index writes the page that lists every notebook, in a site of its own
// with the default settings: its title, its summary (with the summary's
// template values) and links to its page and results.
func Index(w io.Writer, nbs []report.Notebook) error {
	pages := make([]manifestPage, len(nbs))
	for i, nb := range nbs {
		var err error
		if pages[i], err = newManifestPage(nb, nil); err != nil {
			return err
		}
	}
	nav, err := newNavigation(scenarios.DefaultSite(), pages)
	if err != nil {
		return err
	}
	data, err := nav.index()
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// index renders the site's index.
func (n *navigation) index() ([]byte, error) {
	d := indexData{Title: n.settings.Title}
	var err error
	if d.Intro, err = markdown.NewDoc().HTML(n.settings.Intro); err != nil {
		return nil, fmt.Errorf("%s: intro: %w", n.settings.File, err)
	}
	if d.Site, err = n.regions(""); err != nil {
		return nil, err
	}
	for _, p := range n.pages {
		dir := p.Name + "/"
		d.Entries = append(d.Entries, indexEntry{manifestPage: p, Link: dir + report.PageFile, Data: report.DataLinks(dir)})
	}
	var buf bytes.Buffer
	if err := layout().ExecuteTemplate(&buf, "index.html", d); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// newManifestPage is a notebook's entry in the manifest, with its summary
// rendered for the index and, when a page was rendered, its search entries.
func newManifestPage(nb report.Notebook, sections []markdown.Section) (manifestPage, error) {
	s := nb.Scenario
	summary, err := report.Summary(nb)
	if err != nil {
		return manifestPage{}, err
	}
	dir := s.Name + "/"
	return manifestPage{
		Name: s.Name, Title: s.Title, Source: s.File, Summary: summary, Params: s.Source, Uses: report.Uses(s),
		Files:  pageFiles(dir),
		Search: pageSearch(s.Name, s.Title, sections),
	}, nil
}

// pageFiles are the files of a page's folder that every render writes: the
// page and its DataFiles.
func pageFiles(dir string) []string {
	files := []string{dir + report.PageFile}
	for _, f := range report.DataFiles() {
		files = append(files, dir+f.Name)
	}
	return files
}
