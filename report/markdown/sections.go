package markdown

import (
	"strings"
	"unicode/utf8"
)

// maxSectionText bounds a section's text (cut on a word boundary), so that
// the site's search data stays a small file whatever the pages hold.
const maxSectionText = 2 << 10

// A Section is a heading's prose on a page, for the site's search; ID is
// empty for the text above the first heading.
type Section struct {
	ID, Title string
	Text      string
}

// addText adds a run of prose to the page's current section.
func (d *Doc) addText(b []byte) {
	if len(d.Sections) == 0 {
		d.Sections = append(d.Sections, Section{})
	}
	s := &d.Sections[len(d.Sections)-1]
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

// Lead is the prose above the document's first heading (a page's summary,
// which is converted first), cut to at most n bytes on a word, with an
// ellipsis when it was cut: the page's meta description.
func (d *Doc) Lead(n int) string {
	if len(d.Sections) == 0 || d.Sections[0].ID != "" {
		return ""
	}
	t := d.Sections[0].Text
	if len(t) <= n {
		return t
	}
	return cut(t, n-len("…")) + "…"
}
