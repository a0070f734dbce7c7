package report

import (
	"fmt"
	"io"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

var repartitionKind = newKind(kindSpec[*sim.RepartitionResult]{
	title:     "Keys that move when partitions grow",
	narrative: "repartition.md",
	view:      repartitionView,
	text:      repartitionText,
})

// repartitionView shows drill D1: the keys a change of partition count
// moves, and what happens to one busy key's order.
func repartitionView(p *pageState, c computation, r *sim.RepartitionResult) (any, error) {
	s := newRepartitionStory(r)
	v := newComputedView(p, c, fmt.Sprintf("%s partitioner, %s keys, %d → %d partitions", r.Partitioner, format.Thousands(r.Keys), r.From, r.To))
	v.chart(movedChart("chart_"+c.ID+"_moved", s))
	busy := table{Caption: "The busy key across the change", Columns: []column{label("key"), label("before"), label("after"),
		num("records before"), num("records after"), num("newer read before older")}}
	busy.add(false, r.Busy, format.Partition(r.BusyFrom), format.Partition(r.BusyTo), itoa(r.Before), itoa(r.After), itoa(r.Exposed))
	v.tables(busy)
	return v.done(s)
}

// movedChart shows how many keys keep their partition and how many move.
func movedChart(id string, s repartitionStory) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "", "keys", "shadow")...)
	b.SetGlobalOptions(noLegend...)
	b.SetXAxis([]string{"stay", "move"})
	t := table{Columns: []column{label("keys"), num("count"), num("share")}}
	t.add(false, "stay", format.Thousands(s.Stayed), format.Short(100-s.SharePct)+"%")
	t.add(false, "move", format.Thousands(s.Moved), format.Short(s.SharePct)+"%")
	t.mark()
	b.AddSeries("keys", []opts.BarData{
		{Value: s.Stayed, ItemStyle: &opts.ItemStyle{Color: keyColor(0)}},
		{Value: s.Moved, ItemStyle: &opts.ItemStyle{Color: keyColor(3)}},
	}, charts.WithBarChartOpts(opts.BarChart{BarWidth: "35%"}))
	return newChart(id, "Keys that keep their partition, and keys that move",
		fmt.Sprintf("%s keys, %s(key) mod %d against mod %d", format.Thousands(s.Keys), s.Partitioner, s.From, s.To), b, t)
}

// A repartitionStory is what a repartition's numbers say, in the order
// templates/narrative/repartition.md tells it.
type repartitionStory struct {
	*sim.RepartitionResult
	Stayed   int
	SharePct float64 // Share, in percent
}

func newRepartitionStory(r *sim.RepartitionResult) repartitionStory {
	return repartitionStory{RepartitionResult: r, Stayed: r.Keys - r.Moved, SharePct: 100 * r.Share}
}

func repartitionText(w io.Writer, c cell, r *sim.RepartitionResult) {
	fmt.Fprintf(w, "%d keys, %d -> %d partitions (%s): %d keys move (%s%%)\n",
		r.Keys, r.From, r.To, r.Partitioner, r.Moved, format.Short(100*r.Share))
	fmt.Fprintf(w, "busy key %s: partition p%d -> p%d; of %d records written after the change, %d can be read before the %d older ones\n",
		r.Busy, r.BusyFrom, r.BusyTo, r.After, r.Exposed, r.Before)
}
