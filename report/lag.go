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

var lagKind = newKind(kindSpec[*sim.LagResult]{
	title:       "Lag over time",
	narrative:   "lag.md",
	view:        lagView,
	text:        lagText,
	json:        lagJSON,
	conclusions: lagConclusions,
})

// lagKafka is what a real consumer group's steps on the Kafka engine left
// behind, nil when the cell did not run there; lagMeasured is the real run,
// nil when none was asked for.
func lagKafka(c sim.Computed) *sim.LagObserved       { return found[*sim.LagObserved](c.Kafka) }
func lagMeasured(c sim.Computed) *sim.LagMeasurement { return found[*sim.LagMeasurement](c.Measured) }

// lagJSON is a lag cell's entry in results.json: the model and, when a
// real run or the Kafka engine was asked for, their rows beside it.
func lagJSON(c cell, r *sim.LagResult) any {
	return struct {
		*sim.LagResult
		Measured *sim.LagMeasurement `json:"measured,omitempty"`
		Kafka    *sim.LagObserved    `json:"kafka,omitempty"`
	}{r, lagMeasured(c.Computed), lagKafka(c.Computed)}
}

// lagConclusions: hot_caps (the hot key's partition takes more than one
// consumer reads, so no consumer count keeps up) and, with a burst,
// drains (the burst drains at the ceiling's consumer count), and, after a
// Kafka run, kafka_agrees (every compared figure agrees).
func lagConclusions(_ Notebook, c cell, r *sim.LagResult) map[string]bool {
	s := newLagStory(r, lagKafka(c.Computed))
	out := map[string]bool{"hot_caps": s.HotCaps}
	if r.Burst != nil {
		out["drains"] = s.Best.Drain >= 0
	}
	if o := lagKafka(c.Computed); o != nil {
		out["kafka_agrees"] = o.Agree
	}
	return out
}

// lagView shows the group's lag per consumer count, the total lag per step
// as a chart, and each partition's lag per step at the ceiling; after a
// Kafka run, Kafka's rows and, folded, every figure beside the model's.
func lagView(p *pageState, c computation, r *sim.LagResult) (any, error) {
	v := newComputedView(p, c, lagSetting(r))
	v.tables(lagTable(fmt.Sprintf("The group over %s", format.Plural(r.Steps, "step")), r, r.Rows))
	if m := lagMeasured(c.Computed); m != nil {
		v.tables(lagTable("Measured on "+m.Machine+", a read taking "+sim.LagRead.String(), r, m.Rows))
	}
	if o := lagKafka(c.Computed); o != nil {
		v.tables(lagTable("On Kafka ("+o.Cluster+"): a consumer group, step by step, lags from its committed offsets", r, o.Rows))
		v.folded(fmt.Sprintf("Model and Kafka, figure by figure: %d of %d compared agree, %d listed beside", o.Agreeing, o.Compared, len(o.Checks)-o.Compared),
			lagAgreementTable(o))
	}
	v.chart(lagChart("chart_"+c.ID+"_lag", r))
	s := newLagStory(r, lagKafka(c.Computed))
	best := s.Best
	t := table{Caption: fmt.Sprintf("Lag per partition after each step, %s", format.Plural(best.Consumers, "consumer")),
		Columns: []column{num("step")}}
	for p := range r.Partitions {
		t.Columns = append(t.Columns, num(format.Partition(p)))
	}
	for s, lags := range best.Lags {
		t.add(false, append([]string{itoa(s + 1)}, format.Ints(lags)...)...)
		if r.Burst != nil && s+1 == r.Burst.At {
			t.mark()
		}
	}
	v.tables(t)
	return v.done(s)
}

// lagAgreementTable is every figure of every consumer count on both
// engines; the caption says why the figures listed beside are.
func lagAgreementTable(o *sim.LagObserved) table {
	t := table{Caption: "The model and Kafka, figure by figure",
		Columns: []column{num("consumers"), label("figure"), wide("model"), wide("Kafka"), label("compared")}}
	var why []string
	for _, ch := range o.Checks {
		if !ch.Compared && !slices.Contains(why, ch.Why) {
			why = append(why, ch.Why)
		}
	}
	if len(why) > 0 {
		t.Caption += "; listed beside, not compared, because " + strings.Join(why, "; ")
	}
	last := -1
	for _, ch := range o.Checks {
		t.add(ch.Consumers != last, itoa(ch.Consumers), ch.Figure, ch.Sim, ch.Kafka, verdictWords(ch.Compared, ch.Agrees, "listed beside"))
		if ch.Compared && !ch.Agrees {
			t.mark()
		}
		last = ch.Consumers
	}
	return t
}

func lagSetting(r *sim.LagResult) string {
	s := fmt.Sprintf("%s, %s a step", format.Plural(r.Partitions, "partition"), format.Plural(r.Rate, "record"))
	if r.Hot > 0 {
		s += fmt.Sprintf(" (%d%% with the hot key)", r.Hot)
	}
	s += fmt.Sprintf(", %d read per consumer a step, %s assignor", r.PerConsumer, r.Assignor)
	if b := r.Burst; b != nil {
		s += fmt.Sprintf(", a burst of %s at step %d", format.Plural(b.Records, "record"), b.At)
	}
	return s
}

// lagTable is a row per consumer count; the ceiling's is marked.
func lagTable(caption string, r *sim.LagResult, rows []sim.LagRow) table {
	t := table{Caption: caption,
		Columns: []column{num("consumers"), num("idle"), num("largest lag"), label("in"), num("lag at the end")}}
	if r.Burst != nil {
		t.Columns = append(t.Columns, label("burst drained"))
	}
	for _, row := range rows {
		cells := []string{itoa(row.Consumers), itoa(row.Idle), itoa(row.MaxLag), format.Partition(row.MaxPartition), itoa(row.Final)}
		if r.Burst != nil {
			cells = append(cells, drainWords(row.Drain))
		}
		t.add(false, cells...)
		if row.Consumers == r.Ceiling {
			t.mark()
		}
	}
	return t
}

