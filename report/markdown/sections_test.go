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

// TestSectionsWithoutAnswers checks that the student's search holds no
// answer's text, and the answer key's holds it.
func TestSectionsWithoutAnswers(t *testing.T) {
	const src = "## D1\n\nHow many partitions?\n\n:::answer\nOne, by the key's hash.\n:::\n"
	for _, key := range []bool{false, true} {
		d := NewDoc()
		d.Key = key
		if _, err := d.HTML(src); err != nil {
			t.Fatal(err)
		}
		var text string
		for _, s := range d.Sections {
			text += s.Text + " "
		}
		if !strings.Contains(text, "How many partitions?") || strings.Contains(text, "by the key's hash") != key {
			t.Errorf("key %v: the sections hold %q", key, text)
		}
	}
}
