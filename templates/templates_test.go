package templates

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"testing/fstest"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
	"github.com/partlab/partlab/internal/testtool"
)

// TestFS checks the files the package comment lists; the narratives are
// the kinds', whose own test (report's TestKindTemplates) names each one.
func TestFS(t *testing.T) {
	narratives, err := fs.Glob(FS, "narrative/*.md")
	if err != nil || len(narratives) == 0 {
		t.Fatalf("no narrative templates (%v)", err)
	}
	if err := fstest.TestFS(FS, append([]string{
		"page.html", "index.html", "serve.html", "site.html", "site.css", "search.js", "table.html", "chart.html", "style.css", "charts.js", "reader.js", "try.js", "scoreboard.html", "icon.html",
		"cells/md.html", "cells/computed.html", "cells/offsets.html",
	}, narratives...)...); err != nil {
		t.Fatal(err)
	}
}

// The embedded build names the ECharts it is made from: the version
// package.json pins.
func TestEChartsVersion(t *testing.T) {
	pkg, err := os.ReadFile("../package.json")
	if err != nil {
		t.Fatal(err)
	}
	var p struct {
		Dependencies map[string]string `json:"dependencies"`
	}
	if err := json.Unmarshal(pkg, &p); err != nil {
		t.Fatal(err)
	}
	if v := EChartsVersion(); v == "" || v != p.Dependencies["echarts"] {
		t.Errorf("EChartsVersion() = %q, want package.json's echarts %q", v, p.Dependencies["echarts"])
	}
}

// TestWasmBuild rebuilds the engine in the page (go generate: wasm/build.go)
// into a temporary directory and compares the bytes with the embedded
// partlab.wasm.gz and wasm_exec.js: the files in the repository are the
// ones their sources and this toolchain make.
func TestWasmBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the WebAssembly build in -short mode")
	}
	goTool, err := exec.LookPath("go")
	testtool.Need(t, "the WebAssembly build needs the go command", err)
	out := t.TempDir()
	cmd := exec.Command(goTool, "run", "build.go", out)
	cmd.Dir = "wasm"
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go run build.go: %v\n%s", err, b)
	}
	for _, f := range []struct {
		name     string
		embedded []byte
	}{
		{"partlab.wasm.gz", Wasm},
		{"wasm_exec.js", wasmExec},
	} {
		got, err := os.ReadFile(filepath.Join(out, f.name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, f.embedded) {
			t.Errorf("templates/wasm/%s (%d bytes) is not what its sources build (%d bytes): run go generate ./templates", f.name, len(f.embedded), len(got))
		}
	}
}
