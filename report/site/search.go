package site

import (
	"bytes"
	"encoding/json"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/templates"
)

// The site's offline search: at render time every page's title, headings
// and prose become entries of search.js, beside index.html, which also
// holds templates/search.js, the few lines that list the entries matching
// what the reader types. Pages load it with a script tag, never fetch, so
// the search works from file:// as from a server.

// maxSections bounds the sections a page indexes, so that the search data
// stays a small file whatever the pages hold (package markdown bounds each
// section's text).
const maxSections = 128

// searchFile is the script of the search data and code, at the site's root.
const searchFile = "search.js"

// A searchEntry is one result the search can list: a page or a section of
// one, its link relative to the site's root.
type searchEntry struct {
	Title string `json:"t"`
	URL   string `json:"u"`
	Text  string `json:"x,omitempty"`
}

// pageSearch is a page's entries: the page itself with the prose above its
// first heading, then each section under its own title, so that a section
// matches on its own words; search.js lists a page's sections under it.
func pageSearch(name, title string, sections []markdown.Section) []searchEntry {
	link := name + "/" + report.PageFile
	out := []searchEntry{{Title: title, URL: link}}
	for i, s := range sections {
		if i == maxSections {
			break
		}
		if s.ID == "" {
			out[0].Text = s.Text
			continue
		}
		out = append(out, searchEntry{Title: s.Title, URL: link + "#" + s.ID, Text: s.Text})
	}
	return out
}

// searchScript is search.js: the entries as a JSON value (encoding/json
// escapes <, > and &, so it cannot end the script) and the code.
func searchScript(entries []searchEntry) ([]byte, error) {
	if entries == nil {
		entries = []searchEntry{}
	}
	data, err := json.Marshal(entries)
	if err != nil {
		return nil, err
	}
	code, err := templates.FS.ReadFile("search.js")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("var partlabSearch = ")
	b.Write(data)
	b.WriteString(";\n")
	b.Write(code)
	return b.Bytes(), nil
}
