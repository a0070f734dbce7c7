package report

import (
	"bytes"
	"html/template"
	"io"

	"partlab/sim"
)

// indexEntry is one scenario on the index page.
type indexEntry struct {
	Title     string
	Summary   template.HTML
	Source    sim.Source
	Link      string
	JSON, CSV string
}

// Index writes the page that lists every notebook: its title, its summary
// (with the summary's template values) and links to its page and results.
func Index(w io.Writer, nbs []Notebook) error {
	d := newDoc()
	entries := make([]indexEntry, len(nbs))
	for i, nb := range nbs {
		p := newPageState(nb, d)
		summary, err := p.authorHTML(summaryText(nb.Scenario))
		if err != nil {
			return err
		}
		dir := nb.Scenario.Name + "/"
		entries[i] = indexEntry{
			Title: nb.Scenario.Title, Summary: summary, Source: nb.Scenario.Source,
			Link: dir + pageFile, JSON: dir + jsonFile, CSV: dir + csvFile,
		}
	}
	var buf bytes.Buffer
	if err := layout.ExecuteTemplate(&buf, "index.html", entries); err != nil {
		return err
	}
	_, err := w.Write(buf.Bytes())
	return err
}
