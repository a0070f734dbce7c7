// Package site renders a set of computed scenarios as one course site and
// publishes it: the pages (package report), the index, the navigation every
// page shares, the offline search, the sitemap, the manifest that lets a
// render add to the site in the folder, and the PDFs. It is not for what a
// page holds (package report) nor for how files reach the disk (package
// publish).
package site

import (
	"bytes"
	"cmp"
	"errors"
	"io"
	"path"
	"path/filepath"
	"slices"

	"github.com/partlab/partlab/internal/readfile"
	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/markdown"
	"github.com/partlab/partlab/report/publish"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/templates"
)

// The site's layout: index.html lists the scenarios; each has a directory
// named after its file with its page and results beside it; ECharts sits in
// assets/ unless pages inline it or load it from a CDN.
//
//	index.html
//	messaging-systems/index.html, results.json, results.csv, figures.csv
//	messaging-systems/messaging-systems.pdf (render --pdf)
//	messaging-systems/img/diagram.png (the images its Markdown names)
//	assets/echarts.min.js
//	assets/partlab.wasm.gz, partlab.wasm.js, partlab-run.js (see run.go)
const echartsPath = "assets/echarts.min.js"

// MaxECharts bounds the ECharts script a render reads (--echarts,
// PARTLAB_ECHARTS): the whole echarts.min.js is about 1 MB.
const MaxECharts = 16 << 20

// Site is a set of computed scenarios, how their pages load ECharts, and
// the settings of the site they are added to.
type Site struct {
	Notebooks []report.Notebook
	// ECharts is the echarts.min.js the pages use, copied to assets/ or with
	// SelfContained inlined into every page; nil for the build partlab
	// embeds (templates.ECharts).
	ECharts []byte
	// SelfContained makes each page one file that refers to no other.
	SelfContained bool
	// CDN, when set, is the URL pages load ECharts from; ECharts is unused.
	CDN string
	// NoRun leaves the engine in the page out of the site (render
	// --no-run), as site.yaml's run: false does.
	NoRun bool
	// pdf links each page's PDF from its header: WritePrinted prints them.
	pdf bool
	// Variants are students' pages in assessment mode (render --roster),
	// published at their tokens and listed nowhere.
	Variants []Variant
	// Settings are the site's (site.yaml); nil for scenarios.DefaultSite.
	Settings *scenarios.Site
	// Clean makes Write remove the pages of the folder's site whose
	// scenario file is gone.
	Clean bool
	// Withdrawn are scenario files whose own pages the site must not hold
	// (a scenario with variants publishes its students' pages only): a
	// page of one that the folder's site holds is removed.
	Withdrawn []string
	// Edition is whom every page is for: the student (the default) or, for
	// a site of answer keys kept apart from the students' one, the teacher.
	Edition report.Edition
	// Cache, when set, keeps each notebook's rendered page between renders
	// of a site that changes a page at a time (partlab serve): a notebook
	// rendered before, the same *Scenario with the same options, is not
	// rendered again, only its navigation brought up to date.
	Cache *Cache
}

// A Cache holds the pages of the last render of a site by their notebooks'
// scenarios. Its zero value is empty and ready; one render uses it at a
// time.
type Cache struct {
	pages map[*scenarios.Scenario]renderedPage
}

// renderedPage is one notebook's render and the options it had, its
// navigation aside.
type renderedPage struct {
	opt      report.Options
	page     []byte
	data     [][]byte // the report.DataFiles, in their order
	images   []markdown.Image
	sections []markdown.Section
}

