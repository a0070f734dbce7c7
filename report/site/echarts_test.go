package site

import (
	"bytes"
	"compress/gzip"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/templates"
)

// Bounds of the embedded ECharts build, raw and gzip-compressed as a
// static host serves it: a phone downloads and parses every byte before a
// chart draws. The whole echarts.min.js is 1,010 KiB, 327 KiB compressed.
const (
	maxECharts     = 560 << 10
	maxEChartsGzip = 190 << 10
)

// TestEChartsSize bounds the embedded build and checks it defines the
// global echarts the pages' script draws with.
func TestEChartsSize(t *testing.T) {
	var z bytes.Buffer
	w, err := gzip.NewWriterLevel(&z, gzip.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(templates.ECharts); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("the ECharts build: %d bytes, %d gzip-compressed", len(templates.ECharts), z.Len())
	if len(templates.ECharts) > maxECharts {
		t.Errorf("the ECharts build is %d bytes, want at most %d", len(templates.ECharts), maxECharts)
	}
	if z.Len() > maxEChartsGzip {
		t.Errorf("the ECharts build is %d bytes gzip-compressed, want at most %d", z.Len(), maxEChartsGzip)
	}
	if !bytes.Contains(templates.ECharts, []byte("\nvar echarts=")) {
		t.Error("the ECharts build does not define a global echarts")
	}
}

// TestEChartsBuild rebuilds the embedded ECharts build with the bundler
// package-lock.json pins (npm run build:echarts) and compares the bytes:
// the file in the repository is the one its sources make. It needs Node
// and npm ci's node_modules; without them it skips, except in CI.
func TestEChartsBuild(t *testing.T) {
	t.Parallel()
	testtool.Slow(t, "builds ECharts with Node")
	node, err := exec.LookPath("node")
	testtool.Need(t, "the ECharts build needs Node", err)
	_, err = os.Stat(filepath.Join(root, "node_modules", "esbuild", "package.json"))
	testtool.Need(t, "the ECharts build needs esbuild (run npm ci)", err)
	out := filepath.Join(t.TempDir(), "echarts.min.js")
	cmd := exec.Command(node, filepath.Join("templates", "echarts", "build.mjs"), out)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("node templates/echarts/build.mjs: %v\n%s", err, b)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, templates.ECharts) {
		t.Errorf("templates/echarts/echarts.min.js (%d bytes) is not what its sources build (%d bytes): run npm run build:echarts", len(templates.ECharts), len(got))
	}
}
