package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// lessonFile is the Messaging Systems lesson, beside the project in ../shared.
var lessonFile = filepath.Join(root, "..", "shared", "lessons", "messaging-systems.txt")

// lessonParams is one run of the lesson's code with other parameters.
type lessonParams struct {
	seed        int64
	subscribers int
	periods     int
	partitions  []int
	consumers   int
	deviation   [][2]any // (key, partitions) rows of the deviation table
	offsets     int      // partition count of the closing lines
	// keys are the grid's keys, in order; nil is the lesson's subscriber,
	// record and period. The lesson's code is given region and type, the
	// other fields of its records, as keys beside them.
	keys []string
}

// lessonKeys are the lesson's own keys.
var lessonKeys = []string{"subscriber", "record", "period"}

func (p lessonParams) gridKeys() []string {
	if p.keys == nil {
		return lessonKeys
	}
	return p.keys
}

// lessonCode extracts the lesson's Python from its text — the two code blocks
// that print the tables — and rewrites the parameters it hard-codes. Every
// rewrite must match exactly once, so a change to the lesson fails loudly.
func lessonCode(t testing.TB, p lessonParams) string {
	t.Helper()
	if os.Getenv("CI") == "" {
		if _, err := os.Stat(lessonFile); err != nil {
			t.Skipf("skipping: the lesson is not at %s (it is in CI): %v", lessonFile, err)
		}
		if _, err := exec.LookPath("python3"); err != nil {
			t.Skip("skipping: python3 is not installed (it is in CI)")
		}
	}
	raw, err := os.ReadFile(lessonFile)
	if err != nil {
		t.Fatal(err)
	}
	text := string(raw)
	block := func(from, to string) string {
		i := strings.Index(text, from)
		j := strings.Index(text[max(i, 0):], to)
		if i < 0 || j < 0 {
			t.Fatalf("the lesson has no code from %q to %q", from, to)
		}
		return text[i : i+j]
	}
	code := block("# FICTIONAL. No real", "\nconsumer group 4 consumers , consumption on the healthy pipeline") + "\n" +
		block(`print("key        partitions computed consumption  serving deviation")`, "\nkey        partitions computed consumption  serving deviation\n")
	var dev []string
	for _, r := range p.deviation {
		dev = append(dev, fmt.Sprintf("(%q, %d)", r[0], r[1]))
	}
	var parts, keys []string
	for _, n := range p.partitions {
		parts = append(parts, fmt.Sprint(n))
	}
	for _, k := range p.gridKeys() {
		keys = append(keys, fmt.Sprintf("%q", k))
	}
	for _, r := range []struct{ old, new string }{
		{"SEED, M32 = 20260218,", fmt.Sprintf("SEED, M32 = %d,", p.seed)},
		{`for a in range(1, 13)]`, fmt.Sprintf("for a in range(1, %d)]", p.periods+1)},
		{"for i in range(200):", fmt.Sprintf("for i in range(%d):", p.subscribers)},
		{"for p in (1, 2, 4, 8):", fmt.Sprintf("for p in (%s,):", strings.Join(parts, ", "))},
		{"consumer_group(parts, 4)", fmt.Sprintf("consumer_group(parts, %d)", p.consumers)},
		{`print("consumer group 4 consumers ,`, fmt.Sprintf(`print("consumer group %d consumers ,`, p.consumers)},
		{`(("subscriber", 4), ("record", 4), ("period", 2), ("period", 4))`, "(" + strings.Join(dev, ", ") + ",)"},
		{`partition_records(raw, 4, "subscriber")`, fmt.Sprintf(`partition_records(raw, %d, "subscriber")`, p.offsets)},
		{`partition_records(raw, 4, "record")`, fmt.Sprintf(`partition_records(raw, %d, "record")`, p.offsets)},
		{`"period": k["period"]}[key]`, `"period": k["period"], "region": k["region"], "type": k["type"]}[key]`},
		{`for key in ("subscriber", "record", "period"):`, fmt.Sprintf("for key in (%s,):", strings.Join(keys, ", "))},
	} {
		if n := strings.Count(code, r.old); n != 1 {
			t.Fatalf("the lesson's code has %q %d times, want once", r.old, n)
		}
		code = strings.Replace(code, r.old, r.new, 1)
	}
	return code
}

