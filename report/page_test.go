package report

import (
	"encoding/json"
	"html"
	"regexp"
	"strconv"
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
<li class="toc-4"><a href="#cell-keys">Keys, partitions and consumers: keys</a></li>
<li class="toc-2"><a href="#summary-1">Summary</a></li>`,
		`<h2 id="summary">Summary</h2>`,
		`<h3 id="cell-keys-1">Cell keys</h3>`,
		`<section class="cell cell-grid" id="cell-keys">
<h4 class="cell-title">Keys, partitions and consumers: keys</h4>`,
		`<h2 id="summary-1">Summary</h2>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page lacks\n%s", want)
		}
	}
}

// TestHeaderParams checks that the header names the source's parameters
// that the page's cells use, and only those.
func TestHeaderParams(t *testing.T) {
	tests := []struct {
		name, cells string
		want, not   []string
	}{
		{"a grid reads the records", "  - grid: {id: g, keys: [subscriber], partitions: [2]}\n",
			[]string{"<dt>Seed</dt>", "<dt>Subscribers</dt>", "<dt>Records</dt>"}, nil},
		{"ordering interleaves by the seed", "  - ordering: {id: o, keys: [a, b], records: 10, partitions: 2}\n",
			[]string{"<dt>Seed</dt>"}, []string{"<dt>Subscribers</dt>", "<dt>Periods</dt>"}},
		{"sizing uses nothing of it", "  - sizing: {id: s, target: 60000, per_consumer: 5000}\n",
			nil, []string{`<dl class="params">`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := page(t, notebook(t, "h.yaml", "title: Header\ncells:\n"+tt.cells), copied)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("the header lacks %s", w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("the header shows %s", n)
				}
			}
		})
	}
}

var regionName = regexp.MustCompile(`role="region" aria-label="([^"]*)"`)

// TestRegionNamesUnique checks that no two regions of a shipped page share
// a name, in either edition: a screen reader's list of landmarks tells each
// apart (issue 19: the Day 24 page named ten of them twice or thrice).
func TestRegionNamesUnique(t *testing.T) {
	for name, load := range map[string]func(testing.TB) Notebook{"lesson": lesson, "lab": lab} {
		for _, e := range []Edition{Student, Teacher} {
			opt := copied
			opt.Edition = e
			seen := map[string]bool{}
			for _, m := range regionName.FindAllStringSubmatch(page(t, load(t), opt), -1) {
				if seen[m[1]] {
					t.Errorf("%s, the %s edition: two regions are named %q", name, e, m[1])
				}
				seen[m[1]] = true
			}
			if len(seen) < 2 {
				t.Errorf("%s: %d named regions, want several", name, len(seen))
			}
		}
	}
}

// TestDescription checks the page's meta description: the summary's text
// without its Markdown, escaped for the attribute, cut on a word with an
// ellipsis past maxDescription bytes, and absent without a summary.
func TestDescription(t *testing.T) {
	long := strings.Repeat("partition ", 20)
	tests := []struct {
		name, summary, want string
	}{
		{"none", "", ""},
		{"markdown", `"Keys" & <order>, **one** [partition](https://example.com) each`,
			`<meta name="description" content="&#34;Keys&#34; &amp; , one partition each">`},
		{"long", long, `<meta name="description" content="` + strings.TrimSpace(strings.Repeat("partition ", 15)) + `…">`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "title: Description\n"
			if tt.summary != "" {
				src += "summary: " + strconv.Quote(tt.summary) + "\n"
			}
			src += "cells:\n  - grid: {id: keys, keys: [subscriber], partitions: [2]}\n"
			got := page(t, notebook(t, "d.yaml", src), copied)
			i := strings.Index(got, `<meta name="description"`)
			switch {
			case tt.want == "" && i >= 0:
				t.Errorf("a page without a summary has a description: %s", got[i:i+80])
			case tt.want != "" && !strings.Contains(got, tt.want):
				t.Errorf("want %s in the page; it has %s", tt.want, got[max(i, 0):max(i, 0)+200])
			}
		})
	}
}

var chartOption = regexp.MustCompile(`<script type="application/json" class="chart-option">(.*?)</script>`)

// TestChartsOneGrid checks that every chart of the shipped pages has one
// grid, which its axes use: a second one, which go-echarts adds for each
// WithGridOpts, is drawn by nothing and left the spread chart's plot under
// the empty band the first one kept for a hidden legend.
func TestChartsOneGrid(t *testing.T) {
	for name, load := range map[string]func(testing.TB) Notebook{"lesson": lesson, "lab": lab} {
		options := chartOption.FindAllStringSubmatch(page(t, load(t), copied), -1)
		if len(options) == 0 {
			t.Fatalf("%s: no chart", name)
		}
		for i, m := range options {
			var o struct {
				Grid []json.RawMessage `json:"grid"`
			}
			if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &o); err != nil {
				t.Fatalf("%s: chart %d: %v", name, i, err)
			}
			if len(o.Grid) != 1 {
				t.Errorf("%s: chart %d has %d grids, want 1", name, i, len(o.Grid))
			}
		}
	}
}

// A caller that changes the list of data files it was given changes no
// other caller's.
func TestDataFilesAreFresh(t *testing.T) {
	files := DataFiles()
	files[0].Name = "changed"
	if again := DataFiles(); again[0].Name != JSONFile {
		t.Errorf("DataFiles()[0] = %q after a caller changed its own; want %q", again[0].Name, JSONFile)
	}
}
