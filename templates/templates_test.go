package templates

import (
	"testing"
	"testing/fstest"
)

func TestFS(t *testing.T) {
	if err := fstest.TestFS(FS,
		"page.html", "index.html", "table.html", "chart.html", "style.css", "charts.js",
		"cells/md.html", "cells/grid.html", "cells/offsets.html", "cells/unknown.html",
		"narrative/grid.md",
	); err != nil {
		t.Fatal(err)
	}
}
