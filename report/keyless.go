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

var keylessKind = newKind(kindSpec[*sim.KeylessResult]{
	title:       "Records without a key",
	narrative:   "keyless.md",
	view:        keylessView,
	text:        keylessText,
	json:        keylessJSON,
	conclusions: keylessConclusions,
})

// keylessKafka is what franz-go's partitioners did on the Kafka engine, nil
// when the cell did not run there.
func keylessKafka(c sim.Computed) *sim.KeylessObserved { return found[*sim.KeylessObserved](c.Kafka) }

// keylessConclusions: even (round robin's largest window is within one
// record per partition), lumpy_short (a sticky partitioner's smallest
// window is lumpier than its largest), and, after a Kafka run,
// kafka_agrees.
func keylessConclusions(_ Notebook, c cell, r *sim.KeylessResult) map[string]bool {
	s := newKeylessStory(r, keylessKafka(c.Computed))
	out := map[string]bool{"even": s.Even, "lumpy_short": s.Lumpy != nil}
	if o := keylessKafka(c.Computed); o != nil {
		out["kafka_agrees"] = o.Agree
	}
	return out
}

// keylessJSON is a keyless cell's entry in results.json: the simulation's
// rows and, after a Kafka run, Kafka's beside them.
func keylessJSON(c cell, r *sim.KeylessResult) any {
	return struct {
		*sim.KeylessResult
		Kafka *sim.KeylessObserved `json:"kafka,omitempty"`
	}{r, keylessKafka(c.Computed)}
}

// keylessView shows each partitioner's counts per window and the spread
// as the window grows; after a Kafka run, the agreement table.
func keylessView(p *pageState, c computation, r *sim.KeylessResult) (any, error) {
	v := newComputedView(p, c, fmt.Sprintf("%s, %d-byte batches of %d-byte values", format.Plural(r.Partitions, "partition"), r.Batch, r.Value))
	v.chart(keylessChart("chart_"+c.ID+"_spread", r))
	v.tables(keylessTable("Records per partition over each window", r.Partitions, r.Rows))
	if o := keylessKafka(c.Computed); o != nil {
		v.tables(keylessTable("On Kafka ("+o.Cluster+"): franz-go's partitioners, counts from the high watermarks", r.Partitions, o.Rows),
			keylessAgreementTable(o))
	}
	return v.done(newKeylessStory(r, keylessKafka(c.Computed)))
}

// keylessTable lists each partitioner's windows: the stick, the counts and
// the spread.
func keylessTable(caption string, partitions int, rows []sim.KeylessRow) table {
	t := table{Caption: caption, Columns: []column{label("partitioner"), num("records"), num("stick"), wide("per partition"),
		num("max"), num("min"), num("empty"), num("max ÷ min")}}
	for _, row := range rows {
		for i, w := range row.Windows {
			t.add(i == 0, row.Partitioner, itoa(w.Records), itoa(row.Stick), strings.Join(format.Ints(w.Counts), " "),
				itoa(w.Max), itoa(w.Min), itoa(w.Empty), spreadWords(w))
		}
	}
	return t
}

// spreadWords is a window's max ÷ min, or a dash when a partition got none.
func spreadWords(w sim.KeylessWindow) string {
	if w.Empty > 0 {
		return "–"
	}
	return format.Fixed(w.Spread)
}

func keylessAgreementTable(o *sim.KeylessObserved) table {
	t := table{Caption: "Simulation and Kafka: what is compared agrees; what depends on a random draw is listed",
		Columns: []column{label("partitioner"), label("figure"), wide("simulation"), wide("kafka"), label("compared")}}
	last := ""
	for _, ch := range o.Checks {
		t.add(ch.Partitioner != last, ch.Partitioner, ch.Figure, ch.Sim, ch.Kafka, verdictWords(ch.Compared, ch.Agrees, "listed"))
		last = ch.Partitioner
	}
	return t
}

// verdictWords is an agreement table's last column: whether a compared
// figure agrees, or listed for one put beside.
func verdictWords(compared, agrees bool, listed string) string {
	switch {
	case !compared:
		return listed
	case agrees:
		return "✓ agrees"
	}
	return "✗ differs"
}

