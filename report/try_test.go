package report

import (
	"regexp"
	"slices"
	"testing"
)

// tryForm finds the cells of a page that offer "Try your own values", by
// the id their form carries.
var tryForm = regexp.MustCompile(`<script type="application/json" class="try-form">\{"kind":"[a-z]+","id":"([A-Za-z0-9_]+)"`)

func tried(page string) []string {
	var ids []string
	for _, m := range tryForm.FindAllStringSubmatch(page, -1) {
		ids = append(ids, m[1])
	}
	return ids
}

// TestTryCells checks which cells offer "Try your own values": every
// computation the engine in the page runs, on a page that loads it, but
// for a scoreboard, a cell behind "Show the answer" in the student's
// edition (recomputing it would show the answer), one on the Kafka engine
// and every cell of a page in assessment mode.
func TestTryCells(t *testing.T) {
	kafka := notebook(t, "kafka.yaml", `title: t
cells:
  - grid: {id: plain, keys: [record], partitions: [2]}
  - grid: {id: both, keys: [record], partitions: [2], engine: both}
  - throughput: {id: fromBoth, from: {grid: both, key: record, partitions: 2}}
  - throughput: {id: fromPlain, from: {grid: plain, key: record, partitions: 2}}
`)
	noRun := copied
	noRun.RunURL = ""
	teacher := copied
	teacher.Edition = Teacher
	assess := copied
	assess.Assessment = &Assessment{Token: "t0"}
	tests := []struct {
		name string
		nb   Notebook
		opt  Options
		want []string
	}{
		{"lesson", lesson(t), copied, []string{"keys", "partition0"}},
		{"no engine in the page", lesson(t), noRun, nil},
		{"lab, the student's", lab(t), copied, []string{"spread", "ceiling", "ordering", "skew", "skewed"}},
		{"lab, the teacher's", lab(t), teacher, []string{"spread", "ceiling", "ordering", "skew", "skewed", "grow", "share", "byorder", "global", "sizing", "groups"}},
		{"lab, assessment", lab(t), assess, nil},
		// The Kafka engine's cells have no Observed here, so the
		// form's own check (the spec's engine) is what leaves them out,
		// with the throughput that refers to one.
		{"kafka", kafka, copied, []string{"plain", "fromPlain"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tried(page(t, tt.nb, tt.opt)); !slices.Equal(got, tt.want) {
				t.Errorf("cells with a form: %q, want %q", got, tt.want)
			}
		})
	}
}
