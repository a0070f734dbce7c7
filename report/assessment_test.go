package report

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/sim"
)

// day24 is the shipped Day 24 scenario with the ceiling's partition count
// and the source's seed of a variant, as render --roster varies them.
func day24(t *testing.T, partitions int, seed string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(reporttest.Root, "scenarios", "day-24-partitions.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(b), "id: ceiling\n      partitions: 8\n", fmt.Sprintf("id: ceiling\n      partitions: %d\n", partitions), 1)
	src = strings.Replace(src, "seed: 20260218\n", "seed: "+seed+"\n", 1)
	if !strings.Contains(src, fmt.Sprintf("partitions: %d\n      records: 100", partitions)) || !strings.Contains(src, "seed: "+seed) {
		t.Fatal("the Day 24 scenario no longer has the ceiling or the seed the variant sets")
	}
	return src
}

// assessed renders a scenario's full page, its assessment page and the
// assessment page's text without tags.
func assessed(t *testing.T, nb Notebook) (full, html, text string) {
	t.Helper()
	assess := copied
	assess.Assessment = &Assessment{Token: "t0"}
	html = page(t, nb, assess)
	return page(t, nb, copied), html, regexp.MustCompile(`<[^>]*>`).ReplaceAllString(html, " ")
}

// graded are the scoreboard's rows: each prediction's figure as resolved
// and its value for this variant.
func graded(t *testing.T, nb Notebook) []sim.PredictionsScore {
	t.Helper()
	for _, c := range nb.Results.All {
		if r, ok := c.Result.(*sim.PredictionsResult); ok {
			return r.Rows
		}
	}
	t.Fatal("no scoreboard")
	return nil
}

// A variant page in assessment mode prints none of the figures it grades:
// the cells they come from show their input and no output, and the
// Markdown that prints one of their figures is left out; the questions,
// the student's values and the cells no prediction reads stay.
func TestAssessmentWithholds(t *testing.T) {
	// 12 partitions: the speedup at C = P prints as 12.00 and the idle count
	// at C = 2P is 12, figures no other cell of the page prints.
	nb := notebook(t, "scenarios/day-24-partitions.yaml", day24(t, 12, "20260218"))
	for _, f := range []struct {
		ref  string
		want float64
	}{{"ceiling.speedup@12", 12}, {"ceiling.idle@24", 12}} {
		if v, err := nb.Results.Figure(f.ref); err != nil || v != f.want {
			t.Fatalf("%s = %v, %v; want %g", f.ref, v, err, f.want)
		}
	}
	full, html, text := assessed(t, nb)
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

// Every variant of the how-to's example (cells.ceiling.partitions: [6, 8,
// 12], any seed) prints none of the figures its scoreboard grades, as the
// page prints them: the speedup as "8.00×", the idle count as "8 sitting
// idle". P1 and P4 (1 partition, 0 out of order) are the same for every
// variant and are constants every page prints ("1.00× at 1 consumer"), so
// their absence is shown by the withheld cells' count instead: their
// cells, and the Markdown that prints their figures, are left out.
func TestAssessmentVariantsWithhold(t *testing.T) {
	for _, partitions := range []int{6, 8, 12} {
		for _, seed := range []string{"20260218", "7"} {
			t.Run(fmt.Sprintf("P=%d seed=%s", partitions, seed), func(t *testing.T) {
				nb := notebook(t, "scenarios/day-24-partitions.yaml", day24(t, partitions, seed))
				full, html, text := assessed(t, nb)
				if n := strings.Count(html, `class="withheld"`); n != 3 {
					t.Errorf("%d cells withheld, want 3 (spread, ceiling, ordering)", n)
				}
				printed := map[string]func(float64) string{
					"P2": func(v float64) string { return format.Fixed(v) + "×" },
					"P3": func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) + " sitting idle" },
				}
				for _, row := range graded(t, nb) {
					form, ok := printed[row.Name]
					if !ok {
						continue
					}
					if want := float64(partitions); row.Actual != want {
						t.Fatalf("%s (%s) = %g, want %g", row.Name, row.Of, row.Actual, want)
					}
					s := form(row.Actual)
					if !strings.Contains(full, s) {
						t.Fatalf("the full page lacks %s's %q: the case checks nothing", row.Name, s)
					}
					if strings.Contains(html, s) || strings.Contains(text, s) {
						t.Errorf("the assessment page prints %s's figure %s as %q", row.Name, row.Of, s)
					}
				}
			})
		}
	}
}

// A cell computed from a graded cell is withheld with it: a throughput
// cell from a grid prints the grid's loads, so a prediction of the grid's
// most loaded consumer would read its answer off the throughput cell.
func TestAssessmentWithholdsRefs(t *testing.T) {
	src := strings.Replace(day24(t, 8, "20260218"),
		"actual: ordering.key_inversions}\n",
		"actual: ordering.key_inversions}\n        - {name: P5, question: most loaded consumer, actual: skew.max_load@period/8/8}\n", 1)
	nb := notebook(t, "scenarios/day-24-partitions.yaml", src)
	if v, err := nb.Results.Figure("skew.max_load@period/8/8"); err != nil || v != 600 {
		t.Fatalf("skew.max_load@period/8/8 = %v, %v; want 600", v, err)
	}
	full, html, text := assessed(t, nb)
	// The skewed cell's narrative and caption name the grid's max load.
	const s = "0 to 600 records"
	if !strings.Contains(full, s) {
		t.Fatalf("the full page lacks %q: the case checks nothing", s)
	}
	if strings.Contains(text, s) {
		t.Errorf("the assessment page prints %q", s)
	}
	if n := strings.Count(html, `class="withheld"`); n != 5 {
		t.Errorf("%d cells withheld, want 5 (spread, ceiling, ordering, skew, skewed)", n)
	}
}
