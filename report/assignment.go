package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

var assignmentKind = newKind(kindSpec[*sim.AssignmentResult]{
	title:       "Partitions shared among consumers",
	narrative:   "assignment.md",
	view:        assignmentView,
	text:        assignmentText,
	conclusions: assignmentConclusions,
})

// assignmentConclusions: one_owner (every partition has exactly one owner
// in every group) and full (some group has a useful consumer per partition).
func assignmentConclusions(_ Notebook, _ cell, r *sim.AssignmentResult) map[string]bool {
	s := newAssignmentStory(r)
	return map[string]bool{"one_owner": s.OneOwner, "full": s.OneOwner && s.Full}
}

// assignmentView shows drill D2: each group size's share-out of the
// partitions, and the partitions each consumer owns.
func assignmentView(p *pageState, c computation, r *sim.AssignmentResult) (any, error) {
	s := newAssignmentStory(r)
	sizes, _ := format.List(format.Ints(s.Sizes))
	v := newComputedView(p, c, fmt.Sprintf("%s assignor, %s, groups of %s consumers", r.Assignor, format.Plural(r.Partitions, "partition"), sizes))
	t := table{Caption: "Partitions per consumer", Columns: []column{num("consumers"), num("useful"), num("idle"), label("split"), wide("each consumer's partitions")}}
	for _, row := range s.Rows {
		t.add(false, itoa(row.Consumers), itoa(row.Useful), itoa(row.Idle), sequence(row.Counts), owned(row.Owned))
		if row.Idle > 0 {
			t.mark()
		}
	}
	v.tables(t)
	v.chart(ownedChart("chart_"+c.ID+"_owned", s))
	return v.done(s)
}

// ownedChart shows how many partitions each consumer owns, one series per
// group size: bars for the useful consumers, none for the idle ones.
func ownedChart(id string, s assignmentStory) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "consumer", "partitions", "shadow")...)
	most := 0
	for _, row := range s.Rows {
		most = max(most, row.Consumers)
	}
	consumers := make([]string, most)
	for i := range consumers {
		consumers[i] = "c" + itoa(i)
	}
	b.SetXAxis(consumers)
	t := table{Columns: []column{label("consumer")}}
	for _, row := range s.Rows {
		t.Columns = append(t.Columns, num(format.Plural(row.Consumers, "consumer")))
	}
	for i, name := range consumers {
		cells := []string{name}
		for _, row := range s.Rows {
			if i < row.Consumers {
				cells = append(cells, itoa(row.Counts[i]))
			} else {
				cells = append(cells, "")
			}
		}
		t.add(false, cells...)
	}
	for j, row := range s.Rows {
		data := make([]opts.BarData, most)
		for i := range data {
			data[i] = opts.BarData{Value: "-"}
			if i < row.Consumers {
				data[i].Value = row.Counts[i]
			}
		}
		b.AddSeries(format.Plural(row.Consumers, "consumer"), data, charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(j)}))
	}
	return newChart(id, "Partitions each consumer owns",
		fmt.Sprintf("%s, %s assignor; a consumer without a bar owns none and sits idle", format.Plural(s.Partitions, "partition"), s.Assignor), b, t)
}

// An assignmentStory is what an assignment's numbers say, in the order
// templates/narrative/assignment.md tells it.
type assignmentStory struct {
	*sim.AssignmentResult
	Sizes    []int // the group sizes
	Rows     []shareOut
	OneOwner bool // in every group, every partition has exactly one owner
	Full     bool // some group has a useful consumer per partition
	Past     []shareOut
}

// A shareOut is one group size's assignment and how many partitions each
// consumer got, and each useful one.
type shareOut struct {
	sim.AssignmentRow
	Counts, UsefulCounts []int
}

func newAssignmentStory(r *sim.AssignmentResult) assignmentStory {
	s := assignmentStory{AssignmentResult: r, OneOwner: true}
	for _, row := range r.Rows {
		so := shareOut{AssignmentRow: row}
		owners := make([]int, r.Partitions)
		for _, parts := range row.Owned {
			so.Counts = append(so.Counts, len(parts))
			if len(parts) > 0 {
				so.UsefulCounts = append(so.UsefulCounts, len(parts))
			}
			for _, p := range parts {
				owners[p]++
			}
		}
		for _, n := range owners {
			s.OneOwner = s.OneOwner && n == 1
		}
		s.Sizes = append(s.Sizes, row.Consumers)
		s.Rows = append(s.Rows, so)
		s.Full = s.Full || row.Useful == r.Partitions
		if row.Consumers > r.Partitions {
			s.Past = append(s.Past, so)
		}
	}
	return s
}

func assignmentText(w io.Writer, c cell, r *sim.AssignmentResult) {
	fmt.Fprintf(w, "%d partitions, %s assignor\n", r.Partitions, r.Assignor)
	fmt.Fprintln(w, "consumers useful  idle  partitions per consumer")
	for _, row := range r.Rows {
		fmt.Fprintf(w, "%9d %6d %5d  %s\n", row.Consumers, row.Useful, row.Idle, owned(row.Owned))
	}
}

func owned(parts [][]int) string {
	s := make([]string, len(parts))
	for i, p := range parts {
		s[i] = "[" + ints(p) + "]"
	}
	return strings.Join(s, " ")
}
