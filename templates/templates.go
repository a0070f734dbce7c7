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
//	cells/*.html     the templates of the cell kinds (in Cells): md, offsets,
//	                 and computed.html for every other kind; table.html,
//	                 every table of the report, from rows the report builds;
//	                 chart.html, one chart beside its data table, its ECharts
//	                 option as data (script.chart-option) that charts.js
//	                 draws; scoreboard.html, a predictions cell: the reader's
//	                 inputs, verdicts and, behind "Show the answer", the
//	                 figures
//	icon.html        the default favicon, a data: URL, of a site without one
//	style.css        the stylesheet, inlined in each page: light and dark
//	                 (prefers-color-scheme), print styles
//	charts.js        draws the charts with ECharts, in the reader's colour
//	                 scheme, once the page is parsed
//	reader.js        keeps and scores the reader's predictions, opens answers
//	                 for print
//	try.js           a computed cell's "Try your own values" button, which
//	                 loads the site's partlab-run.js when first pressed
//	narrative/*.md   text/template Markdown (in Cells): what a cell's numbers
//	                 say, one per kind (named by its descriptor in package
//	                 report)
//	serve.html       what partlab serve adds to the pages it serves: the
//	                 live-reload script and the problems overlay
//	echarts/         the ECharts build pages load (echarts.min.js, in ECharts
//	                 embedded below, not in FS), its entry.js and build.mjs,
//	                 which make it with the bundler package-lock.json pins
//	wasm/            the engine in the page (Wasm and WasmRun below, not in
//	                 FS): partlab.wasm.gz, made from ../wasm, and Go's
//	                 wasm_exec.js, copied, by build.go (go generate);
//	                 worker.js, loader.js and form.js, which WasmRun puts
//	                 together
//
// The .html, .css and .js files are html/template text: style.css,
// charts.js and reader.js are included with {{template}} so that they enter the page as
// trusted template text, never as a value.
package templates

//go:generate sh -c "cd wasm && go run build.go"

import (
	"bytes"
	"embed"
)

// FS holds the templates of pages and sites at the paths listed in the
// package comment: every file but cells/ and narrative/.
//
//go:embed *.html *.css *.js
var FS embed.FS

// Cells holds the templates of one computed cell, cells/ and narrative/:
// all the engine in the page needs of this package, so that its module
// links no page's stylesheet or scripts.
//
//go:embed cells/*.html narrative/*.md
var Cells embed.FS

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

// Wasm is the engine in the page: the WebAssembly module of package
// ../wasm, gzipped, which "Try your own values" loads when a reader asks
// for it. A site publishes it once under assets/.
//
//go:embed wasm/partlab.wasm.gz
var Wasm []byte

// WasmRun is partlab-run.js, the page's loader of Wasm: the function a
// Blob URL worker is made from (Go's wasm_exec.js, then worker.js),
// window.partlabRun.start (loader.js) and partlabRun.toggle, the form of
// "Try your own values" (form.js).
func WasmRun() []byte {
	var b bytes.Buffer
	b.WriteString("// partlab-run.js: the engine in the page's loader. partlabWorker is the worker's source.\n")
	b.WriteString("(function () {\n\"use strict\";\nfunction partlabWorker() {\n")
	b.Write(wasmExec)
	b.Write(wasmWorker)
	b.WriteString("}\n")
	b.Write(wasmLoader)
	b.Write(wasmForm)
	b.WriteString("})();\n")
	return b.Bytes()
}

// The pieces of WasmRun.
var (
	//go:embed wasm/wasm_exec.js
	wasmExec []byte
	//go:embed wasm/worker.js
	wasmWorker []byte
	//go:embed wasm/loader.js
	wasmLoader []byte
	//go:embed wasm/form.js
	wasmForm []byte
)
