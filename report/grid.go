package report

import (
	"errors"
	"fmt"
	"html/template"

	"partlab/sim"
)

// gridData is the data of templates/cells/grid.html: the lesson's tables,
// the charts, each with its table, and what the numbers say.
type gridData struct {
	ID, Input             string
	Partitioner, Assignor string
	Tables                []table
	Charts                []chartView
	Narrative             template.HTML
}

func gridView(p *pageState, c cell) (any, error) {
	g, err := resultOf[*sim.GridResult](p, c)
	if err != nil {
		return nil, err
	}
	d := gridData{ID: c.ID, Input: c.Input, Partitioner: g.Partitioner, Assignor: g.Assignor}
	for _, n := range g.Grid.Consumers {
		d.Tables = append(d.Tables, lessonTable(g, n))
	}
	dev := deviationRows(g)
	d.Tables = append(d.Tables, deviationTable(g, dev))

	var errs []error
	add := func(ch chartView, err error) {
		if err != nil {
			errs = append(errs, p.cellErr(c, err))
			return
		}
		d.Charts = append(d.Charts, ch)
	}
	for _, n := range g.Grid.Consumers {
		add(loadChart(fmt.Sprintf("chart_%s_load_c%d", c.ID, n), g, n))
		add(speedupChart(fmt.Sprintf("chart_%s_speedup_c%d", c.ID, n), g, n))
	}
	add(rowsChart("chart_"+c.ID+"_rows", g))
	add(deviationChart("chart_"+c.ID+"_deviation", g, dev))
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}

	md, err := narrate("grid.md", newGridStory(g, p.nb.Scenario.Source.Subscribers))
	if err != nil {
		return nil, err
	}
	if d.Narrative, err = p.doc.html(md); err != nil {
		return nil, err
	}
	return d, nil
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
