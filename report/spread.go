package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

var spreadKind = newKind(kindSpec[*sim.SpreadResult]{
	title:       "Spread of keys over partitions",
	narrative:   "spread.md",
	view:        spreadView,
	text:        spreadText,
	conclusions: spreadConclusions,
})

// spreadConclusions: fixed (the hot key has one home) and crowd (and the
// keys reach every partition).
func spreadConclusions(_ Notebook, _ cell, r *sim.SpreadResult) map[string]bool {
	s := newSpreadStory(r)
	return map[string]bool{"fixed": s.Fixed, "crowd": s.Crowd}
}

// spreadView shows Part 1 of the lab: the keys per partition as a chart
// with its table, where the named keys land, and the hot key's partitions.
func spreadView(p *pageState, c computation, r *sim.SpreadResult) (any, error) {
	v := newComputedView(p, c, fmt.Sprintf("%s partitioner, %s over %s", r.Partitioner, format.Plural(r.Keys, "key"), format.Plural(r.Partitions, "partition")))
	v.chart(spreadChart("chart_"+c.ID+"_spread", r))
	if len(r.Along) > 0 {
		v.chart(alongChart("chart_"+c.ID+"_along", r))
	}
	var ts []table
	if len(r.Probes) > 0 {
		t := table{Caption: "Where the named keys land", Columns: []column{label("key"), label("partition")}}
		for _, pr := range r.Probes {
			t.add(false, pr.Key, format.Partition(pr.Partition))
		}
		ts = append(ts, t)
	}
	if h := r.Hot; h != nil {
		t := table{Caption: "One key, sent again and again", Columns: []column{label("key"), num("sent"), num("partitions"), label("landed in")}}
		t.add(false, h.Key, itoa(h.Sent), itoa(len(h.Partitions)), strings.Join(format.Partitions(h.Partitions), " "))
		ts = append(ts, t)
	}
	v.tables(ts...)
	return v.done(newSpreadStory(r))
}

// probeKeys returns the named keys that land in each partition.
func probeKeys(r *sim.SpreadResult) [][]string {
	at := make([][]string, r.Partitions)
	for _, pr := range r.Probes {
		at[pr.Partition] = append(at[pr.Partition], pr.Key)
	}
	return at
}

// probesAt is probeKeys with the hot key, named with the times it was sent.
func probesAt(r *sim.SpreadResult) [][]string {
	at := probeKeys(r)
	if h := r.Hot; h != nil {
		for _, p := range h.Partitions {
			if i := slices.Index(at[p], h.Key); i >= 0 {
				at[p][i] = fmt.Sprintf("%s ×%d", h.Key, h.Sent)
			} else {
				at[p] = append(at[p], fmt.Sprintf("%s ×%d", h.Key, h.Sent))
			}
		}
	}
	return at
}

// spreadChart shows the keys each partition got, one bar per partition,
// with the named keys that land there written on its bar.
func spreadChart(id string, r *sim.SpreadResult) (chartView, error) {
	b := charts.NewBar()
	// Bars lie down so that each can carry its keys' names.
	b.SetGlobalOptions(append(chartOptions(id, "", "", "shadow"),
		charts.WithXAxisOpts(opts.XAxis{Type: "value", Name: "keys", NameLocation: "middle", NameGap: 28, MinInterval: countInterval("keys")}),
		charts.WithYAxisOpts(opts.YAxis{Type: "category", Inverse: opts.Bool(true)}),
	)...)
	b.SetGlobalOptions(noLegend...)
	names := format.Partitions(itoaRange(r.Partitions))
	b.SetXAxis(names).XYReversal()
	t := table{Columns: []column{label("partition"), num("keys"), wide("named keys")}}
	data := make([]opts.BarData, r.Partitions)
	for p, keys := range probesAt(r) {
		n := r.Records[p]
		data[p] = opts.BarData{Value: n}
		t.add(false, names[p], itoa(n), strings.Join(keys, ", "))
		if len(keys) > 0 {
			t.mark()
			data[p].Name = strings.Join(keys, ", ")
			data[p].ItemStyle = &opts.ItemStyle{Color: keyColor(1)}
			data[p].Label = &opts.Label{Show: opts.Bool(true), Position: "insideLeft", Formatter: "{b}", Color: "#1f2328"}
		}
	}
	b.AddSeries("keys", data, charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(0)}))
	return newChart(id, "Keys per partition",
		fmt.Sprintf("%s, %s(key) mod %d; %d of %d partitions got at least one; a named key's partition is amber and carries its name",
			format.Plural(r.Keys, "key"), r.Partitioner, r.Partitions, r.Covered, r.Partitions), b, t)
}

