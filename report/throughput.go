package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

var throughputKind = newKind(kindSpec[*sim.ThroughputResult]{
	title:       "Speedup as consumers grow",
	narrative:   "throughput.md",
	view:        throughputView,
	text:        throughputText,
	json:        throughputJSON,
	conclusions: throughputConclusions,
})

// throughputMeasured is the cell's real run, nil when none was asked for.
func throughputMeasured(c sim.Computed) *sim.ThroughputMeasurement {
	return found[*sim.ThroughputMeasurement](c.Measured)
}

// throughputConclusions: exact (every count up to P reaches its ideal),
// flat_past_p (consumers past the partition count add nothing) and, when a
// real run was asked for, measured_close.
func throughputConclusions(_ Notebook, c cell, r *sim.ThroughputResult) map[string]bool {
	s := newThroughputStory(r, throughputMeasured(c.Computed))
	out := map[string]bool{"exact": s.Exact, "flat_past_p": s.Past != nil && s.Flat}
	if s.Measured != nil {
		out["measured_close"] = s.Measured.Close
	}
	return out
}

// throughputJSON is a throughput's entry in results.json: the model and,
// when a real run was asked for, the measured rows beside it.
func throughputJSON(c cell, r *sim.ThroughputResult) any {
	return struct {
		*sim.ThroughputResult
		Measured *sim.ThroughputMeasurement `json:"measured,omitempty"`
	}{r, throughputMeasured(c.Computed)}
}

// throughputView shows Part 2 of the lab: the group's time, rate, speedup
// and idle consumers per consumer count, modelled and, when a run was asked
// for, measured; the speedup against the ideal and the ceiling; and, when
// the partitions are not equal, their sizes.
func throughputView(p *pageState, c computation, r *sim.ThroughputResult) (any, error) {
	parts := len(r.Sizes)
	setting := fmt.Sprintf("%s × %s", format.Plural(parts, "partition"), format.Plural(r.Sizes[0], "record"))
	if !equalSizes(r.Sizes) {
		setting = fmt.Sprintf("%s of %d to %s", format.Plural(parts, "partition"), slices.Min(r.Sizes), format.Plural(slices.Max(r.Sizes), "record"))
		if f := r.Spec.From; f != nil {
			setting += fmt.Sprintf(" (grid %s, %s key)", f.Grid, f.Key)
		}
	}
	setting += fmt.Sprintf(", %s ms of work per record", format.Short(r.WorkMS))
	v := newComputedView(p, c, r.Assignor+" assignor, "+setting)
	v.tables(speedTable("Modelled: "+setting, r.Rows, parts))
	if m := throughputMeasured(c.Computed); m != nil {
		v.tables(speedTable("Measured on "+m.Machine, m.Rows, parts))
	}
	v.chart(ceilingChart("chart_"+c.ID+"_speedup", r, throughputMeasured(c.Computed)))
	if !equalSizes(r.Sizes) {
		v.chart(sizesChart("chart_"+c.ID+"_sizes", r))
	}
	return v.done(newThroughputStory(r, throughputMeasured(c.Computed)))
}

// speedTable is the lab's Part 2 table, with the ideal and the most
// loaded consumer's records beside it; the row at C = P is marked.
func speedTable(caption string, rows []sim.ThroughputRow, partitions int) table {
	t := table{Caption: caption, Columns: []column{num("consumers"), num("wall (s)"), num("records/s"), num("speedup"),
		num("ideal min(C, P)"), num("idle"), num("max load")}}
	for _, row := range rows {
		t.add(false, itoa(row.Consumers), format.Fixed(row.WallS), strconv.FormatFloat(row.PerSecond, 'f', 0, 64), format.Fixed(row.Speedup),
			itoa(row.Ideal), itoa(row.Idle), itoa(row.MaxLoad()))
		if row.Consumers == partitions {
			t.mark()
		}
	}
	return t
}

