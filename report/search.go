package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/partlab/partlab/templates"
)

// The site's offline search: at render time every page's title, headings
// and prose become entries of search.js, beside index.html, which also
// holds templates/search.js, the few lines that list the entries matching
// what the reader types. Pages load it with a script tag, never fetch, so
// the search works from file:// as from a server.

// Bounds of the search data, so that it stays a small file whatever the
// pages hold: a section's text is cut at maxSectionText bytes (on a word
// boundary), and a page indexes at most maxSections sections.
const (
	maxSectionText = 2 << 10
	maxSections    = 128
)

// searchFile is the script of the search data and code, at the site's root.
const searchFile = "search.js"

// A section is a heading's prose on a page; ID is empty for the text above
// the first heading.
type section struct {
	ID, Title string
	Text      string
}

// addText adds a run of prose to the page's current section.
func (d *doc) addText(b []byte) {
	if len(d.sections) == 0 {
		d.sections = append(d.sections, section{})
	}
	s := &d.sections[len(d.sections)-1]
	if len(s.Text) >= maxSectionText {
		return
	}
	t := strings.Join(strings.Fields(string(b)), " ")
	if t == "" {
		return
	}
	if s.Text != "" {
		t = " " + t
	}
	s.Text = cut(s.Text+t, maxSectionText)
}

// cut shortens s to at most n bytes, at a space when there is one, never
// inside a character.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	s = s[:n]
	for !utf8.ValidString(s) {
		s = s[:len(s)-1]
	}
	if i := strings.LastIndexByte(s, ' '); i > 0 {
		s = s[:i]
	}
	return s
}

// A searchEntry is one result the search can list: a page or a section of
// one, its link relative to the site's root.
type searchEntry struct {
	Title string `json:"t"`
	URL   string `json:"u"`
	Text  string `json:"x,omitempty"`
}

// pageSearch is a page's entries: the page itself with the prose above its
// first heading, then each section.
func pageSearch(name, title string, sections []section) []searchEntry {
	link := name + "/" + pageFile
	out := []searchEntry{{Title: title, URL: link}}
	for i, s := range sections {
		if i == maxSections {
			break
		}
		if s.ID == "" {
			out[0].Text = s.Text
			continue
		}
		out = append(out, searchEntry{Title: title + " › " + s.Title, URL: link + "#" + s.ID, Text: s.Text})
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
