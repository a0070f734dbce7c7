// Package reporttest gives the tests of report and of its packages the same
// scenarios: the shipped ones, one given as text, and a hostile one, each
// with its results computed. It is for tests only: it fails the test it is
// given rather than return an error, and it imports no report package, so
// that report's own tests can use it.
package reporttest

import (
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/partlab/partlab/scenarios"
	"github.com/partlab/partlab/scenarios/load"
	"github.com/partlab/partlab/sim"
)

// Root is the module's root, where scenarios/, node_modules/ and out/ are.
var Root = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}()

// A Computed is a scenario and its results: a report.Notebook's parts.
type Computed struct {
	Scenario *scenarios.Scenario
	Results  sim.Results
}

// Compute parses and computes a scenario given as text.
func Compute(t testing.TB, name, src string) Computed {
	t.Helper()
	s, err := scenarios.Parse(strings.NewReader(src), name)
	if err != nil {
		t.Fatal(err)
	}
	return compute(t, s)
}

// ComputeFile writes src to the file name, loads it as the command line
// does (its images read from its folder) and computes it.
func ComputeFile(t testing.TB, name, src string) Computed {
	t.Helper()
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := load.Scenario(name)
	if err != nil {
		t.Fatal(err)
	}
	return compute(t, s)
}

func compute(t testing.TB, s *scenarios.Scenario) Computed {
	t.Helper()
	res, err := sim.Run(t.Context(), s.Source, s.SimCells())
	if err != nil {
		t.Fatal(err)
	}
	return Computed{s, res}
}

// LessonSource is the lesson's scenario file, with edit applied to its text.
func LessonSource(t testing.TB, edit func(string) string) string {
	t.Helper()
	return edit(shipped(t, "messaging-systems.yaml"))
}

// Lesson is the lesson's scenario, computed.
func Lesson(t testing.TB) Computed {
	t.Helper()
	return Compute(t, "scenarios/messaging-systems.yaml", shipped(t, "messaging-systems.yaml"))
}

// Lab is the Day 24 lab's scenario, computed.
func Lab(t testing.TB) Computed {
	t.Helper()
	return Compute(t, "scenarios/day-24-partitions.yaml", shipped(t, "day-24-partitions.yaml"))
}

// Rebalances is the third page's scenario, computed.
func Rebalances(t testing.TB) Computed {
	t.Helper()
	return Compute(t, "scenarios/rebalances.yaml", shipped(t, "rebalances.yaml"))
}

// Shipped is every scenario the repository ships (scenarios/*.yaml),
// computed, in the order of their names.
func Shipped(t testing.TB) []Computed {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Root, "scenarios", "*.yaml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no shipped scenarios (%v)", err)
	}
	var out []Computed
	for _, f := range files {
		if name := filepath.Base(f); name != scenarios.SiteFile {
			out = append(out, Compute(t, "scenarios/"+name, shipped(t, name)))
		}
	}
	return out
}

// shipped is the text of a scenario file the repository ships.
func shipped(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(Root, "scenarios", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// BigGrid is a grid of every key against 64 partition and 64 consumer
// counts: 16,384 combinations.
func BigGrid(t testing.TB) Computed {
	counts := make([]string, 64)
	for i := range counts {
		counts[i] = strconv.Itoa(i + 1)
	}
	axis := "[" + strings.Join(counts, ", ") + "]"
	return Compute(t, "big-grid.yaml", "title: Big grid\nsource: {subscribers: 200}\ncells:\n"+
		"  - grid: {id: g, keys: [subscriber, record, period, none], partitions: "+axis+", consumers: "+axis+"}\n")
}
