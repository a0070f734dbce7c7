package scenarios

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// SiteFile is the site settings' file name, beside scenarios/ in the
// working folder; it is never read as a scenario, which live in scenarios/.
const SiteFile = "site.yaml"

// Site is a course site's settings: what the index says and links, the
// order of the pages, and where the site is published.
type Site struct {
	File    string // as given to ParseSite
	Title   string // the index's heading and every page's site name
	Intro   string // Markdown, on the index under the title
	Home    Home   // the course's home, linked from every page; Text empty for none
	Order   []string
	BaseURL string // with a final /; empty for none
	Favicon Favicon
	Footer  string // Markdown, at the foot of the index and of every page
	Run     bool   // the site publishes the engine in the page

	orderAt []Pos // where each name of Order is, for CheckOrder
}

// Home is a link to the course's home page.
type Home struct{ Text, URL string }

// Favicon is the site's icon: the file's data, copied into the site as
// favicon and its extension.
type Favicon struct {
	Name string // favicon.png, favicon.ico or favicon.svg; empty for none
	Data []byte
	At   Pos // where the site file names it, for the errors of reading it
}

// MaxFavicon bounds the icon's file: a favicon is a few kilobytes.
const MaxFavicon = 64 << 10

// faviconTypes are the icon files a browser shows, by extension.
var faviconTypes = []string{".ico", ".png", ".svg"}

// DefaultSite is the settings of a site without site.yaml.
func DefaultSite() *Site { return &Site{Title: "Scenarios", Run: true} }

// siteSpec is the site file's top level. A new setting is one entry here.
var siteSpec = object[Site]{
	fields: []field[Site]{
		{name: "title", doc: "the course's name: the index's heading and every page's site name", value: text{}, def: DefaultSite().Title,
			set: to(func(s *Site, v string) { s.Title = v })},
		{name: "intro", doc: "Markdown shown on the index under the title", value: str{},
			set: to(func(s *Site, v string) { s.Intro = v })},
		{name: "home", doc: "the course's home page, linked from every page", value: homeSpec,
			set: to(func(s *Site, v Home) { s.Home = v })},
		{name: "order", doc: "scenario names (file names without .yaml) in site order; the others follow by name", value: texts{},
			set: to(func(s *Site, v []string) { s.Order = v })},
		{name: "base_url", doc: "the absolute http(s) URL the site is published at, for canonical links and sitemap.xml", value: text{},
			set: to(func(s *Site, v string) { s.BaseURL = v })},
		{name: "favicon", doc: "an .ico, .png or .svg file beside site.yaml or below, copied into the site", value: text{},
			set: to(func(s *Site, v string) { s.Favicon.Name = v })},
		{name: "footer", doc: "Markdown at the foot of every page", value: str{},
			set: to(func(s *Site, v string) { s.Footer = v })},
		{name: "run", doc: "false: publish no engine in the page, so that no cell recomputes with a reader's values (as render --no-run)", value: boolean{}, def: DefaultSite().Run,
			set: to(func(s *Site, v bool) { s.Run = v })},
	},
	check: func(m mapping, s *Site) {
		if v := m.at["home"]; v != nil && s.Home.URL != "" && !linkable(s.Home.URL, false) {
			m.d.errorf(fieldNode(v, "url"), "home.url", "must be an http(s) URL or a relative path (got %q)", s.Home.URL)
		}
		if v := m.at["base_url"]; v != nil && s.BaseURL != "" {
			if ok, but := isBase(s.BaseURL); !ok {
				m.errorf("base_url", "must be an absolute http(s) URL such as https://example.org/course/%s (got %q)", but, s.BaseURL)
			} else if !strings.HasSuffix(s.BaseURL, "/") {
				s.BaseURL += "/"
			}
		}
		if v := m.at["order"]; v != nil {
			for i := range s.Order {
				n := itemNode(v, i)
				s.orderAt = append(s.orderAt, Pos{n.Line, n.Column})
			}
		}
		if v := m.at["favicon"]; v != nil && s.Favicon.Name != "" {
			name := s.Favicon.Name
			switch clean := path.Clean(name); {
			case path.IsAbs(name) || filepath.IsAbs(name) || clean == ".." || strings.HasPrefix(clean, "../"):
				m.errorf("favicon", "must be a path inside the site file's folder (got %q)", name)
			case !slices.Contains(faviconTypes, strings.ToLower(path.Ext(name))):
				m.errorf("favicon", "must be a %s file (got %q)", strings.Join(faviconTypes, ", "), name)
			}
		}
	},
}

