package report

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/go-echarts/go-echarts/v2/charts"
	"github.com/go-echarts/go-echarts/v2/opts"

	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

var gridKind = newKind(kindSpec[*sim.GridResult]{
	title:       "Keys, partitions and consumers",
	narrative:   "grid.md",
	view:        gridView,
	text:        gridText,
	json:        gridJSON,
	conclusions: gridConclusions,
	check:       checkGrid,
})

// checkGrid refuses a grid that lacks a row of a combination of its keys,
// partition counts and consumer counts, or of its deviation table, or whose
// Kafka run measured other rows than it computed: a row that is not there
// is an error that names it, never a row of zeros in a sentence. The
// lookups below (gridRow) read only those combinations.
func checkGrid(c cell, g *sim.GridResult) error {
	for _, k := range g.Grid.Keys {
		for _, p := range g.Grid.Partitions {
			for _, n := range g.Grid.Consumers {
				if _, ok := g.Row(k, p, n); !ok {
					return fmt.Errorf("grid %q has no row for key %s, %s, %s", g.ID, k, format.Plural(p, "partition"), format.Plural(n, "consumer"))
				}
			}
		}
	}
	for _, combo := range g.Grid.Deviation {
		if _, ok := g.Row(combo.Key, combo.Partitions, g.Grid.Consumers[0]); !ok {
			return fmt.Errorf("grid %q has no row for its deviation table's key %s, %s", g.ID, combo.Key, format.Plural(combo.Partitions, "partition"))
		}
	}
	if o := gridKafka(c.Computed); o != nil && len(o.Rows) != len(g.Rows) {
		return fmt.Errorf("grid %q: Kafka measured %d rows, the simulation computed %d", g.ID, len(o.Rows), len(g.Rows))
	}
	return nil
}

// gridRow is a grid's row of one combination of its axes or its deviation
// table, which checkGrid has found before anything reads the grid.
func gridRow(g *sim.GridResult, k sim.Key, partitions, consumers int) sim.GridRow {
	r, _ := g.Row(k, partitions, consumers)
	return r
}

// gridKafka is the rows the Kafka engine measured of a grid, nil when it
// did not run there.
func gridKafka(c sim.Computed) *sim.GridObserved { return found[*sim.GridObserved](c.Kafka) }

// gridConclusions: some_key_keeps_every_row, every_key_keeps_every_row,
// served_misleads (a larger loss moves the served number less), and
// balanced_is_correct@C for each consumer count whose most balanced key has
// a value (the most balanced key also computes the most rows).
func gridConclusions(nb Notebook, _ cell, g *sim.GridResult) map[string]bool {
	s := newGridStory(g, nb.Scenario.Source.Subscribers)
	out := map[string]bool{
		"some_key_keeps_every_row":  len(s.Keep) > 0,
		"every_key_keeps_every_row": len(s.Lose) == 0 && len(s.SplitOnly) == 0,
		"served_misleads":           s.Served != nil && s.Served.Misleads(),
	}
	for _, gs := range s.Groups {
		if gs.Balanced != nil {
			out[fmt.Sprintf("balanced_is_correct@%d", gs.Consumers)] = gs.BalancedIsCorrect()
		}
	}
	return out
}

// gridJSON is a grid's entry in results.json: the simulation's result and,
// when the grid ran on Kafka, Kafka's rows beside it.
func gridJSON(c cell, r *sim.GridResult) any {
	return struct {
		*sim.GridResult
		Kafka *sim.GridObserved `json:"kafka,omitempty"`
	}{r, gridKafka(c.Computed)}
}

// gridView shows a grid: the lesson's tables, the charts, each with its
// table, and what the numbers say. Each chart is drawn once; its controls
// switch among the consumer counts and keys the grid computed.
func gridView(p *pageState, c computation, g *sim.GridResult) (any, error) {
	simulated := g
	g = featured(g, gridKafka(c.Computed))
	v := newComputedView(p, c, g.Partitioner+" partitioner, "+g.Assignor+" assignor")
	dev := deviationRows(g)
	// The lesson's tables sit side by side where they fit; a big grid's
	// switch instead.
	var ts []table
	if len(g.Rows) > listedRows && len(g.Grid.Consumers) > 1 {
		v.switched(lessonSwitch("table_"+c.ID+"_groups", g))
	} else {
		for _, n := range g.Grid.Consumers {
			ts = append(ts, lessonTable(g, n))
		}
	}
	if len(dev) > listedDeviation && len(g.Grid.Deviation) == 0 && len(g.Grid.Keys) > 1 {
		v.tables(ts...)
		ts = nil
		v.switched(deviationSwitchTable("table_"+c.ID+"_deviation", g))
	} else {
		ts = append(ts, deviationTable(g, dev))
	}
	v.tables(ts...)
	if o := gridKafka(c.Computed); o != nil {
		v.tables(agreementTable(simulated, o))
		v.also("agreement.md", newAgreementStory(o))
	}
	v.chart(loadChart("chart_"+c.ID+"_load", g))
	v.chart(speedupChart("chart_"+c.ID+"_speedup", g))
	v.chart(rowsChart("chart_"+c.ID+"_rows", g))
	v.chart(deviationChart("chart_"+c.ID+"_deviation", g, dev))
	return v.done(told(newGridStory(g, p.nb.Scenario.Source.Subscribers)))
}

