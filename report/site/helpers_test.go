package site

import (
	"bytes"
	"testing"

	"github.com/partlab/partlab/report"
	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/report/publish"
)

// The site's tests render the scenarios report's tests render, by the same
// names.

// root is the module's root, where scenarios/, node_modules/ and out/ are.
var root = reporttest.Root

const (
	pageFile       = report.PageFile
	breakout, bold = reporttest.Breakout, reporttest.Bold
	maxSectionText = 2 << 10 // package markdown's bound of a section's text
	manifestFile   = publish.ManifestFile
)

type (
	Notebook = report.Notebook
	Options  = report.Options
)

// copied renders pages that load ECharts from assets/, as a site does; a page's
// bytes then do not depend on where the test finds ECharts.
var copied = Options{ScriptURL: "../assets/echarts.min.js"}

func computed(c reporttest.Computed) Notebook {
	return Notebook{Scenario: c.Scenario, Results: c.Results}
}

func notebook(t testing.TB, name, src string) Notebook {
	return computed(reporttest.Compute(t, name, src))
}

func lesson(t testing.TB) Notebook  { return computed(reporttest.Lesson(t)) }
func lab(t testing.TB) Notebook     { return computed(reporttest.Lab(t)) }
func hostile(t testing.TB) Notebook { return computed(reporttest.Hostile(t)) }
func bigGrid(t testing.TB) Notebook { return computed(reporttest.BigGrid(t)) }
func rebalances(t testing.TB) Notebook {
	return computed(reporttest.Rebalances(t))
}

func page(t testing.TB, nb Notebook, opt Options) string {
	t.Helper()
	var buf bytes.Buffer
	if err := report.Page(&buf, nb, opt); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}
