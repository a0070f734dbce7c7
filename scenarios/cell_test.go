package scenarios

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

// fileOf is a scenario file of the same source and cells as a ParseCell
// request, each on one line.
func fileOf(source string, cells []CellSpec) string {
	var b strings.Builder
	b.WriteString("title: cell\n")
	if source != "" {
		fmt.Fprintf(&b, "source: %s\n", source)
	}
	b.WriteString("cells:\n")
	for _, c := range cells {
		fmt.Fprintf(&b, "  - %s: %s\n", c.Kind, c.Spec)
	}
	return b.String()
}

func TestParseCell(t *testing.T) {
	grid := CellSpec{sim.KindGrid, []byte(`{id: g, keys: [record], partitions: [2, 4]}`)}
	s, err := ParseCell("cell", []byte("{seed: 7}"), []CellSpec{grid},
		CellSpec{sim.KindThroughput, []byte("from: {grid: g, key: record, partitions: 4}\nconsumers: [1, 2]\nanswer: true\n")})
	if err != nil {
		t.Fatal(err)
	}
	if s.Source != (sim.Source{Seed: 7, Subscribers: 200, Periods: 12}) || len(s.Cells) != 2 {
		t.Fatalf("source %+v, %d cells; want seed 7 over the default source, two cells", s.Source, len(s.Cells))
	}
	g, c := s.Cells[0], s.Cells[1]
	if !reflect.DeepEqual(g.Sim.(sim.Grid).Consumers, []int{4}) || g.Input != "grid: {id: g, keys: [record], partitions: [2, 4]}\n" {
		t.Errorf("grid %+v, input %q; want the default consumers and the spec on one line", g.Sim, g.Input)
	}
	tp := c.Sim.(sim.Throughput)
	if c.ID != "throughput2" || !c.Answer || tp.From == nil || tp.From.Grid != "g" || tp.Work.String() != "8ms" {
		t.Errorf("throughput %+v (id %q, answer %v); want throughput2 from g, 8ms of work, behind an answer", tp, c.ID, c.Answer)
	}
	if want := "throughput:\n  from: {grid: g, key: record, partitions: 4}\n  consumers: [1, 2]\n  answer: true\n"; c.Input != want {
		t.Errorf("input %q, want %q", c.Input, want)
	}
}

// TestParseCellErrors: a cell's errors are a scenario file's, at the
// piece's own lines and under the cell's path; every message is the one
// the same cells get in a file.
func TestParseCellErrors(t *testing.T) {
	grid := func(spec string) CellSpec { return CellSpec{sim.KindGrid, []byte(spec)} }
	for _, tc := range []struct {
		name   string
		source string
		above  []CellSpec
		cell   CellSpec
		want   string
		file   bool // the file gets the same messages
	}{
		{"out of bounds", "", nil, grid(`{keys: [record], partitions: [0]}`),
			"cell:1:31: grid.partitions[0]: must be between 1 and 4096 (got 0)", true},
		{"an unknown field, near one", "", nil, grid(`{keys: [record], partitons: [2]}`),
			"cell:1:18: grid.partitons: unknown field (want one of answer, assignor, consumers, deviation, engine, id, keys, partitioner, partitions) (did you mean \"partitions\"?)", true},
		{"the source", "{periods: 13}", nil, grid(`{keys: [record], partitions: [2]}`),
			"cell:1:11: source.periods: must be between 1 and 12 (got 13)", true},
		{"a cell above", "", []CellSpec{grid(`{keys: [recod], partitions: [2]}`)}, CellSpec{sim.KindSizing, []byte(`{target: 10, per_consumer: 1}`)},
			`cell:1:9: above[0].grid.keys[0]: unknown name "recod" (want one of none, period, record, region, subscriber, type)`, true},
		{"a reference to no cell above", "", nil, CellSpec{sim.KindThroughput, []byte(`{from: {grid: g, key: record, partitions: 4}}`)},
			`cell:1:15: throughput.from.grid: no grid cell "g" before this cell`, true},
		{"nothing", "", nil, grid(""),
			"cell:1:1: grid: must be a mapping with fields assignor, consumers, deviation, engine, id, keys, partitioner, partitions", true},
		{"a duplicate id", "", []CellSpec{grid(`{id: a, keys: [record], partitions: [2]}`)}, grid(`{id: a, keys: [record], partitions: [2]}`),
			`cell:1:1: grid.id: duplicate id "a"`, false},
		{"the Kafka engine", "", nil, grid(`{keys: [record], partitions: [2], engine: both}`),
			`cell:1:43: grid.engine: a page computes with the sim engine only (got "both"); the Kafka engine runs on the command line`, false},
		{"no computation", "", nil, CellSpec{Markdown, []byte("hi")},
			"cell:1:1: md: unknown computation (want one of " + strings.Join(kindNames(), ", ") + ")", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCell("cell", []byte(tc.source), tc.above, tc.cell)
			if err == nil || err.Error() != tc.want {
				t.Fatalf("got  %v\nwant %s", err, tc.want)
			}
			if !tc.file {
				return
			}
			_, fileErr := Parse(strings.NewReader(fileOf(tc.source, append(tc.above, tc.cell))), "f.yaml")
			if got, want := messages(err), messages(fileErr); !reflect.DeepEqual(got, want) {
				t.Errorf("messages %q, the file's %q", got, want)
			}
		})
	}
}

