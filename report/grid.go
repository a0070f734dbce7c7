package report

import (
	"fmt"

	"partlab/sim"
)

// gridView shows a grid: the lesson's tables, the charts, each with its
// table, and what the numbers say.
func gridView(p *pageState, c cell, g *sim.GridResult) (any, error) {
	simulated := g
	g = featured(g)
	v := newComputedView(p, c, g.Partitioner+" partitioner, "+g.Assignor+" assignor")
	var ts []table
	for _, n := range g.Grid.Consumers {
		ts = append(ts, lessonTable(g, n))
	}
	dev := deviationRows(g)
	v.tables(append(ts, deviationTable(g, dev))...)
	if simulated.Kafka != nil {
		v.tables(agreementTable(simulated))
		v.also("agreement.md", newAgreementStory(simulated))
	}
	for _, n := range g.Grid.Consumers {
		v.chart(loadChart(fmt.Sprintf("chart_%s_load_c%d", c.ID, n), g, n))
		v.chart(speedupChart(fmt.Sprintf("chart_%s_speedup_c%d", c.ID, n), g, n))
	}
	v.chart(rowsChart("chart_"+c.ID+"_rows", g))
	v.chart(deviationChart("chart_"+c.ID+"_deviation", g, dev))
	return v.done("grid.md", newGridStory(g, p.nb.Scenario.Source.Subscribers))
}

// lessonTable is the lesson's first table for one consumer count, in the
// lesson's column order.
func lessonTable(g *sim.GridResult, consumers int) table {
	t := table{
		Caption: fmt.Sprintf("Consumer group of %s; the healthy pipeline computes %d consumption rows",
			plural(consumers, "consumer"), g.Baseline.Rows),
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

// deviationTable is the lesson's second table: consumption and the serving
// deviation of each region, one column per region in the lesson's order.
func deviationTable(g *sim.GridResult, rows []sim.Row) table {
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
			cells = append(cells, fixed2(v))
		}
		t.add(false, cells...)
	}
	return t
}
