package report

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/partlab/partlab/internal/testtool"
	"github.com/partlab/partlab/scenarios"
)

// chain defines n templates, each calling the one before it calls times.
func chain(n, calls int) string {
	var b strings.Builder
	b.WriteString(`{{ define "t0" }}{{ end }}`)
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, `{{ define "t%d" }}%s{{ end }}`, i, strings.Repeat(fmt.Sprintf(`{{ template "t%d" }}`, i-1), calls))
	}
	fmt.Fprintf(&b, `{{ template "t%d" }}`, n-1)
	return b.String()
}

// TestTemplateBounds checks that hostile templates stop with a clean error at
// the cell's file:line:col, and that Page reports the same.
func TestTemplateBounds(t *testing.T) {
	at := func(line, col int) string { return fmt.Sprintf("v.yaml:%d:%d: cells[2].md: template: ", line, col) }
	tests := []struct{ name, tmpl, want string }{
		{"nested ranges", "{{ range 100000 }}{{ range 100000 }}{{ end }}{{ end }}", at(vocabLine, vocabCol+27) + "more than 100000 steps (actions, range iterations and template calls)"},
		{"nested ranges printing", "a\nb\n{{ range 100000 }}{{ range 100000 }}…{{ end }}{{ end }}", at(vocabLine, vocabCol) + "prints more than 65536 bytes"},
		{"huge range", "ab\n  {{ range 1000000000000 }}{{ end }}", at(vocabLine+1, vocabCol+11) + "range over 1000000000000: more than 100000 iterations"},
		{"60 nested defines", chain(60, 2), "templates called inside each other more than 15 deep"},
		{"wide defines", chain(15, 3), "more than 100000 steps"},
		{"many actions", "{{ range 99999 }}" + strings.Repeat("{{ $x := 1 }}", 5000) + "{{ end }}", at(vocabLine, vocabCol+9) + "more than 100000 steps"},
		{"recursion", `{{ define "r" }}{{ template "r" }}{{ end }}{{ template "r" }}`, "templates called inside each other more than 15 deep"},
		{"doubling", `{{ $s := "ab" }}{{ range 40 }}{{ $s = print $s $s }}{{ end }}`, at(vocabLine, vocabCol+38) + "print makes more than 65536 bytes"},
		{"escaping", `{{ $s := "<<<<" }}{{ range 40 }}{{ $s = html $s $s }}{{ end }}`, "html makes more than 65536 bytes"},
		{"printf width", `{{ printf "%01000000d" 1 }}`, at(vocabLine, vocabCol+3) + "printf: a width or precision over 1000 is not allowed"},
		{"printf star", `{{ printf "%*d" 1000000 1 }}`, "printf: a width or precision from an argument (*) is not allowed"},
		{"long paragraph", strings.Repeat("[a](", 2100), "v.yaml:10:7: cells[2].md: markdown: the paragraph, list or table from line 1 of the text (its template values printed) is longer than 8192 bytes"},
		{"long printed paragraph", "x\n\n{{ range 2100 }}[a]({{ end }}", "from line 3 of the text"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb := notebook(t, "v.yaml", withMarkdown(tt.tmpl))
			err := Check(context.Background(), nb)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Check: %v\nwant %s", err, tt.want)
			}
			if perr := Page(io.Discard, nb, copied); perr == nil || err == nil || perr.Error() != err.Error() {
				t.Errorf("Page: %v\nwant Check's %v", perr, err)
			}
		})
	}
}

// TestTemplateWithinBounds checks that the bounds leave room: a loop of
// maxSteps steps, 14 templates inside each other, a printed paragraph
// of maxBlock bytes.
func TestTemplateWithinBounds(t *testing.T) {
	for _, tmpl := range []string{
		"{{ range 99990 }}{{ end }}x",
		chain(15, 1) + "x",
		`{{ printf "%01000d" 1 }}`,
		"{{ range 8191 }}a{{ end }}",
	} {
		nb := notebook(t, "v.yaml", withMarkdown(tmpl))
		if err := Check(context.Background(), nb); err != nil {
			t.Errorf("%.40s: %v", tmpl, err)
		}
	}
}

// TestTemplateCancel checks that a cancelled context stops a template.
func TestTemplateCancel(t *testing.T) {
	nb := notebook(t, "v.yaml", withMarkdown("{{ range 10 }}{{ end }}"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Check(ctx, nb)
	if want := "v.yaml:10:7: cells[2].md: template: stopped: context canceled"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// TestMarkdownSize checks the bound on an author's Markdown, at load.
func TestMarkdownSize(t *testing.T) {
	_, err := scenarios.Parse(strings.NewReader(withMarkdown(strings.Repeat("[a](", scenarios.MaxText/4))), "v.yaml")
	var list scenarios.ErrorList
	if !errors.As(err, &list) || len(list) != 1 || list[0].Error() != "v.yaml:9:9: cells[2].md: must be at most 65536 bytes (got 65537)" {
		t.Errorf("err = %v", err)
	}
}

// TestCheckAll checks that Check reports every text's error at once.
func TestCheckAll(t *testing.T) {
	src := strings.Replace(withMarkdown("{{ .Nope }}"), "title: Vocabulary\n", "title: Vocabulary\nsummary: \"{{ grid 1 }}\"\n", 1)
	err := Check(context.Background(), notebook(t, "v.yaml", src))
	var list scenarios.ErrorList
	if !errors.As(err, &list) || len(list) != 2 {
		t.Fatalf("err = %v, want two errors", err)
	}
	if !strings.Contains(list[0].Error(), "summary:") || !strings.Contains(list[1].Error(), `cells[2].md: template: .Nope:`) {
		t.Errorf("err = %v", err)
	}
}

// FuzzTemplate executes random templates with the lesson scenario's results:
// they never panic, print at most maxOutput bytes, and any error is placed

// TestLargestCellsRender checks that the kinds whose narrative lists a share
// per consumer or per group still render at their fields' bounds: 64 groups
// of 4096 consumers, and 64 consumer counts near 4096, each paragraph
// within Markdown's bound.
func TestLargestCellsRender(t *testing.T) {
	testtool.Slow(t, "renders three cells at their bounds")
	var groups, counts []string
	for i := range 64 {
		groups = append(groups, fmt.Sprintf("{name: group_of_the_course_number_%02d, consumers: %d}", i, 4096-i))
		counts = append(counts, fmt.Sprint(4096-i))
	}
	for _, cell := range []string{
		"groups: {partitions: 4096, records: 100000, groups: [" + strings.Join(groups, ", ") + "]}",
		"assignment: {partitions: 4096, assignor: range, consumers: [" + strings.Join(counts, ", ") + "]}",
		"assignment: {partitions: 4000, assignor: roundrobin, consumers: [" + strings.Join(counts, ", ") + "]}",
	} {
		nb := notebook(t, "big.yaml", "title: t\ncells:\n  - "+cell+"\n")
		if err := Page(io.Discard, nb, copied); err != nil {
			t.Errorf("%.40s…: %v", cell, err)
		}
	}
}
