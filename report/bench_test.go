package report

import (
	"io"
	"testing"
)

// BenchmarkPage measures the render work of the lesson's page, its results
// computed beforehand: Markdown templates, tables, charts and narrative.
func BenchmarkPage(b *testing.B) {
	nb := lesson(b)
	b.ReportAllocs()
	for b.Loop() {
		if err := Page(io.Discard, nb, copied); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSiteFiles measures everything a site renders for the lesson: the
// page, results.json, the CSV and the index, in memory.
func BenchmarkSiteFiles(b *testing.B) {
	s := Site{Notebooks: []Notebook{lesson(b)}, ECharts: fakeECharts}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.files(); err != nil {
			b.Fatal(err)
		}
	}
}
