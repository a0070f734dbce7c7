package report

import (
	"errors"
	"fmt"
	"html/template"
)

// Every kind but the lesson's offsets shares one template,
// templates/cells/computed.html: the cell's input, folded; its tables and
// charts in reading order; and a paragraph of what the numbers say. Each kind
// has a file of its own with its kindSpec (its view, its charts, its story and
// the name of its narrative template under templates/narrative/).

// computedData is the data of templates/cells/computed.html.
type computedData struct {
	Kind, ID, Input string
	About           string // the setting, after the cell's id: "crc32 partitioner, 240 keys over 8 partitions"
	Blocks          []block
	Narrative       template.HTML
}

// A block is one piece of a cell's output: tables side by side, a chart
// with its table beside it, a table with controls, a scoreboard, or tables
// folded under a line that sums them up.
type block struct {
	Tables     []table
	Chart      *chartView
	Switch     *switchedTable
	Scoreboard *scoreboard
	Fold       *fold
}

// A fold is tables too long to read in passing, such as an agreement
// table of every step, closed under a summary that says what they show;
// printing opens it.
type fold struct {
	Summary string
	Tables  []table
}

// A computedView builds one cell's data, block by block, and keeps the
// errors of its charts so that a page reports all of them at once.
type computedView struct {
	p    *pageState
	c    computation
	d    computedData
	errs []error
	more []story // told after the cell's own story
}

// A story is a narrative template and the data it words.
type story struct {
	narrative string
	data      any
}

// also adds a paragraph told after the cell's own story.
func (v *computedView) also(narrative string, data any) {
	v.more = append(v.more, story{narrative, data})
}

func newComputedView(p *pageState, c computation, about string) *computedView {
	return &computedView{p: p, c: c, d: computedData{Kind: string(c.Kind), ID: c.ID, Input: c.Input, About: about}}
}

// folded adds tables closed under a summary.
func (v *computedView) folded(summary string, ts ...table) {
	v.d.Blocks = append(v.d.Blocks, block{Fold: &fold{Summary: summary, Tables: ts}})
}

// tables adds tables, shown side by side where they fit.
func (v *computedView) tables(ts ...table) {
	if len(ts) > 0 {
		v.d.Blocks = append(v.d.Blocks, block{Tables: ts})
	}
}

// chart adds a chart, or notes why it could not be built.
func (v *computedView) chart(ch chartView, err error) {
	if err != nil {
		v.errs = append(v.errs, v.p.cellErr(v.c.cell, err))
		return
	}
	v.d.Blocks = append(v.d.Blocks, block{Chart: &ch})
}

// done words the story with its kind's narrative template and returns the
// data.
func (v *computedView) done(data any) (any, error) {
	if len(v.errs) > 0 {
		return nil, errors.Join(v.errs...)
	}
	for i := range v.d.Blocks {
		b := &v.d.Blocks[i]
		for j := range b.Tables {
			v.p.name(v.c.cell, &b.Tables[j])
		}
		switch {
		case b.Chart != nil:
			v.p.name(v.c.cell, &b.Chart.Table)
		case b.Switch != nil:
			v.p.name(v.c.cell, &b.Switch.Table)
		case b.Scoreboard != nil:
			v.p.name(v.c.cell, &b.Scoreboard.Actuals)
		}
	}
	var md string
	for _, s := range append([]story{{v.c.narrative, data}}, v.more...) {
		para, err := narrate(s.narrative, s.data)
		if err != nil {
			return nil, v.p.cellErr(v.c.cell, err)
		}
		md += para + "\n"
	}
	var err error
	if v.d.Narrative, err = v.p.doc.HTML(md); err != nil {
		return nil, err
	}
	return v.d, nil
}

// cellErr places an error at the cell it concerns.
func (p *pageState) cellErr(c cell, err error) error {
	return fmt.Errorf("%s: cells[%d]: %w", p.nb.Scenario.File, c.Index, err)
}
