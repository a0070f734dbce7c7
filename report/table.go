package report

// A table is any table of a page, built by the report and drawn by
// templates/table.html. Cells are text: the report formats every figure once,
// so a table and the narrative beside it print a number the same way.
type table struct {
	Caption string
	Columns []column
	Rows    []tableRow
}

// A column names a table column; numeric columns align right.
type column struct {
	Name string
	Num  bool
}

// A tableRow is one row; Start marks the first row of a group, such as a
// new key, which the stylesheet sets off with a rule.
type tableRow struct {
	Cells []string
	Start bool
}

// label and num build columns: a column of names and one of figures.
func label(name string) column { return column{Name: name} }
func num(name string) column   { return column{Name: name, Num: true} }

// add appends a row, starting a group when start is true.
func (t *table) add(start bool, cells ...string) {
	t.Rows = append(t.Rows, tableRow{Cells: cells, Start: start})
}
