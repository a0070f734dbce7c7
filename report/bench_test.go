package report

import (
	"io"
	"testing"
)

// BenchmarkPage measures the render work of the lesson's page, its results
// computed beforehand: Markdown templates, tables, charts and narrative.
func BenchmarkPage(b *testing.B) { benchPage(b, lesson(b)) }

// BenchmarkLabPage measures the same for the Day 24 lab's page.
func BenchmarkLabPage(b *testing.B) { benchPage(b, lab(b)) }

func benchPage(b *testing.B, nb Notebook) {
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
