package templates

import (
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
