package markdown

import (
	"context"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/sim"
)

// TestBuiltPerFile runs the loops (issue 27: 25–90 s a cell, and a
// file may hold 64): a 64 KiB value given to a function that makes a
// string 49,000 times, in each of 64 cells. Each is refused once the
// file's texts have taken in maxBuilt bytes, counted, not timed.
func TestBuiltPerFile(t *testing.T) {
	// $s is 64 KiB, two bytes short so that printf's format and println's
	// newline fit too.
	const double = `{{ $s := "ab" }}{{ range 15 }}{{ $s = print $s $s }}{{ end }}{{ $s = slice $s 2 }}`
	for _, call := range []string{"html $s", "print $s", "println $s", "js $s", "urlquery $s", `printf "%s" $s`, "plural 2 $s"} {
		t.Run(call, func(t *testing.T) {
			s := &scenarios.Scenario{}
			for range 64 {
				s.Cells = append(s.Cells, scenarios.Cell{Kind: scenarios.Markdown, Markdown: double + "{{ range 49000 }}{{ $x := " + call + " }}{{ end }}"})
			}
			v := NewVocabulary(context.Background(), s, nil, sim.Results{})
			err := v.Check(s)
			want := "the file's templates build more than 16777216 bytes in all"
			if err == nil || strings.Count(err.Error(), want) != 64 {
				t.Errorf("64 cells of %s: %v\nwant each refused: %s", call, err, want)
			}
			if v.built > maxBuilt {
				t.Errorf("the functions took in %d bytes, past the bound %d", v.built, maxBuilt)
			}
		})
	}
}

// TestBuiltBeforeBuilding refuses a value past maxOutput before the
// function formats it: a grid's worth of a slice, or two 64 KiB strings.
func TestBuiltBeforeBuilding(t *testing.T) {
	built := 0
	b := &budget{ctx: context.Background(), built: &built}
	big := strings.Repeat("x", maxOutput)
	for _, tc := range []struct {
		name string
		run  func() (string, error)
	}{
		{"print", func() (string, error) { return b.funcs()["print"].(func(...any) (string, error))(big, big) }},
		{"html of a long slice", func() (string, error) {
			return b.funcs()["html"].(func(...any) (string, error))(make([]int, 2*maxOutput))
		}},
		{"printf", func() (string, error) { return b.printf("%s%s", big, "y") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := built
			if _, err := tc.run(); err == nil || !strings.Contains(err.Error(), "makes more than 65536 bytes") {
				t.Errorf("%v, want it refused", err)
			}
			if built != before {
				t.Errorf("a refused value was counted: %d bytes", built-before)
			}
		})
	}
}