// toldItems is the most consumer counts, idle counts or losses a grid's
// story lists in one sentence.
const toldItems = 4

// told is the story as a page tells it. A lesson-sized grid's is told
// whole; a bigger grid's lists the first few and the last of each series of
// consumer counts, idle counts and losses, each naming its partition or
// consumer count, so the paragraph stays readable while the controls, the
// tables and results.json hold every figure (and the conclusions weigh
// every one).
//
// A list that lost items says so where it is told: the sentence marks the
// gap before its last item and names how many it gives of how many
// (IdleOf, StillIdleOf, LossesOf, the lengths before sampling).
func told(s gridStory) gridStory {
	s.Groups = sample(s.Groups, toldItems)
	for i := range s.Groups {
		g := &s.Groups[i]
		g.IdleOf, g.StillIdleOf = len(g.Idle), len(g.StillIdle)
		g.Idle = sample(g.Idle, toldItems)
		g.StillIdle = sample(g.StillIdle, toldItems)
	}
	for i := range s.Lose {
		s.Lose[i].LossesOf = len(s.Lose[i].Losses)
		s.Lose[i].Losses = sample(s.Lose[i].Losses, toldItems)
	}
	return s
}

// sample returns xs when it has at most n items, or else its first n-1 and
// its last.
func sample[T any](xs []T, n int) []T {
	if len(xs) <= n {
		return xs
	}
	return append(slices.Clip(xs[:n-1]), xs[len(xs)-1])
}

// listedRows is the most rows a grid lists as the lesson does, one table per
// consumer count; a bigger grid shows one consumer count's table at a time.
const listedRows = 128

// lessonTable is the lesson's first table for one consumer count, in the
// lesson's column order.
func lessonTable(g *sim.GridResult, consumers int) table {
	t := table{
		Caption: lessonCaption(g, consumers),
		Columns: []column{label("key"), num("partitions"), num("consumers"), num("max load"), num("min load"),
			num("idle"), num("split subscribers"), num("computed consumption")},
	}
	var prev sim.Key
	for _, r := range g.Rows {
		if r.Consumers != consumers {
			continue
		}
		t.add(r.Key != prev, string(r.Key), itoa(r.Partitions), itoa(r.Consumers), itoa(r.MaxLoad), itoa(r.MinLoad),
			itoa(r.Idle), itoa(r.Split), itoa(r.Rows))
		prev = r.Key
	}
	return t
}

func lessonCaption(g *sim.GridResult, consumers int) string {
	return fmt.Sprintf("Consumer group of %s; the healthy pipeline computes %d consumption rows",
		format.Plural(consumers, "consumer"), g.Baseline.Rows)
}

// lessonSwitch is the lesson's first table of a big grid: one consumer
// count's rows at a time, chosen by a control. The columns that depend on
// the consumer count switch; the key, partitions, split subscribers and
// rows do not (DI22).
func lessonSwitch(id string, g *sim.GridResult) (switchedTable, error) {
	d := switchData{Vary: []int{-1, -1, 0, 1, 2, 3, -1, -1}, Decimals: []int{0, 0, 0, 0}}
	for _, n := range g.Grid.Consumers {
		var consumers, most, least, idle []float64
		for _, r := range g.Rows {
			if r.Consumers == n {
				consumers = append(consumers, float64(n))
				most = append(most, float64(r.MaxLoad))
				least = append(least, float64(r.MinLoad))
				idle = append(idle, float64(r.Idle))
			}
		}
		d.Variants = append(d.Variants, [][]float64{consumers, most, least, idle})
		d.Captions = append(d.Captions, lessonCaption(g, n))
	}
	sw, err := newSwitcher(consumerControl(g), d)
	return switchedTable{ID: id, Table: lessonTable(g, g.Grid.Consumers[0]), switcher: sw}, err
}

