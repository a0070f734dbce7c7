package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// mistakesMini is a small page with a prediction, its scoreboard, a figure
// in the text and an expectation: each case of TestMistakes breaks it, or
// the lesson, in one place.
const mistakesMini = `title: t
cells:
  - md: |
      How much faster at four consumers? {{ predict "P1" }}
  - throughput:
      id: ceiling
      partitions: 4
      consumers: [1, 4, 8]
  - predictions:
      id: board
      items:
        - {name: P1, question: speedup at C = P, actual: ceiling.speedup@4}
  - md: |
      It rose {{ figure "ceiling.speedup@4" }} times.
expect:
  - figure: ceiling.idle@8
    equals: 4
    why: the extra consumers sit idle
`

// TestMistakes makes the mistakes a newcomer makes, one at a time, and
// wants from validate the whole message each must give: at the place, the
// fix named, the few nearest names rather than hundreds, and nothing that
// follows from the mistake reported as another.
func TestMistakes(t *testing.T) {
	lesson, err := os.ReadFile(day24YAML)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		base     string // the file the mistake is made in
		old, new string // the mistake: old's first occurrence replaced
		want     string // validate's error, F the file's name
	}{
		{"a typo in a prediction's actual", string(lesson),
			"actual: spread.hot_partitions}", "actual: spread.hot_partitons}",
			`F:245:64: cells[22].predictions.items[0].actual: the spread cell "spread" computes no "hot_partitons" (nearest: spread.hot_partitions)`},
		{"a typo in a prediction's cell", string(lesson),
			"actual: spread.hot_partitions}", "actual: sprad.hot_partitions}",
			`F:245:64: cells[22].predictions.items[0].actual: no cell before this one computes "sprad.hot_partitions" (nearest: spread.hot_partitions)`},
		{"a typo in expect", string(lesson),
			"figure: ceiling.idle@2*partitions\n", "figure: ceiling.idel@2*partitions\n",
			`F:272:13: expect[1].figure: the throughput cell "ceiling" computes no "idel@16" (nearest: ceiling.idle@16, ceiling.idle@1, ceiling.idle@2, ceiling.idle@4, ceiling.idle@8)`},
		{"a typo in a template's figure", string(lesson),
			`{{ figure "ceiling.idle@2*partitions" }} sitting`, `{{ figure "ceiling.idel@2*partitions" }} sitting`,
			`F:256:10: cells[23].md: template: figure "ceiling.idel@2*partitions": the throughput cell "ceiling" computes no "idel@16" (nearest: ceiling.idle@16, ceiling.idle@1, ceiling.idle@2, ceiling.idle@4, ceiling.idle@8)`},
		{"a figure of a cell below the prediction", mistakesMini,
			"actual: ceiling.speedup@4}", "actual: later.keys}",
			`F:12:58: cells[2].predictions.items[0].actual: no cell before this one computes "later.keys" (nearest: ceiling.idle@1, ceiling.idle@4, ceiling.idle@8, ceiling.wall_s@1, ceiling.wall_s@4)`},
		{"a typo in predict", mistakesMini,
			`{{ predict "P1" }}`, `{{ predict "p1" }}`,
			`F:4:45: cells[0].md: template: predict "p1": no prediction "p1" (did you mean "P1"?)`},
		{"a typo in an answer's prediction", mistakesMini,
			"It rose", ":::answer P2\n      It rose",
			`F:14:7: cells[3].md: :::answer P2: no prediction "P2" (did you mean "P1"?)`},
		{"a value holding a colon", mistakesMini,
			"why: the extra consumers sit idle", "why: the extra consumers sit idle (they will not: the hot key)",
			`F:18:10: invalid YAML: mapping values are not allowed in this context; the value of "why" holds ": ", which YAML reads as the start of a mapping: quote the value, why: 'the extra consumers sit idle (they will not: the hot key)'`},
		{"a line indented under a value", mistakesMini,
			"      partitions: 4\n", "        partitions: 4\n",
			`F:7:9: invalid YAML: mapping values are not allowed in this context; "partitions" is indented further than "id" above it, which has a value of its own, so YAML reads the line as the rest of that value: indent the line under its key, at column 7 as "id" is, or under a key that ends with ":"`},
		{"a line indented less than its neighbours", mistakesMini,
			"      partitions: 4\n", "     partitions: 4\n",
			`F:7:6: invalid YAML: did not find expected key; line 7 lines up with no key above it: indent the line under its key, at column 7 as "id" is (under "throughput")`},
		{"a tab in the indentation", mistakesMini,
			"      partitions: 4\n", "\tpartitions: 4\n",
			`F:7:1: invalid YAML: a tab in the indentation; YAML indents with spaces only, so replace the tab with spaces`},
		{"a misspelt kind", mistakesMini,
			"  - throughput:", "  - througput:",
			`F:5:5: cells[1].througput: unknown cell kind (want one of assignment, grid, groups, keyless, lag, md, offsets, ordering, predictions, rebalance, repartition, sizing, spread, throughput) (did you mean "throughput"?)`},
		{"a misspelt field", mistakesMini,
			"      partitions: 4\n", "      partitons: 4\n",
			`F:7:7: cells[1].throughput.partitons: unknown field (want one of answer, assignor, consumers, from, id, measure, partitions, records, work) (did you mean "partitions"?)`},
		{"a number in words", mistakesMini,
			"      partitions: 4\n", "      partitions: four\n",
			`F:7:19: cells[1].throughput.partitions: must be a whole number between 1 and 4096 (got "four"); "four" names no whole-number field of the cell`},
	}
	dir := t.TempDir()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(tt.base, tt.old) {
				t.Fatalf("the file holds no %q", tt.old)
			}
			file := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".yaml")
			if err := os.WriteFile(file, []byte(strings.Replace(tt.base, tt.old, tt.new, 1)), 0o644); err != nil {
				t.Fatal(err)
			}
			_, _, err := partlab(t, "validate", file)
			if err == nil {
				t.Fatal("validate passed the mistake")
			}
			if got := strings.ReplaceAll(err.Error(), file, "F"); got != tt.want {
				t.Errorf("validate:\n%s\nwant:\n%s", got, tt.want)
			}
		})
	}
}
