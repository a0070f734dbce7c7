package templates

import (
	"encoding/json"
	"io/fs"
	"os"
	"testing"
	"testing/fstest"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// TestFS checks the files the package comment lists; the narratives are
// the kinds', whose own test (report's TestKindTemplates) names each one.
func TestFS(t *testing.T) {
	narratives, err := fs.Glob(FS, "narrative/*.md")
	if err != nil || len(narratives) == 0 {
		t.Fatalf("no narrative templates (%v)", err)
	}
	if err := fstest.TestFS(FS, append([]string{
		"page.html", "index.html", "serve.html", "site.html", "site.css", "search.js", "table.html", "chart.html", "style.css", "charts.js", "reader.js", "scoreboard.html", "icon.html",
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
