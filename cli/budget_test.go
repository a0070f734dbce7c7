package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
)

// The hostile computations are refused by every command that
// computes, at the cell, with exit status 1, before anything runs or is
// written.
func TestBudgetRefusesHostileScenarios(t *testing.T) {
	for _, tc := range []struct {
		file  string
		flags []string
		want  string
	}{
		{"testdata/budget/grid-4096.yaml", nil,
			"testdata/budget/grid-4096.yaml:6:5: cells[0].grid: this grid needs 3,084,570,624 bytes of output (estimated); the limit is 256 MB (raise it with --max-output)"},
		{"testdata/budget/measure.yaml", []string{"--measure"},
			"testdata/budget/measure.yaml:6:5: cells[1].throughput: this throughput needs 113805h33m20s of measured sleep; the limit is 10m0s (raise it with --max-measure)"},
		{"testdata/budget/kafka-300.yaml", nil,
			"testdata/budget/kafka-300.yaml:4:5: cells[0].grid: this grid needs 300 consumers in one Kafka group; the limit is 256 (the Kafka engine's own)"},
		{"testdata/budget/lesson-million.yaml", []string{"--engine", "kafka"},
			"testdata/budget/lesson-million.yaml:6:5: cells[0].grid: this grid needs 35,712,000,000 bytes of records held by the Kafka engine; the limit is 1,024 MB (raise it with --max-kafka-bytes)\n" +
				"testdata/budget/lesson-million.yaml:6:5: cells[0].grid: this grid needs 12,000,000 records in one Kafka topic; the limit is 2,400,000 (the Kafka engine's own)"},
		{"testdata/budget/kafka-bytes.yaml", nil,
			"testdata/budget/kafka-bytes.yaml:5:5: cells[0].keyless: this keyless needs 400,800,000,000 bytes of records held by the Kafka engine; the limit is 1,024 MB (raise it with --max-kafka-bytes)"},
		{"testdata/budget/rebalance-members.yaml", nil,
			"testdata/budget/rebalance-members.yaml:5:5: cells[0].rebalance: this rebalance needs 650,276,864 bytes of output (estimated); the limit is 256 MB (raise it with --max-output)"},
		{"testdata/budget/kafka-132.yaml", nil,
			"testdata/budget/kafka-132.yaml:5:5: cells[0].grid: this grid needs 132 Kafka consumer group runs; the limit is 128 (raise it with --max-kafka-groups)"},
	} {
		for _, cmd := range []string{"validate", "render", "results"} {
			t.Run(filepath.Base(tc.file)+"/"+cmd, func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "out")
				args := append([]string{cmd}, tc.flags...)
				if cmd == "render" {
					args = append(args, "-o", out)
				}
				stdout, _, err := partlab(t, append(args, tc.file)...)
				if err == nil || err.Error() != tc.want {
					t.Fatalf("got %v\nwant %s", err, tc.want)
				}
				if code := exitCode(err); code != 1 {
					t.Errorf("exit status %d, want 1", code)
				}
				if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) || stdout != "" {
					t.Errorf("something was written: %v, stdout %q", err, stdout)
				}
			})
		}
	}
}

// Every limit every cell exceeds is reported at once, and cells that pass
// alone are refused together at the cell that crosses the limit.
func TestBudgetReportsEveryLimit(t *testing.T) {
	dir := scratch(t, map[string]string{"two.yaml": `title: two
cells:
  - grid:
      keys: [subscriber]
      partitions: [4]
      consumers: [300]
      engine: kafka
  - grid:
      keys: [subscriber, record]
      partitions: [1, 2, 3]
      consumers: [1, 2, 3, 4, 5, 6]
      engine: kafka
`})
	file := filepath.Join(dir, "two.yaml")
	consumers := file + ":3:5: cells[0].grid: this grid needs 300 consumers in one Kafka group; the limit is 256 (the Kafka engine's own)"
	visits := file + ":8:5: cells[1].grid: with the cells before it, this scenario needs 17,402 record visits; the limit is 16,000 (raise it with --max-visits)"
	groups := file + ":8:5: cells[1].grid: with the cells before it, this scenario needs 37 Kafka consumer group runs; the limit is 36 (raise it with --max-kafka-groups)"
	for _, tc := range []struct {
		flags []string
		want  []string
	}{
		{nil, []string{consumers}},
		{[]string{"--max-visits", "16000"}, []string{consumers, visits}},
		{[]string{"--max-visits", "16000", "--max-kafka-groups", "36"}, []string{consumers, visits, groups}},
	} {
		_, _, err := partlab(t, append(append([]string{"validate"}, tc.flags...), file)...)
		if want := strings.Join(tc.want, "\n"); err == nil || err.Error() != want {
			t.Errorf("%v: got\n%v\nwant\n%s", tc.flags, err, want)
		}
	}
}

