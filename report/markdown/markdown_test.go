package markdown

import (
	"context"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"

	// No golden file here: golden gives the test binary the -update flag
	// that go test ./... -update passes to every package.
	_ "github.com/partlab/partlab/internal/golden"
)

// hostileMarkdown are inputs on which goldmark is superlinear, each
// scenarios.MaxText bytes in paragraphs of maxBlock bytes, the worst the
// bounds let through.
func hostileMarkdown() map[string]string {
	blocks := func(s string) string {
		b := strings.Repeat(s, (maxBlock-2)/len(s)) + "\n\n"
		return strings.Repeat(b, maxOutput/len(b))
	}
	repeat := func(s string) string { return strings.Repeat(s, maxOutput/len(s)) }
	return map[string]string{
		"link openers":   blocks("[a]("),
		"images":         blocks("![a]("),
		"brackets":       blocks("["),
		"nested links":   blocks(strings.Repeat("[", 500) + strings.Repeat("]", 500)),
		"emphasis":       blocks("*a_"),
		"stars":          blocks("*"),
		"backticks":      blocks("`a"),
		"quotes":         blocks(strings.Repeat(">", 200) + " a\n"),
		"list items":     blocks("1. "),
		"nested lists":   blocks("- a\n  - b\n    - c\n      - d\n"),
		"reference defs": blocks("[a]: <"),
		// The project's own blocks, which neither nest nor run on.
		"answers":       repeat(":::answer\n\n"),
		"alerts":        repeat("> [!NOTE]\n\n"),
		"nested alerts": blocks(nestedAlerts(80)),
		"answer alerts": repeat(":::answer\n> [!TIP]\n> :::answer\n\n"),
		"predictions":   blocks("{{?0}}{{?"),
	}
}

// nestedAlerts is an alert in an alert, depth deep, as one block.
func nestedAlerts(depth int) string {
	var b strings.Builder
	for i := range depth {
		b.WriteString(strings.Repeat("> ", i+1) + "[!NOTE]\n")
	}
	return b.String()
}

