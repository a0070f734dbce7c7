package report

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/partlab/partlab/report/internal/reporttest"
	"github.com/partlab/partlab/sim"
)

// lab is the Day 24 lab's scenario, computed.
func lab(t testing.TB) Notebook { return computed(reporttest.Lab(t)) }

// TestLabGolden renders the Day 24 page and results.json twice: both renders
// must be byte-identical and equal the files in testdata/.
func TestLabGolden(t *testing.T) { goldenPage(t, "day-24-partitions", lab) }

// cellOf returns the HTML of the computation cell with the given id.
func cellOf(t *testing.T, page, id string) string {
	t.Helper()
	_, rest, ok := strings.Cut(page, `id="cell-`+id+`">`)
	if !ok {
		t.Fatalf("the page has no cell %q", id)
	}
	c, _, _ := strings.Cut(rest, "</section>")
	return c
}

// labNarrative returns the generated narrative of a cell, as text.
func labNarrative(t *testing.T, page, id string) string {
	t.Helper()
	_, rest, ok := strings.Cut(cellOf(t, page, id), `<div class="narrative prose">`)
	if !ok {
		t.Fatalf("cell %q has no narrative", id)
	}
	n, _, _ := strings.Cut(rest, "\n</div>\n</div>")
	return n
}

// TestLabFigures checks that the Day 24 page carries the lab's reference
// figures, in its tables and its narrative.
func TestLabFigures(t *testing.T) {
	nb := lab(t)
	got := page(t, nb, copied)
	spread := cellOf(t, got, "spread")
	for p, n := range []int{31, 29, 30, 30, 30, 30, 31, 29} {
		if !strings.Contains(spread, fmt.Sprintf(`<td>p%d</td><td class="num">%d</td>`, p, n)) {
			t.Errorf("the spread lacks p%d with %d keys", p, n)
		}
	}
	for _, probe := range [][]string{{"cart-9", "p6"}, {"order-7", "p2"}, {"user-42", "p3"}, {"payment-3", "p2"}} {
		if !strings.Contains(spread, htmlRow(probe, func(int) bool { return false })) {
			t.Errorf("the spread lacks %s → %s", probe[0], probe[1])
		}
	}
	ceiling := cellOf(t, got, "ceiling")
	for _, row := range [][]string{
		{"1", "6.40", "125", "1.00", "1", "0", "800"},
		{"2", "3.20", "250", "2.00", "2", "0", "400"},
		{"4", "1.60", "500", "4.00", "4", "0", "200"},
		{"8", "0.80", "1000", "8.00", "8", "0", "100"},
		{"16", "0.80", "1000", "8.00", "8", "8", "100"},
	} {
		if !strings.Contains(ceiling, htmlRow(row, func(int) bool { return true })) {
			t.Errorf("the ceiling lacks the row %v", row)
		}
	}
	if !strings.Contains(ceiling, `<tr class="mark"><td class="num">8</td>`) {
		t.Error("the ceiling does not mark C = P")
	}
	for id, wants := range map[string][]string{
		"spread":   {"The 240 keys fan out over 8 of the 8 partitions, 29 to 31 keys each.", "The one key user-42, sent 50 times, landed in 1 partition, p3, every time.", "Spread for the crowd, a fixed home for the individual"},
		"ceiling":  {"8.00× at 8 (C = P): each time the ideal min(C, P)", "it stays flat: 8.00× at C = 16, with 8 of the 16 consumers idle.", "the partition count is the hard ceiling"},
		"skewed":   {"they hold 0 to 600 records", "reads 600 of the 2400 records, so the speedup is 4.00× against an ideal of 8: 4.00× lost to the skew, and 2 of the 8 consumers own only empty partitions."},
		"ordering": {"p0 and p2 reach the application scrambled: 6 times", "Per key yes, globally no"},
		"global":   {"The one key puts every record in p5", "only 1 of the 8 partitions holds records"},
		"grow":     {"moves 4,895 of the 10,000 keys (48.95%)", "The busy key user-7 moves from p8 to p20: its 500 older records stay in p8, and of the 500 written after the change, 500 can be read before them.", "Treat the partition count as close to permanent"},
		"share":    {"splits the 6 partitions 2, 2, 1 and 1: all 4 do useful work.", "gives the 6 partitions to 6 of them, 1, 1, 1, 1, 1 and 1; 4 sit idle", "the most consumers that can do useful work is 6", "add partitions first"},
		"sizing":   {"⌈60,000 ÷ 5,000⌉ = 12 partitions", "With 50% headroom, 18", "open file handles and memory", "more, smaller batches"},
		"groups":   {"Every group received every record: A 600 of 600 and B 600 of 600.", "the 3 members read 200, 200 and 200 records", "Queue within a group, pub/sub across groups"},
	} {
		text := labNarrative(t, got, id)
		for _, want := range wants {
			if !strings.Contains(text, want) {
				t.Errorf("the %s narrative lacks %q:\n%s", id, want, text)
			}
		}
	}
	var scoreboard string // a predictions cell names no id: its kind and number do
	for _, c := range nb.Scenario.Cells {
		if c.Kind == "predictions" {
			scoreboard = c.ID
		}
	}
	scores := cellOf(t, got, scoreboard)
	for _, row := range [][]string{
		{"P1", "1", "0", "spread.hot_partitions"},
		{"P2", "8", "0.5", "ceiling.speedup@8"},
		{"P3", "8", "0", "ceiling.idle@16"},
		{"P4", "0", "0", "ordering.key_inversions"},
	} {
		for _, want := range []string{
			fmt.Sprintf(`data-verdict="%s" data-actual="%s" data-tolerance="%s"`, row[0], row[1], row[2]),
			htmlRow([]string{row[0], row[1], row[3]}, func(i int) bool { return i == 1 }),
		} {
			if !strings.Contains(scores, want) {
				t.Errorf("the scoreboard lacks %s", want)
			}
		}
	}
}