// consumerControl chooses a consumer count, when the grid has more than one.
func consumerControl(g *sim.GridResult) []control {
	if len(g.Grid.Consumers) < 2 {
		return nil
	}
	return []control{{Label: "consumers", Options: format.Ints(g.Grid.Consumers)}}
}

// keyControl chooses a key, when the grid has more than one.
func keyControl(g *sim.GridResult) []control {
	if len(g.Grid.Keys) < 2 {
		return nil
	}
	return []control{{Label: "key", Options: keyNames(g.Grid.Keys)}}
}

func keyNames(ks []sim.Key) []string {
	out := make([]string, len(ks))
	for i, k := range ks {
		out[i] = string(k)
	}
	return out
}

// deviationTable is the lesson's second table: consumption and the serving
// deviation of each region, one column per region in the lesson's order.
func deviationTable(g *sim.GridResult, rows []sim.GridRow) table {
	t := table{
		Caption: "Serving deviation per region against the healthy pipeline (m³)",
		Columns: []column{label("key"), num("partitions"), num("computed consumption")},
	}
	for _, s := range g.Baseline.Serving {
		t.Columns = append(t.Columns, num(s.Region))
	}
	for _, r := range rows {
		cells := []string{string(r.Key), itoa(r.Partitions), itoa(r.Rows)}
		for _, s := range g.Baseline.Serving {
			v, _ := r.Deviation.Get(s.Region)
			cells = append(cells, format.Fixed(v))
		}
		t.add(false, cells...)
	}
	return t
}

// listedDeviation is the most rows a deviation table lists at once; a grid
// that lists no deviation rows and has more combinations shows one key's at
// a time.
const listedDeviation = 64

// deviationSwitchTable is the deviation table of a big grid: one key's
// partition counts at a time, chosen by a control.
func deviationSwitchTable(id string, g *sim.GridResult) (switchedTable, error) {
	d := switchData{Vary: []int{-1, 0}, Decimals: []int{0}}
	t := table{Columns: []column{num("partitions"), num("computed consumption")}}
	for i, s := range g.Baseline.Serving {
		t.Columns = append(t.Columns, num(s.Region))
		d.Vary = append(d.Vary, i+1)
		d.Decimals = append(d.Decimals, 2)
	}
	for _, k := range g.Grid.Keys {
		v := [][]float64{alongPartitions(g, k, g.Grid.Consumers[0], func(r sim.GridRow) float64 { return float64(r.Rows) })}
		for _, s := range g.Baseline.Serving {
			v = append(v, alongPartitions(g, k, g.Grid.Consumers[0], func(r sim.GridRow) float64 {
				dev, _ := r.Deviation.Get(s.Region)
				return dev
			}))
		}
		d.Variants = append(d.Variants, v)
		d.Captions = append(d.Captions, fmt.Sprintf("Serving deviation per region against the healthy pipeline (m³), the %s key", k))
	}
	t.Caption = d.Captions[0]
	for i, p := range g.Grid.Partitions {
		cells := []string{itoa(p)}
		for s := range d.Variants[0] {
			cells = append(cells, decimal(d.Variants[0][s][i], d.Decimals[s]))
		}
		t.add(false, cells...)
	}
	sw, err := newSwitcher(keyControl(g), d)
	return switchedTable{ID: id, Table: t, switcher: sw}, err
}

// partitionAxis is the x axis of the per-partition-count charts.
func partitionAxis(g *sim.GridResult) []string {
	return format.Ints(g.Grid.Partitions)
}

// alongPartitions reads one figure of each partition count's row.
func alongPartitions(g *sim.GridResult, k sim.Key, consumers int, figure func(sim.GridRow) float64) []float64 {
	out := make([]float64, len(g.Grid.Partitions))
	for i, p := range g.Grid.Partitions {
		r := gridRow(g, k, p, consumers)
		out[i] = figure(r)
	}
	return out
}

// loadChart shows the most and the least loaded consumer per partition
// count, for one key and consumer count at a time: the lesson's "max load"
// and "min load" columns. Two series keep the legend short; the controls
// choose the key and the consumer count.
func loadChart(id string, g *sim.GridResult) (chartView, error) {
	d := switchData{Vary: seriesVary(2), Decimals: []int{0, 0}}
	for _, n := range g.Grid.Consumers {
		for _, k := range g.Grid.Keys {
			d.Variants = append(d.Variants, [][]float64{
				alongPartitions(g, k, n, func(r sim.GridRow) float64 { return float64(r.MaxLoad) }),
				alongPartitions(g, k, n, func(r sim.GridRow) float64 { return float64(r.MinLoad) }),
			})
			d.Captions = append(d.Captions, fmt.Sprintf("%s, the %s key", format.Plural(n, "consumer"), k))
		}
	}
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "partitions", "records", "shadow")...)
	b.SetXAxis(partitionAxis(g))
	b.AddSeries("max load", bars(d.Variants[0][0]), charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(0)}))
	b.AddSeries("min load", bars(d.Variants[0][1]), charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(0), Opacity: opts.Float(0.45)}))
	t := seriesTable(num("partitions"), partitionAxis(g), []string{"max load", "min load"}, d, 0)
	return newSwitchedChart(id, "Consumer load per partition count",
		"records read by the most loaded consumer (solid) and the least loaded (light)", b, t,
		append(consumerControl(g), keyControl(g)...), d)
}

