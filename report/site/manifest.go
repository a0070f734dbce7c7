package site

import (
	"encoding/json"
	"fmt"
	"html/template"
	"path/filepath"
	"slices"
	"strings"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/publish"
	"github.com/partlab/partlab/sim"
)

// A manifest is what partlab wrote into a site's folder (publish.ManifestFile):
// the pages, each with its scenario's name, title, source file, the files
// it wrote and what the index and the search need of it, and the site's
// own files. A render reads it to add its pages to the others, and
// --clean to remove the pages of scenarios that are gone, and only what it
// lists: a file partlab did not write is never removed.
type manifest struct {
	Pages []manifestPage `json:"pages"` // by name
	Files []string       `json:"files"` // the site's own files: index, search, assets
	// Variants are the students' pages (render --roster), by token.
	Variants []manifestVariant `json:"variants,omitempty"`
}

type manifestPage struct {
	Name    string        `json:"name"`
	Title   string        `json:"title"`
	Source  string        `json:"source"`
	Files   []string      `json:"files"`
	Summary template.HTML `json:"summary,omitempty"`
	Params  sim.Source    `json:"params"`
	// Uses is which of Params the page's figures depend on, all that its
	// card on the index shows.
	Uses   report.SourceUse `json:"uses"`
	Search []searchEntry    `json:"search"`
}

// readManifest reads dir's manifest; a folder without one holds no pages
// of partlab's (it may hold other files).
func readManifest(dir string) (*manifest, error) {
	var m manifest
	if err := publish.ReadManifest(dir, &m); err != nil {
		return nil, err
	}
	name := filepath.Join(dir, publish.ManifestFile)
	for _, p := range m.Pages {
		for _, f := range p.Files {
			if !publish.Inside(f) {
				return nil, fmt.Errorf("%s: page %q lists %q, outside the site", name, p.Name, f)
			}
		}
	}
	for _, v := range m.Variants {
		for _, f := range v.Files {
			if !publish.Inside(f) {
				return nil, fmt.Errorf("%s: variant %q lists %q, outside the site", name, v.Token, f)
			}
		}
	}
	for _, f := range m.Files {
		if !publish.Inside(f) {
			return nil, fmt.Errorf("%s: lists %q, outside the site", name, f)
		}
	}
	return &m, nil
}

// merge is the site's pages after a render of pages: the old ones it does
// not replace, without those whose scenario is gone when clean is set or
// withdrawn, and the new ones; gone are the old pages dropped.
func (m *manifest) merge(pages []manifestPage, clean bool, withdrawn []string) (all, gone []manifestPage) {
	for _, p := range m.Pages {
		switch {
		case slices.ContainsFunc(pages, func(n manifestPage) bool { return n.Name == p.Name }):
		case clean && !publish.Exists(p.Source), slices.Contains(withdrawn, p.Source):
			gone = append(gone, p)
		default:
			all = append(all, p)
		}
	}
	all = append(all, pages...)
	slices.SortFunc(all, func(a, b manifestPage) int { return strings.Compare(a.Name, b.Name) })
	return all, gone
}

func (m *manifest) encode() ([]byte, error) {
	data, err := json.MarshalIndent(m, "", "  ")
	return append(data, '\n'), err
}
