package report

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
)

// A variant page in assessment mode prints none of the figures it grades:
// the cells they come from show their input and no output, and the
// Markdown that prints one of their figures is left out; the questions,
// the student's values and the cells no prediction reads stay.
func TestAssessmentWithholds(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(reporttest.Root, "scenarios", "day-24-partitions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	// 12 partitions: the speedup at C = P prints as 12.00 and the idle count
	// at C = 2P is 12, figures no other cell of the page prints.
	src = strings.Replace(src, "id: ceiling\n      partitions: 8\n", "id: ceiling\n      partitions: 12\n", 1)
	nb := notebook(t, "scenarios/day-24-partitions.yaml", src)
	for _, f := range []struct {
		ref  string
		want float64
	}{{"ceiling.speedup@12", 12}, {"ceiling.idle@24", 12}} {
		if v, err := nb.Results.Figure(f.ref); err != nil || v != f.want {
			t.Fatalf("%s = %v, %v; want %g", f.ref, v, err, f.want)
		}
	}
	full := page(t, nb, copied)
	assess := copied
	assess.Assessment = &Assessment{Token: "t0"}
	html := page(t, nb, assess)
	text := regexp.MustCompile(`<[^>]*>`).ReplaceAllString(html, " ")
	tests := []struct {
		name string
		text string // in the full page, and not in the assessment's
	}{
		{"the speedup at C = P, as the prose prints it", "12.00×"},
		{"the idle count at C = 2P, as the prose prints it", "12 sitting idle"},
		{"the Traps' sentence that prints the speedup", "not a perfect"},
		{"the number to carry", "The number to carry"},
		{"the spread's chart", `id="chart_spread_`},
		{"the ordering's chart", `id="chart_ordering_`},
		{"the ceiling's chart", `id="chart_ceiling`},
		{"the ordering's narrative", "out of order"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(full, tc.text) {
				t.Fatalf("the full page lacks %q: the case checks nothing", tc.text)
			}
			if strings.Contains(html, tc.text) || strings.Contains(text, tc.text) {
				t.Errorf("the assessment page prints %q", tc.text)
			}
		})
	}
	for _, want := range []string{
		"partitions: 12", // the student's values, in the withheld cell's input
		"How many times higher is the throughput?",
		"How many of them end up with no", // P3's question
		"Withheld:",
		"Two separate consumer groups", // a drill no prediction reads
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the assessment page lacks %q", want)
		}
	}
	if n := strings.Count(html, `class="withheld"`); n != 3 {
		t.Errorf("%d cells withheld, want 3 (spread, ceiling, ordering)", n)
	}
}