// speedupChart shows the modelled throughput per key against the ideal
// min(C, P) that equal partitions would give, for one consumer count at a
// time.
func speedupChart(id string, g *sim.GridResult) (chartView, error) {
	var names []string
	d := switchData{Vary: seriesVary(len(g.Grid.Keys) + 1)}
	for _, k := range g.Grid.Keys {
		names = append(names, string(k))
		d.Decimals = append(d.Decimals, 2)
	}
	names = append(names, "ideal min(C, P)")
	d.Decimals = append(d.Decimals, 0)
	for _, n := range g.Grid.Consumers {
		var v [][]float64
		for _, k := range g.Grid.Keys {
			v = append(v, alongPartitions(g, k, n, func(r sim.GridRow) float64 { return round2(r.Speedup) }))
		}
		v = append(v, alongPartitions(g, g.Grid.Keys[0], n, func(r sim.GridRow) float64 { return float64(r.Ideal) }))
		d.Variants = append(d.Variants, v)
		d.Captions = append(d.Captions, format.Plural(n, "consumer"))
	}
	l := charts.NewLine()
	l.SetGlobalOptions(chartOptions(id, "partitions", "speedup", "line")...)
	l.SetXAxis(partitionAxis(g))
	for i, k := range g.Grid.Keys {
		l.AddSeries(string(k), points(d.Variants[0][i]),
			charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(i)}),
			charts.WithLineStyleOpts(opts.LineStyle{Color: keyColor(i), Width: 2}))
	}
	l.AddSeries(names[len(names)-1], points(d.Variants[0][len(names)-1]),
		charts.WithItemStyleOpts(opts.ItemStyle{Color: idealColor}),
		charts.WithLineStyleOpts(opts.LineStyle{Color: idealColor, Width: 2, Type: "dashed"}))
	t := seriesTable(num("partitions"), partitionAxis(g), names, d, 0)
	return newSwitchedChart(id, "Modelled speedup against the ideal min(C, P)",
		"records ÷ the most loaded consumer's records, against one consumer reading them all", l, t,
		consumerControl(g), d)
}

// rowsChart shows the consumption rows each key computes per partition
// count against the healthy pipeline's. Rows do not depend on the consumer
// count: each partition computes on its own (DI22).
func rowsChart(id string, g *sim.GridResult) (chartView, error) {
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "partitions", "rows", "shadow")...)
	b.SetXAxis(partitionAxis(g))
	d := switchData{Variants: [][][]float64{nil}, Captions: []string{""}}
	for i, k := range g.Grid.Keys {
		rows := alongPartitions(g, k, g.Grid.Consumers[0], func(r sim.GridRow) float64 { return float64(r.Rows) })
		d.Variants[0] = append(d.Variants[0], rows)
		d.Decimals = append(d.Decimals, 0)
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
		b.AddSeries(string(k), bars(rows), series...)
	}
	// One row per partition count, one column per key: a big grid's table
	// stays as long as its partition axis.
	t := seriesTable(num("partitions"), partitionAxis(g), keyNames(g.Grid.Keys), d, 0)
	return newChart(id, "Consumption rows per key against the healthy pipeline",
		fmt.Sprintf("rows computed from the partitions; the dashed line is the healthy pipeline's %d", g.Baseline.Rows), b, t)
}

// maxCombos is the most combinations the deviation chart draws at once, one
// series each; with more, a control chooses one at a time.
const maxCombos = 6

