package markdown

import (
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

// FuzzMarkdown converts any text with every extension on (GFM, alerts,
// answers, predictions, footnotes): it never panics, converts the same text
// to the same HTML twice, and never lets a script element through. Its
// corpus is under testdata/fuzz/FuzzMarkdown.
func FuzzMarkdown(f *testing.F) {
	for _, seed := range []string{
		"> [!NOTE]\n> a\n\n:::answer\nb\n:::\n",
		"{{?0}} and {{?1}}\n\n[^n]: a note[^n]\n",
		":::answer\n> [!TIP]\n> :::answer\n> > [!NOTE]\n",
		"| a | b |\n|---|---|\n| ![i](img/x.png) | <script>alert(1)</script> |\n",
		"- [ ] task\n  - [x] ~~done~~ https://example.org\n",
	} {
		f.Add(seed)
	}
	predictions := []prediction{{Prediction: sim.Prediction{Name: "P1", Question: "same key"}}, {Prediction: sim.Prediction{Name: "P2", Question: "<i>"}, actual: 8, has: true}}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxOutput {
			return // the text bounds refuse it before goldmark sees it
		}
		convert := func() string {
			d := NewDoc("contents")
			d.predictions = predictions
			html, err := d.HTML(src)
			if err != nil {
				return "error: " + err.Error()
			}
			return string(html)
		}
		first := convert()
		if second := convert(); first != second {
			t.Fatalf("two conversions differ:\n%s\n%s", first, second)
		}
		if strings.Contains(strings.ToLower(first), "<script") {
			t.Fatalf("a script element in the HTML:\n%s", first)
		}
	})
}
