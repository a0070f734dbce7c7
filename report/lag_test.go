package report

import (
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/sim"
)

// After a Kafka run the lag cell shows Kafka's rows, its agreement folded
// under a summary, and a paragraph that says what was compared and what,
// with a consumer of several partitions, was listed beside; a figure that
// differs is marked and the conclusion kafka_agrees is false.
func TestLagOnKafka(t *testing.T) {
	for _, tc := range []struct {
		name      string
		change    func(rows []sim.LagRow)
		want, not []string
		agrees    bool
	}{
		{name: "agrees", agrees: true,
			want: []string{"On Kafka (kfake).", "All 14 figures compared agree with the model", "With 1 and 3 consumers some consumer owns more than one partition",
				`<details class="fold">`, "Model and Kafka, figure by figure: 14 of 14 compared agree, 4 listed beside", "listed beside, not compared, because"},
			not: []string{"✗ differs"}},
		{name: "differs",
			change: func(rows []sim.LagRow) { rows[2].Total = slices.Clone(rows[2].Total); rows[2].Total[0]++ },
			want:   []string{"13 of the 14 figures compared agree with the model; the others are marked", "✗ differs"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			nb := computed(reporttest.Compute(t, "l.yaml", "title: t\ncells:\n  - lag:\n      id: l\n      partitions: 6\n      rate: 600\n      per_consumer: 250\n      consumers: [1, 3, 6]\n      steps: 4\n"))
			r := nb.Results.All[0].Result.(*sim.LagResult)
			rows := slices.Clone(r.Rows)
			if tc.change != nil {
				tc.change(rows)
			}
			assign, _ := sim.AssignorByName(r.Assignor)
			var owned [][][]int
			for _, c := range r.Spec.Consumers {
				owned = append(owned, assign(r.Partitions, c))
			}
			alsoFound(&nb, 0, func(c *sim.Computed) { c.Kafka = sim.LagCompare("kfake", r, rows, owned) })
			got := page(t, nb, copied)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("the page lacks %q", w)
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("the page says %q", n)
				}
			}
			concl, err := kinds[sim.KindLag].conclusions(nb, nb.cells()[0])
			if err != nil {
				t.Fatal(err)
			}
			if concl["kafka_agrees"] != tc.agrees {
				t.Errorf("kafka_agrees = %v, want %v", concl["kafka_agrees"], tc.agrees)
			}
		})
	}
}
