package report

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

// withMarkdown is the lesson's source and grid with one md cell of text,
// indented as a literal block after the grid: the md text starts at line
// vocabLine, column vocabCol.
func withMarkdown(text string) string {
	return `title: Vocabulary
source: {seed: 20260218, subscribers: 200, periods: 12}
cells:
  - grid:
      id: keys
      keys: [subscriber, record, period]
      partitions: [1, 2, 4, 8]
  - offsets: {id: p0, key: subscriber, partitions: 4, compare: [record]}
  - md: |
      ` + strings.ReplaceAll(text, "\n", "\n      ") + "\n"
}

const vocabLine, vocabCol = 10, 7

// TestVocabulary checks every entry of the Markdown templates' vocabulary
// against the figures it names.
func TestVocabulary(t *testing.T) {
	nb := notebook(t, "v.yaml", withMarkdown("x"))
	g := nb.Results.All[0].Result.(*sim.GridResult)
	o := nb.Results.All[1].Result.(*sim.OffsetsResult)
	r4, _ := g.Row("record", 4, 4)
	tests := []struct {
		tmpl, want string
	}{
		{"{{ .Title }}", "Vocabulary"},
		{"{{ .Source.Seed }} {{ .Source.Subscribers }} {{ .Source.Periods }} {{ .Source.Records }}", "20260218 200 12 2400"},
		{"{{ .Baseline.Rows }}", fmt.Sprint(g.Baseline.Rows)},
		{"{{ range .Baseline.Serving }}{{ .Region }} {{ end }}", "central north east west south"},
		{`{{ (grid "keys").Records }} {{ (grid "keys").Partitioner }} {{ len (grid "keys").Rows }}`, fmt.Sprintf("%d lesson %d", g.Records, len(g.Rows))},
		{`{{ (row "keys" "record" 4).MaxLoad }} {{ (row "keys" "record" 4 4).MinLoad }} {{ (row "keys" "record" 4).Split }}`, fmt.Sprintf("%d %d %d", r4.MaxLoad, r4.MinLoad, r4.Split)},
		{`{{ (row "keys" "record" 4).Rows }} {{ (row "keys" "record" 4).Lost }} {{ (row "keys" "record" 4).Ideal }}`, fmt.Sprintf("%d %d %d", r4.Rows, r4.Lost, r4.Ideal)},
		{`{{ fixed (row "keys" "record" 4).Skew }} {{ signed (row "keys" "record" 4).Drift }}`, fmt.Sprintf("%.2f +%.2f", r4.Skew, r4.Drift)},
		{`{{ percent (row "keys" "record" 4).Lost .Baseline.Rows }}`, fmt.Sprintf("%d%%", (100*r4.Lost+g.Baseline.Rows/2)/g.Baseline.Rows)},
		{`{{ $o := offsets "p0" }}{{ $o.Subscriber }} {{ $o.LastOffset }} {{ list (index $o.Spread 1).Partitions }}`, fmt.Sprintf("%s %d 0, 1, 2 and 3", o.Subscriber, o.LastOffset)},
		{`{{ plural 1 "partition" }}, {{ plural 4 "partition" }}`, "1 partition, 4 partitions"},
	}
	for _, tt := range tests {
		t.Run(tt.tmpl, func(t *testing.T) { wantParagraph(t, withMarkdown(tt.tmpl), tt.want) })
	}
}

// wantParagraph renders a scenario and checks that its md cell prints the
// paragraph want.
func wantParagraph(t *testing.T, src, want string) {
	t.Helper()
	got := page(t, notebook(t, "v.yaml", src), copied)
	if !strings.Contains(got, "<p>"+want+"</p>") {
		_, md, _ := strings.Cut(got, `<section class="cell cell-md">`)
		t.Errorf("got %.200s, want <p>%s</p>", md, want)
	}
}

// TestVocabularyErrors checks that template errors are found by Check, as
// rendering finds them, at the file, line and column of the mistake, in the
// author's terms.
func TestVocabularyErrors(t *testing.T) {
	at := func(line, col int) string { return fmt.Sprintf("v.yaml:%d:%d: cells[2].md: template: ", line, col) }
	tests := []struct{ name, tmpl, want string }{
		{"unknown function", "text\n{{ gird \"keys\" }}", at(vocabLine+1, vocabCol) + `function "gird" not defined (did you mean "grid"?)`},
		{"unclosed action", "{{ .Title ", at(vocabLine, vocabCol) + "unclosed action"},
		{"unknown grid", "The {{ grid \"nope\" }}", at(vocabLine, vocabCol+7) + `grid "nope": no grid cell "nope" (want one of "keys")`},
		{"README's example", `{{ (grid "nope").Records }}`, at(vocabLine, vocabCol+4) + `grid "nope": no grid cell "nope" (want one of "keys")`},
		{"near grid", `{{ grid "kyes" }}`, at(vocabLine, vocabCol+3) + `grid "kyes": no grid cell "kyes" (did you mean "keys"?)`},
		{"unknown row", "{{ (row \"keys\" \"record\" 3).Rows }}", at(vocabLine, vocabCol+4) + `row "keys" "record" 3: grid "keys" has no row for key "record", 3 partitions and 4 consumers`},
		{"unknown field", "{{ .Nope }}", at(vocabLine, vocabCol+3) + `.Nope: no field "Nope" in the scenario (want one of .Title, .Source, .Baseline)`},
		{"grid field", `{{ (grid "keys").Nope }}`, `.Nope: no field "Nope" in a grid cell's results (want one of .Kind, .ID, .Partitioner, .Assignor, .Engine, .Records, .Baseline, .Rows)`},
		{"near field", `{{ (grid "keys").Recods }}`, `.Recods: no field "Recods" in a grid cell's results (did you mean "Records"?)`},
		{"row field", `{{ (row "keys" "record" 4).maxload }}`, `.maxload: no field "maxload" in a grid row (did you mean "MaxLoad"?)`},
		{"offsets field", `{{ (offsets "p0").Nope }}`, `no field "Nope" in an offsets cell's results (want one of`},
		{"range element", `{{ range .Baseline.Serving }}{{ .Nope }}{{ end }}`, `.Nope: no field "Nope" in a region value (want one of .Region, .Value)`},
		{"text", `{{ .Title.Nope }}`, `.Nope: no field "Nope" in text`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb := notebook(t, "v.yaml", withMarkdown(tt.tmpl))
			err := Check(context.Background(), nb)
			if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "sim.") {
				t.Errorf("Check: %v\nwant %s", err, tt.want)
			}
			if perr := Page(io.Discard, nb, copied); perr == nil || err == nil || perr.Error() != err.Error() {
				t.Errorf("Page: %v\nwant Check's %v", perr, err)
			}
		})
	}
}