// TestHostileMarkdownFits checks that the hostile inputs are within the
// bounds, so BenchmarkMarkdown measures what an author can submit.
func TestHostileMarkdownFits(t *testing.T) {
	for name, src := range hostileMarkdown() {
		if len(src) > maxOutput || len(src) < maxOutput-maxBlock {
			t.Errorf("%s: %d bytes, want just under %d", name, len(src), maxOutput)
		}
		if err := checkBlocks(src); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := checkBlocks(strings.Repeat("a", maxBlock)); err == nil {
		t.Error("a paragraph over maxBlock passed")
	}
}

// BenchmarkMarkdown converts the hostile inputs: run with -benchtime 1x.
func BenchmarkMarkdown(b *testing.B) {
	hostile := hostileMarkdown()
	for _, name := range slices.Sorted(maps.Keys(hostile)) {
		src := hostile[name]
		b.Run(strings.ReplaceAll(name, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				if _, err := NewDoc().HTML(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestMarkdownExtensions converts the Markdown that authors reach for:
// alerts, footnotes, answers and predictions' inputs, with hostile text
// inside each, which must stay text.
func TestMarkdownExtensions(t *testing.T) {
	predictions := []prediction{
		{Prediction: sim.Prediction{Name: "P1", Question: "same key"}, actual: 8, has: true},
		{Prediction: sim.Prediction{Name: `<b x="1">P2</b>`, Question: `"quoted" & <i>`, You: new(7.5)}, actual: 1.4567, has: true},
	}
	tests := []struct {
		name, src string
		key       bool // the teacher's answer key
		want, not []string
	}{
		{
			name: "note",
			src:  "> [!NOTE]\n> Partitions are **lanes**.\n",
			want: []string{"<div class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n<p>Partitions are <strong>lanes</strong>.</p>\n</div>\n"},
			not:  []string{"<blockquote>", "[!NOTE]"},
		},
		{
			name: "every alert, any case",
			src:  "> [!tip]\n> a\n\n> [!IMPORTANT]\n> b\n\n> [!Warning]\n> c\n\n> [!CAUTION]\n> d\n",
			want: []string{`class="callout callout-tip" role="note">` + "\n<p class=\"callout-title\">Tip</p>", "callout-important", `<p class="callout-title">Warning</p>`, "callout-caution"},
		},
		{
			name: "lazy line and blocks",
			src:  "> [!WARNING]\n> **Trap.** The first line\nruns on.\n>\n> - a list\n\nAfter.\n",
			want: []string{"<p><strong>Trap.</strong> The first line\nruns on.</p>\n<ul>\n<li>a list</li>\n</ul>\n</div>\n<p>After.</p>"},
		},
		{
			name: "not an alert",
			src:  "> [!NOTE] on the same line\n\n> [!ASIDE]\n> b\n\n> plain\n",
			want: []string{"<blockquote>\n<p>[!NOTE] on the same line</p>", "<p>[!ASIDE]\nb</p>", "<p>plain</p>"},
			not:  []string{"callout"},
		},
		{
			name: "hostile text in an alert",
			src:  "> [!CAUTION]\n> a <script>alert(1)</script> <b>tag</b> & [x](javascript:alert(1))\n>\n> <script>alert(2)</script>\n",
			want: []string{"callout-caution", "tag<!-- raw HTML omitted --> &amp; <a href=\"\">x</a>"},
			not:  []string{"<script", "<b>", "javascript:"},
		},
		{
			name: "answer",
			src:  "Key by what?\n\n:::answer\nBy the **order id**.\n\n| a |\n|---|\n| 1 |\n:::\n\nAfter.\n",
			want: []string{"<p>Key by what?</p>\n<details class=\"answer\">\n<summary>Show the answer</summary>\n<p>By the <strong>order id</strong>.</p>\n<table>", "</table>\n</details>\n<p>After.</p>"},
			not:  []string{":::"},
		},
		{
			name: "unclosed answer runs to the end",
			src:  ":::answer\nhidden\n",
			want: []string{"<summary>Show the answer</summary>\n<p>hidden</p>\n</details>\n"},
		},
		{
			name: "hostile text in an answer",
			src:  ":::answer\n<img src=x onerror=alert(1)> <details open>\n\n<div>block</div>\n:::\n",
			want: []string{"<details class=\"answer\">", "<!-- raw HTML omitted -->"},
			not:  []string{"<img", "onerror", "<details open>", "<div>"},
		},
		{
			name: "answers do not nest",
			src:  ":::answer\na\n\n:::answer\nb\n:::\n\nAfter.\n",
			want: []string{"<summary>Show the answer</summary>\n<p>a</p>\n<p>:::answer\nb</p>\n</details>\n<p>After.</p>"},
		},
		{
			name: "an answer names its prediction",
			src:  ":::answer P1\nOne partition.\n:::\n",
			want: []string{"<details class=\"answer\">\n<summary>Show the answer: <code>P1</code></summary>\n<p>One partition.</p>\n</details>\n"},
		},
		{
			name: "the name of a prediction is escaped",
			src:  ":::answer <b x=\"1\">P2</b>\nx\n:::\n",
			key:  true,
			want: []string{"<summary>The answer: <code>&lt;b x=&#34;1&#34;&gt;P2&lt;/b&gt;</code></summary>"},
			not:  []string{"<b"},
		},
		{
			name: "alerts do not nest",
			src:  "> [!NOTE]\n> > [!TIP]\n> > b\n",
			want: []string{"<p class=\"callout-title\">Note</p>\n<blockquote>\n<p>[!TIP]\nb</p>\n</blockquote>\n</div>"},
			not:  []string{"callout-tip"},
		},
		{
			name: "not an answer",
			src:  ":::answers\n::: answer\n",
			want: []string{"<p>:::answers\n::: answer</p>"},
			not:  []string{"<details"},
		},
		{
			name: "footnotes",
			src:  "Stable hashes[^crc] matter.\n\n[^crc]: CRC-32, as the <b>lab</b> uses.\n",
			want: []string{`<sup id="t1-fnref:1"><a href="#t1-fn:1" class="footnote-ref" role="doc-noteref">1</a></sup>`, `<li id="t1-fn:1">`, "CRC-32, as the <!-- raw HTML omitted -->lab<!-- raw HTML omitted --> uses."},
		},
		{
			name: "predictions' inputs",
			src:  "How many? {{?0}} And this? {{?1}}\n",
			want: []string{
				`<p>How many? <label class="predict"><span class="predict-label">P1: same key</span> <input class="prediction" type="number" step="any" inputmode="decimal" data-prediction="P1" aria-label="Your prediction for P1: same key"></label> And this? `,
				`<span class="predict-label">&lt;b x=&#34;1&#34;&gt;P2&lt;/b&gt;: &#34;quoted&#34; &amp; &lt;i&gt;</span>`,
				`data-prediction="&lt;b x=&#34;1&#34;&gt;P2&lt;/b&gt;" aria-label="Your prediction for &lt;b x=&#34;1&#34;&gt;P2&lt;/b&gt;: &#34;quoted&#34; &amp; &lt;i&gt;" placeholder="e.g. 7.5">`,
			},
			not: []string{"<b", "<i>"},
		},
		{
			name: "the key's answers are open",
			src:  ":::answer\nKey by the order id.\n:::\n",
			key:  true,
			want: []string{"<details class=\"answer\" open>\n<summary>The answer</summary>\n<p>Key by the order id.</p>\n</details>\n"},
			not:  []string{"Show the answer"},
		},
		{
			name: "the key prints the figures in place of the inputs",
			src:  "How many? {{?0}} And this? {{?1}}\n",
			key:  true,
			want: []string{
				`<p>How many? <span class="predict"><span class="predict-label">P1: same key</span> <strong class="key-figure" title="The figure of P1: same key">8</strong></span> And this? `,
				`<strong class="key-figure" title="The figure of &lt;b x=&#34;1&#34;&gt;P2&lt;/b&gt;: &#34;quoted&#34; &amp; &lt;i&gt;">1.46</strong>`,
			},
			not: []string{"<input", "<b", "<i>"},
		},
		{
			name: "markers that name no prediction stay text",
			src:  "{{?2}} {{?x}} {{? 0}} `{{?0}}`\n",
			want: []string{"<p>{{?2}} {{?x}} {{? 0}} <code>{{?0}}</code></p>"},
			not:  []string{"<input"},
		},
		{
			name: "raw HTML stays off",
			src:  "<script>alert(1)</script>\n\n<input data-prediction=\"P1\">\n\nText <span onclick=x>y</span>\n",
			want: []string{"<!-- raw HTML omitted -->"},
			not:  []string{"<script", "<input", "<span"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := NewDoc()
			d.predictions, d.Key = predictions, tt.key
			h, err := d.HTML(tt.src)
			if err != nil {
				t.Fatal(err)
			}
			got := string(h)
			for _, want := range tt.want {
				if !strings.Contains(got, want) {
					t.Errorf("the HTML lacks\n%s\ngot\n%s", want, got)
				}
			}
			for _, not := range tt.not {
				if strings.Contains(got, not) {
					t.Errorf("the HTML has %q:\n%s", not, got)
				}
			}
		})
	}
}

// TestAnswerOfNoPrediction: an answer that names no prediction of the
// page is an error that says which there are.
func TestAnswerOfNoPrediction(t *testing.T) {
	d := NewDoc()
	d.predictions = []prediction{{Prediction: sim.Prediction{Name: "P1"}}, {Prediction: sim.Prediction{Name: "P2"}}}
	_, err := d.HTML("Intro.\n\n:::answer throughput\nx\n:::\n")
	if err == nil || err.Error() != `:::answer throughput: no prediction "throughput" (want one of "P1", "P2")` {
		t.Errorf("an answer of no prediction: %v", err)
	}
}

// TestWorkedAnswers: the answers that name a prediction, by name, as their
// Markdown with the template's values printed, without a list item's
// indentation; two of one prediction joined, an answer without a name
// left out.
func TestWorkedAnswers(t *testing.T) {
	s := &scenarios.Scenario{Summary: "A page.", Cells: []scenarios.Cell{
		{Kind: scenarios.Markdown, Markdown: "- **P1.** How many? {{ predict \"P1\" }}\n\n  :::answer P1\n  {{ len \"abc\" }} partitions:\n\n  - one\n    per key\n  :::\n- **P2.** And?\n\n:::answer\nNo name.\n:::\n"},
		{Kind: scenarios.Markdown, Markdown: ":::answer P2\nFirst.\n:::\n\n:::answer P2\n```\ncode\n```\n:::\n\n:::answer P1\nUnclosed, to the end.\n"},
	}}
	v := NewVocabulary(context.Background(), s, nil, sim.Results{})
	v.predictions = []prediction{{Prediction: sim.Prediction{Name: "P1"}}, {Prediction: sim.Prediction{Name: "P2"}}}
	got, err := v.WorkedAnswers(s)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"P1": "3 partitions:\n\n- one\n  per key\n\nUnclosed, to the end.",
		"P2": "First.\n\n```\ncode\n```",
	}
	if !maps.Equal(got, want) {
		t.Errorf("worked answers:\n%q\nwant\n%q", got, want)
	}
}

// TestFootnotesPerText checks that two texts on one page number their
// footnotes apart, so their IDs never collide.
func TestFootnotesPerText(t *testing.T) {
	d := NewDoc()
	var ids []string
	for range 2 {
		h, err := d.HTML("a[^1]\n\n[^1]: note\n")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, regexp.MustCompile(`<li id="([^"]+)"`).FindStringSubmatch(string(h))[1])
	}
	if ids[0] == ids[1] {
		t.Errorf("two texts' footnotes share the id %q", ids[0])
	}
}

// Every function of an author's templates has its line in the reference,
// and no line names a function that is not there.
func TestFuncsDocumented(t *testing.T) {
	funcs := Funcs()
	if len(funcs) != len(funcDocs) {
		t.Errorf("%d functions and %d docs", len(funcs), len(funcDocs))
	}
	for _, f := range funcs {
		if f.Doc == "" {
			t.Errorf("%s has no doc in funcDocs", f.Name)
		}
	}
}

// A caller that changes the format functions it was given changes no
// other caller's: every author's template and narrative has them all.
func TestFormatFuncsAreFresh(t *testing.T) {
	delete(FormatFuncs(), "plural")
	if _, ok := FormatFuncs()["plural"]; !ok {
		t.Error("FormatFuncs() shares its map between callers")
	}
}