// markLineStyle is a thin dotted mark line with its name at position.
func markLineStyle(position string) charts.SeriesOpts {
	return charts.WithMarkLineStyleOpts(opts.MarkLineStyle{
		Symbol:    []string{"none", "none"},
		LineStyle: &opts.LineStyle{Color: idealColor, Type: "dotted", Width: 1},
		Label:     &opts.Label{Show: opts.Bool(true), Position: position, Formatter: "{b}"},
	})
}

func equalSizes(sizes []int) bool {
	return slices.Min(sizes) == slices.Max(sizes)
}

// ceilingChart shows the speedup against the consumer count beside the
// ideal min(C, P), with the ceiling at P and, when the cell was run for real,
// the measured speedup.
func ceilingChart(id string, r *sim.ThroughputResult, m *sim.ThroughputMeasurement) (chartView, error) {
	parts := len(r.Sizes)
	l := charts.NewLine()
	l.SetGlobalOptions(chartOptions(id, "consumers", "speedup", "line")...)
	counts := make([]string, len(r.Rows))
	for i, row := range r.Rows {
		counts[i] = itoa(row.Consumers)
	}
	l.SetXAxis(counts)
	t := table{Columns: []column{num("consumers"), num("modelled"), num("ideal")}}
	if m != nil {
		t.Columns = append(t.Columns, num("measured"))
	}
	speedup := func(row sim.ThroughputRow) float64 { return round2(row.Speedup) }
	for i, row := range r.Rows {
		cells := []string{counts[i], format.Fixed(row.Speedup), itoa(row.Ideal)}
		if m != nil {
			cells = append(cells, format.Fixed(m.Rows[i].Speedup))
		}
		t.add(false, cells...)
		if row.Consumers == parts {
			t.mark()
		}
	}
	// The modelled line is a wide band with a dot at each count and the
	// ideal dashed inside it, so that both show where they coincide, and
	// each has a solid swatch in the legend. C = P's name stands at the top
	// of its line, the ceiling's under its right end, where no line runs.
	modelled := []charts.SeriesOpts{
		charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(0)}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor(0), Width: 5}),
		charts.WithLineChartOpts(opts.LineChart{Symbol: "circle", SymbolSize: 9}),
	}
	if slices.Contains(counts, itoa(parts)) {
		modelled = append(modelled,
			charts.WithMarkLineNameXAxisItemOpts(opts.MarkLineNameXAxisItem{Name: "C = P", XAxis: itoa(parts)}),
			markLineStyle("end"))
	}
	l.AddSeries("modelled", points(values(r.Rows, speedup)), modelled...)
	l.AddSeries("ideal min(C, P)", points(values(r.Rows, func(row sim.ThroughputRow) float64 { return float64(row.Ideal) })),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: idealColor}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: idealColor, Width: 2, Type: "dashed"}),
		charts.WithLineChartOpts(opts.LineChart{Symbol: "circle", ShowSymbol: opts.Bool(false)}),
		charts.WithMarkLineNameYAxisItemOpts(opts.MarkLineNameYAxisItem{Name: fmt.Sprintf("ceiling: P = %d", parts), YAxis: parts}),
		markLineStyle("insideEndBottom"))
	if m != nil {
		l.AddSeries("measured", points(values(m.Rows, speedup)),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(1)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor(1), Width: 2, Type: "dashed"}))
	}
	note := fmt.Sprintf("%s; the group finishes with its slowest consumer; one consumer reading everything is 1×", format.Plural(parts, "partition"))
	if m != nil {
		note += "; measured on " + m.Machine
	}
	return newChart(id, "Speedup against consumers, and the ceiling at P", note, l, t)
}

// sizesChart shows the records of each partition: what the group's speed
// hangs on when they are not equal.
func sizesChart(id string, r *sim.ThroughputResult) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "partition", "records", "shadow")...)
	b.SetGlobalOptions(noLegend...)
	names := format.Partitions(itoaRange(len(r.Sizes)))
	b.SetXAxis(names)
	t := table{Columns: []column{label("partition"), num("records")}}
	fattest := slices.Max(r.Sizes)
	data := make([]opts.BarData, len(r.Sizes))
	for p, n := range r.Sizes {
		t.add(false, names[p], itoa(n))
		data[p] = opts.BarData{Value: n}
		if n == fattest {
			t.mark()
			data[p].ItemStyle = &opts.ItemStyle{Color: keyColor(3)}
		}
	}
	b.AddSeries("records", data, charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(0)}))
	return newChart(id, "Records per partition",
		fmt.Sprintf("%s in all; the fattest partitions (red) hold %d each, and their consumers set the group's pace", format.Plural(r.Records, "record"), fattest), b, t)
}

