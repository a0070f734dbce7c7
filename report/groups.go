package report

import (
	"fmt"
	"io"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

var groupsKind = newKind(kindSpec[*sim.GroupsResult]{
	title:       "Consumer groups reading one topic",
	narrative:   "groups.md",
	view:        groupsView,
	text:        groupsText,
	conclusions: groupsConclusions,
})

// groupsConclusions: every_group_gets_every_record, and queue_and_pubsub
// (that, with a group sharing the topic among members).
func groupsConclusions(_ Notebook, _ cell, r *sim.GroupsResult) map[string]bool {
	s := newGroupsStory(r)
	return map[string]bool{"every_group_gets_every_record": s.Every, "queue_and_pubsub": s.Every && s.Queue}
}

// groupsView shows drill D5: what each consumer group of one topic
// received, and each member's share within its group.
func groupsView(p *pageState, c computation, r *sim.GroupsResult) (any, error) {
	s := newGroupsStory(r)
	v := newComputedView(p, c, fmt.Sprintf("%s assignor, %s of %s, %s",
		r.Assignor, format.Plural(r.Partitions, "partition"), format.Plural(r.Records/max(r.Partitions, 1), "record"), format.Plural(len(r.Groups), "group")))
	t := table{Caption: fmt.Sprintf("What each group received of the topic's %s", format.Plural(r.Records, "record")),
		Columns: []column{label("group"), num("consumers"), num("received"), num("of the topic"), wide("each member's partitions")}}
	for _, g := range r.Groups {
		t.add(false, g.Name, itoa(len(g.Owned)), itoa(g.Received), format.Percent(g.Received, r.Records), owned(g.Owned))
	}
	v.tables(t)
	v.chart(membersChart("chart_"+c.ID+"_members", r))
	return v.done(s)
}

// membersChart stacks each group's members' records: every bar reaches the
// topic's records when every group gets every record.
func membersChart(id string, r *sim.GroupsResult) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "group", "records", "shadow")...)
	names := make([]string, len(r.Groups))
	most := 0
	for i, g := range r.Groups {
		names[i] = g.Name
		most = max(most, len(g.Loads))
	}
	b.SetXAxis(names)
	t := table{Columns: []column{label("group"), label("member"), num("partitions"), num("records")}}
	for _, g := range r.Groups {
		for m, load := range g.Loads {
			t.add(m == 0, g.Name, "member "+itoa(m+1), itoa(len(g.Owned[m])), itoa(load))
		}
	}
	for m := range most {
		data := make([]opts.BarData, len(r.Groups))
		for i, g := range r.Groups {
			data[i] = opts.BarData{Value: "-"}
			if m < len(g.Loads) {
				data[i].Value = g.Loads[m]
			}
		}
		series := []charts.SeriesOpts{
			charts.WithBarChartOpts(opts.BarChart{Stack: "members", BarWidth: "40%"}),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(m)}),
		}
		if m == 0 {
			series = append(series,
				charts.WithMarkLineNameYAxisItemOpts(opts.MarkLineNameYAxisItem{Name: "the topic", YAxis: r.Records}),
				charts.WithMarkLineStyleOpts(opts.MarkLineStyle{
					Symbol:    []string{"none", "none"},
					LineStyle: &opts.LineStyle{Color: idealColor, Type: "dashed", Width: 2},
					Label:     &opts.Label{Show: opts.Bool(true), Position: "insideEndTop", Formatter: "the topic: {c}"},
				}))
		}
		b.AddSeries("member "+itoa(m+1), data, series...)
	}
	return newChart(id, "Records each member of each group reads",
		fmt.Sprintf("stacked by member; the dashed line is the topic's %s", format.Plural(r.Records, "record")), b, t)
}

// A groupsStory is what a groups cell's numbers say, in the order
// templates/narrative/groups.md tells it.
type groupsStory struct {
	*sim.GroupsResult
	Shares []groupShare
	Every  bool // every group received every record
	Queue  bool // some group shares the topic among two or more useful members
}

// A groupShare is one group's share with its members' partition counts.
type groupShare struct {
	sim.GroupsShare
	Counts []int
}

func newGroupsStory(r *sim.GroupsResult) groupsStory {
	s := groupsStory{GroupsResult: r, Every: true}
	for _, g := range r.Groups {
		gs := groupShare{GroupsShare: g}
		useful := 0
		for m, l := range g.Loads {
			gs.Counts = append(gs.Counts, len(g.Owned[m]))
			if l > 0 {
				useful++
			}
		}
		s.Shares = append(s.Shares, gs)
		s.Every = s.Every && g.Received == r.Records
		s.Queue = s.Queue || useful > 1
	}
	return s
}

func groupsText(w io.Writer, c cell, r *sim.GroupsResult) {
	fmt.Fprintf(w, "%d partitions, %d records; %s assignor in every group\n", r.Partitions, r.Records, r.Assignor)
	fmt.Fprintln(w, "group       consumers  received  partitions per member")
	for _, g := range r.Groups {
		fmt.Fprintf(w, "%-10s %10d %9d  %s\n", g.Name, len(g.Owned), g.Received, owned(g.Owned))
	}
}
