package site

import (
	"encoding/base64"
	"slices"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/publish"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/templates"
)

// The engine in the page, published once per site beside ECharts: the
// module, gzipped (templates.Wasm), which a page served over http(s)
// fetches; the same bytes as a script, for a page opened from file://,
// which may not fetch a sibling file; and the loader (templates.WasmRun).
// Nothing loads them until a reader asks for it.
//
//	assets/partlab.wasm.gz
//	assets/partlab.wasm.js
//	assets/partlab-run.js
const (
	wasmPath       = "assets/partlab.wasm.gz"
	wasmScriptPath = "assets/partlab.wasm.js"
	wasmRunPath    = "assets/partlab-run.js"
)

// runPaths are the engine's files, in their order in the site.
var runPaths = []string{wasmRunPath, wasmPath, wasmScriptPath}

// runs reports whether the site publishes the engine in the page: some
// notebook has a computed cell, and neither --no-run nor site.yaml's
// run: false leaves it out, nor --self-contained, whose pages refer to no
// other file.
func (s Site) runs(settings *scenarios.Site, nbs []report.Notebook) bool {
	if s.NoRun || !settings.Run || s.SelfContained {
		return false
	}
	return slices.ContainsFunc(nbs, func(nb report.Notebook) bool {
		return slices.ContainsFunc(nb.Scenario.Cells, func(c scenarios.Cell) bool { return c.Kind != scenarios.Markdown })
	})
}

// runFiles are the engine's files: the module as it is, as the script that
// hands its base64 to the loader (window.partlabWasm), and the loader.
func runFiles() []publish.File {
	script := make([]byte, 0, base64.StdEncoding.EncodedLen(len(templates.Wasm))+32)
	script = append(script, "partlabWasm(\""...)
	script = base64.StdEncoding.AppendEncode(script, templates.Wasm)
	script = append(script, "\");\n"...)
	return []publish.File{
		{Path: wasmRunPath, Data: templates.WasmRun()},
		{Path: wasmPath, Data: templates.Wasm},
		{Path: wasmScriptPath, Data: script},
	}
}
