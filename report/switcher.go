package report

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// A switcher lets the reader choose which of a chart's or a table's
// precomputed variants the page shows: one <select> per control, the page
// holding every variant once as JSON that templates/charts.js reads. So a
// grid of 64 consumer counts is one chart and one table, not 64 of each,
// and without JavaScript the first variant is still a readable table.
type switcher struct {
	Controls []control
	Data     json.RawMessage // a switchData; nil without controls
}

// A control is one choice: its label, its options in order, and the option
// the page shows first.
type control struct {
	Label    string
	Options  []string
	Selected int
}

// switchData is the JSON of a switcher. The variant shown is the row-major
// index of the chosen options, the first control the slowest. Column i of
// the table shows series Vary[i] of the variant (one value per table row),
// printed with Decimals[Vary[i]] decimals, or keeps its cells when Vary[i]
// is -1. A chart's series i draws the variant's series i; a variant may
// hold more series than its chart, for its table. Captions are the table's
// caption per variant.
type switchData struct {
	Variants [][][]float64 `json:"variants"`
	Vary     []int         `json:"vary"`
	Decimals []int         `json:"decimals"`
	Captions []string      `json:"captions"`
}

// variantCount is how many variants the controls choose among.
func variantCount(cs []control) int {
	n := 1
	for _, c := range cs {
		n *= len(c.Options)
	}
	return n
}

// newSwitcher checks and marshals a switcher's variants.
func newSwitcher(cs []control, d switchData) (switcher, error) {
	if len(cs) == 0 {
		return switcher{}, nil // one variant: the page shows it as it is
	}
	n := variantCount(cs)
	if len(d.Variants) != n || len(d.Captions) != n {
		return switcher{}, fmt.Errorf("%d variants and %d captions for %d choices", len(d.Variants), len(d.Captions), n)
	}
	b, err := json.Marshal(d)
	if err != nil {
		return switcher{}, err
	}
	return switcher{Controls: cs, Data: b}, nil
}

// A switchedTable is a table with controls, drawn by
// templates/cells/computed.html; ID names its container.
type switchedTable struct {
	ID    string
	Table table
	switcher
}

// switched adds a table with controls, or notes why it could not be built.
func (v *computedView) switched(t switchedTable, err error) {
	if err != nil {
		v.errs = append(v.errs, v.p.cellErr(v.c.cell, err))
		return
	}
	v.d.Blocks = append(v.d.Blocks, block{Switch: &t})
}

// newSwitchedChart is newChart with controls choosing among d's variants.
func newSwitchedChart(id, title, note string, c optioner, t table, cs []control, d switchData) (chartView, error) {
	cv, err := newChart(id, title, note, c, t)
	if err != nil {
		return cv, err
	}
	cv.switcher, err = newSwitcher(cs, d)
	if err != nil {
		return cv, fmt.Errorf("chart %s: %w", cv.ID, err)
	}
	return cv, nil
}

// seriesTable is the table of a switched chart: the x axis's categories,
// then one column per series, filled from variant v, the one shown first.
func seriesTable(x column, xs []string, names []string, d switchData, v int) table {
	t := table{Caption: d.Captions[v], Columns: []column{x}}
	for _, name := range names {
		t.Columns = append(t.Columns, num(name))
	}
	for i := range xs {
		cells := []string{xs[i]}
		for s := range names {
			cells = append(cells, decimal(d.Variants[v][s][i], d.Decimals[s]))
		}
		t.add(false, cells...)
	}
	return t
}

// seriesVary is the Vary of a seriesTable of n series.
func seriesVary(n int) []int {
	v := []int{-1}
	for i := range n {
		v = append(v, i)
	}
	return v
}

// decimal prints a value of a switched column as templates/charts.js does,
// with toFixed(decimals).
func decimal(v float64, decimals int) string {
	return strconv.FormatFloat(v, 'f', decimals, 64)
}
