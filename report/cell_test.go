package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"context"
	"github.com/partlab/partlab/scenarios/load"
	"github.com/partlab/partlab/sim"
)

// TestRenderCell: every computation of the shipped scenarios, rendered
// alone, is its page's body of the cell and its results.json's entry.
func TestRenderCell(t *testing.T) {
	for _, file := range []string{"../scenarios/messaging-systems.yaml", "../scenarios/day-24-partitions.yaml", "../scenarios/rebalances.yaml"} {
		s, err := load.Scenario(file)
		if err != nil {
			t.Fatal(err)
		}
		rs, err := sim.Run(context.Background(), s.Source, s.SimCells())
		if err != nil {
			t.Fatal(err)
		}
		nb := Notebook{Scenario: s, Results: rs}
		rendered, err := RenderPage(nb, copied)
		if err != nil {
			t.Fatal(err)
		}
		var doc bytes.Buffer
		if err := JSON(&doc, nb); err != nil {
			t.Fatal(err)
		}
		var results struct{ Cells []json.RawMessage }
		if err := json.Unmarshal(doc.Bytes(), &results); err != nil {
			t.Fatal(err)
		}
		for i, raw := range results.Cells {
			c, err := RenderCell(nb, i)
			if err != nil {
				t.Fatal(err)
			}
			var entry bytes.Buffer
			json.Indent(&entry, raw, "", "  ")
			entry.WriteByte('\n')
			switch {
			case !bytes.Contains(rendered.HTML, []byte(c.HTML)):
				t.Errorf("%s: cell %d is not its page's body:\n%.300s", file, i, c.HTML)
			case !bytes.Equal(c.JSON, entry.Bytes()):
				t.Errorf("%s: cell %d's JSON is not its entry of results.json:\n%.300s", file, i, c.JSON)
			case !strings.Contains(string(c.HTML), string(c.Narrative)):
				t.Errorf("%s: cell %d's narrative is not its body's", file, i)
			}
		}
		if _, err := RenderCell(nb, len(results.Cells)); err == nil {
			t.Errorf("%s: a computation past the last renders", file)
		}
	}
}
