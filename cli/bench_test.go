package cli

import (
	"testing"
	"time"

	"github.com/partlab/partlab/scenarios/load"
	"github.com/partlab/partlab/sim"
)

// BenchmarkVersusLessonPython runs the lesson's grid, deviation table and
// closing lines at 20,000 subscribers (240,000 readings) in the lesson's own
// Python code once, then in the engine, and reports both side by side.
func BenchmarkVersusLessonPython(b *testing.B) {
	p := lessonParams{20260218, 20_000, 12, []int{1, 2, 4, 8}, 4,
		[][2]any{{"subscriber", 4}, {"record", 4}, {"period", 2}, {"period", 4}}, 4, nil}
	code := lessonCode(b, p)
	start := time.Now()
	runPython(b, code)
	python := time.Since(start)

	s, err := load.Scenario(scenarioFor(b, p))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := sim.Run(b.Context(), s.Source, s.SimCells()); err != nil {
			b.Fatal(err)
		}
	}
	perOp := b.Elapsed() / time.Duration(b.N)
	b.ReportMetric(python.Seconds(), "python-s")
	b.ReportMetric(float64(python)/float64(perOp), "times-faster")
}