// TestParseCellBounds: a request holds no more cells and no more bytes
// than a scenario file: 63 cells above and the cell itself, the source and
// the specs at most MaxFileSize bytes together.
func TestParseCellBounds(t *testing.T) {
	grids := func(n int) []CellSpec {
		return slices.Repeat([]CellSpec{{sim.KindGrid, []byte(`{keys: [record], partitions: [2]}`)}}, n)
	}
	comment := "# " + strings.Repeat("x", MaxFileSize/2) + "\n"
	for _, tc := range []struct {
		name   string
		source string
		above  []CellSpec
		want   string // the error, "" for none
	}{
		{"as many cells as a file", "", grids(MaxAbove), ""},
		{"one cell more", "", grids(MaxAbove + 1), "cell:1:1: above: has 64 entries; at most 63 are allowed"},
		{"ten thousand", "", grids(10_000), "cell:1:1: above: has 10000 entries; at most 63 are allowed"},
		{"each piece within the bound, not all", comment, []CellSpec{{sim.KindGrid, []byte(comment + `{keys: [record], partitions: [2]}`)}},
			fmt.Sprintf("cell:1:1: the request's source and specs are larger than %d bytes, a scenario file's bound", MaxFileSize)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseCell("cell", []byte(tc.source), tc.above, CellSpec{sim.KindSizing, []byte(`{target: 10, per_consumer: 1}`)})
			if got := fmt.Sprint(err); (tc.want == "" && err != nil) || (tc.want != "" && got != tc.want) {
				t.Errorf("got %v, want %q", err, tc.want)
			}
			if err := CheckAbove("cell", len(tc.above)); (err == nil) != (len(tc.above) <= MaxAbove) {
				t.Errorf("CheckAbove(%d) = %v", len(tc.above), err)
			}
		})
	}
}

func messages(err error) []string {
	var list ErrorList
	if !errors.As(err, &list) {
		return []string{fmt.Sprint(err)}
	}
	var out []string
	for _, e := range list {
		out = append(out, e.Msg)
	}
	return sorted(out)
}

// TestCheckBudget: a cell over the budget is refused at its place and path
// with the budget's message.
func TestCheckBudget(t *testing.T) {
	s, err := ParseCell("cell", []byte("{subscribers: 1000}"), nil, CellSpec{sim.KindGrid, []byte(`{keys: [record], partitions: [2, 3], consumers: [1, 2]}`)})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CheckBudget(sim.DefaultBudget(), false); err != nil {
		t.Errorf("within the default budget: %v", err)
	}
	err = s.CheckBudget(sim.Budget{Visits: 10, Rows: 1 << 20, Output: 1 << 30}, false)
	if err == nil || !strings.HasPrefix(err.Error(), "cell:1:1: grid: this grid needs ") || !strings.HasSuffix(err.Error(), "record visits; the limit is 10 (raise it with --max-visits)") {
		t.Errorf("over the budget: %v", err)
	}
}
