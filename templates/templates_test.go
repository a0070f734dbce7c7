package templates

import (
	"io/fs"
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
