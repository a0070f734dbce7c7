package report

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	gmtext "github.com/yuin/goldmark/text"

	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// TestDocsKinds checks the docs' words on each kind that the report owns:
// the explanation of the HTML report says what a cell of every kind shows,
// and the authoring guide's list of conclusions in results.json names every
// conclusion a kind draws (some only in a run the shipped scenarios do not
// make, such as measured_close), and none for a kind that draws none.
func TestDocsKinds(t *testing.T) {
	const explanation, authoring = "../docs/explanation/report.md", "../docs/authoring.md"
	page, err := os.ReadFile(explanation)
	if err != nil {
		t.Fatal(err)
	}
	guide, err := os.ReadFile(authoring)
	if err != nil {
		t.Fatal(err)
	}
	listed := docsConclusions(t, authoring, guide)
	drawn := shippedConclusions(t)
	for _, k := range scenarios.Kinds() {
		if !strings.Contains(string(page), "`"+string(k)+"`") {
			t.Errorf("%s does not say what a %s cell shows", explanation, k)
		}
		if (kinds[k].conclusions != nil) != (len(listed[k]) > 0) {
			t.Errorf("%s: the conclusions of %s cells are %q, but the kind draws conclusions: %v", authoring, k, listed[k], kinds[k].conclusions != nil)
		}
		for _, name := range drawn[k] {
			if !slices.Contains(listed[k], name) {
				t.Errorf("%s: the conclusions of %s cells lack %s", authoring, k, name)
			}
		}
	}
}

// docsConclusions reads the guide's list of conclusions, the Markdown list
// under its heading "Conclusions" ("- grid: `some_key_keeps_every_row`, …"):
// each kind's names, a family by its name before the @.
func docsConclusions(t *testing.T, file string, text []byte) map[sim.Kind][]string {
	doc := goldmark.DefaultParser().Parse(gmtext.NewReader(text))
	var list *ast.List
	for n := doc.FirstChild(); n != nil && list == nil; n = n.NextSibling() {
		h, ok := n.(*ast.Heading)
		if !ok || string(h.Lines().Value(text)) != "Conclusions" {
			continue
		}
		for m := h.NextSibling(); m != nil && m.Kind() != ast.KindHeading; m = m.NextSibling() {
			if l, ok := m.(*ast.List); ok {
				list = l
				break
			}
		}
	}
	if list == nil {
		t.Fatalf("%s: no list of conclusions under a heading \"Conclusions\"", file)
	}
	out := map[sim.Kind][]string{}
	for item := list.FirstChild(); item != nil; item = item.NextSibling() {
		var entry []byte
		for b := item.FirstChild(); b != nil; b = b.NextSibling() {
			entry = append(entry, b.Lines().Value(text)...)
		}
		kind, names, ok := strings.Cut(string(entry), ":")
		if !ok {
			t.Errorf("%s: conclusions %q name no kind (\"kind: `name`, …\")", file, entry)
		}
		for _, m := range regexp.MustCompile("`([a-z_]+)(?:@[^`]*)?`").FindAllStringSubmatch(names, -1) {
			out[sim.Kind(kind)] = append(out[sim.Kind(kind)], m[1])
		}
	}
	return out
}

// shippedConclusions are the conclusions the shipped scenarios' cells draw,
// by kind, a family by its name before the @.
func shippedConclusions(t *testing.T) map[sim.Kind][]string {
	out := map[sim.Kind][]string{}
	for _, c := range reporttest.Shipped(t) {
		nb := computed(c)
		cs, err := nb.computations()
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if c.conclusions == nil {
				continue
			}
			m, err := c.conclusions(nb, c.cell)
			if err != nil {
				t.Fatal(err)
			}
			for name := range m {
				name, _, _ = strings.Cut(name, "@")
				if !slices.Contains(out[c.Kind], name) {
					out[c.Kind] = append(out[c.Kind], name)
				}
			}
		}
	}
	return out
}