// labOnly is a scenario of the given lab cells, one per line.
func labOnly(cells ...string) string {
	return "title: t\ncells:\n  - " + strings.Join(cells, "\n  - ") + "\n"
}

// TestLabNarrativeFollowsTheData renders lab cells whose numbers say other
// things than the lab's: each narrative states what its numbers say, and no
// conclusion they do not support.
func TestLabNarrativeFollowsTheData(t *testing.T) {
	// stays is a key whose murmur2 partition is the same at 12 and 24.
	stays := ""
	pt, err := sim.PartitionerByName("murmur2", 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; stays == ""; i++ {
		if k := fmt.Sprintf("user-%d", i); pt.Partition([]byte(k), 12) == pt.Partition([]byte(k), 24) {
			stays = k
		}
	}
	tests := []struct {
		name     string
		scenario string
		id       string
		edit     func(nb *Notebook) // changes the results before the render
		want     func(r sim.Result) []string
		not      []string
	}{
		{
			name:     "a spread that leaves partitions empty",
			scenario: labOnly("spread: {id: s, keys: [a, b, c], partitions: 8, hot: {key: a, count: 5}}"),
			id:       "s",
			want: func(r sim.Result) []string {
				s := r.(*sim.SpreadResult)
				return []string{
					fmt.Sprintf("The 3 keys fan out over %d of the 8 partitions", s.Covered),
					fmt.Sprintf("; %d partitions got none.", 8-s.Covered),
					fmt.Sprintf("The one key a, sent 5 times, landed in 1 partition, p%d, every time.", s.Hot.Partitions[0]),
					"The hot key keeps a fixed home, but these keys do not reach every partition",
				}
			},
			not: []string{"Spread for the crowd"},
		},
		{
			name:     "a spread without a hot key",
			scenario: labOnly(`spread: {id: s, keys: "k-{0..99}", partitions: 4}`),
			id:       "s",
			want:     func(sim.Result) []string { return []string{"The 100 keys fan out over 4 of the 4 partitions"} },
			not:      []string{"Spread for the crowd", "hot key", "The one key", "named keys"},
		},
		{
			name:     "partitions that do not split evenly",
			scenario: labOnly("throughput: {id: t, partitions: 6, consumers: [1, 4, 6, 12]}"),
			id:       "t",
			want: func(sim.Result) []string {
				return []string{
					"1.00× at 1 consumer, 3.00× at 4 and 6.00× at 6 (C = P).",
					"At C = 4 the 6 partitions do not split evenly: the group waits for the consumer that reads 200 records, and gets 3.00× against an ideal of 4.",
					"it stays flat: 6.00× at C = 12, with 6 of the 12 consumers idle.",
				}
			},
			not: []string{"each time the ideal", "not equal", "Measured"},
		},
		{
			name:     "a group that never reaches the partition count",
			scenario: labOnly("throughput: {id: t, partitions: 8, consumers: [1, 2]}"),
			id:       "t",
			want: func(sim.Result) []string {
				return []string{"The modelled speedup is 1.00× at 1 consumer and 2.00× at 2: each time the ideal min(C, P)"}
			},
			not: []string{"C = P", "Past the partition count", "hard ceiling"},
		},
		{
			name:     "a measured run close to the model",
			scenario: labOnly("throughput: {id: t, partitions: 8, consumers: [1, 8, 16]}"),
			id:       "t",
			edit:     measured(0.97),
			want: func(sim.Result) []string {
				return []string{
					"Measured on a &lt;b&gt;test&lt;/b&gt; machine: 7.76× at C = 8 against the model's 8.00×, 3.00% apart.",
					"trust the shape, not the third decimal",
					"<caption><span>Measured on a &lt;b&gt;test&lt;/b&gt; machine</span></caption>",
				}
			},
			not: []string{"strays"},
		},
		{
			name:     "a measured run far from the model",
			scenario: labOnly("throughput: {id: t, partitions: 8, consumers: [1, 8, 16]}"),
			id:       "t",
			edit:     measured(0.5),
			want: func(sim.Result) []string {
				return []string{"4.00× at C = 8 against the model's 8.00×, 50.00% apart. The real run strays from the model by more than 10%"}
			},
			not: []string{"trust the shape"},
		},
		{
			name:     "two keys in one partition",
			scenario: labOnly("ordering: {id: o, records: 10, keys: [a, b], partitions: 1}"),
			id:       "o",
			want: func(sim.Result) []string {
				return []string{"The 10 records under 2 keys land in 1 of the 1 partition.", "These keys put every record in p0: the application sees the production order"}
			},
			not: []string{"scrambled", "Per key yes, globally no", "Read together"},
		},
		{
			name:     "a busy key that keeps its partition",
			scenario: labOnly(`repartition: {id: r, keys: "user-{0..999}", from: 12, to: 24, busy: ` + stays + `}`),
			id:       "r",
			want: func(r sim.Result) []string {
				rr := r.(*sim.RepartitionResult)
				return []string{
					fmt.Sprintf("The busy key %s stays in p%d, so its order survives this change, by the luck of its hash and not by design.", stays, rr.BusyFrom),
					"Treat the partition count as close to permanent",
				}
			},
			not: []string{"Per-key order across the change is gone"},
		},
		{
			name:     "groups no larger than the partition count",
			scenario: labOnly("assignment: {id: a, partitions: 6, consumers: [2, 3]}"),
			id:       "a",
			want: func(sim.Result) []string {
				return []string{"splits the 6 partitions 3 and 3: all 2 do useful work.", "In every group each partition has exactly one owner."}
			},
			not: []string{"add partitions first", "the most consumers that can do useful work", "idle"},
		},
		{
			name:     "one group of one",
			scenario: labOnly("groups: {id: g, partitions: 4, groups: [{name: solo, consumers: 1}]}"),
			id:       "g",
			want: func(sim.Result) []string {
				return []string{"Every group received every record: solo 400 of 400.", "Within solo, the one member reads all 4 partitions, 400 records."}
			},
			not: []string{"Queue within a group"},
		},
		{
			name:     "a group larger than the topic",
			scenario: labOnly("groups: {id: g, partitions: 4, groups: [{name: big, consumers: 6}, {name: solo, consumers: 1}]}"),
			id:       "g",
			want: func(sim.Result) []string {
				return []string{"Within big, the 6 members read 100, 100, 100, 100, 0 and 0 records, from 1, 1, 1, 1, 0 and 0 partitions.", "Queue within a group, pub/sub across groups"}
			},
		},
		{
			name: "a scoreboard the reader fills",
			scenario: labOnly("throughput: {id: t, partitions: 8}",
				"predictions: [{name: P2, question: speedup at C = P, you: 4, actual: t.speedup@8, tolerance: 0.5}, {name: P3, actual: t.idle@16}]"),
			id: "predictions2",
			want: func(sim.Result) []string {
				return []string{
					`data-prediction="P2" aria-label="Your prediction for P2: speedup at C = P" placeholder="e.g. 4">`,
					`data-prediction="P3" aria-label="Your prediction for P3">`,
					`data-verdict="P2" data-actual="8" data-tolerance="0.5" aria-live="polite">—</td>`,
					"Type a number for each of the 2 predictions",
				}
			},
			// The narrative names no figure: the figures are the answers.
			not: []string{"you said", "the run gives", "close enough"},
		},
		{
			name:     "sizing without headroom",
			scenario: labOnly("sizing: {id: z, target: 1000, per_consumer: 300, headroom: 0}"),
			id:       "z",
			want: func(sim.Result) []string {
				return []string{"⌈1,000 ÷ 300⌉ = 4 partitions", "With no headroom the recommendation is the minimum itself"}
			},
			not: []string{"% headroom,"},
		},
		{
			name:     "keyless records, every partitioner",
			scenario: labOnly("keyless: {id: k, partitions: 6}"),
			id:       "k",
			want: func(sim.Result) []string {
				return []string{
					"as even as whole records allow",
					"The sticky partitioner fills a batch of 148 records before it moves on, and never to the partition it just left: over the first 100 records 5 partitions of 6 got none",
					"Over a short window keyless records are lumpy",
				}
			},
			not: []string{"On Kafka"},
		},
		{
			name:     "keyless records, round robin alone",
			scenario: labOnly("keyless: {id: k, partitions: 4, windows: [10, 100], partitioners: [roundrobin]}"),
			id:       "k",
			want: func(sim.Result) []string {
				return []string{"over 100 records the partitions get 25 each, as even as whole records allow"}
			},
			not: []string{"lumpy", "sticky", "uniform"},
		},
		{
			name:     "keyless records that Kafka deals otherwise",
			scenario: labOnly("keyless: {id: k, partitions: 6, partitioners: [sticky]}"),
			id:       "k",
			edit: func(nb *Notebook) {
				r := nb.Results.All[0].Result.(*sim.KeylessResult)
				seq := make([]int, len(r.Rows[0].Sequence))
				for i := range seq {
					seq[i] = i / 118 % 6
				}
				row := sim.NewKeylessRow("sticky", 148, seq, 6, r.Spec.Windows)
				alsoFound(nb, 0, func(c *sim.Computed) { c.Kafka = sim.KeylessCompare("kfake", r, []sim.KeylessRow{row}) })
			},
			want: func(sim.Result) []string {
				return []string{"On Kafka (kfake) franz-go's own partitioners dealt the same records", "Some compared figures differ: sticky's stick, 118 on Kafka against 148."}
			},
			not: []string{"Everything that does not hang on a random draw agrees"},
		},
		{
			name:     "lag with a hot key",
			scenario: labOnly("lag: {id: l, partitions: 6, rate: 600, hot: 40, per_consumer: 250}"),
			id:       "l",
			want: func(sim.Result) []string {
				return []string{"so partition p0 takes 300 a step and the others at most 60", "Adding consumers helps up to 6 consumers and no further (12 do no better), because p0 is read by one consumer", "its lag grows by 50 every step"}
			},
			not: []string{"keeps up", "burst"},
		},
		{
			name:     "lag a group only just keeps up with",
			scenario: labOnly("lag: {id: l, partitions: 4, rate: 400, per_consumer: 100, consumers: [2, 4], burst: {at: 3, records: 400}}"),
			id:       "l",
			want: func(sim.Result) []string {
				return []string{"With 2 consumers the group ends", "Adding consumers helps up to 4 consumers: there the group still ends 400 records behind.", "The burst of 400 records at step 3 has not drained by the last step, even at 4 consumers."}
			},
			not: []string{"hot key", "no further", "keeps up"},
		},
		{
			name:     "lag a burst drains from",
			scenario: labOnly("lag: {id: l, partitions: 2, rate: 100, per_consumer: 100, consumers: [1, 2], steps: 9, burst: {at: 2, records: 200}}"),
			id:       "l",
			want: func(sim.Result) []string {
				return []string{"The burst of 200 records at step 2 is drained 1 step after it came, at 2 consumers.", "there the group keeps up and ends with no lag."}
			},
			not: []string{"hot key", "has not drained"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb := notebook(t, "n.yaml", tt.scenario)
			if tt.edit != nil {
				tt.edit(&nb)
			}
			got := page(t, nb, copied)
			html, text := cellOf(t, got, tt.id), labNarrative(t, got, tt.id)
			for _, want := range tt.want(nb.Results.All[len(nb.Results.All)-1].Result) {
				if !strings.Contains(html, want) {
					t.Errorf("the cell lacks %q; its narrative:\n%s", want, text)
				}
			}
			for _, not := range tt.not {
				if strings.Contains(text, not) {
					t.Errorf("the narrative says %q:\n%s", not, text)
				}
			}
		})
	}
}

// measured gives a notebook's first throughput cell a measured run whose
// speedups are the model's times factor, as a machine might measure them.
func measured(factor float64) func(*Notebook) {
	return func(nb *Notebook) {
		r := nb.Results.All[0].Result.(*sim.ThroughputResult)
		m := &sim.ThroughputMeasurement{Machine: "a <b>test</b> machine"}
		for _, row := range r.Rows {
			row.Speedup *= factor
			row.WallS /= factor
			row.PerSecond *= factor
			m.Rows = append(m.Rows, row)
		}
		alsoFound(nb, 0, func(c *sim.Computed) { c.Measured = m })
	}
}

// TestDataFilesCSV reads every CSV file of the lesson's and the lab's pages
// with encoding/csv, as other tools would: one table per file, a header that
// names its columns and one field count. figures.csv carries every figure
// of the cells other than grids, as results.json names them, in cell order
// and, within a cell, in the order a reader counts (speedup@2 before
// speedup@16); results.csv every figure of every grid (issue 29: skew and
// drift were in neither file).
func TestDataFilesCSV(t *testing.T) {
	heads := map[string][]string{
		CSVFile:     {"cell", "key", "partitions", "consumers", "max_load"},
		FiguresFile: {"cell", "figure", "at", "value"},
	}
	for name, nb := range map[string]Notebook{"lesson": lesson(t), "lab": lab(t)} {
		tables := map[string][][]string{}
		for _, f := range DataFiles() {
			if f.Media != "text/csv" {
				continue
			}
			var buf bytes.Buffer
			if err := f.Write(&buf, nb); err != nil {
				t.Fatal(err)
			}
			r := csv.NewReader(&buf)
			r.FieldsPerRecord = 0 // every record as wide as the header
			recs, err := r.ReadAll()
			if err != nil {
				t.Fatalf("%s: %s: %v", name, f.Name, err)
			}
			if len(recs) == 0 || !slices.Equal(recs[0][:len(heads[f.Name])], heads[f.Name]) {
				t.Fatalf("%s: %s's header is %q, want it to start %q", name, f.Name, recs[0], heads[f.Name])
			}
			tables[f.Name] = recs
		}
		if len(tables) != len(heads) {
			t.Fatalf("%s: %d CSV files, want %d", name, len(tables), len(heads))
		}
		cs, err := nb.computations()
		if err != nil {
			t.Fatal(err)
		}
		var want [][]string
		gridRows := 0
		for i, c := range cs {
			if g, ok := c.Result.(*sim.GridResult); ok {
				gridRows += len(g.Rows)
				continue
			}
			figs := nb.Results.Figures(i)
			for _, n := range slices.SortedFunc(maps.Keys(figs), sim.CompareFigureNames) {
				figure, at, _ := strings.Cut(n, "@")
				want = append(want, []string{c.ID, figure, at, strconv.FormatFloat(figs[n], 'f', -1, 64)})
			}
		}
		if got := tables[FiguresFile][1:]; !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%s: figures.csv has %d rows, want %d in order:\n%q\nwant\n%q", name, len(got), len(want), got, want)
		}
		if got := len(tables[CSVFile]) - 1; got != gridRows {
			t.Errorf("%s: results.csv has %d rows, want one per grid combination, %d", name, got, gridRows)
		}
		// Every figure of a grid in results.json (figure@key/partitions/consumers)
		// is its row's column of that name in results.csv.
		head, lines := tables[CSVFile][0], map[string][]string{}
		for _, rec := range tables[CSVFile][1:] {
			lines[strings.Join(rec[:4], "/")] = rec
		}
		for i, c := range cs {
			if _, ok := c.Result.(*sim.GridResult); !ok {
				continue
			}
			for n, v := range nb.Results.Figures(i) {
				figure, at, _ := strings.Cut(n, "@")
				col, rec := slices.Index(head, figure), lines[c.ID+"/"+at]
				if col < 0 || rec == nil {
					t.Errorf("%s: results.json's %s of cell %s is in no column of results.csv", name, n, c.ID)
					continue
				}
				if want := strconv.FormatFloat(v, 'f', -1, 64); rec[col] != want {
					t.Errorf("%s: results.csv's %s of cell %s is %s, results.json's %s", name, n, c.ID, rec[col], want)
				}
			}
		}
	}
}

