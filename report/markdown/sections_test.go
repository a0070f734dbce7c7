package markdown

import (
	"strings"
	"testing"
)

// TestSectionBound checks that a section's text is cut at its bound, on a
// word.
func TestSectionBound(t *testing.T) {
	d := NewDoc()
	for range 1000 {
		d.addText([]byte("ceiling partitions "))
	}
	if n := len(d.Sections[0].Text); n > maxSectionText || n < maxSectionText-20 || strings.HasSuffix(d.Sections[0].Text, " ") {
		t.Errorf("a section's text is %d bytes, want at most %d, cut at a word", n, maxSectionText)
	}
}
