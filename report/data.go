package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/partlab/partlab/internal/sheet"
	"github.com/partlab/partlab/report/format"
	"github.com/partlab/partlab/sim"
)

// ResultsFormat is the version of results.json's layout, its "format"
// field. It goes up when a field is renamed or removed or its meaning
// changes, so that a tool can refuse a layout it does not know; a field
// added leaves it as it is.
const ResultsFormat = 1

// JSON writes the notebook's results as {"format":…,"title":…,"cells":[…]},
// one entry per computation in cell order. The field names are a contract
// other tools read, versioned by ResultsFormat.
func JSON(w io.Writer, nb Notebook) error {
	doc := struct {
		Format int    `json:"format"`
		Title  string `json:"title"`
		Cells  []any  `json:"cells"`
	}{ResultsFormat, nb.Scenario.Title, []any{}}
	cs, err := nb.computations()
	if err != nil {
		return err
	}
	for i, c := range cs {
		entry, err := nb.entry(i, c)
		if err != nil {
			return err
		}
		doc.Cells = append(doc.Cells, entry)
	}
	return writeJSON(w, doc)
}

// writeJSON writes v as results.json does: indented by two spaces.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// entry is the i-th computation's entry in results.json.
func (nb Notebook) entry(i int, c computation) (cellJSON, error) {
	entry := cellJSON{result: c.Result, Figures: nb.Results.Figures(i), Conclusions: map[string]bool{}}
	if c.json != nil {
		var err error
		if entry.result, err = c.json(c.cell); err != nil {
			return cellJSON{}, err
		}
	}
	if c.conclusions != nil {
		var err error
		if entry.Conclusions, err = c.conclusions(nb, c.cell); err != nil {
			return cellJSON{}, err
		}
	}
	return entry, nil
}

// cellJSON is a computation's entry in results.json: its result's own
// fields, then its named figures (as expect: and predictions name them) and
// its story's conclusions, the two maps diff compares.
type cellJSON struct {
	result      any
	Figures     map[string]float64 `json:"figures"`
	Conclusions map[string]bool    `json:"conclusions"`
}

// MarshalJSON writes the result's object with figures and conclusions added
// as its last two fields; encoding/json sorts the maps' keys.
func (c cellJSON) MarshalJSON() ([]byte, error) {
	body, err := json.Marshal(c.result)
	if err != nil {
		return nil, err
	}
	tail, err := json.Marshal(struct {
		Figures     map[string]float64 `json:"figures"`
		Conclusions map[string]bool    `json:"conclusions"`
	}{c.Figures, c.Conclusions})
	if err != nil {
		return nil, err
	}
	if len(body) < 2 || body[0] != '{' || body[len(body)-1] != '}' {
		return nil, fmt.Errorf("a cell's result is not a JSON object: %.20s", body)
	}
	if len(body) > 2 {
		body = append(body[:len(body)-1], ',')
	} else {
		body = body[:1]
	}
	return append(body, tail[1:]...), nil
}

// FiguresCSV writes figures.csv: the named figures of every cell other than
// a grid, in the long form cell, figure, at (the consumer count, key or name
// after the figure's @, empty for a figure without one) and value, as
// results.json names them; in cell order, and within a cell in
// sim.CompareFigureNames' order. It is one table with its header, even when
// no cell has a figure.
func FiguresCSV(w io.Writer, nb Notebook) error {
	cs, err := nb.computations()
	if err != nil {
		return err
	}
	cw := sheet.NewWriter(w)
	cw.Write([]string{"cell", "figure", "at", "value"})
	for i, c := range cs {
		if _, ok := c.Result.(*sim.GridResult); ok {
			continue
		}
		figs := nb.Results.Figures(i)
		for _, name := range slices.SortedFunc(maps.Keys(figs), sim.CompareFigureNames) {
			figure, at, _ := strings.Cut(name, "@")
			cw.Write([]string{c.ID, figure, at, strconv.FormatFloat(figs[name], 'f', -1, 64)})
		}
	}
	cw.Flush()
	return cw.Error()
}

// CSV writes results.csv: one line per grid combination, under its header
// even when there is no grid: the lesson's columns, the skew and drift, the
// modelled speedup, the loads and partition sizes (space-separated), and one
// deviation column per region, all the simulation's: every figure a grid
// names in results.json is a column. When a grid was measured on Kafka, columns of
// Kafka's figures and the differing ones follow. The other cells' figures
// are in figures.csv (FiguresCSV): one table per file, so that every line of
// a file has its header's fields.
func CSV(w io.Writer, nb Notebook) error {
	var grids []cell
	var regions []string
	onKafka := false
	for _, c := range nb.cells() {
		if g, ok := c.Result.(*sim.GridResult); ok {
			grids = append(grids, c)
			onKafka = onKafka || gridKafka(c.Computed) != nil
			for _, s := range g.Baseline.Serving {
				if !slices.Contains(regions, s.Region) {
					regions = append(regions, s.Region)
				}
			}
		}
	}
	cw := sheet.NewWriter(w)
	head := []string{"cell", "key", "partitions", "consumers", "max_load", "min_load", "idle", "split", "rows", "lost", "skew", "drift", "speedup", "ideal", "loads", "sizes"}
	for _, reg := range regions {
		head = append(head, "deviation_"+reg)
	}
	if onKafka {
		head = append(head, kafkaHead...)
	}
	cw.Write(head)
	for _, c := range grids {
		g := c.Result.(*sim.GridResult)
		for i, row := range g.Rows {
			rec := []string{g.ID, string(row.Key), itoa(row.Partitions), itoa(row.Consumers),
				itoa(row.MaxLoad), itoa(row.MinLoad), itoa(row.Idle), itoa(row.Split), itoa(row.Rows), itoa(row.Lost),
				strconv.FormatFloat(row.Skew, 'f', -1, 64), strconv.FormatFloat(row.Drift, 'f', -1, 64),
				strconv.FormatFloat(row.Speedup, 'f', -1, 64), itoa(row.Ideal), ints(row.Loads), ints(row.Sizes)}
			for _, reg := range regions {
				v, ok := row.Deviation.Get(reg)
				cellText := ""
				if ok {
					cellText = strconv.FormatFloat(v, 'f', -1, 64)
				}
				rec = append(rec, cellText)
			}
			if onKafka {
				rec = append(rec, kafkaColumns(g, gridKafka(c.Computed), i)...)
			}
			cw.Write(rec)
		}
	}
	cw.Flush()
	return cw.Error()
}

func itoa(n int) string { return strconv.Itoa(n) }

func ints(xs []int) string { return strings.Join(format.Ints(xs), " ") }
