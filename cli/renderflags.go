package cli

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/partlab/partlab/internal/readfile"
	reportsite "github.com/partlab/partlab/report/site"
)

// echartsEnv names an echarts.min.js, as --echarts does, for every command
// that renders: set once in a shell or a CI job.
const echartsEnv = "PARTLAB_ECHARTS"

// renderFlags say how pages load ECharts and whether the site publishes
// the engine in the page. Every command that renders pages
// (render, the bare run, serve) adds them with addRenderFlags, so they all
// take the same set.
type renderFlags struct {
	self    bool
	cdn     string
	echarts string
	noRun   bool
}

// addRenderFlags defines --self-contained, --cdn, --echarts and --no-run
// on fs.
func addRenderFlags(fs *flag.FlagSet) *renderFlags {
	f := &renderFlags{}
	fs.BoolVar(&f.self, "self-contained", false, "inline ECharts and the results: each page is one file that refers to no other")
	fs.StringVar(&f.cdn, "cdn", "", "load ECharts from `URL` instead of copying it into the site")
	fs.StringVar(&f.echarts, "echarts", "", "copy or inline the ECharts build at `PATH` (an echarts.min.js) instead of the build partlab embeds (default $"+echartsEnv+")")
	fs.BoolVar(&f.noRun, "no-run", false, "publish no engine in the page: no cell recomputes with a reader's own values")
	return f
}

// check finds the flags that exclude each other; it is a usage error.
func (f *renderFlags) check() error {
	switch {
	case f.self && f.cdn != "":
		return usageError{error: errors.New("--self-contained and --cdn exclude each other")}
	case f.echarts != "" && f.cdn != "":
		return usageError{error: errors.New("--echarts and --cdn exclude each other")}
	}
	return nil
}

// site is a site without its notebooks, loading ECharts as the flags say:
// from the CDN, else from --echarts, else from $PARTLAB_ECHARTS, else the
// build partlab embeds.
func (f *renderFlags) site() (reportsite.Site, error) {
	site := reportsite.Site{SelfContained: f.self, CDN: f.cdn, NoRun: f.noRun}
	if site.CDN != "" {
		return site, nil
	}
	path, from := f.echarts, "--echarts"
	if path == "" {
		path, from = os.Getenv(echartsEnv), echartsEnv
	}
	if path == "" {
		return site, nil
	}
	var err error
	if site.ECharts, err = readfile.Read(path, "", reportsite.MaxECharts); err != nil {
		return site, fmt.Errorf("%s: %w", from, err)
	}
	if len(site.ECharts) == 0 {
		return site, fmt.Errorf("%s: %s is empty, not an echarts.min.js", from, path)
	}
	return site, nil
}
