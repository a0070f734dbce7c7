package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"partlab/sim"
)

// A chartView is one chart of a page and the table of its figures, drawn by
// templates/chart.html. Option is the ECharts option as JSON; the template
// passes it to html/template as a value, which escapes it for the <script>
// it sits in, so a label can never end that script.
type chartView struct {
	ID          string
	Title, Note string
	Option      json.RawMessage
	Table       table
	// Stacked puts the table under the chart: it is too wide to sit beside.
	Stacked bool
}

// besideColumns is the most columns a table has that sits beside its chart.
const besideColumns = 4

// An optioner is a go-echarts chart: it builds the option tree that this
// package marshals itself. go-echarts' own renderer writes options without
// HTML escaping and strips "__f__" markers from the whole script, so the
// report never uses it.
type optioner interface {
	Validate()
	JSON() map[string]any
}

// chartID is what an ECharts container's id may hold: letters, digits and _,
// so the id is also safe in CSS selectors and JS identifiers.
var chartID = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// newChart marshals a go-echarts chart into a chartView.
func newChart(id, title, note string, c optioner, t table) (chartView, error) {
	if !chartID.MatchString(id) {
		return chartView{}, fmt.Errorf("chart id %q: want letters, digits and _", id)
	}
	c.Validate()
	option, err := json.Marshal(c.JSON()) // escapes <, > and & in every string
	if err != nil {
		return chartView{}, fmt.Errorf("chart %s: %w", id, err)
	}
	// A go-echarts JS function (types.FuncStr) marshals as a string that
	// starts with __f__ and would reach the browser as inert text; the report
	// uses none, and this keeps it so.
	if bytes.Contains(option, []byte(`"__f__`)) {
		return chartView{}, fmt.Errorf("chart %s: option holds a JS function, which the report does not emit", id)
	}
	return chartView{ID: id, Title: title, Note: note, Option: option, Table: t, Stacked: len(t.Columns) > besideColumns}, nil
}

// Colours of the series: one hue per key, in the grid's key order, mid-tone so
// they read on the light and the dark page alike.
var (
	keyColors  = []string{"#3b82f6", "#f59e0b", "#10b981", "#e5484d", "#8b5cf6", "#0ea5b7"}
	idealColor = "#8b949e"
)

func keyColor(i int) string { return keyColors[i%len(keyColors)] }

// chartOptions are the options every chart shares: no animation (a
// screenshot shows the final picture), a transparent background (the page's
// colour shows through), the legend on top, a tooltip per category. The y
// axis's name is its unit, short enough to sit above the axis; the caption
// says the rest.
func chartOptions(id, xName, yName string, pointer string) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithInitializationOpts(opts.Initialization{ChartID: id, BackgroundColor: "transparent"}),
		charts.WithAnimation(false),
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Top: "0"}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis", AxisPointer: &opts.AxisPointer{Type: pointer}}),
		charts.WithGridOpts(opts.Grid{Left: "24", Right: "24", Top: "72", Bottom: "32", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: xName, NameLocation: "middle", NameGap: 28}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: yName, NameLocation: "end"}),
	}
}

// noLegend hides the legend of a chart of one series, which would only
// repeat the chart's title, and gives its room to the plot.
var noLegend = []charts.GlobalOpts{
	charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
	charts.WithGridOpts(opts.Grid{Left: "24", Right: "24", Top: "40", Bottom: "32", ContainLabel: opts.Bool(true)}),
}

// round2 is a chart value as the tables print it, two decimals.
func round2(x float64) float64 {
	v, _ := strconv.ParseFloat(fixed2(x), 64)
	return v
}

func bars(values []float64) []opts.BarData {
	d := make([]opts.BarData, len(values))
	for i, v := range values {
		d[i] = opts.BarData{Value: v}
	}
	return d
}

func points(values []float64) []opts.LineData {
	d := make([]opts.LineData, len(values))
	for i, v := range values {
		d[i] = opts.LineData{Value: v}
	}
	return d
}

// partitionAxis is the x axis of the per-partition-count charts.
func partitionAxis(g *sim.GridResult) []string {
	return itoaAll(g.Grid.Partitions)
}

// keyRows returns a grid's rows for one consumer count, one list per key
// along the partition axis, and adds each row to t: its key, its partition
// count, then cells(row).
func keyRows(g *sim.GridResult, consumers int, t *table, cells func(sim.Row) []string) [][]sim.Row {
	out := make([][]sim.Row, len(g.Grid.Keys))
	for i, k := range g.Grid.Keys {
		for j, p := range g.Grid.Partitions {
			r, _ := g.Row(k, p, consumers)
			out[i] = append(out[i], r)
			t.add(j == 0, append([]string{string(k), itoa(p)}, cells(r)...)...)
		}
	}
	return out
}

// values reads one figure of each row.
func values[R any](rows []R, figure func(R) float64) []float64 {
	out := make([]float64, len(rows))
	for i, r := range rows {
		out[i] = figure(r)
	}
	return out
}

