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

var orderingKind = newKind(kindSpec[*sim.OrderingResult]{
	title:       "Order across partitions",
	narrative:   "ordering.md",
	view:        orderingView,
	text:        orderingText,
	conclusions: orderingConclusions,
})

// orderingConclusions: per_key_yes_globally_no, Kafka's promise as the
// story states it.
func orderingConclusions(_ Notebook, _ cell, r *sim.OrderingResult) map[string]bool {
	return map[string]bool{"per_key_yes_globally_no": newOrderingStory(r).PerKeyYesGloballyNo()}
}

// orderingView shows Part 3 of the lab: each partition's sequence, the
// out-of-order counter three ways, and, when two partitions are read
// together, the sequence numbers in the order the application sees them.
func orderingView(p *pageState, c computation, r *sim.OrderingResult) (any, error) {
	v := newComputedView(p, c, fmt.Sprintf("%s partitioner, %s under %s written in turn, %s",
		r.Partitioner, format.Plural(r.Records, "record"), format.Plural(r.Keys, "key"), format.Plural(len(r.Logs), "partition")))
	logs := table{Caption: "Each partition's records, in offset order", Columns: []column{label("partition"), num("records"), wide("production sequence"), num("out of order")}}
	for p, log := range r.Logs {
		if len(log) > 0 {
			logs.add(false, format.Partition(p), itoa(len(log)), sequence(log), itoa(r.LogInv[p]))
		}
	}
	v.tables(logs)
	s := newOrderingStory(r)
	checks := table{Caption: "The out-of-order counter, three ways", Columns: []column{label("read"), num("records"), num("out of order"), wide("order seen")}}
	checks.add(false, "each partition on its own", itoa(r.Records), itoa(s.LogInv), "")
	checks.add(false, s.ReadText(), itoa(len(r.Seen)), itoa(r.Inversions), sequence(r.Seen))
	checks.mark()
	checks.add(false, "each key, across the whole stream", itoa(r.Records), itoa(r.KeyInv), "")
	v.tables(checks)
	if len(r.Read) == 2 {
		v.chart(seenChart("chart_"+c.ID+"_seen", r))
	}
	return v.done(s)
}

// seenChart shows the sequence numbers in the order the application sees
// them: the line of each partition climbs, the stream as read zigzags, and
// each place a number is smaller than the one before is marked.
func seenChart(id string, r *sim.OrderingResult) (chartView, error) {
	l := charts.NewLine()
	l.SetGlobalOptions(chartOptions(id, "read position", "sequence", "line")...)
	positions := make([]string, len(r.Seen))
	home := map[int]int{} // sequence number → partition
	for p, log := range r.Logs {
		for _, seq := range log {
			home[seq] = p
		}
	}
	t := table{Columns: []column{num("position"), num("sequence"), label("partition"), label("out of order")}}
	byPartition := make([][]opts.LineData, len(r.Read))
	var inverted []opts.LineData
	for i, seq := range r.Seen {
		positions[i] = itoa(i + 1)
		back := i > 0 && seq < r.Seen[i-1]
		mark := ""
		if back {
			mark = "yes"
		}
		t.add(false, positions[i], itoa(seq), format.Partition(home[seq]), mark)
		for j, p := range r.Read {
			d := opts.LineData{Value: "-"}
			if home[seq] == p {
				d.Value = seq
			}
			byPartition[j] = append(byPartition[j], d)
		}
		d := opts.LineData{Value: "-"}
		if back {
			t.mark()
			d.Value = seq
		}
		inverted = append(inverted, d)
	}
	l.SetXAxis(positions)
	l.AddSeries("as read", points(values(r.Seen, func(seq int) float64 { return float64(seq) })),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: idealColor}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: idealColor, Width: 1}),
		charts.WithLineChartOpts(opts.LineChart{ShowSymbol: opts.Bool(false)}))
	for j, p := range r.Read {
		l.AddSeries(format.Partition(p), byPartition[j],
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(j)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor(j), Width: 2}),
			charts.WithLineChartOpts(opts.LineChart{ConnectNulls: opts.Bool(true), SymbolSize: 7}))
	}
	l.AddSeries("out of order", inverted,
		charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(3)}),
		charts.WithLineStyleOpts(opts.LineStyle{Width: 0}),
		// A triangle pointing down: the number dropped.
		charts.WithLineChartOpts(opts.LineChart{Symbol: "path://M0,0L10,0L5,9Z", SymbolSize: 12}))
	return newChart(id, "Sequence numbers in the order the application sees them",
		fmt.Sprintf("%s and %s read together by two consumers at their own speeds; a red mark is a number smaller than the one before it",
			format.Partition(r.Read[0]), format.Partition(r.Read[1])), l, t)
}

// An orderingStory is what an ordering's numbers say, in the order
// templates/narrative/ordering.md tells it.
type orderingStory struct {
	*sim.OrderingResult
	Partitions int
	LogInv     int   // out of order within the partitions, summed
	Holding    []int // the partitions that hold records
}

func newOrderingStory(r *sim.OrderingResult) orderingStory {
	s := orderingStory{OrderingResult: r, Partitions: len(r.Logs)}
	for p, log := range r.Logs {
		s.LogInv += r.LogInv[p]
		if len(log) > 0 {
			s.Holding = append(s.Holding, p)
		}
	}
	return s
}

// ReadText names the partitions read together: "p0 and p2 read together",
// or "p5 read by one consumer".
// PerKeyYesGloballyNo reports whether the run shows exactly what Kafka
// promises: every partition and every key in order, the stream read from
// two partitions not.
func (s orderingStory) PerKeyYesGloballyNo() bool {
	return s.Inversions > 0 && s.KeyInv == 0 && s.LogInv == 0
}

func (s orderingStory) ReadText() string {
	names, _ := format.List(format.Partitions(s.Read))
	if len(s.Read) == 1 {
		return names + " read by one consumer"
	}
	return names + " read together"
}

// sequence prints sequence numbers as the tables show them: 2, 7, 12.
func sequence(seqs []int) string { return strings.Join(format.Ints(seqs), ", ") }

func orderingText(w io.Writer, c cell, r *sim.OrderingResult) {
	fmt.Fprintf(w, "%d records, %s written in turn, %d partitions (%s):\n", r.Records, format.Plural(r.Keys, "key"), len(r.Logs), r.Partitioner)
	inv := 0
	for p, log := range r.Logs {
		if len(log) > 0 {
			fmt.Fprintf(w, "partition p%d, production seq order: %s\n", p, pyInts(log))
		}
		inv += r.LogInv[p]
	}
	fmt.Fprintf(w, "each partition on its own is in order, out-of-order count: %d\n", inv)
	if len(r.Read) == 2 {
		fmt.Fprintf(w, "now two consumers read p%d and p%d together at different speeds.\n", r.Read[0], r.Read[1])
	}
	fmt.Fprintf(w, "the order the app actually sees: %s\n", pyInts(r.Seen))
	fmt.Fprintf(w, "out-of-order count across the partitions read together: %d\n", r.Inversions)
	fmt.Fprintf(w, "per-key check: every key's own records, across the whole stream, out-of-order count: %d\n", r.KeyInv)
	fmt.Fprintf(w, "partitions holding records (consumers that can work at once): %d\n", r.Useful)
}