// scenarioFor writes the scenario that asks partlab for the same run.
func scenarioFor(t testing.TB, p lessonParams) string {
	t.Helper()
	var dev strings.Builder
	for _, r := range p.deviation {
		fmt.Fprintf(&dev, "        - {key: %s, partitions: %d}\n", r[0], r[1])
	}
	yaml := fmt.Sprintf(`title: differential
source: {seed: %d, subscribers: %d, periods: %d}
cells:
  - grid:
      keys: [%s]
      partitions: %s
      consumers: [%d]
      deviation:
%s  - offsets: {key: subscriber, partitions: %d, partition: 0, compare: [record]}
`, p.seed, p.subscribers, p.periods, strings.Join(p.gridKeys(), ", "), strings.ReplaceAll(fmt.Sprint(p.partitions), " ", ", "), p.consumers, dev.String(), p.offsets)
	path := filepath.Join(t.TempDir(), "scenario.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func runPython(t testing.TB, code string) string {
	t.Helper()
	cmd := exec.Command("python3", "-")
	cmd.Stdin = strings.NewReader(code)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the lesson's code failed: %v", err)
	}
	return string(out)
}

// The engine agrees with the lesson's own code, run by python3 at test time,
// for parameters the lesson never printed.
func TestEngineAgreesWithTheLessonsCode(t *testing.T) {
	for _, p := range []lessonParams{
		{20260218, 200, 12, []int{1, 2, 4, 8}, 4, [][2]any{{"subscriber", 4}, {"record", 4}, {"period", 2}, {"period", 4}}, 4, nil},
		{1, 1200, 12, []int{3, 5, 7}, 2, [][2]any{{"record", 5}, {"period", 7}}, 3, nil},                          // A1000 sorts before A101
		{7, 60, 1, []int{2, 6}, 4, [][2]any{{"subscriber", 2}, {"record", 6}}, 2, nil},                            // one period: no consumption at all
		{424242, 333, 5, []int{1, 6, 13}, 10, [][2]any{{"period", 13}, {"record", 6}}, 5, nil},                    // more consumers than partitions
		{-123456789, 1001, 2, []int{2, 9}, 16, [][2]any{{"subscriber", 9}, {"period", 2}, {"record", 2}}, 4, nil}, // negative seed
		{1<<40 + 17, 150, 12, []int{11, 4096}, 3, [][2]any{{"record", 4096}, {"period", 11}}, 2, nil},             // large seed, huge partition count
		{20260219, 999, 3, []int{24}, 7, [][2]any{{"subscriber", 24}}, 1, nil},
		// The other fields of the source as keys: five regions and two
		// types over up to 8 partitions leave partitions empty whatever
		// the consumers.
		{20260218, 200, 12, []int{1, 2, 4, 5, 8}, 8, [][2]any{{"region", 8}, {"type", 2}}, 4, []string{"region", "type"}},
		{-99, 1201, 7, []int{3, 13, 4096}, 4, [][2]any{{"region", 13}, {"record", 3}}, 2, []string{"type", "record", "region", "subscriber"}},
		{1<<50 + 3, 17, 2, []int{2, 6}, 16, [][2]any{{"type", 6}}, 3, []string{"period", "type", "region"}}, // fewer subscribers than regions may draw
	} {
		t.Run(fmt.Sprintf("seed=%d,n=%d,T=%d,P=%v,C=%d", p.seed, p.subscribers, p.periods, p.partitions, p.consumers), func(t *testing.T) {
			t.Parallel()
			want := runPython(t, lessonCode(t, p))
			got, _, err := partlab(t, "results", "--format", "text", scenarioFor(t, p))
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("partlab and the lesson's code differ:\n--- partlab\n%s--- lesson\n%s", got, want)
			}
		})
	}
}

// The lesson grid with its source overridden from the command line agrees
// with the lesson's code run with the same values: --set reaches the engine
// through the same decoder as the file.
func TestOverriddenLessonAgreesWithTheLessonsCode(t *testing.T) {
	p := lessonParams{7, 57, 7, []int{1, 2, 4, 8}, 4, [][2]any{{"subscriber", 4}, {"record", 4}, {"period", 2}, {"period", 4}}, 4, nil}
	want := runPython(t, lessonCode(t, p))
	got, _, err := partlab(t, "results", "--format", "text",
		"--set", "source.seed=7", "--set", "source.subscribers=57", "--set", "source.periods=7", lessonYAML)
	if err != nil {
		t.Fatal(err)
	}
	if got != want {
		t.Errorf("partlab --set and the lesson's code differ:\n--- partlab\n%s--- lesson\n%s", got, want)
	}
}