var homeSpec = object[Home]{fields: []field[Home]{
	{name: "text", doc: "the link's text", value: text{}, required: true,
		set: to(func(h *Home, v string) { h.Text = v })},
	{name: "url", doc: "the link: an http(s) URL, or a path relative to the site's root folder", value: text{}, required: true,
		set: to(func(h *Home, v string) { h.URL = v })},
}}

// linkable reports whether s is an http(s) URL or, unless absolute is
// set, a relative reference: never javascript: or another scheme.
func linkable(s string, absolute bool) bool {
	u, err := url.Parse(s)
	switch {
	case err != nil:
		return false
	case u.Scheme == "http" || u.Scheme == "https":
		return u.Host != ""
	}
	return !absolute && u.Scheme == "" && u.Host == ""
}

// isBase reports whether s is a base the site's URLs can be joined to, and
// if not, but what it has that a base has not: in a query or a fragment,
// every sitemap and canonical URL would land inside it.
func isBase(s string) (ok bool, but string) {
	u, err := url.Parse(s)
	switch {
	case err != nil || !linkable(s, true):
		return false, ""
	case u.User != nil:
		return false, ", without a user or password"
	case u.RawQuery != "" || u.ForceQuery:
		return false, ", without a query (?…)"
	case u.Fragment != "" || strings.Contains(s, "#"):
		return false, ", without a fragment (#…)"
	}
	return true, ""
}

// ParseSite reads site settings from r; name is used in errors.
func ParseSite(r io.Reader, name string) (*Site, error) {
	root, src, err := parseDocument(r, name, "site file", "a mapping of site settings such as title")
	if err != nil {
		return nil, err
	}
	d := &decoder{file: name, root: root, lines: bytes.Split(src, []byte("\n"))}
	s := siteSpec.decode(d, root, "").(Site)
	d.errs.Sort()
	if err := d.errs.Err(); err != nil {
		return nil, err
	}
	s.File = name
	if n := fieldNode(root, "favicon"); n != nil {
		s.Favicon.At = Pos{n.Line, n.Column}
	}
	return &s, nil
}

// CheckOrder reports each name of the order that names no scenario of
// known, at its place in the file.
func (s *Site) CheckOrder(known []string) error {
	var errs ErrorList
	for i, name := range s.Order {
		if !slices.Contains(known, name) {
			errs.Add(s.File, s.orderAt[i], fmt.Sprintf("order[%d]", i),
				fmt.Sprintf("unknown scenario %q (want one of %s)%s", name, strings.Join(sorted(known), ", "), Suggest(name, known)))
		}
	}
	return errs.Err()
}

// SiteSchema returns the JSON Schema (2020-12) of site files, from the
// same table the decoder walks.
func SiteSchema() []byte {
	s := siteSpec.schema()
	s["$schema"] = schemaDialect
	s["title"] = "partlab site"
	s["description"] = "The settings of a partlab course site (site.yaml): its title, intro, home link, page order, base URL, favicon and footer."
	return encodeSchema(s)
}

// encodeSchema writes a schema as indented JSON, its keys sorted.
func encodeSchema(s schema) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(s); err != nil {
		panic(err) // the schema is built from literals: a failure is a bug here
	}
	return b.Bytes()
}
