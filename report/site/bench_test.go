package site

import (
	"io"
	"path/filepath"
	"testing"

	"github.com/partlab/partlab/report/publish"
)

// BenchmarkSiteFiles measures everything a site renders for the lesson: the
// page, results.json, the CSV and the index, in memory.
func BenchmarkSiteFiles(b *testing.B) {
	s := Site{Notebooks: []Notebook{lesson(b)}, ECharts: fakeECharts}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.files(nil, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// shipped is the site of the two shipped scenarios, with the ECharts build
// partlab embeds.
func shipped(b *testing.B) Site {
	return Site{Notebooks: []Notebook{lesson(b), lab(b)}}
}

// BenchmarkSiteWrite measures a render of the two shipped scenarios' site,
// published over the previous one: rendering, writing, syncing and swapping.
func BenchmarkSiteWrite(b *testing.B) {
	s := shipped(b)
	out := filepath.Join(b.TempDir(), "out")
	b.ReportAllocs()
	for b.Loop() {
		if err := s.Write(out, io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPublish measures the publish alone of that site, rendered once.
func BenchmarkPublish(b *testing.B) {
	site, err := shipped(b).files(nil, nil)
	if err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "out")
	b.ReportAllocs()
	for b.Loop() {
		err := publish.Publisher{Progress: io.Discard}.Update(out, func(string) (publish.Build, error) { return site, nil })
		if err != nil {
			b.Fatal(err)
		}
	}
}
