package scenarios

import (
	"strings"
	"testing"
)

// TestTextAt checks where the text of md cells and the summary starts, which
// is where renderers place errors found inside that text.
func TestTextAt(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		want Pos
	}{
		{"literal block", "cells:\n  - md: |\n      ## Title\n      text\n", Pos{3, 7}},
		{"folded block after a blank line", "cells:\n  - md: >-\n\n        text\n", Pos{4, 9}},
		{"double quoted", "cells:\n  - md: \"text\"\n", Pos{2, 10}},
		{"single quoted", "cells:\n  - md: 'text'\n", Pos{2, 10}},
		{"plain", "cells:\n  - md: text\n", Pos{2, 9}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Parse(strings.NewReader("title: t\nsummary: |\n  A summary.\n"+tt.yaml), "t.yaml")
			if err != nil {
				t.Fatal(err)
			}
			if got := s.SummaryAt; got != (Pos{3, 3}) {
				t.Errorf("SummaryAt = %v, want {3 3}", got)
			}
			// The scenario's first three lines shift the cells down by three.
			want := Pos{tt.want.Line + 3, tt.want.Col}
			if got := s.Cells[0].TextAt; got != want {
				t.Errorf("TextAt = %v, want %v", got, want)
			}
		})
	}
}
