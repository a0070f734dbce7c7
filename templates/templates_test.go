package templates

import (
	"encoding/json"
	"os"
	"testing"
	"testing/fstest"
)

func TestFS(t *testing.T) {
	if err := fstest.TestFS(FS,
		"page.html", "index.html", "serve.html", "site.html", "site.css", "search.js", "table.html", "chart.html", "style.css", "charts.js", "reader.js", "scoreboard.html", "icon.html",
		"cells/md.html", "cells/computed.html", "cells/offsets.html",
		"narrative/grid.md", "narrative/spread.md", "narrative/throughput.md", "narrative/ordering.md",
		"narrative/repartition.md", "narrative/assignment.md", "narrative/groups.md", "narrative/sizing.md",
		"narrative/predictions.md",
	); err != nil {
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
