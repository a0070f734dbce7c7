package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

// gridOnly is a scenario of one grid cell.
func gridOnly(source, grid string) string {
	return "title: t\nsource: " + source + "\ncells:\n  - grid: " + grid + "\n"
}

// TestNarrativeFollowsTheData renders grids whose numbers say other things
// than the lesson's: the narrative states what each one's numbers say, and
// nothing its numbers do not support.
func TestNarrativeFollowsTheData(t *testing.T) {
	lessonSrc := "{seed: 20260218, subscribers: 200, periods: 12}"
	tests := []struct {
		name     string
		scenario string
		want     func(row func(k sim.Key, p, c int) sim.GridRow) []string
		not      []string
	}{
		{
			name:     "the most balanced key is also the most correct",
			scenario: gridOnly(lessonSrc, "{keys: [subscriber, period], partitions: [4]}"),
			want: func(row func(sim.Key, int, int) sim.GridRow) []string {
				s, p := row("subscriber", 4, 4), row("period", 4, 4)
				return []string{
					fmt.Sprintf("<strong>Balance and correctness agree.</strong> At 4 partitions and 4 consumers the most balanced choice, the subscriber key (%d against %d records, %.2f times), also computes the most rows, %d of %d.",
						s.MaxLoad, s.MinLoad, s.Skew, s.Rows, s.Rows+s.Lost),
					// One lossy row in the deviation table: no comparison, no verdict.
					fmt.Sprintf("<strong>The served number and the loss.</strong> The period key at 4 partitions loses %d of the", p.Lost),
				}
			},
			not: []string{"The ceiling.", "not the most correct", "misleads", "Here the row"},
		},
		{
			name:     "no key keeps every row",
			scenario: gridOnly(lessonSrc, "{keys: [record, period], partitions: [2, 4]}"),
			want: func(row func(sim.Key, int, int) sim.GridRow) []string {
				return []string{"No key keeps every row at every partition count.", "the topic leaves 2 of them idle at 2 partitions."}
			},
			not: []string{"keeps every row at a load skew", "splits no subscriber"},
		},
		{
			name:     "every key keeps every row",
			scenario: gridOnly(lessonSrc, "{keys: [subscriber], partitions: [1, 2]}"),
			want: func(row func(sim.Key, int, int) sim.GridRow) []string {
				return []string{
					"At 2 partitions and 4 consumers, the most partitions the grid has,",
					"every key leaves a consumer idle, so no key's skew has a value.",
					fmt.Sprintf("keeps all %d rows", row("subscriber", 2, 4).Rows),
				}
			},
			not: []string{"served number", "From 2 partitions on", "A partition keeps order only"},
		},
		{
			name:     "several consumer counts",
			scenario: gridOnly(lessonSrc, "{keys: [subscriber, record], partitions: [2, 4], consumers: [2, 4]}"),
			want: func(row func(sim.Key, int, int) sim.GridRow) []string {
				return []string{
					"With 4 consumers, the topic leaves 2 of them idle at 2 partitions.",
					fmt.Sprintf("At 2 partitions and 2 consumers, the first partition count that gives every consumer a partition, the most and the least loaded consumer read %d and %d records under the subscriber key",
						row("subscriber", 2, 2).MaxLoad, row("subscriber", 2, 2).MinLoad),
					"At 4 partitions and 4 consumers, the first partition count",
				}
			},
		},
		{
			name:     "a key with fewer values than partitions",
			scenario: gridOnly("{seed: 20260218, subscribers: 50, periods: 2}", "{keys: [subscriber, period], partitions: [4, 8]}"),
			want: func(row func(sim.Key, int, int) sim.GridRow) []string {
				return []string{fmt.Sprintf("At 4 partitions the period key still leaves %d idle: its records leave some partitions empty.", row("period", 4, 4).Idle)}
			},
			not: []string{"every consumer reads"},
		},
		{
			// The grid of issue 19, whose sentence dropped 4 partitions
			// without a word: five idle counts, told as three and the last.
			name:     "more idle counts than a sentence lists",
			scenario: gridOnly(lessonSrc, "{keys: [subscriber], partitions: [1, 2, 3, 4, 5], consumers: [6]}"),
			want: func(row func(sim.Key, int, int) sim.GridRow) []string {
				return []string{fmt.Sprintf("With 6 consumers, the topic leaves %d of them idle at 1 partition, %d at 2 partitions, %d at 3 partitions, … and %d at 5 partitions (the first 3 and the last of 5 partition counts).",
					row("subscriber", 1, 6).Idle, row("subscriber", 2, 6).Idle, row("subscriber", 3, 6).Idle, row("subscriber", 5, 6).Idle)}
			},
			not: []string{" at 4 partitions", "3 partitions and "},
		},
		{
			name:     "as many idle counts as a sentence lists",
			scenario: gridOnly(lessonSrc, "{keys: [subscriber], partitions: [1, 2, 3, 4], consumers: [6]}"),
			want: func(row func(sim.Key, int, int) sim.GridRow) []string {
				return []string{fmt.Sprintf("With 6 consumers, the topic leaves %d of them idle at 1 partition, %d at 2 partitions, %d at 3 partitions and %d at 4 partitions.",
					row("subscriber", 1, 6).Idle, row("subscriber", 2, 6).Idle, row("subscriber", 3, 6).Idle, row("subscriber", 4, 6).Idle)}
			},
			not: []string{"…", "the first 3"},
		},
		{
			name:     "more losses than a sentence lists",
			scenario: gridOnly(lessonSrc, "{keys: [record], partitions: [2, 3, 4, 5, 6]}"),
			want: func(row func(sim.Key, int, int) sim.GridRow) []string {
				return []string{fmt.Sprintf("computes %d of the %d rows at 2 partitions, %d at 3, %d at 4, … and %d at 6 (the first 3 and the last of 5 partition counts).",
					row("record", 2, 4).Rows, row("record", 2, 4).Rows+row("record", 2, 4).Lost, row("record", 3, 4).Rows, row("record", 4, 4).Rows, row("record", 6, 4).Rows)}
			},
			not: []string{" at 5,", " at 5 "},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nb := notebook(t, "n.yaml", tt.scenario)
			g := nb.Results.All[0].Result.(*sim.GridResult)
			row := func(k sim.Key, p, c int) sim.GridRow {
				r, ok := g.Row(k, p, c)
				if !ok {
					t.Fatalf("no row %s %d %d", k, p, c)
				}
				return r
			}
			text := narrativeOf(t, page(t, nb, copied))
			for _, want := range tt.want(row) {
				if !strings.Contains(text, want) {
					t.Errorf("the narrative lacks %q:\n%s", want, text)
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