// drainWords is a drain's steps after the burst's, or "not within the
// steps".
func drainWords(d int) string {
	if d < 0 {
		return "not within the steps"
	}
	return format.Plural(d, "step") + " after"
}

// lagChart shows the total lag after each step, a line per consumer count.
func lagChart(id string, r *sim.LagResult) (chartView, error) {
	l := charts.NewLine()
	l.SetGlobalOptions(chartOptions(id, "step", "records behind", "line")...)
	steps := make([]string, r.Steps)
	for s := range steps {
		steps[s] = itoa(s + 1)
	}
	l.SetXAxis(steps)
	t := table{Columns: []column{num("step")}}
	for _, row := range r.Rows {
		t.Columns = append(t.Columns, num(format.Plural(row.Consumers, "consumer")))
	}
	for s := range steps {
		cells := []string{steps[s]}
		for _, row := range r.Rows {
			cells = append(cells, itoa(row.Total[s]))
		}
		t.add(false, cells...)
	}
	for k, row := range r.Rows {
		l.AddSeries(format.Plural(row.Consumers, "consumer"), points(values(row.Total, func(n int) float64 { return float64(n) })),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(k)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor(k), Width: 2}))
	}
	note := "every partition's lag added up, after the step's writes and reads"
	if same := sameLines(r.Rows); len(same) > 0 {
		note += "; " + strings.Join(same, ", ") + " lie on one line"
	}
	if r.Burst != nil {
		note += fmt.Sprintf("; the burst comes at step %d", r.Burst.At)
	}
	return newChart(id, "Records behind, step by step", note, l, t)
}

// sameLines names the consumer counts whose totals step by step are those
// of a smaller count compared, which the chart draws on top of each other:
// "6 and 12 consumers".
func sameLines(rows []sim.LagRow) []string {
	var out []string
	done := map[int]bool{}
	for i, a := range rows {
		if done[i] {
			continue
		}
		counts := []int{a.Consumers}
		for j := i + 1; j < len(rows); j++ {
			if slices.Equal(a.Total, rows[j].Total) {
				counts, done[j] = append(counts, rows[j].Consumers), true
			}
		}
		if len(counts) > 1 {
			s, _ := format.List(counts)
			out = append(out, s+" consumers")
		}
	}
	return out
}

// A lagStory is what a lag cell's numbers say, in the order
// templates/narrative/lag.md tells it.
type lagStory struct {
	*sim.LagResult
	Fewest, Best sim.LagRow // the fewest consumers compared, and the ceiling's row
	Rest         int        // records per step into every other partition, at most
	HotCaps      bool       // partition 0 alone takes more than one consumer reads
	Gain         int        // what partition 0 gains a step on a consumer of its own
	KeepUp       bool       // the ceiling's group ends with no lag
	Wasted       []int      // consumer counts past the ceiling
	Kafka        *sim.LagObserved
	Several      []int // consumer counts on Kafka where a consumer owns more than one partition
}

func newLagStory(r *sim.LagResult, o *sim.LagObserved) lagStory {
	s := lagStory{LagResult: r, Fewest: r.Rows[0], HotCaps: r.HotRate > r.PerConsumer, Kafka: o}
	if o != nil {
		for i, owned := range o.Owned {
			if slices.ContainsFunc(owned, func(ps []int) bool { return len(ps) > 1 }) {
				s.Several = append(s.Several, o.Rows[i].Consumers)
			}
		}
	}
	for _, row := range r.Rows {
		if row.Consumers < s.Fewest.Consumers {
			s.Fewest = row
		}
		if row.Consumers == r.Ceiling {
			s.Best = row
		}
		if row.Consumers > r.Ceiling {
			s.Wasted = append(s.Wasted, row.Consumers)
		}
	}
	for _, n := range r.Written[1:] {
		s.Rest = max(s.Rest, n)
	}
	s.KeepUp = s.Best.Final == 0
	s.Gain = r.HotRate - r.PerConsumer
	return s
}

func lagText(w io.Writer, c cell, r *sim.LagResult) {
	fmt.Fprintf(w, "lag over %d steps: %s\n", r.Steps, lagSetting(r))
	fmt.Fprintf(w, "written per step: %s (hot partition p0: %d)\n", strings.Join(format.Ints(r.Written), " "), r.HotRate)
	lagRowsText(w, r, r.Rows)
	fmt.Fprintf(w, "ceiling: %s\n", format.Plural(r.Ceiling, "consumer"))
	if m := lagMeasured(c.Computed); m != nil {
		fmt.Fprintf(w, "measured on %s:\n", m.Machine)
		lagRowsText(w, r, m.Rows)
	}
	if o := lagKafka(c.Computed); o != nil {
		fmt.Fprintf(w, "on kafka (%s), %d of %d compared figures agree:\n", o.Cluster, o.Agreeing, o.Compared)
		lagRowsText(w, r, o.Rows)
	}
}

func lagRowsText(w io.Writer, r *sim.LagResult, rows []sim.LagRow) {
	for _, row := range rows {
		fmt.Fprintf(w, "  %s: idle %d, largest lag %d in p%d, at the end %d", format.Plural(row.Consumers, "consumer"), row.Idle, row.MaxLag, row.MaxPartition, row.Final)
		if r.Burst != nil {
			fmt.Fprintf(w, ", burst drained: %s", drainWords(row.Drain))
		}
		fmt.Fprintln(w)
	}
}
