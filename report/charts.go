package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/partlab/partlab/internal/lazyregexp"
	"github.com/partlab/partlab/report/format"
)

// A chartView is one chart of a page and the table of its figures, drawn by
// templates/cells/chart.html. Option is the ECharts option as JSON; the template
// passes it to html/template as a value, which escapes it for the <script>
// it sits in, so a label can never end that script.
type chartView struct {
	ID          string
	Title, Note string
	Option      json.RawMessage
	Table       table
	// Stacked puts the table under the chart: it is too wide to sit beside.
	Stacked bool
	switcher
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
var chartID = lazyregexp.New(`^[A-Za-z][A-Za-z0-9_]*$`)

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
// colour shows through), the legend on top, a tooltip per category, and
// ECharts' aria: a description a screen reader reads, and decal patterns that
// tell series apart without colour. The y
// axis's name is its unit, short enough to sit above the axis; the caption
// says the rest.
func chartOptions(id, xName, yName string, pointer string) []charts.GlobalOpts {
	return []charts.GlobalOpts{
		charts.WithInitializationOpts(opts.Initialization{ChartID: id, BackgroundColor: "transparent"}),
		charts.WithAnimation(false),
		charts.WithAriaOpts(&opts.Aria{Enabled: opts.Bool(true), Decal: &opts.AriaDecal{Show: opts.Bool(true)}}),
		// A plain legend wraps within its box; templates/charts.js makes room
		// for its rows above the plot, so no name is cut or paged.
		charts.WithLegendOpts(opts.Legend{Show: opts.Bool(true), Type: "plain", Top: "0", Left: "0", Right: "36"}),
		charts.WithToolboxOpts(opts.Toolbox{Show: opts.Bool(true), Top: "0", Right: "0",
			Feature: &opts.ToolBoxFeature{SaveAsImage: &opts.ToolBoxFeatureSaveAsImage{Show: opts.Bool(true), Title: "save as image"}}}),
		charts.WithTooltipOpts(opts.Tooltip{Show: opts.Bool(true), Trigger: "axis", AxisPointer: &opts.AxisPointer{Type: pointer}}),
		charts.WithGridOpts(opts.Grid{Left: "24", Right: "24", Top: "72", Bottom: "32", ContainLabel: opts.Bool(true)}),
		charts.WithXAxisOpts(opts.XAxis{Type: "category", Name: xName, NameLocation: "middle", NameGap: 28}),
		charts.WithYAxisOpts(opts.YAxis{Type: "value", Name: yName, NameLocation: "end", MinInterval: countInterval(yName)}),
	}
}

// countInterval is the least step of a value axis in unit: 1 for the units
// that count things (records, rows, keys, partitions, sequence numbers), so
// the axis never shows 0.5 of one; none for a measure (speedup, m³).
func countInterval(unit string) float64 {
	switch unit {
	case "speedup", "m³":
		return 0
	}
	return 1
}

// noLegend hides the legend of a chart of one series, which would only
// repeat the chart's title, and gives its room to the plot. It replaces
// chartOptions' grid: charts.WithGridOpts adds a second grid, which no axis
// uses, and the plot kept the legend's empty band above it.
var noLegend = []charts.GlobalOpts{
	charts.WithLegendOpts(opts.Legend{Show: opts.Bool(false)}),
	func(bc *charts.BaseConfiguration) {
		bc.GridList = []opts.Grid{{Left: "24", Right: "24", Top: "40", Bottom: "32", ContainLabel: opts.Bool(true)}}
	},
}

// round2 is a chart value as the tables print it, two decimals.
func round2(x float64) float64 {
	v, _ := strconv.ParseFloat(format.Fixed(x), 64)
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

// values reads one figure of each row.
func values[R any](rows []R, figure func(R) float64) []float64 {
	out := make([]float64, len(rows))
	for i, r := range rows {
		out[i] = figure(r)
	}
	return out
}
