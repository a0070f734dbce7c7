package report

import (
	"errors"
	"fmt"
	"html/template"
	"strings"
)

// The Day 24 lab's cell kinds share one template, templates/cells/lab.html:
// the cell's input, folded; its tables and charts in the order the lab reads
// them; and a paragraph of what the numbers say. Each kind has a file of its
// own with its view, its charts and its story (spread.go, throughput.go,
// ordering.go, repartition.go, assignment.go, groups.go, sizing.go,
// predictions.go) and a narrative template under templates/narrative/.

// labData is the data of templates/cells/lab.html.
type labData struct {
	Kind, ID, Input string
	About           string // the setting, after the cell's id: "crc32 partitioner, 240 keys over 8 partitions"
	Blocks          []block
	Narrative       template.HTML
}

// A block is one piece of a lab cell's output: tables side by side, or a
// chart with its table beside it.
type block struct {
	Tables []table
	Chart  *chartView
}

// A labView builds one lab cell's data, block by block, and keeps the
// errors of its charts so that a page reports all of them at once.
type labView struct {
	p    *pageState
	c    cell
	d    labData
	errs []error
}

func newLabView(p *pageState, c cell, about string) *labView {
	return &labView{p: p, c: c, d: labData{Kind: c.Kind, ID: c.ID, Input: c.Input, About: about}}
}

// tables adds tables, shown side by side where they fit.
func (v *labView) tables(ts ...table) {
	if len(ts) > 0 {
		v.d.Blocks = append(v.d.Blocks, block{Tables: ts})
	}
}

// chart adds a chart, or notes why it could not be built.
func (v *labView) chart(ch chartView, err error) {
	if err != nil {
		v.errs = append(v.errs, v.p.cellErr(v.c, err))
		return
	}
	v.d.Blocks = append(v.d.Blocks, block{Chart: &ch})
}

// done words the story with its narrative template and returns the data.
func (v *labView) done(narrative string, story any) (any, error) {
	if len(v.errs) > 0 {
		return nil, errors.Join(v.errs...)
	}
	md, err := narrate(narrative, story)
	if err != nil {
		return nil, v.p.cellErr(v.c, err)
	}
	if v.d.Narrative, err = v.p.doc.html(md); err != nil {
		return nil, err
	}
	return v.d, nil
}

// cellErr places an error at the cell it concerns.
func (p *pageState) cellErr(c cell, err error) error {
	return fmt.Errorf("%s: cells[%d]: %w", p.nb.Scenario.File, c.Index, err)
}

// resultOf returns a cell's result as its kind's result type.
func resultOf[T any](p *pageState, c cell) (T, error) {
	r, ok := c.Result.(T)
	if !ok {
		return r, p.cellErr(c, fmt.Errorf("%s cell %q has no %s results", c.Kind, c.ID, c.Kind))
	}
	return r, nil
}

// escapeMarkdown escapes a scenario's text (a key, a group's name, a question) for
// the Markdown of a narrative: every ASCII punctuation character gets a
// backslash, so the text is shown as written and is never markup.
func escapeMarkdown(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r < 0x80 && strings.ContainsRune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// partitionName names a partition as the lab prints it: p3.
func partitionName(p int) string { return "p" + itoa(p) }

// partitionNames names each of ps.
func partitionNames(ps []int) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = partitionName(p)
	}
	return out
}
