package report

import (
	"bytes"
	"html/template"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/golden"
	"github.com/partlab/partlab/templates"
)

// inlined are the embedded files every page inlines, and the element each
// goes into.
var inlined = []struct{ name, element string }{
	{"style.css", "style"},
	{"charts.js", "script"},
	{"reader.js", "script"},
	{"try.js", "script"},
}

// inlinedAssets returns the files of inlined as a page holds them: each
// file of templates.FS alone, parsed apart from the page's layout and
// executed into its element, which is how html/template writes template
// text there (it elides CSS and JavaScript comments, so the page cannot
// hold the file's own bytes).
func inlinedAssets(t testing.TB) []golden.Asset {
	t.Helper()
	var assets []golden.Asset
	for _, a := range inlined {
		open, end := "<"+a.element+">", "</"+a.element+">"
		tmpl, err := template.New("").ParseFS(templates.FS, a.name)
		if err == nil {
			_, err = tmpl.New("element").Parse(open + `{{template "` + a.name + `"}}` + end)
		}
		var b bytes.Buffer
		if err == nil {
			err = tmpl.ExecuteTemplate(&b, "element", nil)
		}
		if err != nil {
			t.Fatalf("inline %s: %v", a.name, err)
		}
		text := strings.TrimSuffix(strings.TrimPrefix(b.String(), open), end)
		assets = append(assets, golden.Asset{Name: a.name, Text: []byte(text)})
	}
	return assets
}

// withoutAssets is page as its golden holds it: each inlined file replaced
// by a line that names it.
func withoutAssets(t testing.TB, page string) []byte {
	t.Helper()
	b, err := golden.WithoutAssets([]byte(page), inlinedAssets(t))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestInlinedAssets checks once what the page goldens leave out: each
// shipped page holds each embedded asset whole, byte for byte as
// html/template inlines the file, in an element of its own, once.
func TestInlinedAssets(t *testing.T) {
	assets := inlinedAssets(t)
	for _, load := range []func(testing.TB) Notebook{lesson, lab, rebalances} {
		nb := load(t)
		got := page(t, nb, copied)
		for i, a := range assets {
			el := inlined[i].element
			if n := strings.Count(got, "<"+el+">"+string(a.Text)+"</"+el+">"); n != 1 {
				t.Errorf("%s: the page holds %s in a <%s> of its own %d times, want once", nb.Scenario.Name, a.Name, el, n)
			}
		}
	}
}
