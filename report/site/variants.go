package site

import (
	"fmt"
	"slices"
	"strings"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/report/publish"
)

// A Variant is one student's page of a scenario (render --roster): the
// notebook computed with the student's values, published in assessment
// mode at TOKEN/index.html. Variant pages are in no index, navigation,
// search or sitemap: only the token's holder finds one. Reveal, when set,
// publishes the whole page instead, after the deadline (report.Reveal).
type Variant struct {
	Token    string
	Notebook report.Notebook
	Reveal   *report.Reveal
}

// A manifestVariant is a variant page the site holds: its token, its
// scenario's page name and file, and the files it wrote. A render with
// variants of a scenario replaces all of that scenario's; a render without
// keeps them.
type manifestVariant struct {
	Token  string   `json:"token"`
	Page   string   `json:"page"`
	Source string   `json:"source"`
	Files  []string `json:"files"`
}

// variantFiles renders the variant pages with opt, in assessment mode or
// revealed, and their manifest entries. A token that names a page of the site, or that
// two variants share, is refused.
func (s Site) variantFiles(opt report.Options, pages []manifestPage) ([]publish.File, []manifestVariant, error) {
	var (
		out  []publish.File
		list []manifestVariant
	)
	seen := map[string]bool{}
	for _, v := range s.Variants {
		switch {
		case seen[v.Token]:
			return nil, nil, fmt.Errorf("two variants share the token %q", v.Token)
		case slices.ContainsFunc(pages, func(p manifestPage) bool { return p.Name == v.Token }):
			return nil, nil, fmt.Errorf("a variant's token %q is the name of a page of the site: rename the page", v.Token)
		}
		seen[v.Token] = true
		o := opt
		if o.Reveal = v.Reveal; v.Reveal == nil {
			o.Assessment = &report.Assessment{Token: v.Token}
		}
		p, err := report.RenderPage(v.Notebook, o)
		if err != nil {
			return nil, nil, err
		}
		mv := manifestVariant{Token: v.Token, Page: v.Notebook.Scenario.Name, Source: v.Notebook.Scenario.File}
		for _, f := range variantFiles(v.Token, p.HTML, p.Images) {
			out, mv.Files = append(out, f), append(mv.Files, f.Path)
		}
		list = append(list, mv)
	}
	return out, list, nil
}

// variantFiles are a variant's page and its images as the files of its
// folder dir: a variant page carries no results beside it.
func variantFiles(dir string, page []byte, images []markdown.Image) []publish.File {
	out := []publish.File{{Path: dir + "/" + report.PageFile, Data: page}}
	for _, img := range images {
		out = append(out, publish.File{Path: dir + "/" + img.Path, Data: img.Data})
	}
	return out
}

// mergeVariants is the site's variants after a render of fresh: the old
// ones of the scenarios it does not render variants of, without those
// whose scenario file is gone when clean is set, and the fresh; gone are
// the old ones dropped.
func mergeVariants(old, fresh []manifestVariant, clean bool) (all, gone []manifestVariant) {
	for _, v := range old {
		switch {
		case slices.ContainsFunc(fresh, func(n manifestVariant) bool { return n.Page == v.Page }):
			if !slices.ContainsFunc(fresh, func(n manifestVariant) bool { return n.Token == v.Token }) {
				gone = append(gone, v)
			}
		case clean && !publish.Exists(v.Source):
			gone = append(gone, v)
		default:
			all = append(all, v)
		}
	}
	all = append(all, fresh...)
	slices.SortFunc(all, func(a, b manifestVariant) int { return strings.Compare(a.Token, b.Token) })
	return all, gone
}

// KeyFiles are the teacher's answer keys of the variants, for a folder of
// the teacher's own outside the site, laid out as the site is: each
// variant's page in the teacher's edition at TOKEN/index.html, with its
// images, loading ECharts as the site's pages do (assets/ when copied).
func (s Site) KeyFiles() ([]publish.File, error) {
	opt, out := s.pageOptions()
	opt.PDF, opt.Edition = false, report.Teacher
	for _, v := range s.Variants {
		p, err := report.RenderPage(v.Notebook, opt)
		if err != nil {
			return nil, err
		}
		out = append(out, variantFiles(v.Token, p.HTML, p.Images)...)
	}
	return out, nil
}
