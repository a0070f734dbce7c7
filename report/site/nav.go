package site

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/url"
	"slices"
	"strings"
	"sync"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/templates"
)

// layout holds the site's own templates, parsed once, on first use: the
// index and the regions every page shares, with the stylesheets they
// include.
func layout() *template.Template {
	layoutOnce.Do(parseLayout)
	return siteLayout
}

func parseLayout() {
	siteLayout = template.Must(template.New("site").ParseFS(templates.FS, "index.html", "site.html", "icon.html", "*.css"))
}

var (
	layoutOnce sync.Once
	siteLayout *template.Template
)

// A site's pages share three regions that depend on the whole site: in the
// head the favicon, the canonical link and the search script; in the header
// the navigation (the site's index, home, the previous and next pages, the
// search box); and the footer. Each is written between two comments, so
// that a render that adds a page can bring the pages it does not render up
// to date by replacing these regions alone (patch), and a page rendered
// alone or with the rest is the same page, byte for byte.
var regions = []string{"site-head", "site-nav", "site-footer"}

// navData is the data of templates/site.html for one page.
type navData struct {
	Root      string // the site's root relative to the page: "../", or "" for the index
	Title     string
	Home      *scenarios.Home
	Prev      *navLink
	Next      *navLink
	Favicon   string
	Canonical string
	Footer    template.HTML
}

type navLink struct{ Title, Link string }

// navigation holds what every page's regions are made of.
type navigation struct {
	settings *scenarios.Site
	footer   template.HTML
	pages    []manifestPage // in site order
}

func newNavigation(settings *scenarios.Site, pages []manifestPage) (*navigation, error) {
	n := &navigation{settings: settings, pages: sitePages(pages, settings.Order)}
	var err error
	if n.footer, err = markdown.NewDoc().HTML(settings.Footer); err != nil {
		return nil, fmt.Errorf("%s: footer: %w", settings.File, err)
	}
	return n, nil
}

// sitePages orders pages as the settings say: the named ones first, in
// order, then the others by name.
func sitePages(pages []manifestPage, order []string) []manifestPage {
	rank := func(name string) int {
		if i := slices.Index(order, name); i >= 0 {
			return i
		}
		return len(order)
	}
	pages = slices.Clone(pages)
	slices.SortFunc(pages, func(a, b manifestPage) int {
		return cmp.Or(cmp.Compare(rank(a.Name), rank(b.Name)), cmp.Compare(a.Name, b.Name))
	})
	return pages
}

// data is the regions' data for the page called name, or for the index
// when name is "".
func (n *navigation) data(name string) navData {
	s := n.settings
	d := navData{Root: "../", Title: s.Title, Footer: n.footer}
	if name == "" {
		d.Root = ""
	}
	if s.Home.Text != "" {
		home := s.Home
		if u, err := url.Parse(home.URL); err == nil && !u.IsAbs() && !strings.HasPrefix(home.URL, "/") {
			home.URL = d.Root + home.URL
		}
		d.Home = &home
	}
	if s.Favicon.Name != "" {
		d.Favicon = d.Root + s.Favicon.Name
	}
	if s.BaseURL != "" {
		d.Canonical = s.BaseURL
		if name != "" {
			d.Canonical += name + "/"
		}
	}
	i := slices.IndexFunc(n.pages, func(p manifestPage) bool { return p.Name == name })
	if i > 0 {
		p := n.pages[i-1]
		d.Prev = &navLink{p.Title, "../" + p.Name + "/" + report.PageFile}
	}
	if i >= 0 && i+1 < len(n.pages) {
		p := n.pages[i+1]
		d.Next = &navLink{p.Title, "../" + p.Name + "/" + report.PageFile}
	}
	return d
}

// regions renders the page's regions, each between its markers.
func (n *navigation) regions(name string) (report.SiteRegions, error) {
	d := n.data(name)
	var out [3]template.HTML
	for i, r := range regions {
		var b bytes.Buffer
		b.WriteString(begin(r))
		if err := layout().ExecuteTemplate(&b, r, d); err != nil {
			return report.SiteRegions{}, err
		}
		b.WriteString(end(r))
		out[i] = template.HTML(b.String())
	}
	return report.SiteRegions{Head: out[0], Nav: out[1], Footer: out[2]}, nil
}

func begin(region string) string { return "<!--partlab:" + region + "-->" }
func end(region string) string   { return "<!--/partlab:" + region + "-->" }

// patch replaces the regions of a page partlab wrote with new ones; ok is
// false when the page has none of them (a self-contained page), and is
// then left as it is.
func patch(page []byte, r report.SiteRegions) (out []byte, ok bool) {
	for i, region := range regions {
		b, e := []byte(begin(region)), []byte(end(region))
		from := bytes.Index(page, b)
		to := bytes.Index(page, e)
		if from < 0 || to < from {
			return nil, false
		}
		with := [...]template.HTML{r.Head, r.Nav, r.Footer}[i]
		page = slices.Concat(page[:from], []byte(with), page[to+len(e):])
	}
	return page, true
}

// patched is the page called name, which an earlier render wrote, with
// its regions brought up to date; nil when it has none or is missing.
func (n *navigation) patched(name string, read func(string) ([]byte, error)) ([]byte, error) {
	page, err := read(name + "/" + report.PageFile)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r, err := n.regions(name)
	if err != nil {
		return nil, err
	}
	page, ok := patch(page, r)
	if !ok {
		return nil, nil
	}
	return page, nil
}