// In the lab's figures.csv a family's members that are counts go up as
// numbers, and one family reaches two digits, so the order is seen.
func TestFiguresCSVCountsInOrder(t *testing.T) {
	var buf bytes.Buffer
	if err := FiguresCSV(&buf, lab(t)); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	twoDigits := false
	for i := 2; i < len(recs); i++ {
		prev, cur := recs[i-1], recs[i]
		a, errA := strconv.Atoi(prev[2])
		b, errB := strconv.Atoi(cur[2])
		if errA != nil || errB != nil || prev[0] != cur[0] || prev[1] != cur[1] {
			continue
		}
		twoDigits = twoDigits || b >= 10
		if a >= b {
			t.Errorf("figures.csv lines %d and %d: %s.%s@%d before @%d", i, i+1, cur[0], cur[1], a, b)
		}
	}
	if !twoDigits {
		t.Error("no family in the lab reaches a two-digit member: the test shows nothing")
	}
}

// A spread over a list of partition counts charts the spread against P,
// with its table, and says what it shows, every number the engine's.
func TestSpreadAlongPage(t *testing.T) {
	nb := notebook(t, "along.yaml", "title: t\ncells:\n  - spread: {id: sp, keys: 'user-{0..239}', partitions: [1, 2, 8, 12, 300]}\n")
	r := nb.Results.All[0].Result.(*sim.SpreadResult)
	got := page(t, nb, copied)
	widest, _ := r.Row(12)
	empty, _ := r.Row(300)
	for _, want := range []string{
		`id="chart_sp_along"`,
		"Keys per partition against the partition count",
		fmt.Sprintf("From 1 partition to 300, the fullest partition holds %d keys at first and %d at last", r.Along[0].Most, r.Along[4].Most),
		fmt.Sprintf("the gap between the fullest and the emptiest is widest at 12 partitions, %d against %d keys", widest.Most, widest.Fewest),
		fmt.Sprintf("At 300 partitions, the first count that leaves a partition without a key, %d of them hold one.", empty.Covered),
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the page has no %q", want)
		}
	}
	var text strings.Builder
	if err := Text(&text, nb); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("%10d %8d %9d %11.2f %11d\n", 12, widest.Most, widest.Fewest, widest.Share, widest.Covered); !strings.Contains(text.String(), want) {
		t.Errorf("text output has no row %q:\n%s", want, text.String())
	}
	if v, err := nb.Results.Figure("sp.most@8"); err != nil || v != 31 {
		t.Errorf("sp.most@8 = %v, %v; want the lab's 31", v, err)
	}
}