// labMarkdown is a scenario of two lab cells and one md cell of text,
// indented as a literal block after them.
func labMarkdown(text string) string {
	return `title: Lab vocabulary
cells:
  - spread: {id: spread, keys: "user-{0..239}", partitions: 8, hot: {key: user-42}}
  - throughput: {id: ceiling, partitions: 8}
  - md: |
      ` + strings.ReplaceAll(text, "\n", "\n      ") + "\n"
}

// TestLabVocabulary checks cell, figure, short and thousands against the
// figures they name, and the errors of figure.
func TestLabVocabulary(t *testing.T) {
	tests := []struct {
		tmpl, want string
	}{
		{`{{ (cell "spread").Covered }} of {{ (cell "spread").Partitions }}, {{ (cell "spread").Hot.Key }}`, "8 of 8, user-42"},
		{`{{ figure "spread.hot_partitions" }} {{ fixed (figure "ceiling.speedup@8") }} {{ figure "ceiling.idle@16" }}`, "1 8.00 8"},
		{`{{ thousands 60000 }} {{ thousands -1234567 }} {{ thousands 999 }} {{ short 7.5 }} {{ short 8 }} {{ short 7.856 }}`, "60,000 -1,234,567 999 7.5 8 7.86"},
	}
	for _, tt := range tests {
		t.Run(tt.tmpl, func(t *testing.T) { wantParagraph(t, labMarkdown(tt.tmpl), tt.want) })
	}
	errs := []struct{ tmpl, want string }{
		{`{{ cell "nope" }}`, `cell "nope": no cell "nope" (want one of "spread", "ceiling")`},
		{`{{ figure "ceiling.speed@8" }}`, `figure "ceiling.speed@8": the throughput cell "ceiling" computes no "speed@8" (nearest: ceiling.speedup@8, ceiling.speedup@1,`},
		{`{{ figure "nope.keys" }}`, `figure "nope.keys": no cell computes "nope.keys" (nearest: spread.keys)`},
	}
	for _, tt := range errs {
		t.Run(tt.tmpl, func(t *testing.T) {
			nb := notebook(t, "lv.yaml", labMarkdown(tt.tmpl))
			err := Page(io.Discard, nb, copied)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("err = %v\nwant %s", err, tt.want)
			}
		})
	}
}

// A template error offers only the names an author may use: the fields of
// results.json and the README's few more, never the engine's plumbing
// (a throughput result's .Spec and .MeasureCost, a grid's .Grid).
func TestTemplateErrorsOfferAuthorNames(t *testing.T) {
	src := strings.Replace(withMarkdown("x"), "  - md: |", "  - throughput: {id: ceiling, partitions: 4}\n  - md: |", 1)
	for _, tc := range []struct{ tmpl, want string }{
		{`{{ (cell "ceiling").Speedp }}`, `.Speedp: no field "Speedp" in a throughput cell's results (want one of .Kind, .ID, .Assignor, .Sizes, .Records, .WorkMS, .Rows)`},
		{`{{ (grid "keys").Nope }}`, `.Nope: no field "Nope" in a grid cell's results (want one of .Kind, .ID, .Partitioner, .Assignor, .Engine, .Records, .Baseline, .Rows)`},
		{`{{ (row "keys" "record" 4).Nope }}`, `.Nope: no field "Nope" in a grid row (want one of .Key, .Partitions, .Consumers, .Loads, .MaxLoad, .MinLoad, .Idle, .Split, .Rows, .Lost, .Deviation, .Drift, .Swing, .Skew, .Sizes, .Speedup, .Ideal)`},
		{`{{ .Source.Nope }}`, `.Nope: no field "Nope" in a source (want one of .Seed, .Subscribers, .Periods, .Records)`},
	} {
		t.Run(tc.tmpl, func(t *testing.T) {
			err := Check(context.Background(), notebook(t, "v.yaml", strings.Replace(src, "      x\n", "      "+tc.tmpl+"\n", 1)))
			if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
				t.Errorf("Check: %v\nwant it to end with %s", err, tc.want)
			}
		})
	}
}
