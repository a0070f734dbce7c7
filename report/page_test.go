package report

import (
	"strings"
	"testing"
)

// TestContents checks the page's contents: every level 2 and 3 heading and
// every computation, in page order, with anchors that stay unique when two
// cells share a heading or a heading reads like a cell's anchor.
func TestContents(t *testing.T) {
	nb := notebook(t, "c.yaml", `title: Contents
cells:
  - md: |
      ## Summary
      ### Cell keys
  - grid: {id: keys, keys: [subscriber], partitions: [2]}
  - md: |
      ## Summary
`)
	got := page(t, nb, copied)
	for _, want := range []string{
		`<li class="toc-2"><a href="#summary">Summary</a></li>
<li class="toc-3"><a href="#cell-keys-1">Cell keys</a></li>
<li class="toc-3"><a href="#cell-keys">grid keys</a></li>
<li class="toc-2"><a href="#summary-1">Summary</a></li>`,
		`<h2 id="summary">Summary</h2>`,
		`<h3 id="cell-keys-1">Cell keys</h3>`,
		`<section class="cell cell-grid" id="cell-keys">`,
		`<h2 id="summary-1">Summary</h2>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks\n%s", want)
		}
	}
}

// TestIndex checks the index: every scenario's title, summary with its
// template values, parameters and links.
func TestIndex(t *testing.T) {
	var buf strings.Builder
	nb := lesson(t)
	if err := Index(&buf, []Notebook{nb, notebook(t, "other.yaml", "title: Other <i>one</i>\ncells:\n  - md: x\n")}); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{
		`<a href="messaging-systems/index.html">Messaging Systems — partitions, consumers and order</a>`,
		"A seeded meter-reading source of 200 subscribers and\n12 periods",
		"seed 20260218 · 200 subscribers · 12 periods · 2400 records",
		`<a href="messaging-systems/results.json">results.json</a>`,
		`<a href="other/index.html">Other &lt;i&gt;one&lt;/i&gt;</a>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the index lacks %q", want)
		}
	}
}
