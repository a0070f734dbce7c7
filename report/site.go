package report

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"io"
	"regexp"
)

// The site's layout: index.html lists the scenarios; each has a directory
// named after its file with its page and results beside it; ECharts sits in
// assets/ unless pages inline it or load it from a CDN.
//
//	index.html
//	messaging-systems/index.html, results.json, results.csv
//	messaging-systems/messaging-systems.pdf (render --pdf)
//	messaging-systems/img/diagram.png (the images its Markdown names)
//	assets/echarts.min.js
const (
	pageFile    = "index.html"
	jsonFile    = "results.json"
	csvFile     = "results.csv"
	echartsPath = "assets/echarts.min.js"
)

// Site is a set of computed scenarios and how their pages load ECharts.
type Site struct {
	Notebooks []Notebook
	// ECharts is the echarts.min.js the pages use (see FindECharts): copied
	// to assets/, or with SelfContained inlined into every page.
	ECharts []byte
	// SelfContained makes each page one file that refers to no other.
	SelfContained bool
	// CDN, when set, is the URL pages load ECharts from; ECharts is unused.
	CDN string
	// pdf links each page's PDF from its header: WritePrinted prints them.
	pdf bool
}

// A file is one output of a site, relative to its directory.
type file struct {
	path string
	data []byte
}

// pageName is what a scenario's file name may be to name a directory and a
// link as it is.
var pageName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]*$`)

// files renders the whole site in memory, so that nothing is written unless
// every page renders.
func (s Site) files() ([]file, error) {
	opt := Options{PDF: s.pdf}
	var out []file
	switch {
	case s.CDN != "":
		opt.ScriptURL = s.CDN
	case len(s.ECharts) == 0:
		return nil, errors.New("no ECharts script to copy or inline")
	case s.SelfContained:
		opt.Inline = s.ECharts
	default:
		opt.ScriptURL = "../" + echartsPath
		out = append(out, file{echartsPath, s.ECharts})
	}
	seen := map[string]string{}
	var errs []error
	for _, nb := range s.Notebooks {
		name := nb.Scenario.Name
		if !pageName.MatchString(name) {
			errs = append(errs, fmt.Errorf("%s: the file's name %q cannot name a page: use letters, digits, '.', '_' and '-'", nb.Scenario.File, name))
			continue
		}
		if other, ok := seen[name]; ok {
			errs = append(errs, fmt.Errorf("%s and %s would both write %s/: rename one", other, nb.Scenario.File, name))
			continue
		}
		seen[name] = nb.Scenario.File
		page, images, results, table, err := render(nb, opt)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, file{name + "/" + pageFile, page}, file{name + "/" + jsonFile, results}, file{name + "/" + csvFile, table})
		for _, img := range images {
			out = append(out, file{name + "/" + img.path, img.data})
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	var index bytes.Buffer
	if err := Index(&index, s.Notebooks); err != nil {
		return nil, err
	}
	return append(out, file{pageFile, index.Bytes()}), nil
}

// Render renders the whole site in memory: each output by its path
// relative to the site's directory (index.html, NAME/index.html,
// assets/echarts.min.js, …). It is what a server serves without a
// directory.
func (s Site) Render() (map[string][]byte, error) {
	files, err := s.files()
	if err != nil {
		return nil, err
	}
	out := make(map[string][]byte, len(files))
	for _, f := range files {
		out[f.path] = f.data
	}
	return out, nil
}

// render renders one scenario's page, the images it names, its
// results.json and CSV.
func render(nb Notebook, opt Options) (html []byte, images []file, results, table []byte, err error) {
	var j, c bytes.Buffer
	if err := JSON(&j, nb); err != nil {
		return nil, nil, nil, nil, err
	}
	if err := CSV(&c, nb); err != nil {
		return nil, nil, nil, nil, err
	}
	if html, images, err = renderPage(nb, opt); err != nil {
		return nil, nil, nil, nil, err
	}
	return html, images, j.Bytes(), c.Bytes(), nil
}

// dataLinks are a self-contained page's links to its results: data: URLs.
func dataLinks(nb Notebook) (results, table template.URL, err error) {
	var j, c bytes.Buffer
	if err := JSON(&j, nb); err != nil {
		return "", "", err
	}
	if err := CSV(&c, nb); err != nil {
		return "", "", err
	}
	return dataURL("application/json", j.Bytes()), dataURL("text/csv", c.Bytes()), nil
}

// Write renders the site and then publishes it as dir: the whole new site
// replaces the whole old one in one step (see publisher), so a failed or
// killed run leaves dir as it was, and a reader never sees a mix. Files in
// dir that the site does not write are kept. progress gets one line per
// page.
func (s Site) Write(dir string, progress io.Writer) error {
	files, err := s.files()
	if err != nil {
		return err
	}
	return publisher{progress: progress}.publish(dir, files)
}