// render renders nb's page with opt, or takes it from the cache when the
// notebook and the options but for the navigation are those of the last
// render; next collects the cache for the next render.
func (c *Cache) render(nb report.Notebook, opt report.Options, next map[*scenarios.Scenario]renderedPage) (renderedPage, error) {
	key := opt
	key.Site = report.SiteRegions{}
	if c != nil {
		if r, ok := c.pages[nb.Scenario]; ok && r.opt.ScriptURL == key.ScriptURL && bytes.Equal(r.opt.Inline, key.Inline) && r.opt.PDF == key.PDF && r.opt.Edition == key.Edition && r.opt.RunURL == key.RunURL {
			if page, ok := patch(r.page, opt.Site); ok {
				next[nb.Scenario] = r
				r.page = page
				return r, nil
			}
		}
	}
	r, err := render(nb, opt)
	if err != nil {
		return renderedPage{}, err
	}
	r.opt = key
	next[nb.Scenario] = r
	return r, nil
}

// files renders the whole site in memory, so that nothing is written unless
// every page renders: the notebooks' pages added to old, the manifest of
// the site in the folder, whose pages read reads (nil for none), brought up
// to date.
func (s Site) files(old *manifest, read func(name string) ([]byte, error)) (publish.Build, error) {
	settings := cmp.Or(s.Settings, scenarios.DefaultSite())
	opt, out := s.pageOptions()
	runs := s.runs(settings, s.Notebooks)
	if runs {
		opt.RunURL = "../" + path.Dir(wasmRunPath) + "/"
	}
	named, err := PageNames(s.Notebooks)
	var errs []error
	if err != nil {
		errs = append(errs, err)
	}
	var pages []manifestPage
	var nbs []report.Notebook
	for _, nb := range named {
		p, err := newManifestPage(nb, nil)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		pages, nbs = append(pages, p), append(nbs, nb)
	}
	if len(errs) > 0 {
		return publish.Build{}, errors.Join(errs...)
	}
	if old == nil {
		old = &manifest{}
	}
	all, gone := old.merge(pages, s.Clean, s.Withdrawn)
	nav, err := newNavigation(settings, all)
	if err != nil {
		return publish.Build{}, err
	}
	cached := map[*scenarios.Scenario]renderedPage{}
	for i, nb := range nbs {
		o := opt
		if o.Site, err = nav.regions(pages[i].Name); err != nil {
			return publish.Build{}, err
		}
		r, err := s.Cache.render(nb, o, cached)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		page, images, data, sections := r.page, r.images, r.data, r.sections
		pages[i].Search = pageSearch(pages[i].Name, pages[i].Title, sections)
		dir := pages[i].Name + "/"
		out = append(out, publish.File{Path: dir + report.PageFile, Data: page})
		for j, f := range report.DataFiles() {
			out = append(out, publish.File{Path: dir + f.Name, Data: data[j]})
		}
		for _, img := range images {
			out = append(out, publish.File{Path: dir + img.Path, Data: img.Data})
			pages[i].Files = append(pages[i].Files, dir+img.Path)
		}
		if s.pdf {
			pages[i].Files = append(pages[i].Files, dir+report.PDFFile(pages[i].Name))
		}
	}
	if len(errs) > 0 {
		return publish.Build{}, errors.Join(errs...)
	}
	if s.Cache != nil {
		s.Cache.pages = cached
	}
	all, _ = old.merge(pages, s.Clean, s.Withdrawn) // now with the new pages' search
	nav.pages = sitePages(all, settings.Order)
	rendered := map[string]bool{}
	for _, p := range pages {
		rendered[p.Name] = true
	}
	for _, p := range all {
		if read == nil || rendered[p.Name] {
			continue
		}
		patched, err := nav.patched(p.Name, read)
		if err != nil {
			return publish.Build{}, err
		}
		if patched != nil {
			out = append(out, publish.File{Path: p.Name + "/" + report.PageFile, Data: patched})
		}
	}
	own, err := nav.siteFiles()
	if err != nil {
		return publish.Build{}, err
	}
	out = append(out, own...)
	vfiles, fresh, err := s.variantFiles(opt, all)
	if err != nil {
		return publish.Build{}, err
	}
	out = append(out, vfiles...)
	variants, goneVariants := mergeVariants(old.Variants, fresh, s.Clean)
	m := manifest{Pages: all, Variants: variants}
	for _, f := range own {
		m.Files = append(m.Files, f.Path)
	}
	if len(opt.Inline) == 0 && s.CDN == "" || slices.Contains(old.Files, echartsPath) {
		m.Files = append(m.Files, echartsPath)
	}
	if runs {
		out = append(out, runFiles()...)
		m.Files = append(m.Files, runPaths...)
	}
	m.Files = append(m.Files, publish.ManifestFile)
	slices.Sort(m.Files)
	data, err := m.encode()
	if err != nil {
		return publish.Build{}, err
	}
	out = append(out, publish.File{Path: publish.ManifestFile, Data: data})
	var drop []string
	for _, p := range gone {
		drop = append(drop, p.Files...)
	}
	for _, v := range goneVariants {
		drop = append(drop, v.Files...)
	}
	for _, f := range old.Files {
		if !slices.Contains(m.Files, f) {
			drop = append(drop, f)
		}
	}
	return publish.Build{Files: out, Drop: drop}, nil
}

