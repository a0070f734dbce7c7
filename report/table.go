package report

import (
	"fmt"
	"strings"
)

// A table is any table of a page, built by the report and drawn by
// templates/cells/table.html. Cells are text: the report formats every figure once,
// so a table and the narrative beside it print a number the same way.
type table struct {
	Caption string
	Columns []column
	Rows    []tableRow
	// Region is the accessible name of the table's scroll region, unique on
	// its page (pageState.name); "" for Label's own.
	Region string
}

// A column names a table column; numeric columns align right, and a wide
// one (a sequence, a list of partitions) wraps instead of widening the table.
type column struct {
	Name string
	Num  bool
	Wide bool
}

// A tableRow is one row; Start marks the first row of a group, such as a
// new key, which the stylesheet sets off with a rule; Mark picks out the row
// the reader should look at, such as C = P.
type tableRow struct {
	Cells []string
	Start bool
	Mark  bool
}

// label, num and wide build columns: a column of names, one of figures and
// one of long text.
func label(name string) column { return column{Name: name} }
func num(name string) column   { return column{Name: name, Num: true} }
func wide(name string) column  { return column{Name: name, Wide: true} }

// Label is the accessible name of the table's scroll region: a wide table
// scrolls on a phone, and a keyboard reaches it only as a named, focusable
// region. The caption names it; a table without one is named by its columns.
func (t table) Label() string {
	if t.Region != "" {
		return t.Region
	}
	if t.Caption != "" {
		return t.Caption
	}
	names := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		names[i] = c.Name
	}
	return "Table of " + strings.Join(names, ", ")
}

// Class is the column's cells' class attribute: num, wide or none.
func (c column) Class() string {
	switch {
	case c.Num:
		return "num"
	case c.Wide:
		return "wide"
	}
	return ""
}

// Class is the row's class attribute: start, mark, both or none.
func (r tableRow) Class() string {
	switch {
	case r.Start && r.Mark:
		return "start mark"
	case r.Start:
		return "start"
	case r.Mark:
		return "mark"
	}
	return ""
}

// add appends a row, starting a group when start is true.
func (t *table) add(start bool, cells ...string) {
	t.Rows = append(t.Rows, tableRow{Cells: cells, Start: start})
}

// mark picks out the last row added.
func (t *table) mark() { t.Rows[len(t.Rows)-1].Mark = true }

// name gives each of a cell's tables a region name no other region of the
// page has: its own Label, or when the page has that already, the Label and
// the cell's kind and id, which no other cell has, and a number if one cell
// repeats it (three ordering cells each caption a table "The out-of-order
// counter, three ways").
func (p *pageState) name(c cell, ts ...*table) {
	if p.regions == nil {
		p.regions = map[string]bool{}
	}
	for _, t := range ts {
		name := t.Label()
		if p.regions[name] {
			name = fmt.Sprintf("%s (%s %s)", name, c.Kind, c.ID)
		}
		for n := 2; p.regions[name]; n++ {
			name = fmt.Sprintf("%s (%s %s, %d)", t.Label(), c.Kind, c.ID, n)
		}
		p.regions[name] = true
		t.Region = name
	}
}
