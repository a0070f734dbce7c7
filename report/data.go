package report

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"

	"partlab/sim"
)

// JSON writes the notebook's results as {"title":…,"cells":[…]}, one entry per
// computation in cell order. The field names are a contract other tools read.
func JSON(w io.Writer, nb Notebook) error {
	doc := struct {
		Title string `json:"title"`
		Cells []any  `json:"cells"`
	}{nb.Scenario.Title, []any{}}
	cs, err := nb.computations()
	if err != nil {
		return err
	}
	for _, c := range cs {
		if c.json != nil {
			doc.Cells = append(doc.Cells, c.json(c.cell))
		} else {
			doc.Cells = append(doc.Cells, c.Result)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// CSV writes one line per grid combination: the lesson's columns, the loads
// and partition sizes (space-separated), the modelled speedup, and one
// deviation column per region, all the simulation's. When a grid was measured
// on Kafka, columns of Kafka's figures and the differing ones follow.
func CSV(w io.Writer, nb Notebook) error {
	var grids []cell
	var regions []string
	onKafka := false
	for _, c := range nb.cells() {
		if g, ok := c.Result.(*sim.GridResult); ok {
			grids = append(grids, c)
			onKafka = onKafka || c.Observed != nil
			for _, s := range g.Baseline.Serving {
				if !slices.Contains(regions, s.Region) {
					regions = append(regions, s.Region)
				}
			}
		}
	}
	cw := csv.NewWriter(w)
	head := []string{"cell", "key", "partitions", "consumers", "max_load", "min_load", "idle", "split", "rows", "lost", "speedup", "ideal", "loads", "sizes"}
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
				rec = append(rec, kafkaColumns(g, c.Observed, i)...)
			}
			cw.Write(rec)
		}
	}
	cw.Flush()
	return cw.Error()
}

func itoa(n int) string { return strconv.Itoa(n) }

func ints(xs []int) string { return strings.Join(itoaAll(xs), " ") }
