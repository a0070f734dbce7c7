package report

import (
	"strings"
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
)

func hostile(t testing.TB) Notebook { return computed(reporttest.Hostile(t)) }

// TestEscaping checks that user text is text everywhere on a page: in the
// title, the header, the Markdown and inside the charts' scripts.
func TestEscaping(t *testing.T) {
	nb := hostile(t)
	got := page(t, nb, copied)
	for _, bad := range []string{"<script>alert(", "javascript:", "partlabPwned=1</script>", "<b>"} {
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
		// The lab's cells: a probe key in the spread's tables and chart,
		`<td>&lt;/script&gt;&lt;script&gt;window.partlabPwned=1&lt;/script&gt;</td><td>p`,
		"Of the named keys, &lt;/script&gt;&lt;script&gt;window.partlabPwned=1&lt;/script&gt; goes to p",
		`"name":"\u003c/script\u003e\u003cscript\u003ewindow.partlabPwned=1\u003c/script\u003e ×3"`,
		// a group's name in its tables, chart and narrative,
		`<td>&lt;b&gt;A&lt;/b&gt;</td><td class="num">1</td>`,
		`"data":["\u003cb\u003eA\u003c/b\u003e","B"]`,
		`Every group received every record: &lt;b&gt;A&lt;/b&gt; 200 of 200 and B 200 of 200.`,
		// a prediction's name and question in the scoreboard.
		`<td>&lt;b&gt;P1&lt;/b&gt;</td><td class="wide">&lt;b&gt;bold&lt;/b&gt; question</td>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	// Every <script> the page opens is one the layout (4, and try.js), a
	// chart, a table with controls, their variants or a cell's form open.
	forms := strings.Count(got, `class="try-form"`)
	if forms == 0 {
		t.Error("no cell of the hostile page offers Try your own values")
	}
	charts := strings.Count(got, `<div class="chart"`) + strings.Count(got, `partlab.table(`) + strings.Count(got, `class="variants"`)
	if opened, closed := strings.Count(got, "<script"), strings.Count(got, "</script>"); opened != closed || opened != 5+charts+forms {
		t.Errorf("the page opens %d and closes %d scripts, want %d: the layout's 5 and one per chart, table with controls, variants and form", opened, closed, 5+charts+forms)
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
