package cli

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/partlab/partlab/internal/testtool"
	reportsite "github.com/partlab/partlab/report/site"
)

// TestPDFWithoutChromium checks that render --pdf without a Chromium on
// PATH says what to install, exits 1 and writes nothing, before computing.
func TestPDFWithoutChromium(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	out := filepath.Join(t.TempDir(), "out")
	var stderr bytes.Buffer
	err := Run(context.Background(), []string{"render", "--pdf", "-o", out, lessonYAML}, &bytes.Buffer{}, &stderr)
	if err == nil || !strings.Contains(err.Error(), "apt-get install chromium") {
		t.Errorf("render --pdf: %v, want an error that says to apt-get install chromium", err)
	}
	if code := exitCode(err); code != 1 {
		t.Errorf("exit status %d, want 1", code)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s exists: %v", out, err)
	}
	if stderr.Len() != 0 {
		t.Errorf("stderr: %q, want nothing before the error", stderr.String())
	}
}

// TestPDFOffline prints a page whose Markdown names an image on a local
// server, and one in a file outside the page's folder: Chromium fetches
// neither during render --pdf, and the PDF is written.
func TestPDFOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the browser test in -short mode")
	}
	_, err := reportsite.FindChromium()
	testtool.Need(t, "the PDF test needs Chromium", err)
	var requests atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		w.Header().Set("Content-Type", "image/png")
	}))
	defer srv.Close()
	dir := scratch(t, map[string]string{
		"remote.yaml": "title: remote image\ncells:\n  - md: |\n      ![r](" + srv.URL + "/x.png) ![s](" + srv.URL + "/y.svg)\n",
	})
	out := filepath.Join(dir, "out")
	if _, stderr, err := partlab(t, "render", "--pdf", "-o", out, filepath.Join(dir, "remote.yaml")); err != nil {
		t.Fatalf("render --pdf: %v\n%s", err, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "remote", "remote.pdf")); err != nil {
		t.Errorf("no PDF: %v", err)
	}
	if n := requests.Load(); n != 0 {
		t.Errorf("the server at %s saw %d requests during render --pdf, want none", srv.URL, n)
	}
}
