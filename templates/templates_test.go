package templates

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
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

// TestFS checks the files the package comment lists, in FS and in Cells; the narratives are
// the kinds', whose own test (report's TestKindTemplates) names each one.
func TestFS(t *testing.T) {
	narratives, err := fs.Glob(Cells, "narrative/*.md")
	if err != nil || len(narratives) == 0 {
		t.Fatalf("no narrative templates (%v)", err)
	}
	if err := fstest.TestFS(Cells, append([]string{
		"cells/md.html", "cells/computed.html", "cells/offsets.html", "cells/table.html", "cells/chart.html", "cells/scoreboard.html",
	}, narratives...)...); err != nil {
		t.Fatal(err)
	}
	if err := fstest.TestFS(FS, "page.html", "index.html", "serve.html", "site.html", "site.css", "search.js", "style.css", "charts.js", "reader.js", "try.js", "icon.html"); err != nil {
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
	testtool.Slow(t, "builds the WebAssembly module")
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

// TestWasmHoldsNoPage checks that the engine in the page links Cells and
// not FS: a reader who recomputes a cell downloads no second copy of the
// stylesheet and scripts the page already holds.
func TestWasmHoldsNoPage(t *testing.T) {
	z, err := gzip.NewReader(bytes.NewReader(Wasm))
	if err != nil {
		t.Fatal(err)
	}
	module, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"style.css", "charts.js", "reader.js", "try.js", "search.js"} {
		b, err := FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if chunk := b[len(b)/2:][:min(64, len(b)/2)]; bytes.Contains(module, chunk) {
			t.Errorf("the module holds %s (%q)", name, chunk)
		}
	}
	for _, name := range []string{"cells/computed.html", "narrative/grid.md"} {
		if b, err := Cells.ReadFile(name); err != nil || !bytes.Contains(module, b) {
			t.Errorf("the module lacks %s (%v)", name, err)
		}
	}
}