// deviationChart shows how far each chosen combination moves the served
// number of each region, beside the healthy serving for scale.
func deviationChart(id string, g *sim.GridResult, rows []sim.GridRow) (chartView, error) {
	if len(rows) > maxCombos && len(g.Grid.Deviation) == 0 {
		return deviationSwitch(id, g)
	}
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
		cells := []string{s.Region, format.Fixed(s.Value)}
		for _, r := range rows {
			v, _ := r.Deviation.Get(s.Region)
			cells = append(cells, format.Fixed(v))
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

// deviationSwitch is the deviation chart of a grid that lists no
// combinations and has too many to draw at once: one key and partition
// count at a time, chosen by controls.
func deviationSwitch(id string, g *sim.GridResult) (chartView, error) {
	regions := make([]string, len(g.Baseline.Serving))
	healthy := make([]float64, len(g.Baseline.Serving))
	for i, s := range g.Baseline.Serving {
		regions[i], healthy[i] = s.Region, s.Value
	}
	d := switchData{Vary: []int{-1, 0, 1}, Decimals: []int{2, 2}}
	for _, k := range g.Grid.Keys {
		for _, p := range g.Grid.Partitions {
			r := gridRow(g, k, p, g.Grid.Consumers[0])
			dev := make([]float64, len(regions))
			for i, region := range regions {
				dev[i], _ = r.Deviation.Get(region)
			}
			d.Variants = append(d.Variants, [][]float64{dev, healthy})
			d.Captions = append(d.Captions, comboName(r))
		}
	}
	// The page opens on the first combination that loses rows: one that
	// loses none deviates by 0 everywhere, an empty chart.
	ki, pi := 0, 0
first:
	for i, k := range g.Grid.Keys {
		for j, p := range g.Grid.Partitions {
			if r := gridRow(g, k, p, g.Grid.Consumers[0]); r.Lost > 0 {
				ki, pi = i, j
				break first
			}
		}
	}
	v := ki*len(g.Grid.Partitions) + pi
	b := charts.NewBar()
	b.SetGlobalOptions(chartOptions(id, "region", "m³", "shadow")...)
	b.SetGlobalOptions(noLegend...)
	b.SetXAxis(regions)
	b.AddSeries("deviation", bars(d.Variants[v][0]), charts.WithItemStyleOpts(opts.ItemStyle{Color: keyColor(0)}))
	t := seriesTable(label("region"), regions, []string{"deviation", "healthy serving"}, d, v)
	cs := keyControl(g)
	if len(cs) > 0 {
		cs[0].Selected = ki
	}
	if len(g.Grid.Partitions) > 1 {
		cs = append(cs, control{Label: "partitions", Options: partitionAxis(g), Selected: pi})
	}
	return newSwitchedChart(id, "Serving deviation per region",
		"the served mean of each region minus the healthy pipeline's, in m³, for one key and partition count", b, t, cs, d)
}

// comboName names a key and partition count: "record, 4 partitions".
func comboName(r sim.GridRow) string {
	return string(r.Key) + ", " + format.Plural(r.Partitions, "partition")
}

func keyIndex(g *sim.GridResult, k sim.Key) int {
	for i, gk := range g.Grid.Keys {
		if gk == k {
			return i
		}
	}
	return 0
}

// A gridStory is what a grid's numbers say, in the order
// templates/narrative/grid.md tells it. Every figure in it is a figure of the
// result; this file only chooses which rows to talk about, so where a
// scenario's numbers contradict the lesson, the story says what they say.
type gridStory struct {
	Records     int
	Subscribers int
	Baseline    int
	Keep        []sim.Key // keys that split no subscriber and keep every row at every partition count
	Lose        []keyLoss // keys that lose rows at some partition count
	SplitOnly   []keyLoss // keys that split subscribers yet lose no row
	Groups      []groupStory
	Served      *servedStory // nil when no deviation row loses a row
}

// A keyLoss is a key that splits subscribers: how many, and the rows it
// computes where it loses some.
type keyLoss struct {
	Key                sim.Key
	SplitMin, SplitMax int // subscribers split, over the partition counts that split any
	AllSplit           bool
	Losses             []sim.GridRow // the rows at partition counts that lose rows, in grid order
	LossesOf           int           // how many Losses there were before told sampled them
}

// A groupStory is what one consumer count's rows say about load.
type groupStory struct {
	Consumers int
	Idle      []idleAt      // partition counts below the consumer count
	StillIdle []sim.GridRow // rows with at least as many partitions as consumers and an idle consumer
	// IdleOf and StillIdleOf are how many of each there were before told
	// sampled them.
	IdleOf, StillIdleOf int
	// At is the partition count loads are compared at: the first that gives
	// every consumer a partition, or the largest when none does.
	At       int
	AtCovers bool          // At ≥ Consumers
	Loads    []sim.GridRow // one row per key at At, in key order
	Balanced *sim.GridRow  // the lowest skew at At among rows without an idle consumer
	Correct  *sim.GridRow  // the most rows at At
	Keeper   *sim.GridRow  // the lowest-skew row at At of a key in Keep
}

// An idleAt is the idle consumers at one partition count below the consumer
// count; ByKey is set when keys differ, one entry per count of idle
// consumers with the keys that leave it, in the grid's key order.
type idleAt struct {
	Partitions int
	Idle       int
	ByKey      []idleKeys
}

// idleKeys are the keys that leave Idle consumers idle.
type idleKeys struct {
	Idle int
	Keys []sim.Key
}

// A servedStory is the serving deviation against the loss, over the rows of
// the deviation table that lose rows.
type servedStory struct {
	Low, High float64   // the healthy serving's smallest and largest region
	Quiet     servedRow // moves the serving least
	Loud      *servedRow
	// Worse loses more rows than Loud yet moves the serving less; nil if no
	// row does, or if Quiet is that row (QuietWorse).
	Worse      *servedRow
	QuietWorse bool
}

// A servedRow is a row and the range of its deviation over the regions.
type servedRow struct {
	sim.GridRow
	Low, High float64
}

// Misleads reports whether a row loses more than another yet moves the
// serving less: the served number then ranks the damage the wrong way round.
func (s *servedStory) Misleads() bool { return s.Worse != nil || s.QuietWorse }

func newGridStory(g *sim.GridResult, subscribers int) gridStory {
	s := gridStory{Records: g.Records, Subscribers: subscribers, Baseline: g.Baseline.Rows}
	c0 := g.Grid.Consumers[0]
	for _, k := range g.Grid.Keys {
		kl := keyLoss{Key: k}
		kl.SplitMin, kl.SplitMax = g.SplitRange(k, c0)
		for _, p := range g.Grid.Partitions {
			r := gridRow(g, k, p, c0)
			if r.Lost > 0 {
				kl.Losses = append(kl.Losses, r)
			}
		}
		kl.AllSplit = kl.SplitMin == subscribers
		switch {
		case len(kl.Losses) > 0:
			s.Lose = append(s.Lose, kl)
		case kl.SplitMax > 0:
			s.SplitOnly = append(s.SplitOnly, kl)
		default:
			s.Keep = append(s.Keep, k)
		}
	}
	for _, c := range g.Grid.Consumers {
		s.Groups = append(s.Groups, newGroupStory(g, c, s.Keep))
	}
	s.Served = newServedStory(g, deviationRows(g))
	return s
}

// BalancedIsCorrect reports whether the most balanced key at At also
// computes the most rows; false when no key has a skew.
func (gs groupStory) BalancedIsCorrect() bool {
	return gs.Balanced != nil && gs.Balanced.Rows == gs.Correct.Rows
}

func newGroupStory(g *sim.GridResult, c int, keep []sim.Key) groupStory {
	gs := groupStory{Consumers: c}
	for _, p := range g.Grid.Partitions {
		if p >= c {
			for _, k := range g.Grid.Keys {
				if r := gridRow(g, k, p, c); r.Idle > 0 {
					gs.StillIdle = append(gs.StillIdle, r)
				}
			}
			if !gs.AtCovers || p < gs.At {
				gs.At, gs.AtCovers = p, true
			}
			continue
		}
		var rows []sim.GridRow
		differ := false
		for _, k := range g.Grid.Keys {
			r := gridRow(g, k, p, c)
			rows = append(rows, r)
			differ = differ || r.Idle != rows[0].Idle
		}
		at := idleAt{Partitions: p, Idle: rows[0].Idle}
		if differ {
			at.ByKey = groupIdle(rows)
		}
		gs.Idle = append(gs.Idle, at)
		if !gs.AtCovers {
			gs.At = max(gs.At, p)
		}
	}
	for _, k := range g.Grid.Keys {
		r := gridRow(g, k, gs.At, c)
		gs.Loads = append(gs.Loads, r)
	}
	for i := range gs.Loads {
		r := &gs.Loads[i]
		if r.Idle == 0 && (gs.Balanced == nil || r.Skew < gs.Balanced.Skew) {
			gs.Balanced = r
		}
		if gs.Correct == nil || r.Rows > gs.Correct.Rows {
			gs.Correct = r
		}
		if slices.Contains(keep, r.Key) && r.Idle == 0 && (gs.Keeper == nil || r.Skew < gs.Keeper.Skew) {
			gs.Keeper = r
		}
	}
	return gs
}

// groupIdle groups rows by their idle consumers, in the order each count
// first appears.
func groupIdle(rows []sim.GridRow) []idleKeys {
	var out []idleKeys
	for _, r := range rows {
		i := slices.IndexFunc(out, func(g idleKeys) bool { return g.Idle == r.Idle })
		if i < 0 {
			out = append(out, idleKeys{Idle: r.Idle})
			i = len(out) - 1
		}
		out[i].Keys = append(out[i].Keys, r.Key)
	}
	return out
}

func newServedStory(g *sim.GridResult, rows []sim.GridRow) *servedStory {
	var lossy []servedRow
	for _, r := range rows {
		if r.Lost == 0 {
			continue
		}
		sr := servedRow{GridRow: r}
		sr.Low, sr.High = r.Deviation.Range()
		lossy = append(lossy, sr)
	}
	if len(lossy) == 0 {
		return nil
	}
	s := &servedStory{}
	s.Low, s.High = g.Baseline.Serving.Range()
	quiet, loud := 0, 0
	for i, r := range lossy {
		if r.Drift < lossy[quiet].Drift || (r.Drift == lossy[quiet].Drift && r.Lost > lossy[quiet].Lost) {
			quiet = i
		}
		if r.Drift > lossy[loud].Drift || (r.Drift == lossy[loud].Drift && r.Lost < lossy[loud].Lost) {
			loud = i
		}
	}
	s.Quiet = lossy[quiet]
	if loud == quiet {
		return s
	}
	s.Loud = &lossy[loud]
	s.QuietWorse = s.Quiet.Lost > s.Loud.Lost
	for i := range lossy {
		r := &lossy[i]
		if i == quiet || r.Lost <= s.Loud.Lost || r.Drift >= s.Loud.Drift {
			continue
		}
		if s.Worse == nil || r.Lost > s.Worse.Lost {
			s.Worse = r
		}
	}
	return s
}

// deviationRows are the rows of a grid's serving-deviation table: the
// combinations the scenario lists, or every key and partition count, at the
// first consumer count (the deviation does not depend on it).
func deviationRows(g *sim.GridResult) []sim.GridRow {
	c := g.Grid.Consumers[0]
	var rows []sim.GridRow
	if len(g.Grid.Deviation) > 0 {
		for _, combo := range g.Grid.Deviation {
			r := gridRow(g, combo.Key, combo.Partitions, c)
			rows = append(rows, r)
		}
		return rows
	}
	for _, k := range g.Grid.Keys {
		for _, p := range g.Grid.Partitions {
			r := gridRow(g, k, p, c)
			rows = append(rows, r)
		}
	}
	return rows
}

// featured returns a grid as a report shows it: a grid on the kafka engine
// shows Kafka's rows where the simulation's would be. Kafka's rows stay
// beside the simulation's in the agreement table either way.
func featured(r *sim.GridResult, o *sim.GridObserved) *sim.GridResult {
	if r.Engine != sim.EngineKafka || o == nil {
		return r
	}
	f := *r
	f.Rows = make([]sim.GridRow, len(o.Rows))
	for i, k := range o.Rows {
		f.Rows[i] = k.GridRow
	}
	return &f
}

// agreementText prints, for a grid measured on Kafka, every combination's
// figures with whether Kafka's equal the simulation's: one "both" line when
// they do, a "kafka" and a "sim" line when they do not, the differing
// figures named and their known cause given.
func agreementText(w io.Writer, r *sim.GridResult, o *sim.GridObserved) {
	if o == nil {
		return
	}
	fmt.Fprintf(w, "\nkafka engine (%s) beside the simulation: %d of %d rows agree\n", o.Cluster, o.Agreeing, len(o.Rows))
	fmt.Fprintln(w, "key        partitions consumers engine max load min load  idle split     rows  agreement")
	line := func(k sim.Key, partitions, consumers, engine string, row sim.GridRow, note string) {
		fmt.Fprintf(w, "%-10s %10s %9s %-6s %8d %8d %5d %5d %8d",
			k, partitions, consumers, engine, row.MaxLoad, row.MinLoad, row.Idle, row.Split, row.Rows)
		if note != "" {
			fmt.Fprint(w, "  ", note)
		}
		fmt.Fprintln(w)
	}
	for i, k := range o.Rows {
		p, c := strconv.Itoa(k.Partitions), strconv.Itoa(k.Consumers)
		if k.Agrees() {
			line(k.Key, p, c, "both", k.GridRow, "agrees")
			continue
		}
		note := "differs in " + strings.Join(k.Differ, ", ")
		if k.Reason != "" {
			note += ": " + k.Reason
		}
		line(k.Key, p, c, "kafka", k.GridRow, note)
		line("", "", "", "sim", r.Rows[i], "")
	}
}

// kafkaHead are the CSV columns of Kafka's figures, present when a grid of
// the notebook was measured on Kafka.
var kafkaHead = []string{"engine", "kafka_max_load", "kafka_min_load", "kafka_idle", "kafka_split", "kafka_rows", "kafka_loads", "kafka_sizes", "kafka_differ", "kafka_reason"}

// kafkaColumns are row i's Kafka columns: empty for a grid that was not
// measured on Kafka.
func kafkaColumns(g *sim.GridResult, o *sim.GridObserved, i int) []string {
	cols := make([]string, len(kafkaHead))
	cols[0] = string(g.Engine)
	if o == nil {
		return cols
	}
	k := o.Rows[i]
	copy(cols[1:], []string{itoa(k.MaxLoad), itoa(k.MinLoad), itoa(k.Idle), itoa(k.Split), itoa(k.Rows),
		ints(k.Loads), ints(k.Sizes), strings.Join(k.Differ, " "), k.Reason})
	return cols
}

// agreementTable sets Kafka's figures beside the simulation's: one row per
// combination and engine, and whether they agree.
func agreementTable(r *sim.GridResult, o *sim.GridObserved) table {
	t := table{
		Caption: fmt.Sprintf("On Kafka (%s) beside the simulation: %d of %d combinations agree in every figure",
			clusterName(o.Cluster), o.Agreeing, len(o.Rows)),
		Columns: []column{label("key"), num("partitions"), num("consumers"), label("engine"), num("max load"),
			num("min load"), num("idle"), num("split"), num("rows"), label("agreement")},
	}
	add := func(start bool, engine string, row sim.GridRow, note string) {
		t.add(start, string(row.Key), itoa(row.Partitions), itoa(row.Consumers), engine, itoa(row.MaxLoad),
			itoa(row.MinLoad), itoa(row.Idle), itoa(row.Split), itoa(row.Rows), note)
	}
	for i, k := range o.Rows {
		if k.Agrees() {
			add(true, "both", k.GridRow, "agrees")
			continue
		}
		add(true, "kafka", k.GridRow, "differs in "+strings.Join(k.Differ, ", "))
		add(false, "sim", r.Rows[i], "")
	}
	return t
}

// clusterName says where the Kafka engine ran.
func clusterName(cluster string) string {
	if cluster == "kfake" {
		return "an in-process kfake cluster"
	}
	return "the given brokers"
}

// An agreementStory is what the Kafka run says beside the simulation, in
// templates/narrative/agreement.md's order.
type agreementStory struct {
	Cluster  string
	Rows     int
	Agreeing int
	Differ   []sim.GridObservedRow
	Reasons  []string // the known causes of the differing rows, each once
	Unknown  int      // differing rows with no known cause
}

func newAgreementStory(o *sim.GridObserved) agreementStory {
	s := agreementStory{Cluster: clusterName(o.Cluster), Rows: len(o.Rows), Agreeing: o.Agreeing}
	for _, k := range o.Rows {
		switch {
		case k.Agrees():
			continue
		case k.Reason == "":
			s.Unknown++
		case !slices.Contains(s.Reasons, k.Reason):
			s.Reasons = append(s.Reasons, k.Reason)
		}
		s.Differ = append(s.Differ, k)
	}
	return s
}

// gridText prints the grid's tables as the report shows them, then, when
// the grid ran on Kafka, the agreement of every combination.
func gridText(w io.Writer, c cell, r *sim.GridResult) {
	lessonText(w, featured(r, gridKafka(c.Computed)))
	agreementText(w, r, gridKafka(c.Computed))
}

// lessonText prints the lesson's first table once per consumer count, then the
// serving-deviation table for the grid's chosen rows.
func lessonText(w io.Writer, r *sim.GridResult) {
	for _, c := range r.Grid.Consumers {
		fmt.Fprintln(w, "consumer group", c, "consumers , consumption on the healthy pipeline", r.Baseline.Rows, "rows")
		fmt.Fprintln(w, "key        partitions max load min load  idle split subscribers computed consumption")
		for _, row := range r.Rows {
			if row.Consumers != c {
				continue
			}
			fmt.Fprintf(w, "%-10s %10d %8d %8d %5d %17d %20d\n",
				row.Key, row.Partitions, row.MaxLoad, row.MinLoad, row.Idle, row.Split, row.Rows)
		}
	}
	if len(r.Grid.Deviation) == 0 {
		return
	}
	fmt.Fprintln(w, "key        partitions computed consumption  serving deviation")
	for _, combo := range r.Grid.Deviation {
		row := gridRow(r, combo.Key, combo.Partitions, r.Grid.Consumers[0])
		fmt.Fprintf(w, "%-10s %10d %20d   %s\n", row.Key, row.Partitions, row.Rows, pyDict(row.Deviation))
	}
}

// pyDict formats per-region values as Python prints a dict of floats.
func pyDict(rs sim.Regions) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = pyStr(r.Region) + ": " + pyFloat(r.Value)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
