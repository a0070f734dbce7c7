package report

import (
	"bytes"
	"fmt"
	"html/template"
)

// A Cell is one computation as its page shows it and its results.json
// holds it, for a page that recomputes the cell and redraws it in place.
type Cell struct {
	// JSON is the cell's entry of results.json, alone: the same bytes as
	// the entry once it is indented as a document of its own.
	JSON []byte
	// HTML is the cell's body as its page holds it: input, tables, charts
	// and the paragraph of what the numbers say.
	HTML template.HTML
	// Narrative is that paragraph alone; empty for a kind that words none.
	Narrative template.HTML
}

// RenderCell renders the i-th computation of nb, counted among its
// computations, as its page in the student's edition and its results.json
// would. The cells before it are rendered first and their bodies dropped:
// a cell's regions take names that no region above them has.
func RenderCell(nb Notebook, i int) (Cell, error) {
	cs, err := nb.computations()
	if err != nil {
		return Cell{}, err
	}
	if i < 0 || i >= len(cs) {
		return Cell{}, fmt.Errorf("%s: no computation %d (it has %d)", nb.Scenario.File, i, len(cs))
	}
	entry, err := nb.entry(i, cs[i])
	if err != nil {
		return Cell{}, err
	}
	var j bytes.Buffer
	if err := writeJSON(&j, entry); err != nil {
		return Cell{}, err
	}
	cells := nb.cells()
	p := newPageState(nb, pageAnchors(cells)...)
	for _, c := range cells[:cs[i].Index] {
		if _, err := p.cell(c, false); err != nil {
			return Cell{}, err
		}
	}
	body, data, err := p.body(cs[i].cell)
	if err != nil {
		return Cell{}, err
	}
	out := Cell{JSON: j.Bytes(), HTML: cellHTML(body)}
	if d, ok := data.(computedData); ok {
		out.Narrative = d.Narrative
	}
	return out, nil
}