// keylessChart shows max ÷ min against the window, a line per
// partitioner; a window that left a partition empty has no point.
func keylessChart(id string, r *sim.KeylessResult) (chartView, error) {
	l := charts.NewLine()
	l.SetGlobalOptions(chartOptions(id, "records in the window", "max ÷ min", "line")...)
	windows := format.Ints(r.Spec.Windows)
	l.SetXAxis(windows)
	t := table{Columns: []column{num("records")}}
	for _, row := range r.Rows {
		t.Columns = append(t.Columns, num(row.Partitioner))
	}
	for i, w := range windows {
		cells := []string{w}
		for _, row := range r.Rows {
			cells = append(cells, spreadWords(row.Windows[i]))
		}
		t.add(false, cells...)
	}
	for k, row := range r.Rows {
		data := make([]opts.LineData, len(row.Windows))
		for i, w := range row.Windows {
			data[i] = opts.LineData{Value: round2(w.Spread)}
			if w.Empty > 0 {
				data[i].Value = "-"
			}
		}
		l.AddSeries(row.Partitioner, data,
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(k)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor(k), Width: 2}))
	}
	return newChart(id, "Spread of keyless records as the window grows",
		fmt.Sprintf("max ÷ min of the records per partition over the first N records, %s; 1 is even; no point where a partition got none",
			format.Plural(r.Partitions, "partition")), l, t)
}

// A keylessStory is what a keyless cell's numbers say, in the order
// templates/narrative/keyless.md tells it.
type keylessStory struct {
	*sim.KeylessResult
	Smallest, Largest int           // the windows
	Even              bool          // round robin's largest window within one record
	RoundRobin        *keylessLine  // when compared
	Sticky            []keylessLine // the partitioners that stick
	Lumpy             *keylessLine  // the lumpiest short window among them, when lumpier than its long one
	Kafka             *sim.KeylessObserved
	Differs           []sim.KeylessAgreement // compared figures that differ
}

// A keylessLine is one partitioner's smallest and largest windows.
type keylessLine struct {
	Name        string
	Stick       int
	Short, Long sim.KeylessWindow
}

func newKeylessStory(r *sim.KeylessResult, o *sim.KeylessObserved) keylessStory {
	s := keylessStory{KeylessResult: r, Smallest: slices.Min(r.Spec.Windows), Largest: slices.Max(r.Spec.Windows), Kafka: o}
	for _, row := range r.Rows {
		short, _ := row.Window(s.Smallest)
		long, _ := row.Window(s.Largest)
		line := keylessLine{Name: row.Partitioner, Stick: row.Stick, Short: short, Long: long}
		if row.Partitioner == "roundrobin" {
			s.RoundRobin = &line
			s.Even = long.Max-long.Min <= 1
			continue
		}
		s.Sticky = append(s.Sticky, line)
		if lumpier(short, long) && (s.Lumpy == nil || lumpier(short, s.Lumpy.Short)) {
			s.Lumpy = &s.Sticky[len(s.Sticky)-1]
		}
	}
	if s.Lumpy != nil {
		l := *s.Lumpy
		s.Lumpy = &l
	}
	if o != nil {
		for _, ch := range o.Checks {
			if ch.Compared && !ch.Agrees {
				s.Differs = append(s.Differs, ch)
			}
		}
	}
	return s
}

// lumpier reports whether window a is lumpier than b: it left a partition
// empty that b did not, or its spread is larger.
func lumpier(a, b sim.KeylessWindow) bool {
	if a.Empty != b.Empty {
		return a.Empty > b.Empty
	}
	return a.Spread > b.Spread
}

func keylessText(w io.Writer, c cell, r *sim.KeylessResult) {
	fmt.Fprintf(w, "records without a key over %d partitions (%d-byte batches, %d-byte values):\n", r.Partitions, r.Batch, r.Value)
	fmt.Fprintf(w, "  %-10s %8s %6s  %s\n", "partitioner", "records", "stick", "per partition; max/min")
	for _, row := range r.Rows {
		for _, win := range row.Windows {
			fmt.Fprintf(w, "  %-10s %8d %6d  %s; %s\n", row.Partitioner, win.Records, row.Stick, strings.Join(format.Ints(win.Counts), " "), spreadWords(win))
		}
	}
	if o := keylessKafka(c.Computed); o != nil {
		fmt.Fprintf(w, "on kafka (%s), agree: %v\n", o.Cluster, o.Agree)
		for _, ch := range o.Checks {
			mark := "listed"
			if ch.Compared {
				mark = map[bool]string{true: "agrees", false: "DIFFERS"}[ch.Agrees]
			}
			fmt.Fprintf(w, "  %-10s %-30s sim %s, kafka %s: %s\n", ch.Partitioner, ch.Figure, ch.Sim, ch.Kafka, mark)
		}
	}
}
