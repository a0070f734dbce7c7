package report

import (
	"bytes"
	"encoding/base64"
	"html/template"

	"github.com/partlab/partlab/internal/lazyregexp"
)

// This file is the one place of the page core where bytes become trusted
// HTML, JS or a URL for html/template (goldmark's output is trusted in
// package markdown, which converts it). Everything else on a page, chart options included, is a
// plain value that html/template escapes for its context: a title or a label
// of "</script><script>alert(1)</script>" prints as text. Each conversion
// below says why its bytes cannot carry markup an author did not mean.

// cellHTML trusts what a cell's html/template wrote: it was escaped for the
// HTML body context where the page places it.
func cellHTML(b []byte) template.HTML { return template.HTML(b) }

// inputHTML trusts markdown.PredictionInput and markdown.PredictionKey,
// which escape every value they write into the input or the figure.
func inputHTML(s string) template.HTML { return template.HTML(s) }

// scriptEnd matches what would end or confuse a <script> element early.
var scriptEnd = lazyregexp.New(`(?i)</(script)|<!--`)

// inlineScript trusts a vendored script (ECharts from package.json) as the
// text of a <script type="text/plain">, which the browser keeps as raw text
// until charts.js runs it: html/template would escape it as HTML text, which
// raw text never unescapes. It neutralises any "</script" or "<!--" in it,
// which would end or confuse the element early and in JS source can only
// sit inside a string, regexp or comment, where "<\/" and "<\!--" mean the
// same.
func inlineScript(js []byte) template.HTML {
	return template.HTML(scriptEnd.ReplaceAllFunc(js, func(m []byte) []byte {
		if bytes.HasPrefix(m, []byte("<!")) {
			return []byte(`<\!--`)
		}
		return append([]byte(`<\/`), m[2:]...)
	}))
}

// dataURL makes a data: link to a file the report wrote; base64 has no
// character that could leave an attribute.
func dataURL(mime string, b []byte) template.URL {
	return template.URL("data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(b))
}

// fileLink links a file the report writes beside a page, by the name the
// report gave it.
func fileLink(name string) template.URL { return template.URL(name) }