// pageOptions are how the site's pages load ECharts, and the asset they
// load it from when it is copied.
func (s Site) pageOptions() (report.Options, []publish.File) {
	opt := report.Options{PDF: s.pdf, Edition: s.Edition}
	script := s.ECharts
	if len(script) == 0 {
		script = templates.ECharts
	}
	switch {
	case s.CDN != "":
		opt.ScriptURL = s.CDN
	case s.SelfContained:
		opt.Inline = script
	default:
		opt.ScriptURL = "../" + echartsPath
		return opt, []publish.File{{Path: echartsPath, Data: script}}
	}
	return opt, nil
}

// Render renders the whole site in memory: each output by its path
// relative to the site's directory (index.html, NAME/index.html,
// assets/echarts.min.js, …). It is what a server serves without a
// directory.
func (s Site) Render() (map[string][]byte, error) {
	b, err := s.files(nil, nil)
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(b.Files))
	for _, f := range b.Files {
		out[f.Path] = f.Data
	}
	return out, nil
}

// render renders one scenario's page, the images it names, its prose by
// section and its DataFiles, in their order; the options are the caller's
// to record.
func render(nb report.Notebook, opt report.Options) (renderedPage, error) {
	var data [][]byte
	for _, f := range report.DataFiles() {
		var b bytes.Buffer
		if err := f.Write(&b, nb); err != nil {
			return renderedPage{}, err
		}
		data = append(data, b.Bytes())
	}
	p, err := report.RenderPage(nb, opt)
	if err != nil {
		return renderedPage{}, err
	}
	return renderedPage{page: p.HTML, data: data, images: p.Images, sections: p.Sections}, nil
}

// Write renders the site and then publishes it as dir: the notebooks'
// pages added to the site dir holds (its manifest says which), the index,
// search and manifest rebuilt for them all, the whole new site replacing
// the whole old one in one step (see publisher), so a failed or killed run
// leaves dir as it was, and a reader never sees a mix. With Clean, the
// pages whose scenario file is gone are removed; files in dir that partlab
// did not write are kept. progress gets one line per page.
func (s Site) Write(dir string, progress io.Writer) error {
	return publish.Publisher{Progress: progress}.Update(dir, s.build)
}

// maxOldPage bounds a page of the folder's site that a render reads back to
// bring its navigation up to date: the default --max-output.
const maxOldPage = 256 << 20

// build renders the site over the one in real, the output folder's real
// path, which its manifest describes.
func (s Site) build(real string) (publish.Build, error) {
	old, err := readManifest(real)
	if err != nil {
		return publish.Build{}, err
	}
	return s.files(old, func(name string) ([]byte, error) {
		return readfile.Read(filepath.Join(real, filepath.FromSlash(name)), real, maxOldPage)
	})
}