// A throughputStory is what a throughput's numbers say, in the order
// templates/narrative/throughput.md tells it.
type throughputStory struct {
	Partitions, Records int
	Equal               bool
	Smallest, Largest   int // records in a partition
	Climb               []sim.ThroughputRow
	Top                 sim.ThroughputRow   // the most consumers up to P
	AtP                 bool                // Top is C = P
	Exact               bool                // every row of Climb reaches its ideal
	Short               []sim.ThroughputRow // rows of Climb short of their ideal
	Past                *sim.ThroughputRow  // the most consumers above P
	Flat                bool                // Past's speedup is Top's
	Measured            *measuredStory
}

// A measuredStory compares the run with the model at Top's consumer count.
type measuredStory struct {
	Machine    string
	Model, Run sim.ThroughputRow
	Apart      float64 // percent, from sim.ThroughputApart
	Close      bool    // within sim.ThroughputMeasuredClose
}

func newThroughputStory(r *sim.ThroughputResult, m *sim.ThroughputMeasurement) throughputStory {
	parts := len(r.Sizes)
	s := throughputStory{Partitions: parts, Records: r.Records, Equal: equalSizes(r.Sizes),
		Smallest: slices.Min(r.Sizes), Largest: slices.Max(r.Sizes), Exact: true}
	top := -1
	for i, row := range r.Rows {
		sr := row
		if row.Consumers > parts {
			if s.Past == nil || row.Consumers > s.Past.Consumers {
				s.Past = &sr
			}
			continue
		}
		s.Climb = append(s.Climb, sr)
		if format.Fixed(row.Speedup) != format.Fixed(float64(row.Ideal)) {
			s.Exact = false
			s.Short = append(s.Short, sr)
		}
		if top < 0 || row.Consumers > r.Rows[top].Consumers {
			top = i
		}
	}
	if top < 0 {
		return s
	}
	s.Top = r.Rows[top]
	s.AtP = s.Top.Consumers == parts
	s.Flat = s.Past != nil && format.Fixed(s.Past.Speedup) == format.Fixed(s.Top.Speedup)
	if m != nil {
		run := m.Rows[top]
		apart := sim.ThroughputApart(s.Top, run)
		s.Measured = &measuredStory{Machine: m.Machine, Model: s.Top, Run: run, Apart: apart, Close: apart <= sim.ThroughputMeasuredClose}
	}
	return s
}

func throughputText(w io.Writer, c cell, r *sim.ThroughputResult) {
	fmt.Fprintf(w, "%d partitions, %s, %d records total, %s ms of work per record.\n",
		len(r.Sizes), sizesText(r.Sizes), r.Records, format.Short(r.WorkMS))
	throughputTable(w, r.Rows, len(r.Sizes))
	if m := throughputMeasured(c.Computed); m != nil {
		fmt.Fprintf(w, "measured on %s:\n", m.Machine)
		throughputTable(w, m.Rows, len(r.Sizes))
	}
}

// sizesText says "100 each" for equal partitions and lists them otherwise.
func sizesText(sizes []int) string {
	for _, n := range sizes {
		if n != sizes[0] {
			return ints(sizes) + " records"
		}
	}
	return fmt.Sprintf("%d records each", sizes[0])
}

func throughputTable(w io.Writer, rows []sim.ThroughputRow, partitions int) {
	fmt.Fprintln(w, "consumers   wall(s)   records/s   speedup   idle")
	for _, row := range rows {
		mark := ""
		if row.Consumers == partitions {
			mark = "   <- C = P"
		}
		fmt.Fprintf(w, "%9d %9.2f %11.0f %8.2fx %6d%s\n", row.Consumers, row.WallS, row.PerSecond, row.Speedup, row.Idle, mark)
	}
}
