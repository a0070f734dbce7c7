package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/partlab/partlab/sim"
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

// BenchmarkGridPage measures the render of one grid of every key against
// partition and consumer counts 1…m, per row, so that a render that is not
// linear in the grid's rows shows as a growing ns/row.
func BenchmarkGridPage(b *testing.B) {
	for _, m := range []int{16, 32, 64} {
		b.Run(fmt.Sprintf("grid=%dx%d", m, m), func(b *testing.B) {
			counts := make([]string, m)
			for i := range counts {
				counts[i] = strconv.Itoa(i + 1)
			}
			axis := "[" + strings.Join(counts, ", ") + "]"
			nb := notebook(b, "grid.yaml", "title: Grid\nsource: {subscribers: 200}\ncells:\n"+
				"  - grid: {id: g, keys: [subscriber, record, period, none], partitions: "+axis+", consumers: "+axis+"}\n")
			rows := len(nb.Results.All[0].Result.(*sim.GridResult).Rows)
			b.ReportAllocs()
			for b.Loop() {
				if err := Page(io.Discard, nb, copied); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(rows), "ns/row")
		})
	}
}