// loadChart shows the most and the least loaded consumer per key and
// partition count, for one consumer count: the lesson's "max load" and
// "min load" columns.
func loadChart(id string, g *sim.GridResult, consumers int) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "partitions", "records", "shadow")...)
	b.SetXAxis(partitionAxis(g))
	t := table{Columns: []column{label("key"), num("partitions"), num("max load"), num("min load")}}
	rows := keyRows(g, consumers, &t, func(r sim.Row) []string { return []string{itoa(r.MaxLoad), itoa(r.MinLoad)} })
	for i, rs := range rows {
		k := string(g.Grid.Keys[i])
		b.AddSeries(k+" max", bars(values(rs, func(r sim.Row) float64 { return float64(r.MaxLoad) })),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(i)}))
		b.AddSeries(k+" min", bars(values(rs, func(r sim.Row) float64 { return float64(r.MinLoad) })),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(i), Opacity: opts.Float(0.45)}))
	}
	return newChart(id, "Consumer load per key and partition count",
		fmt.Sprintf("%s; records read by the most loaded consumer (solid) and the least loaded (light)", plural(consumers, "consumer")), b, t)
}

// speedupChart shows the modelled throughput per key against the ideal
// min(C, P) that equal partitions would give.
func speedupChart(id string, g *sim.GridResult, consumers int) (chartView, error) {
	l := charts.NewLine()
	l.SetGlobalOptions(chartOptions(id, "partitions", "speedup", "line")...)
	l.SetXAxis(partitionAxis(g))
	t := table{Columns: []column{label("key"), num("partitions"), num("speedup"), num("ideal")}}
	rows := keyRows(g, consumers, &t, func(r sim.Row) []string { return []string{fixed2(r.Speedup), itoa(r.Ideal)} })
	for i, rs := range rows {
		l.AddSeries(string(g.Grid.Keys[i]), points(values(rs, func(r sim.Row) float64 { return round2(r.Speedup) })),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(i)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor(i), Width: 2}))
	}
	l.AddSeries("ideal min(C, P)", points(values(rows[0], func(r sim.Row) float64 { return float64(r.Ideal) })),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: idealColor}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: idealColor, Width: 2, Type: "dashed"}))
	return newChart(id, "Modelled speedup against the ideal min(C, P)",
		fmt.Sprintf("%s; records ÷ the most loaded consumer's records, against one consumer reading them all", plural(consumers, "consumer")), l, t)
}

// rowsChart shows the consumption rows each key computes per partition
// count against the healthy pipeline's. Rows do not depend on the consumer
// count: each partition computes on its own (DI22).
func rowsChart(id string, g *sim.GridResult) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "partitions", "rows", "shadow")...)
	b.SetXAxis(partitionAxis(g))
	t := table{Columns: []column{label("key"), num("partitions"), num("rows"), num("lost")}}
	rows := keyRows(g, g.Grid.Consumers[0], &t, func(r sim.Row) []string { return []string{itoa(r.Rows), itoa(r.Lost)} })
	for i, rs := range rows {
		series := []charts.SeriesOpts{charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(i)})}
		if i == 0 {
			series = append(series,
				charts.WithMarkLineNameYAxisItemOpts(opts.MarkLineNameYAxisItem{Name: "healthy pipeline", YAxis: g.Baseline.Rows}),
				charts.WithMarkLineStyleOpts(opts.MarkLineStyle{
					Symbol:    []string{"none", "none"},
					LineStyle: &opts.LineStyle{Color: idealColor, Type: "dashed", Width: 2},
					Label:     &opts.Label{Show: opts.Bool(true), Position: "insideEndTop", Formatter: "healthy {c}"},
				}))
		}
		b.AddSeries(string(g.Grid.Keys[i]), bars(values(rs, func(r sim.Row) float64 { return float64(r.Rows) })), series...)
	}
	return newChart(id, "Consumption rows per key against the healthy pipeline",
		fmt.Sprintf("rows computed from the partitions; the dashed line is the healthy pipeline's %d", g.Baseline.Rows), b, t)
}

// deviationChart shows how far each chosen combination moves the served
// number of each region, beside the healthy serving for scale.
func deviationChart(id string, g *sim.GridResult, rows []sim.Row) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "region", "m³", "shadow")...)
	regions := make([]string, len(g.Baseline.Serving))
	for i, s := range g.Baseline.Serving {
		regions[i] = s.Region
	}
	b.SetXAxis(regions)
	t := table{Columns: []column{label("region"), num("healthy serving")}}
	for _, r := range rows {
		t.Columns = append(t.Columns, num(comboName(r)))
	}
	for _, s := range g.Baseline.Serving {
		cells := []string{s.Region, fixed2(s.Value)}
		for _, r := range rows {
			v, _ := r.Deviation.Get(s.Region)
			cells = append(cells, fixed2(v))
		}
		t.add(false, cells...)
	}
	seen := map[sim.Key]int{}
	for _, r := range rows {
		var values []float64
		for _, s := range g.Baseline.Serving {
			v, _ := r.Deviation.Get(s.Region)
			values = append(values, v)
		}
		// Combinations of one key share its hue, fading by partition count.
		style := opts.ItemStyle{Color: keyColor(keyIndex(g, r.Key)), Opacity: opts.Float(max(1-0.35*float32(seen[r.Key]), 0.3))}
		seen[r.Key]++
		b.AddSeries(comboName(r), bars(values), charts.WithItemStyleOpts(style))
	}
	return newChart(id, "Serving deviation per region",
		"the served mean of each region minus the healthy pipeline's, in m³, for the rows of the deviation table", b, t)
}

// comboName names a key and partition count: "record, 4 partitions".
func comboName(r sim.Row) string {
	return string(r.Key) + ", " + plural(r.Partitions, "partition")
}

func keyIndex(g *sim.GridResult, k sim.Key) int {
	for i, gk := range g.Grid.Keys {
		if gk == k {
			return i
		}
	}
	return 0
}
