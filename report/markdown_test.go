package report

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// hostileMarkdown are inputs on which goldmark is superlinear, each
// scenarios.MaxText bytes in paragraphs of maxBlock bytes, the worst the
// bounds let through.
func hostileMarkdown() map[string]string {
	blocks := func(s string) string {
		b := strings.Repeat(s, (maxBlock-2)/len(s)) + "\n\n"
		return strings.Repeat(b, maxOutput/len(b))
	}
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
	}
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
				if _, err := newDoc().html(src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