// alongChart shows the spread against the partition count: the keys of the
// fullest and of the emptiest partition beside the even share, keys ÷ P,
// and how many partitions got a key.
func alongChart(id string, r *sim.SpreadResult) (chartView, error) {
	l := charts.NewLine()
	l.SetGlobalOptions(chartOptions(id, "partitions", "keys per partition", "line")...)
	counts := make([]string, len(r.Along))
	t := table{Columns: []column{num("partitions"), num("fullest"), num("emptiest"), num("even share"), num("partitions with a key")}}
	for i, row := range r.Along {
		counts[i] = itoa(row.Partitions)
		t.add(false, counts[i], itoa(row.Most), itoa(row.Fewest), format.Fixed(row.Share), itoa(row.Covered))
		if row.Partitions == r.Partitions {
			t.mark()
		}
	}
	l.SetXAxis(counts)
	for i, s := range []struct {
		name  string
		value func(sim.SpreadRow) float64
	}{
		{"fullest partition", func(row sim.SpreadRow) float64 { return float64(row.Most) }},
		{"emptiest partition", func(row sim.SpreadRow) float64 { return float64(row.Fewest) }},
	} {
		l.AddSeries(s.name, points(values(r.Along, s.value)),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(i)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor(i), Width: 2}))
	}
	l.AddSeries("even share, keys ÷ P", points(values(r.Along, func(row sim.SpreadRow) float64 { return round2(row.Share) })),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: idealColor}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: idealColor, Width: 2, Type: "dashed"}))
	return newChart(id, "Keys per partition against the partition count",
		fmt.Sprintf("%s, %s(key) mod P; the fullest and the emptiest partition against the even share", format.Plural(r.Keys, "key"), r.Partitioner), l, t)
}

// itoaRange is 0, 1, …, n-1.
func itoaRange(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// A spreadStory is what a spread's numbers say, in the order
// templates/narrative/spread.md tells it.
type spreadStory struct {
	*sim.SpreadResult
	Min, Max int          // keys per partition
	Empty    int          // partitions that got no key
	Shared   []sharedLane // partitions that two or more named keys share
	Fixed    bool         // the hot key landed in exactly one partition
	Crowd    bool         // and the keys reached every partition
	// Along the cell's partition counts: the first and the last count, the
	// widest gap between the fullest and the emptiest partition and where,
	// and the first count at which a partition got no key.
	First, Last *sim.SpreadRow
	Widest      *sim.SpreadRow
	FirstEmpty  *sim.SpreadRow
}

// A sharedLane is a partition and the named keys in it.
type sharedLane struct {
	Partition int
	Keys      []string
}

func newSpreadStory(r *sim.SpreadResult) spreadStory {
	s := spreadStory{SpreadResult: r, Min: slices.Min(r.Records), Max: slices.Max(r.Records), Empty: r.Partitions - r.Covered}
	for p, keys := range probeKeys(r) {
		if len(keys) > 1 {
			s.Shared = append(s.Shared, sharedLane{p, keys})
		}
	}
	s.Fixed = r.Hot != nil && len(r.Hot.Partitions) == 1
	s.Crowd = s.Fixed && r.Covered == r.Partitions
	for i := range r.Along {
		row := &r.Along[i]
		if s.First == nil {
			s.First = row
		}
		s.Last = row
		if s.Widest == nil || row.Most-row.Fewest > s.Widest.Most-s.Widest.Fewest {
			s.Widest = row
		}
		if s.FirstEmpty == nil && row.Covered < row.Partitions {
			s.FirstEmpty = row
		}
	}
	return s
}

func spreadText(w io.Writer, c cell, r *sim.SpreadResult) {
	fmt.Fprintf(w, "%d different keys spread across the %d partitions (%s):\n", r.Keys, r.Partitions, r.Partitioner)
	var head, recs strings.Builder
	for p, n := range r.Records {
		fmt.Fprintf(&head, " %5s", fmt.Sprintf("p%d", p))
		fmt.Fprintf(&recs, " %5d", n)
	}
	fmt.Fprintf(w, "  partition:%s\n  records:  %s\n", head.String(), recs.String())
	fmt.Fprintf(w, "partitions that got at least one key: %d of %d\n", r.Covered, r.Partitions)
	for _, p := range r.Probes {
		fmt.Fprintf(w, "key %s -> partition p%d\n", p.Key, p.Partition)
	}
	if r.Hot != nil {
		fmt.Fprintf(w, "the one key %s, sent %d times, landed in %d partition(s)\n", pyStr(r.Hot.Key), r.Hot.Sent, len(r.Hot.Partitions))
	}
	if len(r.Along) > 0 {
		fmt.Fprintf(w, "partitions  fullest  emptiest  even share  with a key\n")
		for _, row := range r.Along {
			fmt.Fprintf(w, "%10d %8d %9d %11.2f %11d\n", row.Partitions, row.Most, row.Fewest, row.Share, row.Covered)
		}
	}
}
