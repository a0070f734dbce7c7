package report

import (
	"strings"
	"testing"
)

// TestPredictionsPage renders a scoreboard with an id, a question that
// predict answers in Markdown, and a cell behind answer: true. The inputs
// carry the names and examples, each verdict the exact figure and tolerance
// the script scores against, and the figures are in the page, behind a
// closed answer that the script opens once every input is filled.
func TestPredictionsPage(t *testing.T) {
	nb := notebook(t, "p.yaml", labOnly(
		"md: 'How fast at 8? {{ predict \"P2\" }} And idle? {{ predict \"P3\" }}'",
		"throughput: {id: t, partitions: 8, answer: true}",
		`predictions: {id: board, items: [{name: P2, question: speedup, you: 4, actual: t.speedup@8, tolerance: 0.5}, {name: P3, actual: t.idle@16}]}`,
	))
	got := page(t, nb, copied)
	board := cellOf(t, got, "board")
	for _, want := range []string{
		`<input class="prediction" type="number" step="any" inputmode="decimal" data-prediction="P2" aria-label="Your prediction for P2: speedup" placeholder="e.g. 4">`,
		`<input class="prediction" type="number" step="any" inputmode="decimal" data-prediction="P3" aria-label="Your prediction for P3">`,
		`<td class="verdict" data-verdict="P2" data-actual="8" data-tolerance="0.5" aria-live="polite">—</td>`,
		`<td class="verdict" data-verdict="P3" data-actual="8" data-tolerance="0" aria-live="polite">—</td>`,
		"<details class=\"answer\" data-actuals>\n<summary>Show the answer</summary>",
		`<tr><td>P2</td><td class="num">8</td><td>t.speedup@8</td></tr>`,
		`<tr><td>P3</td><td class="num">8</td><td>t.idle@16</td></tr>`,
	} {
		if !strings.Contains(board, want) {
			t.Errorf("the scoreboard lacks %s", want)
		}
	}
	// predict puts the same inputs beside the questions.
	_, md, _ := strings.Cut(got, `<section class="cell cell-md">`)
	md, _, _ = strings.Cut(md, "</section>")
	for _, want := range []string{`data-prediction="P2" aria-label="Your prediction for P2: speedup" placeholder="e.g. 4">`, `data-prediction="P3"`} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown cell lacks %s:\n%s", want, md)
		}
	}
	// answer: true closes the whole cell behind its summary.
	// Only the cell's title stands before the answer.
	tp := cellOf(t, got, "t")
	if _, rest, ok := strings.Cut(tp, `</h2>`); ok && strings.Contains(tp[:len(tp)-len(rest)], `class="cell-title"`) {
		tp = rest
	}
	if !strings.HasPrefix(tp, "\n<details class=\"answer\">\n<summary>Show the answer: throughput <code>t</code></summary>\n<details class=\"input\">") || !strings.HasSuffix(tp, "</div>\n</details>\n\n") {
		t.Errorf("the answer: true cell is not inside a closed answer:\n%.300s", tp)
	}
}

// TestPredictionsKey renders the page of TestPredictionsPage as the
// teacher's answer key: every answer open under "The answer", each
// prediction's figure in place of its input, in the Markdown and the
// scoreboard alike, and no input left.
func TestPredictionsKey(t *testing.T) {
	nb := notebook(t, "p.yaml", labOnly(
		"md: 'How fast at 8? {{ predict \"P2\" }} And idle? {{ predict \"P3\" }}'",
		"throughput: {id: t, partitions: 8, answer: true}",
		`predictions: {id: board, items: [{name: P2, question: speedup, you: 4, actual: t.speedup@8, tolerance: 0.5}, {name: P3, actual: t.idle@16}]}`,
	))
	key := copied
	key.Edition = Teacher
	got := page(t, nb, key)
	for _, want := range []string{
		`data-edition="teacher"`,
		`How fast at 8? <span class="predict"><span class="predict-label">P2: speedup</span> <strong class="key-figure" title="The figure of P2: speedup">8</strong></span> And idle? <span class="predict"><span class="predict-label">P3</span> <strong class="key-figure" title="The figure of P3">8</strong></span>`,
		`<td class="num"><strong class="key-figure" title="The figure of P2: speedup">8</strong></td>`,
		"<details class=\"answer\" open data-actuals>\n<summary>The answer</summary>",
		"<details class=\"answer\" open>\n<summary>The answer: throughput <code>t</code></summary>",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the key lacks %s", want)
		}
	}
	for _, not := range []string{"<input", "Show the answer", "<details class=\"answer\">"} {
		if strings.Contains(got, not) {
			t.Errorf("the key has %s", not)
		}
	}
}

// TestPredictUnknown checks that predict names a prediction of the page,
// or says which ones there are.
func TestPredictUnknown(t *testing.T) {
	tests := []struct{ name, scenario, want string }{
		{"near miss", labOnly(`md: '{{ predict "p2" }}'`, "throughput: {id: t, partitions: 8}", "predictions: [{name: P2, actual: t.idle@16}]"),
			`no prediction "p2" (did you mean "P2"?)`},
		{"far miss", labOnly(`md: '{{ predict "speed" }}'`, "throughput: {id: t, partitions: 8}", "predictions: [{name: P2, actual: t.idle@16}]"),
			`no prediction "speed" (want one of "P2")`},
		{"no scoreboard", labOnly(`md: '{{ predict "P1" }}'`), `no prediction "P1": the scenario has no predictions cell`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Check(t.Context(), notebook(t, "p.yaml", tt.scenario))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "p.yaml:3:") {
				t.Errorf("got %v, want p.yaml:3:… %s", err, tt.want)
			}
		})
	}
}
