package site

import (
	"bytes"
	"encoding/xml"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/publish"
)

// sitemapFile lists the site's pages for search engines, under base_url.
const sitemapFile = "sitemap.xml"

// siteFiles are the files of the site as a whole: the index, the search
// data, and as the settings ask the sitemap and the favicon.
func (n *navigation) siteFiles() ([]publish.File, error) {
	index, err := n.index()
	if err != nil {
		return nil, err
	}
	var entries []searchEntry
	for _, p := range n.pages {
		entries = append(entries, p.Search...)
	}
	search, err := searchScript(entries)
	if err != nil {
		return nil, err
	}
	out := []publish.File{{Path: report.PageFile, Data: index}, {Path: searchFile, Data: search}}
	if n.settings.BaseURL != "" {
		out = append(out, publish.File{Path: sitemapFile, Data: n.sitemap()})
	}
	if icon := n.settings.Favicon; icon.Name != "" {
		out = append(out, publish.File{Path: icon.Name, Data: icon.Data})
	}
	return out, nil
}

// sitemap lists the index and every page under the base URL, in site
// order (sitemaps.org).
func (n *navigation) sitemap() []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	loc := func(u string) {
		b.WriteString("<url><loc>")
		xml.EscapeText(&b, []byte(u))
		b.WriteString("</loc></url>\n")
	}
	loc(n.settings.BaseURL)
	for _, p := range n.pages {
		loc(n.settings.BaseURL + p.Name + "/")
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}
