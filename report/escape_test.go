package report

import (
	"strings"
	"testing"

	"partlab/sim"
)

// breakout is a label that would end a <script> element and start one of its
// own if a page wrote it into a script unescaped.
const breakout = "</script><script>window.partlabPwned=1</script>"

// hostile is a scenario whose title, summary and Markdown are markup, and
// whose results name a key and a region that would break out of a chart's
// script. Keys and regions come from the engine, so the test renames them in
// the results.
func hostile(t *testing.T) Notebook {
	t.Helper()
	nb := notebook(t, "hostile.yaml", `title: "<script>alert(1)</script>"
summary: "<b>bold</b> {{ .Title }}"
cells:
  - md: |
      <script>alert(2)</script> [x](javascript:alert(3))
  - grid:
      keys: [subscriber, record]
      partitions: [1, 4]
      deviation:
        - {key: record, partitions: 4}
`)
	g := nb.Results[0].(*sim.GridResult)
	rename := func(k sim.Key) sim.Key {
		if k == "record" {
			return breakout
		}
		return k
	}
	for i := range g.Grid.Keys {
		g.Grid.Keys[i] = rename(g.Grid.Keys[i])
	}
	for i := range g.Grid.Deviation {
		g.Grid.Deviation[i].Key = rename(g.Grid.Deviation[i].Key)
	}
	for i := range g.Rows {
		g.Rows[i].Key = rename(g.Rows[i].Key)
		g.Rows[i].Deviation = renameRegion(g.Rows[i].Deviation)
	}
	g.Baseline.Serving = renameRegion(g.Baseline.Serving)
	return nb
}

func renameRegion(rs sim.Regions) sim.Regions {
	out := append(sim.Regions(nil), rs...)
	out[0].Region = breakout
	return out
}

// TestEscaping checks that user text is text everywhere on a page: in the
// title, the header, the Markdown and inside the charts' scripts.
func TestEscaping(t *testing.T) {
	nb := hostile(t)
	got := page(t, nb, copied)
	for _, bad := range []string{"<script>alert(", "javascript:", "partlabPwned=1</script>"} {
		if strings.Contains(got, bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
	for _, want := range []string{
		"<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>",
		"<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>",
		// In the tables the key is text,
		"<td>&lt;/script&gt;&lt;script&gt;window.partlabPwned=1&lt;/script&gt;</td>",
		// and inside a chart's script, a JSON string that cannot end it.
		`\u003c/script\u003e\u003cscript\u003ewindow.partlabPwned=1\u003c/script\u003e`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	// Every <script> the page opens is one the layout or a chart opens.
	charts := strings.Count(got, `<div class="chart"`)
	if opened, closed := strings.Count(got, "<script"), strings.Count(got, "</script>"); opened != closed || opened != 3+charts {
		t.Errorf("the page opens %d and closes %d scripts, want %d: the layout's 3 and one per chart", opened, closed, 3+charts)
	}
}

// TestInlineScript checks that an inlined script cannot end its element
// early: what would, becomes its JS equivalent.
func TestInlineScript(t *testing.T) {
	tests := []struct{ in, want string }{
		{`var s = "</script>";`, `var s = "<\/script>";`},
		{`var s = "</SCRIPT >";`, `var s = "<\/SCRIPT >";`},
		{`/* <!-- */ a < b`, `/* <\!-- */ a < b`},
		{`x = 1 </ 2`, `x = 1 </ 2`},
	}
	for _, tt := range tests {
		if got := string(inlineScript([]byte(tt.in))); got != tt.want {
			t.Errorf("inlineScript(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