// The defaults let through both shipped scenarios (measured too), the
// lesson's grid at a million subscribers and a 4-key 64×64 grid.
func TestBudgetDefaultsFitTheCourse(t *testing.T) {
	var p64 []string
	for i := 1; i <= 64; i++ {
		p64 = append(p64, strconv.Itoa(i))
	}
	list := "[" + strings.Join(p64, ", ") + "]"
	dir := scratch(t, map[string]string{"wide.yaml": "title: wide\ncells:\n  - grid:\n      keys: [subscriber, record, period, none]\n      partitions: " + list + "\n      consumers: " + list + "\n"})
	for _, args := range [][]string{
		{"validate", lessonYAML, day24YAML, filepath.Join(root, "scenarios", "rebalances.yaml"), "testdata/budget/lesson-million.yaml", filepath.Join(dir, "wide.yaml")},
		{"validate", "--measure", day24YAML},
		{"validate", "--engine", "both", lessonYAML},
	} {
		if _, _, err := partlab(t, args...); err != nil {
			t.Errorf("%v: %v", args, err)
		}
	}
}

// A flag raises a limit: a file just over it passes with the limit at its
// cost, and compute, not only validate, reads the flag.
func TestBudgetFlagsRaiseTheLimits(t *testing.T) {
	dir := scratch(t, map[string]string{"small.yaml": "title: small\ncells:\n  - grid:\n      keys: [subscriber]\n      partitions: [2]\n"})
	small := filepath.Join(dir, "small.yaml")
	for _, tc := range []struct {
		args []string
		ok   bool
	}{
		{[]string{"validate", "testdata/budget/kafka-132.yaml"}, false},
		{[]string{"validate", "--max-kafka-groups", "132", "testdata/budget/kafka-132.yaml"}, true},
		{[]string{"validate", "--max-output", "4GB", "testdata/budget/grid-4096.yaml"}, true},
		{[]string{"validate", "--measure", "--max-measure", "114000h", "testdata/budget/measure.yaml"}, true},
		// 200 subscribers × 12 periods × 1 key × 1 partition count, its tally
		// read per partition and period (2 + 12) and its row's lists (2 + 4).
		{[]string{"results", "--max-visits", "2419", small}, false},
		{[]string{"results", "--max-visits", "2420", small}, true},
	} {
		_, _, err := partlab(t, tc.args...)
		if (err == nil) != tc.ok {
			t.Errorf("%v: %v", tc.args, err)
		}
	}
}

// A file's measure: true is a note without --measure: the run models the
// cell and measures nothing.
func TestMeasureNeedsTheCommandLine(t *testing.T) {
	want := "testdata/budget/measure.yaml:6:5: cells[1].throughput: measure: true is ignored without --measure on the command line\n"
	if _, stderr, err := partlab(t, "validate", "testdata/budget/measure.yaml"); err != nil || stderr != want {
		t.Errorf("validate: %v, stderr %q, want %q", err, stderr, want)
	}
	stdout, stderr, err := partlab(t, "results", "testdata/budget/measure.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if stderr != want {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if strings.Contains(stdout, `"measured"`) || !strings.Contains(stdout, `"kind": "throughput"`) {
		t.Errorf("stdout %.300s", stdout)
	}
}

func TestBudgetFlagValues(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{{"64MB", 64 << 20}, {"512kb", 512 << 10}, {"2GB", 2 << 30}, {"1000000", 1_000_000}, {"7B", 7}, {"0", 0}, {"-1MB", 0}, {"MB", 0}, {"9000000000GB", 0}} {
		got, err := parseBytes(tc.in)
		if got != tc.want || (err == nil) != (tc.want > 0) {
			t.Errorf("parseBytes(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, flag := range []string{"--max-visits=0", "--max-visits=1,5", "--max-rows=x", "--max-output=1TB", "--max-kafka-groups=-1", "--max-measure=0s"} {
		_, _, err := partlab(t, "validate", flag, lessonYAML)
		if exitCode(err) != 2 {
			t.Errorf("%s: exit status %d (%v), want 2", flag, exitCode(err), err)
		}
	}
}

// partlab help flags names every budget flag with its default, as
// sim.DefaultBudget has it, and the help of every computing command sends
// the reader there.
func TestHelpGivesTheBudgetDefaults(t *testing.T) {
	b := sim.DefaultBudget()
	for _, cmd := range []string{"render", "results", "validate", "check", "serve"} {
		help, _, err := partlab(t, "help", cmd)
		if err != nil || !strings.Contains(help, "the compute flags: run 'partlab help flags' for them") {
			t.Errorf("partlab help %s names no compute flags: %v\n%s", cmd, err, help)
		}
	}
	for _, cmd := range []string{"flags"} {
		help, _, err := partlab(t, "help", cmd)
		if err != nil {
			t.Fatal(err)
		}
		help = strings.Join(strings.Fields(help), " ") // as if not wrapped
		for _, want := range []string{
			"--max-visits N refuse a scenario whose cells visit more than N records and keys (default " + strconv.FormatInt(b.Visits, 10) + ")",
			"--max-rows N refuse a scenario whose results have more than N rows (default " + strconv.FormatInt(b.Rows, 10) + ")",
			"default " + strconv.FormatInt(b.Output>>20, 10) + "MB)",
			"on the Kafka engine (default " + strconv.FormatInt(b.KafkaGroups, 10) + ")",
			"longer than duration (default " + b.Measure.String() + ")",
		} {
			if !strings.Contains(help, want) {
				t.Errorf("partlab help %s lacks %q", cmd, want)
			}
		}
	}
}
