// Package templates holds the report's embedded page layout, stylesheet,
// chart script and the Markdown templates of its generated narrative.
//
// It is for assets only: package report parses these files once and fills
// them with a scenario's results. Nothing here computes or decides; a figure
// never appears in a template as a literal, only as a value the report passes
// in. The files are:
//
//	page.html        one scenario's page: header, contents, cells
//	index.html       the list of every rendered scenario
//	site.html        the regions every page of a site shares: the head's links,
//	                 the navigation with the search box, the footer
//	site.css         the navigation's and search's styles, in site.html's head
//	search.js        the offline search, written into the site's search.js
//	                 after its data (not included in pages)
//	cells/*.html     the templates of the cell kinds: md, offsets, and
//	                 computed.html for every other kind
//	table.html       every table of the report, from rows the report builds
//	chart.html       one chart beside its data table, its ECharts option as
//	                 data (script.chart-option) that charts.js draws
//	icon.html        the default favicon, a data: URL, of a site without one
//	scoreboard.html  a predictions cell: the reader's inputs, verdicts and,
//	                 behind "Show the answer", the figures
//	style.css        the stylesheet, inlined in each page: light and dark
//	                 (prefers-color-scheme), print styles
//	charts.js        draws the charts with ECharts, in the reader's colour
//	                 scheme, once the page is parsed
//	reader.js        keeps and scores the reader's predictions, opens answers
//	                 for print
//	narrative/*.md   text/template Markdown: what a cell's numbers say, one
//	                 per kind (named by its descriptor in package report)
//	serve.html       what partlab serve adds to the pages it serves: the
//	                 live-reload script and the problems overlay
//	echarts/         the ECharts build pages load (echarts.min.js, in ECharts
//	                 embedded below, not in FS), its entry.js and build.mjs,
//	                 which make it with the bundler package-lock.json pins
//
// The .html, .css and .js files are html/template text: style.css,
// charts.js and reader.js are included with {{template}} so that they enter the page as
// trusted template text, never as a value.
package templates

import (
	"bytes"
	"embed"
)

// FS holds the templates at the paths listed in the package comment.
//
//go:embed *.html *.css *.js cells/*.html narrative/*.md
var FS embed.FS

// ECharts is the ECharts build pages load: only the series, components and
// renderers they use, made from package.json's echarts by
// `npm run build:echarts`, so rendering needs neither Node nor node_modules.
//
//go:embed echarts/echarts.min.js
var ECharts []byte

// EChartsVersion is the version of ECharts that the embedded build is made
// from, as its banner names it ("/*! ECharts 5.6.0 …"); partlab version
// prints it.
func EChartsVersion() string {
	rest, ok := bytes.CutPrefix(ECharts, []byte("/*! ECharts "))
	if !ok {
		return ""
	}
	v, _, _ := bytes.Cut(rest, []byte(" "))
	return string(v)
}
